#!/usr/bin/env python3
"""PyTorch timings of the GPU sub-graphs of bench/gpu/subgraphs/.

The sub-graphs of basteln's Table 3 (bench/gpu/subgraphs/NAME.mlir, at the
same shapes, f32) written as a PyTorch user would, timed on CUDA two ways:

  torch_eager_NAME     eager mode: one cuBLAS / cuDNN / ATen kernel per
                       operator, the paper's "baseline time" (no fusion)
  torch_compile_NAME   torch.compile(fn) (default mode: Inductor)

TF32 is off (torch.backends.*.allow_tf32 = False), as for mdh-baselines'
sgemm: FP32 arithmetic on both sides. Each timing: 5 warm-up calls (for
torch.compile after the call that compiles), then the median of --repeat
calls, each timed with a pair of CUDA events. Checks: eager against the same
computation in float64 on the GPU, compiled against eager, both with
torch.allclose(rtol=1e-3, atol=1e-3) (f32 contractions of up to 21128
terms of inputs in [-1, 1)).

Prints one line per timing in mdh-baselines' format, which bench/gpu/run.sh
appends to baselines.txt and uses as the bars of kernels.tsv's
NAME_fused / NAME_unfused:

  baseline name=torch_eager_s2m ms=0.1234 check=ok
  baseline name=torch_compile_s2m ms=0.0567 check=ok

A sub-graph that fails (out of memory, a torch.compile error, a failed
check) prints its lines with check=failed (ms=0 where it did not run) and
the next one runs. Exit status: 0, 1 without torch or a CUDA device, 2 on a
bad argument, 3 when some line has check=failed.
"""

import argparse
import statistics
import sys
import traceback

NAMES = ["s2m", "add2", "mmbias1", "mmbias3", "transbmm", "bmmtrans", "attention", "conv1",
         "resnet3x3"]
WARMUP = 5
RTOL = 1e-3
ATOL = 1e-3


def subgraph(name, torch):
    """Returns (inputs, fn) of sub-graph NAME: random inputs in [-1, 1) on
    the GPU and the function computing its outputs (a tensor or a tuple)."""
    F = torch.nn.functional

    def rand(*shape):
        return torch.rand(*shape, device="cuda", dtype=torch.float32) * 2 - 1

    if name == "s2m":
        # sub+mul+mul over (32,12,128,128)
        def fn(a, b, c):
            return (a - b) * c * 0.125

        return [rand(32, 12, 128, 128) for _ in range(3)], fn
    if name == "add2":
        # the paper's 2add: add+add over (32,128,768)
        def fn(a, b, c):
            return (a + b) + c

        return [rand(32, 128, 768) for _ in range(3)], fn
    if name in ("mmbias1", "mmbias3"):
        # matmul+bias: (32,768) x (768,2) + bias(2); (640,21128) x (21128,768) + bias(768)
        m, k, n = (32, 768, 2) if name == "mmbias1" else (640, 21128, 768)

        def fn(a, b, bias):
            return a @ b + bias

        return [rand(m, k), rand(k, n), rand(n)], fn
    if name == "transbmm":
        # transpose+batchmatmul: T = A (32,128,12,64) transposed to
        # (32,12,128,64), S = T @ B^T with B (32,12,128,64): S (32,12,128,128).
        # The transpose is an operator of its own, as in the paper.
        def fn(a, b):
            t = a.transpose(1, 2).contiguous()
            return t @ b.transpose(-1, -2)

        return [rand(32, 128, 12, 64), rand(32, 12, 128, 64)], fn
    if name == "bmmtrans":
        # batchmatmul+transpose: C = A @ B with A (32,12,128,128), B
        # (32,12,128,64), then Y[b,i,h,d] = C[b,h,i,d] (32,128,12,64).
        def fn(a, b):
            return (a @ b).transpose(1, 2).contiguous()

        return [rand(32, 12, 128, 128), rand(32, 12, 128, 64)], fn
    if name == "attention":
        # mul+(batchmatmul,batchmatmul): s = X * 0.125 (X (32,12,128,128)),
        # O1 = s @ V1, O2 = s @ V2 (V1, V2 (32,12,128,64)): two outputs.
        def fn(x, v1, v2):
            s = x * 0.125
            return s @ v1, s @ v2

        return [rand(32, 12, 128, 128), rand(32, 12, 128, 64), rand(32, 12, 128, 64)], fn
    if name == "conv1":
        # add+conv+relu: O = relu(conv2d(x + y, W, padding=1)), x, y
        # (64,512,7,7), W (512,512,3,3), stride 1: O (64,512,7,7). Unlike
        # bench/gpu/subgraphs/conv1.mlir, whose inputs are the images already
        # padded (9 x 9), the add runs on the 7 x 7 images and conv2d pads.
        def fn(x, y, w):
            return F.relu(F.conv2d(x + y, w, padding=1))

        return [rand(64, 512, 7, 7), rand(64, 512, 7, 7), rand(512, 512, 3, 3)], fn
    if name == "resnet3x3":
        # the 3 x 3 layer of ResNet-50's conv3_x (bench/kernels/resnet3x3.mlir,
        # not a Table 3 sub-graph): x (32,128,28,28), W (128,128,3,3),
        # padding 1, stride 1: O (32,128,28,28); eager is cuDNN's convolution.
        def fn(x, w):
            return F.conv2d(x, w, padding=1)

        return [rand(32, 128, 28, 28), rand(128, 128, 3, 3)], fn
    raise ValueError(name)


