// RUN: %mdh-opt %s --split-input-file --mdh-schedule --mdh-map-gpu --mdh-codegen-gpu | FileCheck %s
// RUN: %mlir-opt-mdh %s --split-input-file --pass-pipeline='builtin.module(mdh-schedule,mdh-map-gpu,mdh-codegen-gpu)' | FileCheck %s

// The tiled strategy on a matmul whose sizes are not multiples of the
// tiles: 2 x 2 register points per thread (a memref<4xf32> indexed by
// constants), the reduction in steps of 4, and both inputs staged per step
// in shared memory between two barriers. The block-level loops (grid-stride
// over the tiles of y, then the steps) depend on the block ids only. Both
// inputs staged, the copies pad the tiles past the buffers' ends with the
// nearest element (clamped coordinates), and the accumulation reads the
// tiles with no clamp per point.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// CHECK-LABEL: func.func @matmul
// CHECK: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in ({{.*}}) threads(%[[TX:.*]], %[[TY:.*]], %[[TZ:.*]]) in ({{.*}}) workgroup(%[[SA:.*]] : memref<4x4xf32, #gpu.address_space<workgroup>>, %[[SB:.*]] : memref<4x8xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<4xf32>
// CHECK: scf.for %[[T:.*]] = %[[BY]] to %{{.*}} step %{{.*}} {
// CHECK-COUNT-4: memref.store %{{.*}}, %[[ACC]][%{{.*}}] : memref<4xf32>
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %[[SA]]
// CHECK: } else {
// CHECK: arith.minsi
// CHECK: arith.maxsi
// CHECK: memref.store %{{.*}}, %[[SA]]
// CHECK: memref.store %{{.*}}, %[[SB]]
// CHECK: } else {
// CHECK: memref.store %{{.*}}, %[[SB]]
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK-NOT: arith.minsi
// CHECK: memref.load %[[SA]]
// CHECK: memref.load %[[SB]]
// CHECK: arith.mulf {{.*}} fastmath<contract>
// CHECK: arith.addf {{.*}} fastmath<contract>
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK: memref.store
// CHECK: gpu.terminator
func.func @matmul(%A: memref<13x11xf32>, %B: memref<11x7xf32>, %C: memref<13x7xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<13x11xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<11x7xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">],
                               mdh.mapping = "global.y(2,2) tile(2), global.x(4,1) tile(2), seq tile(4)"}
      : (!mdh.mda<array<i64: 13, 7, 11>>, !mdh.mda<array<i64: 13, 7, 11>>) -> !mdh.mda<array<i64: 13, 7, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 7, 1>>, memref<13x7xf32>) -> ()
  return
}

// -----

// With one thread per block tile no input is read twice per step: nothing
// is staged, so there is no shared memory and no barrier.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// CHECK-LABEL: func.func @unstaged
// CHECK: gpu.launch
// CHECK-NOT: workgroup(
// CHECK: memref.alloca() : memref<1xf32>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @unstaged(%A: memref<13x11xf32>, %B: memref<11x7xf32>, %C: memref<13x7xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<13x11xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<11x7xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">],
                               mdh.mapping = "global.y(1,13), global.x(1,7), seq tile(4)"}
      : (!mdh.mda<array<i64: 13, 7, 11>>, !mdh.mda<array<i64: 13, 7, 11>>) -> !mdh.mda<array<i64: 13, 7, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 7, 1>>, memref<13x7xf32>) -> ()
  return
}

// -----

// Rows whose length and box offsets are multiples of 4 floats are copied
// 16 bytes at a time.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// CHECK-LABEL: func.func @vectors
// CHECK: workgroup(%[[SA:.*]] : memref<8x8xf32, #gpu.address_space<workgroup>>, %[[SB:.*]] : memref<8x8xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[VA:.*]] = vector.load %{{.*}} {alignment = 16 : i64} : memref<32x16xf32>, vector<4xf32>
// CHECK: vector.store %[[VA]], %[[SA]]
// CHECK: %[[VB:.*]] = vector.load %{{.*}} {alignment = 16 : i64} : memref<16x16xf32>, vector<4xf32>
// CHECK: vector.store %[[VB]], %[[SB]]
// CHECK: gpu.barrier
func.func @vectors(%A: memref<32x16xf32>, %B: memref<16x16xf32>, %C: memref<32x16xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<32x16xf32>) -> !mdh.mda<array<i64: 32, 16, 16>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<16x16xf32>) -> !mdh.mda<array<i64: 32, 16, 16>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">],
                               mdh.mapping = "global.y(4,2) tile(2), global.x(4,2) tile(2), seq tile(8)"}
      : (!mdh.mda<array<i64: 32, 16, 16>>, !mdh.mda<array<i64: 32, 16, 16>>) -> !mdh.mda<array<i64: 32, 16, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 16, 1>>, memref<32x16xf32>) -> ()
  return
}
