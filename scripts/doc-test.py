#!/usr/bin/env python3
"""Tests the documentation: README.md and docs/*.md.

Usage: doc-test.py --root SRC --build BUILD [--llvm-bin DIR]
                   [--preload LIB] [FILE...]

1. Every fenced shell block opened with "```sh test" runs with bash (-e,
   -o pipefail) in SRC, with BUILD/bin and the LLVM tools on PATH; the
   path "build/" in a block means BUILD (so the ASan tree tests its own
   tools). A block that fails is reported with its output. With
   --preload (the ASan build), stock mlir-opt gets LIB preloaded, as it
   must to load an instrumented plugin.
2. Every repository path the files name (in backquotes or as a link
   target) exists: a file or folder under SRC for backquoted paths, next
   to the page for relative links. Build outputs (build/...) and
   patterns (NAME, *, <...>, {...}, $VAR) are not paths.
3. No page, and no other text file of the repository (comments included),
   points outside it (a design note, the papers' digests or ../shared,
   which a clone does not hold).
Prints one line per problem and "docs: N blocks run, M paths checked";
exits 1 if there was a problem.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

TOP = ("support", "dialect", "lib", "passes", "capi", "runtime", "tools",
       "examples", "test", "lit", "bench", "scripts", "docs", "cmake", ".ci")
TOP_FILES = ("Makefile", "CMakeLists.txt", "README.md", ".clang-format")
OUTSIDE = re.compile(r"DESIGN\.md|\.digest\b|\bdigest\b|\.\./shared")


def blocks(text):
    """(line number, code) of each "```sh test" block of "text"."""
    out, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        if lines[i].strip() == "```sh test":
            start, body = i + 1, []
            i += 1
            while i < len(lines) and lines[i].strip() != "```":
                body.append(lines[i])
                i += 1
            out.append((start, "\n".join(body)))
        i += 1
    return out


def candidate_paths(text):
    """(line, path, is_link) of what looks like a repository path."""
    out = []
    for n, line in enumerate(text.split("\n"), 1):
        for m in re.finditer(r"`([^`\s]+)`", line):
            out.append((n, m.group(1), False))
        for m in re.finditer(r"\]\(([^)\s]+)\)", line):
            out.append((n, m.group(1), True))
    return out


def is_pattern(p):
    return any(c in p for c in "*<>{}$|()=,;") or "NAME" in p or p.startswith(
        ("http:", "https:", "mailto:"))


def check_path(root, page, path, is_link):
    """None if "path" exists or is no repository path, else a message."""
    path = path.split("#")[0]
    if not path or is_pattern(path):
        return None
    path = re.sub(r":\d+(-\d+)?$", "", path).rstrip(".,:;")
    if is_link:
        if path.endswith((".png", ".svg")) or "/" in path or path.endswith(".md"):
            full = os.path.normpath(os.path.join(os.path.dirname(page), path))
            return None if os.path.exists(full) else "no such file: " + path
        return None
    first = path.split("/")[0]
    if path.startswith("build/") or (first not in TOP and path not in TOP_FILES):
        return None
    if "/" not in path and path not in TOP_FILES:
        return None
    return None if os.path.exists(os.path.join(root, path)) else \
        "no such file: " + path


def check_tree(root):
    """The number of lines of text files under "root" (but build trees, .git
    and this script) that point outside the repository; prints each."""
    problems = 0
    me = os.path.abspath(__file__)
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if not x.startswith(("build", ".git"))
                   and x not in ("out", "__pycache__")]
        for f in files:
            path = os.path.join(d, f)
            if os.path.abspath(path) == me or os.path.getsize(path) > 1 << 20:
                continue
            try:
                text = open(path, encoding="utf-8").read()
            except (UnicodeDecodeError, OSError):
                continue
            for n, line in enumerate(text.split("\n"), 1):
                if OUTSIDE.search(line):
                    print(f"{os.path.relpath(path, root)}:{n}: points outside "
                          f"the repository: {line.strip()[:80]}")
                    problems += 1
    return problems


def run_block(root, build, env, code, preload=None):
    code = re.sub(r"(?<![\w/.-])build/", build.rstrip("/") + "/", code)
    if preload:
        code = "".join('%s() { LD_PRELOAD=%s command %s "$@"; }\n' % (
            t, preload, t) for t in ("mlir-opt", "mlir-opt-22")) + code
    return subprocess.run(["bash", "-e", "-o", "pipefail", "-c", code],
                          cwd=root, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=300)


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--preload", default=None,
                    help="a library stock mlir-opt must preload")
    ap.add_argument("--no-run", action="store_true",
                    help="check paths only")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args(argv[1:])
    root = os.path.abspath(a.root)
    build = os.path.abspath(a.build)
    files = a.files or [os.path.join(root, "README.md")] + sorted(
        glob.glob(os.path.join(root, "docs", "*.md")))
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([os.path.join(build, "bin"), a.llvm_bin,
                                   env.get("PATH", "")])
    problems = n_blocks = n_paths = 0
    for page in files:
        text = open(page).read()
        rel = os.path.relpath(page, root)
        for n, line in enumerate(text.split("\n"), 1):
            if OUTSIDE.search(line):
                print(f"{rel}:{n}: points outside the repository: {line.strip()}")
                problems += 1
        for n, path, is_link in candidate_paths(text):
            msg = check_path(root, page, path, is_link)
            n_paths += 1
            if msg:
                print(f"{rel}:{n}: {msg}")
                problems += 1
        for n, code in ([] if a.no_run else blocks(text)):
            n_blocks += 1
            r = run_block(root, build, env, code, a.preload)
            if r.returncode:
                print(f"{rel}:{n}: the block fails (exit {r.returncode}):")
                for out in r.stdout.rstrip().split("\n")[-15:]:
                    if out:
                        print("  | " + out)
                problems += 1
    if not a.files:
        problems += check_tree(root)
    print(f"docs: {n_blocks} blocks run, {n_paths} paths checked, "
          f"{problems} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
