// PolyBench 4.2 covariance at its LARGE size (M = 1200 attributes, N = 1400
// data points), f32, as four md_homs: the means of data's columns, data
// centred on them (into a buffer, then copied back into data, which
// PolyBench updates in place: a md_hom may not write what it reads), the
// sums data^T data and cov = the sums / (N - 1) (divided once per sum, as
// PolyBench does: a division in the product's scalar function would cost
// more than the product's multiply-add). mdh computes all of the symmetric cov, where
// PolyBench computes one triangle and mirrors it.
func.func private @mean_term(%x: f32) -> f32 {
  %n = arith.constant 1400.0 : f32
  %r = arith.divf %x, %n : f32
  return %r : f32
}
func.func private @sub(%x: f32, %m: f32) -> f32 {
  %r = arith.subf %x, %m : f32
  return %r : f32
}
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @cov_scale(%s: f32) -> f32 {
  %n1 = arith.constant 1399.0 : f32
  %r = arith.divf %s, %n1 : f32
  return %r : f32
}
func.func @covariance(%data: memref<1400x1200xf32>, %cov: memref<1200x1200xf32>, %mean: memref<1200xf32>) {
  %cen = memref.alloc() : memref<1400x1200xf32>
  %sums = memref.alloc() : memref<1200x1200xf32>
  %vd = "mdh.inp_view"(%data) {accesses = [affine_map<(j, i) -> (i, j)>]}
      : (memref<1400x1200xf32>) -> !mdh.mda<array<i64: 1200, 1400>>
  %r0 = "mdh.md_hom"(%vd) {scalar_function = @mean_term, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 1200, 1400>>) -> !mdh.mda<array<i64: 1200, 1>>
  "mdh.out_view"(%r0, %mean) {accesses = [affine_map<(j, i) -> (j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1200, 1>>, memref<1200xf32>) -> ()
  %vx = "mdh.inp_view"(%data) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<1400x1200xf32>) -> !mdh.mda<array<i64: 1400, 1200>>
  %vm = "mdh.inp_view"(%mean) {accesses = [affine_map<(i, j) -> (j)>]}
      : (memref<1200xf32>) -> !mdh.mda<array<i64: 1400, 1200>>
  %r1 = "mdh.md_hom"(%vx, %vm) {scalar_function = @sub, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 1400, 1200>>, !mdh.mda<array<i64: 1400, 1200>>) -> !mdh.mda<array<i64: 1400, 1200>>
  "mdh.out_view"(%r1, %cen) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1400, 1200>>, memref<1400x1200xf32>) -> ()
  %va = "mdh.inp_view"(%cen) {accesses = [affine_map<(i, j, k) -> (k, i)>]}
      : (memref<1400x1200xf32>) -> !mdh.mda<array<i64: 1200, 1200, 1400>>
  %vb = "mdh.inp_view"(%cen) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<1400x1200xf32>) -> !mdh.mda<array<i64: 1200, 1200, 1400>>
  %r2 = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 1200, 1200, 1400>>, !mdh.mda<array<i64: 1200, 1200, 1400>>) -> !mdh.mda<array<i64: 1200, 1200, 1>>
  "mdh.out_view"(%r2, %sums) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1200, 1200, 1>>, memref<1200x1200xf32>) -> ()
  %vs = "mdh.inp_view"(%sums) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<1200x1200xf32>) -> !mdh.mda<array<i64: 1200, 1200>>
  %r4 = "mdh.md_hom"(%vs) {scalar_function = @cov_scale, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 1200, 1200>>) -> !mdh.mda<array<i64: 1200, 1200>>
  "mdh.out_view"(%r4, %cov) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1200, 1200>>, memref<1200x1200xf32>) -> ()
  %vc = "mdh.inp_view"(%cen) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<1400x1200xf32>) -> !mdh.mda<array<i64: 1400, 1200>>
  %r3 = "mdh.md_hom"(%vc) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 1400, 1200>>) -> !mdh.mda<array<i64: 1400, 1200>>
  "mdh.out_view"(%r3, %data) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1400, 1200>>, memref<1400x1200xf32>) -> ()
  memref.dealloc %cen : memref<1400x1200xf32>
  memref.dealloc %sums : memref<1200x1200xf32>
  return
}
