#!/usr/bin/env bash
# Builds mdh-baselines (baselines.cu: cuBLAS, CUB and plain CUDA reference
# timings) into OUT_DIR/bin (default: bench/gpu/out/bin, ignored by git).
#
# Usage: bench/gpu/build.sh [OUT_DIR]
# nvcc is $NVCC, else /usr/local/cuda/bin/nvcc, else nvcc on PATH. The CUDA
# runtime is linked statically; cuBLAS dynamically (the toolkit has no static
# cuBLAS), found at run time through the rpath: OUT_DIR/lib, then the
# toolkit's library folder of the nvcc that built it.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/out}

nvcc=${NVCC:-}
if [ -z "$nvcc" ]; then
  if [ -x /usr/local/cuda/bin/nvcc ]; then
    nvcc=/usr/local/cuda/bin/nvcc
  elif command -v nvcc >/dev/null 2>&1; then
    nvcc=$(command -v nvcc)
  else
    echo "build.sh: nvcc not found (set NVCC or install the CUDA toolkit)" >&2
    exit 1
  fi
fi
cuda_lib=$(cd "$(dirname "$nvcc")/.." && pwd)/lib64

mkdir -p "$out/bin"
"$nvcc" -O3 -arch=sm_90 -std=c++17 -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror \
  -o "$out/bin/mdh-baselines" "$here/baselines.cu" \
  -lcublas -Xlinker "-rpath=\$ORIGIN/../lib:$cuda_lib"
echo "built $out/bin/mdh-baselines"
