// Convolutions large enough for mdh-map-gpu's implicit-GEMM default
// mapping (channels on y threads, columns on x threads, both with register
// tiles; the batch and rows on blocks; the filter taps whole and the input
// channels in steps of 4 per reduction step), with partial tiles: 130
// output channels (16 x 8 per tile: a second, partial tile walked in the
// block), 30 columns (8 x 4), 10 input channels (steps 4, 4, 2).
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// O[n,k,p,q] = sum_{c,r,s} X[n,c,p+r,q+s] * W[k,c,r,s], NCHW.
func.func @conv4(%X: memref<2x10x68x32xf32>, %W: memref<130x10x3x3xf32>, %O: memref<2x130x66x30xf32>) {
  %vx = "mdh.inp_view"(%X) {accesses = [affine_map<(n, k, p, q, c, r, s) -> (n, c, p + r, q + s)>]}
      : (memref<2x10x68x32xf32>) -> !mdh.mda<array<i64: 2, 130, 66, 30, 10, 3, 3>>
  %vw = "mdh.inp_view"(%W) {accesses = [affine_map<(n, k, p, q, c, r, s) -> (k, c, r, s)>]}
      : (memref<130x10x3x3xf32>) -> !mdh.mda<array<i64: 2, 130, 66, 30, 10, 3, 3>>
  %r = "mdh.md_hom"(%vx, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 2, 130, 66, 30, 10, 3, 3>>, !mdh.mda<array<i64: 2, 130, 66, 30, 10, 3, 3>>) -> !mdh.mda<array<i64: 2, 130, 66, 30, 1, 1, 1>>
  "mdh.out_view"(%r, %O) {accesses = [affine_map<(n, k, p, q, c, r, s) -> (n, k, p, q)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2, 130, 66, 30, 1, 1, 1>>, memref<2x130x66x30xf32>) -> ()
  return
}
// Without a batch: three cc dimensions, all `global` (the rows on z), and
// 5 x 5 taps: 25 points per step, so the 12 input channels go in steps of 2.
func.func @conv3(%X: memref<12x144x34xf32>, %W: memref<40x12x5x5xf32>, %O: memref<40x140x30xf32>) {
  %vx = "mdh.inp_view"(%X) {accesses = [affine_map<(k, p, q, c, r, s) -> (c, p + r, q + s)>]}
      : (memref<12x144x34xf32>) -> !mdh.mda<array<i64: 40, 140, 30, 12, 5, 5>>
  %vw = "mdh.inp_view"(%W) {accesses = [affine_map<(k, p, q, c, r, s) -> (k, c, r, s)>]}
      : (memref<40x12x5x5xf32>) -> !mdh.mda<array<i64: 40, 140, 30, 12, 5, 5>>
  %r = "mdh.md_hom"(%vx, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 40, 140, 30, 12, 5, 5>>, !mdh.mda<array<i64: 40, 140, 30, 12, 5, 5>>) -> !mdh.mda<array<i64: 40, 140, 30, 1, 1, 1>>
  "mdh.out_view"(%r, %O) {accesses = [affine_map<(k, p, q, c, r, s) -> (k, p, q)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 140, 30, 1, 1, 1>>, memref<40x140x30xf32>) -> ()
  return
}
// A product batched over two dimensions (bmmtrans of bench/gpu at a
// smaller size), which mdh-coalesce merges into one: the mapping of conv3
// without taps, the reduction in steps
// of 32 (72 = 32 + 32 + 8), 66 columns (16 x 4, a second partial tile).
func.func @bmm4(%A: memref<6x6x130x72xf32>, %B: memref<6x6x72x66xf32>, %C: memref<6x6x130x66xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(b, h, i, d, k) -> (b, h, i, k)>]}
      : (memref<6x6x130x72xf32>) -> !mdh.mda<array<i64: 6, 6, 130, 66, 72>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(b, h, i, d, k) -> (b, h, k, d)>]}
      : (memref<6x6x72x66xf32>) -> !mdh.mda<array<i64: 6, 6, 130, 66, 72>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 6, 6, 130, 66, 72>>, !mdh.mda<array<i64: 6, 6, 130, 66, 72>>) -> !mdh.mda<array<i64: 6, 6, 130, 66, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(b, h, i, d, k) -> (b, h, i, d)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 6, 6, 130, 66, 1>>, memref<6x6x130x66xf32>) -> ()
  return
}
