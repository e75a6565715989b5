#!/usr/bin/python3
"""Prints a chain of N stages of a 3-tap vertical blur on 2048 x 2048 f32
(each stage reads the one before at rows i, i+1, i+2; the input carries the
2N rows of halo), for the compile time of mdh-tile-fuse against the number
of stages (bench/cpu/README.md, "Compile time").

Usage: chain.py N > chain.mlir   (entry @chain)
"""
import sys


def main(argv):
    if len(argv) != 1 or not argv[0].isdigit() or int(argv[0]) < 1:
        sys.exit(__doc__)
    n, w = int(argv[0]), 2048
    rows = [w + 2 * (n - k) for k in range(n + 1)]  # rows of stage k's input
    out = ["func.func private @avg3(%a: f32, %b: f32, %c: f32) -> f32 {",
           "  %third = arith.constant 0.333333343 : f32",
           "  %s1 = arith.addf %a, %b : f32",
           "  %s2 = arith.addf %s1, %c : f32",
           "  %r = arith.mulf %s2, %third : f32",
           "  return %r : f32",
           "}",
           f"func.func @chain(%in: memref<{rows[0]}x{w}xf32>, "
           f"%out: memref<{rows[n]}x{w}xf32>) {{"]
    src = "%in"
    for k in range(1, n + 1):
        t = f"memref<{rows[k]}x{w}xf32>"
        dst = "%out" if k == n else f"%t{k}"
        if k < n:
            out.append(f"  {dst} = memref.alloc() : {t}")
        out += [
            f'  %v{k} = "mdh.inp_view"({src}) {{accesses = [affine_map<(i, j) -> (i, j)>, '
            f"affine_map<(i, j) -> (i + 1, j)>, affine_map<(i, j) -> (i + 2, j)>]}}",
            f"      : (memref<{rows[k - 1]}x{w}xf32>) -> !mdh.mda<array<i64: {rows[k]}, {w}>>",
            f'  %r{k} = "mdh.md_hom"(%v{k}) {{scalar_function = @avg3, '
            "combine_ops = [#mdh.cc, #mdh.cc]}",
            f"      : (!mdh.mda<array<i64: {rows[k]}, {w}>>) -> !mdh.mda<array<i64: {rows[k]}, {w}>>",
            f'  "mdh.out_view"(%r{k}, {dst}) {{accesses = [affine_map<(i, j) -> (i, j)>], '
            "components = array<i64: 0>}",
            f"      : (!mdh.mda<array<i64: {rows[k]}, {w}>>, {t}) -> ()"]
        src = dst
    for k in range(1, n):
        out.append(f"  memref.dealloc %t{k} : memref<{rows[k]}x{w}xf32>")
    out += ["  return", "}"]
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1:])
