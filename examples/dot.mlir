// Dot (MDH paper): dot product of two vectors into a 0-d buffer.
//   w = sum_k x[k] * y[k]
// md_hom<K=13>(mul, (pw(add)))
//   dims:    k: pw add (K = 13)
//   inputs:  x: (k) -> (k)   memref<13xf32>
//            y: (k) -> (k)   memref<13xf32>
//   output:  w: (k) -> ()    memref<f32> (0-d scalar buffer)
//   result:  !mdh.mda<array<i64: 1>>
func.func private @mul(%x: f32, %y: f32) -> f32 {
  %p = arith.mulf %x, %y : f32
  return %p : f32
}
func.func @dot(%x: memref<13xf32>, %y: memref<13xf32>, %w: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<13xf32>) -> !mdh.mda<array<i64: 13>>
  %vy = "mdh.inp_view"(%y) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<13xf32>) -> !mdh.mda<array<i64: 13>>
  %r = "mdh.md_hom"(%vx, %vy) {scalar_function = @mul, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 13>>, !mdh.mda<array<i64: 13>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(k) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  return
}
