// MatMul (MDH paper): matrix-matrix product.
//   C[i,j] = sum_k A[i,k] * B[k,j]
// md_hom<I=13, J=7, K=11>(mul, (cc, cc, pw(add)))
//   dims:    i: cc (I = 13)    j: cc (J = 7)    k: pw add (K = 11)
//   inputs:  A: (i,j,k) -> (i,k)   memref<13x11xf32>
//            B: (i,j,k) -> (k,j)   memref<11x7xf32>
//   output:  C: (i,j,k) -> (i,j)   memref<13x7xf32>
//   result:  !mdh.mda<array<i64: 13, 7, 1>>
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @matmul(%A: memref<13x11xf32>, %B: memref<11x7xf32>, %C: memref<13x7xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<13x11xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<11x7xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 13, 7, 11>>, !mdh.mda<array<i64: 13, 7, 11>>) -> !mdh.mda<array<i64: 13, 7, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 7, 1>>, memref<13x7xf32>) -> ()
  return
}
