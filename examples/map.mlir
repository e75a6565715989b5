// map(f) (MDH paper): element-wise function, f(x) = x*x + 1.
//   y[i] = x[i] * x[i] + 1
// md_hom<N=53>(sq_plus_one, (cc))
//   dims:    i: cc (N = 53)
//   input:   x: (i) -> (i)   memref<53xf32>
//   output:  y: (i) -> (i)   memref<53xf32>
//   result:  !mdh.mda<array<i64: 53>>
func.func private @sq_plus_one(%x: f32) -> f32 {
  %one = arith.constant 1.0 : f32
  %sq = arith.mulf %x, %x : f32
  %r = arith.addf %sq, %one : f32
  return %r : f32
}
func.func @map(%x: memref<53xf32>, %y: memref<53xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<53xf32>) -> !mdh.mda<array<i64: 53>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @sq_plus_one, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 53>>) -> !mdh.mda<array<i64: 53>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 53>>, memref<53xf32>) -> ()
  return
}
