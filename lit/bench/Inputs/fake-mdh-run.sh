#!/bin/sh
# Stands in for mdh-run in lit tests of bundle.sh. FAKE_NO_EMIT hides
# --emit-object from --help; --emit-object writes a dummy object, except for
# reduce, which fails as a kernel the gpu pipeline cannot compile would.
if [ "$1" = --help ]; then
  echo "USAGE: mdh-run FILE --entry=NAME [--pipeline=reference|cpu|gpu]"
  [ -n "${FAKE_NO_EMIT:-}" ] || echo "  --emit-object=OUT.so"
  exit 0
fi
case $1 in */bench/kernels/*.mlir | */bench/cpu/*.mlir | */bench/gpu/subgraphs/*.mlir) ;;
  # A variant of kernels.tsv's attrs field: a module around a kernel.
  */objects/*.mlir) head -n 1 "$1" | grep -q '^module attributes {.*} {$' || { echo "fake mdh-run: no module in $1" >&2; exit 1; } ;;
  *) echo "fake mdh-run: bad input $1" >&2; exit 1 ;; esac
case $* in *--fusion=basteln* | *--fusion=none*) ;; *) echo "fake mdh-run: no --fusion" >&2; exit 1 ;; esac
[ -f "$1" ] || { echo "fake mdh-run: no $1" >&2; exit 1; }
case $* in *--pipeline=gpu*) ;; *) echo "fake mdh-run: not the gpu pipeline" >&2; exit 1 ;; esac
case $1 in */reduce.mlir) echo "error: fake gpu pipeline failure" >&2; exit 1 ;; esac
for a in "$@"; do
  case $a in --emit-object=*) echo fake >"${a#--emit-object=}" ;; esac
done
