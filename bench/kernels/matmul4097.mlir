// GPU benchmark MatMul at a size that no tile divides: C[i,j] = sum_k A[i,k] * B[k,j], f32, 4097 x 4097 x 4097.
// md_hom<I=4097, J=4097, K=4097>(mul, (cc, cc, pw(add)))
//   inputs:  A: (i,j,k) -> (i,k)   memref<4097x4097xf32>
//            B: (i,j,k) -> (k,j)   memref<4097x4097xf32>
//   output:  C: (i,j,k) -> (i,j)   memref<4097x4097xf32>
// Compute-bound: 2 * 4097^3 flops; baseline cuBLAS SGEMM at 4097 (FP32, no TF32).
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @matmul4097(%A: memref<4097x4097xf32>, %B: memref<4097x4097xf32>, %C: memref<4097x4097xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<4097x4097xf32>) -> !mdh.mda<array<i64: 4097, 4097, 4097>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<4097x4097xf32>) -> !mdh.mda<array<i64: 4097, 4097, 4097>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 4097, 4097, 4097>>, !mdh.mda<array<i64: 4097, 4097, 4097>>) -> !mdh.mda<array<i64: 4097, 4097, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4097, 4097, 1>>, memref<4097x4097xf32>) -> ()
  return
}
