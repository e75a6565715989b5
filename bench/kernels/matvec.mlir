// GPU benchmark MatVec: w[i] = sum_k M[i,k] * v[k], f32, 8192 x 8192.
// md_hom<I=8192, K=8192>(mul, (cc, pw(add)))
//   inputs:  M: (i,k) -> (i,k)   memref<8192x8192xf32>
//            v: (i,k) -> (k)     memref<8192xf32>
//   output:  w: (i,k) -> (i)     memref<8192xf32>
// Memory-bound: 4 * (8192*8192 + 2*8192) bytes at least; baseline cuBLAS SGEMV.
func.func private @mul(%m: f32, %v: f32) -> f32 {
  %p = arith.mulf %m, %v : f32
  return %p : f32
}
func.func @matvec(%M: memref<8192x8192xf32>, %v: memref<8192xf32>, %w: memref<8192xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<8192x8192xf32>) -> !mdh.mda<array<i64: 8192, 8192>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<8192xf32>) -> !mdh.mda<array<i64: 8192, 8192>>
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 8192, 8192>>, !mdh.mda<array<i64: 8192, 8192>>) -> !mdh.mda<array<i64: 8192, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8192, 1>>, memref<8192xf32>) -> ()
  return
}
