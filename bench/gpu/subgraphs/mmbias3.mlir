// GPU sub-graph mmbias3 of basteln's Table 3 (matmul+bias,
// (640,21128) x (21128,768)), f32:
//   t[i,j] = sum_k A[i,k] * B[k,j]       (A 640 x 21128, B 21128 x 768; pw add over k)
//   Y[i,j] = t[i,j] + bias[j]            (bias 768, broadcast along the rows)
// a product md_hom and an element-wise md_hom through a memref.alloc t; the
// bias view (i, j) -> (j) drops i.
// PyTorch: Y = A @ B + bias      (eager: cuBLAS SGEMM, then a broadcast add)
// Compute-bound: 2 * 640*768*21128 flops.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @add(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func @mmbias3(%A: memref<640x21128xf32>, %B: memref<21128x768xf32>, %bias: memref<768xf32>, %Y: memref<640x768xf32>) {
  %t = memref.alloc() : memref<640x768xf32>
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<640x21128xf32>) -> !mdh.mda<array<i64: 640, 768, 21128>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<21128x768xf32>) -> !mdh.mda<array<i64: 640, 768, 21128>>
  %r1 = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 640, 768, 21128>>, !mdh.mda<array<i64: 640, 768, 21128>>) -> !mdh.mda<array<i64: 640, 768, 1>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 640, 768, 1>>, memref<640x768xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<640x768xf32>) -> !mdh.mda<array<i64: 640, 768>>
  %vbias = "mdh.inp_view"(%bias) {accesses = [affine_map<(i, j) -> (j)>]}
      : (memref<768xf32>) -> !mdh.mda<array<i64: 640, 768>>
  %r2 = "mdh.md_hom"(%vt, %vbias) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 640, 768>>, !mdh.mda<array<i64: 640, 768>>) -> !mdh.mda<array<i64: 640, 768>>
  "mdh.out_view"(%r2, %Y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 640, 768>>, memref<640x768xf32>) -> ()
  memref.dealloc %t : memref<640x768xf32>
  return
}
