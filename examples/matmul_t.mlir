// MatMul^T (MDH paper Fig. 13): matrix product with transposed inputs and output.
//   C[j,i] = sum_k A[k,i] * B[j,k]      (i.e. C^T = A^T * B^T)
// md_hom<I=13, J=7, K=11>(mul, (cc, cc, pw(add))) -- the same md_hom as MatMul, only views differ
//   dims:    i: cc (I = 13)    j: cc (J = 7)    k: pw add (K = 11)
//   inputs:  A: (i,j,k) -> (k,i)   memref<11x13xf32>
//            B: (i,j,k) -> (j,k)   memref<7x11xf32>
//   output:  C: (i,j,k) -> (j,i)   memref<7x13xf32>
//   result:  !mdh.mda<array<i64: 13, 7, 1>>
// The B map (j,k) is a reconstruction (the paper does not give it); A (k,i) and C (j,i) are from the paper.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @matmul_t(%A: memref<11x13xf32>, %B: memref<7x11xf32>, %C: memref<7x13xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (k, i)>]}
      : (memref<11x13xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (j, k)>]}
      : (memref<7x11xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 13, 7, 11>>, !mdh.mda<array<i64: 13, 7, 11>>) -> !mdh.mda<array<i64: 13, 7, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (j, i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 7, 1>>, memref<7x13xf32>) -> ()
  return
}
