// RUN: %mdh-opt %s --mdh-to-loops | FileCheck %s

// A view on a buffer of dynamic shape cannot be bounded when compiling:
// the lowering checks each dynamic extent against the largest index the
// view reaches (here 5 + 2 - 1 = 6 in the columns, 3 in the rows) before
// the loops, and an out_view's at the out_view (lib/extent.c). The message
// names the view in the user's file (mdh-opt parses a temporary copy).
func.func private @sub(%a: f32, %b: f32) -> f32 {
  %d = arith.subf %b, %a : f32
  return %d : f32
}

// CHECK-LABEL: func.func @stencil
// CHECK:       %[[C0:.*]] = arith.constant 0 : index
// CHECK:       %[[D0:.*]] = memref.dim %{{.*}}, %[[C0]] : memref<?x?xf32>
// CHECK:       %[[C3:.*]] = arith.constant 3 : index
// CHECK:       %[[OK0:.*]] = arith.cmpi sgt, %[[D0]], %[[C3]] : index
// CHECK:       cf.assert %[[OK0]], "{{.*}}mdh-to-loops{{/|\\}}dynamic.mlir:25:8: error: mdh.inp_view reaches index 3 in dimension 0 of its buffer, which has fewer elements there"
// CHECK-NOT:   cf.assert
// CHECK:       cf.assert %{{.*}}, "{{.*}}dynamic.mlir:25:8: error: mdh.inp_view reaches index 6 in dimension 1 of its buffer, which has fewer elements there"
// CHECK-NOT:   cf.assert
// CHECK:       scf.for
// CHECK:       cf.assert %{{.*}}, "{{.*}}dynamic.mlir:27:3: error: mdh.out_view reaches index 4 in dimension 0 of its buffer, which has fewer elements there"
func.func @stencil(%x: memref<?x?xf32>, %y: memref<?xf32>) {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 2)>]} : (memref<?x?xf32>) -> !mdh.mda<array<i64: 4, 5>>
  %r = "mdh.md_hom"(%v) {scalar_function = @sub, combine_ops = [#mdh.pw<"add">, #mdh.cc]} : (!mdh.mda<array<i64: 4, 5>>) -> !mdh.mda<array<i64: 1, 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 1, 5>>, memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @static
// CHECK-NOT:   cf.assert
func.func @static(%x: memref<4x7xf32>, %y: memref<5xf32>) {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 2)>]} : (memref<4x7xf32>) -> !mdh.mda<array<i64: 4, 5>>
  %r = "mdh.md_hom"(%v) {scalar_function = @sub, combine_ops = [#mdh.pw<"add">, #mdh.cc]} : (!mdh.mda<array<i64: 4, 5>>) -> !mdh.mda<array<i64: 1, 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 1, 5>>, memref<5xf32>) -> ()
  return
}
