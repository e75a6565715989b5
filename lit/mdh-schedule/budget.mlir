// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-schedule
// RUN: env MDH_ISL_BUDGET=60 not %mdh-opt %s --split-input-file --mdh-codegen-cpu 2>&1 | FileCheck %s --check-prefix=ENV
// RUN: not %mdh-opt %s --split-input-file --pass-pipeline='builtin.module(mdh-cpu-pipeline{isl-budget=70})' 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not %mlir-opt-mdh %s --split-input-file --pass-pipeline='builtin.module(mdh-gpu-emulated-pipeline{isl-budget=70})' 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not %mdh-opt %s --split-input-file --pass-pipeline='builtin.module(mdh-gpu-pipeline{isl-budget=-2})' 2>&1 | FileCheck %s --check-prefix=NEGOPT
// RUN: env MDH_ISL_BUDGET=lots not %mdh-opt %s --split-input-file --mdh-schedule 2>&1 | FileCheck %s --check-prefix=BADENV

// The polyhedral work on a function runs under a budget of isl operations
// (a located error instead of a compilation that seems to hang): a tiny
// one on the function runs out while the model is built, and the error
// stands at the md_hom, naming the step and what to try.
func.func private @twice(%a: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %p = arith.mulf %a, %c : f32
  return %p : f32
}
func.func @tiny(%x: memref<40x8xf32>, %y: memref<40x8xf32>) attributes {mdh.isl_budget = 50} {
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<40x8xf32>) -> !mdh.mda<array<i64: 40, 8>>
  // expected-error @+1 {{mdh: isl ran out of its budget of 50 operations while building the polyhedral model (dependences); raise it (the environment variable MDH_ISL_BUDGET or the integer attribute mdh.isl_budget on the function or module, 0 for no limit), run without mdh-coalesce, or split the chain into several functions}}
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 8>>) -> !mdh.mda<array<i64: 40, 8>>
  "mdh.out_view"(%r0, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 8>>, memref<40x8xf32>) -> ()
  return
}

// -----

// The budget must be a non-negative integer.
func.func private @twice(%a: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %p = arith.mulf %a, %c : f32
  return %p : f32
}
// expected-error @+1 {{mdh.isl_budget must be a non-negative integer}}
func.func @negative(%x: memref<40x8xf32>, %y: memref<40x8xf32>) attributes {mdh.isl_budget = -1} {
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<40x8xf32>) -> !mdh.mda<array<i64: 40, 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 8>>) -> !mdh.mda<array<i64: 40, 8>>
  "mdh.out_view"(%r0, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 8>>, memref<40x8xf32>) -> ()
  return
}

// -----

// A budget on the module holds for its functions without one; 0 is no
// limit.
module attributes {mdh.isl_budget = 0} {
func.func private @twice(%a: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %p = arith.mulf %a, %c : f32
  return %p : f32
}
func.func @unlimited(%x: memref<40x8xf32>, %y: memref<40x8xf32>) {
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<40x8xf32>) -> !mdh.mda<array<i64: 40, 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 8>>) -> !mdh.mda<array<i64: 40, 8>>
  "mdh.out_view"(%r0, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 8>>, memref<40x8xf32>) -> ()
  return
}
}

// -----

// Without an attribute, the environment variable MDH_ISL_BUDGET sets the
// budget (here only in the RUN lines with env); it must be a non-negative
// integer too.
// The pipelines' option isl-budget sets the module's budget.
// OPT: error: mdh: isl ran out of its budget of 70 operations
// NEGOPT: mdh-gpu-pipeline: isl-budget must be a non-negative integer, got -2
// ENV: error: mdh: isl ran out of its budget of 60 operations while building the polyhedral model
// BADENV: error: MDH_ISL_BUDGET must be a non-negative integer, got 'lots'
func.func private @twice(%a: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %p = arith.mulf %a, %c : f32
  return %p : f32
}
func.func @from_env(%x: memref<40x8xf32>, %y: memref<40x8xf32>) {
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<40x8xf32>) -> !mdh.mda<array<i64: 40, 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 8>>) -> !mdh.mda<array<i64: 40, 8>>
  "mdh.out_view"(%r0, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 8>>, memref<40x8xf32>) -> ()
  return
}
