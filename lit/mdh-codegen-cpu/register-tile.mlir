// RUN: %mdh-opt %s --split-input-file --mdh-schedule --mdh-codegen-cpu | FileCheck %s

// MatMul 64^3 for 512-bit vectors: register tiles of 6 rows x 4 vectors of
// 16 lanes, in a parallel loop over row blocks. A full tile starts from
// -0.0 without reading C (the reduction is not blocked: every tile holds
// its first point), carries its 24 accumulators through the k loop, loads 4 vectors of B and broadcasts 6
// elements of A per step, one vector.fma per accumulator, and stores the
// tile. The last tile has 4 rows (64 = 10 x 6 + 4): a variant of 4 x 4
// vectors. Every tile has one of the two shapes, so the second runs
// unguarded and no untiled scalar code is generated.
module attributes {mdh.vector_bits = 512 : i64} {
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: mdh.cpu_tiles = ["S0: rows d0 x 6, d1 x 4 vector<16xf32>, d0 blocks of 6"]
// CHECK: scf.parallel
// CHECK: scf.if
// CHECK-NOT: vector.load %arg2
// CHECK: scf.for {{.*}} iter_args(
// CHECK-COUNT-6: vector.broadcast
// CHECK-COUNT-4: vector.load %arg1
// CHECK-COUNT-24: vector.fma
// CHECK-NEXT: scf.yield
// CHECK-COUNT-24: vector.store
// CHECK: } else {
// CHECK-NOT: scf.if
// CHECK: scf.for {{.*}} iter_args(
// CHECK-COUNT-16: vector.fma
// CHECK-NEXT: scf.yield
// CHECK-COUNT-16: vector.store
// CHECK-NOT: arith.mulf
// CHECK: return
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 64, 64>>, !mdh.mda<array<i64: 64, 64, 64>>) -> !mdh.mda<array<i64: 64, 64, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64, 1>>, memref<64x64xf32>) -> ()
  return
}
}

// -----

// 256-bit vectors (AVX2): 16 registers hold 5 rows x 2 vectors of 8 lanes,
// the 2 vectors of B and a broadcast, and leave 2 to the compiler. Tiles of
// 3 x 3 vectors load less per FMA, but 64 columns are 2 tiles of 24 and
// one of 16, 64 rows 21 tiles of 3 and one row, whose 2- and 1-row tiles
// would wait for the FMA latency (lib/register_tile.c, tile_time).
module attributes {mdh.vector_bits = 256 : i64} {
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: mdh.cpu_tiles = ["S0: rows d0 x 5, d1 x 2 vector<8xf32>, d0 blocks of 5"]
// CHECK-COUNT-10: vector.fma {{.*}} : vector<8xf32>
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 64, 64>>, !mdh.mda<array<i64: 64, 64, 64>>) -> !mdh.mda<array<i64: 64, 64, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64, 1>>, memref<64x64xf32>) -> ()
  return
}
}

// -----

// No register tile where an input walks no dimension contiguously (every
// second column of A), nor for a body that calls a function.
module attributes {mdh.vector_bits = 512 : i64} {
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @callmul(%a: f32, %b: f32) -> f32 {
  %p = func.call @mul(%a, %b) : (f32, f32) -> f32
  return %p : f32
}
// CHECK-LABEL: func.func @strided(
// CHECK-NOT: mdh.cpu_tiles
// CHECK-NOT: vector.
// CHECK: return
func.func @strided(%A: memref<64x128xf32>, %x: memref<64xf32>, %y: memref<64xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, k) -> (i, 2 * k)>]}
      : (memref<64x128xf32>) -> !mdh.mda<array<i64: 64, 64>>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<64xf32>) -> !mdh.mda<array<i64: 64, 64>>
  %r = "mdh.md_hom"(%va, %vx) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 64>>, !mdh.mda<array<i64: 64, 64>>) -> !mdh.mda<array<i64: 64, 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 1>>, memref<64xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @calls(
// CHECK-NOT: mdh.cpu_tiles
// CHECK-NOT: vector.
// CHECK: return
func.func @calls(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @callmul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 64, 64>>, !mdh.mda<array<i64: 64, 64, 64>>) -> !mdh.mda<array<i64: 64, 64, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64, 1>>, memref<64x64xf32>) -> ()
  return
}
}

