#!/usr/bin/env python3
"""Compile-time scaling benchmark: chains of N md_homs through the cpu and
gpu pipelines of mdh-opt (a benchmark, not a test; see README.md here).

Usage: bench/scale/run.py [BUILD_DIR] [--sizes 16,32,...] [--timeout S]
                          [--pipelines cpu,gpu] [--out DIR] [--label TEXT]
                          [--keep-going]

For every N (default 16 32 64 128 256 512 1024) and pipeline it writes the
chain of gen_chain.py to OUT/chain_N.mlir, runs

  cpu: mlir-opt F --pass-pipeline='builtin.module(mdh-cpu-pipeline)' -o /dev/null --mlir-timing
  gpu: mlir-opt F --pass-pipeline='builtin.module(mdh-gpu-pipeline{format=isa})' -o /dev/null --mlir-timing

(stock mlir-opt 22 with the plugin and the IRDL file of BUILD_DIR: it has
--mlir-timing, which gives each pass's time)
once under a wall-clock limit (default 120 s; a compile that reaches it is
killed and reported as a timeout), and records the wall time, the peak
resident memory (ru_maxrss of the child, from wait4), the exit status, the
1-minute load average before the run, and the time of each pass (from
--mlir-timing). After a timeout the larger N of that pipeline are not run
(reported as "not run") unless --keep-going is given.

Outputs: OUT/results.json (every measurement), OUT/table.md (the table,
also printed), OUT/N_PIPE.log (stderr of each compile). OUT defaults to
bench/scale/out. plot.py draws results.json files. Default BUILD_DIR:
build.
"""
import json
import os
import platform
import re
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_chain  # noqa: E402

PIPELINES = {
    "cpu": "builtin.module(mdh-cpu-pipeline)",
    "gpu": "builtin.module(mdh-gpu-pipeline{format=isa})",
}
MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
DEFAULT_SIZES = [16, 32, 64, 128, 256, 512, 1024]
# One or two time columns (user and wall when passes ran in parallel; the
# last is the wall time), then the name.
TIMING_LINE = re.compile(
    r"^\s*(?:-?[0-9.]+ \(\s*-?[0-9.]+%\)\s+)?(-?[0-9.]+) \(\s*-?[0-9.]+%\)\s+(\S.*?)\s*$")


def cpu_model():
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if line.startswith("Model name:"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def run_limited(cmd, timeout, log_path):
    """Runs cmd with stderr to log_path; returns (status, seconds, maxrss_kib,
    cpu_seconds) where status is the exit code or "timeout" and cpu_seconds
    the child's user + system time (less disturbed by other load than the
    wall time)."""
    with open(log_path, "w") as log:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log,
                                start_new_session=True)
        status = None
        while True:
            pid, st, ru = os.wait4(proc.pid, os.WNOHANG)
            if pid == proc.pid:
                elapsed = time.perf_counter() - t0
                status = os.waitstatus_to_exitcode(st)
                break
            if time.perf_counter() - t0 > timeout:
                os.killpg(proc.pid, signal.SIGKILL)
                pid, st, ru = os.wait4(proc.pid, 0)
                elapsed = time.perf_counter() - t0
                status = "timeout"
                break
            time.sleep(0.02)
        proc.returncode = 0  # reaped by wait4 above
    return status, elapsed, ru.ru_maxrss, ru.ru_utime + ru.ru_stime


def pass_times(log_path):
    """The top-level pass times of --mlir-timing's report, in seconds."""
    times = {}
    try:
        text = open(log_path).read()
    except OSError:
        return times
    if "Execution time report" not in text:
        return times
    for line in text.split("Execution time report", 1)[1].splitlines():
        m = TIMING_LINE.match(line)
        if not m:
            continue
        name = m.group(2)
        # Top-level entries are indented by two spaces after the numbers;
        # nested ones ("(A) ...", passes of a nested pipeline) by more.
        if line.rsplit("%)", 1)[1].startswith("    "):
            continue
        times[name] = times.get(name, 0.0) + float(m.group(1))
    return times


def fmt_cell(r, timeout):
    if r["status"] == "not run":
        return f"not run (> {timeout:g} s)", "-"
    if r["status"] == "timeout":
        return f"timeout (> {timeout:g} s)", f"{r['maxrss_kib'] / 1024:.0f}+"
    if r["status"] != 0:
        return f"failed (exit {r['status']})", f"{r['maxrss_kib'] / 1024:.0f}"
    return f"{r['seconds']:.2f}", f"{r['maxrss_kib'] / 1024:.0f}"


