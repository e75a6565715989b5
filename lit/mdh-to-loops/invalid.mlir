// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-to-loops

// Dimensions combined with different operators (asserted homomorphic) are
// outside what the reference lowering evaluates: a located error.
func.func private @id2(%a: f32) -> f32 {
  return %a : f32
}
func.func @mixed(%x: memref<3x4xf32>, %s: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<3x4xf32>) -> !mdh.mda<array<i64: 3, 4>>
  // expected-error@+1 {{mdh-to-loops supports one operator across the pw and ps dimensions}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id2, combine_ops = [#mdh.pw<"add">, #mdh.pw<"max">], mdh.assume_homomorphic}
      : (!mdh.mda<array<i64: 3, 4>>) -> !mdh.mda<array<i64: 1, 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i, j) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1>>, memref<f32>) -> ()
  return
}

// -----

// Every mdh pass checks the dialect's rules first.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @bad(%x: memref<3xf32>, %y: memref<3xf32>) {
  // expected-error@+1 {{access 0 reaches index 3 in dimension 0 of a buffer of size 3}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i + 1)>]}
      : (memref<3xf32>) -> !mdh.mda<array<i64: 3>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 3>>) -> !mdh.mda<array<i64: 3>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3>>, memref<3xf32>) -> ()
  return
}
