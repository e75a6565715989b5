#!/usr/bin/python3
"""Table and bar plot of the CPU benchmark (called by bench/cpu/run.sh).

Usage: report.py RESULTS.tsv TABLE.md PLOT.png MACHINE WARMUP REPS [MAX_OTHERS]
A time measured while other processes took more than MAX_OTHERS cores on
average (guard.py's others_frac, columns *_others of RESULTS) is marked (*).
The plot uses matplotlib when it is there, else a tiny pure-python PNG
writer (bars only, no text: the table is the reference).
"""
import csv
import math
import struct
import sys
import zlib


def num(s):
    try:
        v = float(s)
        return v if math.isfinite(v) else None
    except ValueError:
        return None


def fmt(v, digits=2):
    return "n/a" if v is None else f"{v:.{digits}f}"


def speedup(v):
    return "n/a" if v is None else f"{v:.2f}x"


def ratio(a, b):
    return a / b if a is not None and b is not None and b > 0 else None


def mark(r, key, max_others):
    o = num(r.get(key.replace("_ms", "_others")) or "")
    return f" (*{o:.2f})" if o is not None and o > max_others else ""


COLS = [("mdh1_ms", "mdh 1t"), ("mdh2_ms", "mdh 2t"),
        ("unfused1_ms", "mdh unfused 1t"), ("unfused2_ms", "mdh unfused 2t"),
        ("auto1_ms", "Halide auto 1t"), ("auto2_ms", "Halide auto 2t"),
        ("halide1_ms", "Halide plain 1t"), ("halide2_ms", "Halide plain 2t")]


def table(rows, machine, warmup, reps, max_others=0.1):
    lines = [
        f"Machine: {machine}. Median of {reps} timed runs after {warmup} warm-up runs, "
        "milliseconds per call of the whole pipeline (intermediate buffers allocated "
        "inside the call on both sides). mdh: the cpu pipeline with mdh-tile-fuse "
        "(the default) and without it (`--fusion=none`); Halide 14: autoscheduled "
        "(Mullapudi2016) and the plain schedule (compute_root, parallel, vectorize).",
        "",
        "| pipeline | size | " + " | ".join(f"{h} ms" for _, h in COLS)
        + " | unfused/fused 1t, 2t | fused/Halide auto 1t, 2t | same numbers |",
        "|---|---|" + "---:|" * len(COLS) + "---:|---:|---|",
    ]
    for r in rows:
        v = {k: num(r.get(k, "")) for k, _ in COLS}
        check = r["check"] + (f" ({r['note'].strip('; ')})" if r["note"] else "")
        cells = " | ".join(f"{fmt(v[k])}{mark(r, k, max_others)}" for k, _ in COLS)
        gain = f"{speedup(ratio(v['unfused1_ms'], v['mdh1_ms']))}, " \
               f"{speedup(ratio(v['unfused2_ms'], v['mdh2_ms']))}"
        vs = f"{fmt(ratio(v['mdh1_ms'], v['auto1_ms']))}, {fmt(ratio(v['mdh2_ms'], v['auto2_ms']))}"
        lines.append(f"| {r['pipeline']} | {r['size']} | {cells} | {gain} | {vs} | {check} |")
    lines += ["", "unfused/fused: the speedup of mdh-tile-fuse. fused/Halide auto > 1: mdh is "
              "slower than the autoscheduled Halide. \"same numbers\": both Halide schedules' "
              "outputs equal mdh's within mdh-run's f32 tolerance (|d| <= 1e-4 + 1e-4 |mdh|) at "
              "both thread counts, and both mdh variants' equal the reference pipeline's. "
              "(*X): measured while other processes took X cores on average (more than "
              f"{max_others}; run.sh retried and kept the quietest attempt): not trustworthy.",
              ""]
    return "\n".join(lines)


