// RUN: %mdh-opt %s --split-input-file --mdh-coalesce --mdh-verify | FileCheck %s
// RUN: %mdh-opt %s --split-input-file > %t.before.mlir
// RUN: %mdh-opt %s --split-input-file --mdh-coalesce > %t.after.mlir
// RUN: diff %t.before.mlir %t.after.mlir

// Every case below would merge but for one reason, and is left unchanged
// (the diff above checks the whole IR): a refusal is not an error, since
// coalescing is an optimization.

// A stride of 2 on the inner dim: x[i][2j] in a 37x45 buffer is 45i + 2j,
// not a multiple of the linearization 23i + j.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @stride(%x: memref<37x45xf32>, %s: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j * 2)>]}
      : (memref<37x45xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 1, 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i, j) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1>>, memref<f32>) -> ()
  return
}
// CHECK-LABEL: func.func @stride(
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]{{.*}} -> !mdh.mda<array<i64: 1, 1>>

// -----

// An offset on the inner dim: x[i][j + 1] needs a row of 24, so rows are
// not contiguous in the index space.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @inner_offset(%x: memref<37x24xf32>, %s: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j + 1)>]}
      : (memref<37x24xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 1, 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i, j) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1>>, memref<f32>) -> ()
  return
}
// CHECK-LABEL: func.func @inner_offset(
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]{{.*}} -> !mdh.mda<array<i64: 1, 1>>

// -----

// A transposed access: the copy reads x[j][i] and writes y[i][j], so no
// order of (i, j) walks both buffers contiguously.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @transpose(%x: memref<23x37xf32>, %y: memref<37x23xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (j, i)>]}
      : (memref<23x37xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 37, 23>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 23>>, memref<37x23xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @transpose(
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.cc, #mdh.cc]{{.*}} -> !mdh.mda<array<i64: 37, 23>>

// -----

// An extent mismatch: the md_hom reads 23 of the 25 columns.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @extent(%x: memref<37x25xf32>, %s: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<37x25xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 1, 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i, j) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1>>, memref<f32>) -> ()
  return
}
// CHECK-LABEL: func.func @extent(
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]{{.*}} -> !mdh.mda<array<i64: 1, 1>>

// -----

// Different operators (under mdh.assume_homomorphic): a sum of maxima is not
// one reduction over the flattened dims.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @operators(%x: memref<37x23xf32>, %s: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.pw<"max">], mdh.assume_homomorphic}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 1, 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i, j) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1>>, memref<f32>) -> ()
  return
}
// CHECK-LABEL: func.func @operators(
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.pw<"add">, #mdh.pw<"max">]{{.*}} -> !mdh.mda<array<i64: 1, 1>>

// -----

// Two ps dims: a 2-D inclusive scan (sums over i' <= i, j' <= j) is not the
// 1-D scan of the flattened array.
func.func private @id(%a: i32) -> i32 {
  return %a : i32
}
func.func @scan2d(%x: memref<37x23xi32>, %y: memref<37x23xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<37x23xi32>) -> !mdh.mda<array<i64: 37, 23>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<"add">, #mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 37, 23>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 23>>, memref<37x23xi32>) -> ()
  return
}
// CHECK-LABEL: func.func @scan2d(
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.ps<"add">, #mdh.ps<"add">]{{.*}} -> !mdh.mda<array<i64: 37, 23>>

// -----

// A non-identity layout: rows padded to 24 elements are not contiguous, so
// memref.collapse_shape cannot join them.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @layout(%x: memref<37x23xf32, strided<[24, 1]>>, %s: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<37x23xf32, strided<[24, 1]>>) -> !mdh.mda<array<i64: 37, 23>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 1, 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i, j) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1>>, memref<f32>) -> ()
  return
}
// CHECK-LABEL: func.func @layout(
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]{{.*}} -> !mdh.mda<array<i64: 1, 1>>

// -----

// A buffer used uncollapsed elsewhere (here by memref.copy): that use would
// alias the collapsed view behind the polyhedral model's back.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @used_elsewhere(%x: memref<37x23xf32>, %c: memref<37x23xf32>, %s: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 1, 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i, j) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1>>, memref<f32>) -> ()
  memref.copy %x, %c : memref<37x23xf32> to memref<37x23xf32>
  return
}
// CHECK-LABEL: func.func @used_elsewhere(
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]{{.*}} -> !mdh.mda<array<i64: 1, 1>>

// -----

