// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-emulate-gpu
// RUN: not %mdh-opt %s --mdh-emulate-gpu 2>&1 | FileCheck %s
// RUN: not %mlir-opt-mdh %s --pass-pipeline='builtin.module(mdh-emulate-gpu)' 2>&1 | FileCheck %s

// A kernel that fails stops the pass with exit code 1 at the offending op.
// CHECK: invalid.mlir:[[@LINE+13]]:15: error: mdh-emulate-gpu cannot run warp shuffles: its threads form no warps

// A warp shuffle is refused, even in a kernel that runs as a team.
func.func @shuffle(%m: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %off = arith.constant 1 : i32
  %width = arith.constant 32 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %v = memref.load %m[%tx] : memref<32xf32>
    gpu.barrier
    // expected-error@+1 {{mdh-emulate-gpu cannot run warp shuffles: its threads form no warps}}
    %s, %ok = gpu.shuffle xor %v, %off, %width : f32
    memref.store %s, %m[%tx] : memref<32xf32>
    gpu.terminator
  }
  return
}

// -----

// So is a warp reduction of the device runtime.
func.func private @mdh_warp_reduce_add_f32(f32) -> f32
func.func @warp_reduce(%m: memref<32xf32>) {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %v = memref.load %m[%tx] : memref<32xf32>
    // expected-error@+1 {{mdh-emulate-gpu cannot run warp shuffles: its threads form no warps}}
    %r = func.call @mdh_warp_reduce_add_f32(%v) : (f32) -> f32
    memref.store %r, %m[%tx] : memref<32xf32>
    gpu.terminator
  }
  return
}

// -----

// Workgroup memory needs a static shape to become a host buffer.
func.func @dynamic_workgroup() {
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{mdh-emulate-gpu handles attributions of static shape only}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
             workgroup(%tile : memref<?xf32, #gpu.address_space<workgroup>>) {
    gpu.barrier
    gpu.terminator
  }
  return
}

// -----

// Dynamic shared memory is not emulated.
func.func @dynamic_shared_memory() {
  %c1 = arith.constant 1 : index
  %bytes = arith.constant 64 : i32
  // expected-error@+1 {{mdh-emulate-gpu handles synchronous launches of one block without clusters or dynamic shared memory}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
             dynamic_shared_memory_size %bytes {
    gpu.terminator
  }
  return
}
