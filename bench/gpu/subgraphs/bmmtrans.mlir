// GPU sub-graph bmmtrans of basteln's Table 3 (batchmatmul+transpose,
// (32,12,128,128) x (32,12,128,64)), f32: a batched product into a
// memref.alloc C, then a transpose md_hom:
//   C[b,h,i,d] = sum_k A[b,h,i,k] * B[b,h,k,d]      (A 32 x 12 x 128 x 128, B 32 x 12 x 128 x 64)
//   Y[b,i,h,d] = C[b,h,i,d]                         (Y 32 x 128 x 12 x 64)
// PyTorch: Y = (A @ B).transpose(1, 2).contiguous()
// (eager: cuBLAS batched SGEMM, then a copy kernel)
// Compute-bound: 2 * 32*12*128*64*128 flops.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @bmmtrans(%A: memref<32x12x128x128xf32>, %B: memref<32x12x128x64xf32>, %Y: memref<32x128x12x64xf32>) {
  %C = memref.alloc() : memref<32x12x128x64xf32>
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(b, h, i, d, k) -> (b, h, i, k)>]}
      : (memref<32x12x128x128xf32>) -> !mdh.mda<array<i64: 32, 12, 128, 64, 128>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(b, h, i, d, k) -> (b, h, k, d)>]}
      : (memref<32x12x128x64xf32>) -> !mdh.mda<array<i64: 32, 12, 128, 64, 128>>
  %r1 = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 32, 12, 128, 64, 128>>, !mdh.mda<array<i64: 32, 12, 128, 64, 128>>) -> !mdh.mda<array<i64: 32, 12, 128, 64, 1>>
  "mdh.out_view"(%r1, %C) {accesses = [affine_map<(b, h, i, d, k) -> (b, h, i, d)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 12, 128, 64, 1>>, memref<32x12x128x64xf32>) -> ()
  %vc = "mdh.inp_view"(%C) {accesses = [affine_map<(b, i, h, d) -> (b, h, i, d)>]}
      : (memref<32x12x128x64xf32>) -> !mdh.mda<array<i64: 32, 128, 12, 64>>
  %r2 = "mdh.md_hom"(%vc) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 32, 128, 12, 64>>) -> !mdh.mda<array<i64: 32, 128, 12, 64>>
  "mdh.out_view"(%r2, %Y) {accesses = [affine_map<(b, i, h, d) -> (b, i, h, d)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 128, 12, 64>>, memref<32x128x12x64xf32>) -> ()
  memref.dealloc %C : memref<32x12x128x64xf32>
  return
}
