// RUN: %mdh-opt %s --split-input-file --mdh-schedule --mdh-tile-fuse --mdh-print-schedule 2>&1 >/dev/null | FileCheck %s
// RUN: %mdh-opt %s --split-input-file --mdh-schedule --mdh-tile-fuse --mdh-codegen-cpu --canonicalize | FileCheck %s --check-prefix=CODE

// The running example of the basteln paper (its Fig. 1, section 4.3) at
// H = W = 6, KH = KW = 3, 2 x 2 tiles: quantize -> conv -> ReLU. The conv
// joins the ReLU's tiles point by point (its flow keeps the tile
// coordinates); the quantization joins by extension: each tile (t0, t1)
// runs the (2 + 3 - 1) x 4 = 16 instances S0[t0..t0+3, t1..t1+3] (the
// footprint (13) of the paper), so neighbouring tiles overlap. Nothing else
// reads q or c: both live in tile buffers of the footprint's size.
func.func private @quant(%a: f32) -> f32 {
  %s = arith.constant 16.0 : f32
  %m = arith.mulf %a, %s : f32
  %f = math.floor %m : f32
  %r = arith.divf %f, %s : f32
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
func.func @running(%a: memref<6x6xf32>, %w: memref<3x3xf32>, %out: memref<4x4xf32>) {
  %q = memref.alloc() : memref<6x6xf32>
  %c = memref.alloc() : memref<4x4xf32>
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(h, w) -> (h, w)>]}
      : (memref<6x6xf32>) -> !mdh.mda<array<i64: 6, 6>>
  %r0 = "mdh.md_hom"(%va) {scalar_function = @quant, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 6, 6>>) -> !mdh.mda<array<i64: 6, 6>>
  "mdh.out_view"(%r0, %q) {accesses = [affine_map<(h, w) -> (h, w)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 6, 6>>, memref<6x6xf32>) -> ()
  %vq = "mdh.inp_view"(%q) {accesses = [affine_map<(h, w, kh, kw) -> (h + kh, w + kw)>]}
      : (memref<6x6xf32>) -> !mdh.mda<array<i64: 4, 4, 3, 3>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(h, w, kh, kw) -> (kh, kw)>]}
      : (memref<3x3xf32>) -> !mdh.mda<array<i64: 4, 4, 3, 3>>
  %r1 = "mdh.md_hom"(%vq, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 4, 4, 3, 3>>, !mdh.mda<array<i64: 4, 4, 3, 3>>) -> !mdh.mda<array<i64: 4, 4, 1, 1>>
  "mdh.out_view"(%r1, %c) {accesses = [affine_map<(h, w, kh, kw) -> (h, w)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 4, 1, 1>>, memref<4x4xf32>) -> ()
  %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(h, w) -> (h, w)>]}
      : (memref<4x4xf32>) -> !mdh.mda<array<i64: 4, 4>>
  %r2 = "mdh.md_hom"(%vc) {scalar_function = @relu, combine_ops = [#mdh.cc, #mdh.cc], mdh.tile_sizes = array<i64: 2, 2>}
      : (!mdh.mda<array<i64: 4, 4>>) -> !mdh.mda<array<i64: 4, 4>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(h, w) -> (h, w)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 4>>, memref<4x4xf32>) -> ()
  memref.dealloc %q : memref<6x6xf32>
  memref.dealloc %c : memref<4x4xf32>
  return
}
// CHECK-LABEL: // mdh.schedule of @running
// CHECK: mark: "mdh.kinds S0=cc S1=ccpp S2=cc"
// CHECK-NEXT: child:
// CHECK-NEXT: sequence:
// CHECK-NEXT: - filter: "{  }"
// CHECK-NEXT: - filter: "{ S1[i0, i1, i2, i3] : {{.*}}; S2[i0, i1] : {{.*}} }"
// CHECK-NEXT: child:
// CHECK-NEXT: schedule: "[{ S1[i0, i1, i2, i3] -> [(-1 + i0 + (1 + i0) mod 2)] : {{.*}}; S2[i0, i1] -> [(-1 + i0 + (1 + i0) mod 2)] : {{.*}} }, { S1[i0, i1, i2, i3] -> [(-1 + i1 + (1 + i1) mod 2)] : {{.*}}; S2[i0, i1] -> [(-1 + i1 + (1 + i1) mod 2)] : {{.*}} }]"
// CHECK-NEXT: permutable: 1
// CHECK-NEXT: coincident: [ 1, 1 ]
// CHECK-NEXT: child:
// CHECK-NEXT: mark: "mdh.tile_buffers"
// CHECK-NEXT: child:
// CHECK-NEXT: extension: "{ [i0, i1] -> S0[o0, o1] : (i0) mod 2 = 0 and (i1) mod 2 = 0 and -1 <= i0 <= 3 and -1 <= i1 <= 3 and o0 >= i0 and 0 <= o0 <= 5 and o0 <= 3 + i0 and o1 >= i1 and 0 <= o1 <= 5 and o1 <= 3 + i1 }"
// CHECK-NEXT: child:
// CHECK-NEXT: sequence:
// CHECK-NEXT: - filter: "{ S0[i0, i1] }"
// CHECK-NEXT: child:
// CHECK-NEXT: schedule: "[{ S0[i0, i1] -> [(i0)] : {{.*}} }, { S0[i0, i1] -> [(i1)] : {{.*}} }]"
// CHECK-NEXT: - filter: "{ S1[i0, i1, i2, i3]; S2[i0, i1] }"
// The conv keeps the loop order mdh-schedule gave it (the reduction
// dimensions outside the innermost j).
// CHECK: schedule: "[{ S1[i0, i1, i2, i3] -> [(i0)] : {{.*}} }, { S1[i0, i1, i2, i3] -> [(i2)] : {{.*}} }, { S1[i0, i1, i2, i3] -> [(i3)] : {{.*}} }, { S1[i0, i1, i2, i3] -> [(i1)] : {{.*}} }]"
// CHECK: - filter: "{ S2[i0, i1] : {{.*}} }"

