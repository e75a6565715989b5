#!/usr/bin/env bash
# CPU kernels against libraries: the mdh cpu pipeline (mdh-run
# --pipeline=cpu) against OpenBLAS, oneDNN and plain C loops (libs.c), with
# 1 and 2 threads, on the same inputs in the same run, every library output
# checked against mdh's; with the machine's FMA peak and copy bandwidth
# measured by libs.c too. Writes bench/cpu/out/kernels/table.md,
# results.tsv, kernels.png and one log per run in logs/.
#
# Usage: bash bench/cpu/kernels.sh [--build=DIR] [--warmup=N] [--reps=N]
#                                  [--only=NAME[,NAME...]] [--tries=N]
#                                  [--max-others=X] [--rounds=N]
#   --build   the build folder with bin/mdh-run (default: build)
#   --warmup  untimed runs before the timed ones (default 2)
#   --reps    timed runs; the table shows their median (default 9)
#   --only    a subset of: matmul512 matmul1000 matmul1024 matmul2048 bmatmul
#             matvec conv jacobi3d reduce
#   --tries, --max-others  as in run.sh (guard.py)
#   --rounds  measure each kernel's mdh and library pair N times in turn
#             and keep each side's fastest median (default 1): on a machine
#             whose neighbours share its caches and memory, one run of a
#             kernel can be 1.5x slower than the next
# Environment: PYTHON (default /usr/bin/python3, with python3-matplotlib), CC
# (default gcc: libdnnl of Debian is built with GCC's OpenMP).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$root/build
warmup=2
reps=9
only=""
tries=3
max_others=0.1
rounds=1
for a in "$@"; do
  case $a in
    --build=*) build=$(cd "${a#--build=}" && pwd) ;;
    --warmup=*) warmup=${a#--warmup=} ;;
    --reps=*) reps=${a#--reps=} ;;
    --only=*) only=${a#--only=} ;;
    --tries=*) tries=${a#--tries=} ;;
    --max-others=*) max_others=${a#--max-others=} ;;
    --rounds=*) rounds=${a#--rounds=} ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) echo "kernels.sh: unknown argument '$a'" >&2; exit 1 ;;
  esac
done
py=${PYTHON:-/usr/bin/python3}
cc=${CC:-gcc}
mdh_run=$build/bin/mdh-run
[ -x "$mdh_run" ] || { echo "kernels.sh: no $mdh_run (cmake --build build first)" >&2; exit 1; }
source "$here/common.sh"
install_packages libopenblas-dev libdnnl-dev python3-matplotlib

out=$here/out/kernels
rm -rf "$out"
mkdir -p "$out/logs" "$out/data" "$out/mlir"
"$cc" -O3 -march=native -fopenmp "$here/libs.c" -o "$out/libs" -lopenblas -ldnnl -lm

k=$root/bench/kernels
m=$out/mlir
for n in 512 1000 1024 2048; do sed "s/4096/$n/g" "$k/matmul.mlir" > "$m/matmul$n.mlir"; done
sed 's/512/256/g' "$k/bmatmul.mlir" > "$m/bmatmul.mlir"
sed 's/514/258/g; s/512/256/g' "$k/jacobi3d.mlir" > "$m/jacobi3d.mlir"
cp "$k/matvec.mlir" "$k/resnet3x3.mlir" "$k/reduce.mlir" "$m/"

# name|file|entry|size shown|library and its arguments|GFLOP per call|GB per call
kernels=(
  "matmul512|matmul512.mlir|matmul|512^3|OpenBLAS sgemm|sgemm 512 512 512|$(echo '2*512^3/10^9' | bc -l)|0"
  "matmul1000|matmul1000.mlir|matmul|1000^3|OpenBLAS sgemm|sgemm 1000 1000 1000|2|0"
  "matmul1024|matmul1024.mlir|matmul|1024^3|OpenBLAS sgemm|sgemm 1024 1024 1024|$(echo '2*1024^3/10^9' | bc -l)|0"
  "matmul2048|matmul2048.mlir|matmul|2048^3|OpenBLAS sgemm|sgemm 2048 2048 2048|$(echo '2*2048^3/10^9' | bc -l)|0"
  "bmatmul|bmatmul.mlir|bmatmul|16 x 256^3|OpenBLAS sgemm loop|sgemm_batched 16 256 256 256|$(echo '2*16*256^3/10^9' | bc -l)|0"
  "matvec|matvec.mlir|matvec|8192^2|OpenBLAS sgemv|sgemv 8192 8192|0|$(echo '4*(8192^2+2*8192)/10^9' | bc -l)"
  "conv|resnet3x3.mlir|resnet3x3|32x128x28^2, 3x3|oneDNN conv|conv 32 128 30 30 128 3 3|$(echo '2*32*128*28*28*128*9/10^9' | bc -l)|0"
  "jacobi3d|jacobi3d.mlir|jacobi3d|256^3|C loops (gcc -O3)|jacobi3d 256|0|$(echo '4*(258^3+256^3)/10^9' | bc -l)"
  "reduce|reduce.mlir|reduce|2^26|C loop (gcc -O3)|reduce 67108864|0|$(echo '4*2^26/10^9' | bc -l)"
)

results=$out/results.tsv
printf 'kernel\tsize\tlibrary\tgflop\tgb\tmdh1_ms\tmdh2_ms\tlib1_ms\tlib2_ms\tcheck\tnote\tmdh1_others\tmdh2_others\tlib1_others\tlib2_others\n' > "$results"
status=0
start=$(date +%s)
load_start=$(cut -d' ' -f1 /proc/loadavg)
last_frac=0

# pick min|max X Y: the smaller or larger of two numbers, either of which
# may be nan or empty (a failed run).
pick() {
  "$py" -c 'import sys
v = [float(x) for x in sys.argv[2:] if x and x != "nan"]
print((min if sys.argv[1] == "min" else max)(v) if v else "nan")' "$@"
}

# The machine's limits, 1 and 2 threads.
limits=$out/limits.tsv
printf 'threads\tfma_gflops\tcopy_gbs\n' > "$limits"
# The highest of "rounds" measurements of each limit (see --rounds).
for t in 1 2; do
  fma=nan copy=nan
  for ((r = 1; r <= rounds; ++r)); do
    guarded "$out/logs/fma$t.log" "$out/libs" fma . $t 1 3
    guarded "$out/logs/copy$t.log" "$out/libs" copy . $t 2 9 67108864
    fma=$(pick max "$fma" "$(sed -n 's/.*gflops=//p' "$out/logs/fma$t.log")")
    copy=$(pick max "$copy" "$(sed -n 's/.*gbs=//p' "$out/logs/copy$t.log")")
  done
  printf '%s\t%s\t%s\n' $t "$fma" "$copy" >> "$limits"
done

for entry in "${kernels[@]}"; do
  IFS='|' read -r name file fn size lib args gflop gb <<< "$entry"
  if [ -n "$only" ] && [[ ",$only," != *",$name,"* ]]; then continue; fi
  echo "== $name ($size)"
  check=ok
  note=""
  declare -A ms=()
  for t in 1 2; do
    d=$out/data/$name
    mkdir -p "$d"
    log=$out/logs/$name.mdh$t.log
    llog=$out/logs/$name.lib$t.log
    ms[mdh$t]=nan ms[lib$t]=nan
    for ((r = 1; r <= rounds; ++r)); do
      # The reference pipeline checks mdh once (libs.c checks it against the
      # library on every run); not the 2^26-term sum, whose sequential float
      # sum is itself far off (libs.c checks it in double precision).
      cmp=()
      [ $t = 2 ] || [ $r -gt 1 ] || [ "$name" = reduce ] || cmp=(--compare=reference)
      if guarded "$log" env OMP_NUM_THREADS=$t "$mdh_run" "$m/$file" --entry="$fn" \
           --pipeline=cpu --seed=1 --repeat=$((warmup + reps)) --write-outputs="$d" "${cmp[@]}"; then
        ms[mdh$t]=$(pick min "${ms[mdh$t]}" "$(median_mdh "$log")")
      else
        check=FAIL status=1
        note+="mdh-run ${t}t failed (logs/$name.mdh$t.log); "
      fi
      ms[omdh$t]=$last_frac
      # shellcheck disable=SC2086
      if guarded "$llog" env OMP_NUM_THREADS=$t "$out/libs" ${args%% *} "$d" $t "$warmup" "$reps" ${args#* }; then
        :
      else
        check=FAIL status=1
        note+="$lib ${t}t: $(grep -o 'check=[A-Z]*' "$llog" || tail -1 "$llog"); "
      fi
      ms[olib$t]=$last_frac
      ms[lib$t]=$(pick min "${ms[lib$t]}" "$(sed -n 's/^median_ms=\([0-9.]*\).*/\1/p' "$llog")")
    done
    echo "   $t thread(s): mdh ${ms[mdh$t]} ms, $lib ${ms[lib$t]} ms  $(grep -o 'max_abs_err=[^ ]*' "$llog" || true)"
    rm -rf "$d"
  done
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$size" "$lib" \
    "$gflop" "$gb" "${ms[mdh1]}" "${ms[mdh2]}" "${ms[lib1]}" "${ms[lib2]}" "$check" "$note" \
    "${ms[omdh1]}" "${ms[omdh2]}" "${ms[olib1]}" "${ms[olib2]}" >> "$results"
  unset ms
done
rm -rf "$out/data"
echo "== $(( $(date +%s) - start )) s"

"$py" "$here/kernels_report.py" "$results" "$limits" "$out/table.md" "$out/kernels.png" \
  "$(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, 1-minute load average $load_start before the run" \
  "$warmup" "$reps" "$max_others" "$rounds"
cat "$out/table.md"
exit $status
