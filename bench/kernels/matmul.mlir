// GPU benchmark MatMul: C[i,j] = sum_k A[i,k] * B[k,j], f32, 4096 x 4096 x 4096.
// md_hom<I=4096, J=4096, K=4096>(mul, (cc, cc, pw(add)))
//   inputs:  A: (i,j,k) -> (i,k)   memref<4096x4096xf32>
//            B: (i,j,k) -> (k,j)   memref<4096x4096xf32>
//   output:  C: (i,j,k) -> (i,j)   memref<4096x4096xf32>
// Compute-bound: 2 * 4096^3 flops; baseline cuBLAS SGEMM (FP32, no TF32).
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @matmul(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<4096x4096xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<4096x4096xf32>) -> !mdh.mda<array<i64: 4096, 4096, 4096>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<4096x4096xf32>) -> !mdh.mda<array<i64: 4096, 4096, 4096>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 4096, 4096, 4096>>, !mdh.mda<array<i64: 4096, 4096, 4096>>) -> !mdh.mda<array<i64: 4096, 4096, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4096, 4096, 1>>, memref<4096x4096xf32>) -> ()
  return
}
