// The options mapping and reduction-mode of the GPU pipelines: mdh-gpu-options
// stores them as module attributes before mdh-map-gpu runs; a function's own
// attribute still wins. The IR is checked right after mdh-map-gpu.

// Without options: no mdh-gpu-options, the module's own mdh.mapping_index (4)
// for @matvec, the function's own (2) for @pinned.
// RUN: %mdh-opt %s --mdh-gpu-pipeline='format=isa' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT-NOT: IR Dump After MdhGpuOptions
// DEFAULT-LABEL: IR Dump After MdhMapGpu
// DEFAULT: module attributes {mdh.mapping_index = 4 : i64} {
// DEFAULT-LABEL: func.func @matvec
// DEFAULT: mdh.mapping = "block.y(5), thread.y(4)"
// DEFAULT-LABEL: func.func @pinned
// DEFAULT: mdh.mapping = "global.y(8,1), global.x(4,1)"

// mapping=5 replaces the module's index (@matvec) but not the function's
// (@pinned); reduction-mode is stored beside it. Same through mdh-opt's
// pass flag, its --pass-pipeline and stock mlir-opt with the plugin.
// RUN: %mdh-opt %s --mdh-gpu-pipeline='format=isa mapping=5 reduction-mode=deterministic' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIVE
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-gpu-pipeline{format=isa mapping=5 reduction-mode=deterministic})' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIVE
// RUN: %mlir-opt-mdh %s --pass-pipeline='builtin.module(mdh-gpu-pipeline{format=isa mapping=5 reduction-mode=deterministic})' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIVE
// FIVE-LABEL: IR Dump After MdhGpuOptions
// FIVE: module attributes {mdh.mapping_index = 5 : i64, mdh.reduction_mode = "deterministic"} {
// FIVE-LABEL: IR Dump After MdhMapGpu
// FIVE-LABEL: func.func @matvec
// FIVE: mdh.mapping = "block.z(5), thread.z(4)"
// FIVE-LABEL: func.func @pinned
// FIVE: mdh.mapping = "global.y(8,1), global.x(4,1)"

// mapping=0 is given too (the best mapping), and reduction-mode alone leaves
// the module's index as it is. The emulated pipeline takes both options.
// RUN: %mdh-opt %s --mdh-gpu-pipeline='format=isa mapping=0' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO-LABEL: IR Dump After MdhGpuOptions
// ZERO: module attributes {mdh.mapping_index = 0 : i64} {
// ZERO-LABEL: IR Dump After MdhMapGpu
// ZERO: mdh.mapping = "block.x(5), thread.x(4)"
// RUN: %mdh-opt %s --mdh-gpu-emulated-pipeline='reduction-mode=atomic' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=ATOMIC
// ATOMIC-LABEL: IR Dump After MdhGpuOptions
// ATOMIC: module attributes {mdh.mapping_index = 4 : i64, mdh.reduction_mode = "atomic"} {
// ATOMIC-LABEL: IR Dump After MdhMapGpu
// ATOMIC: mdh.mapping = "block.y(5), thread.y(4)"

// Bad values fail while the pipeline is parsed, naming the option.
// RUN: not %mdh-opt %s --mdh-gpu-pipeline='reduction-mode=bogus' 2>&1 | FileCheck %s --check-prefix=MODE
// RUN: not %mlir-opt-mdh %s --pass-pipeline='builtin.module(mdh-gpu-pipeline{reduction-mode=bogus})' 2>&1 | FileCheck %s --check-prefix=MODE
// RUN: not %mdh-opt %s --mdh-gpu-emulated-pipeline='reduction-mode=Atomic' 2>&1 | FileCheck %s --check-prefix=EMODE
// MODE: mdh-gpu-pipeline: reduction-mode must be 'atomic' or 'deterministic', got 'bogus'
// EMODE: mdh-gpu-emulated-pipeline: reduction-mode must be 'atomic' or 'deterministic', got 'Atomic'
// An unknown format fails while the pipeline is parsed (upstream's
// gpu-module-to-binary reports it without failing: exit 0, no kernels).
// RUN: not %mdh-opt %s --mdh-gpu-pipeline='format=cubin' 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not %mlir-opt-mdh %s --pass-pipeline='builtin.module(mdh-gpu-pipeline{format=cubin})' 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: mdh-gpu-pipeline: format must be bin, isa, fatbin or llvm, got 'cubin'
// RUN: not %mdh-opt %s --mdh-gpu-pipeline='mapping=-1' 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: mdh-gpu-pipeline: mapping must be a non-negative integer K or entries [@FUNCTION:][KERNEL:]K separated by ';', got '-1'
// RUN: not %mlir-opt-mdh %s --pass-pipeline='builtin.module(mdh-gpu-emulated-pipeline{mapping=@matvec})' 2>&1 | FileCheck %s --check-prefix=NEGSPEC
// NEGSPEC: mdh-gpu-emulated-pipeline: mapping must be {{.*}}, got '@matvec'

// A spec addresses one function (and, with KERNEL:, one of its kernels):
// @matvec takes its fifth best mapping, the others keep theirs.
// RUN: %mdh-opt %s --mdh-gpu-pipeline='format=isa mapping=@matvec:0:5' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPEC
// RUN: %mlir-opt-mdh %s --pass-pipeline='builtin.module(mdh-gpu-pipeline{format=isa mapping="@matvec:5; @pinned:1"})' --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPEC
// SPEC-LABEL: IR Dump After MdhGpuOptions
// SPEC: module attributes {mdh.mapping_index = "@matvec:
// SPEC-LABEL: IR Dump After MdhMapGpu
// SPEC: mdh.mapping = "block.z(5), thread.z(4)"
// SPEC: mdh.mapping = "global.y(8,1), global.x(4,1)"
// A function the module does not have is an error, not a spec that
// silently applies nowhere.
// RUN: not %mdh-opt %s --mdh-gpu-pipeline='format=isa mapping=@nowhere:1' 2>&1 | FileCheck %s --check-prefix=NOWHERE
// NOWHERE: error: mdh-map-gpu: mdh.mapping_index names @nowhere, which is not a function of the module

// An index beyond the legal mappings gets mdh-map-gpu's error at the md_hom.
// RUN: not %mdh-opt %s --mdh-gpu-pipeline='format=isa mapping=16' 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not %mlir-opt-mdh %s --pass-pipeline='builtin.module(mdh-gpu-pipeline{format=isa mapping=16})' 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: options.mlir:{{[0-9]+}}:8: error: mdh-map-gpu: mdh.mapping_index 16 is out of range: this md_hom has 16 legal mappings

module attributes {mdh.mapping_index = 4 : i64} {
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @matvec(%M: memref<5x3xf32>, %v: memref<3xf32>, %w: memref<5xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 5, 3>>, !mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}
func.func @pinned(%M: memref<5x3xf32>, %v: memref<3xf32>, %w: memref<5xf32>)
    attributes {mdh.mapping_index = 2 : i64} {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 5, 3>>, !mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}
}