SERIES = [("mdh1_ms", "mdh fused, 1 thread", (0.12, 0.47, 0.71)),
          ("mdh2_ms", "mdh fused, 2 threads", (0.62, 0.78, 0.91)),
          ("unfused1_ms", "mdh unfused, 1 thread", (0.20, 0.63, 0.17)),
          ("unfused2_ms", "mdh unfused, 2 threads", (0.70, 0.87, 0.54)),
          ("auto1_ms", "Halide auto, 1 thread", (0.42, 0.24, 0.60)),
          ("auto2_ms", "Halide auto, 2 threads", (0.79, 0.70, 0.84)),
          ("halide1_ms", "Halide plain, 1 thread", (0.85, 0.37, 0.01)),
          ("halide2_ms", "Halide plain, 2 threads", (0.99, 0.73, 0.47))]


def plot_matplotlib(rows, path, machine, max_others=0.1):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [r["pipeline"] for r in rows]
    fig, ax = plt.subplots(figsize=(12, 5.2), dpi=110)
    w = 0.1
    for s, (key, label, color) in enumerate(SERIES):
        vals = [num(r[key]) or 0.0 for r in rows]
        xs = [i + (s - (len(SERIES) - 1) / 2) * w for i in range(len(rows))]
        bars = ax.bar(xs, vals, w, label=label, color=color)
        for b, v, r in zip(bars, vals, rows):
            noisy = bool(mark(r, key, max_others))
            if noisy:
                b.set_hatch("xx")
            ax.annotate((f"{v:.1f}" if v >= 1 else f"{v:.2f}") + ("*" if noisy else ""),
                        (b.get_x() + b.get_width() / 2, v),
                        ha="center", va="bottom", fontsize=6, rotation=90,
                        xytext=(0, 2), textcoords="offset points")
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels([f"{r['pipeline']}\n{r['size'].split(' (')[0]}" for r in rows], fontsize=8)
    ax.set_yscale("log")
    top = max([num(r[k]) or 0.0 for r in rows for k, _, _ in SERIES] + [1.0])
    ax.set_ylim(top=top * 2.5)
    ax.set_ylabel("ms per call (median, log scale)")
    ax.set_title(f"mdh cpu pipeline (with and without mdh-tile-fuse) vs Halide 14 - {machine}\n"
                 "* hatched: other processes busy during the measurement", fontsize=9)
    ax.legend(fontsize=8, ncol=4, loc="upper center", bbox_to_anchor=(0.5, -0.16))
    fig.tight_layout()
    fig.savefig(path)


def write_png(path, width, height, pixels):
    """pixels: rows of (r, g, b) byte triples."""
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in pixels)

    def chunk(tag, data):
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        f.write(chunk(b"IEND", b""))


def plot_plain(rows, path):
    """Grouped bars on a log scale (0.1 ms .. 1000 ms), no text."""
    width, height, margin = 800, 400, 20
    img = [[(255, 255, 255)] * width for _ in range(height)]
    lo, hi = math.log10(0.1), math.log10(1000.0)
    group = (width - 2 * margin) / max(1, len(rows))
    bar = group / (len(SERIES) + 1)
    for g, r in enumerate(rows):
        for s, (key, _, color) in enumerate(SERIES):
            v = num(r[key])
            if not v:
                continue
            h = int((min(max(math.log10(v), lo), hi) - lo) / (hi - lo) * (height - 2 * margin))
            x0 = int(margin + g * group + (s + 0.5) * bar)
            rgb = tuple(int(255 * c) for c in color)
            for yy in range(height - margin - h, height - margin):
                for xx in range(x0, int(x0 + bar) - 1):
                    img[yy][xx] = rgb
    for xx in range(margin, width - margin):
        img[height - margin][xx] = (0, 0, 0)
    write_png(path, width, height, img)


def main(argv):
    results, table_md, png, machine, warmup, reps = argv[:6]
    max_others = float(argv[6]) if len(argv) > 6 else 0.1
    with open(results, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    with open(table_md, "w") as f:
        f.write(table(rows, machine, warmup, reps, max_others))
    try:
        plot_matplotlib(rows, png, machine, max_others)
    except ImportError:
        plot_plain(rows, png)


if __name__ == "__main__":
    main(sys.argv[1:])
