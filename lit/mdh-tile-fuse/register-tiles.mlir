// RUN: %mdh-opt %s --mdh-schedule --mdh-tile-fuse --mdh-print-schedule 2>&1 >/dev/null | FileCheck %s
// RUN: %mdh-opt %s --mdh-schedule --mdh-tile-fuse --mdh-codegen-cpu --canonicalize | FileCheck %s --check-prefix=CODE
// RUN: %mdh-opt %s --mdh-schedule --mdh-tile-fuse --mdh-codegen-cpu --canonicalize --cse | FileCheck %s --check-prefix=PREFETCH
// RUN: sed 's/^module attributes {/module attributes {mdh.fusion = "none", /' %s | %mdh-opt --mdh-schedule --mdh-tile-fuse --mdh-codegen-cpu | FileCheck %s --check-prefix=UNFUSED
// RUN: for a in "1" "2" "2 --fusion=none"; do set -- $a; env OMP_NUM_THREADS=$1 mdh-run %s --entry=convchain --pipeline=cpu $2 --seed=3 --compare=reference || exit 1; done | FileCheck %s --check-prefix=OK

// A contraction in a fused group keeps its register tile: bench/cpu's
// quantize -> 5 x 5 conv -> ReLU at 100 x 300, sized for 512-bit vectors.
// The conv's register tiles (12 rows, d0, the window rows sliding along
// them) fit the group's tiles whole: 36 rows where the default is 32, of
// all 300 columns. Each tile's conv then reads the quantized image from
// the tile's buffer in vectors, and the ReLU is its epilogue: applied to
// the conv's registers, stored straight to %out, so that c needs no tile
// buffer at all (its buffer is dead and canonicalize drops it). Each
// register tile prefetches what the quantize of the next tile reads from
// %x: its own rows and vectors 40 rows (the tile buffer's height) further,
// within %x; unfused, the conv reads %q itself and prefetches nothing.
module attributes {mdh.vector_bits = 512 : i64, mdh.cache_bytes = array<i64: 49152, 1048576>} {
func.func private @quantize(%x: f32) -> f32 {
  %k = arith.constant 16.0 : f32
  %inv = arith.constant 0.0625 : f32
  %s = arith.mulf %x, %k : f32
  %f = math.floor %s : f32
  %r = arith.mulf %f, %inv : f32
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
func.func @convchain(%x: memref<104x304xf32>, %w: memref<5x5xf32>, %out: memref<100x300xf32>) {
  %q = memref.alloc() : memref<104x304xf32>
  %c = memref.alloc() : memref<100x300xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<104x304xf32>) -> !mdh.mda<array<i64: 104, 304>>
  %r1 = "mdh.md_hom"(%vx) {scalar_function = @quantize, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 104, 304>>) -> !mdh.mda<array<i64: 104, 304>>
  "mdh.out_view"(%r1, %q) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 104, 304>>, memref<104x304xf32>) -> ()
  %vq = "mdh.inp_view"(%q) {accesses = [affine_map<(i, j, r, s) -> (i + r, j + s)>]}
      : (memref<104x304xf32>) -> !mdh.mda<array<i64: 100, 300, 5, 5>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(i, j, r, s) -> (r, s)>]}
      : (memref<5x5xf32>) -> !mdh.mda<array<i64: 100, 300, 5, 5>>
  %r2 = "mdh.md_hom"(%vq, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 100, 300, 5, 5>>, !mdh.mda<array<i64: 100, 300, 5, 5>>) -> !mdh.mda<array<i64: 100, 300, 1, 1>>
  "mdh.out_view"(%r2, %c) {accesses = [affine_map<(i, j, r, s) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 100, 300, 1, 1>>, memref<100x300xf32>) -> ()
  %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<100x300xf32>) -> !mdh.mda<array<i64: 100, 300>>
  %r3 = "mdh.md_hom"(%vc) {scalar_function = @relu, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 100, 300>>) -> !mdh.mda<array<i64: 100, 300>>
  "mdh.out_view"(%r3, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 100, 300>>, memref<100x300xf32>) -> ()
  memref.dealloc %q : memref<104x304xf32>
  memref.dealloc %c : memref<100x300xf32>
  return
}
}
// CHECK-LABEL: // mdh.schedule of @convchain
// CHECK: schedule: "[{ S1[i0, i1, i2, i3] -> [(-35 + i0 + (-1 - i0) mod 36)] : {{.*}} }]"
// CHECK: mark: "mdh.tile_buffers"

// CODE-LABEL: func.func @convchain(
// CODE-SAME: mdh.cpu_tiles = ["S1: rows d0 x 12, d1 x 2 vector<16xf32>, d2 slides, d0 blocks of 12, epilogue S2, S1 dead after it"]
// CODE: scf.parallel
// CODE-NEXT: %[[Q:.*]] = memref.alloc() : memref<40x304xf32>
// CODE-NOT: memref.alloc
// CODE: vector.load %[[Q]][
// CODE: %[[R:.*]] = arith.maximumf %{{.*}}, %{{.*}} : vector<16xf32>
// CODE-NEXT: vector.store %[[R]], %arg2[
// CODE: memref.dealloc %[[Q]]
// CODE-NOT: memref.alloc

// PREFETCH-LABEL: func.func @convchain(
// PREFETCH: scf.parallel
// PREFETCH: %[[LO:.*]] = arith.muli %{{.*}}, %c12 : index
// PREFETCH: scf.if
// PREFETCH-NEXT: %[[ROW:.*]] = arith.addi %[[LO]], %c40 : index
// PREFETCH-NEXT: %[[R1:.*]] = arith.minsi %[[ROW]], %c103 : index
// PREFETCH-NEXT: %[[R2:.*]] = arith.maxsi %[[R1]], %c0 : index
// PREFETCH-NEXT: %[[C1:.*]] = arith.minsi %[[COL:.*]], %c303 : index
// PREFETCH-NEXT: %[[C2:.*]] = arith.maxsi %[[C1]], %c0 : index
// PREFETCH-NEXT: memref.prefetch %arg0[%[[R2]], %[[C2]]], read, locality<1>, data : memref<104x304xf32>
// PREFETCH-NEXT: %[[COL2:.*]] = arith.addi %[[COL]], %c16 : index
// PREFETCH: memref.prefetch %arg0[%[[R2]], %{{.*}}], read, locality<1>, data
// PREFETCH: %[[ROW11:.*]] = arith.addi %[[LO]], %c51 : index
// PREFETCH: vector.load

// UNFUSED-LABEL: func.func @convchain(
// UNFUSED-NOT: memref.prefetch
// UNFUSED: vector.fma
// UNFUSED-NOT: memref.prefetch

// OK-COUNT-3: max_abs_err=0 max_rel_err=0