// A dim mentioned by an access but not its neighbour (v[j] of a (i, j)
// map): merging would need v[m mod 23].
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @partial(%x: memref<37x23xf32>, %v: memref<23xf32>, %y: memref<37x23xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, j) -> (j)>]}
      : (memref<23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r = "mdh.md_hom"(%vx, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 37, 23>>, !mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 37, 23>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 23>>, memref<37x23xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @partial(
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.cc, #mdh.cc]{{.*}} -> !mdh.mda<array<i64: 37, 23>>

// -----

// An index-aware scalar function receives the indices of every dim.
func.func private @at(%i: index, %j: index, %a: f32) -> f32 {
  return %a : f32
}
func.func @index_aware(%x: memref<37x23xf32>, %y: memref<37x23xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @at, combine_ops = [#mdh.cc, #mdh.cc], mdh.index_aware}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 37, 23>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 23>>, memref<37x23xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @index_aware(
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.cc, #mdh.cc]{{.*}} -> !mdh.mda<array<i64: 37, 23>>

// -----

// A stencil: the two accesses x[i][j] and x[i][j + 1] need rows of 24.
func.func private @add(%a: f32, %b: f32) -> f32 {
  %p = arith.addf %a, %b : f32
  return %p : f32
}
func.func @stencil(%x: memref<37x24xf32>, %y: memref<37x23xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 1)>]}
      : (memref<37x24xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 37, 23>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 23>>, memref<37x23xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @stencil(
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.cc, #mdh.cc]{{.*}} -> !mdh.mda<array<i64: 37, 23>>

// -----

// A chain whose stages would walk the intermediate differently (a two-stage
// blur): the row pass cannot merge (its input rows have a halo), the column
// pass alone could flatten t (offsets on the outer dim only). Flattening it
// would make a row of the producer a range of the consumer's one dim, which
// the scheduler can only fuse with a skewed band: t stays 2-D and so does
// the chain.
func.func private @avg(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func @blur_chain(%x: memref<38x24xf32>, %y: memref<37x23xf32>) {
  %t = memref.alloc() : memref<38x23xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 1)>]}
      : (memref<38x24xf32>) -> !mdh.mda<array<i64: 38, 23>>
  %r1 = "mdh.md_hom"(%vx) {scalar_function = @avg, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 38, 23>>) -> !mdh.mda<array<i64: 38, 23>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 38, 23>>, memref<38x23xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i + 1, j)>]}
      : (memref<38x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @avg, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 37, 23>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 23>>, memref<37x23xf32>) -> ()
  memref.dealloc %t : memref<38x23xf32>
  return
}
// CHECK-LABEL: func.func @blur_chain(
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.md_hom"{{.*}} -> !mdh.mda<array<i64: 38, 23>>
// CHECK: "mdh.md_hom"{{.*}} -> !mdh.mda<array<i64: 37, 23>>

// -----

// The same through a reduction: a convolution (which cannot merge its output
// dims, its input rows being wider) feeds an elementwise ReLU that alone
// would flatten c and its output.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @relu(%a: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = arith.maximumf %a, %z : f32
  return %r : f32
}
func.func @conv_relu(%x: memref<9x8xf32>, %w: memref<3x3xf32>, %y: memref<7x6xf32>) {
  %c = memref.alloc() : memref<7x6xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j, r, s) -> (i + r, j + s)>]}
      : (memref<9x8xf32>) -> !mdh.mda<array<i64: 7, 6, 3, 3>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(i, j, r, s) -> (r, s)>]}
      : (memref<3x3xf32>) -> !mdh.mda<array<i64: 7, 6, 3, 3>>
  %r1 = "mdh.md_hom"(%vx, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 7, 6, 3, 3>>, !mdh.mda<array<i64: 7, 6, 3, 3>>) -> !mdh.mda<array<i64: 7, 6, 1, 1>>
  "mdh.out_view"(%r1, %c) {accesses = [affine_map<(i, j, r, s) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7, 6, 1, 1>>, memref<7x6xf32>) -> ()
  %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<7x6xf32>) -> !mdh.mda<array<i64: 7, 6>>
  %r2 = "mdh.md_hom"(%vc) {scalar_function = @relu, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 7, 6>>) -> !mdh.mda<array<i64: 7, 6>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7, 6>>, memref<7x6xf32>) -> ()
  memref.dealloc %c : memref<7x6xf32>
  return
}
// CHECK-LABEL: func.func @conv_relu(
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.md_hom"{{.*}} -> !mdh.mda<array<i64: 7, 6, 1, 1>>
// CHECK: "mdh.md_hom"{{.*}} -> !mdh.mda<array<i64: 7, 6>>

// -----

// A user's influence tree names the md_hom's dimensions as they are (S0's
// column 2 is k): the function is left alone.
func.func private @mul(%a: i32, %b: i32) -> i32 {
  %p = arith.muli %a, %b : i32
  return %p : i32
}
func.func @bmatvec(%M: memref<5x3x4xi32>, %v: memref<4xi32>, %w: memref<5x3xi32>) attributes {mdh.influence = "[S0[0][2] = 1]"} {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, j, k) -> (i, j, k)>]}
      : (memref<5x3x4xi32>) -> !mdh.mda<array<i64: 5, 3, 4>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, j, k) -> (k)>]}
      : (memref<4xi32>) -> !mdh.mda<array<i64: 5, 3, 4>>
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 5, 3, 4>>, !mdh.mda<array<i64: 5, 3, 4>>) -> !mdh.mda<array<i64: 5, 3, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 3, 1>>, memref<5x3xi32>) -> ()
  return
}

// -----

// So do a user's tile sizes for mdh-tile-fuse (mdh.tile_sizes: one per
// dimension as written).
func.func private @mul(%a: i32, %b: i32) -> i32 {
  %p = arith.muli %a, %b : i32
  return %p : i32
}
func.func @bmatvec_tiles(%M: memref<5x3x4xi32>, %v: memref<4xi32>, %w: memref<5x3xi32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, j, k) -> (i, j, k)>]}
      : (memref<5x3x4xi32>) -> !mdh.mda<array<i64: 5, 3, 4>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, j, k) -> (k)>]}
      : (memref<4xi32>) -> !mdh.mda<array<i64: 5, 3, 4>>
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">], mdh.tile_sizes = array<i64: 2, 0, 0>}
      : (!mdh.mda<array<i64: 5, 3, 4>>, !mdh.mda<array<i64: 5, 3, 4>>) -> !mdh.mda<array<i64: 5, 3, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 3, 1>>, memref<5x3xi32>) -> ()
  return
}