def table(results, meta):
    timeout = meta["timeout"]
    lines = [f"{meta['label']}: commit {meta['commit']}, {meta['date']}, "
             f"{meta['cpu']} ({meta['cores']} cores), timeout {timeout:g} s "
             "per compile, one run each. Pass times from --mlir-timing; "
             "\"rest\": every other pass (upstream lowering, and for gpu "
             "the NVPTX back end of GpuModuleToBinaryPass).", "",
             "| N | pipeline | seconds | CPU s | peak MiB | MdhSchedule s | MdhMapGpu s | MdhCodegen s | rest s | load avg before |",
             "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        secs, mib = fmt_cell(r, timeout)
        pt = r.get("passes") or {}

        def get(*names):
            for k in names:
                if k in pt:
                    return pt[k]
            return None

        sched = get("MdhSchedule")
        mapg = get("MdhMapGpu")
        cg = get("MdhCodegenCpu", "MdhCodegenGpu")
        total = get("Total")
        rest = None
        if total is not None:
            rest = total - sum(x for x in (sched, mapg, cg) if x is not None)
        cells = ["-" if x is None else f"{x:.2f}" for x in (sched, mapg, cg, rest)]
        load = f"{r['load']:.2f}" if r.get("load") is not None else "-"
        cpu = f"{r['cpu_seconds']:.2f}" if r.get("cpu_seconds") is not None else "-"
        lines.append(f"| {r['n']} | {r['pipeline']} | {secs} | {cpu} | {mib} | " + " | ".join(cells) + f" | {load} |")
    return "\n".join(lines) + "\n"


def main(argv):
    build, sizes, timeout = "build", DEFAULT_SIZES, 120.0
    pipes, out, label, keep_going = ["cpu", "gpu"], os.path.join(HERE, "out"), "run", False
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--sizes":
            sizes = [int(x) for x in args.pop(0).split(",")]
        elif a == "--timeout":
            timeout = float(args.pop(0))
        elif a == "--pipelines":
            pipes = args.pop(0).split(",")
        elif a == "--out":
            out = args.pop(0)
        elif a == "--label":
            label = args.pop(0)
        elif a == "--keep-going":
            keep_going = True
        elif a in ("-h", "--help"):
            sys.stdout.write(__doc__)
            return 0
        elif a.startswith("-"):
            sys.stderr.write(f"unknown option {a}\n")
            return 2
        else:
            build = a
    for p in pipes:
        if p not in PIPELINES:
            sys.stderr.write(f"unknown pipeline {p} (cpu, gpu)\n")
            return 2
    plugin = os.path.abspath(os.path.join(build, "lib", "mdh-plugin.so"))
    irdl = os.path.abspath(os.path.join(build, "share", "mdh", "mdh.irdl.mlir"))
    if not os.path.exists(plugin) or not os.path.exists(irdl):
        sys.stderr.write(f"no {plugin}: build first (make build)\n")
        return 1
    os.makedirs(out, exist_ok=True)
    root = os.path.dirname(os.path.dirname(HERE))
    commit = subprocess.run(["git", "-C", root, "describe", "--always", "--dirty"],
                            capture_output=True, text=True).stdout.strip() or "?"
    meta = {"label": label, "commit": commit, "date": time.strftime("%Y-%m-%d %H:%M"),
            "cpu": cpu_model(), "cores": os.cpu_count(), "timeout": timeout,
            "plugin": plugin}
    results = []
    stopped = set()
    for n in sizes:
        path = os.path.join(out, f"chain_{n}.mlir")
        with open(path, "w") as f:
            f.write(gen_chain.chain(n))
        for p in pipes:
            r = {"n": n, "pipeline": p}
            if p in stopped:
                r.update(status="not run", seconds=None, maxrss_kib=None, load=None)
            else:
                load = os.getloadavg()[0]
                log = os.path.join(out, f"{n}_{p}.log")
                cmd = [MLIR_OPT, f"--irdl-file={irdl}",
                       f"--load-pass-plugin={plugin}", path,
                       f"--pass-pipeline={PIPELINES[p]}", "-o", os.devnull,
                       "--mlir-timing"]
                status, secs, rss, cpu = run_limited(cmd, timeout, log)
                r.update(status=status, seconds=secs, maxrss_kib=rss, load=load,
                         cpu_seconds=cpu,
                         passes=pass_times(log))
                if status == "timeout" and not keep_going:
                    stopped.add(p)
            results.append(r)
            secs, mib = fmt_cell(r, timeout)
            load = "-" if r["load"] is None else format(r["load"], ".2f")
            unit = " s" if r["status"] == 0 else ""
            print(f"N={n:5d} {p}: {secs}{unit}, {mib} MiB, load {load}", flush=True)
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump({"meta": meta, "results": results}, f, indent=1)
    text = table(results, meta)
    with open(os.path.join(out, "table.md"), "w") as f:
        f.write(text)
    print()
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
