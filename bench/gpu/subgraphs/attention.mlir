// GPU sub-graph attention of basteln's Table 3 (mul+(batchmatmul,batchmatmul),
// (32,12,128,128) x (32,12,128,64)), f32, two outputs: a scaling md_hom into a
// memref.alloc S that two batched products read (basteln section 5.3):
//   S[b,h,i,k]  = X[b,h,i,k] * 0.125                (X 32 x 12 x 128 x 128)
//   O1[b,h,i,j] = sum_k S[b,h,i,k] * V1[b,h,k,j]    (V1, V2, O1, O2 32 x 12 x 128 x 64)
//   O2[b,h,i,j] = sum_k S[b,h,i,k] * V2[b,h,k,j]
// PyTorch: s = X * 0.125; O1 = s @ V1; O2 = s @ V2
// Compute-bound: 2 * 2 * 32*12*128*64*128 flops (+ 32*12*128*128 for the scaling).
func.func private @scale(%a: f32) -> f32 {
  %c = arith.constant 1.250000e-01 : f32
  %r = arith.mulf %a, %c : f32
  return %r : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @attention(%X: memref<32x12x128x128xf32>, %V1: memref<32x12x128x64xf32>, %V2: memref<32x12x128x64xf32>, %O1: memref<32x12x128x64xf32>, %O2: memref<32x12x128x64xf32>) {
  %S = memref.alloc() : memref<32x12x128x128xf32>
  %vx = "mdh.inp_view"(%X) {accesses = [affine_map<(b, h, i, k) -> (b, h, i, k)>]}
      : (memref<32x12x128x128xf32>) -> !mdh.mda<array<i64: 32, 12, 128, 128>>
  %r0 = "mdh.md_hom"(%vx) {scalar_function = @scale, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 32, 12, 128, 128>>) -> !mdh.mda<array<i64: 32, 12, 128, 128>>
  "mdh.out_view"(%r0, %S) {accesses = [affine_map<(b, h, i, k) -> (b, h, i, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 12, 128, 128>>, memref<32x12x128x128xf32>) -> ()
  %vs1 = "mdh.inp_view"(%S) {accesses = [affine_map<(b, h, i, j, k) -> (b, h, i, k)>]}
      : (memref<32x12x128x128xf32>) -> !mdh.mda<array<i64: 32, 12, 128, 64, 128>>
  %vv1 = "mdh.inp_view"(%V1) {accesses = [affine_map<(b, h, i, j, k) -> (b, h, k, j)>]}
      : (memref<32x12x128x64xf32>) -> !mdh.mda<array<i64: 32, 12, 128, 64, 128>>
  %r1 = "mdh.md_hom"(%vs1, %vv1) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 32, 12, 128, 64, 128>>, !mdh.mda<array<i64: 32, 12, 128, 64, 128>>) -> !mdh.mda<array<i64: 32, 12, 128, 64, 1>>
  "mdh.out_view"(%r1, %O1) {accesses = [affine_map<(b, h, i, j, k) -> (b, h, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 12, 128, 64, 1>>, memref<32x12x128x64xf32>) -> ()
  %vs2 = "mdh.inp_view"(%S) {accesses = [affine_map<(b, h, i, j, k) -> (b, h, i, k)>]}
      : (memref<32x12x128x128xf32>) -> !mdh.mda<array<i64: 32, 12, 128, 64, 128>>
  %vv2 = "mdh.inp_view"(%V2) {accesses = [affine_map<(b, h, i, j, k) -> (b, h, k, j)>]}
      : (memref<32x12x128x64xf32>) -> !mdh.mda<array<i64: 32, 12, 128, 64, 128>>
  %r2 = "mdh.md_hom"(%vs2, %vv2) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 32, 12, 128, 64, 128>>, !mdh.mda<array<i64: 32, 12, 128, 64, 128>>) -> !mdh.mda<array<i64: 32, 12, 128, 64, 1>>
  "mdh.out_view"(%r2, %O2) {accesses = [affine_map<(b, h, i, j, k) -> (b, h, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 12, 128, 64, 1>>, memref<32x12x128x64xf32>) -> ()
  memref.dealloc %S : memref<32x12x128x128xf32>
  return
}