def outputs(result):
    return result if isinstance(result, tuple) else (result,)


def close(torch, got, want):
    got, want = outputs(got), outputs(want)
    return len(got) == len(want) and all(
        g.shape == w.shape and torch.allclose(g.double(), w.double(), rtol=RTOL, atol=ATOL)
        for g, w in zip(got, want))


def time_ms(torch, fn, inputs, repeat):
    """Median of REPEAT calls of FN, each timed with CUDA events, after
    WARMUP calls."""
    for _ in range(WARMUP):
        fn(*inputs)
    torch.cuda.synchronize()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(repeat):
        start.record()
        fn(*inputs)
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def line(kind, name, ms, ok):
    print("baseline name=torch_%s_%s ms=%.4f check=%s" % (kind, name, ms, "ok" if ok else "failed"),
          flush=True)


def run_one(torch, name, repeat):
    """Prints the eager and compile lines of NAME; True if both passed."""
    eager_ms, eager_ok, want = 0.0, False, None
    inputs = None
    try:
        inputs, fn = subgraph(name, torch)
        want = outputs(fn(*inputs))
        eager_ms = time_ms(torch, fn, inputs, repeat)
        ref = outputs(fn(*[t.double() for t in inputs]))
        eager_ok = close(torch, want, ref)
        del ref
        if not eager_ok:
            print("torch_subgraphs: %s: eager differs from float64" % name, file=sys.stderr)
    except Exception:  # out of memory, a missing kernel: report and go on
        print("torch_subgraphs: %s: eager failed:" % name, file=sys.stderr)
        traceback.print_exc(file=sys.stderr)
        eager_ok = False
    line("eager", name, eager_ms, eager_ok)
    torch.cuda.empty_cache()

    comp_ms, comp_ok = 0.0, False
    try:
        if inputs is None or want is None:
            raise RuntimeError("no inputs or eager result to compare with")
        compiled = torch.compile(fn)
        comp_ok = close(torch, compiled(*inputs), want)
        if not comp_ok:
            print("torch_subgraphs: %s: torch.compile differs from eager" % name, file=sys.stderr)
        comp_ms = time_ms(torch, compiled, inputs, repeat)
    except Exception:  # a torch.compile (Dynamo / Inductor) error, out of memory
        print("torch_subgraphs: %s: torch.compile failed:" % name, file=sys.stderr)
        traceback.print_exc(file=sys.stderr)
        comp_ok = False
    line("compile", name, comp_ms, comp_ok)
    del inputs, want
    torch.cuda.empty_cache()
    return eager_ok and comp_ok


def parse(argv):
    p = argparse.ArgumentParser(
        prog="torch_subgraphs.py",
        description="PyTorch eager and torch.compile timings of bench/gpu/subgraphs "
        "(basteln's Table 3), as mdh-baselines lines for bench/gpu/run.sh.",
        epilog="sub-graphs: " + ", ".join(NAMES) + ". Exit status: 0; 1 without torch "
        "or CUDA; 2 on a bad argument; 3 when a line has check=failed.")
    p.add_argument("--repeat", type=int, default=21, metavar="N",
                   help="timed calls per measurement, the median is printed (default 21)")
    p.add_argument("--only", default="", metavar="A,B",
                   help="run only these sub-graphs (comma-separated)")
    args = p.parse_args(argv)
    if args.repeat < 1:
        p.error("--repeat needs a positive number, got %d" % args.repeat)
    names = NAMES
    if args.only:
        names = [n for n in args.only.split(",") if n]
        bad = [n for n in names if n not in NAMES]
        if bad or not names:
            p.error("--only: unknown sub-graph(s) %s (known: %s)"
                    % (", ".join(bad) or "''", ", ".join(NAMES)))
    return args.repeat, names


def main(argv):
    repeat, names = parse(argv)
    try:
        import torch
    except ImportError as e:
        print("torch_subgraphs: no torch (%s)" % e, file=sys.stderr)
        return 1
    if not torch.cuda.is_available():
        print("torch_subgraphs: torch %s sees no CUDA device" % torch.__version__, file=sys.stderr)
        return 1
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.manual_seed(0)
    print("torch_subgraphs: torch %s, CUDA %s, %s; median of %d runs"
          % (torch.__version__, torch.version.cuda, torch.cuda.get_device_name(0), repeat),
          file=sys.stderr)
    failed = 0
    for name in names:
        if not run_one(torch, name, repeat):
            failed += 1
    return 3 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
