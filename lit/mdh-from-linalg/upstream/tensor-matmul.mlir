// After MLIR's mlir/test/Integration/Dialect/Linalg/CPU/test-tensor-matmul.mlir
// (our own version and values, checked by hand): linalg.matmul on tensors
// of dynamic shape accumulating into a non-zero init, C + A B, bufferized
// with function boundaries and raised by mdh-from-linalg. Without a fill,
// the product keeps C's old value exactly: R = A B, T = C + R, C = T.
// A = [[1, 2], [3, 4], [5, 6]], B = [[1, 0, 1], [0, 1, 1]], C = 10:
// A B = [[1, 2, 3], [3, 4, 7], [5, 6, 11]].
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},buffer-deallocation-pipeline,convert-bufferization-to-memref,mdh-from-linalg)' | FileCheck %s --check-prefix=RAISED
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},buffer-deallocation-pipeline,convert-bufferization-to-memref,mdh-from-linalg,mdh-cpu-pipeline)' | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},buffer-deallocation-pipeline,convert-bufferization-to-memref,mdh-from-linalg,mdh-gpu-emulated-pipeline)' | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp,%mdh_emulate | FileCheck %s

// RAISED-LABEL: func.func @matmul
// RAISED-NOT: linalg.matmul
// RAISED: combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]
// RAISED-SAME: -> !mdh.mda<array<i64: -1, -1, 1>>

// CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [3, 3] strides = [3, 1] data =
// CHECK-NEXT: [
// CHECK-SAME:  [11,   12,   13],
// CHECK-NEXT:  [13,   14,   17],
// CHECK-NEXT:  [15,   16,   21]
// CHECK-SAME: ]

func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %b = arith.constant dense<[[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]]> : tensor<2x3xf32>
  %c = arith.constant dense<10.0> : tensor<3x3xf32>
  %da = tensor.cast %a : tensor<3x2xf32> to tensor<?x?xf32>
  %db = tensor.cast %b : tensor<2x3xf32> to tensor<?x?xf32>
  %dc = tensor.cast %c : tensor<3x3xf32> to tensor<?x?xf32>
  %r = call @matmul(%da, %db, %dc) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %u = tensor.cast %r : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(%ptr : tensor<*xf32>)
