"""Runs every entry of strided.mlir through mdh-run on inputs made here and
checks every element of every argument with Python's arithmetic: the
elements of the views as the entry computes them, all others unchanged.
The inputs are multiples of 1/4 in [-2, 2], so every sum and product is
exact in f32 and the check is equality.

Usage: check_strided.py MDH-RUN FILE PIPELINE WORKDIR"""
import os
import struct
import subprocess
import sys


def values(shape, salt):
    n = 1
    for s in shape:
        n *= s
    return [((h * 37 + salt * 11) % 17 - 8) / 4 for h in range(n)]


def at(shape, *idx):
    lin = 0
    for i, s in zip(idx, shape):
        lin = lin * s + i
    return lin


def rows(A, o):
    for i in range(4):
        o[3 + 3 * i] = sum(A[at((9, 11), 1 + 2 * i, 2 + 2 * k)] for k in range(5))


def scale(A, B):
    for i in range(3):
        for j in range(5):
            B[at((6, 10), 2 + i, 1 + 2 * j)] = 2 * A[at((7, 9), 3 + i, 4 + j)]


def dot(x, y, d):
    d[2] = sum(x[1 + 2 * k] * y[k] for k in range(19))


def args(A, B):
    for j in range(4):
        B[1 + 2 * j] = sum(A[at((8, 8), 2 + i, 2 + j)] for i in range(4))


def mm(A, B, C):
    for i in range(12):
        for j in range(8):
            C[at((14, 10), 1 + i, 1 + j)] = sum(
                A[at((20, 16), 2 + i, 4 + k)] * B[at((8, 17), k, 1 + 2 * j)]
                for k in range(8))


def dyn(A, B):
    B[5] = sum(A[at((8, 8), 2 + i, 1 + 2 * j)] for i in range(4) for j in range(4))


ENTRIES = {
    "rows": (rows, [(9, 11), (20,)]),
    "scale": (scale, [(7, 9), (6, 10)]),
    "dot": (dot, [(40,), (19,), (4,)]),
    "args": (args, [(8, 8), (9,)]),
    "mm": (mm, [(20, 16), (8, 17), (14, 10)]),
    "dyn": (dyn, [(8, 8), (9,)]),
}


def write(path, v):
    with open(path, "wb") as f:
        f.write(struct.pack("<%df" % len(v), *v))


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    return list(struct.unpack("<%df" % (len(data) // 4), data))


def check(mdh_run, mlir, pipeline, work, name):
    fn, shapes = ENTRIES[name]
    ins, outs = os.path.join(work, name, "in"), os.path.join(work, name, "out")
    os.makedirs(ins, exist_ok=True)
    os.makedirs(outs, exist_ok=True)
    want = [values(s, k + 1) for k, s in enumerate(shapes)]
    for k, v in enumerate(want):
        write(os.path.join(ins, "arg%d.bin" % k), v)
    subprocess.run([mdh_run, mlir, "--entry=" + name, "--pipeline=" + pipeline,
                    "--read-inputs=" + ins, "--write-outputs=" + outs],
                   check=True, stdout=subprocess.DEVNULL)
    fn(*want)
    bad = [(k, i) for k, v in enumerate(want)
           for i, (g, w) in enumerate(zip(read(os.path.join(outs, "arg%d.bin" % k)), v))
           if g != w]
    print("%s: %s" % (name, "ok" if not bad else "FAIL at (arg, element) %s" % bad[:4]))
    return not bad


mdh_run, mlir, pipeline, work = sys.argv[1:5]
ok = [check(mdh_run, mlir, pipeline, work, name) for name in ENTRIES]
sys.exit(0 if all(ok) else 1)
