// scan(+) (MDH paper App. B.9): inclusive prefix sum; the scalar function is the identity.
//   y[i] = sum_{i' <= i} x[i']
// md_hom<N=43>(id, (ps(add)))
//   dims:    i: ps add (N = 43)
//   input:   x: (i) -> (i)   memref<43xf32>
//   output:  y: (i) -> (i)   memref<43xf32>
//   result:  !mdh.mda<array<i64: 43>>   (a ps dimension keeps its size)
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @scan(%x: memref<43xf32>, %y: memref<43xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<43xf32>) -> !mdh.mda<array<i64: 43>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 43>>) -> !mdh.mda<array<i64: 43>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 43>>, memref<43xf32>) -> ()
  return
}
