// A dot product over two blocks of four threads: the blocks' partial sums
// meet in the result through atomics after an init kernel (@dot_atomic),
// or, in the deterministic reduction mode, through a buffer of partials
// that a second kernel folds in block order (@dot_deterministic).
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @dot_atomic(%x: memref<13xf32>, %y: memref<13xf32>, %w: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<13xf32>) -> !mdh.mda<array<i64: 13>>
  %vy = "mdh.inp_view"(%y) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<13xf32>) -> !mdh.mda<array<i64: 13>>
  %r = "mdh.md_hom"(%vx, %vy) {scalar_function = @mul, combine_ops = [#mdh.pw<"add">],
                               mdh.mapping = "global.x(4,2)"}
      : (!mdh.mda<array<i64: 13>>, !mdh.mda<array<i64: 13>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  return
}
func.func @dot_deterministic(%x: memref<13xf32>, %y: memref<13xf32>, %w: memref<f32>)
    attributes {mdh.reduction_mode = "deterministic"} {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<13xf32>) -> !mdh.mda<array<i64: 13>>
  %vy = "mdh.inp_view"(%y) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<13xf32>) -> !mdh.mda<array<i64: 13>>
  %r = "mdh.md_hom"(%vx, %vy) {scalar_function = @mul, combine_ops = [#mdh.pw<"add">],
                               mdh.mapping = "global.x(4,2)"}
      : (!mdh.mda<array<i64: 13>>, !mdh.mda<array<i64: 13>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  return
}
