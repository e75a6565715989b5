// The computation and expected values of MLIR's
// mlir/test/Integration/Dialect/Linalg/CPU/test-tile-reduction-subf.mlir
// (our own version): a reduction by subtraction (acc - x) is no MDH
// combine operator, so mdh-from-linalg leaves the linalg.generic alone
// (the zero fill before it is raised) and the pipelines' upstream lowering
// computes it: each row reduces to the negated sum of its elements.
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},buffer-deallocation-pipeline,convert-bufferization-to-memref,mdh-from-linalg)' | FileCheck %s --check-prefix=RAISED
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},buffer-deallocation-pipeline,convert-bufferization-to-memref,mdh-from-linalg,mdh-cpu-pipeline)' | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// RAISED-LABEL: func.func @main
// RAISED: "mdh.md_hom"() {{.*}}scalar_function = @mdh_linalg_fill
// RAISED: linalg.generic
// RAISED: arith.subf

// CHECK: Unranked Memref base@ = {{.*}} rank = 1 offset = 0 sizes = [2] strides = [1] data =
// CHECK-NEXT: [-36,  -360]

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %input = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0],
                                 [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0]]> : tensor<2x8xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<2xf32>) -> tensor<2xf32>
  %res = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                         iterator_types = ["parallel", "reduction"]}
      ins(%input : tensor<2x8xf32>) outs(%init : tensor<2xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sub = arith.subf %acc, %in : f32
    linalg.yield %sub : f32
  } -> tensor<2xf32>
  %buffer = bufferization.to_buffer %res : tensor<2xf32> to memref<2xf32>
  %cast = memref.cast %buffer : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
  return
}
