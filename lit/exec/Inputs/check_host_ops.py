"""Checks the functions of host_ops.mlir element by element against Python.

Usage: check_host_ops.py ENTRY DIR (the --write-outputs folder of one run).
Prints "ENTRY: ok" or the first wrong element and exits 1.
"""
import struct
import sys


def floats(path):
    data = open(path, "rb").read()
    return list(struct.unpack("%df" % (len(data) // 4), data))


def f32(v):
    return struct.unpack("f", struct.pack("f", v))[0]


entry, d = sys.argv[1], sys.argv[2]
arg = [floats(f"{d}/arg{k}.bin") for k in range(4) if k < {"loop": 3, "intermediate": 3, "reductions": 3, "call": 4}[entry]]
want = {}
if entry == "loop":
    x = arg[0]
    t = [f32(2 * v) for v in x]
    t = [f32(v + 1) if i % 2 == 0 else v for i, v in enumerate(t)]
    want = {1: t, 2: [f32(2 * v) for v in t]}
elif entry == "intermediate":
    x = arg[0]
    want = {1: [float(i) for i in range(40)],
            2: [f32(f32(2 * v) + i) for i, v in enumerate(x)]}
elif entry == "reductions":
    x = arg[0]
    t = [sum(x[i * 29:(i + 1) * 29]) for i in range(37)]
    if t[0] > 0:
        t[0] = -t[0]
    want = {1: t, 2: [sum(t)]}
elif entry == "call":
    x = arg[0]
    b = [4 * v for v in x]
    b[3] = 10.0
    want = {1: [2 * v for v in x], 2: b, 3: [2 * v for v in b]}
for k, w in want.items():
    for i, (g, e) in enumerate(zip(arg[k], w)):
        if abs(g - e) > 1e-4 * max(1.0, abs(e)):
            print(f"{entry}: arg{k}[{i}] = {g}, expected {e}")
            sys.exit(1)
print(f"{entry}: ok")
