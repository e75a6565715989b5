#!/usr/bin/python3
"""Roofline plot of one GPU benchmark run against the device's measured limits.

Usage: roofline.py RUN_DIR KERNELS.tsv PLOT.png

RUN_DIR is a folder of bench/gpu/results (what bench/gpu/run.sh wrote:
table.md with the mdh kernel times, baselines.txt with mdh-baselines'
lines). KERNELS.tsv (bench/gpu/kernels.tsv) gives each kernel's least bytes
and its flops. The roofs are measured, not the data sheet's: the copy
kernel's bandwidth (read + write) and cuBLAS SGEMM's rate. Each kernel is
a filled point at its arithmetic intensity (flops / least bytes) and the
rate its mdh kernel time gives, with its fastest baseline as a hollow
point at the same intensity; kernels without flops (a histogram, the image
pipelines) are left out. Needs matplotlib (Debian's python3-matplotlib;
bench-only).
"""
import os
import re
import sys

from plot import rows_of


def baselines(path):
    """name -> dict of the key=value fields of baselines.txt."""
    out = {}
    for line in open(path):
        fields = dict(f.split("=", 1) for f in line.split()[1:] if "=" in f)
        if line.startswith("baseline ") and "name" in fields:
            out[fields["name"]] = fields
    return out


def kernels(path):
    """name -> (bytes, flops) of kernels.tsv."""
    out = {}
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        f = line.split()
        out[f[0]] = (float(f[3]), float(f[4]))
    return out


def number(s):
    m = re.match(r"([0-9.]+)", s or "")
    return float(m.group(1)) if m else None


def main(argv):
    if len(argv) != 4:
        sys.stderr.write(__doc__)
        return 1
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows, device = rows_of(os.path.join(argv[1], "table.md"))
    base = baselines(os.path.join(argv[1], "baselines.txt"))
    sizes = kernels(argv[2])
    if "copy_kernel" not in base or "sgemm" not in base:
        sys.stderr.write("roofline.py: %s lacks the copy_kernel or sgemm "
                         "baseline (the roofs)\n" % argv[1])
        return 1
    bandwidth = float(base["copy_kernel"]["gbps"])
    peak = float(base["sgemm"]["gflops"])
    fig, ax = plt.subplots(figsize=(8, 5))
    ai = [10 ** (k / 10.0) for k in range(-20, 31)]
    ax.plot(ai, [min(bandwidth * x, peak) for x in ai], color="black",
            linewidth=1)
    ax.text(ai[0], bandwidth * ai[0] * 1.3,
            "copy kernel %.0f GB/s" % bandwidth, fontsize=8)
    ax.text(ai[-1], peak * 1.08, "cuBLAS SGEMM %.0f GFLOP/s" % peak,
            fontsize=8, ha="right")
    for r in rows:
        name = r["kernel"]
        if name not in sizes or not sizes[name][1]:
            continue
        nbytes, flops = sizes[name]
        x = flops / nbytes
        ms = number(r.get("mdh kernel ms (timer)"))
        if ms:
            p = ax.scatter([x], [flops / ms / 1e6], zorder=3)
            ax.annotate(name, (x, flops / ms / 1e6), fontsize=8,
                        xytext=(4, 4), textcoords="offset points")
            bms = number(r.get("baseline ms"))
            if bms:
                ax.scatter([x], [flops / bms / 1e6], zorder=3,
                           facecolors="none",
                           edgecolors=p.get_facecolor())
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("arithmetic intensity (flops / least bytes)")
    ax.set_ylabel("GFLOP/s")
    ax.set_title(device.split(";")[0].replace("device: ", "roofline, ") +
                 " (filled: mdh, hollow: fastest baseline)", fontsize=10)
    fig.tight_layout()
    fig.savefig(argv[3], dpi=100)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
