// The computation and expected values of MLIR's
// mlir/test/Integration/Dialect/Linalg/CPU/test-elementwise.mlir (our own
// version): an element-wise arith.addf on tensors becomes a linalg.generic
// (convert-elementwise-to-linalg), is bufferized with function boundaries
// (its buffers freed by buffer-deallocation-pipeline, as upstream does)
// and raised by mdh-from-linalg. The addition is a function of its own
// here, so that it is not folded away on the constants.
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(func.func(convert-elementwise-to-linalg),one-shot-bufferize{bufferize-function-boundaries},buffer-deallocation-pipeline,convert-bufferization-to-memref,mdh-from-linalg)' | FileCheck %s --check-prefix=RAISED
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(func.func(convert-elementwise-to-linalg),one-shot-bufferize{bufferize-function-boundaries},buffer-deallocation-pipeline,convert-bufferization-to-memref,mdh-from-linalg,mdh-cpu-pipeline)' | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(func.func(convert-elementwise-to-linalg),one-shot-bufferize{bufferize-function-boundaries},buffer-deallocation-pipeline,convert-bufferization-to-memref,mdh-from-linalg,mdh-gpu-emulated-pipeline)' | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp,%mdh_emulate | FileCheck %s

// RAISED-LABEL: func.func @add
// RAISED-NOT: linalg.generic
// RAISED: "mdh.md_hom"

// CHECK: Unranked Memref base@ = {{.*}} rank = 1 offset = 0 sizes = [3] strides = [1] data =
// CHECK-NEXT: [11,  22,  33]

func.func @add(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %sum = arith.addf %a, %b : tensor<3xf32>
  return %sum : tensor<3xf32>
}

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = arith.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %sum = call @add(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %u = tensor.cast %sum : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(%ptr : tensor<*xf32>)
