#!/usr/bin/env bash
# Makes the GPU benchmark bundle (run here, on the development machine): a
# folder that runs on a GPU machine without LLVM, MLIR or Python through its
# run.sh (bench/README.md, section GPU).
#
# Usage: bench/gpu/bundle.sh [--no-baselines] [BUILD_DIR [BUNDLE_DIR]]
#   BUILD_DIR   the project's build (default: build), for mdh-run and mdh-exec
#   BUNDLE_DIR  default: bench/gpu/out/bundle (ignored by git); replaced if
#               it is a bundle or empty, else refused
#   --no-baselines  skip building mdh-baselines (nvcc)
#
# Steps: copy run.sh, kernels.tsv and torch_subgraphs.py (the PyTorch bars
# of the sub-graphs, run where the GPU machine's python3 has torch); build
# mdh-baselines (build.sh) and copy its sources; then, if
# BUILD_DIR/bin/mdh-run has --emit-object and BUILD_DIR/bin/mdh-exec exists,
# compile every kernel of kernels.tsv with `mdh-run --pipeline=gpu
# --emit-object` into objects/, and copy mdh-exec and the libraries it and the
# objects need (bar the C runtime and the CUDA driver) into bin/ and lib/.
# A kernel that does not compile is reported and left out; without
# --emit-object or mdh-exec only the baselines are bundled.
# MDH_BENCH_PIPELINE=P compiles with mdh-run --pipeline=P instead (cpu:
# checks the bundle's mechanics without a GPU pipeline).
# Tuning candidates: for each kernel MDH_BENCH_TUNE names (default:
# row_reduce jacobi3d reduce matvec ew3 matmul; empty: none), `mdh-tune --emit`
# compiles its 8 best mappings of each kernel into tune/NAME/, which run.sh
# times with mdh-exec (docs/tools.md: mdh-tune --collect makes the record
# of tune/NAME/times.tsv afterwards).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
baselines=1
if [ "${1:-}" = --no-baselines ]; then
  baselines=0
  shift
fi
case ${1:-} in -*)
  echo "bundle.sh: unknown option '$1'" >&2
  echo "usage: bench/gpu/bundle.sh [--no-baselines] [BUILD_DIR [BUNDLE_DIR]]" >&2
  exit 1
  ;;
esac
build=${1:-$root/build}
pipeline=${MDH_BENCH_PIPELINE:-gpu}
bundle=${2:-$here/out/bundle}

if [ -e "$bundle" ] && [ ! -e "$bundle/.mdh-bench-bundle" ] &&
  [ -n "$(ls -A "$bundle" 2>/dev/null)" ]; then
  echo "bundle.sh: '$bundle' is neither empty nor a bundle; not touching it" >&2
  exit 1
fi
rm -rf "$bundle"
mkdir -p "$bundle/bin" "$bundle/lib" "$bundle/objects" "$bundle/src"
touch "$bundle/.mdh-bench-bundle"
cp "$here/run.sh" "$here/kernels.tsv" "$here/torch_subgraphs.py" "$bundle/"
cp "$here/baselines.cu" "$here/build.sh" "$bundle/src/"
if [ "$baselines" = 1 ]; then
  bash "$here/build.sh" "$bundle"
fi

# Copies into lib/ the libraries "$1" needs that a GPU machine may lack: not
# the C runtime (glibc, libstdc++, libgcc_s: the machine's own are newer)
# nor the CUDA driver and toolkit libraries (the machine's must match its
# driver), and not libMLIR or libLLVM (too large; an object that needs them
# cannot run there). Needs ldd; without it the machine must supply them.
copy_libs() {
  command -v ldd >/dev/null 2>&1 || return 0
  ldd "$1" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' |
    while read -r soname path; do
      case $soname in
      linux-vdso* | ld-linux* | libc.so* | libm.so* | libdl.so* | \
        libpthread.so* | librt.so* | libstdc++.so* | libgcc_s.so* | \
        libcuda.so* | libcudart.so* | libcublas*) ;;
      libMLIR* | libLLVM*)
        echo "bundle.sh: warning: $1 needs $soname, which the GPU machine lacks; not bundled" >&2
        ;;
      *) [ -f "$bundle/lib/$soname" ] || cp -L "$path" "$bundle/lib/$soname" ;;
      esac
    done
}

# Why the objects cannot be made with "$build", or nothing if they can.
missing_tools() {
  if [ ! -x "$build/bin/mdh-run" ]; then
    echo "no $build/bin/mdh-run"
  elif ! "$build/bin/mdh-run" --help 2>&1 | grep -q -- --emit-object; then
    echo "$build/bin/mdh-run has no --emit-object yet"
  elif [ ! -x "$build/bin/mdh-exec" ]; then
    echo "no $build/bin/mdh-exec"
  fi
}

