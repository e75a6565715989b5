// Jacobi3D (MDH paper): 7-point stencil (centre and its six face neighbours) in a halo'd cube.
//   y[i,j,k] = c * ( x[i+1,j+1,k]   + x[i+1,j+1,k+2]
//                  + x[i+1,j,k+1]   + x[i+1,j+2,k+1]
//                  + x[i,j+1,k+1]   + x[i+2,j+1,k+1]
//                  + x[i+1,j+1,k+1] ),                    c = 0.142857 (~1/7)
// md_hom<I=7, J=5, K=11>(j3d, (cc, cc, cc))
//   dims:    i: cc (I = 7)    j: cc (J = 5)    k: cc (K = 11)
//   inputs:  x: seven accesses (i,j,k) -> (above, in that order)   memref<9x7x13xf32>   (I+2 x J+2 x K+2)
//   output:  y: (i,j,k) -> (i,j,k)                                  memref<7x5x11xf32>
//   result:  !mdh.mda<array<i64: 7, 5, 11>>
// The access order is ours; the exact coefficients of the paper's Jacobi3D are lost,
// a single constant c is used (reconstruction).
func.func private @j3d(%x1: f32, %x2: f32, %x3: f32, %x4: f32, %x5: f32, %x6: f32, %x7: f32) -> f32 {
  %c = arith.constant 0.142857 : f32
  %s1 = arith.addf %x1, %x2 : f32
  %s2 = arith.addf %s1, %x3 : f32
  %s3 = arith.addf %s2, %x4 : f32
  %s4 = arith.addf %s3, %x5 : f32
  %s5 = arith.addf %s4, %x6 : f32
  %s6 = arith.addf %s5, %x7 : f32
  %r = arith.mulf %c, %s6 : f32
  return %r : f32
}
func.func @jacobi3d(%x: memref<9x7x13xf32>, %y: memref<7x5x11xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j, k) -> (i + 1, j + 1, k)>,
                                        affine_map<(i, j, k) -> (i + 1, j + 1, k + 2)>,
                                        affine_map<(i, j, k) -> (i + 1, j, k + 1)>,
                                        affine_map<(i, j, k) -> (i + 1, j + 2, k + 1)>,
                                        affine_map<(i, j, k) -> (i, j + 1, k + 1)>,
                                        affine_map<(i, j, k) -> (i + 2, j + 1, k + 1)>,
                                        affine_map<(i, j, k) -> (i + 1, j + 1, k + 1)>]}
      : (memref<9x7x13xf32>) -> !mdh.mda<array<i64: 7, 5, 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @j3d, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 7, 5, 11>>) -> !mdh.mda<array<i64: 7, 5, 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j, k) -> (i, j, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7, 5, 11>>, memref<7x5x11xf32>) -> ()
  return
}
