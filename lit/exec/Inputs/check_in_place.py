"""Checks @in_place of aliases.mlir element by element against Python.

Usage: check_in_place.py DIR (the --write-outputs folder of one run).
o = x, then o[2i] = 2 o[2i + 1]; y[i] = o[2i], y[4 + i] = 2 o[2i]
(i < 4). Prints "in_place: ok" or the first wrong element and exits 1.
"""
import struct
import sys


def floats(path):
    data = open(path, "rb").read()
    return list(struct.unpack("%df" % (len(data) // 4), data))


d = sys.argv[1]
x, o, y = (floats(f"{d}/arg{k}.bin") for k in range(3))
want_o = list(x)
for i in range(4):
    want_o[2 * i] = 2 * x[2 * i + 1]
want_y = [want_o[2 * i] for i in range(4)] + [2 * want_o[2 * i] for i in range(4)]
for name, got, want in (("o", o, want_o), ("y", y, want_y)):
    for k, (g, w) in enumerate(zip(got, want)):
        if abs(g - w) > 1e-6 * max(1.0, abs(w)):
            print(f"in_place: {name}[{k}] = {g}, expected {w}")
            sys.exit(1)
print("in_place: ok")
