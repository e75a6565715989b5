#!/bin/sh
# Usage: check-kernels.sh MDH_OPT SRC_ROOT
# Checks that bench/gpu/kernels.tsv and bench/kernels/*.mlir list the same
# kernels, that each file defines its entry and that each passes mdh-verify;
# prints "NAME: ok" per kernel (sorted) and fails if any check fails.
opt=$1
src=$2
status=0
for f in "$src"/bench/kernels/*.mlir; do
  name=$(basename "$f" .mlir)
  entry=$(awk -v n="$name" '$1 == n { print $2 }' "$src/bench/gpu/kernels.tsv")
  if [ -z "$entry" ]; then
    echo "$name: not in bench/gpu/kernels.tsv"
    status=1
  elif ! grep -q "^func.func @$entry(" "$f"; then
    echo "$name: no entry @$entry"
    status=1
  elif ! "$opt" --pass-pipeline='builtin.module(mdh-verify)' "$f" >/dev/null; then
    echo "$name: mdh-verify failed"
    status=1
  else
    echo "$name: ok"
  fi
done
for name in $(awk '$1 !~ /^#/ { print $1 }' "$src/bench/gpu/kernels.tsv"); do
  if [ ! -f "$src/bench/kernels/$name.mlir" ]; then
    echo "$name: in kernels.tsv but no bench/kernels/$name.mlir"
    status=1
  fi
done
exit $status
