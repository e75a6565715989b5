// The collapsed reduction loop of a convolution's register tile in the
// assembly for an AVX2 CPU (x86-64-v3, mdh.vector_bits = 256): the loop
// over a channel and the 3 x 3 window reads each step's image offset from
// the table of offsets (`__mdh_offsets`) and the weights at its counter,
// so each step is one table load, three vector loads, three broadcasts and
// nine fused multiply-adds on ymm registers, with no integer
// multiplication or division recovering (c, r, s) and no spill (before the
// table: 45 integer instructions a step).
// RUN: %mdh-opt %s --mdh-cpu-pipeline | mlir-translate --mlir-to-llvmir | opt -O2 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 | llc -O2 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 | FileCheck %s
// CHECK: This Inner Loop Header
// CHECK-NOT: {{imul|div|rsp}}
// CHECK: movslq {{.*}}__mdh_offsets
// CHECK-NOT: {{imul|div|rsp}}
// CHECK-COUNT-3: vbroadcastss
// CHECK-NOT: {{imul|div|rsp}}
// CHECK-COUNT-9: vfmadd231ps {{.*}}%ymm{{[0-9]+}}, %ymm{{[0-9]+}}
// CHECK-NOT: {{imul|div|rsp}}
// CHECK: movslq {{.*}}__mdh_offsets
module attributes {mdh.vector_bits = 256 : i64, mdh.cache_bytes = array<i64: 32768, 524288>} {
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @conv(%X: memref<8x4x26xf32>, %W: memref<6x8x3x3xf32>, %O: memref<6x2x24xf32>) {
  %vx = "mdh.inp_view"(%X) {accesses = [affine_map<(k, p, q, c, r, s) -> (c, p + r, q + s)>]}
      : (memref<8x4x26xf32>) -> !mdh.mda<array<i64: 6, 2, 24, 8, 3, 3>>
  %vw = "mdh.inp_view"(%W) {accesses = [affine_map<(k, p, q, c, r, s) -> (k, c, r, s)>]}
      : (memref<6x8x3x3xf32>) -> !mdh.mda<array<i64: 6, 2, 24, 8, 3, 3>>
  %r = "mdh.md_hom"(%vx, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 6, 2, 24, 8, 3, 3>>, !mdh.mda<array<i64: 6, 2, 24, 8, 3, 3>>) -> !mdh.mda<array<i64: 6, 2, 24, 1, 1, 1>>
  "mdh.out_view"(%r, %O) {accesses = [affine_map<(k, p, q, c, r, s) -> (k, p, q)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 6, 2, 24, 1, 1, 1>>, memref<6x2x24xf32>) -> ()
  return
}
}
