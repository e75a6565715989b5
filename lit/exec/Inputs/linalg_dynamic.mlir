// linalg ops on memrefs of dynamic and mixed shapes (issue 27, item 3):
// raised to md_homs with dynamic MDA sizes, whose extents come from the
// input buffers when the function runs. Each "// shapes" line gives the
// run-time extents of a function's dynamic arguments (check_linalg.py).

// shapes @matmul: 0=13x7 1=7x9 2=13x9
func.func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>)
  return
}

// C = 0, then C += A B: one md_hom.
// shapes @fill_matmul: 0=13x7 1=7x9 2=13x9
func.func @fill_matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?xf32>)
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>)
  return
}

// Static and dynamic extents mixed: the static ones stay static.
// shapes @mixed_matmul: 0=11x6 2=11x5
func.func @mixed_matmul(%A: memref<?x6xf32>, %B: memref<6x5xf32>, %C: memref<?x5xf32>) {
  linalg.matmul ins(%A, %B : memref<?x6xf32>, memref<6x5xf32>) outs(%C : memref<?x5xf32>)
  return
}

// shapes @matvec: 0=9x14 1=14 2=9
func.func @matvec(%A: memref<?x?xi32>, %x: memref<?xi32>, %y: memref<?xi32>) {
  linalg.matvec ins(%A, %x : memref<?x?xi32>, memref<?xi32>) outs(%y : memref<?xi32>)
  return
}

// The output extents come from the image once the filter's are known.
// shapes @conv_2d_nhwc_hwcf: 0=2x9x10x3 1=3x2x3x4 2=2x7x9x4
func.func @conv_2d_nhwc_hwcf(%I: memref<?x?x?x?xf32>, %K: memref<?x?x?x?xf32>, %O: memref<?x?x?x?xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%I, %K : memref<?x?x?x?xf32>, memref<?x?x?x?xf32>) outs(%O : memref<?x?x?x?xf32>)
  return
}

// shapes @conv_1d: 0=12 1=4 2=9
func.func @conv_1d(%I: memref<?xf32>, %K: memref<?xf32>, %O: memref<?xf32>) {
  linalg.conv_1d ins(%I, %K : memref<?xf32>, memref<?xf32>) outs(%O : memref<?xf32>)
  return
}

// shapes @conv_3d_ndhwc_dhwcf: 0=1x5x6x7x2 1=2x3x2x2x3 2=1x4x4x6x3
func.func @conv_3d_ndhwc_dhwcf(%I: memref<?x?x?x?x?xf32>, %K: memref<?x?x?x?x?xf32>, %O: memref<?x?x?x?x?xf32>) {
  linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%I, %K : memref<?x?x?x?x?xf32>, memref<?x?x?x?x?xf32>) outs(%O : memref<?x?x?x?x?xf32>)
  return
}

// An element-wise generic: y = relu(a * b + 1), reading y's old value.
// shapes @generic_ew: 0=6x11 1=6x11 2=6x11
func.func @generic_ew(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %y: memref<?x?xf32>) {
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%y : memref<?x?xf32>) {
  ^bb0(%x: f32, %w: f32, %old: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %p, %one : f32
    %t = arith.addf %s, %old : f32
    %r = arith.maximumf %t, %zero : f32
    linalg.yield %r : f32
  }
  return
}

// A row maximum of integers, index-aware: max over j of a[i, j] + j.
// shapes @generic_rowmax: 0=7x10 1=7
func.func @generic_rowmax(%a: memref<?x?xi32>, %m: memref<?xi32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<?x?xi32>) outs(%m : memref<?xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %v = arith.addi %x, %ji : i32
    %r = arith.maxsi %acc, %v : i32
    linalg.yield %r : i32
  }
  return
}

// A fill of dynamic shape alone: no input determines its extents, so it
// stays linalg (--left-alone).
// shapes @fill_only: 0=5x3
func.func @fill_only(%C: memref<?x?xf32>) {
  %two = arith.constant 2.0 : f32
  linalg.fill ins(%two : f32) outs(%C : memref<?x?xf32>)
  return
}
