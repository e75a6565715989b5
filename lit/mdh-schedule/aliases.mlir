// RUN: %mdh-opt %s --split-input-file --mdh-schedule | FileCheck %s

// Different views of one buffer are one memory in the model (lib/model.c,
// memory_map): an element is named by its place from the base's aligned
// pointer, the view's offset plus its strides times the index, so the
// dependences between a md_hom writing one view and one reading another
// come out exactly (issue 13, item 2), and the schedule keeps each read
// after its write. exec/aliases.test runs such chains on every pipeline.
// S1 reads T[2 + i][2 + j], which S0 writes at (2 + i, 2 + j): in the
// fused band S1 comes at least one row later.
// CHECK-LABEL: func.func @subview_of_written
// CHECK-SAME: S1[i0, i1] -> [(3 + i0)]
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @subview_of_written(%x: memref<8x8xf32>, %y: memref<4x4xf32>) {
  %t = memref.alloc() : memref<8x8xf32>
  %s = memref.subview %t[2, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 18>>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<8x8xf32>) -> !mdh.mda<array<i64: 8, 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 8, 8>>) -> !mdh.mda<array<i64: 8, 8>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8, 8>>, memref<8x8xf32>) -> ()
  %v1 = "mdh.inp_view"(%s) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<4x4xf32, strided<[8, 1], offset: 18>>) -> !mdh.mda<array<i64: 4, 4>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 4, 4>>) -> !mdh.mda<array<i64: 4, 4>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 4, 4>>, memref<4x4xf32>) -> ()
  memref.dealloc %t : memref<8x8xf32>
  return
}

// -----

// The same through a reshape of the written buffer: element k of the
// collapse is T[k / 4][k mod 4], written in row k / 4 <= k of S0.
// CHECK-LABEL: func.func @collapse_of_written
// CHECK-SAME: S1[i0] -> [(i0)] }]
// CHECK-SAME: filter: \22{ S0[i0, i1] }\22{{.*}}filter: \22{ S1[i0] }
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @collapse_of_written(%x: memref<4x4xf32>, %y: memref<16xf32>) {
  %t = memref.alloc() : memref<4x4xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<4x4xf32>) -> !mdh.mda<array<i64: 4, 4>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 4, 4>>) -> !mdh.mda<array<i64: 4, 4>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 4, 4>>, memref<4x4xf32>) -> ()
  %c = memref.collapse_shape %t [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %v1 = "mdh.inp_view"(%c) {accesses = [affine_map<(i) -> (i)>]} : (memref<16xf32>) -> !mdh.mda<array<i64: 16>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 16>>) -> !mdh.mda<array<i64: 16>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 16>>, memref<16xf32>) -> ()
  memref.dealloc %t : memref<4x4xf32>
  return
}

// -----

// Views that are only read need no dependence, and two equal view ops name
// the same buffer.
// CHECK-LABEL: func.func @read_views
// CHECK-SAME: coincident: [ 1, 1 ]
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @read_views(%x: memref<8x8xf32>, %y: memref<4x4xf32>, %z: memref<8x8xf32>) {
  %a = memref.subview %x[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1]>>
  %v0 = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<4x4xf32, strided<[8, 1]>>) -> !mdh.mda<array<i64: 4, 4>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 4, 4>>) -> !mdh.mda<array<i64: 4, 4>>
  "mdh.out_view"(%r0, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 4, 4>>, memref<4x4xf32>) -> ()
  %v1 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<8x8xf32>) -> !mdh.mda<array<i64: 8, 8>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 8, 8>>) -> !mdh.mda<array<i64: 8, 8>>
  "mdh.out_view"(%r1, %z) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8, 8>>, memref<8x8xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @same_views
// CHECK-SAME: filter: \22{ S0[i0] }\22\0A      - filter: \22{ S1[i0] }
func.func @same_views(%x: memref<4x4xf32>, %y: memref<16xf32>) {
  %t = memref.alloc() : memref<4x4xf32>
  %c0 = memref.collapse_shape %t [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %c1 = memref.collapse_shape %t [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %cx = memref.collapse_shape %x [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %v0 = "mdh.inp_view"(%cx) {accesses = [affine_map<(i) -> (i)>]} : (memref<16xf32>) -> !mdh.mda<array<i64: 16>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 16>>) -> !mdh.mda<array<i64: 16>>
  "mdh.out_view"(%r0, %c0) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 16>>, memref<16xf32>) -> ()
  %v1 = "mdh.inp_view"(%c1) {accesses = [affine_map<(i) -> (i)>]} : (memref<16xf32>) -> !mdh.mda<array<i64: 16>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 16>>) -> !mdh.mda<array<i64: 16>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 16>>, memref<16xf32>) -> ()
  memref.dealloc %t : memref<4x4xf32>
  return
}
// -----

// Disjoint views of one buffer: the two halves written by S0 and S1 do not
// meet, so the two need no order: both run at (i, j); S2 reads both and
// follows them.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// CHECK-LABEL: func.func @halves
// CHECK-SAME: S0[i0, i1] -> [(i1)]; S2[i0, i1] -> [(2 + i1)]; S1[i0, i1] -> [(i1)] }]
// CHECK-NOT: sequence
func.func @halves(%x: memref<4x3xf32>, %w: memref<4x3xf32>, %y: memref<4x6xf32>) {
  %t = memref.alloc() : memref<4x6xf32>
  %l = memref.subview %t[0, 0] [4, 3] [1, 1] : memref<4x6xf32> to memref<4x3xf32, strided<[6, 1]>>
  %r = memref.subview %t[0, 3] [4, 3] [1, 1] : memref<4x6xf32> to memref<4x3xf32, strided<[6, 1], offset: 3>>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<4x3xf32>) -> !mdh.mda<array<i64: 4, 3>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 4, 3>>) -> !mdh.mda<array<i64: 4, 3>>
  "mdh.out_view"(%r0, %l) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 4, 3>>, memref<4x3xf32, strided<[6, 1]>>) -> ()
  %v1 = "mdh.inp_view"(%w) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<4x3xf32>) -> !mdh.mda<array<i64: 4, 3>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 4, 3>>) -> !mdh.mda<array<i64: 4, 3>>
  "mdh.out_view"(%r1, %r) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 4, 3>>, memref<4x3xf32, strided<[6, 1], offset: 3>>) -> ()
  %v2 = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<4x6xf32>) -> !mdh.mda<array<i64: 4, 6>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 4, 6>>) -> !mdh.mda<array<i64: 4, 6>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 4, 6>>, memref<4x6xf32>) -> ()
  memref.dealloc %t : memref<4x6xf32>
  return
}

// -----

// A subview at a run-time offset may hold any element of its base: S1
// depends on every instance of S0 and runs after all of them.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// CHECK-LABEL: func.func @dynamic_offset
// CHECK-SAME: S1[i0] -> [(9 + i0)]; S0[i0] -> [(i0)]
func.func @dynamic_offset(%x: memref<10xf32>, %y: memref<4xf32>, %o: index) {
  %t = memref.alloc() : memref<10xf32>
  %s = memref.subview %t[%o] [4] [1] : memref<10xf32> to memref<4xf32, strided<[1], offset: ?>>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<10xf32>) -> !mdh.mda<array<i64: 10>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 10>>) -> !mdh.mda<array<i64: 10>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 10>>, memref<10xf32>) -> ()
  %v1 = "mdh.inp_view"(%s) {accesses = [affine_map<(i) -> (i)>]} : (memref<4xf32, strided<[1], offset: ?>>) -> !mdh.mda<array<i64: 4>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  memref.dealloc %t : memref<10xf32>
  return
}
