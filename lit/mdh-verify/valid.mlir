// RUN: %mdh-opt %s --split-input-file --mdh-verify | FileCheck %s

// Edge cases that mdh-verify must accept (docs/dialect.md).

// 0-d buffers: a full reduction of a vector into a scalar, and a scalar read
// at every point.
func.func private @mul(%x: f32, %s: f32) -> f32 {
  %p = arith.mulf %x, %s : f32
  return %p : f32
}
// CHECK-LABEL: func.func @zero_d(
// CHECK: "mdh.md_hom"
// CHECK: "mdh.out_view"
func.func @zero_d(%x: memref<8xf32>, %s: memref<f32>, %y: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %vs = "mdh.inp_view"(%s) {accesses = [affine_map<(k) -> ()>]}
      : (memref<f32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx, %vs) {scalar_function = @mul, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 8>>, !mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(k) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  return
}

// -----

// D = 0: a md_hom over the single point of a 0-dimensional MDA.
func.func private @neg(%x: f32) -> f32 {
  %n = arith.negf %x : f32
  return %n : f32
}
// CHECK-LABEL: func.func @d0(
// CHECK: "mdh.md_hom"
func.func @d0(%x: memref<f32>, %y: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<() -> ()>]}
      : (memref<f32>) -> !mdh.mda<array<i64>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @neg, combine_ops = []}
      : (!mdh.mda<array<i64>>) -> !mdh.mda<array<i64>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<() -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64>>, memref<f32>) -> ()
  return
}

// -----

// D = 0 without inputs: mdh.sizes = array<i64>.
func.func private @one() -> f32 {
  %c = arith.constant 1.0 : f32
  return %c : f32
}
// CHECK-LABEL: func.func @d0_no_inputs(
// CHECK: "mdh.md_hom"
func.func @d0_no_inputs(%y: memref<f32>) {
  %r = "mdh.md_hom"() {scalar_function = @one, combine_ops = [], mdh.sizes = array<i64>}
      : () -> !mdh.mda<array<i64>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<() -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64>>, memref<f32>) -> ()
  return
}

// -----

// Strided accesses (p, r) -> (2 * p + r) cover a buffer exactly (largest
// index 7 in a buffer of size 8) and are injective.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
// CHECK-LABEL: func.func @strided(
// CHECK: "mdh.md_hom"
func.func @strided(%x: memref<8xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(p, r) -> (2 * p + r)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 4, 2>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4, 2>>) -> !mdh.mda<array<i64: 4, 2>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(p, r) -> (p + 4 * r)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 2>>, memref<8xf32>) -> ()
  return
}

// -----

// floordiv and mod within bounds; an injective out_view through them.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
// CHECK-LABEL: func.func @floordiv_mod(
// CHECK: "mdh.md_hom"
func.func @floordiv_mod(%x: memref<4x2xf32>, %y: memref<2x4xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i floordiv 2, i mod 2)>]}
      : (memref<4x2xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i mod 2, i floordiv 2)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<2x4xf32>) -> ()
  return
}

// -----

// ceildiv within bounds: (i) -> (i ceildiv 2) reaches 4 for i = 7.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
// CHECK-LABEL: func.func @ceildiv(
// CHECK: "mdh.md_hom"
func.func @ceildiv(%x: memref<5xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i ceildiv 2)>]}
      : (memref<5xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// -----

// Buffers larger than needed, and an out_view that writes two disjoint
// interleaved parts (2 * i and 2 * i + 1) of one buffer.
func.func private @two(%x: f32) -> (f32, f32) {
  return %x, %x : f32, f32
}
// CHECK-LABEL: func.func @larger_buffers(
// CHECK: "mdh.md_hom"
func.func @larger_buffers(%x: memref<100x3xf32>, %y: memref<64xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i + 10, 2)>]}
      : (memref<100x3xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @two, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (2 * i)>, affine_map<(i) -> (2 * i + 1)>], components = array<i64: 0, 1>}
      : (!mdh.mda<array<i64: 8>>, memref<64xf32>) -> ()
  return
}

// -----

// A dynamic dimension is not checked against the largest index of the
// accesses when compiling (static ones are): the lowerings check it when the
// function runs (lib/extent.c; lit mdh-to-loops/dynamic.mlir).
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
// CHECK-LABEL: func.func @dynamic(
// CHECK: "mdh.md_hom"
func.func @dynamic(%x: memref<?x4xf32>, %y: memref<?xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i + 1000, 3)>]}
      : (memref<?x4xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i + 1000)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<?xf32>) -> ()
  return
}

