#!/usr/bin/python3
"""Table and plot of bench/cpu/polybench.sh: mdh against PolyBench's loops.

Usage: polybench_report.py RESULTS.tsv TABLE.md PLOT.png MACHINE WARMUP REPS
Each kernel's best baseline is the fastest of clang -O3, Polly and
Polly-parallel on 2 threads; speed is that time over mdh's with 2 threads
(above 1: mdh is faster), scaling mdh's time with 1 thread over 2.
"""
import csv
import math
import sys


def num(s):
    try:
        v = float(s)
        return v if math.isfinite(v) else None
    except (TypeError, ValueError):
        return None


def fmt(v):
    return "n/a" if v is None else f"{v:.2f}"


def main():
    results, table_md, plot_png, machine, warmup, reps = sys.argv[1:7]
    rows = list(csv.DictReader(open(results), delimiter="\t"))
    keys = ("mdh1_ms", "mdh2_ms", "clang_ms", "polly_ms", "polly_par2_ms")
    lines = [f"Machine: {machine}. Median of {reps} calls after {warmup} warm-up calls, ms. "
             "Best: the fastest of clang -O3, Polly and Polly-parallel (2 threads). "
             "Speed: best / mdh 2 threads.", "",
             "| kernel | mdh 1t | mdh 2t | clang -O3 | Polly | Polly-parallel 2t | best | speed | mdh 2t/1t | same numbers |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    speeds, scales = [], []
    for r in rows:
        v = [num(r[k]) for k in keys]
        best = min((x for x in v[2:] if x is not None), default=None)
        speed = best / v[1] if best and v[1] else None
        scale = v[0] / v[1] if v[0] and v[1] else None
        speeds.append(speed or 0)
        scales.append(scale or 0)
        lines.append(f"| {r['kernel']} | " + " | ".join(fmt(x) for x in v)
                     + f" | {fmt(best)} | {fmt(speed)}x | {fmt(scale)}x | "
                     + r["check"] + (f" ({r['note'].strip()})" if r["note"].strip() else "")
                     + " |")
    with open(table_md, "w") as f:
        f.write("\n".join(lines) + "\n")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("polybench_report.py: no matplotlib, no plot", file=sys.stderr)
        return
    names = [r["kernel"] for r in rows]
    x = range(len(rows))
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(max(8, 1.2 * len(rows)), 4))
    a1.bar(list(x), speeds, 0.6)
    a1.set_yscale("log")
    a1.axhline(1.0, color="black", linewidth=0.8)
    a1.set_xticks(list(x))
    a1.set_xticklabels(names, fontsize=7, rotation=45)
    a1.set_ylabel("best of clang/Polly time / mdh 2t time")
    a1.set_title("speed against the best baseline (log)", fontsize=9)
    a2.bar(list(x), scales, 0.6, color="tab:orange")
    a2.axhline(1.0, color="black", linewidth=0.8)
    a2.axhline(1.7, color="gray", linewidth=0.8, linestyle="--")
    a2.set_xticks(list(x))
    a2.set_xticklabels(names, fontsize=7, rotation=45)
    a2.set_ylabel("mdh 1t time / 2t time")
    a2.set_title("mdh with 2 threads over 1", fontsize=9)
    fig.suptitle("PolyBench 4.2 LARGE f32 (" + machine.split(",")[0] + ")", fontsize=9)
    fig.tight_layout()
    fig.savefig(plot_png, dpi=110)


if __name__ == "__main__":
    main()
