"""Turns bench/linalg/run.sh's results.tsv into a markdown table and a plot.

Usage: report.py RESULTS.tsv TABLE.md PLOT.png

Rows: program and variant (entry: mdh = written as md_homs, linalg = raised
C += ..., linalg_fill = raised after a zero fill, *_reassoc = allowed to
reassociate (one accumulating md_hom), *_dyn = dynamic shapes);
columns: ms at 1 and 2 threads on the mdh cpu pipeline, the ratio to the
md_hom form of the same program at each thread count, and upstream's
lowering of the same linalg at 1 thread. The plot draws the ratios.
"""
import sys

rows = {}
order = []
for line in open(sys.argv[1]):
    prog, entry, how, threads, ms = line.rstrip("\n").split("\t")
    key = (prog, entry)
    if key not in rows:
        rows[key] = {}
        order.append(key)
    rows[key][(how, threads)] = float(ms)

base = {prog: rows[(prog, "mdh")] for prog, entry in order if entry == "mdh"}
lines = ["| program | variant | 1 thread (ms) | 2 threads (ms) | vs md_hom, 1 / 2 threads | upstream lowering, 1 thread (ms) |",
         "|---|---|---|---|---|---|"]
ratios = []
for prog, entry in order:
    r = rows[(prog, entry)]
    b = base.get(prog, {})
    one, two = r.get(("mdh", "1")), r.get(("mdh", "2"))
    q1 = one / b[("mdh", "1")] if b and one else None
    q2 = two / b[("mdh", "2")] if b and two else None
    up = r.get(("upstream", "1"))
    lines.append("| %s | %s | %.2f | %.2f | %s | %s |" % (
        prog, entry, one, two,
        "-" if entry == "mdh" else "%.2fx / %.2fx" % (q1, q2),
        ("%.0f" % up if up >= 10 else "%.1f" % up) if up else "-"))
    if entry != "mdh":
        ratios.append(("%s\n%s" % (prog.split(",")[0], entry), q1, q2))
open(sys.argv[2], "w").write("\n".join(lines) + "\n")

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("report.py: no matplotlib; no plot", file=sys.stderr)
    sys.exit(0)
fig, ax = plt.subplots(figsize=(10, 4.5))
x = range(len(ratios))
ax.bar([i - 0.2 for i in x], [r[1] for r in ratios], 0.4, label="1 thread")
ax.bar([i + 0.2 for i in x], [r[2] for r in ratios], 0.4, label="2 threads")
ax.axhline(1.0, color="black", linewidth=0.8)
ax.axhline(1.1, color="red", linewidth=0.8, linestyle="--", label="1.1x")
ax.set_xticks(list(x))
ax.set_xticklabels([r[0] for r in ratios], fontsize=7)
ax.set_ylabel("time / time of the md_hom form")
ax.set_title("raised linalg on the mdh cpu pipeline (lower is better)")
ax.legend()
fig.tight_layout()
fig.savefig(sys.argv[3], dpi=100)
