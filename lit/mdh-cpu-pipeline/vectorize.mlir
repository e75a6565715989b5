// The innermost loop of mdh-codegen-cpu walks the stride-1 dimension of the
// output (MatMul scheduled (i, k, j): j), so LLVM vectorizes it at -O2, the
// level of mdh-run's JIT: 8-wide AVX2 loads, multiplies, adds and stores in
// the assembly. A k-innermost order (a sequential float reduction) would
// stay scalar. The same with OpenMP, inside the outlined parallel region.
// The body calls a function, so the product gets no register tile on any
// host (mdh-codegen-cpu's untiled code; LLVM inlines the call).
// RUN: %mdh-opt %s --mdh-cpu-pipeline | mlir-translate --mlir-to-llvmir | opt -O2 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 | llc -O2 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 | FileCheck %s
// RUN: %mdh-opt %s --mdh-cpu-pipeline=openmp=true | mlir-translate --mlir-to-llvmir | opt -O2 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 | llc -O2 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 | FileCheck %s --check-prefixes=CHECK,OMP
// OMP-LABEL: matmul..omp_par:
// CHECK: vmulps {{.*}}%ymm
// CHECK: vaddps {{.*}}%ymm
// CHECK: vmovups %ymm{{[0-9]+}}, {{.*}}(%r
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @callmul(%a: f32, %b: f32) -> f32 {
  %p = func.call @mul(%a, %b) : (f32, f32) -> f32
  return %p : f32
}
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @callmul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 64, 64>>, !mdh.mda<array<i64: 64, 64, 64>>) -> !mdh.mda<array<i64: 64, 64, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64, 1>>, memref<64x64xf32>) -> ()
  return
}
