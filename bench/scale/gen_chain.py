#!/usr/bin/env python3
"""Generates a chain of N md_homs for the compile-time scaling benchmark.

Usage: bench/scale/gen_chain.py N [--rows R] [--cols C] > chain.mlir

The links cycle through three kinds (link k, k = 0..N-1):
  k % 3 == 0  element-wise: t'[i,j] = 2 * t[i,j], or, right after a row
              reduction, t'[i,j] = t[i,j] * r[i] (r read broadcast);
  k % 3 == 1  2-point stencil: t'[i,j] = t[i,j] + t[i,j+1]; its domain has
              one column less than its input, so the chain's buffers shrink
              by one column per stencil (the input has C + S columns, S the
              number of stencils, and the last buffers have C: R x C is
              256 x 256 by default; the verifier rejects out-of-bounds reads);
  k % 3 == 2  row reduction: r[i] = sum_j t[i,j] (the next element-wise link
              reads both t and r).
Every link writes a fresh memref.alloc buffer (deallocated at the end) but
the last, which writes the function's output %y (R x C, or R for a row
reduction).
"""
import sys


def chain(n, rows=256, cols=256):
    stencils = sum(1 for k in range(n) if k % 3 == 1)
    c = cols + stencils  # columns of the current 2-D buffer
    out = []
    emit = out.append
    emit("func.func private @twice(%a: f32) -> f32 {")
    emit("  %c = arith.constant 2.0 : f32")
    emit("  %p = arith.mulf %a, %c : f32")
    emit("  return %p : f32")
    emit("}")
    emit("func.func private @mul(%a: f32, %b: f32) -> f32 {")
    emit("  %p = arith.mulf %a, %b : f32")
    emit("  return %p : f32")
    emit("}")
    emit("func.func private @add(%a: f32, %b: f32) -> f32 {")
    emit("  %p = arith.addf %a, %b : f32")
    emit("  return %p : f32")
    emit("}")
    emit("func.func private @id(%a: f32) -> f32 {")
    emit("  return %a : f32")
    emit("}")
    # The output's type: what the last link writes.
    last = (n - 1) % 3
    c_last = cols
    out_t = f"memref<{rows}xf32>" if last == 2 else f"memref<{rows}x{c_last}xf32>"
    emit(f"func.func @chain(%x: memref<{rows}x{c}xf32>, %y: {out_t}) {{")
    body, allocs = [], []
    cur = "%x"
    red = None  # the row-sum buffer the next element-wise link reads
    for k in range(n):
        kind = k % 3
        is_last = k == n - 1
        t2 = f"memref<{rows}x{c}xf32>"
        if kind == 0:
            dom = f"!mdh.mda<array<i64: {rows}, {c}>>"
            dst = "%y" if is_last else f"%t{k}"
            if not is_last:
                allocs.append((dst, t2))
            if red is None:
                body.append(f'  %v{k} = "mdh.inp_view"({cur}) {{accesses = [affine_map<(i, j) -> (i, j)>]}} : ({t2}) -> {dom}')
                body.append(f'  %r{k} = "mdh.md_hom"(%v{k}) {{scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}} : ({dom}) -> {dom}')
            else:
                body.append(f'  %v{k} = "mdh.inp_view"({cur}) {{accesses = [affine_map<(i, j) -> (i, j)>]}} : ({t2}) -> {dom}')
                body.append(f'  %w{k} = "mdh.inp_view"({red}) {{accesses = [affine_map<(i, j) -> (i)>]}} : (memref<{rows}xf32>) -> {dom}')
                body.append(f'  %r{k} = "mdh.md_hom"(%v{k}, %w{k}) {{scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc]}} : ({dom}, {dom}) -> {dom}')
                red = None
            body.append(f'  "mdh.out_view"(%r{k}, {dst}) {{accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}} : ({dom}, {t2}) -> ()')
            cur = dst
        elif kind == 1:
            dom = f"!mdh.mda<array<i64: {rows}, {c - 1}>>"
            t1 = f"memref<{rows}x{c - 1}xf32>"
            dst = "%y" if is_last else f"%t{k}"
            if not is_last:
                allocs.append((dst, t1))
            body.append(f'  %v{k} = "mdh.inp_view"({cur}) {{accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 1)>]}} : ({t2}) -> {dom}')
            body.append(f'  %r{k} = "mdh.md_hom"(%v{k}) {{scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}} : ({dom}) -> {dom}')
            body.append(f'  "mdh.out_view"(%r{k}, {dst}) {{accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}} : ({dom}, {t1}) -> ()')
            c -= 1
            cur = dst
        else:
            dom = f"!mdh.mda<array<i64: {rows}, {c}>>"
            rdom = f"!mdh.mda<array<i64: {rows}, 1>>"
            dst = "%y" if is_last else f"%s{k}"
            if not is_last:
                allocs.append((dst, f"memref<{rows}xf32>"))
            body.append(f'  %v{k} = "mdh.inp_view"({cur}) {{accesses = [affine_map<(i, j) -> (i, j)>]}} : ({t2}) -> {dom}')
            body.append(f'  %r{k} = "mdh.md_hom"(%v{k}) {{scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]}} : ({dom}) -> {rdom}')
            body.append(f'  "mdh.out_view"(%r{k}, {dst}) {{accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 0>}} : ({rdom}, memref<{rows}xf32>) -> ()')
            red = dst
    assert c == cols, (c, cols)
    for name, t in allocs:
        emit(f"  {name} = memref.alloc() : {t}")
    out.extend(body)
    for name, t in allocs:
        emit(f"  memref.dealloc {name} : {t}")
    emit("  return")
    emit("}")
    return "\n".join(out) + "\n"


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        sys.stdout.write(__doc__)
        return 0 if argv else 2
    n = int(argv[0])
    rows, cols = 256, 256
    args = argv[1:]
    while args:
        a = args.pop(0)
        if a == "--rows":
            rows = int(args.pop(0))
        elif a == "--cols":
            cols = int(args.pop(0))
        else:
            sys.stderr.write(f"unknown argument {a}\n")
            return 2
    if n < 1:
        sys.stderr.write("N must be at least 1\n")
        return 2
    sys.stdout.write(chain(n, rows, cols))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
