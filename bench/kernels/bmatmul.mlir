// GPU benchmark batched MatMul: C[b,i,j] = sum_k A[b,i,k] * B[b,k,j], f32,
// 16 x 512 x 512 x 512.
// md_hom<B=16, I=512, J=512, K=512>(mul, (cc, cc, cc, pw(add)))
//   inputs:  A: (b,i,j,k) -> (b,i,k)   memref<16x512x512xf32>
//            B: (b,i,j,k) -> (b,k,j)   memref<16x512x512xf32>
//   output:  C: (b,i,j,k) -> (b,i,j)   memref<16x512x512xf32>
// Compute-bound: 2 * 16 * 512^3 flops; baseline cuBLAS
// cublasSgemmStridedBatched (FP32, no TF32).
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @bmatmul(%A: memref<16x512x512xf32>, %B: memref<16x512x512xf32>, %C: memref<16x512x512xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(b, i, j, k) -> (b, i, k)>]}
      : (memref<16x512x512xf32>) -> !mdh.mda<array<i64: 16, 512, 512, 512>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(b, i, j, k) -> (b, k, j)>]}
      : (memref<16x512x512xf32>) -> !mdh.mda<array<i64: 16, 512, 512, 512>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 16, 512, 512, 512>>, !mdh.mda<array<i64: 16, 512, 512, 512>>) -> !mdh.mda<array<i64: 16, 512, 512, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(b, i, j, k) -> (b, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 16, 512, 512, 1>>, memref<16x512x512xf32>) -> ()
  return
}
