// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-schedule

// Buffers are modelled as the values the views name: the elements of a
// subview are not related to its base's yet. A md_hom reading another view
// of a buffer that a md_hom writes would get no dependence (and a fused
// loop reading what is not written yet), so it is refused at the view
// (issue 13, item 2).
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @subview_of_written(%x: memref<8x8xf32>, %y: memref<4x4xf32>) {
  %t = memref.alloc() : memref<8x8xf32>
  %s = memref.subview %t[2, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 18>>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<8x8xf32>) -> !mdh.mda<array<i64: 8, 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 8, 8>>) -> !mdh.mda<array<i64: 8, 8>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8, 8>>, memref<8x8xf32>) -> ()
  // expected-error@+1 {{mdh: this view's buffer and that of an earlier view are different views of one buffer, and a md_hom writes one of them}}
  %v1 = "mdh.inp_view"(%s) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<4x4xf32, strided<[8, 1], offset: 18>>) -> !mdh.mda<array<i64: 4, 4>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 4, 4>>) -> !mdh.mda<array<i64: 4, 4>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 4, 4>>, memref<4x4xf32>) -> ()
  memref.dealloc %t : memref<8x8xf32>
  return
}

// -----

// The same through a reshape of the written buffer.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @collapse_of_written(%x: memref<4x4xf32>, %y: memref<16xf32>) {
  %t = memref.alloc() : memref<4x4xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<4x4xf32>) -> !mdh.mda<array<i64: 4, 4>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 4, 4>>) -> !mdh.mda<array<i64: 4, 4>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 4, 4>>, memref<4x4xf32>) -> ()
  %c = memref.collapse_shape %t [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  // expected-error@+1 {{different views of one buffer}}
  %v1 = "mdh.inp_view"(%c) {accesses = [affine_map<(i) -> (i)>]} : (memref<16xf32>) -> !mdh.mda<array<i64: 16>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 16>>) -> !mdh.mda<array<i64: 16>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 16>>, memref<16xf32>) -> ()
  memref.dealloc %t : memref<4x4xf32>
  return
}

// -----

// Views that are only read need no dependence, and two equal view ops name
// the same buffer: both chains are scheduled.
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
