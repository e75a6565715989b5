// RUN: %mdh-opt %s --split-input-file --mdh-schedule --mdh-codegen-cpu | FileCheck %s

// A reduction: the parallel (coincident) row loop becomes scf.parallel, the
// reduction loop stays scf.for; the first point stores, the others combine,
// straight into the output buffer. The scalar function is inlined.
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
// CHECK-NOT: mdh.schedule
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK: scf.for %[[K:.*]] =
// CHECK-NOT: func.call
// CHECK: %[[F:.*]] = arith.mulf
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[K]]
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: memref.store %[[F]], %{{.*}}[%[[I]]] : memref<5xf32>
// CHECK: } else {
// CHECK: %[[OLD:.*]] = memref.load %{{.*}}[%[[I]]] : memref<5xf32>
// CHECK: arith.addf %[[OLD]], %[[F]]
// CHECK: scf.reduce
// CHECK-NOT: mdh.
// CHECK: return

// -----

// Two md_homs that the schedule fuses along i, the consumer's reduction
// dimension: the fused loop would carry a dependence and hold no parallel
// loop, so each md_hom gets its own loop nest (its rows of the fused band),
// the producer's with its outer loop parallel. The consumer's inner loop
// stays scf.for: a parallel loop inside a sequential one would fork and join
// threads at every iteration.
func.func private @square(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @chain(%x: memref<6x5xf32>, %s: memref<5xf32>) {
  %t = memref.alloc() : memref<6x5xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<6x5xf32>) -> !mdh.mda<array<i64: 6, 5>>
  %r1 = "mdh.md_hom"(%vx) {scalar_function = @square, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 6, 5>>) -> !mdh.mda<array<i64: 6, 5>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 6, 5>>, memref<6x5xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(j, i) -> (i, j)>]}
      : (memref<6x5xf32>) -> !mdh.mda<array<i64: 5, 6>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"max">]}
      : (!mdh.mda<array<i64: 5, 6>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r2, %s) {accesses = [affine_map<(j, i) -> (j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  memref.dealloc %t : memref<6x5xf32>
  return
}
// CHECK-LABEL: func.func @chain(
// CHECK: %[[T:.*]] = memref.alloc() : memref<6x5xf32>
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK-NOT: scf.parallel
// CHECK: scf.for %[[J:.*]] =
// CHECK: arith.mulf
// CHECK: memref.store %{{.*}}, %[[T]][%[[I]], %[[J]]]
// CHECK: scf.reduce
// CHECK-NOT: scf.parallel
// CHECK: scf.for %[[I2:.*]] =
// CHECK: scf.for %[[J2:.*]] =
// CHECK: memref.load %[[T]][%[[I2]], %[[J2]]]
// CHECK-NOT: func.call
// CHECK: arith.maximumf
// CHECK: memref.dealloc %[[T]]

// -----

// Two elementwise md_homs fused point by point: the fused outer loop is
// parallel, so fusion stays (one loop nest, one parallel region) and the
// consumer reads what the producer just wrote.
func.func private @square(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}
func.func @fused(%x: memref<6x5xf32>, %y: memref<6x5xf32>) {
  %t = memref.alloc() : memref<6x5xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<6x5xf32>) -> !mdh.mda<array<i64: 6, 5>>
  %r1 = "mdh.md_hom"(%vx) {scalar_function = @square, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 6, 5>>) -> !mdh.mda<array<i64: 6, 5>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 6, 5>>, memref<6x5xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<6x5xf32>) -> !mdh.mda<array<i64: 6, 5>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @square, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 6, 5>>) -> !mdh.mda<array<i64: 6, 5>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 6, 5>>, memref<6x5xf32>) -> ()
  memref.dealloc %t : memref<6x5xf32>
  return
}
// CHECK-LABEL: func.func @fused(
// CHECK: %[[T:.*]] = memref.alloc() : memref<6x5xf32>
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK-NOT: scf.parallel
// CHECK: scf.for %[[J:.*]] =
// CHECK: memref.store %{{.*}}, %[[T]][%[[I]], %[[J]]]
// CHECK-NOT: scf.parallel
// CHECK: memref.load %[[T]][%[[I]], %[[J]]]
// CHECK: memref.store
// CHECK: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[T]]

// -----

// A 3-D elementwise md_hom: every loop is parallel, only the outermost
// becomes scf.parallel (one OpenMP region, no nested ones).
func.func @copy3d(%x: memref<4x5x6xf32>, %y: memref<4x5x6xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j, k) -> (i, j, k)>]}
      : (memref<4x5x6xf32>) -> !mdh.mda<array<i64: 4, 5, 6>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @square, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4, 5, 6>>) -> !mdh.mda<array<i64: 4, 5, 6>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j, k) -> (i, j, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 5, 6>>, memref<4x5x6xf32>) -> ()
  return
}
func.func private @square(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}
// CHECK-LABEL: func.func @copy3d(
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK-NOT: scf.parallel
// CHECK: scf.for %[[J:.*]] =
// CHECK-NOT: scf.parallel
// CHECK: scf.for %[[K:.*]] =
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]], %[[K]]]
// CHECK: return

// -----

// A component that no out_view stores lives in a temporary, since the user
// combine function needs it. Scalar and combine functions are inlined.
func.func private @pair(%a: f32) -> (f32, i32) {
  %c = arith.constant 1 : i32
  return %a, %c : f32, i32
}
func.func private @better(%w0: f32, %i0: i32, %w1: f32, %i1: i32) -> (f32, i32) {
  %gt = arith.cmpf ogt, %w1, %w0 : f32
  %w = arith.select %gt, %w1, %w0 : f32
  %i = arith.select %gt, %i1, %i0 : i32
  return %w, %i : f32, i32
}
func.func @user(%a: memref<4xf32>, %w: memref<f32>) {
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%va) {scalar_function = @pair, combine_ops = [#mdh.pw<@better>]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(k) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  return
}
// CHECK-LABEL: func.func @user(
// CHECK: %[[TMP:.*]] = memref.alloc() : memref<1xi32>
// CHECK: scf.for
// CHECK-NOT: func.call
// CHECK: arith.cmpf ogt
// CHECK: arith.select
// CHECK: memref.dealloc %[[TMP]]
