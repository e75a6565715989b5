// A ResNet-50 3x3 layer (conv2_x: 56x56, 64 -> 64 channels, stride 1, the
// input padded to 58x58), f32, NHWC/HWCF, as one md_hom and as
// linalg.conv_2d_nhwc_hwcf after a zero fill, raised (bench/linalg/run.sh).
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @mdh(%I: memref<1x58x58x64xf32>, %K: memref<3x3x64x64xf32>, %O: memref<1x56x56x64xf32>) {
  %i = "mdh.inp_view"(%I) {accesses = [affine_map<(n, h, w, f, kh, kw, c) -> (n, h + kh, w + kw, c)>]}
      : (memref<1x58x58x64xf32>) -> !mdh.mda<array<i64: 1, 56, 56, 64, 3, 3, 64>>
  %k = "mdh.inp_view"(%K) {accesses = [affine_map<(n, h, w, f, kh, kw, c) -> (kh, kw, c, f)>]}
      : (memref<3x3x64x64xf32>) -> !mdh.mda<array<i64: 1, 56, 56, 64, 3, 3, 64>>
  %r = "mdh.md_hom"(%i, %k) {scalar_function = @mul,
      combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 1, 56, 56, 64, 3, 3, 64>>, !mdh.mda<array<i64: 1, 56, 56, 64, 3, 3, 64>>)
      -> !mdh.mda<array<i64: 1, 56, 56, 64, 1, 1, 1>>
  "mdh.out_view"(%r, %O) {accesses = [affine_map<(n, h, w, f, kh, kw, c) -> (n, h, w, f)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 56, 56, 64, 1, 1, 1>>, memref<1x56x56x64xf32>) -> ()
  return
}
func.func @linalg_fill(%I: memref<1x58x58x64xf32>, %K: memref<3x3x64x64xf32>, %O: memref<1x56x56x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%O : memref<1x56x56x64xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%I, %K : memref<1x58x58x64xf32>, memref<3x3x64x64xf32>) outs(%O : memref<1x56x56x64xf32>)
  return
}
func.func @linalg(%I: memref<1x58x58x64xf32>, %K: memref<3x3x64x64xf32>, %O: memref<1x56x56x64xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%I, %K : memref<1x58x58x64xf32>, memref<3x3x64x64xf32>) outs(%O : memref<1x56x56x64xf32>)
  return
}
