// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-coalesce

// mdh-coalesce checks the dialect's rules first: bad input gets the
// verifier's located error, not a transformation.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @bad(%x: memref<3x4xf32>, %s: memref<f32>) {
  // expected-error@+1 {{access 0 reaches index 4 in dimension 1 of a buffer of size 4}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j + 1)>]}
      : (memref<3x4xf32>) -> !mdh.mda<array<i64: 3, 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 3, 4>>) -> !mdh.mda<array<i64: 1, 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i, j) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1>>, memref<f32>) -> ()
  return
}
