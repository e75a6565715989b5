#!/usr/bin/env bash
# Runs the GPU benchmarks of a bundle made by bench/gpu/bundle.sh, on the
# machine with the GPU (which needs no LLVM, MLIR or Python: bash, awk, sed,
# sort and what the bundle holds; python3 with torch only for the PyTorch
# bars of the sub-graphs). Lives in the bundle:
#
#   bin/mdh-baselines     cuBLAS/CUB/CUDA reference timings (baselines.cu)
#   bin/mdh-exec, lib/    runs the ahead-of-time objects (when bundled)
#   objects/NAME.so       bench/kernels/NAME.mlir from mdh-run --emit-object
#   objects/NAME.resident.so  the same with --device-resident (its memrefs on
#                         the device already), timed beside (resident.txt)
#   kernels.tsv           entry, bytes, flops and baselines of each kernel
#   torch_subgraphs.py    PyTorch eager and torch.compile timings of
#                         bench/gpu/subgraphs (where python3 has torch)
#   src/                  baselines.cu and build.sh, to rebuild mdh-baselines
#                         where the bundled one cannot load cuBLAS
#
# Usage: run.sh [--repeat=N] [--out=DIR]
# Runs the baselines, then every object N+1 times under mdh-exec (the first
# run is a warm-up), then, where python3 has torch, torch_subgraphs.py
# (its lines join the baselines; at most MDH_BENCH_TORCH_TIMEOUT seconds,
# default 900), and prints a Markdown table: median kernel time (the
# host runtime's kernel_ms with MDH_RT_PROFILE=1, else mdh-exec's time_ms),
# rate, the fastest baseline, and the share of the baseline and of the
# measured copy bandwidth, against the targets of bench/README.md. Logs and
# the table go to DIR (default: results/ in the bundle). Exit status 1 when
# no baseline could run; a kernel that fails is reported in its row.
set -eu

bundle=$(cd "$(dirname "$0")" && pwd)
repeat=21
out=$bundle/results

usage() {
  echo "usage: run.sh [--repeat=N] [--out=DIR]   (in a bundle of bench/gpu/bundle.sh)"
}

for a in "$@"; do
  case $a in
  --repeat=*) repeat=${a#--repeat=} ;;
  --out=*) out=${a#--out=} ;;
  --help | -h)
    usage
    exit 0
    ;;
  *)
    echo "run.sh: unknown argument '$a'" >&2
    usage >&2
    exit 1
    ;;
  esac
done
case $repeat in
'' | *[!0-9]*)
  echo "run.sh: --repeat needs a positive number, got '$repeat'" >&2
  exit 1
  ;;
esac
if [ "$repeat" -lt 1 ]; then
  echo "run.sh: --repeat needs a positive number, got '$repeat'" >&2
  exit 1
fi
mkdir -p "$out"
rm -f "$out/baselines.txt" "$out/baselines.err" "$out/measured.txt" "$out/resident.txt" "$out/table.md" \
  "$out/torch.txt" "$out/torch.err"
LD_LIBRARY_PATH=$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH

# Whether the dynamic loader resolves every library of "$1" (true where
# ldd is missing: the run will tell).
loads() {
  command -v ldd >/dev/null 2>&1 || return 0
  ! ldd "$1" 2>/dev/null | grep -q 'not found'
}

# Sets "bin" to the mdh-baselines to run: the bundled one, with a cuBLAS
# found on this machine added to LD_LIBRARY_PATH if need be, else one
# rebuilt here with this machine's nvcc. False if there is none.
pick_baselines() {
  bin=$bundle/bin/mdh-baselines
  if [ ! -x "$bin" ]; then
    echo "run.sh: the bundle has no bin/mdh-baselines" >&2
    return 1
  fi
  if ! loads "$bin"; then
    lib=$(find /usr/local /opt /usr/lib /usr/lib64 -name libcublas.so.13 2>/dev/null | head -n 1)
    if [ -n "$lib" ]; then
      echo "run.sh: using $lib" >&2
      LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$(dirname "$lib")
      export LD_LIBRARY_PATH
    fi
  fi
  if ! loads "$bin" && [ -f "$bundle/src/build.sh" ]; then
    echo "run.sh: bin/mdh-baselines cannot load its libraries; rebuilding" >&2
    bash "$bundle/src/build.sh" "$out/rebuilt" >&2 || return 1
    bin=$out/rebuilt/bin/mdh-baselines
  fi
}

# Runs the baselines into $out/baselines.txt and shows them; false if none
# ran.
run_baselines() {
  pick_baselines || return 1
  rc=0
  "$bin" --repeat="$repeat" >"$out/baselines.txt" 2>"$out/baselines.err" </dev/null || rc=$?
  cat "$out/baselines.txt"
  cat "$out/baselines.err" >&2
  if [ "$rc" -ne 0 ]; then
    echo "run.sh: mdh-baselines failed (exit $rc)" >&2
  fi
  grep -q '^baseline ' "$out/baselines.txt"
}

