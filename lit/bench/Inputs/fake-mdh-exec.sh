#!/bin/sh
# Stands in for mdh-exec in lit tests of run.sh: prints four runs of
# time_ms/kernel_ms per object (run.sh asks for --repeat=4 with --repeat=3:
# one warm-up, slow here, that it must drop). row_reduce reports no
# kernel_ms; matvec.resident (a device-resident object) needs
# --device-resident; FAKE_EXEC_FAIL makes every run fail.
if [ -n "${FAKE_EXEC_FAIL:-}" ]; then
  echo "mdh-exec: fake failure" >&2
  exit 1
fi
case $* in *--repeat=4*) ;; *) echo "fake mdh-exec: expected --repeat=4: $*" >&2; exit 1 ;; esac
case $(basename "$1" .so) in
*.resident) case $* in *--device-resident*) ;; *) echo "fake mdh-exec: a resident object without --device-resident" >&2; exit 1 ;; esac ;;
esac
case $(basename "$1" .so) in
matvec) k="100 0.2 0.125 0.1"; t="101 0.3 0.225 0.2" ;;
matvec.resident) k="100 0.2 0.125 0.1"; t="100 0.15 0.14 0.13" ;;
row_reduce) k=""; t="100 0.5 0.6 0.4" ;;
jacobi3d) k="100 0.5 0.5 0.5"; t="100 0.6 0.6 0.6" ;;
matmul) k="100 6.0 7.0 5.0"; t="100 6.1 7.1 5.1" ;;
s2m_fused) k="100 0.2 0.25 0.15"; t="100 0.3 0.35 0.25" ;;
*) echo "fake mdh-exec: unknown object $1" >&2; exit 1 ;;
esac
# shellcheck disable=SC2086 # the lists split into their runs
set -- $t
for kms in ${k:-- - - -}; do
  echo "time_ms=$1"
  [ "$kms" = - ] || echo "kernel_ms=$kms"
  shift
done
