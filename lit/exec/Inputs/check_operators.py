"""Runs every function of operators.mlir through mdh-run and checks the
reduction (pw) or inclusive scan (ps) with Python's own arithmetic: floats in
IEEE single/double precision, integers wrapping like two's complement."""
import math
import os
import struct
import subprocess
import sys

FORMATS = {"f32": "f", "f64": "d", "i32": "i", "i8": "b"}
BITS = {"i32": 32, "i8": 8}


def wrap(v, t):
    bits = BITS[t]
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def round_float(v, t):
    return struct.unpack("f", struct.pack("f", v))[0] if t == "f32" else v


def combine(op, a, b, t):
    if op in ("min", "max"):
        return (min if op == "min" else max)(a, b)
    if t in FORMATS and t.startswith("f"):
        return round_float(a + b if op == "add" else a * b, t)
    r = {"add": a + b, "mul": a * b, "and": a & b, "or": a | b, "xor": a ^ b}[op]
    return wrap(r, t)


def read(path, t):
    with open(path, "rb") as f:
        data = f.read()
    n = len(data) // struct.calcsize(FORMATS[t])
    return list(struct.unpack("<%d%s" % (n, FORMATS[t]), data))


mdh_run, mlir, names, work = sys.argv[1:5]
for name in open(names).read().split():
    kind, op, t = name.split("_")
    out = os.path.join(work, name)
    os.makedirs(out, exist_ok=True)
    subprocess.run([mdh_run, mlir, "--entry=" + name, "--seed=11",
                    "--write-outputs=" + out], check=True)
    x = read(os.path.join(out, "arg0.bin"), t)
    y = read(os.path.join(out, "arg1.bin"), t)
    acc, want = x[0], [x[0]]
    for v in x[1:]:
        acc = combine(op, acc, v, t)
        want.append(acc)
    if kind == "pw":
        want = want[-1:]
    tol = 1e-6 if t.startswith("f") else 0
    ok = len(y) == len(want) and all(
        abs(g - w) <= tol * max(1.0, abs(w)) for g, w in zip(y, want))
    print("%s %s" % (name, "ok" if ok else "MISMATCH got=%s want=%s" % (y, want)))
