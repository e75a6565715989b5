// RUN: %mdh-opt %s --verify-diagnostics --mdh-schedule --mdh-tile-fuse --mdh-map-gpu

// mdh-map-gpu does not map fused trees yet (the GPU pipeline does not run
// mdh-tile-fuse): it refuses one with a located error instead of losing the
// extension nodes.
func.func private @avg2(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
// expected-error@+1 {{mdh-map-gpu: the schedule is fused by mdh-tile-fuse, which mdh-map-gpu does not map yet}}
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
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @avg2, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 63, 300>>) -> !mdh.mda<array<i64: 63, 300>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 63, 300>>, memref<63x300xf32>) -> ()
  memref.dealloc %t : memref<64x300xf32>
  return
}
