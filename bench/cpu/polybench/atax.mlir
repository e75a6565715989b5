// PolyBench 4.2 atax at its LARGE size (M = 1900, N = 2100), f32:
// tmp = A x, y = A^T tmp, as two md_homs (y[j] sums over the rows i of A in
// order, as PolyBench's loop does).
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @atax(%A: memref<1900x2100xf32>, %x: memref<2100xf32>, %y: memref<2100xf32>) {
  %tmp = memref.alloc() : memref<1900xf32>
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<1900x2100xf32>) -> !mdh.mda<array<i64: 1900, 2100>>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (j)>]}
      : (memref<2100xf32>) -> !mdh.mda<array<i64: 1900, 2100>>
  %r0 = "mdh.md_hom"(%va, %vx) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 1900, 2100>>, !mdh.mda<array<i64: 1900, 2100>>) -> !mdh.mda<array<i64: 1900, 1>>
  "mdh.out_view"(%r0, %tmp) {accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1900, 1>>, memref<1900xf32>) -> ()
  %vat = "mdh.inp_view"(%A) {accesses = [affine_map<(j, i) -> (i, j)>]}
      : (memref<1900x2100xf32>) -> !mdh.mda<array<i64: 2100, 1900>>
  %vt = "mdh.inp_view"(%tmp) {accesses = [affine_map<(j, i) -> (i)>]}
      : (memref<1900xf32>) -> !mdh.mda<array<i64: 2100, 1900>>
  %r1 = "mdh.md_hom"(%vat, %vt) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 2100, 1900>>, !mdh.mda<array<i64: 2100, 1900>>) -> !mdh.mda<array<i64: 2100, 1>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(j, i) -> (j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2100, 1>>, memref<2100xf32>) -> ()
  memref.dealloc %tmp : memref<1900xf32>
  return
}
