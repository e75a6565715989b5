"""Runs rev_<type> of types.mlir for every element type through mdh-run with
--read-inputs/--write-outputs and checks the output bytes independently."""
import os
import subprocess
import sys

SIZES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i1": 1, "i8": 1,
         "i16": 2, "i32": 4, "i64": 8, "index": 8}

mdh_run, mlir, work = sys.argv[1:4]
for t, size in SIZES.items():
    d_in = os.path.join(work, t + "-in")
    d_out = os.path.join(work, t + "-out")
    os.makedirs(d_in, exist_ok=True)
    os.makedirs(d_out, exist_ok=True)
    if t == "i1":
        elems = [bytes([v]) for v in (1, 0, 0, 1, 1)]
    else:
        elems = [bytes((17 * i + 3 * k + 1) % 251 for k in range(size))
                 for i in range(5)]
    with open(os.path.join(d_in, "arg0.bin"), "wb") as f:
        f.write(b"".join(elems))
    with open(os.path.join(d_in, "arg1.bin"), "wb") as f:
        f.write(bytes(5 * size))
    subprocess.run([mdh_run, mlir, "--entry=rev_" + t, "--read-inputs=" + d_in,
                    "--write-outputs=" + d_out], check=True)
    with open(os.path.join(d_out, "arg1.bin"), "rb") as f:
        got = f.read()
    with open(os.path.join(d_out, "arg0.bin"), "rb") as f:
        kept = f.read()
    want = b"".join(reversed(elems))
    ok = got == want and kept == b"".join(elems)
    print("%s %s" % (t, "ok" if ok else "MISMATCH got=%s want=%s" % (got.hex(), want.hex())))