# Appends the PyTorch eager and torch.compile timings of the sub-graphs
# (torch_subgraphs.py, lines in mdh-baselines' format: the bars
# torch_eager_NAME and torch_compile_NAME of kernels.tsv) to
# $out/baselines.txt and shows them, where this machine's python3 has torch
# (its stderr in $out/torch.err). Runs after the mdh kernels, so that a
# slow torch.compile cuts no measurement of them short.
run_torch() {
  if [ ! -f "$bundle/torch_subgraphs.py" ]; then
    echo "run.sh: the bundle has no torch_subgraphs.py: no PyTorch baselines" >&2
    return 0
  fi
  if ! command -v python3 >/dev/null 2>&1 ||
    ! python3 -c 'import torch' >/dev/null 2>&1 </dev/null; then
    echo "run.sh: no python3 with torch here: no PyTorch baselines for the sub-graphs" >&2
    return 0
  fi
  limit=${MDH_BENCH_TORCH_TIMEOUT:-900}
  rc=0
  if command -v timeout >/dev/null 2>&1; then
    timeout "$limit" python3 "$bundle/torch_subgraphs.py" --repeat="$repeat" \
      >"$out/torch.txt" 2>"$out/torch.err" </dev/null || rc=$?
  else
    python3 "$bundle/torch_subgraphs.py" --repeat="$repeat" \
      >"$out/torch.txt" 2>"$out/torch.err" </dev/null || rc=$?
  fi
  cat "$out/torch.txt"
  cat "$out/torch.txt" >>"$out/baselines.txt"
  if [ "$rc" -ne 0 ]; then
    echo "run.sh: torch_subgraphs.py failed (exit $rc; $out/torch.err)" >&2
  fi
}

# Prints the median of the "$2=" values of log "$1", the first (warm-up)
# dropped, or nothing.
median_of() {
  sed -n "s/^$2=//p" "$1" | sed 1d | sort -n |
    awk '{ v[NR] = $1 } END {
      if (NR == 0) exit
      if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2
    }'
}

# Runs object "$1" (entry "$2") and prints "KERNEL_MS CALL_MS TIMER", or a
# one-word status when it cannot.
run_kernel() {
  obj=$bundle/objects/$1.so
  if [ ! -f "$obj" ]; then
    echo not-bundled
    return
  fi
  if [ ! -x "$bundle/bin/mdh-exec" ]; then
    echo no-mdh-exec
    return
  fi
  if ! MDH_RT_PROFILE=1 "$bundle/bin/mdh-exec" "$obj" --entry="$2" \
    --repeat=$((repeat + 1)) >"$out/$1.log" 2>&1 </dev/null; then
    echo "failed"
    return
  fi
  call=$(median_of "$out/$1.log" time_ms)
  kern=$(median_of "$out/$1.log" kernel_ms)
  if [ -z "$call" ]; then
    echo no-times
  elif [ -n "$kern" ] && awk -v k="$kern" 'BEGIN { exit !(k > 0) }'; then
    echo "$kern $call kernel_ms"
  else
    echo "$call $call time_ms"
  fi
}

# Runs the device-resident object of "$1" (entry "$2"; mdh-exec copies its
# inputs to the device before each call and times the call alone) and
# prints "NAME CALL_MS KERNEL_MS", or nothing without such an object.
run_resident() {
  obj=$bundle/objects/$1.resident.so
  [ -f "$obj" ] && [ -x "$bundle/bin/mdh-exec" ] || return 0
  if ! MDH_RT_PROFILE=1 "$bundle/bin/mdh-exec" "$obj" --entry="$2" \
    --device-resident --repeat=$((repeat + 1)) >"$out/$1.resident.log" 2>&1 </dev/null; then
    echo "$1 failed -"
    return
  fi
  echo "$1 $(median_of "$out/$1.resident.log" time_ms) $(median_of "$out/$1.resident.log" kernel_ms)"
}

# Runs every kernel of kernels.tsv into $out/measured.txt: "NAME" and what
# run_kernel printed; the device-resident calls into $out/resident.txt.
measure_all() {
  while read -r name entry rest; do
    case $name in '' | '#'*) continue ;; esac
    echo "$name $(run_kernel "$name" "$entry")"
  done <"$bundle/kernels.tsv" >"$out/measured.txt"
  while read -r name entry rest; do
    case $name in '' | '#'*) continue ;; esac
    run_resident "$name" "$entry"
  done <"$bundle/kernels.tsv" >"$out/resident.txt"
}

# Prints the table of the device-resident calls beside the calls from host
# buffers, if any was measured.
resident_table() {
  [ -s "$out/resident.txt" ] || return 0
  echo
  echo "Device-resident calls (mdh-run --device-resident: the memrefs live on the device; mdh-exec times the call alone):"
  echo
  echo "| kernel | mdh call ms (host buffers) | mdh call ms (device-resident) | mdh kernel ms (device-resident) |"
  echo "|---|---|---|---|"
  awk 'function ms(x) { return x ~ /^[0-9.]+$/ ? sprintf("%.4f", x) : x }
       FILENAME == ARGV[1] { host[$1] = $3; next }
       {
         h = (($1 in host) && host[$1] != "") ? host[$1] : "-"
         k = (NF > 2 && $3 != "") ? $3 : "-"
         printf "| %s | %s | %s | %s |\n", $1, ms(h), ms($2), ms(k)
       }' \
    "$out/measured.txt" "$out/resident.txt"
}

