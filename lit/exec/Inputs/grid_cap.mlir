// Element-wise md_homs with more points than mdh-map-gpu gives threads
// (2^22 over the cc dimensions): each thread takes several points of the
// cyclic distribution, the last round partial.
func.func private @inc(%a: f32) -> f32 {
  %c = arith.constant 1.0 : f32
  %p = arith.addf %a, %c : f32
  return %p : f32
}
func.func private @sq(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}

// One dimension of 2^23 + 3 points.
func.func @long(%x: memref<8388611xf32>, %y: memref<8388611xf32>) {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8388611xf32>) -> !mdh.mda<array<i64: 8388611>>
  %r = "mdh.md_hom"(%v) {scalar_function = @inc, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8388611>>) -> !mdh.mda<array<i64: 8388611>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8388611>>, memref<8388611xf32>) -> ()
  return
}

// Two dimensions, 4097 x 2051 points, a row of 2051 read and written
// transposed: the blocks of the outer hardware dimension are lowered
// first.
func.func @wide(%x: memref<2051x4097xf32>, %y: memref<2051x4097xf32>) {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (j, i)>]}
      : (memref<2051x4097xf32>) -> !mdh.mda<array<i64: 4097, 2051>>
  %r = "mdh.md_hom"(%v) {scalar_function = @sq, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4097, 2051>>) -> !mdh.mda<array<i64: 4097, 2051>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (j, i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4097, 2051>>, memref<2051x4097xf32>) -> ()
  return
}

// A user's block count stays: a thread per point.
func.func @user(%x: memref<8388611xf32>, %y: memref<8388611xf32>) {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8388611xf32>) -> !mdh.mda<array<i64: 8388611>>
  %r = "mdh.md_hom"(%v) {scalar_function = @inc, combine_ops = [#mdh.cc], mdh.mapping = "global.x(256,32769)"}
      : (!mdh.mda<array<i64: 8388611>>) -> !mdh.mda<array<i64: 8388611>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8388611>>, memref<8388611xf32>) -> ()
  return
}
