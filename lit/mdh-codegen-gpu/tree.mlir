// RUN: %mdh-opt %s --split-input-file --mdh-schedule --mdh-map-gpu --mdh-codegen-gpu | FileCheck %s
// RUN: %mlir-opt-mdh %s --split-input-file --pass-pipeline='builtin.module(mdh-schedule,mdh-map-gpu,mdh-codegen-gpu)' | FileCheck %s

// Kernels from the schedule tree. Three element-wise md_homs fused in one
// band: ONE kernel whose threads run the three statements of their point
// in the tree's order. The intermediates t1 and t2 are written and read
// only at the same point, by the same thread: each lives in a register of
// the thread (a one-element alloca), and only y is stored; their device
// buffers, which no kernel uses, are not even allocated.
func.func private @twice(%a: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %p = arith.mulf %a, %c : f32
  return %p : f32
}
func.func private @inc(%a: f32) -> f32 {
  %c = arith.constant 1.0 : f32
  %p = arith.addf %a, %c : f32
  return %p : f32
}
// CHECK-LABEL: func.func @ew3
// CHECK: %[[X:.*]] = gpu.alloc () : memref<40x8xf32>
// CHECK-NEXT: gpu.memcpy
// CHECK-NEXT: %[[Y:.*]] = gpu.alloc () : memref<40x8xf32>
// CHECK-NOT: gpu.alloc
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in
// CHECK: %[[R1:.*]] = memref.alloca() : memref<1x1xf32>
// CHECK: %[[R2:.*]] = memref.alloca() : memref<1x1xf32>
// CHECK: memref.load %[[X]][%{{.*}}, %[[TX]]]
// CHECK: arith.mulf
// CHECK: memref.store %{{.*}}, %[[R1]][%{{.*}}, %{{.*}}]
// CHECK: memref.load %[[R1]][%{{.*}}, %{{.*}}]
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %[[R2]][%{{.*}}, %{{.*}}]
// CHECK: memref.load %[[R2]][%{{.*}}, %{{.*}}]
// CHECK: arith.mulf
// CHECK: memref.store %{{.*}}, %[[Y]][%{{.*}}, %[[TX]]]
// CHECK: gpu.terminator
// CHECK-NOT: gpu.launch
// CHECK-NOT: gpu.alloc
// CHECK: return
func.func @ew3(%x: memref<40x8xf32>, %y: memref<40x8xf32>) {
  %t1 = memref.alloc() : memref<40x8xf32>
  %t2 = memref.alloc() : memref<40x8xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<40x8xf32>) -> !mdh.mda<array<i64: 40, 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 8>>) -> !mdh.mda<array<i64: 40, 8>>
  "mdh.out_view"(%r0, %t1) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 8>>, memref<40x8xf32>) -> ()
  %v1 = "mdh.inp_view"(%t1) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<40x8xf32>) -> !mdh.mda<array<i64: 40, 8>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @inc, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 8>>) -> !mdh.mda<array<i64: 40, 8>>
  "mdh.out_view"(%r1, %t2) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 8>>, memref<40x8xf32>) -> ()
  %v2 = "mdh.inp_view"(%t2) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<40x8xf32>) -> !mdh.mda<array<i64: 40, 8>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 8>>) -> !mdh.mda<array<i64: 40, 8>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 8>>, memref<40x8xf32>) -> ()
  memref.dealloc %t1 : memref<40x8xf32>
  memref.dealloc %t2 : memref<40x8xf32>
  return
}

// -----

// The same chain with a user's mapping on its second md_hom: that decision
// is about one md_hom, so the band is split into one kernel per md_hom.
func.func private @twice(%a: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %p = arith.mulf %a, %c : f32
  return %p : f32
}
// CHECK-LABEL: func.func @given
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @given(%x: memref<40x8xf32>, %y: memref<40x8xf32>) {
  %t = memref.alloc() : memref<40x8xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<40x8xf32>) -> !mdh.mda<array<i64: 40, 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 8>>) -> !mdh.mda<array<i64: 40, 8>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 8>>, memref<40x8xf32>) -> ()
  %v1 = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<40x8xf32>) -> !mdh.mda<array<i64: 40, 8>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc], mdh.mapping = "seq, global.x"}
      : (!mdh.mda<array<i64: 40, 8>>) -> !mdh.mda<array<i64: 40, 8>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 8>>, memref<40x8xf32>) -> ()
  memref.dealloc %t : memref<40x8xf32>
  return
}

// -----

// The GPU code follows the tree: with both dimensions sequential, the
// loops of the thread are the band's, outer i, inner j...
func.func private @twice(%a: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %p = arith.mulf %a, %c : f32
  return %p : f32
}
// CHECK-LABEL: func.func @tree_order
// CHECK: gpu.launch
// CHECK: scf.for %[[I:.*]] = %c0
// CHECK: scf.for %[[J:.*]] = %c0
// CHECK: memref.load %{{.*}}[%[[I]], %[[J]]]
func.func @tree_order(%x: memref<5x7xf32>, %y: memref<5x7xf32>) {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<5x7xf32>) -> !mdh.mda<array<i64: 5, 7>>
  %r = "mdh.md_hom"(%v) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc], mdh.mapping = "seq, seq"}
      : (!mdh.mda<array<i64: 5, 7>>) -> !mdh.mda<array<i64: 5, 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 7>>, memref<5x7xf32>) -> ()
  return
}

// -----

// ... and a user's mdh.influence that puts j first makes the kernel's
// outer loop run over j.
func.func private @twice(%a: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %p = arith.mulf %a, %c : f32
  return %p : f32
}
// CHECK-LABEL: func.func @influenced_order
// CHECK: gpu.launch
// CHECK: scf.for %[[J:.*]] = %c0
// CHECK: scf.for %[[I:.*]] = %c0
// CHECK: memref.load %{{.*}}[%[[I]], %[[J]]]
func.func @influenced_order(%x: memref<5x7xf32>, %y: memref<5x7xf32>)
    attributes {mdh.influence = "[S0[0][1] = 1] { [S0[1][0] = 1] }"} {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<5x7xf32>) -> !mdh.mda<array<i64: 5, 7>>
  %r = "mdh.md_hom"(%v) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc], mdh.mapping = "seq, seq"}
      : (!mdh.mda<array<i64: 5, 7>>) -> !mdh.mda<array<i64: 5, 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 7>>, memref<5x7xf32>) -> ()
  return
}
