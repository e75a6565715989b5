"""Counts the linalg ops that mdh-from-linalg raises in each test file.

Usage: count_raised.py FILE...

For each FILE, takes the pipeline of its first RUN line whose output is
checked with --check-prefix=RAISED, runs it through mdh-opt without
mdh-from-linalg (the linalg ops there are those offered to the pass) and
as it is, and prints "FILE: raised N of M linalg ops" (linalg.index and
linalg.yield are parts of bodies, not ops).
"""
import os
import re
import subprocess
import sys

LINALG_OP = re.compile(r"\blinalg\.(?!index\b|yield\b)\w+")


def count(path, pipeline):
    p = subprocess.run(["mdh-opt", path, "--pass-pipeline=" + pipeline],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if p.returncode:
        sys.exit("%s: mdh-opt failed:\n%s" % (path, p.stderr))
    return len(LINALG_OP.findall(p.stdout))


for path in sys.argv[1:]:
    text = open(path).read()
    m = re.search(r"^// RUN: .*--pass-pipeline='([^']*)'.*--check-prefix=RAISED",
                  text, re.M)
    if not m:
        sys.exit("%s: no RUN line checked with the prefix RAISED" % path)
    after = m.group(1)
    before = after.replace(",mdh-from-linalg", "").replace(
        "builtin.module(mdh-from-linalg)", "builtin.module()")
    n, left = count(path, before), count(path, after)
    print("%s: raised %d of %d linalg ops" % (os.path.basename(path),
                                              n - left, n))
