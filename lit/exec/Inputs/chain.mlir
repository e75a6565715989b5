// Two md_homs chained through an intermediate buffer: t[i][j] = x[i][j]^2
// (map into a memref.alloc), then s[j] = max_i t[i][j] (column maximum),
// and the inputs are read where each md_hom stands.
func.func private @square(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @chain(%x: memref<6x5xf32>, %s: memref<5xf32>) {
  %t = memref.alloc() : memref<6x5xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<6x5xf32>) -> !mdh.mda<array<i64: 6, 5>>
  %r1 = "mdh.md_hom"(%vx) {scalar_function = @square, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 6, 5>>) -> !mdh.mda<array<i64: 6, 5>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 6, 5>>, memref<6x5xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(j, i) -> (i, j)>]}
      : (memref<6x5xf32>) -> !mdh.mda<array<i64: 5, 6>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"max">]}
      : (!mdh.mda<array<i64: 5, 6>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r2, %s) {accesses = [affine_map<(j, i) -> (j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  memref.dealloc %t : memref<6x5xf32>
  return
}
