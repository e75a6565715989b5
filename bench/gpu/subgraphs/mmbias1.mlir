// GPU sub-graph mmbias1 of basteln's Table 3 (matmul+bias,
// (32,768) x (768,2)), f32:
//   t[i,j] = sum_k A[i,k] * B[k,j]       (A 32 x 768, B 768 x 2; pw add over k)
//   Y[i,j] = t[i,j] + bias[j]            (bias 2, broadcast along the rows)
// a product md_hom and an element-wise md_hom through a memref.alloc t; the
// bias view (i, j) -> (j) drops i.
// PyTorch: Y = A @ B + bias      (eager: cuBLAS SGEMM, then a broadcast add)
// Memory-bound: the output is 32 x 2, A (96 KiB) is read once.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @add(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func @mmbias1(%A: memref<32x768xf32>, %B: memref<768x2xf32>, %bias: memref<2xf32>, %Y: memref<32x2xf32>) {
  %t = memref.alloc() : memref<32x2xf32>
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<32x768xf32>) -> !mdh.mda<array<i64: 32, 2, 768>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<768x2xf32>) -> !mdh.mda<array<i64: 32, 2, 768>>
  %r1 = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 32, 2, 768>>, !mdh.mda<array<i64: 32, 2, 768>>) -> !mdh.mda<array<i64: 32, 2, 1>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 2, 1>>, memref<32x2xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<32x2xf32>) -> !mdh.mda<array<i64: 32, 2>>
  %vbias = "mdh.inp_view"(%bias) {accesses = [affine_map<(i, j) -> (j)>]}
      : (memref<2xf32>) -> !mdh.mda<array<i64: 32, 2>>
  %r2 = "mdh.md_hom"(%vt, %vbias) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 32, 2>>, !mdh.mda<array<i64: 32, 2>>) -> !mdh.mda<array<i64: 32, 2>>
  "mdh.out_view"(%r2, %Y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 2>>, memref<32x2xf32>) -> ()
  memref.dealloc %t : memref<32x2xf32>
  return
}
