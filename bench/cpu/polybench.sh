#!/usr/bin/env bash
# PolyBench 4.2 kernels written as md_hom programs (bench/cpu/polybench/)
# through the mdh cpu pipeline, with 1 and 2 threads, against PolyBench's
# own loops (polybench/loops.c) compiled by clang -O3, by clang with Polly,
# and with Polly's OpenMP parallelization on 2 threads; same inputs (mdh-run's
# --seed=1), every loop's output checked against mdh's. Writes
# bench/cpu/out/polybench/table.md, polybench.png, results.tsv and logs/.
#
# Usage: bash bench/cpu/polybench.sh [--build=DIR] [--warmup=N] [--reps=N]
#                                    [--only=NAME[,NAME...]] [--tries=N]
#                                    [--max-others=X]
#   options as in kernels.sh; kernels: gemm 2mm atax bicg mvt gesummv doitgen
#   covariance syrk jacobi-2d
# Environment: PYTHON (default /usr/bin/python3), CLANG (default clang-22).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$root/build
warmup=2
reps=9
only=""
tries=3
max_others=0.1
for a in "$@"; do
  case $a in
    --build=*) build=$(cd "${a#--build=}" && pwd) ;;
    --warmup=*) warmup=${a#--warmup=} ;;
    --reps=*) reps=${a#--reps=} ;;
    --only=*) only=${a#--only=} ;;
    --tries=*) tries=${a#--tries=} ;;
    --max-others=*) max_others=${a#--max-others=} ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "polybench.sh: unknown argument '$a'" >&2; exit 1 ;;
  esac
done
py=${PYTHON:-/usr/bin/python3}
clang=${CLANG:-clang-22}
mdh_run=$build/bin/mdh-run
[ -x "$mdh_run" ] || { echo "polybench.sh: no $mdh_run (cmake --build build first)" >&2; exit 1; }
source "$here/common.sh"
install_packages clang-22 libomp-22-dev

out=$here/out/polybench
rm -rf "$out"
mkdir -p "$out/logs" "$out/data"
src=$here/polybench/loops.c
"$clang" -O3 -march=native "$src" -o "$out/loops_o3" -lm
"$clang" -O3 -march=native -mllvm -polly "$src" -o "$out/loops_polly" -lm
"$clang" -O3 -march=native -mllvm -polly -mllvm -polly-parallel -fopenmp "$src" \
  -o "$out/loops_polly_par" -lm

kernels=(gemm 2mm atax bicg mvt gesummv doitgen covariance syrk jacobi-2d)
results=$out/results.tsv
printf 'kernel\tmdh1_ms\tmdh2_ms\tclang_ms\tpolly_ms\tpolly_par2_ms\tcheck\tnote\n' > "$results"
status=0
start=$(date +%s)
load_start=$(cut -d' ' -f1 /proc/loadavg)
last_frac=0
for name in "${kernels[@]}"; do
  if [ -n "$only" ] && [[ ",$only," != *",$name,"* ]]; then continue; fi
  entry=$name
  [ "$name" != 2mm ] || entry=mm2
  entry=${entry//-/_}
  echo "== $name"
  check=ok
  note=""
  declare -A ms=()
  d=$out/data/$name
  mkdir -p "$d"
  # mdh's outputs are checked against PolyBench's loops (loops.c, within
  # 1e-3 + 1e-3 |mdh|), not against mdh's reference pipeline, whose f32
  # tolerance (1e-4 + 1e-4 |ref|) the register tiles' fused multiply-adds
  # exceed on 2mm's sums of 900 sums of 1100 products where they cancel.
  for t in 1 2; do
    log=$out/logs/$name.mdh$t.log
    if guarded "$log" env OMP_NUM_THREADS=$t "$mdh_run" "$here/polybench/$name.mlir" \
         --entry="$entry" --pipeline=cpu --seed=1 --repeat=$((warmup + reps)) \
         --write-outputs="$d"; then
      ms[mdh$t]=$(median_mdh "$log")
    else
      ms[mdh$t]=nan check=FAIL status=1
      note+="mdh-run ${t}t failed; "
    fi
  done
  for v in o3:1:clang polly:1:polly polly_par:2:polly_par2; do
    IFS=: read -r bin t key <<< "$v"
    log=$out/logs/$name.$key.log
    if guarded "$log" env OMP_NUM_THREADS=$t "$out/loops_$bin" "$name" "$d" "$warmup" "$reps"; then
      :
    else
      check=FAIL status=1
      note+="$key: $(grep -o 'check=[A-Z]*' "$log" || tail -1 "$log"); "
    fi
    ms[$key]=$(sed -n 's/^median_ms=\([0-9.]*\).*/\1/p' "$log")
    [ -n "${ms[$key]}" ] || ms[$key]=nan
  done
  echo "   mdh ${ms[mdh1]} / ${ms[mdh2]} ms, clang -O3 ${ms[clang]}, Polly ${ms[polly]}, Polly parallel (2t) ${ms[polly_par2]}"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "${ms[mdh1]}" "${ms[mdh2]}" \
    "${ms[clang]}" "${ms[polly]}" "${ms[polly_par2]}" "$check" "$note" >> "$results"
  unset ms
  rm -rf "$d"
done
rm -rf "$out/data"
echo "== $(( $(date +%s) - start )) s"

# The table and plot (polybench_report.py).
"$py" "$here/polybench_report.py" "$results" "$out/table.md" "$out/polybench.png" \
  "$(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, 1-minute load average $load_start before the run" \
  "$warmup" "$reps"
cat "$out/table.md"
exit $status
