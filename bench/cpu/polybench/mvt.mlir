// PolyBench 4.2 mvt at its LARGE size (N = 2000), f32:
// x1 += A y1, x2 += A^T y2, as two md_homs accumulating into x1 and x2.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @mvt(%A: memref<2000x2000xf32>, %y1: memref<2000xf32>, %y2: memref<2000xf32>, %x1: memref<2000xf32>, %x2: memref<2000xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<2000x2000xf32>) -> !mdh.mda<array<i64: 2000, 2000>>
  %vy1 = "mdh.inp_view"(%y1) {accesses = [affine_map<(i, j) -> (j)>]}
      : (memref<2000xf32>) -> !mdh.mda<array<i64: 2000, 2000>>
  %r0 = "mdh.md_hom"(%va, %vy1) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 2000, 2000>>, !mdh.mda<array<i64: 2000, 2000>>) -> !mdh.mda<array<i64: 2000, 1>>
  "mdh.out_view"(%r0, %x1) {accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 0>, mdh.accumulate}
      : (!mdh.mda<array<i64: 2000, 1>>, memref<2000xf32>) -> ()
  %vat = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j) -> (j, i)>]}
      : (memref<2000x2000xf32>) -> !mdh.mda<array<i64: 2000, 2000>>
  %vy2 = "mdh.inp_view"(%y2) {accesses = [affine_map<(i, j) -> (j)>]}
      : (memref<2000xf32>) -> !mdh.mda<array<i64: 2000, 2000>>
  %r1 = "mdh.md_hom"(%vat, %vy2) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 2000, 2000>>, !mdh.mda<array<i64: 2000, 2000>>) -> !mdh.mda<array<i64: 2000, 1>>
  "mdh.out_view"(%r1, %x2) {accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 0>, mdh.accumulate}
      : (!mdh.mda<array<i64: 2000, 1>>, memref<2000xf32>) -> ()
  return
}
