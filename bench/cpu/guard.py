#!/usr/bin/python3
"""Runs a command and tells how busy the rest of the machine was meanwhile.

Usage: guard.py OUT_LOG [--wait-quiet=S] -- CMD [ARGS...]
With --wait-quiet, first waits (at most S seconds) until the machine has
been idle, less than 0.1 core busy, for two consecutive half seconds. Runs CMD with stdout and stderr to OUT_LOG, then appends the line
  guard wall_s=W own_cpu_s=C others_cpu_s=O others_frac=F
where O is the CPU time that the whole machine spent (/proc/stat: user,
nice, system, irq, softirq, steal) minus CMD's own (its rusage, threads
included), and F = O / W, the average number of cores that other processes
(or the hypervisor) took. run.sh repeats a measurement when F is high: on a
2-core machine another busy process halves a 2-thread run. Exits with CMD's
exit status.
"""
import os
import subprocess
import sys
import time


def busy_jiffies():
    with open("/proc/stat") as f:
        v = [int(t) for t in f.readline().split()[1:]]
    # user nice system idle iowait irq softirq steal ...
    return v[0] + v[1] + v[2] + v[5] + v[6] + (v[7] if len(v) > 7 else 0)


def wait_quiet(limit_s, hz):
    """Waits until two consecutive half seconds were idle; returns the wait."""
    t_start = time.monotonic()
    quiet = 0
    while time.monotonic() - t_start < limit_s and quiet < 2:
        b0 = busy_jiffies()
        time.sleep(0.5)
        cores = (busy_jiffies() - b0) / hz / 0.5
        quiet = quiet + 1 if cores < 0.1 else 0
    return time.monotonic() - t_start


def main(argv):
    wait_s = 0.0
    if len(argv) > 1 and argv[1].startswith("--wait-quiet="):
        wait_s = float(argv[1].split("=", 1)[1])
        argv = argv[:1] + argv[2:]
    if len(argv) < 3 or argv[1] != "--":
        sys.exit(__doc__)
    log, cmd = argv[0], argv[2:]
    hz = os.sysconf("SC_CLK_TCK")
    waited = wait_quiet(wait_s, hz) if wait_s > 0 else 0.0
    with open(log, "w") as out:
        b0, t0 = busy_jiffies(), time.monotonic()
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
        _, status, ru = os.wait4(p.pid, 0)
        b1, t1 = busy_jiffies(), time.monotonic()
    wall = t1 - t0
    own = ru.ru_utime + ru.ru_stime
    others = max(0.0, (b1 - b0) / hz - own)
    with open(log, "a") as out:
        out.write(f"guard wall_s={wall:.3f} own_cpu_s={own:.3f} others_cpu_s={others:.3f} "
                  f"others_frac={others / wall if wall > 0 else 0.0:.3f} waited_s={waited:.1f}\n")
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
