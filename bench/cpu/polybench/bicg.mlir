// PolyBench 4.2 bicg at its LARGE size (M = 1900, N = 2100), f32:
// s = A^T r, q = A p (A is N x M), as two md_homs.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @bicg(%A: memref<2100x1900xf32>, %r: memref<2100xf32>, %p: memref<1900xf32>, %s: memref<1900xf32>, %q: memref<2100xf32>) {
  %vr = "mdh.inp_view"(%r) {accesses = [affine_map<(j, i) -> (i)>]}
      : (memref<2100xf32>) -> !mdh.mda<array<i64: 1900, 2100>>
  %vat = "mdh.inp_view"(%A) {accesses = [affine_map<(j, i) -> (i, j)>]}
      : (memref<2100x1900xf32>) -> !mdh.mda<array<i64: 1900, 2100>>
  %r0 = "mdh.md_hom"(%vr, %vat) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 1900, 2100>>, !mdh.mda<array<i64: 1900, 2100>>) -> !mdh.mda<array<i64: 1900, 1>>
  "mdh.out_view"(%r0, %s) {accesses = [affine_map<(j, i) -> (j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1900, 1>>, memref<1900xf32>) -> ()
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<2100x1900xf32>) -> !mdh.mda<array<i64: 2100, 1900>>
  %vp = "mdh.inp_view"(%p) {accesses = [affine_map<(i, j) -> (j)>]}
      : (memref<1900xf32>) -> !mdh.mda<array<i64: 2100, 1900>>
  %r1 = "mdh.md_hom"(%va, %vp) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 2100, 1900>>, !mdh.mda<array<i64: 2100, 1900>>) -> !mdh.mda<array<i64: 2100, 1>>
  "mdh.out_view"(%r1, %q) {accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2100, 1>>, memref<2100xf32>) -> ()
  return
}
