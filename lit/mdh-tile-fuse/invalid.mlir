// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-schedule --mdh-tile-fuse

// A fusion mode the pass does not know.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error@+1 {{mdh-tile-fuse: mdh.fusion must be "none", "basteln" or "single"}}
func.func @mode(%x: memref<4xf32>, %y: memref<4xf32>) attributes {mdh.fusion = "max"} {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  return
}

// -----

// On the module, a mode that is no string.
module attributes {mdh.fusion = 1 : i64} {
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error@-4 {{mdh-tile-fuse: mdh.fusion must be "none", "basteln" or "single"}}
func.func @mode_on_module(%x: memref<4xf32>, %y: memref<4xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  return
}
}

// -----

// Tile sizes of the output of a group: one per dimension, none negative.
func.func private @avg2(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func @sizes(%in: memref<64x65xf32>, %out: memref<63x64xf32>) {
  %t = memref.alloc() : memref<64x64xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 1)>]}
      : (memref<64x65xf32>) -> !mdh.mda<array<i64: 64, 64>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg2, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 64, 64>>) -> !mdh.mda<array<i64: 64, 64>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64>>, memref<64x64xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i + 1, j)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 63, 64>>
  // expected-error@+1 {{mdh-tile-fuse: mdh.tile_sizes must be an array<i64> of 2 sizes, one per dimension}}
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @avg2, combine_ops = [#mdh.cc, #mdh.cc], mdh.tile_sizes = array<i64: 8>}
      : (!mdh.mda<array<i64: 63, 64>>) -> !mdh.mda<array<i64: 63, 64>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 63, 64>>, memref<63x64xf32>) -> ()
  memref.dealloc %t : memref<64x64xf32>
  return
}

// -----

func.func private @avg2(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func @negative(%in: memref<64x65xf32>, %out: memref<63x64xf32>) {
  %t = memref.alloc() : memref<64x64xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 1)>]}
      : (memref<64x65xf32>) -> !mdh.mda<array<i64: 64, 64>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg2, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 64, 64>>) -> !mdh.mda<array<i64: 64, 64>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64>>, memref<64x64xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i + 1, j)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 63, 64>>
  // expected-error@+1 {{mdh-tile-fuse: mdh.tile_sizes holds a negative size (-8)}}
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @avg2, combine_ops = [#mdh.cc, #mdh.cc], mdh.tile_sizes = array<i64: 8, -8>}
      : (!mdh.mda<array<i64: 63, 64>>) -> !mdh.mda<array<i64: 63, 64>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 63, 64>>, memref<63x64xf32>) -> ()
  memref.dealloc %t : memref<64x64xf32>
  return
}
