// A fill with the identity of the reduction that follows it (issue 27,
// item 1): the reduction becomes one md_hom that writes its output, the
// fill goes. Otherwise the chain keeps the output's old value exactly.

// C = 0, then C += A B: one md_hom.
func.func @fill_matmul(%A: memref<37x23xf32>, %B: memref<23x29xf32>, %C: memref<37x29xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<37x29xf32>)
  linalg.matmul ins(%A, %B : memref<37x23xf32>, memref<23x29xf32>) outs(%C : memref<37x29xf32>)
  return
}

// A row maximum of integers from the smallest i32: one md_hom.
func.func @max_fill(%A: memref<37x23xi32>, %C: memref<37xi32>) {
  %low = arith.constant -2147483648 : i32
  linalg.fill ins(%low : i32) outs(%C : memref<37xi32>)
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<37x23xi32>) outs(%C : memref<37xi32>) {
  ^bb0(%a: i32, %c: i32):
    %m = arith.maxsi %a, %c : i32
    linalg.yield %m : i32
  }
  return
}

// A product from 1.0 over the columns: one md_hom.
func.func @mul_fill(%A: memref<9x5xf32>, %C: memref<9xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%C : memref<9xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<9x5xf32>) outs(%C : memref<9xf32>) {
  ^bb0(%a: f32, %c: f32):
    %m = arith.mulf %a, %c : f32
    linalg.yield %m : f32
  }
  return
}

// Not the identity (C = 1, then C += A B): the chain keeps the 1.
func.func @one_fill_matmul(%A: memref<37x23xf32>, %B: memref<23x29xf32>, %C: memref<37x29xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%C : memref<37x29xf32>)
  linalg.matmul ins(%A, %B : memref<37x23xf32>, memref<23x29xf32>) outs(%C : memref<37x29xf32>)
  return
}

// Another op reads C between the fill and the reduction: both stay.
func.func @read_between(%A: memref<6x4xf32>, %B: memref<4x5xf32>, %C: memref<6x5xf32>, %D: memref<6x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<6x5xf32>)
  linalg.copy ins(%C : memref<6x5xf32>) outs(%D : memref<6x5xf32>)
  linalg.matmul ins(%A, %B : memref<6x4xf32>, memref<4x5xf32>) outs(%C : memref<6x5xf32>)
  return
}

// The reduction reads C as an input too (C += C B): the fill stays.
func.func @reads_output(%B: memref<6x6xf32>, %C: memref<6x6xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<6x6xf32>)
  linalg.matmul ins(%C, %B : memref<6x6xf32>, memref<6x6xf32>) outs(%C : memref<6x6xf32>)
  return
}
