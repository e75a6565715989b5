"""Runs linalg functions raised by mdh-from-linalg against upstream.

Usage: check_linalg.py FILE WORKDIR PIPELINE... [--left-alone=F,G]
                       [--raised-count] [--reassociate]

For every public function F of FILE (linalg ops on memrefs): runs F of the
original file through mdh-run's cpu pipeline, which has no mdh op to lower
and lowers the linalg ops with upstream's convert-linalg-to-loops, and F of
`mdh-opt FILE --mdh-from-linalg` through each PIPELINE, from the same
inputs (--seed), and compares every argument afterwards: exact for
integers, |d| <= 1e-4 + 1e-4 |upstream| for f32 (the order of a reduction
may differ). Checks also that the raised F has no linalg op left, except
for the functions named by --left-alone, which must keep theirs. Prints
"F PIPELINE: ok" per run; exits 1 at the first difference. A line
"// shapes @F: K=AxB ..." in FILE gives the extents of F's arguments of
dynamic shape (mdh-run --shape=K:AxB). With --raised-count, prints per
function how many of its linalg ops were raised ("F: raised N of M").
With --reassociate, raises with mdh-from-linalg{reassociate=true} (a
float C += A B becomes one md_hom accumulating into C) and prints per
function how many of its md_homs accumulate ("F: accumulating N").
"""
import os
import re
import struct
import subprocess
import sys

FORMATS = {"f32": "f", "f64": "d", "i32": "i", "i64": "q", "i8": "b",
           "i16": "h"}


def functions(text):
    """{name: (signature text, body text)} of the public functions."""
    out = {}
    for m in re.finditer(r"^ *func\.func @(\w+)\(([^)]*)\)", text, re.M):
        end = text.find("func.func", m.end())
        out[m.group(1)] = (m.group(2), text[m.end():end if end >= 0 else None])
    return out


def raised_bodies(text):
    """{name: body text} of the functions in mdh-opt's printed output."""
    out = {}
    for m in re.finditer(r"^  func\.func @(\w+)\(", text, re.M):
        end = text.find("\n  func.func", m.end())
        out[m.group(1)] = text[m.end():end if end >= 0 else None]
    return out


def elements(signature):
    return re.findall(r"memref<(?:[0-9x?]*?)(f32|f64|i32|i64|i8|i16)>",
                      signature)


def shapes(text):
    """{name: [--shape=K:AxB flags]} from the "// shapes @F:" lines."""
    out = {}
    for m in re.finditer(r"^// shapes @(\w+): *(.*)$", text, re.M):
        out[m.group(1)] = ["--shape=" + s.replace("=", ":")
                           for s in m.group(2).split()]
    return out


LINALG_OP = r"\blinalg\.(?!index|yield)\w+"


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if p.returncode:
        print(" ".join(cmd))
        print(p.stdout)
        sys.exit(1)


def read(path, fmt):
    data = open(path, "rb").read()
    return struct.unpack("<%d%s" % (len(data) // struct.calcsize(fmt), fmt),
                         data)


def same(a, b, elt):
    if len(a) != len(b):
        return False
    if elt.startswith("i"):
        return a == b
    return all(abs(x - y) <= 1e-4 + 1e-4 * abs(x) for x, y in zip(a, b))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    left = set()
    for a in sys.argv[1:]:
        if a.startswith("--left-alone="):
            left = set(a.split("=", 1)[1].split(","))
    path, work, pipelines = args[0], args[1], args[2:]
    os.makedirs(work, exist_ok=True)
    text = open(path).read()
    flags = shapes(text)
    count = "--raised-count" in sys.argv[1:]
    reassociate = "--reassociate" in sys.argv[1:]
    raised = os.path.join(work, "raised.mlir")
    run(["mdh-opt", path, "--pass-pipeline=builtin.module(mdh-from-linalg%s)"
         % ("{reassociate=true}" if reassociate else ""), "-o", raised])
    bodies = raised_bodies(open(raised).read())
    for name, (sig, body) in functions(text).items():
        has_linalg = re.search(LINALG_OP, bodies[name])
        if count:
            n = len(re.findall(LINALG_OP, body))
            left_ops = len(re.findall(LINALG_OP, bodies[name]))
            print(f"{name}: raised {n - left_ops} of {n}")
        if reassociate:
            print(f"{name}: accumulating "
                  f"{len(re.findall('mdh.accumulate', bodies[name]))}")
        if bool(has_linalg) != (name in left):
            print(f"{name}: linalg ops {'left' if has_linalg else 'raised'}"
                  f" unexpectedly")
            sys.exit(1)
        up = os.path.join(work, name, "upstream")
        run(["mdh-run", path, f"--entry={name}", "--pipeline=cpu", "--seed=3",
             f"--write-outputs={up}"] + flags.get(name, []))
        for p in pipelines:
            out = os.path.join(work, name, p)
            run(["mdh-run", raised, f"--entry={name}", f"--pipeline={p}",
                 "--seed=3", f"--write-outputs={out}"] + flags.get(name, []))
            for k, elt in enumerate(elements(sig)):
                f = f"arg{k}.bin"
                a = read(os.path.join(up, f), FORMATS[elt])
                b = read(os.path.join(out, f), FORMATS[elt])
                if not same(a, b, elt):
                    print(f"{name} {p}: argument {k} differs from upstream")
                    print(" upstream:", a[:16])
                    print(" raised:  ", b[:16])
                    sys.exit(1)
            print(f"{name} {p}: ok")


if __name__ == "__main__":
    main()
