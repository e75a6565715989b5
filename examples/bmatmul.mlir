// bMatMul (MDH paper): batched matrix-matrix product.
//   C[b,i,j] = sum_k A[b,i,k] * B[b,k,j]
// md_hom<B=3, I=13, J=7, K=11>(mul, (cc, cc, cc, pw(add)))
//   dims:    b: cc (B = 3)    i: cc (I = 13)    j: cc (J = 7)    k: pw add (K = 11)
//   inputs:  A: (b,i,j,k) -> (b,i,k)   memref<3x13x11xf32>
//            B: (b,i,j,k) -> (b,k,j)   memref<3x11x7xf32>
//   output:  C: (b,i,j,k) -> (b,i,j)   memref<3x13x7xf32>
//   result:  !mdh.mda<array<i64: 3, 13, 7, 1>>
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @bmatmul(%A: memref<3x13x11xf32>, %B: memref<3x11x7xf32>, %C: memref<3x13x7xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(b, i, j, k) -> (b, i, k)>]}
      : (memref<3x13x11xf32>) -> !mdh.mda<array<i64: 3, 13, 7, 11>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(b, i, j, k) -> (b, k, j)>]}
      : (memref<3x11x7xf32>) -> !mdh.mda<array<i64: 3, 13, 7, 11>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 3, 13, 7, 11>>, !mdh.mda<array<i64: 3, 13, 7, 11>>) -> !mdh.mda<array<i64: 3, 13, 7, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(b, i, j, k) -> (b, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 13, 7, 1>>, memref<3x13x7xf32>) -> ()
  return
}
