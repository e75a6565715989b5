// The inner loop of a register tile in the assembly for an AVX-512 CPU
// (x86-64-v4, with mdh.vector_bits = 512; 96 x 128 divides into tiles of
// 6 x 64, so that there is no edge variant): the k loop is 24 fused
// multiply-adds on zmm registers, one per accumulator, with the elements
// of A broadcast from memory, no scalar arithmetic and no spill after them,
// then the 24 vector stores of the tile. The
// same with OpenMP, inside the outlined parallel region.
// RUN: %mdh-opt %s --mdh-cpu-pipeline | mlir-translate --mlir-to-llvmir | opt -O2 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v4 | llc -O2 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v4 | FileCheck %s
// RUN: %mdh-opt %s --mdh-cpu-pipeline=openmp=true | mlir-translate --mlir-to-llvmir | opt -O2 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v4 | llc -O2 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v4 | FileCheck %s --check-prefixes=CHECK,OMP
// OMP-LABEL: matmul..omp_par:
// CHECK: vbroadcastss {{.*}}, %zmm
// CHECK-COUNT-24: vfmadd231ps {{.*}}%zmm{{[0-9]+}}, %zmm{{[0-9]+}}
// CHECK-NOT: {{vmulss|vaddss|vfmadd[0-9]+ss|rsp}}
// CHECK: jne
// CHECK-COUNT-24: vmovups %zmm{{[0-9]+}},
module attributes {mdh.vector_bits = 512 : i64} {
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @matmul(%A: memref<96x96xf32>, %B: memref<96x128xf32>, %C: memref<96x128xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<96x96xf32>) -> !mdh.mda<array<i64: 96, 128, 96>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<96x128xf32>) -> !mdh.mda<array<i64: 96, 128, 96>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 96, 128, 96>>, !mdh.mda<array<i64: 96, 128, 96>>) -> !mdh.mda<array<i64: 96, 128, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 96, 128, 1>>, memref<96x128xf32>) -> ()
  return
}
}