// The code: tiles of rows in parallel; per thread, a 4 x 4 buffer for q
// (the footprint) and a 2 x 2 one for c, instead of the whole arrays.
// CODE-LABEL: func.func @running(
// CODE-NOT: memref.alloc() : memref<6x6xf32>
// CODE: scf.parallel (%[[T0:.*]]) = (%{{.*}}) to (%{{.*}}) step (%[[C2:.*]]) {
// CODE-NEXT: %[[Q:.*]] = memref.alloc() : memref<4x4xf32>
// CODE-NEXT: %[[C:.*]] = memref.alloc() : memref<2x2xf32>
// CODE-NEXT: scf.for %[[T1:.*]] = %{{.*}} to %{{.*}} step %[[C2]] {
// CODE: memref.store %{{.*}}, %[[Q]][%{{.*}}, %{{.*}}] : memref<4x4xf32>
// CODE: memref.load %[[Q]][%{{.*}}, %{{.*}}] : memref<4x4xf32>
// CODE: memref.store %{{.*}}, %[[C]][%{{.*}}, %{{.*}}] : memref<2x2xf32>
// CODE: memref.load %[[C]][%{{.*}}, %{{.*}}] : memref<2x2xf32>
// CODE: memref.store %{{.*}}, %arg2[%{{.*}}, %{{.*}}] : memref<4x4xf32>
// CODE: memref.dealloc %[[Q]] : memref<4x4xf32>
// CODE-NEXT: memref.dealloc %[[C]] : memref<2x2xf32>
// CODE-NEXT: scf.reduce
// CODE-NOT: memref.alloc() : memref<6x6xf32>
// CODE: return

// -----

