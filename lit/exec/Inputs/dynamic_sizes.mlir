// md_homs with dynamic MDA sizes (-1): their extents come from the input
// buffers when the function runs (lit/exec/dynamic-sizes.test).
func.func private @add2(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func private @mul2(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}

// y[i] = x[i] + x[i+2]: extent |x| - 2.
func.func @stencil(%x: memref<?xf32>, %y: memref<?xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>, affine_map<(i) -> (i + 2)>]}
      : (memref<?xf32>) -> !mdh.mda<array<i64: -1>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @add2, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: -1>>) -> !mdh.mda<array<i64: -1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: -1>>, memref<?xf32>) -> ()
  return
}

// The same into a static output of 8 elements: |x| <= 10 fits.
func.func @static_out(%x: memref<?xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>, affine_map<(i) -> (i + 2)>]}
      : (memref<?xf32>) -> !mdh.mda<array<i64: -1>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @add2, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: -1>>) -> !mdh.mda<array<i64: -1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: -1>>, memref<8xf32>) -> ()
  return
}

// A chain through a buffer of dynamic shape: t[i] = x[i] + x[i+1], then
// z[i] = sum_k t[i+k] * w[k], with |w| and |t| deciding z's extents.
func.func @chain(%x: memref<?xf32>, %t: memref<?xf32>, %w: memref<?xf32>, %z: memref<?xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>, affine_map<(i) -> (i + 1)>]}
      : (memref<?xf32>) -> !mdh.mda<array<i64: -1>>
  %r0 = "mdh.md_hom"(%vx) {scalar_function = @add2, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: -1>>) -> !mdh.mda<array<i64: -1>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: -1>>, memref<?xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, k) -> (i + k)>]}
      : (memref<?xf32>) -> !mdh.mda<array<i64: -1, -1>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<?xf32>) -> !mdh.mda<array<i64: -1, -1>>
  %r1 = "mdh.md_hom"(%vt, %vw) {scalar_function = @mul2, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: -1, -1>>, !mdh.mda<array<i64: -1, -1>>) -> !mdh.mda<array<i64: -1, 1>>
  "mdh.out_view"(%r1, %z) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: -1, 1>>, memref<?xf32>) -> ()
  return
}

// A scan of dynamic length next to a static dimension: y[i][j] = sum_{i'
// <= i} x[i'][j], x of 4 columns.
func.func @scan(%x: memref<?x4xf32>, %y: memref<?x4xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<?x4xf32>) -> !mdh.mda<array<i64: -1, 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<"add">, #mdh.cc]}
      : (!mdh.mda<array<i64: -1, 4>>) -> !mdh.mda<array<i64: -1, 4>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: -1, 4>>, memref<?x4xf32>) -> ()
  return
}
