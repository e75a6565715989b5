#!/usr/bin/python3
"""Halide 14 (python3-halide, JIT) side of the CPU benchmark (bench/cpu).

The same stages and formulas as the md_hom chains of bench/cpu/*.mlir (and
bench/kernels/{matmul,jacobi3d}.mlir at 512^3 and 128^3), with one of two
schedules:
- plain: every stage compute_root, parallel over the outer dimension,
  vectorized by 8 on the inner one, no fusion (update definitions get the
  same schedule as their pure definition);
- auto: Halide's Mullapudi2016 autoscheduler (the plugin of
  libhalide14-0-dev), which fuses (compute_at per tile, inlining), for the
  machine's thread count (HL_NUM_THREADS), a 256 KiB last-level cache per
  core and a load cost of 40 (Halide's defaults for a CPU).
An mdh memref<A x B x C> (row-major, C innermost) is the Halide buffer (x =
C, y = B, c or z = A).

Usage (HL_NUM_THREADS sets the threads; run.sh runs one process per count):
  halide_bench.py PIPELINE DIR [--warmup N] [--reps N] [--schedule plain|auto]
DIR holds argK.bin as `mdh-run --write-outputs=DIR` writes them (inputs, and
mdh's outputs after the call). Halide reads the inputs from there, runs the
pipeline, and compares its output with mdh's last argument. Prints one line:
  halide PIPELINE threads=T median_ms=M times=t1,t2,... max_abs_err=E
  max_rel_err=R check=ok|MISMATCH
Exit code 1 on a mismatch (|d| > 1e-4 + 1e-4 |mdh|, mdh-run's f32 tolerance).
"""
import os
import sys
import time

import halide as hl
import numpy as np

x, y, c = hl.Var("x"), hl.Var("y"), hl.Var("c")
F32 = hl.f32


def load(d, k, shape):
    """argK.bin of DIR as a C-order float32 array of `shape`."""
    a = np.fromfile(os.path.join(d, f"arg{k}.bin"), dtype="<f4")
    assert a.size == int(np.prod(shape)), (k, a.size, shape)
    return a.reshape(shape)


_KEEP = []  # the arrays that Halide buffers alias (hl.Buffer holds no reference)
SCHEDULE = {"auto": False}  # the autoscheduler schedules instead of plain*()


def hbuf(a):
    """A Halide buffer aliasing the C-order array a, innermost axis first."""
    _KEEP.append(a)
    return hl.Buffer(a.T)


def plain2(*funcs):
    """compute_root, parallel(y), vectorize(x, 8) on every (update) stage."""
    if SCHEDULE["auto"]:
        return
    for f in funcs:
        f.compute_root().parallel(y).vectorize(x, 8)
        for u in range(f.num_update_definitions()):
            f.update(u).parallel(y).vectorize(x, 8)


def plain3(*funcs):
    """3-D stages (x, y, c): the outer dimensions c and y fused into one
    parallel loop over the 3*H rows (c alone has only 3 iterations)."""
    if SCHEDULE["auto"]:
        return
    for f in funcs:
        yc = hl.Var(f.name() + "_yc")
        f.compute_root().fuse(y, c, yc).parallel(yc).vectorize(x, 8)


def blur(d):
    a_in = load(d, 0, (4098, 4098))
    inp = hbuf(a_in)
    third = F32(0.333333343)
    bx, out = hl.Func("bx"), hl.Func("out")
    bx[x, y] = (inp[x, y] + inp[x + 1, y] + inp[x + 2, y]) * third
    out[x, y] = (bx[x, y] + bx[x, y + 1] + bx[x, y + 2]) * third
    plain2(bx, out)
    return out, (4096, 4096), load(d, 1, (4096, 4096))


def unsharp(d):
    inp = hbuf(load(d, 0, (3, 2052, 2052)))
    w0, w1, w2 = F32(0.0625), F32(0.25), F32(0.375)
    bx, by, out = hl.Func("bx"), hl.Func("by"), hl.Func("out")
    bx[x, y, c] = (inp[x, y, c] * w0 + inp[x + 1, y, c] * w1 + inp[x + 2, y, c] * w2
                   + inp[x + 3, y, c] * w1 + inp[x + 4, y, c] * w0)
    by[x, y, c] = (bx[x, y, c] * w0 + bx[x, y + 1, c] * w1 + bx[x, y + 2, c] * w2
                   + bx[x, y + 3, c] * w1 + bx[x, y + 4, c] * w0)
    out[x, y, c] = inp[x + 2, y + 2, c] * F32(2.0) - by[x, y, c]
    plain3(bx, by, out)
    return out, (3, 2048, 2048), load(d, 1, (3, 2048, 2048))