// A two-stage blur with the default tile (32 rows, whole): a tile of 32 x
// 598 outputs recomputes the 34 x 598 row sums it reads. Where rows that
// long would take tile buffers beyond 1 MiB (@wide_blur's 34 rows of 8000
// floats), the tile has 256 columns instead, outermost (they make more
// tiles than the rows).
func.func private @avg3(%a: f32, %b: f32, %c: f32) -> f32 {
  %third = arith.constant 0.333333343 : f32
  %s1 = arith.addf %a, %b : f32
  %s2 = arith.addf %s1, %c : f32
  %r = arith.mulf %s2, %third : f32
  return %r : f32
}
func.func @blur(%in: memref<70x600xf32>, %out: memref<68x598xf32>) {
  %bx = memref.alloc() : memref<70x598xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i, j + 1)>,
                                          affine_map<(i, j) -> (i, j + 2)>]}
      : (memref<70x600xf32>) -> !mdh.mda<array<i64: 70, 598>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 70, 598>>) -> !mdh.mda<array<i64: 70, 598>>
  "mdh.out_view"(%r1, %bx) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 70, 598>>, memref<70x598xf32>) -> ()
  %vbx = "mdh.inp_view"(%bx) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i + 1, j)>,
                                          affine_map<(i, j) -> (i + 2, j)>]}
      : (memref<70x598xf32>) -> !mdh.mda<array<i64: 68, 598>>
  %r2 = "mdh.md_hom"(%vbx) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 68, 598>>) -> !mdh.mda<array<i64: 68, 598>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 68, 598>>, memref<68x598xf32>) -> ()
  memref.dealloc %bx : memref<70x598xf32>
  return
}
func.func @wide_blur(%in: memref<70x8002xf32>, %out: memref<68x8000xf32>) {
  %bx = memref.alloc() : memref<70x8000xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i, j + 1)>,
                                          affine_map<(i, j) -> (i, j + 2)>]}
      : (memref<70x8002xf32>) -> !mdh.mda<array<i64: 70, 8000>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 70, 8000>>) -> !mdh.mda<array<i64: 70, 8000>>
  "mdh.out_view"(%r1, %bx) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 70, 8000>>, memref<70x8000xf32>) -> ()
  %vbx = "mdh.inp_view"(%bx) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i + 1, j)>,
                                          affine_map<(i, j) -> (i + 2, j)>]}
      : (memref<70x8000xf32>) -> !mdh.mda<array<i64: 68, 8000>>
  %r2 = "mdh.md_hom"(%vbx) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 68, 8000>>) -> !mdh.mda<array<i64: 68, 8000>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 68, 8000>>, memref<68x8000xf32>) -> ()
  memref.dealloc %bx : memref<70x8000xf32>
  return
}
// CHECK-LABEL: // mdh.schedule of @blur
// CHECK: schedule: "[{ S1[i0, i1] -> [(-31 + i0 + (-1 - i0) mod 32)] : {{.*}} }]"
// CHECK: mark: "mdh.tile_buffers"
// CHECK-NEXT: child:
// CHECK-NEXT: extension: "{ [i0] -> S0[o0, o1] : {{.*}} o0 >= i0 and {{.*}} o0 <= 33 + i0 and 0 <= o1 <= 597 }"
// CHECK-LABEL: // mdh.schedule of @wide_blur
// CHECK: schedule: "[{ S1[i0, i1] -> [(-255 + i1 + (-1 - i1) mod 256)] : {{.*}} }, { S1[i0, i1] -> [(-31 + i0 + (-1 - i0) mod 32)] : {{.*}} }]"
// CHECK: mark: "mdh.tile_buffers"
// CHECK-NEXT: child:
// CHECK-NEXT: extension: "{ [i0, i1] -> S0[o0, o1] : {{.*}} o0 >= i1 and {{.*}} o0 <= 33 + i1 and o1 >= i0 and {{.*}} o1 <= 255 + i0 }"
// CODE-LABEL: func.func @blur(
// CODE-NOT: memref.alloc() : memref<70x598xf32>
// CODE: memref.alloc() : memref<34x598xf32>
// CODE-NOT: memref.alloc() : memref<70x598xf32>
// CODE: return
// CODE-LABEL: func.func @wide_blur(
// CODE-NOT: memref.alloc() : memref<70x8000xf32>
// CODE: memref.alloc() : memref<34x256xf32>
// CODE-NOT: memref.alloc() : memref<70x8000xf32>
// CODE: return

// -----

// Where the consumer's tile would need far more of the producer than it
// computes (1 x 1 tiles of a 3 x 3 stencil: 9 row sums per output), the
// pass declines: the tree stays as mdh-schedule built it.
func.func private @avg3(%a: f32, %b: f32, %c: f32) -> f32 {
  %third = arith.constant 0.333333343 : f32
  %s1 = arith.addf %a, %b : f32
  %s2 = arith.addf %s1, %c : f32
  %r = arith.mulf %s2, %third : f32
  return %r : f32
}
func.func @small_tiles(%in: memref<70x600xf32>, %out: memref<68x598xf32>) {
  %bx = memref.alloc() : memref<70x598xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i, j + 1)>,
                                          affine_map<(i, j) -> (i, j + 2)>]}
      : (memref<70x600xf32>) -> !mdh.mda<array<i64: 70, 598>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 70, 598>>) -> !mdh.mda<array<i64: 70, 598>>
  "mdh.out_view"(%r1, %bx) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 70, 598>>, memref<70x598xf32>) -> ()
  %vbx = "mdh.inp_view"(%bx) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i + 1, j)>,
                                          affine_map<(i, j) -> (i + 2, j)>]}
      : (memref<70x598xf32>) -> !mdh.mda<array<i64: 68, 598>>
  %r2 = "mdh.md_hom"(%vbx) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc], mdh.tile_sizes = array<i64: 1, 1>}
      : (!mdh.mda<array<i64: 68, 598>>) -> !mdh.mda<array<i64: 68, 598>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 68, 598>>, memref<68x598xf32>) -> ()
  memref.dealloc %bx : memref<70x598xf32>
  return
}
// CHECK-LABEL: // mdh.schedule of @small_tiles
// CHECK-NOT: extension

