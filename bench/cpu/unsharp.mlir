// CPU benchmark unsharp: unsharp mask of a 3-channel image, f32, output
// 3 x 2048 x 2048 (input with its halo: 3 x 2052 x 2052), three stages with
// the 5-tap binomial Gaussian w = (1, 4, 6, 4, 1) / 16:
//   bx[c,i,j]  = sum_t w[t] * in[c,i,j+t]          i < 2052, j < 2048
//   by[c,i,j]  = sum_t w[t] * bx[c,i+t,j]          i, j < 2048
//   out[c,i,j] = 2 * in[c,i+2,j+2] - by[c,i,j]     (sharpen = 2 in - blur)
// (the taps summed left to right: ((w0 a + w1 b) + w2 c) + ...). Three md_homs
// (cc, cc, cc) through the memref.alloc buffers bx and by. c is Halide's c,
// i its y, j its x (innermost).
func.func private @gauss5(%a: f32, %b: f32, %c: f32, %d: f32, %e: f32) -> f32 {
  %w0 = arith.constant 0.0625 : f32
  %w1 = arith.constant 0.25 : f32
  %w2 = arith.constant 0.375 : f32
  %pa = arith.mulf %a, %w0 : f32
  %pb = arith.mulf %b, %w1 : f32
  %pc = arith.mulf %c, %w2 : f32
  %pd = arith.mulf %d, %w1 : f32
  %pe = arith.mulf %e, %w0 : f32
  %s1 = arith.addf %pa, %pb : f32
  %s2 = arith.addf %s1, %pc : f32
  %s3 = arith.addf %s2, %pd : f32
  %s4 = arith.addf %s3, %pe : f32
  return %s4 : f32
}
func.func private @sharpen(%x: f32, %b: f32) -> f32 {
  %two = arith.constant 2.0 : f32
  %x2 = arith.mulf %x, %two : f32
  %r = arith.subf %x2, %b : f32
  return %r : f32
}
func.func @unsharp(%in: memref<3x2052x2052xf32>, %out: memref<3x2048x2048xf32>) {
  %bx = memref.alloc() : memref<3x2052x2048xf32>
  %by = memref.alloc() : memref<3x2048x2048xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(c, i, j) -> (c, i, j)>,
                                          affine_map<(c, i, j) -> (c, i, j + 1)>,
                                          affine_map<(c, i, j) -> (c, i, j + 2)>,
                                          affine_map<(c, i, j) -> (c, i, j + 3)>,
                                          affine_map<(c, i, j) -> (c, i, j + 4)>]}
      : (memref<3x2052x2052xf32>) -> !mdh.mda<array<i64: 3, 2052, 2048>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @gauss5, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 3, 2052, 2048>>) -> !mdh.mda<array<i64: 3, 2052, 2048>>
  "mdh.out_view"(%r1, %bx) {accesses = [affine_map<(c, i, j) -> (c, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 2052, 2048>>, memref<3x2052x2048xf32>) -> ()
  %vbx = "mdh.inp_view"(%bx) {accesses = [affine_map<(c, i, j) -> (c, i, j)>,
                                          affine_map<(c, i, j) -> (c, i + 1, j)>,
                                          affine_map<(c, i, j) -> (c, i + 2, j)>,
                                          affine_map<(c, i, j) -> (c, i + 3, j)>,
                                          affine_map<(c, i, j) -> (c, i + 4, j)>]}
      : (memref<3x2052x2048xf32>) -> !mdh.mda<array<i64: 3, 2048, 2048>>
  %r2 = "mdh.md_hom"(%vbx) {scalar_function = @gauss5, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 3, 2048, 2048>>) -> !mdh.mda<array<i64: 3, 2048, 2048>>
  "mdh.out_view"(%r2, %by) {accesses = [affine_map<(c, i, j) -> (c, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 2048, 2048>>, memref<3x2048x2048xf32>) -> ()
  %vc = "mdh.inp_view"(%in) {accesses = [affine_map<(c, i, j) -> (c, i + 2, j + 2)>]}
      : (memref<3x2052x2052xf32>) -> !mdh.mda<array<i64: 3, 2048, 2048>>
  %vby = "mdh.inp_view"(%by) {accesses = [affine_map<(c, i, j) -> (c, i, j)>]}
      : (memref<3x2048x2048xf32>) -> !mdh.mda<array<i64: 3, 2048, 2048>>
  %r3 = "mdh.md_hom"(%vc, %vby) {scalar_function = @sharpen, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 3, 2048, 2048>>, !mdh.mda<array<i64: 3, 2048, 2048>>) -> !mdh.mda<array<i64: 3, 2048, 2048>>
  "mdh.out_view"(%r3, %out) {accesses = [affine_map<(c, i, j) -> (c, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 2048, 2048>>, memref<3x2048x2048xf32>) -> ()
  memref.dealloc %bx : memref<3x2052x2048xf32>
  memref.dealloc %by : memref<3x2048x2048xf32>
  return
}
