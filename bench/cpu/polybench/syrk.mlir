// PolyBench 4.2 syrk at its LARGE size (M = 1000, N = 1200), f32, as
// three md_homs: U = beta C; T = alpha A A^T; C = U + T (alpha = 1.5,
// beta = 1.2), alpha A A^T as PolyBench's alpha * A[i][k] * A[j][k]. PolyBench updates C's lower triangle (j <= i); md_homs span
// rectangles, so this program updates all of C, twice PolyBench's
// multiply-adds (polybench.sh compares the lower triangle).
func.func private @scale_beta(%c: f32) -> f32 {
  %beta = arith.constant 1.2 : f32
  %r = arith.mulf %c, %beta : f32
  return %r : f32
}
func.func private @alpha_mul(%a: f32, %b: f32) -> f32 {
  %alpha = arith.constant 1.5 : f32
  %p = arith.mulf %alpha, %a : f32
  %r = arith.mulf %p, %b : f32
  return %r : f32
}
func.func private @add(%a: f32, %b: f32) -> f32 {
  %r = arith.addf %a, %b : f32
  return %r : f32
}
func.func @syrk(%c: memref<1200x1200xf32>, %a: memref<1200x1000xf32>) {
  %u = memref.alloc() : memref<1200x1200xf32>
  %t = memref.alloc() : memref<1200x1200xf32>
  %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<1200x1200xf32>) -> !mdh.mda<array<i64: 1200, 1200>>
  %r0 = "mdh.md_hom"(%vc) {scalar_function = @scale_beta, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 1200, 1200>>) -> !mdh.mda<array<i64: 1200, 1200>>
  "mdh.out_view"(%r0, %u) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1200, 1200>>, memref<1200x1200xf32>) -> ()
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<1200x1000xf32>) -> !mdh.mda<array<i64: 1200, 1200, 1000>>
  %vb = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (j, k)>]}
      : (memref<1200x1000xf32>) -> !mdh.mda<array<i64: 1200, 1200, 1000>>
  %r1 = "mdh.md_hom"(%va, %vb) {scalar_function = @alpha_mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 1200, 1200, 1000>>, !mdh.mda<array<i64: 1200, 1200, 1000>>) -> !mdh.mda<array<i64: 1200, 1200, 1>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1200, 1200, 1>>, memref<1200x1200xf32>) -> ()
  %vu = "mdh.inp_view"(%u) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<1200x1200xf32>) -> !mdh.mda<array<i64: 1200, 1200>>
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<1200x1200xf32>) -> !mdh.mda<array<i64: 1200, 1200>>
  %r2 = "mdh.md_hom"(%vu, %vt) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 1200, 1200>>, !mdh.mda<array<i64: 1200, 1200>>) -> !mdh.mda<array<i64: 1200, 1200>>
  "mdh.out_view"(%r2, %c) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1200, 1200>>, memref<1200x1200xf32>) -> ()
  memref.dealloc %u : memref<1200x1200xf32>
  memref.dealloc %t : memref<1200x1200xf32>
  return
}
