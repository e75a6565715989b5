// A 2-D inclusive prefix sum (ps, ps) over int32 data, written transposed.
func.func private @id(%a: i32) -> i32 {
  return %a : i32
}
func.func @table(%x: memref<4x5xi32>, %y: memref<5x4xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<4x5xi32>) -> !mdh.mda<array<i64: 4, 5>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<"add">, #mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 4, 5>>) -> !mdh.mda<array<i64: 4, 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (j, i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 5>>, memref<5x4xi32>) -> ()
  return
}
