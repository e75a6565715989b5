// GPU benchmark: a 3 x 3 convolution layer of ResNet-50 (conv3_x: 128 to
// 128 channels on 28 x 28 images, stride 1, padding 1), batch 32, NCHW,
// f32. The input is the image already padded by 1 (30 x 30):
//   O[n,k,p,q] = sum_{c,r,s < 128,3,3} X[n,c,p+r,q+s] * W[k,c,r,s]
// md_hom<N=32, K=128, P=28, Q=28, C=128, R=3, S=3>(mul, (cc^4, pw(add)^3))
// Compute-bound: 2 * 32*128*28*28 * 128*3*3 flops; baselines PyTorch eager
// F.conv2d (cuDNN) and torch.compile on the unpadded 28 x 28 images
// (torch_subgraphs.py, TF32 off).
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @resnet3x3(%X: memref<32x128x30x30xf32>, %W: memref<128x128x3x3xf32>, %O: memref<32x128x28x28xf32>) {
  %vx = "mdh.inp_view"(%X) {accesses = [affine_map<(n, k, p, q, c, r, s) -> (n, c, p + r, q + s)>]}
      : (memref<32x128x30x30xf32>) -> !mdh.mda<array<i64: 32, 128, 28, 28, 128, 3, 3>>
  %vw = "mdh.inp_view"(%W) {accesses = [affine_map<(n, k, p, q, c, r, s) -> (k, c, r, s)>]}
      : (memref<128x128x3x3xf32>) -> !mdh.mda<array<i64: 32, 128, 28, 28, 128, 3, 3>>
  %r = "mdh.md_hom"(%vx, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 32, 128, 28, 28, 128, 3, 3>>, !mdh.mda<array<i64: 32, 128, 28, 28, 128, 3, 3>>) -> !mdh.mda<array<i64: 32, 128, 28, 28, 1, 1, 1>>
  "mdh.out_view"(%r, %O) {accesses = [affine_map<(n, k, p, q, c, r, s) -> (n, k, p, q)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 128, 28, 28, 1, 1, 1>>, memref<32x128x28x28xf32>) -> ()
  return
}