// -----

// Lemma 10: pw add and pw mul are accepted with mdh.assume_homomorphic.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
// CHECK-LABEL: func.func @assume_homomorphic(
// CHECK: "mdh.md_hom"
// CHECK-SAME: mdh.assume_homomorphic
func.func @assume_homomorphic(%x: memref<4x8xf32>, %y: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<4x8xf32>) -> !mdh.mda<array<i64: 4, 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.pw<"mul">], mdh.assume_homomorphic}
      : (!mdh.mda<array<i64: 4, 8>>) -> !mdh.mda<array<i64: 1, 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, k) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1>>, memref<f32>) -> ()
  return
}

// -----

// A user combine function of two components (argmax-like: value, index);
// the same function in a pw and a ps dimension satisfies Lemma 10.
func.func private @pair(%i: index, %k: index, %x: f32) -> (f32, index) {
  return %x, %k : f32, index
}
func.func private @argmax(%v1: f32, %i1: index, %v2: f32, %i2: index) -> (f32, index) {
  %gt = arith.cmpf ogt, %v2, %v1 : f32
  %v = arith.select %gt, %v2, %v1 : f32
  %i = arith.select %gt, %i2, %i1 : index
  return %v, %i : f32, index
}
// CHECK-LABEL: func.func @user_combine(
// CHECK: "mdh.md_hom"
// CHECK-SAME: #mdh.pw<@argmax>
func.func @user_combine(%x: memref<4x8xf32>, %v: memref<4xf32>, %w: memref<4xindex>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<4x8xf32>) -> !mdh.mda<array<i64: 4, 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @pair, combine_ops = [#mdh.ps<@argmax>, #mdh.pw<@argmax>], mdh.index_aware}
      : (!mdh.mda<array<i64: 4, 8>>) -> !mdh.mda<array<i64: 4, 1>>
  "mdh.out_view"(%r, %v) {accesses = [affine_map<(i, k) -> (i + k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 1>>, memref<4xf32>) -> ()
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 1>}
      : (!mdh.mda<array<i64: 4, 1>>, memref<4xindex>) -> ()
  return
}

// -----

// ps and pw with the same builtin operator, with cc in between.
func.func private @id(%x: i32) -> i32 {
  return %x : i32
}
// CHECK-LABEL: func.func @ps_pw_same(
// CHECK: "mdh.md_hom"
func.func @ps_pw_same(%x: memref<3x4x5xi32>, %y: memref<3x4xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j, k) -> (i, j, k)>]}
      : (memref<3x4x5xi32>) -> !mdh.mda<array<i64: 3, 4, 5>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<"xor">, #mdh.cc, #mdh.pw<"xor">]}
      : (!mdh.mda<array<i64: 3, 4, 5>>) -> !mdh.mda<array<i64: 3, 4, 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 4, 1>>, memref<3x4xi32>) -> ()
  return
}

// -----

