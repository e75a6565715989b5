// Parse -> print -> parse of the three mdh ops, the MDA type and every
// combine attribute form, through mdh-opt and through stock mlir-opt with the
// IRDL file; the second round prints the same text as the first.

// RUN: %mdh-opt %s | %mdh-opt | FileCheck %s
// RUN: %mdh-opt %s > %t.1.mlir && %mdh-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir
// RUN: %mdh-opt --mlir-print-op-generic %s | %mdh-opt | FileCheck %s
// RUN: %mlir-opt-mdh %s | %mlir-opt-mdh | FileCheck %s
// RUN: %mlir-opt-mdh %s | %mdh-opt | FileCheck %s
// RUN: %mdh-opt %s | %mlir-opt-mdh | FileCheck %s

// The access maps survive as aliases.
// CHECK: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #map1 = affine_map<(d0, d1) -> (d0, d1 + 1)>
// CHECK: #map2 = affine_map<(d0, d1) -> (d1)>
// CHECK: #map3 = affine_map<(d0, d1) -> (d0)>
// CHECK: #map{{[0-9]+}} = affine_map<() -> ()>

func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @pair(%i: index, %j: index, %x: f32) -> (f32, i32) {
  %c = arith.constant 1 : i32
  return %x, %c : f32, i32
}
func.func private @comb(%a: f32, %ai: i32, %b: f32, %bi: i32) -> (f32, i32) {
  return %a, %ai : f32, i32
}
func.func private @one() -> f32 {
  %c = arith.constant 1.0 : f32
  return %c : f32
}

// CHECK-LABEL: func.func @views(
// CHECK: %[[VA:.*]] = "mdh.inp_view"(%{{.*}}) {accesses = [#map, #map1]} : (memref<4x9xf32>) -> !mdh.mda<array<i64: 4, 8>>
// CHECK: %[[VB:.*]] = "mdh.inp_view"(%{{.*}}) {accesses = [#map2]} : (memref<8xf32>) -> !mdh.mda<array<i64: 4, 8>>
// CHECK: %[[R:.*]] = "mdh.md_hom"(%[[VA]], %[[VB]]) {combine_ops = [#mdh.cc, #mdh.pw<"add">], scalar_function = @mul} : (!mdh.mda<array<i64: 4, 8>>, !mdh.mda<array<i64: 4, 8>>) -> !mdh.mda<array<i64: 4, 1>>
// CHECK: "mdh.out_view"(%[[R]], %{{.*}}) {accesses = [#map3], components = array<i64: 0>} : (!mdh.mda<array<i64: 4, 1>>, memref<4xf32>) -> ()
func.func @views(%a: memref<4x9xf32>, %b: memref<8xf32>, %c: memref<4xf32>) {
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i, k + 1)>]}
      : (memref<4x9xf32>) -> !mdh.mda<array<i64: 4, 8>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 4, 8>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 4, 8>>, !mdh.mda<array<i64: 4, 8>>) -> !mdh.mda<array<i64: 4, 1>>
  "mdh.out_view"(%r, %c) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 1>>, memref<4xf32>) -> ()
  return
}

// Every combine attribute form, and the discardable attributes.
// CHECK-LABEL: func.func @combine_forms(
// CHECK: "mdh.md_hom"(%{{.*}}) {combine_ops = [#mdh.pw<["add", "max"]>, #mdh.ps<"add">], mdh.assume_homomorphic, mdh.index_aware, scalar_function = @pair} : (!mdh.mda<array<i64: 2, 3, 4>>) -> !mdh.mda<array<i64: 1, 3>>
// CHECK: "mdh.md_hom"(%{{.*}}) {combine_ops = [#mdh.pw<@comb>, #mdh.ps<@comb>, #mdh.ps<["mul", "xor"]>], mdh.index_aware, scalar_function = @pair} : (!mdh.mda<array<i64: 2, 3, 4>>) -> !mdh.mda<array<i64: 1, 3, 4>>
// CHECK: "mdh.md_hom"() {combine_ops = [#mdh.cc, #mdh.pw<"min">], mdh.sizes = array<i64: 3, 5>, scalar_function = @one} : () -> !mdh.mda<array<i64: 3, 1>>
func.func @combine_forms(%x: memref<2x3x4xf32>) {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j, k) -> (i, j, k)>]}
      : (memref<2x3x4xf32>) -> !mdh.mda<array<i64: 2, 3, 4>>
  %r1 = "mdh.md_hom"(%v) {scalar_function = @pair, combine_ops = [#mdh.pw<["add", "max"]>, #mdh.ps<"add">], mdh.index_aware, mdh.assume_homomorphic}
      : (!mdh.mda<array<i64: 2, 3, 4>>) -> !mdh.mda<array<i64: 1, 3>>
  %r2 = "mdh.md_hom"(%v) {scalar_function = @pair, combine_ops = [#mdh.pw<@comb>, #mdh.ps<@comb>, #mdh.ps<["mul", "xor"]>], mdh.index_aware}
      : (!mdh.mda<array<i64: 2, 3, 4>>) -> !mdh.mda<array<i64: 1, 3, 4>>
  %r3 = "mdh.md_hom"() {scalar_function = @one, combine_ops = [#mdh.cc, #mdh.pw<"min">], mdh.sizes = array<i64: 3, 5>}
      : () -> !mdh.mda<array<i64: 3, 1>>
  return
}

// 0-d buffers and 0-dimensional MDAs.
// CHECK-LABEL: func.func @zero_d(
// CHECK: "mdh.inp_view"(%{{.*}}) {accesses = [#map{{[0-9]*}}]} : (memref<f32>) -> !mdh.mda<array<i64>>
// CHECK: "mdh.md_hom"(%[[V0:[0-9]+]], %[[V0]]) {combine_ops = [], scalar_function = @mul} : (!mdh.mda<array<i64>>, !mdh.mda<array<i64>>) -> !mdh.mda<array<i64>>
// CHECK: "mdh.out_view"(%{{.*}}, %{{.*}}) {accesses = [#map{{[0-9]*}}], components = array<i64: 0>} : (!mdh.mda<array<i64>>, memref<f32>) -> ()
func.func @zero_d(%x: memref<f32>, %y: memref<f32>) {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<() -> ()>]}
      : (memref<f32>) -> !mdh.mda<array<i64>>
  %r = "mdh.md_hom"(%v, %v) {scalar_function = @mul, combine_ops = []}
      : (!mdh.mda<array<i64>>, !mdh.mda<array<i64>>) -> !mdh.mda<array<i64>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<() -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64>>, memref<f32>) -> ()
  return
}

// The MDA type and the combine attributes outside mdh ops.
// CHECK-LABEL: func.func private @types(!mdh.mda<array<i64: 7>>, !mdh.mda<array<i64>>)
// CHECK-SAME: attributes {ops = [#mdh.cc, #mdh.pw<"add">, #mdh.pw<["add", "max"]>, #mdh.pw<@f>, #mdh.ps<"add">, #mdh.ps<["or"]>, #mdh.ps<@f>]}
func.func private @types(!mdh.mda<array<i64: 7>>, !mdh.mda<array<i64>>)
    attributes {ops = [#mdh.cc, #mdh.pw<"add">, #mdh.pw<["add", "max"]>, #mdh.pw<@f>, #mdh.ps<"add">, #mdh.ps<["or"]>, #mdh.ps<@f>]}
