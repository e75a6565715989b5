#!/usr/bin/env python3
"""The dynamic twins of the examples (issue 13, item 4 of the contract).

The twin of an example has every memref dimension `?` and every MDA size
-1, except where no input access bounds the dimension (histo's bins, or a
md_hom without inputs, whose sizes stay) and the size 1 of a pw dimension
in a result. Its extents then come from the buffers when it runs.

Usage: dynamic_twins.py MDH_RUN WORKDIR EXAMPLES_DIR

For each example, runs its twin on the reference, cpu and gpu-emulated
pipelines:
  - at the example's own extents: the reference output must equal the
    example's byte for byte, and each pipeline must match the reference;
  - at uniform extents 1, 2 and 5 in every dynamic dimension (buffers just
    large enough): each pipeline must match the reference.
Prints one line per run and exits 1 on the first mismatch or failure.
"""
import os
import re
import subprocess
import sys

PIPELINES = ["reference", "cpu", "gpu-emulated"]
EXTENTS = [1, 2, 5]

ACCESS = re.compile(r"affine_map<\(([^)]*)\) -> \(([^>]*)\)>")
VIEW = re.compile(r'"mdh\.(inp|out)_view"\(([^)]*)\)\s*{accesses = \[(.*?)\]',
                  re.S)


def views(text):
    """(kind, buffer name, [(dims, [result exprs])]) of every view."""
    out = []
    for kind, operands, accesses in VIEW.findall(text):
        buf = operands.split(",")[-1].strip()
        maps = []
        for dims, results in ACCESS.findall(accesses):
            maps.append(([d.strip() for d in dims.split(",") if d.strip()],
                         split_top(results)))
        out.append((kind, buf, maps))
    return out


def split_top(text):
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def evaluate(expr, env):
    py = expr.replace("floordiv", "//").replace("mod", "%")
    py = re.sub(r"(\S+)\s+ceildiv\s+(\S+)", r"(-((-\1)//\2))", py)
    return eval(py, {}, dict(env))


def bounded_dims(text):
    """Positions of the index-space dimensions some input access uses."""
    used = set()
    for kind, _, maps in views(text):
        if kind != "inp":
            continue
        for dims, results in maps:
            for pos, d in enumerate(dims):
                if any(re.search(r"\b%s\b" % d, r) for r in results):
                    used.add(pos)
    return used


def twin(text):
    text_out = re.sub(r"memref<((?:\d+x)*)([a-z0-9]+)>",
                      lambda m: "memref<" + "?x" * m.group(1).count("x") +
                      m.group(2) + ">", text)
    if "mdh.sizes" in text:
        return text_out
    used = bounded_dims(text)

    def mda(m):
        sizes = [s.strip() for s in m.group(1).split(",")]
        return "!mdh.mda<array<i64: " + ", ".join(
            s if s == "1" or k not in used else "-1"
            for k, s in enumerate(sizes)) + ">>"
    return re.sub(r"!mdh\.mda<array<i64: ([-0-9, ]+)>>", mda, text_out)


def signature(text, entry):
    sig = re.search(r"func\.func @" + re.escape(entry) + r"\((.*?)\)\s*{",
                    text)
    return [(name, [int(x) for x in dims.split("x")[:-1]])
            for name, dims in re.findall(r"(%\w+): memref<([^>]*)>",
                                         sig.group(1))]


def static_sizes(text):
    m = re.search(r"!mdh\.mda<array<i64: ([0-9, ]+)>>", text)
    return [int(s) for s in m.group(1).split(",")]


def uniform_shapes(text, entry, extent):
    """The buffer extents for which every dynamic dimension has "extent":
    1 + the largest index an access reaches (accesses are monotone in the
    examples), the static dimensions at their size."""
    args = signature(text, entry)
    sizes = static_sizes(text)
    used = bounded_dims(text)
    need = {name: [0] * len(dims) for name, dims in args}
    for kind, buf, maps in views(text):
        for dims, results in maps:
            env = {}
            for pos, d in enumerate(dims):
                n = extent if pos in used else sizes[pos]
                env[d] = n - 1
            for r, expr in enumerate(results):
                if buf in need:
                    need[buf][r] = max(need[buf][r], evaluate(expr, env) + 1)
    return [need[name] for name, _ in args]


def shape_options(shapes):
    return ["--shape=%d:%s" % (k, "x".join(str(x) for x in dims))
            for k, dims in enumerate(shapes) if dims]


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    return p.returncode, p.stdout


def fail(what, out):
    print("FAIL %s\n%s" % (what, out))
    sys.exit(1)


def check_example(mdh_run, work, path):
    name = os.path.splitext(os.path.basename(path))[0]
    text = open(path).read()
    entry = re.search(r"^func\.func @(\w+)", text, re.M).group(1)
    twin_path = os.path.join(work, name + ".mlir")
    with open(twin_path, "w") as f:
        f.write(twin(text))
    static_dir = os.path.join(work, name + ".static")
    rc, out = run([mdh_run, path, "--entry=" + entry, "--seed=3",
                   "--write-outputs=" + static_dir])
    if rc:
        fail(name + " static", out)
    own = shape_options([dims for _, dims in signature(text, entry)])
    for p in PIPELINES:
        out_dir = os.path.join(work, "%s.%s" % (name, p))
        cmd = [mdh_run, twin_path, "--entry=" + entry, "--seed=3",
               "--pipeline=" + p, "--write-outputs=" + out_dir] + own
        if p != "reference":
            cmd.append("--compare=reference")
        rc, out = run(cmd)
        if rc:
            fail("%s %s own extents" % (name, p), out)
        if p == "reference":
            for f in sorted(os.listdir(static_dir)):
                a = open(os.path.join(static_dir, f), "rb").read()
                b = open(os.path.join(out_dir, f), "rb").read()
                if a != b:
                    fail("%s: %s differs from the static example" % (name, f),
                         "")
        print("%s %s own extents: ok" % (name, p))
    if "mdh.sizes" in text:
        return
    for extent in EXTENTS:
        opts = shape_options(uniform_shapes(text, entry, extent))
        for p in PIPELINES[1:]:
            rc, out = run([mdh_run, twin_path, "--entry=" + entry,
                           "--seed=5", "--pipeline=" + p,
                           "--compare=reference"] + opts)
            if rc:
                fail("%s %s extent %d %s" % (name, p, extent, " ".join(opts)),
                     out)
            print("%s %s extent %d: ok" % (name, p, extent))


def main():
    mdh_run, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    examples = sys.argv[3]
    for name in sorted(os.listdir(examples)):
        if name.endswith(".mlir"):
            check_example(mdh_run, work, os.path.join(examples, name))
    print("all twins match")


if __name__ == "__main__":
    main()
