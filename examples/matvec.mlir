// MatVec (MDH paper Fig. 8): matrix-vector product.
//   w[i] = sum_k M[i,k] * v[k]
// md_hom<I=37, K=23>(mul, (cc, pw(add)))
//   dims:    i: cc (I = 37)    k: pw add (K = 23)
//   inputs:  M: (i,k) -> (i,k)   memref<37x23xf32>
//            v: (i,k) -> (k)     memref<23xf32>
//   output:  w: (i,k) -> (i)     memref<37xf32>
//   result:  !mdh.mda<array<i64: 37, 1>>
func.func private @mul(%m: f32, %v: f32) -> f32 {
  %p = arith.mulf %m, %v : f32
  return %p : f32
}
func.func @matvec(%M: memref<37x23xf32>, %v: memref<23xf32>, %w: memref<37xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 23>>, !mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 37, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 1>>, memref<37xf32>) -> ()
  return
}
