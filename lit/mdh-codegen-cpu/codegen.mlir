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
func.func @chain(%x: memref<40x5xf32>, %s: memref<5xf32>) {
  %t = memref.alloc() : memref<40x5xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<40x5xf32>) -> !mdh.mda<array<i64: 40, 5>>
  %r1 = "mdh.md_hom"(%vx) {scalar_function = @square, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 5>>) -> !mdh.mda<array<i64: 40, 5>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 5>>, memref<40x5xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(j, i) -> (i, j)>]}
      : (memref<40x5xf32>) -> !mdh.mda<array<i64: 5, 40>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"max">]}
      : (!mdh.mda<array<i64: 5, 40>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r2, %s) {accesses = [affine_map<(j, i) -> (j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  memref.dealloc %t : memref<40x5xf32>
  return
}
// CHECK-LABEL: func.func @chain(
// CHECK: %[[T:.*]] = memref.alloc() : memref<40x5xf32>
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
// parallel with 40 iterations (at least 32), so fusion stays (one loop
// nest, one parallel region) and the consumer reads what the producer just
// wrote.
func.func private @square(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}
func.func @fused(%x: memref<40x5xf32>, %y: memref<40x5xf32>) {
  %t = memref.alloc() : memref<40x5xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<40x5xf32>) -> !mdh.mda<array<i64: 40, 5>>
  %r1 = "mdh.md_hom"(%vx) {scalar_function = @square, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 5>>) -> !mdh.mda<array<i64: 40, 5>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 5>>, memref<40x5xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<40x5xf32>) -> !mdh.mda<array<i64: 40, 5>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @square, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 5>>) -> !mdh.mda<array<i64: 40, 5>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 5>>, memref<40x5xf32>) -> ()
  memref.dealloc %t : memref<40x5xf32>
  return
}
// CHECK-LABEL: func.func @fused(
// CHECK: %[[T:.*]] = memref.alloc() : memref<40x5xf32>
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
// (at least 32 iterations) becomes scf.parallel (one OpenMP region, no
// nested ones).
func.func @copy3d(%x: memref<40x33x6xf32>, %y: memref<40x33x6xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j, k) -> (i, j, k)>]}
      : (memref<40x33x6xf32>) -> !mdh.mda<array<i64: 40, 33, 6>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @square, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 33, 6>>) -> !mdh.mda<array<i64: 40, 33, 6>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j, k) -> (i, j, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 33, 6>>, memref<40x33x6xf32>) -> ()
  return
}
func.func private @square(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}
// CHECK-LABEL: func.func @copy3d(
// CHECK: scf.parallel
// CHECK-NOT: scf.parallel
// CHECK: scf.for
// CHECK-NOT: scf.parallel
// CHECK: scf.for %[[K:.*]] =
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %[[K]]]
// CHECK: return

// -----

// A short parallel outer loop (3 channels) is linearized with the parallel
// row loop inside it: one parallel loop of 3 * 40 iterations, the channel
// and the row recovered by division and remainder; the column loop stays
// innermost and sequential.
func.func private @half(%a: f32) -> f32 {
  %h = arith.constant 0.5 : f32
  %p = arith.mulf %a, %h : f32
  return %p : f32
}
func.func @channels(%x: memref<3x40x7xf32>, %y: memref<3x40x7xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(c, i, j) -> (c, i, j)>]}
      : (memref<3x40x7xf32>) -> !mdh.mda<array<i64: 3, 40, 7>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @half, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 3, 40, 7>>) -> !mdh.mda<array<i64: 3, 40, 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(c, i, j) -> (c, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 40, 7>>, memref<3x40x7xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @channels(
// CHECK-DAG: %[[C119:.*]] = arith.constant 119 : index
// CHECK: %[[N:.*]] = arith.addi %[[C119]], %{{.*}} : index
// CHECK: scf.parallel (%[[T:.*]]) = (%{{.*}}) to (%[[N]])
// CHECK-NOT: scf.parallel
// CHECK: scf.for %[[J:.*]] =
// CHECK-DAG: %[[C:.*]] = arith.{{(floordivsi|divsi)}} %[[T]], %{{.*}} : index
// CHECK-DAG: %[[I:.*]] = arith.remsi %[[T]], %{{.*}} : index
// CHECK: memref.load %{{.*}}[%[[C]], %[[I]], %[[J]]] : memref<3x40x7xf32>
// CHECK: return

// -----

// Three channels fused across two stages whose rows are shifted (a column
// blur of a row blur): the fused outer loop is parallel but short, so the
// md_homs are distributed and each gets its channel and row loops
// linearized into one parallel loop.
func.func private @avg(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func @planes(%x: memref<3x41x8xf32>, %y: memref<3x40x7xf32>) {
  %t = memref.alloc() : memref<3x41x7xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(c, i, j) -> (c, i, j)>, affine_map<(c, i, j) -> (c, i, j + 1)>]}
      : (memref<3x41x8xf32>) -> !mdh.mda<array<i64: 3, 41, 7>>
  %r1 = "mdh.md_hom"(%vx) {scalar_function = @avg, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 3, 41, 7>>) -> !mdh.mda<array<i64: 3, 41, 7>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(c, i, j) -> (c, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 41, 7>>, memref<3x41x7xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(c, i, j) -> (c, i, j)>, affine_map<(c, i, j) -> (c, i + 1, j)>]}
      : (memref<3x41x7xf32>) -> !mdh.mda<array<i64: 3, 40, 7>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @avg, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 3, 40, 7>>) -> !mdh.mda<array<i64: 3, 40, 7>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(c, i, j) -> (c, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 40, 7>>, memref<3x40x7xf32>) -> ()
  memref.dealloc %t : memref<3x41x7xf32>
  return
}
// CHECK-LABEL: func.func @planes(
// CHECK: memref.alloc() : memref<3x41x7xf32>
// CHECK: scf.parallel
// CHECK-NOT: scf.parallel
// CHECK: arith.remsi %{{.*}}, %{{.*}} : index
// CHECK: scf.reduce
// CHECK: scf.parallel
// CHECK-NOT: scf.parallel
// CHECK: arith.remsi %{{.*}}, %{{.*}} : index
// CHECK: scf.reduce
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

