#!/usr/bin/env bash
# linalg benchmark (issue 27): linalg programs raised by mdh-from-linalg and
# run by the mdh cpu pipeline, against the same computations written as
# md_homs and against upstream's lowering of the linalg ops (mdh-run's cpu
# pipeline on the file as it is: convert-linalg-to-loops), at 1 and 2
# threads, in one run. Every variant is checked against the reference
# pipeline first (mdh-run --compare=reference). Writes
# bench/linalg/out/table.md, results.tsv and linalg.png.
#
# Usage: bash bench/linalg/run.sh [--build=DIR] [--reps=N] [--upstream-reps=N]
#   --build           the build folder with bin/mdh-run and bin/mdh-opt
#                     (default: build)
#   --reps            timed runs per variant; the table shows the median
#                     (default 9; one untimed run first)
#   --upstream-reps   timed runs of upstream's lowering (default 1: seconds
#                     each; 0 leaves it out)
# Environment: PYTHON (default /usr/bin/python3, for the plot: Debian's
# python3-matplotlib).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$root/build
reps=9
up_reps=1
for a in "$@"; do
  case $a in
    --build=*) build=$(cd "${a#--build=}" && pwd) ;;
    --reps=*) reps=${a#--reps=} ;;
    --upstream-reps=*) up_reps=${a#--upstream-reps=} ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown argument '$a'" >&2; exit 1 ;;
  esac
done
py=${PYTHON:-/usr/bin/python3}
for t in mdh-run mdh-opt; do
  [ -x "$build/bin/$t" ] || { echo "run.sh: no $build/bin/$t (make build first)" >&2; exit 1; }
done
out=$here/out
mkdir -p "$out"
rm -f "$out/results.tsv"

# program  file  entry  mdh-run flags (the extents of dynamic arguments)
cases=(
  "matmul 1024^3|matmul|mdh|"
  "matmul 1024^3|matmul|linalg|"
  "matmul 1024^3|matmul|linalg_fill|"
  "matmul 1024^3|matmul|linalg_reassoc|"
  "matmul 1024^3|matmul|linalg_dyn|--shape=0:1024x1024 --shape=1:1024x1024 --shape=2:1024x1024"
  "matmul 1024^3|matmul|linalg_fill_dyn|--shape=0:1024x1024 --shape=1:1024x1024 --shape=2:1024x1024"
  "matmul 1024^3|matmul|linalg_dyn_reassoc|--shape=0:1024x1024 --shape=1:1024x1024 --shape=2:1024x1024"
  "ResNet-50 conv 3x3, 56^2 x 64 -> 64|conv|mdh|"
  "ResNet-50 conv 3x3, 56^2 x 64 -> 64|conv|linalg_fill|"
  "ResNet-50 conv 3x3, 56^2 x 64 -> 64|conv|linalg|"
  "element-wise chain 2048^2|ew|mdh|"
  "element-wise chain 2048^2|ew|linalg|"
)

# Prints the median of the time_ms=... lines of mdh-run's output on stdin.
median() {
  grep -o 'time_ms=[0-9.]*' | sed 's/time_ms=//' | sort -g |
    awk '{v[NR]=$1} END {if (NR == 0) exit 1; print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'
}

for f in matmul conv ew; do
  "$build/bin/mdh-opt" "$here/$f.mlir" --mdh-from-linalg -o "$out/$f.raised.mlir"
done
for c in "${cases[@]}"; do
  IFS='|' read -r prog file entry flags <<<"$c"
  # shellcheck disable=SC2086
  "$build/bin/mdh-run" "$out/$file.raised.mlir" --entry="$entry" --pipeline=cpu \
    --compare=reference $flags >"$out/check.log" 2>&1 ||
    { cat "$out/check.log"; echo "run.sh: $file/$entry differs from the reference" >&2; exit 1; }
  for threads in 1 2; do
    # shellcheck disable=SC2086
    ms=$(OMP_NUM_THREADS=$threads "$build/bin/mdh-run" "$out/$file.raised.mlir" \
      --entry="$entry" --pipeline=cpu --repeat=$((reps + 1)) $flags 2>&1 | tail -n "$reps" | median)
    printf '%s\t%s\tmdh\t%s\t%s\n' "$prog" "$entry" "$threads" "$ms" >>"$out/results.tsv"
    if [ "$entry" != mdh ] && [ "$up_reps" -gt 0 ] && [ "$threads" = 1 ]; then
      # shellcheck disable=SC2086
      ms=$("$build/bin/mdh-run" "$here/$file.mlir" --entry="$entry" --pipeline=cpu \
        --repeat="$up_reps" $flags 2>&1 | median)
      printf '%s\t%s\tupstream\t1\t%s\n' "$prog" "$entry" "$ms" >>"$out/results.tsv"
    fi
  done
done
rm -f "$out/check.log"
"$py" "$here/report.py" "$out/results.tsv" "$out/table.md" "$out/linalg.png"
cat "$out/table.md"
