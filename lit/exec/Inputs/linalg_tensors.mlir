// linalg on tensors, for mdh-from-linalg after bufferization
// (exec/from-linalg.test runs one-shot-bufferize with function boundaries
// first, docs/passes.md "Raising linalg"): C = A B from a zero fill, then
// D = max(C, 0) + bias, written into the destination arguments.
func.func @mm_relu(%A: tensor<5x3xf32>, %B: tensor<3x7xf32>, %bias: tensor<7xf32>,
                   %out: memref<5x7xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<5x7xf32>) -> tensor<5x7xf32>
  %c = linalg.matmul ins(%A, %B : tensor<5x3xf32>, tensor<3x7xf32>) outs(%f : tensor<5x7xf32>) -> tensor<5x7xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : tensor<5x7xf32>, tensor<7xf32>) outs(%e : tensor<5x7xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %m = arith.maximumf %x, %z : f32
    %s = arith.addf %m, %b : f32
    linalg.yield %s : f32
  } -> tensor<5x7xf32>
  bufferization.materialize_in_destination %d in writable %out : (tensor<5x7xf32>, memref<5x7xf32>) -> ()
  return
}
