// md_homs for the tiled strategy of mdh-codegen-gpu (register tiles,
// reduction steps, inputs staged in shared memory behind barriers), each
// with a forced mapping; run against the reference by exec/gpu-tiled.test.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @muli(%a: i32, %b: i32) -> i32 {
  %p = arith.muli %a, %b : i32
  return %p : i32
}

// Partial tiles along every dimension; both inputs staged.
func.func @mm_partial(%A: memref<13x11xf32>, %B: memref<11x7xf32>, %C: memref<13x7xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<13x11xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<11x7xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">],
                               mdh.mapping = "global.y(2,2) tile(2), global.x(4,1) tile(2), seq tile(4)"}
      : (!mdh.mda<array<i64: 13, 7, 11>>, !mdh.mda<array<i64: 13, 7, 11>>) -> !mdh.mda<array<i64: 13, 7, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 7, 1>>, memref<13x7xf32>) -> ()
  return
}

// Exact tiles, several blocks per dimension and grid-stride loops over the
// tiles (4 tiles of y on 2 blocks); the result is the max, not the sum.
func.func @mm_max(%A: memref<32x16xf32>, %B: memref<16x16xf32>, %C: memref<32x16xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<32x16xf32>) -> !mdh.mda<array<i64: 32, 16, 16>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<16x16xf32>) -> !mdh.mda<array<i64: 32, 16, 16>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"max">],
                               mdh.mapping = "global.y(4,2) tile(2), global.x(4,2) tile(2), seq tile(8)"}
      : (!mdh.mda<array<i64: 32, 16, 16>>, !mdh.mda<array<i64: 32, 16, 16>>) -> !mdh.mda<array<i64: 32, 16, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 16, 1>>, memref<32x16xf32>) -> ()
  return
}

// Integers, and the batch dimension on z with one thread per block.
func.func @bmm_i32(%A: memref<3x9x10xi32>, %B: memref<3x10x6xi32>, %C: memref<3x9x6xi32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(b, i, j, k) -> (b, i, k)>]}
      : (memref<3x9x10xi32>) -> !mdh.mda<array<i64: 3, 9, 6, 10>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(b, i, j, k) -> (b, k, j)>]}
      : (memref<3x10x6xi32>) -> !mdh.mda<array<i64: 3, 9, 6, 10>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @muli, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">],
                               mdh.mapping = "global.z(1,3), global.y(4,1) tile(3), global.x(2,2) tile(2), seq tile(3)"}
      : (!mdh.mda<array<i64: 3, 9, 6, 10>>, !mdh.mda<array<i64: 3, 9, 6, 10>>) -> !mdh.mda<array<i64: 3, 9, 6, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(b, i, j, k) -> (b, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 9, 6, 1>>, memref<3x9x6xi32>) -> ()
  return
}

// A matrix-vector product whose vector alone is staged (each row of the
// matrix is read by one thread only).
func.func @mv_tiled(%M: memref<37x29xf32>, %x: memref<29xf32>, %y: memref<37xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<37x29xf32>) -> !mdh.mda<array<i64: 37, 29>>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<29xf32>) -> !mdh.mda<array<i64: 37, 29>>
  %r = "mdh.md_hom"(%vm, %vx) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">],
                               mdh.mapping = "global.x(8,2) tile(3), seq tile(5)"}
      : (!mdh.mda<array<i64: 37, 29>>, !mdh.mda<array<i64: 37, 29>>) -> !mdh.mda<array<i64: 37, 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 1>>, memref<37xf32>) -> ()
  return
}

// A 1-D convolution over channels: two pw dimensions, one in steps; the
// signal's box has a halo (i + f), the weights' box spans every f.
func.func @conv1d(%s: memref<4x40xf32>, %w: memref<4x3xf32>, %o: memref<38xf32>) {
  %vs = "mdh.inp_view"(%s) {accesses = [affine_map<(i, c, f) -> (c, i + f)>]}
      : (memref<4x40xf32>) -> !mdh.mda<array<i64: 38, 4, 3>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(i, c, f) -> (c, f)>]}
      : (memref<4x3xf32>) -> !mdh.mda<array<i64: 38, 4, 3>>
  %r = "mdh.md_hom"(%vs, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">],
                               mdh.mapping = "global.x(8,2) tile(2), seq tile(3), seq"}
      : (!mdh.mda<array<i64: 38, 4, 3>>, !mdh.mda<array<i64: 38, 4, 3>>) -> !mdh.mda<array<i64: 38, 1, 1>>
  "mdh.out_view"(%r, %o) {accesses = [affine_map<(i, c, f) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 38, 1, 1>>, memref<38xf32>) -> ()
  return
}
