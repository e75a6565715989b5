// RUN: %mdh-opt %s --split-input-file --mdh-schedule --mdh-map-gpu --mdh-codegen-gpu | FileCheck %s
// RUN: %mlir-opt-mdh %s --split-input-file --pass-pipeline='builtin.module(mdh-schedule,mdh-map-gpu,mdh-codegen-gpu)' | FileCheck %s

// The block scan of a 1-D scan (mdh-map-gpu's default: one block of 128
// threads, chunks of C = 1 position): thread t scans positions
// [t*C, min(t*C + C, N)) in place, puts the chunk's total into shared
// memory, and after a barrier threads t > 0 fold the totals before theirs
// into their positions; a second barrier ends the scan.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
// CHECK-LABEL: func.func @scan
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in ({{.*}}) workgroup(%[[TOT:.*]] : memref<128xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[LO:.*]] = arith.muli %[[TX]], %c1
// CHECK: %[[HI:.*]] = arith.minsi
// CHECK: scf.if
// CHECK: scf.for
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %[[TOT]][%[[TX]]]
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK: memref.load %[[TOT]]
// CHECK: scf.for %{{.*}} = %[[LO]] to %[[HI]]
// CHECK: arith.addf
// CHECK: gpu.barrier
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
