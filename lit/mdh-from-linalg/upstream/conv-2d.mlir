// The computation and expected values of MLIR's
// mlir/test/Integration/Dialect/Linalg/CPU/test-conv-2d-call.mlir (our own
// version; the op on dynamic shapes, as upstream's): an 8x8 input of 2.0 with 10.0 at [0, 3], a 3x3
// filter of 2.0, a zero 6x6 output.
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-from-linalg)' | FileCheck %s --check-prefix=RAISED
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-from-linalg,mdh-cpu-pipeline)' | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils | FileCheck %s
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-from-linalg,mdh-gpu-emulated-pipeline)' | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp,%mdh_emulate | FileCheck %s

// RAISED-LABEL: func.func @conv
// RAISED-NOT: linalg.conv_2d
// RAISED: combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">]

// CHECK:        Unranked Memref {{.*}}
// CHECK-NEXT:   [
// CHECK-SAME:    [36,   52,   52,   52,   36,   36],
// CHECK-COUNT-5: [36,   36,   36,   36,   36,   36]
// CHECK-SAME:   ]

func.func private @printMemrefF32(memref<*xf32>)

func.func @conv(%in: memref<?x?xf32>, %filter: memref<?x?xf32>, %out: memref<?x?xf32>) {
  linalg.conv_2d ins(%in, %filter : memref<?x?xf32>, memref<?x?xf32>) outs(%out : memref<?x?xf32>)
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %ten = arith.constant 10.0 : f32
  %two = arith.constant 2.0 : f32
  %zero = arith.constant 0.0 : f32
  %filter = memref.alloc() : memref<3x3xf32>
  %in = memref.alloc() : memref<8x8xf32>
  %out = memref.alloc() : memref<6x6xf32>
  linalg.fill ins(%two : f32) outs(%filter : memref<3x3xf32>)
  linalg.fill ins(%two : f32) outs(%in : memref<8x8xf32>)
  linalg.fill ins(%zero : f32) outs(%out : memref<6x6xf32>)
  memref.store %ten, %in[%c0, %c3] : memref<8x8xf32>
  %in_dyn_conv = memref.cast %in : memref<8x8xf32> to memref<?x?xf32>
  %filter_dyn_conv = memref.cast %filter : memref<3x3xf32> to memref<?x?xf32>
  %out_dyn_conv = memref.cast %out : memref<6x6xf32> to memref<?x?xf32>
  call @conv(%in_dyn_conv, %filter_dyn_conv, %out_dyn_conv) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  %p = memref.cast %out : memref<6x6xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %filter : memref<3x3xf32>
  memref.dealloc %in : memref<8x8xf32>
  memref.dealloc %out : memref<6x6xf32>
  return
}
