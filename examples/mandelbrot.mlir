// Mandelbrot (MDH paper App. B.4): an md_hom without input buffers; the index-aware
// scalar function gets the pixel indices (i, j) and returns the escape-time iteration count.
//   O[i,j] = #iterations n < 32 of z <- z*z + c, z0 = 0, while |z|^2 <= 4,
//            c = (-2.0 + j * 0.09375) + (-1.125 + i * 0.125) * I
//   (a 19 x 29 grid over real [-2.0, 0.625], imag [-1.125, 1.125]; grid points are exact in f32)
// md_hom<H=19, W=29>(mandel, (cc, cc))   [no inputs: mdh.sizes; index-aware]
//   dims:    i: cc (H = 19 rows, imaginary axis)    j: cc (W = 29 columns, real axis)
//   inputs:  none
//   output:  O: (i,j) -> (i,j)   memref<19x29xi32>
//   result:  !mdh.mda<array<i64: 19, 29>>
// Points close to the set boundary are sensitive to f32 rounding (e.g. FMA contraction), so
// a reference must use the same operation order without contraction.
func.func private @mandel(%i: index, %j: index) -> i32 {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %four = arith.constant 4.0 : f32
  %re0 = arith.constant -2.0 : f32
  %dre = arith.constant 0.09375 : f32
  %im0 = arith.constant -1.125 : f32
  %dim = arith.constant 0.125 : f32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %max_iter = arith.constant 32 : i32
  %i_i32 = arith.index_cast %i : index to i32
  %j_i32 = arith.index_cast %j : index to i32
  %i_f = arith.sitofp %i_i32 : i32 to f32
  %j_f = arith.sitofp %j_i32 : i32 to f32
  %re_off = arith.mulf %j_f, %dre : f32
  %cr = arith.addf %re0, %re_off : f32
  %im_off = arith.mulf %i_f, %dim : f32
  %ci = arith.addf %im0, %im_off : f32
  %res:3 = scf.while (%zr = %zero, %zi = %zero, %n = %c0) : (f32, f32, i32) -> (f32, f32, i32) {
    %zr2 = arith.mulf %zr, %zr : f32
    %zi2 = arith.mulf %zi, %zi : f32
    %mag2 = arith.addf %zr2, %zi2 : f32
    %inside = arith.cmpf ole, %mag2, %four : f32
    %more = arith.cmpi slt, %n, %max_iter : i32
    %go = arith.andi %inside, %more : i1
    scf.condition(%go) %zr, %zi, %n : f32, f32, i32
  } do {
  ^bb0(%zr: f32, %zi: f32, %n: i32):
    %zr2 = arith.mulf %zr, %zr : f32
    %zi2 = arith.mulf %zi, %zi : f32
    %d = arith.subf %zr2, %zi2 : f32
    %nzr = arith.addf %d, %cr : f32
    %zrzi = arith.mulf %zr, %zi : f32
    %t = arith.mulf %two, %zrzi : f32
    %nzi = arith.addf %t, %ci : f32
    %n1 = arith.addi %n, %c1 : i32
    scf.yield %nzr, %nzi, %n1 : f32, f32, i32
  }
  return %res#2 : i32
}
func.func @mandelbrot(%O: memref<19x29xi32>) {
  %r = "mdh.md_hom"() {scalar_function = @mandel, combine_ops = [#mdh.cc, #mdh.cc], mdh.sizes = array<i64: 19, 29>, mdh.index_aware}
      : () -> !mdh.mda<array<i64: 19, 29>>
  "mdh.out_view"(%r, %O) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 19, 29>>, memref<19x29xi32>) -> ()
  return
}
