#!/usr/bin/env python3
"""Draws docs/figures/architecture.svg: the data path of mdh-mlir.

Usage: gen-architecture-svg.py [OUT.svg]   (default: the docs file)
Plain SVG text, no dependencies, the same bytes on every run (the lit
suite compares the committed figure with a fresh one).
"""
import os
import sys

# (label, what flows out of it to the next box)
STAGES = [
    ("MDH ops", "mdh.inp_view / md_hom / out_view"),
    ("isl model", "domains, accesses, dependences"),
    ("schedule tree", "mdh.schedule (isl YAML)"),
    ("kernel marks", "kernel: MAPPING per GPU kernel"),
    ("code", "gpu.launch + runtime / scf + OpenMP"),
]
PASSES = [
    "mdh-verify", "lib/model.c", "mdh-schedule", "mdh-map-gpu",
    "mdh-codegen-gpu / -cpu",
]
W, H, BOX_W, BOX_H, GAP = 980, 230, 160, 60, 40


def box(x, y, w, h, text, sub, fill):
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" '
            f'fill="{fill}" stroke="#333"/>\n'
            f'<text x="{x + w / 2:.0f}" y="{y + 26}" text-anchor="middle" '
            f'font-size="15" font-weight="bold">{text}</text>\n'
            f'<text x="{x + w / 2:.0f}" y="{y + 46}" text-anchor="middle" '
            f'font-size="10">{sub}</text>\n')


def arrow(x1, y, x2):
    return (f'<line x1="{x1}" y1="{y}" x2="{x2 - 6}" y2="{y}" stroke="#333" '
            f'stroke-width="2"/>\n<polygon points="{x2},{y} {x2 - 8},{y - 5} '
            f'{x2 - 8},{y + 5}" fill="#333"/>\n')


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    out = argv[1] if len(argv) > 1 else os.path.join(
        here, "..", "docs", "figures", "architecture.svg")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" '
             f'height="{H}" font-family="sans-serif">\n',
             f'<rect width="{W}" height="{H}" fill="white"/>\n',
             '<text x="20" y="28" font-size="17" font-weight="bold">'
             'mdh-mlir: one data path for CPU and GPU</text>\n']
    y = 70
    for i, ((label, sub), p) in enumerate(zip(STAGES, PASSES)):
        x = 20 + i * (BOX_W + GAP)
        parts.append(box(x, y, BOX_W, BOX_H, label, sub,
                         "#dbe9f6" if i % 2 == 0 else "#fbe3c6"))
        parts.append(f'<text x="{x + BOX_W / 2:.0f}" y="{y + BOX_H + 22}" '
                     f'text-anchor="middle" font-size="11" '
                     f'font-style="italic">{p}</text>\n')
        if i + 1 < len(STAGES):
            parts.append(arrow(x + BOX_W, y + BOX_H // 2, x + BOX_W + GAP))
    parts.append('<text x="20" y="200" font-size="11">Passes talk only '
                 'through the IR: the schedule tree in the function attribute '
                 'mdh.schedule is the one source of truth from mdh-schedule '
                 'to code, on both targets.</text>\n</svg>\n')
    with open(out, "w") as f:
        f.write("".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
