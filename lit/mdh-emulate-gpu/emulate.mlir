// RUN: %mdh-opt %s --split-input-file --mdh-emulate-gpu | FileCheck %s
// RUN: %mlir-opt-mdh %s --split-input-file --pass-pipeline='builtin.module(mdh-emulate-gpu)' | FileCheck %s

// Threads that meet at barriers run as an OpenMP team per block: workgroup
// memory is one host buffer before the block loops, the team has as many
// threads as the block and splits its thread number into x (fastest), y and
// z, private memory is allocated by each thread, gpu.barrier (here in a
// loop) becomes omp.barrier, and block reductions call their team versions.
// CHECK-LABEL: func.func private @mdh_emu_omp_block_reduce_add_f32(f32) -> f32
// CHECK: func.func private @mdh_emu_omp_thread(index) -> index
// CHECK-LABEL: func.func @team
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[TILE:.*]] = memref.alloca() : memref<8x4xf32>
// CHECK: %[[XY:.*]] = arith.muli %[[C8]], %[[C4]]
// CHECK: %[[N:.*]] = arith.muli %[[XY]], %{{.*}}
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for %[[BX:.*]] = %{{.*}} to %{{.*}} step
// CHECK: omp.parallel num_threads(%[[N]] : index) {
// CHECK-NEXT: %[[LIN:.*]] = func.call @mdh_emu_omp_thread(%[[N]])
// CHECK-NEXT: %[[TX:.*]] = arith.remsi %[[LIN]], %[[C8]]
// CHECK-NEXT: %[[REST:.*]] = arith.divsi %[[LIN]], %[[C8]]
// CHECK-NEXT: %[[TY:.*]] = arith.remsi %[[REST]], %[[C4]]
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<1xf32>
// CHECK: scf.for
// CHECK-NEXT: memref.store %{{.*}}, %[[TILE]][%[[TX]], %[[TY]]] : memref<8x4xf32>
// CHECK-NEXT: omp.barrier
// CHECK-NEXT: memref.load %[[TILE]][%[[TY]], %[[TX]]]
// CHECK-NEXT: memref.store %{{.*}}, %[[ACC]]
// CHECK-NEXT: omp.barrier
// CHECK: func.call @mdh_emu_omp_block_reduce_add_f32
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[BX]]]
// CHECK-NEXT: omp.terminator
// CHECK-NOT: gpu.
func.func private @mdh_block_reduce_add_f32(f32) -> f32
func.func @team(%in: memref<64xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c4, %sz = %c1)
             workgroup(%tile : memref<8x4xf32, #gpu.address_space<workgroup>>)
             private(%acc : memref<1xf32, #gpu.address_space<private>>) {
    %v = memref.load %in[%tx] : memref<64xf32>
    scf.for %k = %c0 to %c2 step %c1 {
      memref.store %v, %tile[%tx, %ty] : memref<8x4xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%ty, %tx] : memref<8x4xf32, #gpu.address_space<workgroup>>
      memref.store %w, %acc[%c0] : memref<1xf32, #gpu.address_space<private>>
      gpu.barrier
    }
    %a = memref.load %acc[%c0] : memref<1xf32, #gpu.address_space<private>>
    %r = func.call @mdh_block_reduce_add_f32(%a) : (f32) -> f32
    memref.store %r, %out[%bx] : memref<64xf32>
    gpu.terminator
  }
  return
}

// -----

// Threads that never meet run one after another, from the last to thread
// 0, each announced to the runtime's block reductions; a thread's alloca
// moves before the loops (one per thread would grow the stack), and a
// second launch reuses the declaration of mdh_emu_thread.
// CHECK-LABEL: func.func private @mdh_emu_thread(index, index)
// CHECK-NOT: @mdh_emu_thread(index, index)
// CHECK-LABEL: func.func @sequential
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<1xf32>
// CHECK-NEXT: %[[XY:.*]] = arith.muli
// CHECK-NEXT: %[[N:.*]] = arith.muli %[[XY]]
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for %[[T:.*]] = %{{.*}} to %[[N]] step
// CHECK: %[[LAST:.*]] = arith.subi %[[N]], %{{.*}}
// CHECK: %[[LIN:.*]] = arith.subi %[[LAST]], %[[T]]
// CHECK: func.call @mdh_emu_thread(%[[LIN]], %[[N]])
// CHECK: memref.store %{{.*}}, %[[ACC]]
// CHECK: func.call @mdh_block_reduce_add_f32
// CHECK: func.call @mdh_emu_thread
// CHECK-NOT: omp.
func.func private @mdh_block_reduce_add_f32(f32) -> f32
func.func @sequential(%in: memref<64xf32>, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %acc = memref.alloca() : memref<1xf32>
    %base = arith.muli %bx, %c32 : index
    %g = arith.addi %base, %tx : index
    %v = memref.load %in[%g] : memref<64xf32>
    memref.store %v, %acc[%c0] : memref<1xf32>
    %a = memref.load %acc[%c0] : memref<1xf32>
    %r = func.call @mdh_block_reduce_add_f32(%a) : (f32) -> f32
    memref.store %r, %out[%bx] : memref<2xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %v = memref.load %in[%tx] : memref<64xf32>
    %r = func.call @mdh_block_reduce_add_f32(%v) : (f32) -> f32
    memref.store %r, %out[%c0] : memref<2xf32>
    gpu.terminator
  }
  return
}

// -----

// Asynchronous copies complete where they start: a copy of 4 elements
// becomes a vector load and store, one of 1 element a load and a store,
// and the commits and waits go.
// CHECK-LABEL: func.func @async_copies
// CHECK: omp.parallel
// CHECK-NOT: nvgpu.
// CHECK-NOT: nvvm.
// CHECK: %[[V:.*]] = vector.load %{{.*}}[%{{.*}}] : memref<64xf32>, vector<4xf32>
// CHECK-NEXT: vector.store %[[V]], %{{.*}}[%{{.*}}] : memref<64xf32>, vector<4xf32>
// CHECK-NEXT: %[[E:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<64xf32>
// CHECK-NEXT: memref.store %[[E]], %{{.*}}[%{{.*}}] : memref<64xf32>
// CHECK-NEXT: omp.barrier
// CHECK-NOT: nvgpu.
// CHECK-NOT: nvvm.
// CHECK: return
func.func @async_copies(%a: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
      threads(%tx, %ty, %tz) in (%u = %c16, %v = %c1, %w = %c1)
      workgroup(%s : memref<64xf32, #gpu.address_space<workgroup>>) {
    %c4 = arith.constant 4 : index
    %i = arith.muli %tx, %c4 : index
    %t0 = nvgpu.device_async_copy %a[%i], %s[%i], 4 {bypassL1} : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    %t1 = nvgpu.device_async_copy %a[%tx], %s[%tx], 1 : memref<64xf32> to memref<64xf32, #gpu.address_space<workgroup>>
    nvvm.cp.async.commit.group
    nvvm.cp.async.wait.group 0
    gpu.barrier
    %r = memref.load %s[%i] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %r, %a[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}
