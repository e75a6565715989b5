#!/bin/sh
# Stands in for a python3 with torch in lit tests of run.sh: `-c CODE`
# succeeds (import torch) unless FAKE_NO_TORCH is set; run with the
# bundle's torch_subgraphs.py and --repeat=3 it prints lines in its format
# (torch_compile_transbmm failed its check, so run.sh must not use it as a
# bar) and a note on stderr.
if [ "$1" = -c ]; then
  [ -z "${FAKE_NO_TORCH:-}" ]
  exit
fi
case $1 in */torch_subgraphs.py) ;; *) echo "fake python3: unexpected script $1" >&2; exit 2 ;; esac
[ "$2" = --repeat=3 ] || { echo "fake python3: expected --repeat=3: $*" >&2; exit 2; }
echo "torch_subgraphs: torch fake" >&2
echo 'baseline name=torch_eager_s2m ms=0.1000 check=ok'
echo 'baseline name=torch_compile_s2m ms=0.0500 check=ok'
echo 'baseline name=torch_eager_transbmm ms=0.2000 check=ok'
echo 'baseline name=torch_compile_transbmm ms=0.0100 check=failed'
exit 3