// -----

// mdh.fusion = "none" keeps the tree, as does a producer whose result the
// caller sees (t is an argument) or that the consumer reads through a
// reduction (2mm: a tile of the second product would recompute all of the
// first, section 4.5 of the paper).
func.func private @avg3(%a: f32, %b: f32, %c: f32) -> f32 {
  %third = arith.constant 0.333333343 : f32
  %s1 = arith.addf %a, %b : f32
  %s2 = arith.addf %s1, %c : f32
  %r = arith.mulf %s2, %third : f32
  return %r : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @off(%in: memref<70x600xf32>, %out: memref<68x598xf32>) attributes {mdh.fusion = "none"} {
  %bx = memref.alloc() : memref<70x598xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i, j + 1)>,
                                          affine_map<(i, j) -> (i, j + 2)>]}
      : (memref<70x600xf32>) -> !mdh.mda<array<i64: 70, 598>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 70, 598>>) -> !mdh.mda<array<i64: 70, 598>>
  "mdh.out_view"(%r1, %bx) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 70, 598>>, memref<70x598xf32>) -> ()
  %vbx = "mdh.inp_view"(%bx) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i + 1, j)>,
                                          affine_map<(i, j) -> (i + 2, j)>]}
      : (memref<70x598xf32>) -> !mdh.mda<array<i64: 68, 598>>
  %r2 = "mdh.md_hom"(%vbx) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 68, 598>>) -> !mdh.mda<array<i64: 68, 598>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 68, 598>>, memref<68x598xf32>) -> ()
  memref.dealloc %bx : memref<70x598xf32>
  return
}
func.func @visible(%in: memref<70x600xf32>, %bx: memref<70x598xf32>, %out: memref<68x598xf32>) {
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i, j + 1)>,
                                          affine_map<(i, j) -> (i, j + 2)>]}
      : (memref<70x600xf32>) -> !mdh.mda<array<i64: 70, 598>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 70, 598>>) -> !mdh.mda<array<i64: 70, 598>>
  "mdh.out_view"(%r1, %bx) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 70, 598>>, memref<70x598xf32>) -> ()
  %vbx = "mdh.inp_view"(%bx) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i + 1, j)>,
                                          affine_map<(i, j) -> (i + 2, j)>]}
      : (memref<70x598xf32>) -> !mdh.mda<array<i64: 68, 598>>
  %r2 = "mdh.md_hom"(%vbx) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 68, 598>>) -> !mdh.mda<array<i64: 68, 598>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 68, 598>>, memref<68x598xf32>) -> ()
  return
}
func.func @two_mm(%a: memref<64x300xf32>, %b: memref<300x300xf32>, %c: memref<300x300xf32>, %d: memref<64x300xf32>) {
  %e = memref.alloc() : memref<64x300xf32>
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x300xf32>) -> !mdh.mda<array<i64: 64, 300, 300>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<300x300xf32>) -> !mdh.mda<array<i64: 64, 300, 300>>
  %r1 = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 300, 300>>, !mdh.mda<array<i64: 64, 300, 300>>) -> !mdh.mda<array<i64: 64, 300, 1>>
  "mdh.out_view"(%r1, %e) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 300, 1>>, memref<64x300xf32>) -> ()
  %ve = "mdh.inp_view"(%e) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x300xf32>) -> !mdh.mda<array<i64: 64, 300, 300>>
  %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<300x300xf32>) -> !mdh.mda<array<i64: 64, 300, 300>>
  %r2 = "mdh.md_hom"(%ve, %vc) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 300, 300>>, !mdh.mda<array<i64: 64, 300, 300>>) -> !mdh.mda<array<i64: 64, 300, 1>>
  "mdh.out_view"(%r2, %d) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 300, 1>>, memref<64x300xf32>) -> ()
  memref.dealloc %e : memref<64x300xf32>
  return
}
// CHECK-LABEL: // mdh.schedule of @off
// CHECK-NOT: extension
// CHECK-LABEL: // mdh.schedule of @visible
// CHECK-NOT: extension
// CHECK-LABEL: // mdh.schedule of @two_mm
// CHECK-NOT: extension
