#!/usr/bin/env python3
"""Seed corpora of the fuzz targets (scripts/fuzz.sh).

mdh-fuzz-opt: every example, the dynamic twin of every example (dynamic MDA
sizes, test/dynamic_twins.py) and every lit input (.mlir), split at
`// -----` as --split-input-file does, without full-line comments (RUN and
CHECK lines would take the fuzzer's bytes), once per pipeline selector 0-4
(the mutator reaches the variants 5-9), and with selector 5 (mdh-from-linalg)
too when they hold linalg ops; pieces longer than MAX_LEN are left out.
mdh-fuzz-args: test/fuzz/seeds/args, and each example's entry signature
with argument files of the right and the wrong length.

usage: fuzz-seeds.py SRC_ROOT OUT_DIR MAX_LEN
"""
import hashlib
import os
import re
import sys


def pieces(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    for piece in re.split(r"^// -----.*$", text, flags=re.M):
        lines = [l for l in piece.splitlines() if not l.lstrip().startswith("//")]
        body = "\n".join(l for l in lines if l.strip()) + "\n"
        if "func.func" in body or "mdh." in body:
            yield body


def write(out, data):
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)


def opt_seeds(src, out, max_len):
    os.makedirs(out, exist_ok=True)
    sys.path.insert(0, os.path.join(src, "test"))
    from dynamic_twins import twin
    files = []
    for top in ("examples", "lit"):
        for root, _, names in os.walk(os.path.join(src, top)):
            files += [os.path.join(root, n) for n in names if n.endswith(".mlir")]
    bodies = []
    for path in sorted(files):
        bodies += pieces(path)
        if os.path.basename(os.path.dirname(path)) == "examples":
            bodies += [twin(b) for b in pieces(path)]
    count = 0
    for body in bodies:
        data = body.encode()
        if len(data) + 1 > max_len:
            continue
        for sel in "01234" + ("5" if "linalg." in body else ""):
            write(out, sel.encode() + data)
            count += 1
    return count


def args_seeds(src, out):
    os.makedirs(out, exist_ok=True)
    given = os.path.join(src, "test", "fuzz", "seeds", "args")
    count = 0
    for name in sorted(os.listdir(given)):
        with open(os.path.join(given, name), "rb") as f:
            write(out, f.read())
            count += 1
    sizes = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i1": 1, "i8": 1,
             "i16": 2, "i32": 4, "i64": 8, "index": 8}
    for path in sorted(os.listdir(os.path.join(src, "examples"))):
        with open(os.path.join(src, "examples", path)) as f:
            m = re.search(r"func\.func @\w+\(([^)]*)\)", f.read())
        if not m:
            continue
        types = re.findall(r"memref<([0-9x]*)(\w+)>", m.group(1))
        sig = "v1" + "".join(" memref<%s%s>" % t for t in types)
        files = []
        for shape, elem in types:
            n = sizes.get(elem, 4)
            for d in filter(None, shape.split("x")):
                n *= int(d)
            files.append(b"\x01" * min(n, 256))
        write(out, b"1" + sig.encode() + b"\n" + b"\n--\n".join(files))
        count += 1
    return count


def main():
    src, out, max_len = sys.argv[1], sys.argv[2], int(sys.argv[3])
    n_opt = opt_seeds(src, os.path.join(out, "mdh-fuzz-opt"), max_len)
    n_args = args_seeds(src, os.path.join(out, "mdh-fuzz-args"))
    print("fuzz-seeds: %d mdh-fuzz-opt seeds, %d mdh-fuzz-args seeds" % (n_opt, n_args))


if __name__ == "__main__":
    main()
