#!/bin/sh
# Usage: check-subgraphs.sh MDH_OPT SRC_ROOT SMALL_DIR
# For each bench/gpu/subgraphs/NAME.mlir (sorted): checks that it defines
# @NAME, passes mdh-verify at its full size and that bench/gpu/kernels.tsv
# has NAME_fused (fusion basteln) and NAME_unfused (fusion none) with entry
# NAME and source gpu/subgraphs/NAME.mlir; then counts the gpu.launch_func
# of SMALL_DIR/NAME.mlir (its small copy) through mdh-gpu-pipeline. Prints
# "NAME: ok, K kernel(s) small" per sub-graph; fails if any check fails.
opt=$1
src=$2
small=$3
tsv=$src/bench/gpu/kernels.tsv
status=0
for f in "$src"/bench/gpu/subgraphs/*.mlir; do
  name=$(basename "$f" .mlir)
  lines=$(awk -v n="$name" '
    $1 == n "_fused" && $2 == n && $7 == "gpu/subgraphs/" n ".mlir" && $8 == "basteln" { f++ }
    $1 == n "_unfused" && $2 == n && $7 == "gpu/subgraphs/" n ".mlir" && $8 == "none" { u++ }
    END { print f + 0, u + 0 }' "$tsv")
  if [ "$lines" != "1 1" ]; then
    echo "$name: not in bench/gpu/kernels.tsv as ${name}_fused and ${name}_unfused"
    status=1
  elif ! grep -q "^func.func @$name(" "$f"; then
    echo "$name: no entry @$name"
    status=1
  elif ! "$opt" --pass-pipeline='builtin.module(mdh-verify)' "$f" >/dev/null; then
    echo "$name: mdh-verify failed"
    status=1
  elif [ ! -f "$small/$name.mlir" ]; then
    echo "$name: no small copy $small/$name.mlir"
    status=1
  elif ! "$opt" --mdh-gpu-pipeline "$small/$name.mlir" -o "$small/$name.gpu.mlir"; then
    echo "$name: mdh-gpu-pipeline failed on the small copy"
    status=1
  else
    echo "$name: ok, $(grep -c 'gpu.launch_func' "$small/$name.gpu.mlir") kernel(s) small"
  fi
done
exit $status
