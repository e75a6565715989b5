// reduce(+) (MDH paper): sum of a vector into a 0-d buffer; the scalar function is the identity.
//   s = sum_i x[i]
// md_hom<N=61>(id, (pw(add)))
//   dims:    i: pw add (N = 61)
//   input:   x: (i) -> (i)   memref<61xf32>
//   output:  s: (i) -> ()    memref<f32> (0-d scalar buffer)
//   result:  !mdh.mda<array<i64: 1>>
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @reduce(%x: memref<61xf32>, %s: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<61xf32>) -> !mdh.mda<array<i64: 61>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 61>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  return
}
