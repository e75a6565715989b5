// The computation and expected values of MLIR's
// mlir/test/Integration/Dialect/Linalg/CPU/matmul-vs-matvec.mlir (our own
// version; the ops on dynamic shapes, as upstream's): C = A B for A 5x3 of 13.0 and B 3x2 of 17.0
// with B[0][0] = 13.0, once by linalg.fill and linalg.matmul (raised) and
// once column by column by linalg.matvec on subviews inside an scf.for
// (left alone: not in the function's entry block); both must agree.
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-from-linalg)' | FileCheck %s --check-prefix=RAISED
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-from-linalg,mdh-cpu-pipeline)' | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils | FileCheck %s
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-from-linalg,mdh-gpu-emulated-pipeline)' | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils,%libomp,%mdh_emulate | FileCheck %s

// RAISED-LABEL: func.func @matmul
// RAISED-NOT: linalg.
// RAISED: combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]
// RAISED-LABEL: func.func @matvec
// RAISED: linalg.matvec

// CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [5, 2] strides = [2, 1] data =
// CHECK-NEXT:      [
// CHECK-SAME:  [611,   663],
// CHECK-NEXT:  [611,   663],
// CHECK-NEXT:  [611,   663],
// CHECK-NEXT:  [611,   663],
// CHECK-NEXT:  [611,   663]
// CHECK-SAME: ]

func.func private @printMemrefF32(memref<*xf32>)

func.func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %f0 = arith.constant 0.0 : f32
  linalg.fill ins(%f0 : f32) outs(%C : memref<?x?xf32>)
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>)
  return
}

func.func @matvec(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f0 = arith.constant 0.0 : f32
  linalg.fill ins(%f0 : f32) outs(%C : memref<?x?xf32>)
  scf.for %i = %c0 to %c2 step %c1 {
    %b = memref.subview %B[0, %i] [3, 1] [1, 1] : memref<?x?xf32> to memref<3xf32, strided<[?], offset: ?>>
    %c = memref.subview %C[0, %i] [5, 1] [1, 1] : memref<?x?xf32> to memref<5xf32, strided<[?], offset: ?>>
    linalg.matvec ins(%A, %b : memref<?x?xf32>, memref<3xf32, strided<[?], offset: ?>>)
                  outs(%c : memref<5xf32, strided<[?], offset: ?>>)
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %v13 = arith.constant 13.0 : f32
  %v17 = arith.constant 17.0 : f32
  %A = memref.alloc() : memref<5x3xf32>
  %B = memref.alloc() : memref<3x2xf32>
  %C1 = memref.alloc() : memref<5x2xf32>
  %C2 = memref.alloc() : memref<5x2xf32>
  linalg.fill ins(%v13 : f32) outs(%A : memref<5x3xf32>)
  linalg.fill ins(%v17 : f32) outs(%B : memref<3x2xf32>)
  memref.store %v13, %B[%c0, %c0] : memref<3x2xf32>
  %A_dyn_matmul = memref.cast %A : memref<5x3xf32> to memref<?x?xf32>
  %B_dyn_matmul = memref.cast %B : memref<3x2xf32> to memref<?x?xf32>
  %C1_dyn_matmul = memref.cast %C1 : memref<5x2xf32> to memref<?x?xf32>
  call @matmul(%A_dyn_matmul, %B_dyn_matmul, %C1_dyn_matmul) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  %A_dyn_matvec = memref.cast %A : memref<5x3xf32> to memref<?x?xf32>
  %B_dyn_matvec = memref.cast %B : memref<3x2xf32> to memref<?x?xf32>
  %C2_dyn_matvec = memref.cast %C2 : memref<5x2xf32> to memref<?x?xf32>
  call @matvec(%A_dyn_matvec, %B_dyn_matvec, %C2_dyn_matvec) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  scf.for %i = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %e1 = memref.load %C1[%i, %j] : memref<5x2xf32>
      %e2 = memref.load %C2[%i, %j] : memref<5x2xf32>
      %eq = arith.cmpf oeq, %e1, %e2 : f32
      cf.assert %eq, "Matmul does not produce same output as matvec"
    }
  }
  %p = memref.cast %C2 : memref<5x2xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  memref.dealloc %A : memref<5x3xf32>
  memref.dealloc %B : memref<3x2xf32>
  memref.dealloc %C1 : memref<5x2xf32>
  memref.dealloc %C2 : memref<5x2xf32>
  return
}
