// CPU benchmark harris: the Harris corner detector of Halide's harris app
// (without its boundary condition: the input carries a halo), f32, output
// 2048 x 2048 from a 3-channel input 3 x 2052 x 2052. i is Halide's y, j its x.
//   g[i,j]    = 0.299 in[0,i,j] + 0.587 in[1,i,j] + 0.114 in[2,i,j]    (2052^2)
//   ix[i,j]   = Sobel x of g around (i+1, j+1), weights -/+0.0833, -/+0.1667 (2050^2)
//   iy[i,j]   = Sobel y of g around (i+1, j+1)                             (2050^2)
//   ixx = ix*ix, iyy = iy*iy, ixy = ix*iy                                  (2050^2)
//   sxx[i,j]  = sum_{a,b < 3} ixx[i+a, j+b] (a outer, b inner; syy, sxy too)  (2048^2)
//   out[i,j]  = (sxx syy - sxy sxy) - 0.04 (sxx + syy)^2                   (2048^2)
// Ten md_homs (cc, cc) through memref.alloc buffers. Every sum is evaluated
// left to right in the order of the accesses.
func.func private @gray(%r: f32, %g: f32, %b: f32) -> f32 {
  %kr = arith.constant 0.299 : f32
  %kg = arith.constant 0.587 : f32
  %kb = arith.constant 0.114 : f32
  %pr = arith.mulf %r, %kr : f32
  %pg = arith.mulf %g, %kg : f32
  %pb = arith.mulf %b, %kb : f32
  %s1 = arith.addf %pr, %pg : f32
  %s2 = arith.addf %s1, %pb : f32
  return %s2 : f32
}
// (a, b, c, d, e, f) -> -0.0833 a + 0.0833 b - 0.1667 c + 0.1667 d - 0.0833 e + 0.0833 f
func.func private @sobel(%a: f32, %b: f32, %c: f32, %d: f32, %e: f32, %f: f32) -> f32 {
  %m1 = arith.constant -0.0833 : f32
  %p1 = arith.constant 0.0833 : f32
  %m2 = arith.constant -0.1667 : f32
  %p2 = arith.constant 0.1667 : f32
  %ta = arith.mulf %a, %m1 : f32
  %tb = arith.mulf %b, %p1 : f32
  %tc = arith.mulf %c, %m2 : f32
  %td = arith.mulf %d, %p2 : f32
  %te = arith.mulf %e, %m1 : f32
  %tf = arith.mulf %f, %p1 : f32
  %s1 = arith.addf %ta, %tb : f32
  %s2 = arith.addf %s1, %tc : f32
  %s3 = arith.addf %s2, %td : f32
  %s4 = arith.addf %s3, %te : f32
  %s5 = arith.addf %s4, %tf : f32
  return %s5 : f32
}
func.func private @square(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @box9(%x0: f32, %x1: f32, %x2: f32, %x3: f32, %x4: f32, %x5: f32, %x6: f32, %x7: f32, %x8: f32) -> f32 {
  %s1 = arith.addf %x0, %x1 : f32
  %s2 = arith.addf %s1, %x2 : f32
  %s3 = arith.addf %s2, %x3 : f32
  %s4 = arith.addf %s3, %x4 : f32
  %s5 = arith.addf %s4, %x5 : f32
  %s6 = arith.addf %s5, %x6 : f32
  %s7 = arith.addf %s6, %x7 : f32
  %s8 = arith.addf %s7, %x8 : f32
  return %s8 : f32
}
func.func private @response(%sxx: f32, %syy: f32, %sxy: f32) -> f32 {
  %k = arith.constant 0.04 : f32
  %p1 = arith.mulf %sxx, %syy : f32
  %p2 = arith.mulf %sxy, %sxy : f32
  %det = arith.subf %p1, %p2 : f32
  %tr = arith.addf %sxx, %syy : f32
  %ktr = arith.mulf %k, %tr : f32
  %ktr2 = arith.mulf %ktr, %tr : f32
  %r = arith.subf %det, %ktr2 : f32
  return %r : f32
}
func.func @harris(%in: memref<3x2052x2052xf32>, %out: memref<2048x2048xf32>) {
  %g = memref.alloc() : memref<2052x2052xf32>
  %ix = memref.alloc() : memref<2050x2050xf32>
  %iy = memref.alloc() : memref<2050x2050xf32>
  %ixx = memref.alloc() : memref<2050x2050xf32>
  %iyy = memref.alloc() : memref<2050x2050xf32>
  %ixy = memref.alloc() : memref<2050x2050xf32>
  %sxx = memref.alloc() : memref<2048x2048xf32>
  %syy = memref.alloc() : memref<2048x2048xf32>
  %sxy = memref.alloc() : memref<2048x2048xf32>
  %vg0 = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (0, i, j)>,
                                         affine_map<(i, j) -> (1, i, j)>,
                                         affine_map<(i, j) -> (2, i, j)>]}
      : (memref<3x2052x2052xf32>) -> !mdh.mda<array<i64: 2052, 2052>>
  %rg = "mdh.md_hom"(%vg0) {scalar_function = @gray, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2052, 2052>>) -> !mdh.mda<array<i64: 2052, 2052>>
  "mdh.out_view"(%rg, %g) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2052, 2052>>, memref<2052x2052xf32>) -> ()
  %vix0 = "mdh.inp_view"(%g) {accesses = [
        affine_map<(i, j) -> (i, j)>,
        affine_map<(i, j) -> (i, j + 2)>,
        affine_map<(i, j) -> (i + 1, j)>,
        affine_map<(i, j) -> (i + 1, j + 2)>,
        affine_map<(i, j) -> (i + 2, j)>,
        affine_map<(i, j) -> (i + 2, j + 2)>]}
      : (memref<2052x2052xf32>) -> !mdh.mda<array<i64: 2050, 2050>>
  %rix = "mdh.md_hom"(%vix0) {scalar_function = @sobel, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2050, 2050>>) -> !mdh.mda<array<i64: 2050, 2050>>
  "mdh.out_view"(%rix, %ix) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2050, 2050>>, memref<2050x2050xf32>) -> ()
  %viy0 = "mdh.inp_view"(%g) {accesses = [
        affine_map<(i, j) -> (i, j)>,
        affine_map<(i, j) -> (i + 2, j)>,
        affine_map<(i, j) -> (i, j + 1)>,
        affine_map<(i, j) -> (i + 2, j + 1)>,
        affine_map<(i, j) -> (i, j + 2)>,
        affine_map<(i, j) -> (i + 2, j + 2)>]}
      : (memref<2052x2052xf32>) -> !mdh.mda<array<i64: 2050, 2050>>
  %riy = "mdh.md_hom"(%viy0) {scalar_function = @sobel, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2050, 2050>>) -> !mdh.mda<array<i64: 2050, 2050>>
  "mdh.out_view"(%riy, %iy) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2050, 2050>>, memref<2050x2050xf32>) -> ()
  %vixx0 = "mdh.inp_view"(%ix) {accesses = [
        affine_map<(i, j) -> (i, j)>]}
      : (memref<2050x2050xf32>) -> !mdh.mda<array<i64: 2050, 2050>>
  %rixx = "mdh.md_hom"(%vixx0) {scalar_function = @square, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2050, 2050>>) -> !mdh.mda<array<i64: 2050, 2050>>
  "mdh.out_view"(%rixx, %ixx) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2050, 2050>>, memref<2050x2050xf32>) -> ()
  %viyy0 = "mdh.inp_view"(%iy) {accesses = [
        affine_map<(i, j) -> (i, j)>]}
      : (memref<2050x2050xf32>) -> !mdh.mda<array<i64: 2050, 2050>>
  %riyy = "mdh.md_hom"(%viyy0) {scalar_function = @square, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2050, 2050>>) -> !mdh.mda<array<i64: 2050, 2050>>
  "mdh.out_view"(%riyy, %iyy) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2050, 2050>>, memref<2050x2050xf32>) -> ()
  %vixy0 = "mdh.inp_view"(%ix) {accesses = [
        affine_map<(i, j) -> (i, j)>]}
      : (memref<2050x2050xf32>) -> !mdh.mda<array<i64: 2050, 2050>>
  %vixy1 = "mdh.inp_view"(%iy) {accesses = [
        affine_map<(i, j) -> (i, j)>]}
      : (memref<2050x2050xf32>) -> !mdh.mda<array<i64: 2050, 2050>>
  %rixy = "mdh.md_hom"(%vixy0, %vixy1) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2050, 2050>>, !mdh.mda<array<i64: 2050, 2050>>) -> !mdh.mda<array<i64: 2050, 2050>>
  "mdh.out_view"(%rixy, %ixy) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2050, 2050>>, memref<2050x2050xf32>) -> ()
  %vsxx0 = "mdh.inp_view"(%ixx) {accesses = [
        affine_map<(i, j) -> (i, j)>,
        affine_map<(i, j) -> (i, j + 1)>,
        affine_map<(i, j) -> (i, j + 2)>,
        affine_map<(i, j) -> (i + 1, j)>,
        affine_map<(i, j) -> (i + 1, j + 1)>,
        affine_map<(i, j) -> (i + 1, j + 2)>,
        affine_map<(i, j) -> (i + 2, j)>,
        affine_map<(i, j) -> (i + 2, j + 1)>,
        affine_map<(i, j) -> (i + 2, j + 2)>]}
      : (memref<2050x2050xf32>) -> !mdh.mda<array<i64: 2048, 2048>>
  %rsxx = "mdh.md_hom"(%vsxx0) {scalar_function = @box9, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2048, 2048>>) -> !mdh.mda<array<i64: 2048, 2048>>
  "mdh.out_view"(%rsxx, %sxx) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2048, 2048>>, memref<2048x2048xf32>) -> ()
  %vsyy0 = "mdh.inp_view"(%iyy) {accesses = [
        affine_map<(i, j) -> (i, j)>,
        affine_map<(i, j) -> (i, j + 1)>,
        affine_map<(i, j) -> (i, j + 2)>,
        affine_map<(i, j) -> (i + 1, j)>,
        affine_map<(i, j) -> (i + 1, j + 1)>,
        affine_map<(i, j) -> (i + 1, j + 2)>,
        affine_map<(i, j) -> (i + 2, j)>,
        affine_map<(i, j) -> (i + 2, j + 1)>,
        affine_map<(i, j) -> (i + 2, j + 2)>]}
      : (memref<2050x2050xf32>) -> !mdh.mda<array<i64: 2048, 2048>>
  %rsyy = "mdh.md_hom"(%vsyy0) {scalar_function = @box9, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2048, 2048>>) -> !mdh.mda<array<i64: 2048, 2048>>
  "mdh.out_view"(%rsyy, %syy) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2048, 2048>>, memref<2048x2048xf32>) -> ()
  %vsxy0 = "mdh.inp_view"(%ixy) {accesses = [
        affine_map<(i, j) -> (i, j)>,
        affine_map<(i, j) -> (i, j + 1)>,
        affine_map<(i, j) -> (i, j + 2)>,
        affine_map<(i, j) -> (i + 1, j)>,
        affine_map<(i, j) -> (i + 1, j + 1)>,
        affine_map<(i, j) -> (i + 1, j + 2)>,
        affine_map<(i, j) -> (i + 2, j)>,
        affine_map<(i, j) -> (i + 2, j + 1)>,
        affine_map<(i, j) -> (i + 2, j + 2)>]}
      : (memref<2050x2050xf32>) -> !mdh.mda<array<i64: 2048, 2048>>
  %rsxy = "mdh.md_hom"(%vsxy0) {scalar_function = @box9, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2048, 2048>>) -> !mdh.mda<array<i64: 2048, 2048>>
  "mdh.out_view"(%rsxy, %sxy) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2048, 2048>>, memref<2048x2048xf32>) -> ()
  %vout0 = "mdh.inp_view"(%sxx) {accesses = [
        affine_map<(i, j) -> (i, j)>]}
      : (memref<2048x2048xf32>) -> !mdh.mda<array<i64: 2048, 2048>>
  %vout1 = "mdh.inp_view"(%syy) {accesses = [
        affine_map<(i, j) -> (i, j)>]}
      : (memref<2048x2048xf32>) -> !mdh.mda<array<i64: 2048, 2048>>
  %vout2 = "mdh.inp_view"(%sxy) {accesses = [
        affine_map<(i, j) -> (i, j)>]}
      : (memref<2048x2048xf32>) -> !mdh.mda<array<i64: 2048, 2048>>
  %rout = "mdh.md_hom"(%vout0, %vout1, %vout2) {scalar_function = @response, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2048, 2048>>, !mdh.mda<array<i64: 2048, 2048>>, !mdh.mda<array<i64: 2048, 2048>>) -> !mdh.mda<array<i64: 2048, 2048>>
  "mdh.out_view"(%rout, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2048, 2048>>, memref<2048x2048xf32>) -> ()
  memref.dealloc %g : memref<2052x2052xf32>
  memref.dealloc %ix : memref<2050x2050xf32>
  memref.dealloc %iy : memref<2050x2050xf32>
  memref.dealloc %ixx : memref<2050x2050xf32>
  memref.dealloc %iyy : memref<2050x2050xf32>
  memref.dealloc %ixy : memref<2050x2050xf32>
  memref.dealloc %sxx : memref<2048x2048xf32>
  memref.dealloc %syy : memref<2048x2048xf32>
  memref.dealloc %sxy : memref<2048x2048xf32>
  return
}
