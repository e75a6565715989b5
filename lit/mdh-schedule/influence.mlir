// RUN: %mdh-opt %s --split-input-file --mdh-schedule | FileCheck %s
// RUN: %mdh-opt %s --split-input-file --mdh-schedule --mdh-print-schedule 2>&1 >/dev/null | FileCheck %s --check-prefix=TREE

// The paper's running example (Fig. 2): the GPU optimizer's tree fuses X
// and Y on (i, k), runs X first and puts Y's j innermost (Fig. 2c), at the
// first leaf of the tree.
func.func private @f(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @running(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %D: memref<64x64x64xf32>, %C: memref<64x64xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64>>
  %x = "mdh.md_hom"(%va) {scalar_function = @f, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 64, 64>>) -> !mdh.mda<array<i64: 64, 64>>
  "mdh.out_view"(%x, %B) {accesses = [affine_map<(i, k) -> (i, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64>>, memref<64x64xf32>) -> ()
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %vd = "mdh.inp_view"(%D) {accesses = [affine_map<(i, j, k) -> (k, i, j)>]}
      : (memref<64x64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %y = "mdh.md_hom"(%vb, %vd) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 64, 64>>, !mdh.mda<array<i64: 64, 64, 64>>) -> !mdh.mda<array<i64: 64, 64, 1>>
  "mdh.out_view"(%y, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64, 1>>, memref<64x64xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @running(
// CHECK-SAME: mdh.scheduler = "influence 0.0.0"
// TREE-LABEL: // mdh.schedule of @running
// TREE: schedule: "[{ S0[i0, i1] -> [(i0)]; S1[i0, i1, i2] -> [(i0)] }, { S0[i0, i1] -> [(i1)]; S1[i0, i1, i2] -> [(i2)] }]"
// TREE-NEXT: permutable: 1
// TREE-NEXT: coincident: [ 1, 0 ]
// TREE: sequence:
// TREE-NEXT: - filter: "{ S0[i0, i1] }"
// TREE-NEXT: - filter: "{ S1[i0, i1, i2] }"
// TREE-NEXT: child:
// TREE-NEXT: schedule: "[{ S1[i0, i1, i2] -> [(i1)] }]"
// TREE-NEXT: permutable: 1
// TREE-NEXT: coincident: [ 1 ]

// -----

// A user's tree (mdh.influence): the first branch cannot be met, the second
// puts the reduction k outermost, then j; i is left to the scheduler.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @matmul(%A: memref<5x7xf32>, %B: memref<7x6xf32>, %C: memref<5x6xf32>)
    attributes {mdh.influence = "[S0[0][0] = 1; S0[0][0] = 0] [S0[0][2] = 1] { [S0[1][1] = 1] }"} {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<5x7xf32>) -> !mdh.mda<array<i64: 5, 6, 7>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<7x6xf32>) -> !mdh.mda<array<i64: 5, 6, 7>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 5, 6, 7>>, !mdh.mda<array<i64: 5, 6, 7>>) -> !mdh.mda<array<i64: 5, 6, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 6, 1>>, memref<5x6xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: mdh.scheduler = "influence 1.0"
// TREE-LABEL: // mdh.schedule of @matmul
// TREE: schedule: "[{ S0[i0, i1, i2] -> [(i2)] }, { S0[i0, i1, i2] -> [(i1)] }, { S0[i0, i1, i2] -> [(i0)] }]"
// TREE-NEXT: permutable: 1
// TREE-NEXT: coincident: [ 0, 1, 1 ]

// -----

// No scenario of the tree can be met: the schedule is the uninfluenced one.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @rows(%x: memref<4x3xf32>, %s: memref<4xf32>)
    attributes {mdh.influence = "[S0[0][1] = 1; S0[0][1] = 2] [S0[0][0] + S0[0][1] <= 0]"} {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<4x3xf32>) -> !mdh.mda<array<i64: 4, 3>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 4, 3>>) -> !mdh.mda<array<i64: 4, 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 1>>, memref<4xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @rows(
// CHECK-SAME: mdh.scheduler = "plain"
// TREE-LABEL: // mdh.schedule of @rows
// TREE: schedule: "[{ S0[i0, i1] -> [(i0)] }, { S0[i0, i1] -> [(i1)] }]"
