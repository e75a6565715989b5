// The vector-bits option of mdh-cpu-pipeline sizes the register tiles for
// 256-bit vectors whatever the host (stored as mdh.vector_bits on the
// module); a width the tiles do not know fails the pipeline.
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-cpu-pipeline{vector-bits=256})' | FileCheck %s
// RUN: not %mdh-opt %s --pass-pipeline='builtin.module(mdh-cpu-pipeline{vector-bits=100})' 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK: module attributes {{{.*}}mdh.vector_bits = 256 : i64
// CHECK-LABEL: llvm.func @matmul(
// CHECK-SAME: mdh.cpu_tiles = ["S0: rows d0 x 5, d1 x 2 vector<8xf32>, d0 blocks of 5"]
// CHECK: llvm.intr.fmuladd({{.*}}) : (vector<8xf32>, vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// BAD: mdh-cpu-pipeline: vector-bits must be 128, 256 or 512, got 100
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 64, 64>>, !mdh.mda<array<i64: 64, 64, 64>>) -> !mdh.mda<array<i64: 64, 64, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64, 1>>, memref<64x64xf32>) -> ()
  return
}
