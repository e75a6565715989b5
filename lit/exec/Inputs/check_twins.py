"""Runs the mdh functions of a file against their linalg twins.

Usage: check_twins.py FILE WORKDIR PIPELINE... [--mappings=N]

For every public function F of FILE that has a twin F_linalg (the same
computation as linalg ops): runs F_linalg through mdh-run's cpu pipeline,
which lowers linalg ops with upstream's convert-linalg-to-loops, and F
through each PIPELINE, from the same inputs (--seed), and compares every
argument afterwards (check_linalg.py's tolerance). With --mappings=N, the
gpu-emulated pipeline also runs F with each of its first N legal mappings
(--mapping=K, fewer where F has fewer), in both reduction modes. Prints
"F PIPELINE: ok" per pipeline; exits 1 at the first difference.
"""
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_linalg import FORMATS, elements, functions, read, run, same  # noqa


def out_of_range(cmd):
    """Runs cmd; True if it failed because the mapping is out of range."""
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if p.returncode and "is out of range" in p.stdout:
        return True
    if p.returncode:
        print(" ".join(cmd))
        print(p.stdout)
        sys.exit(1)
    return False


def compare(name, label, sig, want, got):
    for k, elt in enumerate(elements(sig)):
        a = read(os.path.join(want, f"arg{k}.bin"), FORMATS[elt])
        b = read(os.path.join(got, f"arg{k}.bin"), FORMATS[elt])
        if not same(a, b, elt):
            print(f"{name} {label}: argument {k} differs from {name}_linalg")
            print(" linalg:", a[:16])
            print(" mdh:   ", b[:16])
            sys.exit(1)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n_map = 0
    for a in sys.argv[1:]:
        if a.startswith("--mappings="):
            n_map = int(a.split("=", 1)[1])
    path, work, pipelines = args[0], args[1], args[2:]
    funcs = functions(open(path).read())
    for name, (sig, _) in funcs.items():
        if name + "_linalg" not in funcs:
            continue
        want = os.path.join(work, name, "linalg")
        run(["mdh-run", path, f"--entry={name}_linalg", "--pipeline=cpu",
             "--seed=3", f"--write-outputs={want}"])
        for p in pipelines:
            got = os.path.join(work, name, p)
            run(["mdh-run", path, f"--entry={name}", f"--pipeline={p}",
                 "--seed=3", f"--write-outputs={got}"])
            compare(name, p, sig, want, got)
            print(f"{name} {p}: ok")
        for k in range(n_map):
            for mode in ("atomic", "deterministic"):
                got = os.path.join(work, name, f"map{k}-{mode}")
                if out_of_range(["mdh-run", path, f"--entry={name}",
                                 "--pipeline=gpu-emulated", f"--mapping={k}",
                                 f"--reduction-mode={mode}", "--seed=3",
                                 f"--write-outputs={got}"]):
                    break
                compare(name, f"mapping {k} {mode}", sig, want, got)
            else:
                continue
            break
        if n_map:
            print(f"{name} mappings: ok")


if __name__ == "__main__":
    main()
