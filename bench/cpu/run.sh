#!/usr/bin/env bash
# CPU benchmark: the mdh cpu pipeline (mdh-run --pipeline=cpu) with and
# without mdh-tile-fuse against Halide 14 (python3-halide JIT) with the
# plain schedule and autoscheduled (Mullapudi2016), 1 and 2 threads, on the
# pipelines of bench/cpu/README.md. Writes bench/cpu/out/table.md,
# bench/cpu/out/results.tsv, bench/cpu/out/cpu.png and one log per run in
# bench/cpu/out/logs/.
#
# Usage: bash bench/cpu/run.sh [--build=DIR] [--warmup=N] [--reps=N]
#                              [--only=NAME[,NAME...]] [--keep-data]
#                              [--tries=N] [--max-others=X]
#   --build   the build folder with bin/mdh-run (default: build)
#   --warmup  untimed runs before the timed ones (default 2)
#   --reps    timed runs; the table shows their median (default 15)
#   --only    a subset of: blur unsharp harris convchain matmul jacobi3d
#   --keep-data  keep out/data (inputs and outputs, about 1 GB in all)
#   --tries   attempts per measurement when other processes are busy (default 3)
#   --max-others  the busy-ness of the rest of the machine (cores, guard.py's
#             others_frac) above which a measurement is repeated (default 0.1);
#             the attempt with the quietest machine is kept
# Environment: PYTHON (default /usr/bin/python3: Debian's python3-halide and
# python3-matplotlib are built for it).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$root/build
warmup=2
reps=15
only=""
keep=0
tries=3
max_others=0.1
for a in "$@"; do
  case $a in
    --build=*) build=$(cd "${a#--build=}" && pwd) ;;
    --warmup=*) warmup=${a#--warmup=} ;;
    --reps=*) reps=${a#--reps=} ;;
    --only=*) only=${a#--only=} ;;
    --keep-data) keep=1 ;;
    --tries=*) tries=${a#--tries=} ;;
    --max-others=*) max_others=${a#--max-others=} ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown argument '$a'" >&2; exit 1 ;;
  esac
done
py=${PYTHON:-/usr/bin/python3}
mdh_run=$build/bin/mdh-run
[ -x "$mdh_run" ] || { echo "run.sh: no $mdh_run (cmake --build build first)" >&2; exit 1; }

source "$here/common.sh"
install_packages libhalide14-0-dev python3-halide python3-matplotlib
"$py" -c 'import halide' 2>/dev/null ||
  { echo "run.sh: $py cannot import halide (python3-halide)" >&2; exit 1; }

out=$here/out
rm -rf "$out/logs" "$out/data" "$out/mlir"
mkdir -p "$out/logs" "$out/data" "$out/mlir"

# The GPU benchmark kernels at the CPU sizes (bench/kernels, sizes replaced).
sed 's/4096/512/g' "$root/bench/kernels/matmul.mlir" > "$out/mlir/matmul.mlir"
sed 's/514/130/g; s/512/128/g' "$root/bench/kernels/jacobi3d.mlir" > "$out/mlir/jacobi3d.mlir"

# name, file, size shown in the table
pipelines=(
  "blur|$here/blur.mlir|4096x4096 (2 stages)"
  "unsharp|$here/unsharp.mlir|3x2048x2048 (3 stages)"
  "harris|$here/harris.mlir|2048x2048 (10 stages)"
  "convchain|$here/convchain.mlir|2048x2048, 5x5 (3 stages)"
  "matmul|$out/mlir/matmul.mlir|512x512x512"
  "jacobi3d|$out/mlir/jacobi3d.mlir|128^3 (input 130^3)"
)

results=$out/results.tsv
cols="mdh1 mdh2 unfused1 unfused2 halide1 halide2 auto1 auto2"
{
  printf 'pipeline\tsize'
  for c in $cols; do printf '\t%s_ms' "$c"; done
  printf '\tcheck\tnote'
  for c in $cols; do printf '\t%s_others' "$c"; done
  printf '\n'
} > "$results"
status=0
start=$(date +%s)
load_start=$(cut -d' ' -f1 /proc/loadavg)
last_frac=0
for entry in "${pipelines[@]}"; do
  IFS='|' read -r name file size <<< "$entry"
  if [ -n "$only" ] && [[ ",$only," != *",$name,"* ]]; then continue; fi
  echo "== $name ($size)"
  check=ok
  note=""
  declare -A ms=()
  for t in 1 2; do
    d=$out/data/$name/t$t
    mkdir -p "$d"
    # mdh with mdh-tile-fuse (the default) and without (--fusion=none).
    # Inputs: mdh-run's --seed=1 fill; --write-outputs leaves inputs and
    # outputs in $d (the inputs are restored before every run). The
    # reference comparison is not timed.
    for v in mdh unfused; do
      log=$out/logs/$name.$v$t.log
      extra=(--write-outputs="$d")
      [ $v = mdh ] || extra=(--fusion=none)
      if guarded "$log" env OMP_NUM_THREADS=$t "$mdh_run" "$file" --entry="$name" \
           --pipeline=cpu --seed=1 --repeat=$((warmup + reps)) --compare=reference \
           "${extra[@]}"; then
        ms[$v$t]=$(median_mdh "$log")
      else
        ms[$v$t]=nan
        check=FAIL
        note+="mdh-run $v ${t}t failed (logs/$name.$v$t.log); "
        status=1
      fi
      ms[o$v$t]=$last_frac
      echo "   mdh $v $t thread(s): ${ms[$v$t]} ms  $(grep -o 'max_abs_err=.*' "$log" || true)"
    done
    # Halide with the plain schedule and autoscheduled (Mullapudi2016), on
    # mdh's inputs, checked against mdh's output.
    for v in halide auto; do
      hlog=$out/logs/$name.$v$t.log
      if [ "${ms[mdh$t]}" = nan ]; then
        ms[$v$t]=nan
        ms[o$v$t]=0
        continue
      fi
      sched=plain
      [ $v = halide ] || sched=auto
      if guarded "$hlog" env HL_NUM_THREADS=$t "$py" "$here/halide_bench.py" "$name" "$d" \
           --warmup "$warmup" --reps "$reps" --schedule $sched; then
        :
      else
        check=FAIL
        note+="halide $sched ${t}t: $(grep -o 'check=[A-Z]*' "$hlog" || tail -1 "$hlog"); "
        status=1
      fi
      ms[o$v$t]=$last_frac
      ms[$v$t]=$(grep -o 'median_ms=[0-9.]*' "$hlog" | sed 's/median_ms=//' || true)
      [ -n "${ms[$v$t]}" ] || ms[$v$t]=nan
      echo "   Halide $sched $t thread(s): ${ms[$v$t]} ms  $(grep -o 'max_abs_err=.* check=[A-Za-z]*' "$hlog" || true)"
    done
    [ "$keep" = 1 ] || rm -rf "$d"
  done
  {
    printf '%s\t%s' "$name" "$size"
    for c in $cols; do printf '\t%s' "${ms[$c]}"; done
    printf '\t%s\t%s' "$check" "$note"
    for c in $cols; do printf '\t%s' "${ms[o$c]}"; done
    printf '\n'
  } >> "$results"
  unset ms
done
[ "$keep" = 1 ] || rm -rf "$out/data"
echo "== $(( $(date +%s) - start )) s"

"$py" "$here/report.py" "$results" "$out/table.md" "$out/cpu.png" \
  "$(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores, 1-minute load average $load_start before the run" \
  "$warmup" "$reps" "$max_others"
cat "$out/table.md"
exit $status