// Per-component operators, and an operator name equal to a one-entry array.
func.func private @two(%a: f32, %b: i32) -> (f32, i32) {
  return %a, %b : f32, i32
}
func.func private @one(%a: f32) -> f32 {
  return %a : f32
}
// CHECK-LABEL: func.func @per_component(
// CHECK: #mdh.pw<["max", "or"]>
func.func @per_component(%a: memref<4x8xf32>, %b: memref<8xi32>, %s: memref<4xf32>, %t: memref<4xi32>, %u: memref<f32>) {
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<4x8xf32>) -> !mdh.mda<array<i64: 4, 8>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<8xi32>) -> !mdh.mda<array<i64: 4, 8>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @two, combine_ops = [#mdh.cc, #mdh.pw<["max", "or"]>]}
      : (!mdh.mda<array<i64: 4, 8>>, !mdh.mda<array<i64: 4, 8>>) -> !mdh.mda<array<i64: 4, 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 1>>, memref<4xf32>) -> ()
  "mdh.out_view"(%r, %t) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 1>}
      : (!mdh.mda<array<i64: 4, 1>>, memref<4xi32>) -> ()
  %va2 = "mdh.inp_view"(%a) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<4x8xf32>) -> !mdh.mda<array<i64: 4, 8>>
  %r2 = "mdh.md_hom"(%va2) {scalar_function = @one, combine_ops = [#mdh.pw<"min">, #mdh.pw<["min"]>]}
      : (!mdh.mda<array<i64: 4, 8>>) -> !mdh.mda<array<i64: 1, 1>>
  "mdh.out_view"(%r2, %u) {accesses = [affine_map<(i, k) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1>>, memref<f32>) -> ()
  return
}

// -----

// A md_hom without inputs takes its sizes from mdh.sizes (not index-aware).
func.func private @one() -> i64 {
  %c = arith.constant 1 : i64
  return %c : i64
}
// CHECK-LABEL: func.func @no_inputs(
// CHECK: mdh.sizes = array<i64: 6, 7>
func.func @no_inputs(%y: memref<6xi64>) {
  %r = "mdh.md_hom"() {scalar_function = @one, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.sizes = array<i64: 6, 7>}
      : () -> !mdh.mda<array<i64: 6, 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 6, 1>>, memref<6xi64>) -> ()
  return
}

// -----

// mdh.sizes on a md_hom with inputs is allowed when it equals their sizes.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
// CHECK-LABEL: func.func @sizes_agree(
// CHECK: "mdh.md_hom"
func.func @sizes_agree(%x: memref<8xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.sizes = array<i64: 8>}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// -----

// Two md_homs chained through a memref.alloc buffer: the second reads what
// the first writes (a buffer written by one md_hom and read by another is
// fine), and one inp_view may feed the first md_hom twice.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
// CHECK-LABEL: func.func @chain(
// CHECK: memref.alloc
// CHECK-COUNT-2: "mdh.md_hom"
func.func @chain(%x: memref<8xf32>, %y: memref<f32>) {
  %t = memref.alloc() : memref<8xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r1 = "mdh.md_hom"(%vx, %vx) {scalar_function = @mul, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>, !mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @id, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  memref.dealloc %t : memref<8xf32>
  return
}

// -----

// One md_hom result written to several buffers (one out_view per buffer), and
// a md_hom whose result is not written at all.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
// CHECK-LABEL: func.func @fan_out(
// CHECK-COUNT-3: "mdh.out_view"
func.func @fan_out(%x: memref<8xf32>, %y: memref<8xf32>, %z: memref<16xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (7 - i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  "mdh.out_view"(%r, %z) {accesses = [affine_map<(i) -> (i)>, affine_map<(i) -> (i + 8)>], components = array<i64: 0, 0>}
      : (!mdh.mda<array<i64: 8>>, memref<16xf32>) -> ()
  %unused = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  %m = memref.alloc() : memref<8xf32>
  "mdh.out_view"(%unused, %m) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// -----

// Index-typed and integer components with every builtin operator they allow.
func.func private @idx(%i: index, %x: index) -> index {
  return %x : index
}
// CHECK-LABEL: func.func @index_elements(
// CHECK: "mdh.md_hom"
func.func @index_elements(%x: memref<8xindex>, %y: memref<index>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xindex>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @idx, combine_ops = [#mdh.pw<"and">], mdh.index_aware}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<index>) -> ()
  return
}

// -----

// A point count close to the int64 limit: 2^32 x (2^31 - 1)
// points reading a 0-d buffer and writing a buffer of exactly that size.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
// CHECK-LABEL: func.func @big(
// CHECK: "mdh.md_hom"
func.func @big(%x: memref<f32>, %y: memref<9223372032559808512xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> ()>]}
      : (memref<f32>) -> !mdh.mda<array<i64: 4294967296, 2147483647>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4294967296, 2147483647>>) -> !mdh.mda<array<i64: 4294967296, 2147483647>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i * 2147483647 + j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4294967296, 2147483647>>, memref<9223372032559808512xf32>) -> ()
  return
}

// -----

// The largest MDA rank: 64 dimensions.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
// CHECK-LABEL: func.func @rank64(
// CHECK: "mdh.md_hom"
func.func @rank64(%x: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20, d21, d22, d23, d24, d25, d26, d27, d28, d29, d30, d31, d32, d33, d34, d35, d36, d37, d38, d39, d40, d41, d42, d43, d44, d45, d46, d47, d48, d49, d50, d51, d52, d53, d54, d55, d56, d57, d58, d59, d60, d61, d62, d63) -> ()>]}
      : (memref<f32>) -> !mdh.mda<array<i64: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>>) -> !mdh.mda<array<i64: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>>
  return
}
