#!/usr/bin/python3
"""Table and plot of bench/cpu/kernels.sh: mdh against the libraries.

Usage: kernels_report.py RESULTS.tsv LIMITS.tsv TABLE.md PLOT.png MACHINE
                         WARMUP REPS [MAX_OTHERS]
Speeds are the library's time over mdh's (above 1: mdh is faster); rates
are GFLOP/s for compute-bound kernels (GFLOP column > 0) against the FMA
peak, GB/s for memory-bound ones against the copy bandwidth (LIMITS.tsv,
measured by libs.c in the same run). A time measured while other
processes took more than MAX_OTHERS cores (guard.py) is marked (*).
"""
import csv
import sys


def num(s):
    try:
        v = float(s)
        return v if v == v and v not in (float("inf"), float("-inf")) else None
    except (TypeError, ValueError):
        return None


def fmt(v, digits=2):
    return "n/a" if v is None else f"{v:.{digits}f}"


def ratio(a, b):
    return a / b if a is not None and b is not None and b > 0 else None


def mark(r, key, max_others):
    o = num(r.get(key.replace("_ms", "_others")))
    return f" (*{o:.2f})" if o is not None and o > max_others else ""


def rate(r, ms):
    """GFLOP/s or GB/s of one call taking "ms", and its unit."""
    gflop, gb = num(r["gflop"]) or 0, num(r["gb"]) or 0
    if ms is None:
        return None, ""
    return (gflop / ms * 1e3, "GFLOP/s") if gflop > 0 else (gb / ms * 1e3, "GB/s")


def main():
    results, limits, table_md, plot_png, machine, warmup, reps = sys.argv[1:8]
    max_others = float(sys.argv[8]) if len(sys.argv) > 8 else 0.1
    rounds = int(sys.argv[9]) if len(sys.argv) > 9 else 1
    fastest = (
        f", the fastest such median of {rounds} rounds of mdh and the library in turn"
        if rounds > 1
        else ""
    )
    with open(results) as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    with open(limits) as f:
        lim = {r["threads"]: r for r in csv.DictReader(f, delimiter="\t")}
    peak = {t: num(lim.get(t, {}).get("fma_gflops")) for t in ("1", "2")}
    copy = {t: num(lim.get(t, {}).get("copy_gbs")) for t in ("1", "2")}
    lines = [
        f"Machine: {machine}. Median of {reps} timed calls after {warmup} warm-up "
        f"calls{fastest}, milliseconds per call. FMA peak "
        f"{fmt(peak['1'], 0)} / {fmt(peak['2'], 0)} GFLOP/s and copy bandwidth "
        f"{fmt(copy['1'], 1)} / {fmt(copy['2'], 1)} GB/s (read + write) with 1 / 2 "
        "threads, measured in the same run. Speed: the library's time over mdh's.",
        "",
        "| kernel | size | library | mdh 1t ms | mdh 2t ms | library 1t ms | "
        "library 2t ms | speed vs library 1t, 2t | mdh 2t/1t | mdh rate 1t, 2t | "
        "of peak or copy 1t, 2t | same numbers |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        m1, m2 = num(r["mdh1_ms"]), num(r["mdh2_ms"])
        l1, l2 = num(r["lib1_ms"]), num(r["lib2_ms"])
        (r1, unit), (r2, _) = rate(r, m1), rate(r, m2)
        lim1, lim2 = (peak["1"], peak["2"]) if unit == "GFLOP/s" else (copy["1"], copy["2"])
        cells = [r["kernel"], r["size"], r["library"]]
        cells += [fmt(m1) + mark(r, "mdh1_ms", max_others),
                  fmt(m2) + mark(r, "mdh2_ms", max_others),
                  fmt(l1) + mark(r, "lib1_ms", max_others),
                  fmt(l2) + mark(r, "lib2_ms", max_others)]
        cells.append(f"{fmt(ratio(l1, m1))}, {fmt(ratio(l2, m2))}")
        cells.append(fmt(ratio(m1, m2)) + "x")
        cells.append(f"{fmt(r1, 1)}, {fmt(r2, 1)} {unit}")
        cells.append(f"{fmt(100 * ratio(r1, lim1) if ratio(r1, lim1) else None, 0)}%, "
                     f"{fmt(100 * ratio(r2, lim2) if ratio(r2, lim2) else None, 0)}%")
        cells.append(r["check"] + (f" ({r['note'].strip()})" if r["note"].strip() else ""))
        lines.append("| " + " | ".join(cells) + " |")
    with open(table_md, "w") as f:
        f.write("\n".join(lines) + "\n")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("kernels_report.py: no matplotlib, no plot", file=sys.stderr)
        return
    names = [r["kernel"] for r in rows]
    s1 = [ratio(num(r["lib1_ms"]), num(r["mdh1_ms"])) or 0 for r in rows]
    s2 = [ratio(num(r["lib2_ms"]), num(r["mdh2_ms"])) or 0 for r in rows]
    x = range(len(rows))
    fig, ax = plt.subplots(figsize=(max(6, 1.1 * len(rows)), 4))
    ax.bar([i - 0.2 for i in x], s1, 0.4, label="1 thread")
    ax.bar([i + 0.2 for i in x], s2, 0.4, label="2 threads")
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.axhline(0.8, color="gray", linewidth=0.8, linestyle="--")
    ax.set_xticks(list(x))
    ax.set_xticklabels([f"{n}\n{r['library']}" for n, r in zip(names, rows)],
                       fontsize=7)
    ax.set_ylabel("speed: library time / mdh time")
    ax.set_title("mdh cpu pipeline vs libraries (" + machine.split(",")[0] + ")",
                 fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(plot_png, dpi=110)


if __name__ == "__main__":
    main()
