// GPU sub-graph transbmm of basteln's Table 3 (transpose+batchmatmul,
// (32,128,12,64) x (32,12,128,64)), f32: a transpose md_hom into a
// memref.alloc T, then a batched product with B transposed (q k^T):
//   T[b,h,i,d] = A[b,i,h,d]                         (A 32 x 128 x 12 x 64)
//   S[b,h,i,j] = sum_d T[b,h,i,d] * B[b,h,j,d]      (B 32 x 12 x 128 x 64; S 32 x 12 x 128 x 128)
// PyTorch: S = A.transpose(1, 2) @ B.transpose(-1, -2)
// (eager: a copy kernel for .contiguous() of the transpose, then cuBLAS
// batched SGEMM)
// Compute-bound: 2 * 32*12*128*128*64 flops.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @transbmm(%A: memref<32x128x12x64xf32>, %B: memref<32x12x128x64xf32>, %S: memref<32x12x128x128xf32>) {
  %T = memref.alloc() : memref<32x12x128x64xf32>
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(b, h, i, d) -> (b, i, h, d)>]}
      : (memref<32x128x12x64xf32>) -> !mdh.mda<array<i64: 32, 12, 128, 64>>
  %r1 = "mdh.md_hom"(%va) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 32, 12, 128, 64>>) -> !mdh.mda<array<i64: 32, 12, 128, 64>>
  "mdh.out_view"(%r1, %T) {accesses = [affine_map<(b, h, i, d) -> (b, h, i, d)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 12, 128, 64>>, memref<32x12x128x64xf32>) -> ()
  %vt = "mdh.inp_view"(%T) {accesses = [affine_map<(b, h, i, j, d) -> (b, h, i, d)>]}
      : (memref<32x12x128x64xf32>) -> !mdh.mda<array<i64: 32, 12, 128, 128, 64>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(b, h, i, j, d) -> (b, h, j, d)>]}
      : (memref<32x12x128x64xf32>) -> !mdh.mda<array<i64: 32, 12, 128, 128, 64>>
  %r2 = "mdh.md_hom"(%vt, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 32, 12, 128, 128, 64>>, !mdh.mda<array<i64: 32, 12, 128, 128, 64>>) -> !mdh.mda<array<i64: 32, 12, 128, 128, 1>>
  "mdh.out_view"(%r2, %S) {accesses = [affine_map<(b, h, i, j, d) -> (b, h, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 12, 128, 128, 1>>, memref<32x12x128x128xf32>) -> ()
  memref.dealloc %T : memref<32x12x128x64xf32>
  return
}
