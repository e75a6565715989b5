// A matmul large enough for mdh-map-gpu's tiled default mapping
// ("global.y(16,17) tile(8), global.x(16,17) tile(8), seq tile(16)"), with
// partial tiles in both result dimensions and in the reduction.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @matmul(%A: memref<2050x20xf32>, %B: memref<20x2049xf32>, %C: memref<2050x2049xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<2050x20xf32>) -> !mdh.mda<array<i64: 2050, 2049, 20>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<20x2049xf32>) -> !mdh.mda<array<i64: 2050, 2049, 20>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 2050, 2049, 20>>, !mdh.mda<array<i64: 2050, 2049, 20>>) -> !mdh.mda<array<i64: 2050, 2049, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2050, 2049, 1>>, memref<2050x2049xf32>) -> ()
  return
}
// Large enough for the 4 x 4 register tiles of the tiled mapping (64 x 64
// block tiles in steps of 32), with partial tiles everywhere; its other
// mapping indexes sweep the other tile sizes.
func.func @matmul_mid(%A: memref<260x40xf32>, %B: memref<40x300xf32>, %C: memref<260x300xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<260x40xf32>) -> !mdh.mda<array<i64: 260, 300, 40>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<40x300xf32>) -> !mdh.mda<array<i64: 260, 300, 40>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 260, 300, 40>>, !mdh.mda<array<i64: 260, 300, 40>>) -> !mdh.mda<array<i64: 260, 300, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 260, 300, 1>>, memref<260x300xf32>) -> ()
  return
}
