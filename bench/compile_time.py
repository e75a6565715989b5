#!/usr/bin/env python3
"""Compile-time benchmark of mdh-schedule (a benchmark, not a test).

Measures the wall time of `mdh-opt --mdh-schedule` (best of N runs, the
process start-up included and reported separately as `mdh-opt` on an empty
module) for every example and for chains of 1..32 md_homs, each consuming
the previous one's result through a memref.alloc buffer, and prints a
Markdown table (bench/README.md keeps the last one).

Usage: bench/compile_time.py [BUILD_DIR] [--runs N]
       bench/compile_time.py --emit-chain N SIZE   (prints the chain module)
"""
import glob
import re
import os
import subprocess
import sys
import tempfile
import time

def best_time(mdh_opt, runs, path, passes):
    best = None
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([mdh_opt] + passes + [path], check=True,
                       stdout=subprocess.DEVNULL)
        t = time.perf_counter() - t0
        best = t if best is None else min(best, t)
    return best * 1e3


def scheduler_of(mdh_opt, path):
    """How mdh-schedule found the schedule (its mdh.scheduler attribute)."""
    out = subprocess.run([mdh_opt, "--mdh-schedule", path], check=True,
                         capture_output=True, text=True).stdout
    found = re.findall(r'mdh.scheduler = "([^"]*)"', out)
    return ", ".join(sorted(set(found))) or "-"


def chain(n, size=64):
    """A chain of n md_homs: b_{k+1}[i][j] = b_k[j][i] * b_k[i][j] over
    size x size matrices, alternating a transposed access, then a row sum."""
    lines = ["func.func private @mul(%a: f32, %b: f32) -> f32 {",
             "  %p = arith.mulf %a, %b : f32", "  return %p : f32", "}",
             "func.func private @id(%a: f32) -> f32 {", "  return %a : f32", "}",
             f"func.func @chain(%b0: memref<{size}x{size}xf32>, %out: memref<{size}xf32>) {{"]
    t = f"memref<{size}x{size}xf32>"
    mda = f"!mdh.mda<array<i64: {size}, {size}>>"
    for k in range(n - 1):
        lines.append(f"  %b{k+1} = memref.alloc() : {t}")
        lines.append(f"  %v{k} = \"mdh.inp_view\"(%b{k}) {{accesses = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>]}} : ({t}) -> {mda}")
        lines.append(f"  %r{k} = \"mdh.md_hom\"(%v{k}) {{scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc]}} : ({mda}) -> {mda}")
        lines.append(f"  \"mdh.out_view\"(%r{k}, %b{k+1}) {{accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}} : ({mda}, {t}) -> ()")
    last = n - 1
    red = f"!mdh.mda<array<i64: {size}, 1>>"
    lines.append(f"  %v{last} = \"mdh.inp_view\"(%b{last}) {{accesses = [affine_map<(i, j) -> (i, j)>]}} : ({t}) -> {mda}")
    lines.append(f"  %r{last} = \"mdh.md_hom\"(%v{last}) {{scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<\"add\">]}} : ({mda}) -> {red}")
    lines.append(f"  \"mdh.out_view\"(%r{last}, %out) {{accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 0>}} : ({red}, memref<{size}xf32>) -> ()")
    for k in range(1, n):
        lines.append(f"  memref.dealloc %b{k} : {t}")
    lines += ["  return", "}"]
    return "\n".join(lines) + "\n"


def main(argv):
    build, runs = "build", 5
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--runs":
            runs = int(args.pop(0))
        elif a == "--emit-chain":
            sys.stdout.write(chain(int(args.pop(0)), int(args.pop(0))))
            return
        else:
            build = a
    mdh_opt = os.path.join(build, "bin", "mdh-opt")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    report(mdh_opt, runs, root)


def report(mdh_opt, runs, root):
  with tempfile.TemporaryDirectory() as tmp:
    empty = os.path.join(tmp, "empty.mlir")
    open(empty, "w").write("")
    base = best_time(mdh_opt, runs, empty, [])
    print(f"Best of {runs} runs, wall time in ms, process start-up included "
          f"(mdh-opt on an empty module: {base:.1f} ms).\n")
    print("| example | mdh-verify | mdh-schedule | mdh.scheduler |")
    print("|---|---|---|---|")
    for path in sorted(glob.glob(os.path.join(root, "examples", "*.mlir"))):
        name = os.path.basename(path)[:-5]
        v = best_time(mdh_opt, runs, path, ["--mdh-verify"])
        s = best_time(mdh_opt, runs, path, ["--mdh-schedule"])
        print(f"| {name} | {v:.1f} | {s:.1f} | {scheduler_of(mdh_opt, path)} |")
    print("\n| chain length (md_homs) | mdh-verify | mdh-schedule | schedule minus verify | mdh.scheduler |")
    print("|---|---|---|---|---|")
    for n in (1, 2, 4, 8, 16, 32):
        path = os.path.join(tmp, f"chain{n}.mlir")
        open(path, "w").write(chain(n))
        v = best_time(mdh_opt, runs, path, ["--mdh-verify"])
        s = best_time(mdh_opt, runs, path, ["--mdh-schedule"])
        print(f"| {n} | {v:.1f} | {s:.1f} | {s - v:.1f} | {scheduler_of(mdh_opt, path)} |")


if __name__ == "__main__":
    main(sys.argv[1:])
