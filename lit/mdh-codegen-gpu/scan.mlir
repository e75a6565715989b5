// RUN: %mdh-opt %s --split-input-file --mdh-schedule --mdh-map-gpu --mdh-codegen-gpu | FileCheck %s
// RUN: %mlir-opt-mdh %s --split-input-file --pass-pipeline='builtin.module(mdh-schedule,mdh-map-gpu,mdh-codegen-gpu)' | FileCheck %s

// The block scan of a 1-D scan (mdh-map-gpu's default: one block of 128
// threads): the block walks the positions in tiles of 128 x 15 staged in
// shared memory. The threads load the tile (thread t positions t, t + 128,
// ...: neighbouring threads on neighbouring elements); thread t scans its
// chunk [15 t, 15 t + 15) of the tile in place and puts its total into
// shared memory; the totals are scanned in log2(128) = 7 rounds of two
// barriers (thread t >= d combines the total d places before its own);
// thread t combines the carry and the scanned total before its chunk into
// its elements; the threads store the tile, and its last element is the
// next tile's carry.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
// CHECK-LABEL: func.func @scan
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in ({{.*}}) workgroup(%[[TOT:.*]] : memref<128xf32, #gpu.address_space<workgroup>>, %[[TILE:.*]] : memref<1920xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for %[[BASE:.*]] = %{{.*}} to %{{.*}} step %c1920
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %c15
// CHECK: %[[JT:.*]] = arith.muli %[[J]], %c128
// CHECK: %[[Q:.*]] = arith.addi %[[JT]], %[[TX]]
// CHECK: memref.store %{{.*}}, %[[TILE]][%[[Q]]]
// CHECK: gpu.barrier
// CHECK: %[[LO:.*]] = arith.muli %[[TX]], %c15
// CHECK: scf.if
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[HI:.*]] step
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %[[TILE]]
// CHECK: memref.store %{{.*}}, %[[TOT]][%[[TX]]]
// CHECK: gpu.barrier
// CHECK-COUNT-14: gpu.barrier
// CHECK: scf.if
// CHECK: scf.for %{{.*}} = %[[LO]] to %[[HI]]
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %[[TILE]]
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: memref.load %[[TILE]]
// CHECK: memref.store %{{.*}} : memref<100xf32>
// CHECK: memref.load %[[TILE]]
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @scan(%x: memref<100xf32>, %y: memref<100xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<100xf32>) -> !mdh.mda<array<i64: 100>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 100>>) -> !mdh.mda<array<i64: 100>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 100>>, memref<100xf32>) -> ()
  return
}