# Prints the Markdown table from the baselines' output, measured.txt and
# kernels.tsv. The bar of a kernel is its fastest baseline that passed its
# check; the copy bandwidth the faster of memcpy_d2d and copy_kernel.
table() {
  base=$out/baselines.txt
  [ -f "$base" ] || base=/dev/null
  awk -v repeat="$repeat" '
    function fields(line, kv,    i, e, f, n) {
      n = split(line, f, " ")
      for (i = 2; i <= n; i++) {
        e = index(f[i], "=")
        if (e) kv[substr(f[i], 1, e - 1)] = substr(f[i], e + 1)
      }
    }
    FILENAME == ARGV[1] && $1 == "device" {
      device = $0; sub(/.*name="/, "", device); sub(/"$/, "", device)
    }
    FILENAME == ARGV[1] && $1 == "baseline" {
      split("", kv); fields($0, kv)
      if (kv["check"] == "ok") { ms[kv["name"]] = kv["ms"]; gbps[kv["name"]] = kv["gbps"] }
    }
    FILENAME == ARGV[1] { next }
    FILENAME == ARGV[2] { meas[$1] = $0; next }
    $1 ~ /^#/ || NF == 0 { next }
    { rows[++nrows] = $0 }
    function pct(x) { return x == "" ? "-" : sprintf("%.1f%%", x) }
    function row(r,    k, m, n, i, b, bname, bms, t, rate, pb, pc, target) {
      split(r, k, " "); n = split(meas[k[1]], m, " ")
      bname = "-"; bms = ""
      split(k[6], b, ",")
      for (i in b)
        if ((b[i] in ms) && (bms == "" || ms[b[i]] + 0 < bms + 0)) { bname = b[i]; bms = ms[b[i]] }
      if (n < 4) {
        printf "| %s | %s | - | - | %s | %s | - | - | not measured |\n", k[1], n < 2 ? "-" : m[2], bname, bms == "" ? "-" : bms
        return
      }
      t = m[2]
      if (k[3] == "memory") rate = sprintf("%.1f GB/s", k[4] / t * 1e-6)
      else rate = sprintf("%.1f GFLOP/s", k[5] / t * 1e-6)
      pb = bms == "" ? "" : 100 * bms / t
      pc = (k[3] == "memory" && copy != "") ? 100 * k[4] / t * 1e-6 / copy : ""
      if (k[3] == "memory") target = pc == "" ? "-" : (pc >= 70 ? "met" : "missed") " (>= 70% of copy)"
      else target = pb == "" ? "-" : (pb >= 30 ? "met" : "missed") " (>= 30% of " bname ")"
      printf "| %s | %.4f (%s) | %.4f | %s | %s | %s | %s | %s | %s |\n", k[1], t, m[4], m[3], rate, bname,
        bms == "" ? "-" : sprintf("%.4f", bms), pct(pb), pct(pc), target
    }
    END {
      copy = ""
      if ("memcpy_d2d" in gbps) copy = gbps["memcpy_d2d"]
      if (("copy_kernel" in gbps) && (copy == "" || gbps["copy_kernel"] + 0 > copy + 0)) copy = gbps["copy_kernel"]
      printf "device: %s; measured copy bandwidth: %s GB/s (read + write); median of %d runs\n\n",
        device == "" ? "unknown" : device, copy == "" ? "unknown" : copy, repeat
      print "| kernel | mdh kernel ms (timer) | mdh call ms | mdh rate | baseline | baseline ms | % of baseline | % of copy bandwidth | target |"
      print "|---|---|---|---|---|---|---|---|---|"
      for (i = 1; i <= nrows; i++) row(rows[i])
    }' "$base" "$out/measured.txt" "$bundle/kernels.tsv"
}

# Times the tuning candidates of tune/NAME/ (bundle.sh) with their run.sh
# and the bundle's mdh-exec, into tune/NAME/times.tsv, copied to
# $out/tune.NAME.tsv.
run_tuning() {
  for runner in "$bundle"/tune/*/run.sh; do
    [ -f "$runner" ] || continue
    name=$(basename "$(dirname "$runner")")
    if MDH_EXEC=$bundle/bin/mdh-exec bash "$runner" 2>"$out/tune.$name.log"; then
      cp "$(dirname "$runner")/times.tsv" "$out/tune.$name.tsv"
      echo "run.sh: $name: tuning candidates timed ($out/tune.$name.tsv)" >&2
    else
      echo "run.sh: $name: timing the tuning candidates failed ($out/tune.$name.log)" >&2
    fi
  done
}

status=0
run_baselines || status=1
measure_all
run_tuning
run_torch
echo
{
  table
  resident_table
} | tee "$out/table.md"
exit $status
