// GPU benchmark Jacobi3D: the 7-point stencil of examples/jacobi3d.mlir on a 512^3 interior
// (input with its halo: 514^3), f32.
//   y[i,j,k] = c * ( x[i+1,j+1,k]   + x[i+1,j+1,k+2]
//                  + x[i+1,j,k+1]   + x[i+1,j+2,k+1]
//                  + x[i,j+1,k+1]   + x[i+2,j+1,k+1]
//                  + x[i+1,j+1,k+1] ),                    c = 0.142857 (~1/7)
// md_hom<I=512, J=512, K=512>(j3d, (cc, cc, cc))
//   input:   x: seven accesses (above, in that order)   memref<514x514x514xf32>
//   output:  y: (i,j,k) -> (i,j,k)                      memref<512x512x512xf32>
// Memory-bound: 4 * (514^3 + 512^3) bytes at least; baseline a plain CUDA kernel
// (one thread per output point).
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
func.func @jacobi3d(%x: memref<514x514x514xf32>, %y: memref<512x512x512xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j, k) -> (i + 1, j + 1, k)>,
                                        affine_map<(i, j, k) -> (i + 1, j + 1, k + 2)>,
                                        affine_map<(i, j, k) -> (i + 1, j, k + 1)>,
                                        affine_map<(i, j, k) -> (i + 1, j + 2, k + 1)>,
                                        affine_map<(i, j, k) -> (i, j + 1, k + 1)>,
                                        affine_map<(i, j, k) -> (i + 2, j + 1, k + 1)>,
                                        affine_map<(i, j, k) -> (i + 1, j + 1, k + 1)>]}
      : (memref<514x514x514xf32>) -> !mdh.mda<array<i64: 512, 512, 512>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @j3d, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 512, 512, 512>>) -> !mdh.mda<array<i64: 512, 512, 512>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j, k) -> (i, j, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 512, 512, 512>>, memref<512x512x512xf32>) -> ()
  return
}
