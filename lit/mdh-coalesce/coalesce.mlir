// RUN: %mdh-opt %s --split-input-file --mdh-coalesce --mdh-verify | FileCheck %s
// RUN: %mlir-opt-mdh %s --split-input-file --pass-pipeline='builtin.module(mdh-coalesce,mdh-verify)' | FileCheck %s

// Batched matvec: the cc dims (i, j) walk M and w row-major, so they merge
// into one dim of 37*23 = 851; v does not mention them (a broadcast).
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @bmatvec(%M: memref<37x23x11xf32>, %v: memref<11xf32>, %w: memref<37x23xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, j, k) -> (i, j, k)>]}
      : (memref<37x23x11xf32>) -> !mdh.mda<array<i64: 37, 23, 11>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, j, k) -> (k)>]}
      : (memref<11xf32>) -> !mdh.mda<array<i64: 37, 23, 11>>
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 23, 11>>, !mdh.mda<array<i64: 37, 23, 11>>) -> !mdh.mda<array<i64: 37, 23, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 23, 1>>, memref<37x23xf32>) -> ()
  return
}
// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$K:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$I:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @bmatvec(
// CHECK-SAME: %[[M:.*]]: memref<37x23x11xf32>, %[[V:.*]]: memref<11xf32>, %[[W:.*]]: memref<37x23xf32>)
// CHECK-DAG: %[[CW:.*]] = memref.collapse_shape %[[W]] {{\[}}[0, 1]] : memref<37x23xf32> into memref<851xf32>
// CHECK-DAG: %[[CM:.*]] = memref.collapse_shape %[[M]] {{\[}}[0, 1], [2]] : memref<37x23x11xf32> into memref<851x11xf32>
// CHECK: "mdh.inp_view"(%[[CM]]) {accesses = [#[[$ID2]]]} : (memref<851x11xf32>) -> !mdh.mda<array<i64: 851, 11>>
// CHECK: "mdh.inp_view"(%[[V]]) {accesses = [#[[$K]]]} : (memref<11xf32>) -> !mdh.mda<array<i64: 851, 11>>
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.cc, #mdh.pw<"add">]{{.*}} -> !mdh.mda<array<i64: 851, 1>>
// CHECK: "mdh.out_view"({{.*}}, %[[CW]]) {accesses = [#[[$I]]]

// -----

// All-reduce (PANAMERA Fig. 3a): a 2-D dot product flattens into one pw dim.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @dot2d(%x: memref<37x23xf32>, %y: memref<37x23xf32>, %s: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %vy = "mdh.inp_view"(%y) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r = "mdh.md_hom"(%vx, %vy) {scalar_function = @mul, combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 23>>, !mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 1, 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i, j) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1>>, memref<f32>) -> ()
  return
}
// CHECK-LABEL: func.func @dot2d(
// CHECK-DAG: memref.collapse_shape %{{.*}} {{\[}}[0, 1]] : memref<37x23xf32> into memref<851xf32>
// CHECK-DAG: memref.collapse_shape %{{.*}} {{\[}}[0, 1]] : memref<37x23xf32> into memref<851xf32>
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.pw<"add">]{{.*}} -> !mdh.mda<array<i64: 1>>
// CHECK: "mdh.out_view"{{.*}}memref<f32>

// -----

// An offset on the outer dim is a multiple of the inner size: rows 1..37 of
// a 38x23 matrix are summed as x[m + 23].
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @offset_outer(%x: memref<38x23xf32>, %s: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i + 1, j)>]}
      : (memref<38x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 1, 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i, j) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1>>, memref<f32>) -> ()
  return
}
// CHECK-DAG: #[[$OFF:.*]] = affine_map<(d0) -> (d0 + 23)>
// CHECK-LABEL: func.func @offset_outer(
// CHECK: memref.collapse_shape %{{.*}} {{\[}}[0, 1]] : memref<38x23xf32> into memref<874xf32>
// CHECK: "mdh.inp_view"{{.*}}accesses = [#[[$OFF]]]{{.*}} -> !mdh.mda<array<i64: 851>>

// -----

// x-reduce (PANAMERA Fig. 3b): the interleaved pw, cc, pw dims (Fig. 2d) are
// reordered to cc outer, pw inner, where the two pw dims merge.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @xreduce(%a: memref<7x37x23xf32>, %w: memref<7xf32>) {
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(k, i, l) -> (i, k, l)>]}
      : (memref<7x37x23xf32>) -> !mdh.mda<array<i64: 37, 7, 23>>
  %r = "mdh.md_hom"(%va) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 7, 23>>) -> !mdh.mda<array<i64: 1, 7, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(k, i, l) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 7, 1>>, memref<7xf32>) -> ()
  return
}
// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$I:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @xreduce(
// CHECK: %[[CA:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : memref<7x37x23xf32> into memref<7x851xf32>
// CHECK: "mdh.inp_view"(%[[CA]]) {accesses = [#[[$ID2]]]} : (memref<7x851xf32>) -> !mdh.mda<array<i64: 7, 851>>
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.cc, #mdh.pw<"add">]{{.*}} -> !mdh.mda<array<i64: 7, 1>>
// CHECK: "mdh.out_view"{{.*}}accesses = [#[[$I]]]{{.*}}memref<7xf32>