// -----

// Two independent stencil pairs fused by the schedule (a then b, each read
// shifted): distributed, in the order that keeps fewer intermediates
// allocated (the consumer of a before the producer of b), and each
// intermediate lives only around the loop nests that use it: allocated
// right before its producer, freed right after its last consumer.
func.func private @avg(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func private @twice(%a: f32) -> f32 {
  %s = arith.addf %a, %a : f32
  return %s : f32
}
func.func @realize(%x: memref<41x7xf32>, %z: memref<41x7xf32>, %y1: memref<40x7xf32>, %y2: memref<40x7xf32>) {
  %a = memref.alloc() : memref<41x7xf32>
  %b = memref.alloc() : memref<41x7xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<41x7xf32>) -> !mdh.mda<array<i64: 41, 7>>
  %r0 = "mdh.md_hom"(%vx) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 41, 7>>) -> !mdh.mda<array<i64: 41, 7>>
  "mdh.out_view"(%r0, %a) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 41, 7>>, memref<41x7xf32>) -> ()
  %vz = "mdh.inp_view"(%z) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<41x7xf32>) -> !mdh.mda<array<i64: 41, 7>>
  %r1 = "mdh.md_hom"(%vz) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 41, 7>>) -> !mdh.mda<array<i64: 41, 7>>
  "mdh.out_view"(%r1, %b) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 41, 7>>, memref<41x7xf32>) -> ()
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i + 1, j)>]}
      : (memref<41x7xf32>) -> !mdh.mda<array<i64: 40, 7>>
  %r2 = "mdh.md_hom"(%va) {scalar_function = @avg, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 7>>) -> !mdh.mda<array<i64: 40, 7>>
  "mdh.out_view"(%r2, %y1) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 7>>, memref<40x7xf32>) -> ()
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i + 1, j)>]}
      : (memref<41x7xf32>) -> !mdh.mda<array<i64: 40, 7>>
  %r3 = "mdh.md_hom"(%vb) {scalar_function = @avg, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 7>>) -> !mdh.mda<array<i64: 40, 7>>
  "mdh.out_view"(%r3, %y2) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 7>>, memref<40x7xf32>) -> ()
  memref.dealloc %a : memref<41x7xf32>
  memref.dealloc %b : memref<41x7xf32>
  return
}
// CHECK-LABEL: func.func @realize(
// CHECK-SAME: %[[Y1:[^:]*]]: memref<40x7xf32>, %[[Y2:[^:]*]]: memref<40x7xf32>)
// CHECK-NOT: memref.alloc
// CHECK: %[[A:.*]] = memref.alloc() : memref<41x7xf32>
// CHECK-NOT: memref.alloc
// CHECK: scf.parallel
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK-NOT: memref.alloc
// CHECK: scf.parallel
// CHECK: memref.load %[[A]]
// CHECK: memref.store %{{.*}}, %[[Y1]]
// CHECK: memref.dealloc %[[A]]
// CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<41x7xf32>
// CHECK: scf.parallel
// CHECK: memref.store %{{.*}}, %[[B]]
// CHECK: scf.parallel
// CHECK: memref.load %[[B]]
// CHECK: memref.store %{{.*}}, %[[Y2]]
// CHECK: memref.dealloc %[[B]]
// CHECK-NEXT: return
