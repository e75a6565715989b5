// RUN: %mdh-opt %s --split-input-file --mdh-from-linalg | %mdh-opt --split-input-file --mdh-schedule --mdh-map-gpu | FileCheck %s --check-prefixes=CHECK,RAISED
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

// -----

// Without the fill, C += A B keeps C's old value: the product gets its own
// kernel with the same mapping (mdh-schedule does not fuse the steps that
// read its result into its loops), then one kernel adds the product to C
// (C (+)= R, a reduction over one point, which gets the tiled mapping too).
// RAISED-LABEL: func.func @matmul_acc
// RAISED-SAME: kernel: global.y(16,32) tile(8), global.x(16,32) tile(8), seq tile(16)
// RAISED-SAME: kernel: global.y(16,32) tile(8), global.x(16,32) tile(8), seq tile(16)
// RAISED-NOT: kernel:
// RAISED: return
func.func @matmul_acc(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<4096x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf32>, memref<4096x4096xf32>) outs(%C : memref<4096x4096xf32>)
  return
}

// -----

// With mdh.reassociate, C += A B is one md_hom accumulating into C, with
// the product's kernel and mapping and no other kernel.
// RAISED-LABEL: func.func @matmul_reassoc
// RAISED-SAME: kernel: global.y(16,32) tile(8), global.x(16,32) tile(8), seq tile(16)
// RAISED-NOT: kernel:
// RAISED: mdh.mapping = "global.y(16,32) tile(8), global.x(16,32) tile(8), seq tile(16)"
// RAISED-NOT: mdh.mapping =
// RAISED: return
func.func @matmul_reassoc(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<4096x4096xf32>) attributes {mdh.reassociate} {
  linalg.matmul ins(%A, %B : memref<4096x4096xf32>, memref<4096x4096xf32>) outs(%C : memref<4096x4096xf32>)
  return
}