// -----

// y = A^T x (atax's second step): the tile is 4 vectors of y, the reduction
// over the rows of A innermost. With no row dimension no tile reuses the
// vectors of another, so the reduction is not blocked and the loop over the
// tiles of y is the parallel one (a block loop outside it ran sequentially).
module attributes {mdh.vector_bits = 512 : i64} {
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// CHECK-LABEL: func.func @matvec_t(
// CHECK-SAME: mdh.cpu_tiles = ["S0: d0 x 4 vector<16xf32>"]
// CHECK-NOT: scf.for
// CHECK: scf.parallel
// CHECK: scf.for {{.*}} iter_args(
// CHECK-COUNT-4: vector.fma
func.func @matvec_t(%A: memref<1900x2112xf32>, %x: memref<1900xf32>, %y: memref<2112xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(j, i) -> (i, j)>]}
      : (memref<1900x2112xf32>) -> !mdh.mda<array<i64: 2112, 1900>>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(j, i) -> (i)>]}
      : (memref<1900xf32>) -> !mdh.mda<array<i64: 2112, 1900>>
  %r = "mdh.md_hom"(%va, %vx) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 2112, 1900>>, !mdh.mda<array<i64: 2112, 1900>>) -> !mdh.mda<array<i64: 2112, 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(j, i) -> (j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2112, 1>>, memref<2112xf32>) -> ()
  return
}
}

// -----

// The table of offsets of a convolution's collapsed loop is a constant
// global of the module, renamed where the name is taken (here by a global
// after the function), and shared by the loops whose tables are equal.
module attributes {mdh.vector_bits = 256 : i64} {
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// CHECK: memref.global "private" constant @[[TABLE:__mdh_offsets_[0-9]+]] : memref<18xi32> = dense<[0, 1, 2, 26, 27, 28, 52, 53, 54, 104, 105, 106, 130, 131, 132, 156, 157, 158]>
// CHECK-LABEL: func.func @conv(
// CHECK-NOT: arith.divui
// CHECK: memref.get_global @[[TABLE]] : memref<18xi32>
// CHECK-NOT: arith.divui
// CHECK: memref.global "private" @__mdh_offsets : memref<1xi32>
func.func @conv(%X: memref<2x4x26xf32>, %W: memref<6x2x3x3xf32>, %O: memref<6x2x24xf32>) {
  %vx = "mdh.inp_view"(%X) {accesses = [affine_map<(k, p, q, c, r, s) -> (c, p + r, q + s)>]}
      : (memref<2x4x26xf32>) -> !mdh.mda<array<i64: 6, 2, 24, 2, 3, 3>>
  %vw = "mdh.inp_view"(%W) {accesses = [affine_map<(k, p, q, c, r, s) -> (k, c, r, s)>]}
      : (memref<6x2x3x3xf32>) -> !mdh.mda<array<i64: 6, 2, 24, 2, 3, 3>>
  %r = "mdh.md_hom"(%vx, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 6, 2, 24, 2, 3, 3>>, !mdh.mda<array<i64: 6, 2, 24, 2, 3, 3>>) -> !mdh.mda<array<i64: 6, 2, 24, 1, 1, 1>>
  "mdh.out_view"(%r, %O) {accesses = [affine_map<(k, p, q, c, r, s) -> (k, p, q)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 6, 2, 24, 1, 1, 1>>, memref<6x2x24xf32>) -> ()
  return
}
memref.global "private" @__mdh_offsets : memref<1xi32>
}
