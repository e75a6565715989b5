// CPU benchmark convchain: quantize -> 5x5 convolution -> ReLU, f32, output
// 2048 x 2048 (input with its halo: 2052 x 2052), weights a 5 x 5 argument.
//   q[i,j]   = floor(x[i,j] * 16) * 0.0625                   (2052^2)
//   c[i,j]   = sum_{r,s < 5} q[i+r, j+s] * w[r,s]            (2048^2; pw add over r, s)
//   out[i,j] = max(c[i,j], 0)                                (2048^2)
// Three md_homs through the memref.alloc buffers q and c. i is Halide's y,
// j its x (innermost).
func.func private @quantize(%x: f32) -> f32 {
  %k = arith.constant 16.0 : f32
  %inv = arith.constant 0.0625 : f32
  %s = arith.mulf %x, %k : f32
  %f = math.floor %s : f32
  %r = arith.mulf %f, %inv : f32
  return %r : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @relu(%a: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = arith.maximumf %a, %z : f32
  return %r : f32
}
func.func @convchain(%x: memref<2052x2052xf32>, %w: memref<5x5xf32>, %out: memref<2048x2048xf32>) {
  %q = memref.alloc() : memref<2052x2052xf32>
  %c = memref.alloc() : memref<2048x2048xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<2052x2052xf32>) -> !mdh.mda<array<i64: 2052, 2052>>
  %r1 = "mdh.md_hom"(%vx) {scalar_function = @quantize, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2052, 2052>>) -> !mdh.mda<array<i64: 2052, 2052>>
  "mdh.out_view"(%r1, %q) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2052, 2052>>, memref<2052x2052xf32>) -> ()
  %vq = "mdh.inp_view"(%q) {accesses = [affine_map<(i, j, r, s) -> (i + r, j + s)>]}
      : (memref<2052x2052xf32>) -> !mdh.mda<array<i64: 2048, 2048, 5, 5>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(i, j, r, s) -> (r, s)>]}
      : (memref<5x5xf32>) -> !mdh.mda<array<i64: 2048, 2048, 5, 5>>
  %r2 = "mdh.md_hom"(%vq, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 2048, 2048, 5, 5>>, !mdh.mda<array<i64: 2048, 2048, 5, 5>>) -> !mdh.mda<array<i64: 2048, 2048, 1, 1>>
  "mdh.out_view"(%r2, %c) {accesses = [affine_map<(i, j, r, s) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2048, 2048, 1, 1>>, memref<2048x2048xf32>) -> ()
  %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<2048x2048xf32>) -> !mdh.mda<array<i64: 2048, 2048>>
  %r3 = "mdh.md_hom"(%vc) {scalar_function = @relu, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2048, 2048>>) -> !mdh.mda<array<i64: 2048, 2048>>
  "mdh.out_view"(%r3, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2048, 2048>>, memref<2048x2048xf32>) -> ()
  memref.dealloc %q : memref<2052x2052xf32>
  memref.dealloc %c : memref<2048x2048xf32>
  return
}
