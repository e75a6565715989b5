// RUN: not %mdh-opt %s --mdh-schedule --mdh-map-gpu 2>&1 | FileCheck %s

// A block scan whose tile does not fit a block's 48 KiB of static shared
// memory: four f64 components (32 bytes a position) on 1024 threads take
// 1024 x (1 + 1) x 32 bytes even with one position per thread and tile
// (mdh-codegen-gpu's scan stages its tiles there). A located error, not
// an invalid kernel; the mappings mdh-map-gpu sizes itself are checked
// the same way.
func.func private @quad(%x: f64) -> (f64, f64, f64, f64) {
  return %x, %x, %x, %x : f64, f64, f64, f64
}
func.func private @sum4(%a1: f64, %b1: f64, %c1: f64, %d1: f64,
                        %a2: f64, %b2: f64, %c2: f64, %d2: f64) -> (f64, f64, f64, f64) {
  %a = arith.addf %a1, %a2 : f64
  %b = arith.addf %b1, %b2 : f64
  %c = arith.addf %c1, %c2 : f64
  %d = arith.addf %d1, %d2 : f64
  return %a, %b, %c, %d : f64, f64, f64, f64
}
func.func @wide(%x: memref<5000xf64>, %a: memref<5000xf64>, %b: memref<5000xf64>, %c: memref<5000xf64>, %d: memref<5000xf64>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<5000xf64>) -> !mdh.mda<array<i64: 5000>>
  // CHECK: scan-shared.mlir:[[@LINE+1]]:8: error: mdh-map-gpu: invalid mdh.mapping: the block scan of 1024 threads needs 65536 bytes of shared memory at least (a total and a position per thread, 32 bytes each), more than a block's 49152
  %r = "mdh.md_hom"(%vx) {scalar_function = @quad, combine_ops = [#mdh.ps<@sum4>], mdh.mapping = "global.x(1024,1)"}
      : (!mdh.mda<array<i64: 5000>>) -> !mdh.mda<array<i64: 5000>>
  "mdh.out_view"(%r, %a) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5000>>, memref<5000xf64>) -> ()
  "mdh.out_view"(%r, %b) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 1>}
      : (!mdh.mda<array<i64: 5000>>, memref<5000xf64>) -> ()
  "mdh.out_view"(%r, %c) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 2>}
      : (!mdh.mda<array<i64: 5000>>, memref<5000xf64>) -> ()
  "mdh.out_view"(%r, %d) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 3>}
      : (!mdh.mda<array<i64: 5000>>, memref<5000xf64>) -> ()
  return
}
