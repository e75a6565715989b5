#!/usr/bin/python3
"""Draws the compile-time scaling plot from results.json files of run.py.

Usage: /usr/bin/python3 bench/scale/plot.py OUT.png LABEL=results.json...

Log-log: compile seconds (left) and peak resident memory (right) against
the chain length N, one line per result file and pipeline; a compile that
timed out is drawn as a triangle at the time limit (the true time is
higher), the issue's targets as stars (N=256 < 5 s, N=1024 < 30 s) and a
dashed line (1 GiB). Needs matplotlib (Debian: python3-matplotlib); without
it, says so and exits 0 without a plot.
"""
import json
import sys


def main(argv):
    if len(argv) < 2 or argv[0] in ("-h", "--help"):
        sys.stdout.write(__doc__)
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot.py: matplotlib is not installed (Debian: apt-get install "
              "python3-matplotlib; run with /usr/bin/python3): no plot")
        return 0
    out = argv[0]
    runs = []
    for arg in argv[1:]:
        label, _, path = arg.partition("=")
        with open(path) as f:
            runs.append((label, json.load(f)))
    fig, (ax_t, ax_m) = plt.subplots(1, 2, figsize=(11, 4.4))
    styles = {"cpu": "o-", "gpu": "s-"}
    colors = ["tab:red", "tab:blue", "tab:green", "tab:purple"]
    sizes = set()
    for k, (label, data) in enumerate(runs):
        color = colors[k % len(colors)]
        timeout = data["meta"]["timeout"]
        for pipe in ("cpu", "gpu"):
            rows = [r for r in data["results"] if r["pipeline"] == pipe]
            ok = [r for r in rows if r["status"] == 0]
            late = [r for r in rows if r["status"] == "timeout"]
            sizes.update(r["n"] for r in rows)
            if ok:
                ax_t.plot([r["n"] for r in ok], [r["seconds"] for r in ok],
                          styles[pipe], color=color,
                          alpha=1.0 if pipe == "cpu" else 0.6,
                          label=f"{label} {pipe}")
                ax_m.plot([r["n"] for r in ok],
                          [r["maxrss_kib"] / 1024 for r in ok], styles[pipe],
                          color=color, alpha=1.0 if pipe == "cpu" else 0.6,
                          label=f"{label} {pipe}")
            if late:
                ax_t.plot([r["n"] for r in late], [timeout] * len(late), "^",
                          color=color, markersize=9,
                          label=f"{label} {pipe}: timeout (> {timeout:g} s)")
    ax_t.plot([256, 1024], [5, 30], "*", color="black", markersize=12,
              label="targets (256: 5 s, 1024: 30 s)")
    ax_m.axhline(1024, linestyle="--", color="black", label="target: 1 GiB")
    for ax, what in ((ax_t, "compile time (s)"), (ax_m, "peak memory (MiB)")):
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xticks(sorted(sizes))
        ax.set_xticklabels([str(n) for n in sorted(sizes)])
        ax.set_xlabel("md_homs in the chain (N)")
        ax.set_ylabel(what)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    ax_t.set_title("mdh-opt, cpu and gpu pipelines")
    ax_m.set_title("peak resident memory")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(f"plot.py: wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