# Compiles every kernel of kernels.tsv into objects/; prints how many failed.
emit_objects() {
  failed=0
  while read -r name entry _bound _bytes _flops _baselines source fusion attrs; do
    case $name in '' | '#'*) continue ;; esac
    obj=$bundle/objects/$name.so
    src=$root/bench/${source:-kernels/$name.mlir}
    # A variant: the file inside a module with the given attributes.
    if [ -n "$attrs" ]; then
      { echo "module attributes {$attrs} {"; cat "$src"; echo "}"; } >"$bundle/objects/$name.mlir"
      src=$bundle/objects/$name.mlir
    fi
    if "$build/bin/mdh-run" "$src" \
      --entry="$entry" --fusion="${fusion:-basteln}" \
      --pipeline="$pipeline" --emit-object="$obj" >"$bundle/objects/$name.log" 2>&1 </dev/null &&
      [ -f "$obj" ]; then
      echo "bundle.sh: $name: compiled" >&2
      rm -f "$bundle/objects/$name.log"
      copy_libs "$obj"
      # A kernel of bench/kernels also as a device-resident call (its
      # memrefs on the device already), which run.sh times beside.
      if [ -z "$source" ]; then
        "$build/bin/mdh-run" "$root/bench/kernels/$name.mlir" \
          --entry="$entry" --fusion="${fusion:-basteln}" --pipeline="$pipeline" \
          --device-resident --emit-object="$bundle/objects/$name.resident.so" \
          >/dev/null 2>&1 </dev/null ||
          echo "bundle.sh: $name: no device-resident object" >&2
      fi
    else
      echo "bundle.sh: $name: mdh-run --pipeline=$pipeline --emit-object failed:" >&2
      head -n 5 "$bundle/objects/$name.log" | sed 's/^/  /' >&2
      rm -f "$obj"
      failed=$((failed + 1))
    fi
  done <"$here/kernels.tsv"
  echo "$failed"
}

# Emits the tuning candidates of the kernels of MDH_BENCH_TUNE into tune/.
emit_tuning() {
  names=${MDH_BENCH_TUNE-row_reduce jacobi3d reduce matvec ew3 matmul}
  [ -n "$names" ] || return 0
  if [ ! -x "$build/bin/mdh-tune" ]; then
    echo "bundle.sh: no $build/bin/mdh-tune: no tuning candidates"
    return 0
  fi
  for name in $names; do
    entry=$(awk -v n="$name" '$1 == n { print $2 }' "$here/kernels.tsv")
    if [ -z "$entry" ]; then
      echo "bundle.sh: MDH_BENCH_TUNE names '$name', which kernels.tsv lacks" >&2
      continue
    fi
    if "$build/bin/mdh-tune" "$root/bench/kernels/$name.mlir" --entry="$entry" \
      --pipeline="$pipeline" --emit="$bundle/tune/$name" \
      >"$bundle/tune.$name.log" 2>&1 </dev/null; then
      echo "bundle.sh: $name: tuning candidates in tune/$name" >&2
      rm -f "$bundle/tune.$name.log"
      for obj in "$bundle/tune/$name"/objects/*.so; do
        if [ -f "$obj" ]; then copy_libs "$obj"; fi
      done
    else
      echo "bundle.sh: $name: mdh-tune --emit failed:" >&2
      tail -n 5 "$bundle/tune.$name.log" | sed 's/^/  /' >&2
    fi
  done
}

why=$(missing_tools)
if [ -n "$why" ]; then
  echo "bundle.sh: $why: bundling the baselines only"
else
  cp "$build/bin/mdh-exec" "$bundle/bin/"
  copy_libs "$build/bin/mdh-exec"
  for lib in "$build"/lib/libmdh_rt_*.so; do
    if [ -f "$lib" ]; then cp "$lib" "$bundle/lib/"; fi
  done
  failed=$(emit_objects)
  [ "$failed" = 0 ] || echo "bundle.sh: $failed kernel(s) left out (logs in $bundle/objects)"
  emit_tuning
fi

size=$(du -sk "$bundle" | awk '{ print $1 }')
where=$(cd "$bundle" && pwd)
case $where in "$root"/*) where=${where#"$root"/} ;; esac
echo "bundle.sh: $where ($size KiB); on the GPU machine: bash $where/run.sh [--repeat=N] [--out=DIR]"
if [ "$size" -gt 61440 ]; then
  echo "bundle.sh: warning: over 60 MiB, more than a device call carries" >&2
fi
