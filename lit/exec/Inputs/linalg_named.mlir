// Linalg named ops on memrefs, one function each, for mdh-from-linalg
// (exec/from-linalg.test): every pipeline runs the raised function and
// must give what upstream's own lowering (convert-linalg-to-loops) gives
// for the original. Outputs are read as well as written: linalg
// accumulates into them.
func.func @matmul(%A: memref<5x3xf32>, %B: memref<3x7xf32>, %C: memref<5x7xf32>) {
  linalg.matmul ins(%A, %B : memref<5x3xf32>, memref<3x7xf32>) outs(%C : memref<5x7xf32>)
  return
}
func.func @matmul_transpose_a(%A: memref<3x5xf32>, %B: memref<3x7xf32>, %C: memref<5x7xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                                 affine_map<(m, n, k) -> (k, n)>,
                                 affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<3x5xf32>, memref<3x7xf32>) outs(%C : memref<5x7xf32>)
  return
}
func.func @matmul_transpose_b(%A: memref<5x3xf32>, %B: memref<7x3xf32>, %C: memref<5x7xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                 affine_map<(m, n, k) -> (n, k)>,
                                 affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<5x3xf32>, memref<7x3xf32>) outs(%C : memref<5x7xf32>)
  return
}
func.func @batch_matmul(%A: memref<2x5x3xf32>, %B: memref<2x3x6xf32>, %C: memref<2x5x6xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<2x5x3xf32>, memref<2x3x6xf32>) outs(%C : memref<2x5x6xf32>)
  return
}
func.func @matvec(%A: memref<5x7xf32>, %x: memref<7xf32>, %y: memref<5xf32>) {
  linalg.matvec ins(%A, %x : memref<5x7xf32>, memref<7xf32>) outs(%y : memref<5xf32>)
  return
}
func.func @vecmat(%x: memref<5xf32>, %A: memref<5x7xf32>, %y: memref<7xf32>) {
  linalg.vecmat ins(%x, %A : memref<5xf32>, memref<5x7xf32>) outs(%y : memref<7xf32>)
  return
}
func.func @dot(%x: memref<9xf32>, %y: memref<9xf32>, %d: memref<f32>) {
  linalg.dot ins(%x, %y : memref<9xf32>, memref<9xf32>) outs(%d : memref<f32>)
  return
}
func.func @conv_1d(%I: memref<11xf32>, %K: memref<3xf32>, %O: memref<9xf32>) {
  linalg.conv_1d ins(%I, %K : memref<11xf32>, memref<3xf32>) outs(%O : memref<9xf32>)
  return
}
func.func @conv_1d_nwc_wcf(%I: memref<2x11x3xf32>, %K: memref<3x3x4xf32>, %O: memref<2x5x4xf32>) {
  linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
      ins(%I, %K : memref<2x11x3xf32>, memref<3x3x4xf32>) outs(%O : memref<2x5x4xf32>)
  return
}
func.func @conv_2d(%I: memref<7x8xf32>, %K: memref<3x2xf32>, %O: memref<5x7xf32>) {
  linalg.conv_2d ins(%I, %K : memref<7x8xf32>, memref<3x2xf32>) outs(%O : memref<5x7xf32>)
  return
}
func.func @conv_2d_nhwc_hwcf(%I: memref<1x9x11x3xf32>, %K: memref<3x2x3x5xf32>, %O: memref<1x3x4x5xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>}
      ins(%I, %K : memref<1x9x11x3xf32>, memref<3x2x3x5xf32>) outs(%O : memref<1x3x4x5xf32>)
  return
}
func.func @depthwise_conv_2d_nhwc_hwc(%I: memref<1x6x7x3xf32>, %K: memref<2x3x3xf32>, %O: memref<1x5x5x3xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%I, %K : memref<1x6x7x3xf32>, memref<2x3x3xf32>) outs(%O : memref<1x5x5x3xf32>)
  return
}
func.func @pooling_nhwc_sum(%I: memref<1x6x7x2xf32>, %W: memref<2x3xf32>, %O: memref<1x5x5x2xf32>) {
  linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%I, %W : memref<1x6x7x2xf32>, memref<2x3xf32>) outs(%O : memref<1x5x5x2xf32>)
  return
}
func.func @pooling_nhwc_max(%I: memref<1x7x7x2xf32>, %W: memref<3x3xf32>, %O: memref<1x3x3x2xf32>) {
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%I, %W : memref<1x7x7x2xf32>, memref<3x3xf32>) outs(%O : memref<1x3x3x2xf32>)
  return
}
func.func @reduce(%A: memref<4x6xf32>, %r: memref<6xf32>) {
  linalg.reduce ins(%A : memref<4x6xf32>) outs(%r : memref<6xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return
}
func.func @map(%A: memref<4x6xf32>, %B: memref<4x6xf32>, %C: memref<4x6xf32>) {
  linalg.map ins(%A, %B : memref<4x6xf32>, memref<4x6xf32>) outs(%C : memref<4x6xf32>)
    (%a: f32, %b: f32, %c: f32) {
      %p = arith.mulf %a, %b : f32
      %s = arith.subf %p, %a : f32
      linalg.yield %s : f32
    }
  return
}
func.func @transpose(%A: memref<4x6xf32>, %B: memref<6x4xf32>) {
  linalg.transpose ins(%A : memref<4x6xf32>) outs(%B : memref<6x4xf32>) permutation = [1, 0]
  return
}
func.func @broadcast(%A: memref<6xf32>, %B: memref<4x6xf32>) {
  linalg.broadcast ins(%A : memref<6xf32>) outs(%B : memref<4x6xf32>) dimensions = [0]
  return
}
func.func @elementwise(%A: memref<4x6xf32>, %B: memref<4x6xf32>, %C: memref<4x6xf32>) {
  linalg.elementwise kind=#linalg.elementwise_kind<max_signed>
      ins(%A, %B : memref<4x6xf32>, memref<4x6xf32>) outs(%C : memref<4x6xf32>)
  return
}
func.func @fill(%C: memref<4x6xf32>) {
  %v = arith.constant 2.5 : f32
  linalg.fill ins(%v : f32) outs(%C : memref<4x6xf32>)
  return
}
func.func @copy(%A: memref<4x6xf32>, %B: memref<4x6xf32>) {
  linalg.copy ins(%A : memref<4x6xf32>) outs(%B : memref<4x6xf32>)
  return
}
// A chain: C = 0, C += A B, then D = max(C, 0) by a generic.
func.func @chain(%A: memref<5x3xf32>, %B: memref<3x7xf32>, %C: memref<5x7xf32>, %D: memref<5x7xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%C : memref<5x7xf32>)
  linalg.matmul ins(%A, %B : memref<5x3xf32>, memref<3x7xf32>) outs(%C : memref<5x7xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<5x7xf32>) outs(%D : memref<5x7xf32>) {
  ^bb0(%c: f32, %d: f32):
    %m = arith.maximumf %c, %z : f32
    linalg.yield %m : f32
  }
  return
}
