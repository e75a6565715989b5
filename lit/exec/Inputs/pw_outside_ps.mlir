// Reductions (pw) outside a scan (ps): every point of one scan position
// must be accumulated before the next position starts from it, whatever the
// order of the dimensions.
func.func private @id(%a: i32) -> i32 {
  return %a : i32
}
func.func @pw_ps(%x: memref<4x5xi32>, %y: memref<5xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<4x5xi32>) -> !mdh.mda<array<i64: 4, 5>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 4, 5>>) -> !mdh.mda<array<i64: 1, 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, k) -> (k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 5>>, memref<5xi32>) -> ()
  return
}
func.func @pw_pw_ps(%x: memref<4x3x5xi32>, %y: memref<5xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j, k) -> (i, j, k)>]}
      : (memref<4x3x5xi32>) -> !mdh.mda<array<i64: 4, 3, 5>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"max">, #mdh.pw<"max">, #mdh.ps<"max">]}
      : (!mdh.mda<array<i64: 4, 3, 5>>) -> !mdh.mda<array<i64: 1, 1, 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j, k) -> (k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1, 5>>, memref<5xi32>) -> ()
  return
}
