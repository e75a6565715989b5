// RUN: %mdh-opt %s --split-input-file --pass-pipeline='builtin.module(mdh-schedule,mdh-tile-fuse{target=gpu},mdh-print-schedule)' 2>&1 >/dev/null | FileCheck %s
// RUN: %mdh-opt %s --split-input-file --pass-pipeline='builtin.module(mdh-schedule,mdh-tile-fuse{target=cpu},mdh-print-schedule)' 2>&1 >/dev/null | FileCheck %s --check-prefix=CPU

// For the GPU, the tile is 32 x 64 (the stride-1 dimension innermost, on
// the threads along x) and the group sits below a kernel mark (without a
// mapping: mdh-map-gpu chooses it). For the CPU, tiles of 32 whole rows
// (one member) and no kernel mark.
// CHECK-LABEL: mdh.schedule of @blur
// CHECK: mark: "kernel"
// CHECK-NEXT: child:
// CHECK-NEXT: schedule: "[{ S1[i0, i1] -> [(-31 + i0 + (-1 - i0) mod 32)] : {{.*}} }, { S1[i0, i1] -> [(-63 + i1 + (-1 - i1) mod 64)] : {{.*}} }]"
// CHECK: mark: "mdh.tile_buffers"
// CHECK-NEXT: child:
// CHECK-NEXT: extension:
// CPU-LABEL: mdh.schedule of @blur
// CPU-NOT: kernel
// CPU: schedule: "[{ S1[i0, i1] -> [(-31 + i0 + (-1 - i0) mod 32)] : {{.*}} }]"
// CPU: mark: "mdh.tile_buffers"
func.func private @avg3(%a: f32, %b: f32, %c: f32) -> f32 {
  %third = arith.constant 0.333333343 : f32
  %s1 = arith.addf %a, %b : f32
  %s2 = arith.addf %s1, %c : f32
  %r = arith.mulf %s2, %third : f32
  return %r : f32
}
func.func @blur(%in: memref<130x302xf32>, %out: memref<128x300xf32>) {
  %bx = memref.alloc() : memref<130x300xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i, j + 1)>,
                                          affine_map<(i, j) -> (i, j + 2)>]}
      : (memref<130x302xf32>) -> !mdh.mda<array<i64: 130, 300>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 130, 300>>) -> !mdh.mda<array<i64: 130, 300>>
  "mdh.out_view"(%r1, %bx) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 130, 300>>, memref<130x300xf32>) -> ()
  %vbx = "mdh.inp_view"(%bx) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i + 1, j)>,
                                          affine_map<(i, j) -> (i + 2, j)>]}
      : (memref<130x300xf32>) -> !mdh.mda<array<i64: 128, 300>>
  %r2 = "mdh.md_hom"(%vbx) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 128, 300>>) -> !mdh.mda<array<i64: 128, 300>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 128, 300>>, memref<128x300xf32>) -> ()
  memref.dealloc %bx : memref<130x300xf32>
  return
}

// -----

// A producer feeding a 9 x 9 convolution (81 products per result point):
// fused for the CPU, not for the GPU, where a reduction of more than 64
// instances per point keeps its own kernel and strategy.
// CHECK-LABEL: mdh.schedule of @conv9
// CHECK-NOT: extension
// CHECK-NOT: mdh.tile_buffers
// CPU-LABEL: mdh.schedule of @conv9
// CPU: mark: "mdh.tile_buffers"
// CPU-NEXT: child:
// CPU-NEXT: extension:
func.func private @sq(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @conv9(%in: memref<136x308xf32>, %w: memref<9x9xf32>, %out: memref<128x300xf32>) {
  %q = memref.alloc() : memref<136x308xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<136x308xf32>) -> !mdh.mda<array<i64: 136, 308>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @sq, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 136, 308>>) -> !mdh.mda<array<i64: 136, 308>>
  "mdh.out_view"(%r1, %q) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 136, 308>>, memref<136x308xf32>) -> ()
  %vq = "mdh.inp_view"(%q) {accesses = [affine_map<(i, j, k, l) -> (i + k, j + l)>]}
      : (memref<136x308xf32>) -> !mdh.mda<array<i64: 128, 300, 9, 9>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(i, j, k, l) -> (k, l)>]}
      : (memref<9x9xf32>) -> !mdh.mda<array<i64: 128, 300, 9, 9>>
  %r2 = "mdh.md_hom"(%vq, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 128, 300, 9, 9>>, !mdh.mda<array<i64: 128, 300, 9, 9>>) -> !mdh.mda<array<i64: 128, 300, 1, 1>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j, k, l) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 128, 300, 1, 1>>, memref<128x300xf32>) -> ()
  memref.dealloc %q : memref<136x308xf32>
  return
}
