#!/bin/sh
# Usage: check-kernels.sh MDH_OPT SRC_ROOT
# Checks that bench/gpu/kernels.tsv lists every bench/kernels/*.mlir and
# names only files that exist, that each file defines its entry and that each passes mdh-verify;
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
# A kernel with a source of its own (field 7) names a file under bench/.
awk '$1 !~ /^#/ && NF > 0 { print $1, $7 }' "$src/bench/gpu/kernels.tsv" |
  while read -r name source; do
    file=bench/${source:-kernels/$name.mlir}
    if [ ! -f "$src/$file" ]; then
      echo "$name: in kernels.tsv but no $file"
      exit 1
    fi
  done || status=1
exit $status
