// RUN: %mdh-opt %s --split-input-file --mdh-to-loops | FileCheck %s

// A reduction: the first pw point stores, later points combine; the result
// is scattered through the out_view after the compute nest.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @matvec(%M: memref<5x3xf32>, %v: memref<3xf32>, %w: memref<5xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 5, 3>>, !mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @matvec(
// CHECK-NOT: mdh.
// CHECK: %[[T:.*]] = memref.alloc() : memref<5x1xf32>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[A:.*]] = memref.load %{{.*}}[%[[I]], %[[K]]] : memref<5x3xf32>
// CHECK: %[[B:.*]] = memref.load %{{.*}}[%[[K]]] : memref<3xf32>
// CHECK: %[[F:.*]] = func.call @mul(%[[A]], %[[B]])
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[K]]
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: memref.store %[[F]], %[[T]][%[[I]], %{{.*}}]
// CHECK: } else {
// CHECK: %[[OLD:.*]] = memref.load %[[T]]
// CHECK: %[[NEW:.*]] = arith.addf %[[OLD]], %[[F]] : f32
// CHECK: memref.store %[[NEW]], %[[T]]
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[R:.*]] = memref.load %[[T]]
// CHECK: memref.store %[[R]], %{{.*}}[%{{.*}}] : memref<5xf32>
// CHECK: memref.dealloc %[[T]]
// CHECK-NOT: mdh.
// CHECK: return

// -----

// A scan: after the compute nest, a nest from index 1 combines each point
// with its predecessor.
func.func private @id(%a: i32) -> i32 {
  return %a : i32
}
func.func @scan(%x: memref<7xi32>, %y: memref<7xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xi32>) -> !mdh.mda<array<i64: 7>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<"max">]}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xi32>) -> ()
  return
}
// CHECK-LABEL: func.func @scan(
// CHECK: %[[T:.*]] = memref.alloc() : memref<7xi32>
// CHECK: func.call @id
// CHECK: memref.store %{{.*}}, %[[T]]
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: scf.for %[[I:.*]] = %[[C1]] to
// CHECK: %[[P:.*]] = arith.subi %[[I]], %{{.*}} : index
// CHECK: %[[PREV:.*]] = memref.load %[[T]][%[[P]]]
// CHECK: %[[CUR:.*]] = memref.load %[[T]][%[[I]]]
// CHECK: %[[M:.*]] = arith.maxsi %[[PREV]], %[[CUR]] : i32
// CHECK: memref.store %[[M]], %[[T]][%[[I]]]

// -----

// A user combine function is called with the stored and the new components;
// per-component operators pick one arith op per component.
func.func private @pair(%a: f32, %b: i32) -> (f32, i32) {
  return %a, %b : f32, i32
}
func.func private @better(%w0: f32, %i0: i32, %w1: f32, %i1: i32) -> (f32, i32) {
  %gt = arith.cmpf ogt, %w1, %w0 : f32
  %w = arith.select %gt, %w1, %w0 : f32
  %i = arith.select %gt, %i1, %i0 : i32
  return %w, %i : f32, i32
}
func.func @user(%a: memref<4xf32>, %b: memref<4xi32>, %w: memref<f32>, %i: memref<i32>) {
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<4xi32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @pair, combine_ops = [#mdh.pw<@better>]}
      : (!mdh.mda<array<i64: 4>>, !mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(k) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  "mdh.out_view"(%r, %i) {accesses = [affine_map<(k) -> ()>], components = array<i64: 1>}
      : (!mdh.mda<array<i64: 1>>, memref<i32>) -> ()
  return
}
// CHECK-LABEL: func.func @user(
// CHECK: %[[TW:.*]] = memref.alloc() : memref<1xf32>
// CHECK: %[[TI:.*]] = memref.alloc() : memref<1xi32>
// CHECK: %[[V:.*]]:2 = func.call @pair
// CHECK: } else {
// CHECK: %[[OW:.*]] = memref.load %[[TW]]
// CHECK: %[[OI:.*]] = memref.load %[[TI]]
// CHECK: func.call @better(%[[OW]], %[[OI]], %[[V]]#0, %[[V]]#1)
// CHECK: memref.store %{{.*}}, %{{.*}}[] : memref<f32>
// CHECK: memref.store %{{.*}}, %{{.*}}[] : memref<i32>
// CHECK-DAG: memref.dealloc %[[TW]]
// CHECK-DAG: memref.dealloc %[[TI]]

// -----

// Index-aware md_hom without inputs: the indices are the only arguments;
// strided and modulo accesses are expanded into index arithmetic.
func.func private @at(%i: index, %j: index) -> index {
  %s = arith.addi %i, %j : index
  return %s : index
}
func.func @noinput(%o: memref<6x3xindex>) {
  %r = "mdh.md_hom"() {scalar_function = @at, combine_ops = [#mdh.cc, #mdh.cc], mdh.sizes = array<i64: 3, 6>, mdh.index_aware}
      : () -> !mdh.mda<array<i64: 3, 6>>
  "mdh.out_view"(%r, %o) {accesses = [affine_map<(i, j) -> (j, (i + 1) mod 3)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 6>>, memref<6x3xindex>) -> ()
  return
}
// CHECK-LABEL: func.func @noinput(
// CHECK: scf.for %[[I:.*]] =
// CHECK: scf.for %[[J:.*]] =
// CHECK: func.call @at(%[[I]], %[[J]])
// CHECK: arith.remsi
// CHECK: arith.select
