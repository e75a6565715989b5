// RUN: %mdh-opt %s --split-input-file --mdh-schedule --mdh-tile-fuse --mdh-map-gpu --mdh-print-schedule 2>&1 >/dev/null | FileCheck %s
// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-schedule --mdh-tile-fuse --mdh-map-gpu --mdh-codegen-gpu -o /dev/null

// mdh-map-gpu maps a group fused for the CPU (mdh-tile-fuse without
// target=gpu: 32 x 256 tiles as mdh.tile_sizes gives them, no kernel
// mark) as one kernel: a kernel mark
// right above the tile band, whose mapping gives the tiles to the blocks
// (2 x 2 of them) and the points of each tile to 32 x 8 threads.
// CHECK-LABEL: mdh.schedule of @fused
// CHECK: mark: "kernel: global.y(8,2), global.x(32,2)"
// CHECK-NEXT: child:
// CHECK-NEXT: schedule: "[{ S1[i0, i1] -> [(-31 + i0 + (-1 - i0) mod 32)]
// CHECK: mark: "mdh.tile_buffers"
// CHECK-NEXT: child:
// CHECK-NEXT: extension:
func.func private @avg2(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func @fused(%in: memref<64x301xf32>, %out: memref<63x300xf32>) {
  %t = memref.alloc() : memref<64x300xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 1)>]}
      : (memref<64x301xf32>) -> !mdh.mda<array<i64: 64, 300>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg2, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 64, 300>>) -> !mdh.mda<array<i64: 64, 300>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 300>>, memref<64x300xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i + 1, j)>]}
      : (memref<64x300xf32>) -> !mdh.mda<array<i64: 63, 300>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @avg2, combine_ops = [#mdh.cc, #mdh.cc], mdh.tile_sizes = array<i64: 32, 256>}
      : (!mdh.mda<array<i64: 63, 300>>) -> !mdh.mda<array<i64: 63, 300>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 63, 300>>, memref<63x300xf32>) -> ()
  memref.dealloc %t : memref<64x300xf32>
  return
}

// -----

// A tile whose buffers exceed a block's shared memory (a user's 64 x 300
// tile fused for the CPU: 64 x 300 floats of the row sums) is refused by
// mdh-codegen-gpu with a located error, never an invalid kernel.
// CHECK-LABEL: mdh.schedule of @too_big
// CHECK: mark: "kernel: global.x(64,3)"
func.func private @avg2(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
// expected-error@+1 {{mdh-codegen-gpu: the tile buffers of a fused group take 76800 bytes of shared memory, more than a block's 49152; fuse with mdh-tile-fuse{target=gpu} or smaller tiles}}
func.func @too_big(%in: memref<128x301xf32>, %out: memref<127x300xf32>) {
  %t = memref.alloc() : memref<128x300xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 1)>]}
      : (memref<128x301xf32>) -> !mdh.mda<array<i64: 128, 300>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg2, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 128, 300>>) -> !mdh.mda<array<i64: 128, 300>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 128, 300>>, memref<128x300xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i + 1, j)>]}
      : (memref<128x300xf32>) -> !mdh.mda<array<i64: 127, 300>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @avg2, combine_ops = [#mdh.cc, #mdh.cc], mdh.tile_sizes = array<i64: 63, 0>}
      : (!mdh.mda<array<i64: 127, 300>>) -> !mdh.mda<array<i64: 127, 300>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 127, 300>>, memref<127x300xf32>) -> ()
  memref.dealloc %t : memref<128x300xf32>
  return
}
