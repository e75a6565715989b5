#!/usr/bin/env bash
# Runs the gpu object of every row of a device-check examples table through
# the real host runtime (libmdh_rt_cuda.so) over the fake CUDA driver, as a
# GPU machine would run them but without a GPU: the kernels do not run, so
# only the runtime's path is checked (load in the object's constructor,
# allocate, copy, launch, copy back, free, unload at exit).
#
#   fake-driver.sh BUILD_DIR SRC_DIR TABLE FAKE_DRIVER OUT_DIR
#
# Prints one line per row, "NAME ok launches=N" or "NAME FAIL: why", then
# "N of M objects ran". Exit status 1 if any failed.
set -u -o pipefail
build=$1 src=$2 table=$3 fake=$4 out=$5
ran=0 rows=0
while read -r name file entry seed tol; do
  [[ -z $name || $name == \#* ]] && continue
  rows=$((rows + 1))
  log=$out/$name.log
  if ! "$build/bin/mdh-run" "$src/$file" --entry="$entry" --pipeline=gpu \
    --emit-object="$out/$name.so" >"$log" 2>&1; then
    echo "$name FAIL: mdh-run --emit-object failed"
    continue
  fi
  MDH_RT_LIBCUDA=$fake "$build/bin/mdh-exec" "$out/$name.so" --entry="$entry" \
    --seed="$seed" --repeat=2 >"$log" 2>&1
  rc=$?
  # Every step of a run must be there, and nothing may be
  # left at the driver's exit. (A copy to the device is not: a program
  # without inputs, such as mandelbrot, overwrites its outputs whole.)
  for step in 'cuModuleLoadData format=elf' 'cuMemAlloc' \
    'cuModuleGetFunction' 'cuLaunchKernel' 'cuMemcpyAsync .*dir=DtoH' \
    'cuMemFree' 'cuModuleUnload' \
    'exit launches=[1-9][0-9]* live_modules=0 live_buffers=0'; do
    grep -q "^mdh-fake-cuda: $step" "$log" || { rc=${rc/#0/missing $step}; break; }
  done
  if [[ $rc == 0 ]]; then
    ran=$((ran + 1))
    echo "$name ok launches=$(sed -n 's/.*exit launches=\([0-9]*\).*/\1/p' "$log")"
  else
    echo "$name FAIL: $rc"
    sed 's/^/  | /' "$log" | grep -v 'mdh-fake-cuda: cu' | head -5
  fi
done <"$table"
echo "$ran of $rows objects ran"
[[ $ran -eq $rows ]]
