#!/usr/bin/python3
"""Bar plot of one GPU benchmark run (the table.md that bench/gpu/run.sh writes).

Usage: plot.py TABLE.md PLOT.png
Per kernel, two bars: the mdh kernel's share of the fastest baseline's time
(baseline ms / mdh ms) and, for memory-bound kernels, its share of the
measured copy bandwidth; the targets of bench/README.md are drawn as marks.
Needs matplotlib (Debian's python3-matplotlib; bench-only).
"""
import re
import sys


def rows_of(path):
    """The kernel rows of TABLE.md as dicts, and the first line (device)."""
    lines = open(path).read().splitlines()
    header = None
    rows = []
    for line in lines:
        if not line.startswith("|"):
            if header is not None:
                break  # the kernels' table ends; other tables follow
            continue
        if line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if header is None:
            header = cells
        else:
            rows.append(dict(zip(header, cells)))
    return rows, lines[0] if lines else ""


def percent(s):
    m = re.match(r"([0-9.]+)%", s or "")
    return float(m.group(1)) if m else None


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 1
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows, device = rows_of(argv[1])
    names = [r["kernel"] for r in rows]
    base = [percent(r["% of baseline"]) or 0 for r in rows]
    copy = [percent(r["% of copy bandwidth"]) or 0 for r in rows]
    x = range(len(rows))
    fig, ax = plt.subplots(figsize=(max(8, 0.35 * len(names) + 2), 4.5))
    ax.bar([i - 0.2 for i in x], base, 0.4, label="% of the vendor/CUDA baseline's speed")
    ax.bar([i + 0.2 for i in x], copy, 0.4, label="% of copy bandwidth (memory-bound)")
    ax.axhline(70, color="gray", linestyle="--", linewidth=1)
    ax.text(len(rows) - 0.5, 71, "70% target", ha="right", fontsize=8, color="gray")
    ax.set_xticks(list(x))
    ax.set_xticklabels(names, rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("%")
    ax.set_title(device.split(";")[0].replace("device: ", "mdh gpu pipeline on "))
    ax.legend(fontsize=8, loc="upper right")
    fig.tight_layout()
    fig.savefig(argv[2], dpi=100)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
