// RUN: %mdh-opt %s --mdh-from-linalg | %mdh-opt --mdh-schedule --mdh-map-gpu | FileCheck %s
// RUN: %mdh-opt %mdh_src/bench/kernels/matmul.mlir --mdh-schedule --mdh-map-gpu | FileCheck %s

// A zero fill and linalg.matmul at 4096^3 become one md_hom (issue 27,
// item 1), which gets the same kernel and mapping as the product written
// as one md_hom (bench/kernels/matmul.mlir): the tiled strategy.
// CHECK: mdh.mapping = "global.y(16,32) tile(8), global.x(16,32) tile(8), seq tile(16)"
// CHECK-NOT: mdh.mapping =
func.func @fill_matmul(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<4096x4096xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<4096x4096xf32>)
  linalg.matmul ins(%A, %B : memref<4096x4096xf32>, memref<4096x4096xf32>) outs(%C : memref<4096x4096xf32>)
  return
}
