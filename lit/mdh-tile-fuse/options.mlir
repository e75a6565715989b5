// The fusion option of mdh-cpu-pipeline and mdh-run: basteln (the
// default) fuses the blur's row sums into its tiles (a tile buffer of
// 34 x 300 per thread, no 66 x 300 intermediate); none keeps the two loop
// nests and the intermediate; a mode of the module's own wins over the
// option; anything else is an error while the pipeline is parsed.
// RUN: %mdh-opt %s --mdh-cpu-pipeline | FileCheck %s --check-prefix=FUSED
// RUN: %mlir-opt-mdh %s --pass-pipeline='builtin.module(mdh-cpu-pipeline{fusion=basteln})' | FileCheck %s --check-prefix=FUSED
// RUN: %mdh-opt %s --mdh-cpu-pipeline='fusion=none' | FileCheck %s --check-prefix=UNFUSED
// RUN: %mlir-opt-mdh %s --pass-pipeline='builtin.module(mdh-cpu-pipeline{fusion=none openmp=true})' | FileCheck %s --check-prefix=UNFUSED
// RUN: sed 's/^module {/module attributes {mdh.fusion = "basteln"} {/' %s | %mdh-opt --mdh-cpu-pipeline='fusion=none' | FileCheck %s --check-prefix=FUSED
// RUN: not %mdh-opt %s --mdh-cpu-pipeline='fusion=max' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %mlir-opt-mdh %s --pass-pipeline='builtin.module(mdh-cpu-pipeline{fusion=max})' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: mdh-run %s --entry=blur --pipeline=cpu --fusion=none --compare=reference | FileCheck %s --check-prefix=EXEC
// RUN: mdh-run %s --entry=blur --pipeline=cpu --fusion=basteln --compare=reference | FileCheck %s --check-prefix=EXEC
// RUN: not mdh-run %s --entry=blur --pipeline=cpu --fusion=max 2>&1 | FileCheck %s --check-prefix=EXEC-BAD
// FUSED-NOT: llvm.mlir.constant(19800 : index)
// FUSED: llvm.mlir.constant(10200 : index)
// FUSED-NOT: llvm.mlir.constant(19800 : index)
// UNFUSED-NOT: llvm.mlir.constant(10200 : index)
// UNFUSED: llvm.mlir.constant(19800 : index)
// UNFUSED-NOT: llvm.mlir.constant(10200 : index)
// BAD: mdh-cpu-pipeline: fusion must be basteln, none or single, got 'max'
// EXEC: max_abs_err=0 max_rel_err=0
// EXEC-BAD: mdh-run: --fusion needs 'basteln', 'none' or 'single', got 'max'
module {
func.func private @avg3(%a: f32, %b: f32, %c: f32) -> f32 {
  %third = arith.constant 0.333333343 : f32
  %s1 = arith.addf %a, %b : f32
  %s2 = arith.addf %s1, %c : f32
  %r = arith.mulf %s2, %third : f32
  return %r : f32
}
func.func @blur(%in: memref<66x302xf32>, %out: memref<64x300xf32>) {
  %bx = memref.alloc() : memref<66x300xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i, j + 1)>,
                                          affine_map<(i, j) -> (i, j + 2)>]}
      : (memref<66x302xf32>) -> !mdh.mda<array<i64: 66, 300>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 66, 300>>) -> !mdh.mda<array<i64: 66, 300>>
  "mdh.out_view"(%r1, %bx) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 66, 300>>, memref<66x300xf32>) -> ()
  %vbx = "mdh.inp_view"(%bx) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i + 1, j)>,
                                          affine_map<(i, j) -> (i + 2, j)>]}
      : (memref<66x300xf32>) -> !mdh.mda<array<i64: 64, 300>>
  %r2 = "mdh.md_hom"(%vbx) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 64, 300>>) -> !mdh.mda<array<i64: 64, 300>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 300>>, memref<64x300xf32>) -> ()
  memref.dealloc %bx : memref<66x300xf32>
  return
}
}
