// Jacobi1D (MDH paper): 3-point stencil; one input buffer read three times per point.
//   y[i] = c * (x[i] + x[i+1] + x[i+2]),   c = 0.333333
// md_hom<N=29>(j1d, (cc))
//   dims:    i: cc (N = 29)
//   inputs:  x: (i) -> (i), (i) -> (i+1), (i) -> (i+2)   memref<31xf32>   (N+2)
//   output:  y: (i) -> (i)                               memref<29xf32>
//   result:  !mdh.mda<array<i64: 29>>
func.func private @j1d(%x1: f32, %x2: f32, %x3: f32) -> f32 {
  %c = arith.constant 0.333333 : f32
  %s0 = arith.addf %x1, %x2 : f32
  %s1 = arith.addf %s0, %x3 : f32
  %r = arith.mulf %c, %s1 : f32
  return %r : f32
}
func.func @jacobi1d(%x: memref<31xf32>, %y: memref<29xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>, affine_map<(i) -> (i + 1)>, affine_map<(i) -> (i + 2)>]}
      : (memref<31xf32>) -> !mdh.mda<array<i64: 29>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @j1d, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 29>>) -> !mdh.mda<array<i64: 29>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 29>>, memref<29xf32>) -> ()
  return
}
