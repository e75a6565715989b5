// RUN: %mdh-opt %s --mdh-schedule --mdh-map-gpu | FileCheck %s

// mdh.mapping_index addressed per function and per kernel (kernels are
// numbered in tree order): the module's spec gives @b its second best
// mapping and kernel 0 of @a (its row reduction, whose best is a block per
// row) its third best, that of kernel 1 (the copy) by chance; @c, which no
// entry names, keeps its best. The most specific entry wins.
module attributes {mdh.mapping_index = "@b:1; @a:0:2"} {
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// CHECK-LABEL: func.func @a
// CHECK-SAME: kernel: global.y(8,1), global.x(4,1){{.*}}kernel: global.y(8,1), global.x(4,1)
func.func @a(%x: memref<5x3xf32>, %w: memref<5xf32>, %y: memref<5x3xf32>) {
  %vm = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %r = "mdh.md_hom"(%vm) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  %v2 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 3>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i, k) -> (i, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 3>>, memref<5x3xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @b
// CHECK: mdh.mapping = "global.y(8,1)", mdh.mappings = 4
func.func @b(%x: memref<7xf32>, %y: memref<7xf32>) {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  return
}
// A function's own spec wins over the module's.
// CHECK-LABEL: func.func @c
// CHECK: mdh.mapping = "global.z(8,1)", mdh.mappings = 4
func.func @c(%x: memref<7xf32>, %y: memref<7xf32>) attributes {mdh.mapping_index = 2} {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @d
// CHECK: mdh.mapping = "global.x(8,1)", mdh.mappings = 4
func.func @d(%x: memref<7xf32>, %y: memref<7xf32>) {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  return
}
}
