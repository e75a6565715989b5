// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-cpu-pipeline

// A md_hom of two operators (allowed by mdh.assume_homomorphic) that the
// code generators do not run: one error, from the first pass that needs
// the operator (mdh-tile-fuse), not also one from mdh-pack, which asks
// whether a register tile could run it.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @two_operators(%A: memref<64x32x32xf32>, %y: memref<64xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, j, k)>]}
      : (memref<64x32x32xf32>) -> !mdh.mda<array<i64: 64, 32, 32>>
  // expected-error@+1 {{mdh-tile-fuse supports one operator across the pw and ps dimensions of a md_hom; dimension 2 uses another}}
  %r = "mdh.md_hom"(%va) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">, #mdh.pw<"max">], mdh.assume_homomorphic}
      : (!mdh.mda<array<i64: 64, 32, 32>>) -> !mdh.mda<array<i64: 64, 1, 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 1, 1>>, memref<64xf32>) -> ()
  return
}
