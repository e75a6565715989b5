// GPU sub-graph conv1 of basteln's Table 3 (add+conv+relu, NCHW
// (64,512,7,7) padded by 1 x (3,3) stride 1), f32: an element-wise add into a
// memref.alloc S, a convolution md_hom (pw add over c, r, s) into a
// memref.alloc C, and a ReLU md_hom. The inputs are the 7 x 7 images already
// padded by 1 (9 x 9), so the convolution needs no bounds:
//   S[n,c,y,x] = X[n,c,y,x] + Y[n,c,y,x]                          (X, Y 64 x 512 x 9 x 9)
//   C[n,k,p,q] = sum_{c,r,s < 512,3,3} S[n,c,p+r,q+s] * W[k,c,r,s]  (W 512 x 512 x 3 x 3)
//   O[n,k,p,q] = max(C[n,k,p,q], 0)                               (O 64 x 512 x 7 x 7)
// PyTorch: O = F.relu(F.conv2d(x + y, W, padding=1)) on the unpadded 7 x 7
// x, y (eager: an add kernel, cuDNN's convolution, a ReLU kernel)
// Compute-bound: 2 * 64*512*7*7 * 512*3*3 flops.
func.func private @add(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @relu(%a: f32) -> f32 {
  %z = arith.constant 0.000000e+00 : f32
  %r = arith.maximumf %a, %z : f32
  return %r : f32
}
func.func @conv1(%X: memref<64x512x9x9xf32>, %Y: memref<64x512x9x9xf32>, %W: memref<512x512x3x3xf32>, %O: memref<64x512x7x7xf32>) {
  %S = memref.alloc() : memref<64x512x9x9xf32>
  %C = memref.alloc() : memref<64x512x7x7xf32>
  %vx = "mdh.inp_view"(%X) {accesses = [affine_map<(n, c, y, x) -> (n, c, y, x)>]}
      : (memref<64x512x9x9xf32>) -> !mdh.mda<array<i64: 64, 512, 9, 9>>
  %vy = "mdh.inp_view"(%Y) {accesses = [affine_map<(n, c, y, x) -> (n, c, y, x)>]}
      : (memref<64x512x9x9xf32>) -> !mdh.mda<array<i64: 64, 512, 9, 9>>
  %r1 = "mdh.md_hom"(%vx, %vy) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 64, 512, 9, 9>>, !mdh.mda<array<i64: 64, 512, 9, 9>>) -> !mdh.mda<array<i64: 64, 512, 9, 9>>
  "mdh.out_view"(%r1, %S) {accesses = [affine_map<(n, c, y, x) -> (n, c, y, x)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 512, 9, 9>>, memref<64x512x9x9xf32>) -> ()
  %vs = "mdh.inp_view"(%S) {accesses = [affine_map<(n, k, p, q, c, r, s) -> (n, c, p + r, q + s)>]}
      : (memref<64x512x9x9xf32>) -> !mdh.mda<array<i64: 64, 512, 7, 7, 512, 3, 3>>
  %vw = "mdh.inp_view"(%W) {accesses = [affine_map<(n, k, p, q, c, r, s) -> (k, c, r, s)>]}
      : (memref<512x512x3x3xf32>) -> !mdh.mda<array<i64: 64, 512, 7, 7, 512, 3, 3>>
  %r2 = "mdh.md_hom"(%vs, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 512, 7, 7, 512, 3, 3>>, !mdh.mda<array<i64: 64, 512, 7, 7, 512, 3, 3>>) -> !mdh.mda<array<i64: 64, 512, 7, 7, 1, 1, 1>>
  "mdh.out_view"(%r2, %C) {accesses = [affine_map<(n, k, p, q, c, r, s) -> (n, k, p, q)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 512, 7, 7, 1, 1, 1>>, memref<64x512x7x7xf32>) -> ()
  %vc = "mdh.inp_view"(%C) {accesses = [affine_map<(n, k, p, q) -> (n, k, p, q)>]}
      : (memref<64x512x7x7xf32>) -> !mdh.mda<array<i64: 64, 512, 7, 7>>
  %r3 = "mdh.md_hom"(%vc) {scalar_function = @relu, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 64, 512, 7, 7>>) -> !mdh.mda<array<i64: 64, 512, 7, 7>>
  "mdh.out_view"(%r3, %O) {accesses = [affine_map<(n, k, p, q) -> (n, k, p, q)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 512, 7, 7>>, memref<64x512x7x7xf32>) -> ()
  memref.dealloc %S : memref<64x512x9x9xf32>
  memref.dealloc %C : memref<64x512x7x7xf32>
  return
}
