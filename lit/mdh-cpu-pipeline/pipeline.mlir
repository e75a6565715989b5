// mdh-cpu-pipeline, the cpu pipeline of mdh-run, lowers mdh ops to the LLVM
// dialect: through mdh-opt's pass flag and --pass-pipeline, and through stock
// mlir-opt with the plugin. Sequential by default; openmp=true lowers the
// parallel row loop to an OpenMP region.
// RUN: %mdh-opt %s --mdh-cpu-pipeline | FileCheck %s --check-prefix=SEQ
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-cpu-pipeline)' | FileCheck %s --check-prefix=SEQ
// RUN: %mlir-opt-mdh %s --pass-pipeline='builtin.module(mdh-cpu-pipeline{openmp=false})' | FileCheck %s --check-prefix=SEQ
// SEQ-LABEL: llvm.func @matvec(
// SEQ-NOT: omp.
// SEQ: llvm.intr.fmuladd
// SEQ: llvm.intr.vector.reduce.fadd
// SEQ: llvm.return
// SEQ-NOT: scf.
// SEQ-NOT: mdh.
// SEQ-NOT: func.func
// RUN: %mdh-opt %s --mdh-cpu-pipeline='openmp=true' | FileCheck %s --check-prefix=OMP
// RUN: %mlir-opt-mdh %s --pass-pipeline='builtin.module(mdh-cpu-pipeline{openmp=true})' | FileCheck %s --check-prefix=OMP
// OMP-LABEL: llvm.func @matvec(
// OMP: omp.parallel
// OMP: omp.wsloop
// OMP: llvm.intr.fmuladd
// OMP: llvm.intr.vector.reduce.fadd
// OMP-NOT: scf.
// OMP-NOT: mdh.
// OMP-NOT: func.func

// A bad value fails while the pipeline is parsed.
// RUN: not %mdh-opt %s --mdh-cpu-pipeline='openmp=maybe' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %mlir-opt-mdh %s --pass-pipeline='builtin.module(mdh-cpu-pipeline{openmp=maybe})' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %mdh-opt %s --mdh-cpu-pipeline='threads=2' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// BAD: 'maybe' is invalid value for boolean argument
// UNKNOWN: no such option threads

func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @matvec(%M: memref<64x32xf32>, %v: memref<32xf32>, %w: memref<64xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<64x32xf32>) -> !mdh.mda<array<i64: 64, 32>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<32xf32>) -> !mdh.mda<array<i64: 64, 32>>
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 32>>, !mdh.mda<array<i64: 64, 32>>) -> !mdh.mda<array<i64: 64, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 1>>, memref<64xf32>) -> ()
  return
}