// -----

// y-reduce (PANAMERA Fig. 3c): cc, pw, cc over a[k][i][j] is reordered to pw
// outer, cc inner (the cc dims are the innermost subscripts), then i and j
// merge in a and w.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @yreduce(%a: memref<7x37x23xf32>, %w: memref<37x23xf32>) {
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, k, j) -> (k, i, j)>]}
      : (memref<7x37x23xf32>) -> !mdh.mda<array<i64: 37, 7, 23>>
  %r = "mdh.md_hom"(%va) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"max">, #mdh.cc]}
      : (!mdh.mda<array<i64: 37, 7, 23>>) -> !mdh.mda<array<i64: 37, 1, 23>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 1, 23>>, memref<37x23xf32>) -> ()
  return
}
// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$J:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @yreduce(
// CHECK-DAG: %[[CW:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0, 1]] : memref<37x23xf32> into memref<851xf32>
// CHECK-DAG: %[[CA:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : memref<7x37x23xf32> into memref<7x851xf32>
// CHECK: "mdh.inp_view"(%[[CA]]) {accesses = [#[[$ID2]]]} : (memref<7x851xf32>) -> !mdh.mda<array<i64: 7, 851>>
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.pw<"max">, #mdh.cc]{{.*}} -> !mdh.mda<array<i64: 1, 851>>
// CHECK: "mdh.out_view"({{.*}}, %[[CW]]) {accesses = [#[[$J]]]

// -----

// Reduction propagation (PANAMERA §3.2): the elementwise producer of t takes
// the consumer's grouping (i | j k) instead of flattening everything, so both
// iterate t as 7x851 and collapse it (and a) the same way.
func.func private @square(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @chain(%a: memref<7x37x23xf32>, %s: memref<7xf32>) {
  %t = memref.alloc() : memref<7x37x23xf32>
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, j, k)>]}
      : (memref<7x37x23xf32>) -> !mdh.mda<array<i64: 7, 37, 23>>
  %r1 = "mdh.md_hom"(%va) {scalar_function = @square, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 7, 37, 23>>) -> !mdh.mda<array<i64: 7, 37, 23>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j, k) -> (i, j, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7, 37, 23>>, memref<7x37x23xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j, k) -> (i, j, k)>]}
      : (memref<7x37x23xf32>) -> !mdh.mda<array<i64: 7, 37, 23>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 7, 37, 23>>) -> !mdh.mda<array<i64: 7, 1, 1>>
  "mdh.out_view"(%r2, %s) {accesses = [affine_map<(i, j, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7, 1, 1>>, memref<7xf32>) -> ()
  memref.dealloc %t : memref<7x37x23xf32>
  return
}
// CHECK-LABEL: func.func @chain(
// CHECK-SAME: %[[A:.*]]: memref<7x37x23xf32>
// CHECK-DAG: %[[CA:.*]] = memref.collapse_shape %[[A]] {{\[}}[0], [1, 2]] : memref<7x37x23xf32> into memref<7x851xf32>
// CHECK-DAG: %[[T:.*]] = memref.alloc() : memref<7x37x23xf32>
// CHECK-DAG: %[[CT:.*]] = memref.collapse_shape %[[T]] {{\[}}[0], [1, 2]] : memref<7x37x23xf32> into memref<7x851xf32>
// CHECK: "mdh.inp_view"(%[[CA]]) {{.*}} -> !mdh.mda<array<i64: 7, 851>>
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.cc, #mdh.cc]{{.*}} -> !mdh.mda<array<i64: 7, 851>>
// CHECK: "mdh.out_view"({{.*}}, %[[CT]])
// CHECK: "mdh.inp_view"(%[[CT]]) {{.*}} -> !mdh.mda<array<i64: 7, 851>>
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.cc, #mdh.pw<"add">]{{.*}} -> !mdh.mda<array<i64: 7, 1>>
// CHECK: memref.dealloc %[[T]]

// -----

// An elementwise md_hom on its own flattens completely.
func.func private @square(%a: i32) -> i32 {
  %p = arith.muli %a, %a : i32
  return %p : i32
}
func.func @map3d(%a: memref<7x37x23xi32>, %b: memref<7x37x23xi32>) {
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, j, k)>]}
      : (memref<7x37x23xi32>) -> !mdh.mda<array<i64: 7, 37, 23>>
  %r = "mdh.md_hom"(%va) {scalar_function = @square, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 7, 37, 23>>) -> !mdh.mda<array<i64: 7, 37, 23>>
  "mdh.out_view"(%r, %b) {accesses = [affine_map<(i, j, k) -> (i, j, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7, 37, 23>>, memref<7x37x23xi32>) -> ()
  return
}
// CHECK-LABEL: func.func @map3d(
// CHECK-DAG: memref.collapse_shape %{{.*}} {{\[}}[0, 1, 2]] : memref<7x37x23xi32> into memref<5957xi32>
// CHECK-DAG: memref.collapse_shape %{{.*}} {{\[}}[0, 1, 2]] : memref<7x37x23xi32> into memref<5957xi32>
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.cc]{{.*}} -> !mdh.mda<array<i64: 5957>>