def harris(d):
    inp = hbuf(load(d, 0, (3, 2052, 2052)))
    m1, p1, m2, p2 = F32(-0.0833), F32(0.0833), F32(-0.1667), F32(0.1667)
    g, ix, iy = hl.Func("gray"), hl.Func("Ix"), hl.Func("Iy")
    ixx, iyy, ixy = hl.Func("Ixx"), hl.Func("Iyy"), hl.Func("Ixy")
    sxx, syy, sxy = hl.Func("Sxx"), hl.Func("Syy"), hl.Func("Sxy")
    out = hl.Func("out")
    g[x, y] = inp[x, y, 0] * F32(0.299) + inp[x, y, 1] * F32(0.587) + inp[x, y, 2] * F32(0.114)
    ix[x, y] = (g[x, y] * m1 + g[x + 2, y] * p1 + g[x, y + 1] * m2
                + g[x + 2, y + 1] * p2 + g[x, y + 2] * m1 + g[x + 2, y + 2] * p1)
    iy[x, y] = (g[x, y] * m1 + g[x, y + 2] * p1 + g[x + 1, y] * m2
                + g[x + 1, y + 2] * p2 + g[x + 2, y] * m1 + g[x + 2, y + 2] * p1)
    ixx[x, y] = ix[x, y] * ix[x, y]
    iyy[x, y] = iy[x, y] * iy[x, y]
    ixy[x, y] = ix[x, y] * iy[x, y]

    def box(f):
        e = f[x, y]
        for a in range(3):
            for b in range(3):
                if a or b:
                    e = e + f[x + b, y + a]
        return e

    sxx[x, y] = box(ixx)
    syy[x, y] = box(iyy)
    sxy[x, y] = box(ixy)
    det = sxx[x, y] * syy[x, y] - sxy[x, y] * sxy[x, y]
    trace = sxx[x, y] + syy[x, y]
    out[x, y] = det - F32(0.04) * trace * trace
    plain2(g, ix, iy, ixx, iyy, ixy, sxx, syy, sxy, out)
    return out, (2048, 2048), load(d, 1, (2048, 2048))


def convchain(d):
    inp = hbuf(load(d, 0, (2052, 2052)))
    w = hbuf(load(d, 1, (5, 5)))
    q, conv, out = hl.Func("quantize"), hl.Func("conv"), hl.Func("relu")
    r = hl.RDom([(0, 5), (0, 5)])
    q[x, y] = hl.floor(inp[x, y] * F32(16.0)) * F32(0.0625)
    conv[x, y] = F32(0.0)
    conv[x, y] += q[x + r.x, y + r.y] * w[r.x, r.y]
    out[x, y] = hl.max(conv[x, y], F32(0.0))
    plain2(q, conv, out)
    return out, (2048, 2048), load(d, 2, (2048, 2048))


def matmul(d):
    a = hbuf(load(d, 0, (512, 512)))
    b = hbuf(load(d, 1, (512, 512)))
    k = hl.RDom([(0, 512)])
    cm = hl.Func("matmul")
    cm[x, y] = F32(0.0)
    cm[x, y] += a[k.x, y] * b[x, k.x]
    plain2(cm)
    return cm, (512, 512), load(d, 2, (512, 512))


def jacobi3d(d):
    xin = hbuf(load(d, 0, (130, 130, 130)))
    z = c  # the outer dimension (mdh's i)
    f = hl.Func("jacobi3d")
    f[x, y, z] = F32(0.142857) * (
        xin[x, y + 1, z + 1] + xin[x + 2, y + 1, z + 1] + xin[x + 1, y, z + 1]
        + xin[x + 1, y + 2, z + 1] + xin[x + 1, y + 1, z] + xin[x + 1, y + 1, z + 2]
        + xin[x + 1, y + 1, z + 1])
    if not SCHEDULE["auto"]:
        f.compute_root().parallel(z).vectorize(x, 8)
    return f, (128, 128, 128), load(d, 1, (128, 128, 128))


PIPELINES = {"blur": blur, "unsharp": unsharp, "harris": harris,
             "convchain": convchain, "matmul": matmul, "jacobi3d": jacobi3d}


AUTOSCHEDULER = "/usr/lib/x86_64-linux-gnu/halide14/libautoschedule_mullapudi2016.so"


def autoschedule(p, out_func, shape, target):
    """Mullapudi2016 for the output's extents (innermost first)."""
    hl.load_plugin(AUTOSCHEDULER)
    out_func.set_estimates([hl.Range(0, n) for n in reversed(shape)])
    threads = int(os.environ.get("HL_NUM_THREADS", os.cpu_count() or 1))
    p.auto_schedule("Mullapudi2016", target, hl.MachineParams(threads, 256 * 1024, 40))


def main(argv):
    warmup, reps, schedule = 1, 7, "plain"
    args = []
    it = iter(argv)
    for a in it:
        if a == "--warmup":
            warmup = int(next(it))
        elif a == "--reps":
            reps = int(next(it))
        elif a == "--schedule":
            schedule = next(it)
        else:
            args.append(a)
    if len(args) != 2 or args[0] not in PIPELINES or schedule not in ("plain", "auto"):
        sys.exit(__doc__)
    name, d = args
    SCHEDULE["auto"] = schedule == "auto"
    out_func, shape, mdh_out = PIPELINES[name](d)
    target = hl.get_jit_target_from_environment()
    p = hl.Pipeline(out_func)
    if SCHEDULE["auto"]:
        autoschedule(p, out_func, shape, target)
    p.compile_jit(target)
    res = np.zeros(shape, np.float32)
    rbuf = hbuf(res)
    times = []
    for i in range(warmup + reps):
        t0 = time.perf_counter()
        p.realize(rbuf)
        t = (time.perf_counter() - t0) * 1e3
        if i >= warmup:
            times.append(t)
    diff = np.abs(res.astype(np.float64) - mdh_out.astype(np.float64))
    ref = np.abs(mdh_out.astype(np.float64))
    max_abs = float(diff.max())
    rel = np.divide(diff, ref, out=np.where(diff > 0, np.inf, 0.0), where=ref > 0)
    max_rel = float(rel.max())
    ok = bool(np.all(diff <= 1e-4 + 1e-4 * ref)) and bool(np.all(np.isfinite(res)))
    print(f"halide {name} schedule={schedule} "
          f"threads={os.environ.get('HL_NUM_THREADS', 'default')} "
          f"median_ms={float(np.median(times)):.4f} "
          f"times={','.join(f'{t:.4f}' for t in times)} "
          f"max_abs_err={max_abs:.3g} max_rel_err={max_rel:.3g} "
          f"check={'ok' if ok else 'MISMATCH'} target={target}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
