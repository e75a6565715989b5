// PolyBench 4.2 gemm at its LARGE size (NI = 1000, NJ = 1100, NK = 1200),
// f32, as three md_homs: U = beta C; T = alpha A B; C = U + T
// (alpha = 1.5, beta = 1.2), alpha A B as PolyBench's alpha * A[i][k] *
// B[k][j]. The CPU pipeline runs U and the sum in the epilogue of the
// product's register tiles (docs/cpu.md, "Epilogues").
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
func.func @gemm(%a: memref<1000x1200xf32>, %b: memref<1200x1100xf32>, %c: memref<1000x1100xf32>) {
  %u = memref.alloc() : memref<1000x1100xf32>
  %t = memref.alloc() : memref<1000x1100xf32>
  %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<1000x1100xf32>) -> !mdh.mda<array<i64: 1000, 1100>>
  %r0 = "mdh.md_hom"(%vc) {scalar_function = @scale_beta, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 1000, 1100>>) -> !mdh.mda<array<i64: 1000, 1100>>
  "mdh.out_view"(%r0, %u) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1000, 1100>>, memref<1000x1100xf32>) -> ()
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<1000x1200xf32>) -> !mdh.mda<array<i64: 1000, 1100, 1200>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<1200x1100xf32>) -> !mdh.mda<array<i64: 1000, 1100, 1200>>
  %r1 = "mdh.md_hom"(%va, %vb) {scalar_function = @alpha_mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 1000, 1100, 1200>>, !mdh.mda<array<i64: 1000, 1100, 1200>>) -> !mdh.mda<array<i64: 1000, 1100, 1>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1000, 1100, 1>>, memref<1000x1100xf32>) -> ()
  %vu = "mdh.inp_view"(%u) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<1000x1100xf32>) -> !mdh.mda<array<i64: 1000, 1100>>
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<1000x1100xf32>) -> !mdh.mda<array<i64: 1000, 1100>>
  %r2 = "mdh.md_hom"(%vu, %vt) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 1000, 1100>>, !mdh.mda<array<i64: 1000, 1100>>) -> !mdh.mda<array<i64: 1000, 1100>>
  "mdh.out_view"(%r2, %c) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1000, 1100>>, memref<1000x1100xf32>) -> ()
  memref.dealloc %u : memref<1000x1100xf32>
  memref.dealloc %t : memref<1000x1100xf32>
  return
}
