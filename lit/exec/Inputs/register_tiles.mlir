// md_homs that mdh-codegen-cpu runs in register tiles (vector registers
// accumulating a block of the result over the reduction), at sizes that
// leave partial tiles in every tiled dimension; see register-tiles.test.
// The tiles are sized for 512-bit vectors and the caches of the bench
// machine's Zen 5 cores (48 KiB, 1 MiB), whatever the host.
module attributes {mdh.vector_bits = 512 : i64, mdh.cache_bytes = array<i64: 49152, 1048576>} {
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @mul64(%a: f64, %b: f64) -> f64 {
  %p = arith.mulf %a, %b : f64
  return %p : f64
}
func.func private @muli(%a: i32, %b: i32) -> i32 {
  %p = arith.muli %a, %b : i32
  return %p : i32
}
func.func private @plus(%a: f32, %b: f32) -> f32 {
  %p = arith.addf %a, %b : f32
  return %p : f32
}
func.func private @scaled(%a: f32, %b: f32) -> f32 {
  %h = arith.constant 0.5 : f32
  %p = arith.mulf %a, %b : f32
  %q = arith.mulf %p, %h : f32
  %r = arith.maximumf %q, %a : f32
  return %r : f32
}
// 131 columns: two full tiles of 64 and 3 columns through the untiled code;
// 67 rows: 11 tiles of 6 and a row through the untiled code.
func.func @matmul(%A: memref<67x45xf32>, %B: memref<45x131xf32>, %C: memref<67x131xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<67x45xf32>) -> !mdh.mda<array<i64: 67, 131, 45>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<45x131xf32>) -> !mdh.mda<array<i64: 67, 131, 45>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 67, 131, 45>>, !mdh.mda<array<i64: 67, 131, 45>>) -> !mdh.mda<array<i64: 67, 131, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 67, 131, 1>>, memref<67x131xf32>) -> ()
  return
}
// A batch dimension, outermost in the tile band.
func.func @bmatmul(%A: memref<3x21x40xf32>, %B: memref<3x40x70xf32>, %C: memref<3x21x70xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(b, i, j, k) -> (b, i, k)>]}
      : (memref<3x21x40xf32>) -> !mdh.mda<array<i64: 3, 21, 70, 40>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(b, i, j, k) -> (b, k, j)>]}
      : (memref<3x40x70xf32>) -> !mdh.mda<array<i64: 3, 21, 70, 40>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 3, 21, 70, 40>>, !mdh.mda<array<i64: 3, 21, 70, 40>>) -> !mdh.mda<array<i64: 3, 21, 70, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(b, i, j, k) -> (b, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 21, 70, 1>>, memref<3x21x70xf32>) -> ()
  return
}
// f64: 8 lanes.
func.func @matmul64(%A: memref<30x20xf64>, %B: memref<20x50xf64>, %C: memref<30x50xf64>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<30x20xf64>) -> !mdh.mda<array<i64: 30, 50, 20>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<20x50xf64>) -> !mdh.mda<array<i64: 30, 50, 20>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul64, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 30, 50, 20>>, !mdh.mda<array<i64: 30, 50, 20>>) -> !mdh.mda<array<i64: 30, 50, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 30, 50, 1>>, memref<30x50xf64>) -> ()
  return
}
// i32: arith.muli and arith.addi on vectors.
func.func @imatmul(%A: memref<19x33xi32>, %B: memref<33x48xi32>, %C: memref<19x48xi32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<19x33xi32>) -> !mdh.mda<array<i64: 19, 48, 33>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<33x48xi32>) -> !mdh.mda<array<i64: 19, 48, 33>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @muli, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 19, 48, 33>>, !mdh.mda<array<i64: 19, 48, 33>>) -> !mdh.mda<array<i64: 19, 48, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 19, 48, 1>>, memref<19x48xi32>) -> ()
  return
}
// The tropical product: max over k of A + B (identity -inf).
func.func @maxplus(%A: memref<25x31xf32>, %B: memref<31x40xf32>, %C: memref<25x40xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<25x31xf32>) -> !mdh.mda<array<i64: 25, 40, 31>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<31x40xf32>) -> !mdh.mda<array<i64: 25, 40, 31>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @plus, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"max">]}
      : (!mdh.mda<array<i64: 25, 40, 31>>, !mdh.mda<array<i64: 25, 40, 31>>) -> !mdh.mda<array<i64: 25, 40, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 25, 40, 1>>, memref<25x40xf32>) -> ()
  return
}
// C += A B: every tile starts from what C holds.
func.func @accumulate(%A: memref<14x9xf32>, %B: memref<9x33xf32>, %C: memref<14x33xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<14x9xf32>) -> !mdh.mda<array<i64: 14, 33, 9>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<9x33xf32>) -> !mdh.mda<array<i64: 14, 33, 9>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 14, 33, 9>>, !mdh.mda<array<i64: 14, 33, 9>>) -> !mdh.mda<array<i64: 14, 33, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>, mdh.accumulate}
      : (!mdh.mda<array<i64: 14, 33, 1>>, memref<14x33xf32>) -> ()
  return
}
// A body of several ops with a constant, and a blocked reduction of 700 points.
func.func @body(%A: memref<13x700xf32>, %B: memref<700x64xf32>, %C: memref<13x64xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<13x700xf32>) -> !mdh.mda<array<i64: 13, 64, 700>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<700x64xf32>) -> !mdh.mda<array<i64: 13, 64, 700>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @scaled, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 13, 64, 700>>, !mdh.mda<array<i64: 13, 64, 700>>) -> !mdh.mda<array<i64: 13, 64, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 64, 1>>, memref<13x64xf32>) -> ()
  return
}
// A convolution: three reduction dimensions, the outermost blocked; the
// rows are the output channels (w depends on them, in does not).
func.func @conv(%in: memref<3x12x39xf32>, %w: memref<8x3x3x3xf32>, %out: memref<8x10x37xf32>) {
  %vi = "mdh.inp_view"(%in) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (ci, y + ky, x + kx)>]}
      : (memref<3x12x39xf32>) -> !mdh.mda<array<i64: 8, 10, 37, 3, 3, 3>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (co, ci, ky, kx)>]}
      : (memref<8x3x3x3xf32>) -> !mdh.mda<array<i64: 8, 10, 37, 3, 3, 3>>
  %r = "mdh.md_hom"(%vi, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 8, 10, 37, 3, 3, 3>>, !mdh.mda<array<i64: 8, 10, 37, 3, 3, 3>>) -> !mdh.mda<array<i64: 8, 10, 37, 1, 1, 1>>
  "mdh.out_view"(%r, %out) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (co, y, x)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8, 10, 37, 1, 1, 1>>, memref<8x10x37xf32>) -> ()
  return
}
// Reductions along the contiguous dimension: the lanes split the
// reduction (1001 points: 62 vectors and 9 lanes masked in), folded at the
// end; a max, an i32 sum without a parallel dimension, and an accumulating
// output.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func private @idi(%x: i32) -> i32 {
  return %x : i32
}
func.func @matvec(%M: memref<37x1001xf32>, %v: memref<1001xf32>, %w: memref<37xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]} : (memref<37x1001xf32>) -> !mdh.mda<array<i64: 37, 1001>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]} : (memref<1001xf32>) -> !mdh.mda<array<i64: 37, 1001>>
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]} : (!mdh.mda<array<i64: 37, 1001>>, !mdh.mda<array<i64: 37, 1001>>) -> !mdh.mda<array<i64: 37, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 37, 1>>, memref<37xf32>) -> ()
  return
}
func.func @rowmax(%M: memref<19x77xf32>, %w: memref<19xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]} : (memref<19x77xf32>) -> !mdh.mda<array<i64: 19, 77>>
  %r = "mdh.md_hom"(%vm) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"max">]} : (!mdh.mda<array<i64: 19, 77>>) -> !mdh.mda<array<i64: 19, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 19, 1>>, memref<19xf32>) -> ()
  return
}
func.func @sum(%x: memref<100003xi32>, %s: memref<i32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]} : (memref<100003xi32>) -> !mdh.mda<array<i64: 100003>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @idi, combine_ops = [#mdh.pw<"add">]} : (!mdh.mda<array<i64: 100003>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(k) -> ()>], components = array<i64: 0>} : (!mdh.mda<array<i64: 1>>, memref<i32>) -> ()
  return
}
func.func @accsum(%x: memref<5x300xf32>, %s: memref<5xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]} : (memref<5x300xf32>) -> !mdh.mda<array<i64: 5, 300>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]} : (!mdh.mda<array<i64: 5, 300>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>, mdh.accumulate} : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}
// i1 elements take a byte each in a memref, but packed bits in a vector:
// no register tile (an i1 tile loaded 512 elements from 64 bytes).
func.func private @and(%a: i1, %b: i1) -> i1 {
  %p = arith.andi %a, %b : i1
  return %p : i1
}
func.func @bool(%A: memref<40x300xi1>, %B: memref<300x600xi1>, %C: memref<40x600xi1>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<40x300xi1>) -> !mdh.mda<array<i64: 40, 600, 300>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<300x600xi1>) -> !mdh.mda<array<i64: 40, 600, 300>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @and, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"or">]}
      : (!mdh.mda<array<i64: 40, 600, 300>>, !mdh.mda<array<i64: 40, 600, 300>>) -> !mdh.mda<array<i64: 40, 600, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 600, 1>>, memref<40x600xi1>) -> ()
  return
}
// mdh.tile_sizes sets the blocks: rows 10 (rounded up to 12, two tiles of
// 6 rows), the reduction in blocks of 20 (45 = 20 + 20 + 5); the 64 of the
// columns is mdh-tile-fuse's, the register tile keeps its 4 vectors.
func.func @sized(%A: memref<67x45xf32>, %B: memref<45x131xf32>, %C: memref<67x131xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<67x45xf32>) -> !mdh.mda<array<i64: 67, 131, 45>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<45x131xf32>) -> !mdh.mda<array<i64: 67, 131, 45>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">],
                               mdh.tile_sizes = array<i64: 10, 64, 20>}
      : (!mdh.mda<array<i64: 67, 131, 45>>, !mdh.mda<array<i64: 67, 131, 45>>) -> !mdh.mda<array<i64: 67, 131, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 67, 131, 1>>, memref<67x131xf32>) -> ()
  return
}
// A B^T and a batched A B^T: mdh-pack copies B transposed, and the
// products run in register tiles along B's rows.
func.func @abt(%A: memref<37x45xf32>, %B: memref<53x45xf32>, %C: memref<37x53xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<37x45xf32>) -> !mdh.mda<array<i64: 37, 53, 45>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (j, k)>]}
      : (memref<53x45xf32>) -> !mdh.mda<array<i64: 37, 53, 45>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 53, 45>>, !mdh.mda<array<i64: 37, 53, 45>>) -> !mdh.mda<array<i64: 37, 53, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 53, 1>>, memref<37x53xf32>) -> ()
  return
}
func.func @babt(%A: memref<2x21x40xf32>, %B: memref<2x70x40xf32>, %C: memref<2x21x70xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(b, i, j, k) -> (b, i, k)>]}
      : (memref<2x21x40xf32>) -> !mdh.mda<array<i64: 2, 21, 70, 40>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(b, i, j, k) -> (b, j, k)>]}
      : (memref<2x70x40xf32>) -> !mdh.mda<array<i64: 2, 21, 70, 40>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 2, 21, 70, 40>>, !mdh.mda<array<i64: 2, 21, 70, 40>>) -> !mdh.mda<array<i64: 2, 21, 70, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(b, i, j, k) -> (b, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2, 21, 70, 1>>, memref<2x21x70xf32>) -> ()
  return
}
func.func @colsum(%A: memref<8191x29xf32>, %x: memref<8191xf32>, %y: memref<29xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(j, i) -> (i, j)>]}
      : (memref<8191x29xf32>) -> !mdh.mda<array<i64: 29, 8191>>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(j, i) -> (i)>]}
      : (memref<8191xf32>) -> !mdh.mda<array<i64: 29, 8191>>
  %r = "mdh.md_hom"(%va, %vx) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 29, 8191>>, !mdh.mda<array<i64: 29, 8191>>) -> !mdh.mda<array<i64: 29, 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(j, i) -> (j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 29, 1>>, memref<29xf32>) -> ()
  return
}
func.func @colmax(%A: memref<3x2001x16xi32>, %y: memref<16xi32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(j, i, b) -> (b, i, j)>]}
      : (memref<3x2001x16xi32>) -> !mdh.mda<array<i64: 16, 2001, 3>>
  %r = "mdh.md_hom"(%va) {scalar_function = @idi, combine_ops = [#mdh.cc, #mdh.pw<"max">, #mdh.pw<"max">]}
      : (!mdh.mda<array<i64: 16, 2001, 3>>) -> !mdh.mda<array<i64: 16, 1, 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(j, i, b) -> (j)>], components = array<i64: 0>, mdh.accumulate}
      : (!mdh.mda<array<i64: 16, 1, 1>>, memref<16xi32>) -> ()
  return
}
// Convolutions whose collapsed reduction loop (ci, ky, kx) addresses its
// inputs flat (passes/codegen_cpu/register_tile.c, build_collapsed):
// @convflat's image flipped along ky (negative offsets in the table), its
// weights at every other element (the loop's counter times 2) and its 40
// channels in blocks of 16 (the last block of 8 uses the start of the
// table); @convtwo reads two images alike (one table for both) through a
// body of several ops; @convdyn's image has a dynamic size, so its loop
// recovers the indices by division instead.
func.func private @addmul(%a: f32, %b: f32, %w: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  %p = arith.mulf %s, %w : f32
  return %p : f32
}
func.func @convflat(%in: memref<40x9x23xf32>, %w: memref<6x40x3x3x2xf32>, %out: memref<6x7x21xf32>) {
  %vi = "mdh.inp_view"(%in) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (ci, y - ky + 2, x + kx)>]}
      : (memref<40x9x23xf32>) -> !mdh.mda<array<i64: 6, 7, 21, 40, 3, 3>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (co, ci, ky, kx, 1)>]}
      : (memref<6x40x3x3x2xf32>) -> !mdh.mda<array<i64: 6, 7, 21, 40, 3, 3>>
  %r = "mdh.md_hom"(%vi, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">],
                               mdh.tile_sizes = array<i64: 0, 0, 0, 16, 0, 0>}
      : (!mdh.mda<array<i64: 6, 7, 21, 40, 3, 3>>, !mdh.mda<array<i64: 6, 7, 21, 40, 3, 3>>) -> !mdh.mda<array<i64: 6, 7, 21, 1, 1, 1>>
  "mdh.out_view"(%r, %out) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (co, y, x)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 6, 7, 21, 1, 1, 1>>, memref<6x7x21xf32>) -> ()
  return
}
func.func @convtwo(%a: memref<3x12x39xf32>, %b: memref<3x12x39xf32>, %w: memref<8x3x3x3xf32>, %out: memref<8x10x37xf32>) {
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (ci, y + ky, x + kx)>]}
      : (memref<3x12x39xf32>) -> !mdh.mda<array<i64: 8, 10, 37, 3, 3, 3>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (ci, y + ky, x + kx)>]}
      : (memref<3x12x39xf32>) -> !mdh.mda<array<i64: 8, 10, 37, 3, 3, 3>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (co, ci, ky, kx)>]}
      : (memref<8x3x3x3xf32>) -> !mdh.mda<array<i64: 8, 10, 37, 3, 3, 3>>
  %r = "mdh.md_hom"(%va, %vb, %vw) {scalar_function = @addmul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 8, 10, 37, 3, 3, 3>>, !mdh.mda<array<i64: 8, 10, 37, 3, 3, 3>>, !mdh.mda<array<i64: 8, 10, 37, 3, 3, 3>>) -> !mdh.mda<array<i64: 8, 10, 37, 1, 1, 1>>
  "mdh.out_view"(%r, %out) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (co, y, x)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8, 10, 37, 1, 1, 1>>, memref<8x10x37xf32>) -> ()
  return
}
func.func @convdyn(%in: memref<3x12x39xf32>, %w: memref<8x3x3x3xf32>, %out: memref<8x10x37xf32>) {
  %d = memref.cast %in : memref<3x12x39xf32> to memref<?x12x39xf32>
  %vi = "mdh.inp_view"(%d) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (ci, y + ky, x + kx)>]}
      : (memref<?x12x39xf32>) -> !mdh.mda<array<i64: 8, 10, 37, 3, 3, 3>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (co, ci, ky, kx)>]}
      : (memref<8x3x3x3xf32>) -> !mdh.mda<array<i64: 8, 10, 37, 3, 3, 3>>
  %r = "mdh.md_hom"(%vi, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 8, 10, 37, 3, 3, 3>>, !mdh.mda<array<i64: 8, 10, 37, 3, 3, 3>>) -> !mdh.mda<array<i64: 8, 10, 37, 1, 1, 1>>
  "mdh.out_view"(%r, %out) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (co, y, x)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8, 10, 37, 1, 1, 1>>, memref<8x10x37xf32>) -> ()
  return
}
// Inputs packed into panels (passes/codegen_cpu/register_tile.c,
// build_panel): row blocks of at least 4 tiles read B's panel of their
// block of the reduction and tile of columns, packed once; the last panel
// of @mmpack holds 22 of its 64 lanes (the others 0) and its reduction
// blocks 32, 32 and 6 points; @bmmpack packs per batch; @convpack packs
// the image for blocks of 32 output channels, read through the collapsed
// (ci, ky, kx) loop.
func.func @mmpack(%A: memref<100x70xf32>, %B: memref<70x150xf32>, %C: memref<100x150xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<100x70xf32>) -> !mdh.mda<array<i64: 100, 150, 70>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<70x150xf32>) -> !mdh.mda<array<i64: 100, 150, 70>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">],
                               mdh.tile_sizes = array<i64: 48, 0, 32>}
      : (!mdh.mda<array<i64: 100, 150, 70>>, !mdh.mda<array<i64: 100, 150, 70>>) -> !mdh.mda<array<i64: 100, 150, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 100, 150, 1>>, memref<100x150xf32>) -> ()
  return
}
func.func @bmmpack(%A: memref<3x40x30xf32>, %B: memref<3x30x50xf32>, %C: memref<3x40x50xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(b, i, j, k) -> (b, i, k)>]}
      : (memref<3x40x30xf32>) -> !mdh.mda<array<i64: 3, 40, 50, 30>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(b, i, j, k) -> (b, k, j)>]}
      : (memref<3x30x50xf32>) -> !mdh.mda<array<i64: 3, 40, 50, 30>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">],
                               mdh.tile_sizes = array<i64: 0, 40, 0, 0>}
      : (!mdh.mda<array<i64: 3, 40, 50, 30>>, !mdh.mda<array<i64: 3, 40, 50, 30>>) -> !mdh.mda<array<i64: 3, 40, 50, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(b, i, j, k) -> (b, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 40, 50, 1>>, memref<3x40x50xf32>) -> ()
  return
}
func.func @bmmwhole(%A: memref<17x40x70xf32>, %B: memref<17x70x50xf32>, %C: memref<17x40x50xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(b, i, j, k) -> (b, i, k)>]}
      : (memref<17x40x70xf32>) -> !mdh.mda<array<i64: 17, 40, 50, 70>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(b, i, j, k) -> (b, k, j)>]}
      : (memref<17x70x50xf32>) -> !mdh.mda<array<i64: 17, 40, 50, 70>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">],
                               mdh.tile_sizes = array<i64: 0, 40, 0, 32>}
      : (!mdh.mda<array<i64: 17, 40, 50, 70>>, !mdh.mda<array<i64: 17, 40, 50, 70>>) -> !mdh.mda<array<i64: 17, 40, 50, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(b, i, j, k) -> (b, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 17, 40, 50, 1>>, memref<17x40x50xf32>) -> ()
  return
}
func.func @convpack(%in: memref<5x12x39xf32>, %w: memref<40x5x3x3xf32>, %out: memref<40x10x37xf32>) {
  %vi = "mdh.inp_view"(%in) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (ci, y + ky, x + kx)>]}
      : (memref<5x12x39xf32>) -> !mdh.mda<array<i64: 40, 10, 37, 5, 3, 3>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (co, ci, ky, kx)>]}
      : (memref<40x5x3x3xf32>) -> !mdh.mda<array<i64: 40, 10, 37, 5, 3, 3>>
  %r = "mdh.md_hom"(%vi, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">],
                               mdh.tile_sizes = array<i64: 32, 0, 0, 0, 0, 0>}
      : (!mdh.mda<array<i64: 40, 10, 37, 5, 3, 3>>, !mdh.mda<array<i64: 40, 10, 37, 5, 3, 3>>) -> !mdh.mda<array<i64: 40, 10, 37, 1, 1, 1>>
  "mdh.out_view"(%r, %out) {accesses = [affine_map<(co, y, x, ci, ky, kx) -> (co, y, x)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 10, 37, 1, 1, 1>>, memref<40x10x37xf32>) -> ()
  return
}
// Convolutions along the image's rows, without channels of output: the
// window's rows slide (lib/register_tile.h), each image element loaded
// once per step for every row and window row that reads it; 37 rows and
// 41 columns leave partial tiles. @slide3 sums over 3 channels too, its
// channels and window columns in one collapsed loop around the unrolled
// window rows; @slide7 has the widest window that slides, @wide8 one that
// does not, nor does @flipped, which reads its window's rows backwards.
func.func @slide(%in: memref<41x45xf32>, %w: memref<5x5xf32>, %out: memref<37x41xf32>) {
  %vi = "mdh.inp_view"(%in) {accesses = [affine_map<(y, x, ky, kx) -> (y + ky, x + kx)>]}
      : (memref<41x45xf32>) -> !mdh.mda<array<i64: 37, 41, 5, 5>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(y, x, ky, kx) -> (ky, kx)>]}
      : (memref<5x5xf32>) -> !mdh.mda<array<i64: 37, 41, 5, 5>>
  %r = "mdh.md_hom"(%vi, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 41, 5, 5>>, !mdh.mda<array<i64: 37, 41, 5, 5>>) -> !mdh.mda<array<i64: 37, 41, 1, 1>>
  "mdh.out_view"(%r, %out) {accesses = [affine_map<(y, x, ky, kx) -> (y, x)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 41, 1, 1>>, memref<37x41xf32>) -> ()
  return
}
func.func @slide3(%in: memref<3x15x30xf32>, %w: memref<3x3x3xf32>, %out: memref<13x28xf32>) {
  %vi = "mdh.inp_view"(%in) {accesses = [affine_map<(y, x, c, ky, kx) -> (c, y + ky, x + kx)>]}
      : (memref<3x15x30xf32>) -> !mdh.mda<array<i64: 13, 28, 3, 3, 3>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(y, x, c, ky, kx) -> (c, ky, kx)>]}
      : (memref<3x3x3xf32>) -> !mdh.mda<array<i64: 13, 28, 3, 3, 3>>
  %r = "mdh.md_hom"(%vi, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 13, 28, 3, 3, 3>>, !mdh.mda<array<i64: 13, 28, 3, 3, 3>>) -> !mdh.mda<array<i64: 13, 28, 1, 1, 1>>
  "mdh.out_view"(%r, %out) {accesses = [affine_map<(y, x, c, ky, kx) -> (y, x)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 28, 1, 1, 1>>, memref<13x28xf32>) -> ()
  return
}
func.func @slide7(%in: memref<20x40xf32>, %w: memref<7x7xf32>, %out: memref<14x34xf32>) {
  %vi = "mdh.inp_view"(%in) {accesses = [affine_map<(y, x, ky, kx) -> (y + ky, x + kx)>]}
      : (memref<20x40xf32>) -> !mdh.mda<array<i64: 14, 34, 7, 7>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(y, x, ky, kx) -> (ky, kx)>]}
      : (memref<7x7xf32>) -> !mdh.mda<array<i64: 14, 34, 7, 7>>
  %r = "mdh.md_hom"(%vi, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 14, 34, 7, 7>>, !mdh.mda<array<i64: 14, 34, 7, 7>>) -> !mdh.mda<array<i64: 14, 34, 1, 1>>
  "mdh.out_view"(%r, %out) {accesses = [affine_map<(y, x, ky, kx) -> (y, x)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 14, 34, 1, 1>>, memref<14x34xf32>) -> ()
  return
}
func.func @wide8(%in: memref<20x40xf32>, %w: memref<8x8xf32>, %out: memref<13x33xf32>) {
  %vi = "mdh.inp_view"(%in) {accesses = [affine_map<(y, x, ky, kx) -> (y + ky, x + kx)>]}
      : (memref<20x40xf32>) -> !mdh.mda<array<i64: 13, 33, 8, 8>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(y, x, ky, kx) -> (ky, kx)>]}
      : (memref<8x8xf32>) -> !mdh.mda<array<i64: 13, 33, 8, 8>>
  %r = "mdh.md_hom"(%vi, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 13, 33, 8, 8>>, !mdh.mda<array<i64: 13, 33, 8, 8>>) -> !mdh.mda<array<i64: 13, 33, 1, 1>>
  "mdh.out_view"(%r, %out) {accesses = [affine_map<(y, x, ky, kx) -> (y, x)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 33, 1, 1>>, memref<13x33xf32>) -> ()
  return
}
func.func @flipped(%in: memref<41x45xf32>, %w: memref<5x5xf32>, %out: memref<37x41xf32>) {
  %vi = "mdh.inp_view"(%in) {accesses = [affine_map<(y, x, ky, kx) -> (y - ky + 4, x + kx)>]}
      : (memref<41x45xf32>) -> !mdh.mda<array<i64: 37, 41, 5, 5>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(y, x, ky, kx) -> (ky, kx)>]}
      : (memref<5x5xf32>) -> !mdh.mda<array<i64: 37, 41, 5, 5>>
  %r = "mdh.md_hom"(%vi, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 41, 5, 5>>, !mdh.mda<array<i64: 37, 41, 5, 5>>) -> !mdh.mda<array<i64: 37, 41, 1, 1>>
  "mdh.out_view"(%r, %out) {accesses = [affine_map<(y, x, ky, kx) -> (y, x)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 41, 1, 1>>, memref<37x41xf32>) -> ()
  return
}
}