// -----

// A buffer that another, uncoalesced md_hom also reads: both go through the
// one collapsed value (so the model sees one buffer), the matvec with the
// linearized subscript i * 23 + k.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @shared(%m: memref<37x23xf32>, %s: memref<f32>, %w: memref<37xf32>) {
  %v1 = "mdh.inp_view"(%m) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 1, 1>>
  "mdh.out_view"(%r1, %s) {accesses = [affine_map<(i, k) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1>>, memref<f32>) -> ()
  %v2 = "mdh.inp_view"(%m) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 37, 1>>
  "mdh.out_view"(%r2, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 1>>, memref<37xf32>) -> ()
  return
}
// CHECK-DAG: #[[$LIN:.*]] = affine_map<(d0, d1) -> (d1 + d0 * 23)>
// CHECK-LABEL: func.func @shared(
// CHECK: %[[CM:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0, 1]] : memref<37x23xf32> into memref<851xf32>
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.inp_view"(%[[CM]]) {{.*}} -> !mdh.mda<array<i64: 851>>
// CHECK: "mdh.inp_view"(%[[CM]]) {accesses = [#[[$LIN]]]} : (memref<851xf32>) -> !mdh.mda<array<i64: 37, 23>>

// -----

// A scan keeps its ps dim; the cc dims before it still merge.
func.func private @id(%a: i32) -> i32 {
  return %a : i32
}
func.func @batched_scan(%x: memref<7x5x23xi32>, %y: memref<7x5x23xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(b, c, i) -> (b, c, i)>]}
      : (memref<7x5x23xi32>) -> !mdh.mda<array<i64: 7, 5, 23>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc, #mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 7, 5, 23>>) -> !mdh.mda<array<i64: 7, 5, 23>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(b, c, i) -> (b, c, i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7, 5, 23>>, memref<7x5x23xi32>) -> ()
  return
}
// CHECK-LABEL: func.func @batched_scan(
// CHECK-DAG: memref.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : memref<7x5x23xi32> into memref<35x23xi32>
// CHECK-DAG: memref.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : memref<7x5x23xi32> into memref<35x23xi32>
// CHECK: "mdh.md_hom"{{.*}}combine_ops = [#mdh.cc, #mdh.ps<"add">]{{.*}} -> !mdh.mda<array<i64: 35, 23>>

// -----

// Already linear subscripts need no collapse: x[i * 23 + j] is x[m].
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @linear(%x: memref<851xf32>, %s: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i * 23 + j)>]}
      : (memref<851xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 1, 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i, j) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1>>, memref<f32>) -> ()
  return
}
// CHECK-DAG: #[[$M:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @linear(
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.inp_view"(%{{.*}}) {accesses = [#[[$M]]]} : (memref<851xf32>) -> !mdh.mda<array<i64: 851>>

// -----

// An out_view sees index 0 in every pw dim, so mentioning them does not stop
// a merge; other dims may use floordiv and mod (they are renamed whole).
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @zero_and_mod(%x: memref<4x37x23xf32>, %s: memref<4x1x1xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(b, i, j) -> (b floordiv 2 + (b mod 2) * 2, i, j)>]}
      : (memref<4x37x23xf32>) -> !mdh.mda<array<i64: 4, 37, 23>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 4, 37, 23>>) -> !mdh.mda<array<i64: 4, 1, 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(b, i, j) -> (b, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 1, 1>>, memref<4x1x1xf32>) -> ()
  return
}
// CHECK-DAG: #[[$IN:.*]] = affine_map<(d0, d1) -> (d0 floordiv 2 + (d0 mod 2) * 2, d1)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1) -> (d0, 0, 0)>
// CHECK-LABEL: func.func @zero_and_mod(
// CHECK: memref.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : memref<4x37x23xf32> into memref<4x851xf32>
// CHECK-NOT: memref.collapse_shape
// CHECK: "mdh.inp_view"(%{{.*}}) {accesses = [#[[$IN]]]} : (memref<4x851xf32>) -> !mdh.mda<array<i64: 4, 851>>
// CHECK: "mdh.out_view"({{.*}}) {accesses = [#[[$OUT]]]{{.*}}memref<4x1x1xf32>
