// mdh-verify through stock mlir-opt with the mdh plugin (--load-pass-plugin)
// and the IRDL dialect (--irdl-file). A plugin that fails to load is only a
// warning for mlir-opt, so every run checks something only the pass can do:
// its error message, its IR dump, or an exit status of 0 on valid input.

// The invalid case fails with the pass's message at the offending op.
// RUN: not %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// ERR: plugin.mlir:[[# @LINE + 21]]:{{[0-9]+}}: error: access 0 reaches index 8 in dimension 0 of a buffer of size 8: the view needs size >= 9 (1 + its largest index)

// The valid case is printed after the pass ran on it.
// RUN: not %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --split-input-file --mlir-print-ir-after-all %s 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: IR Dump After MdhVerify (mdh-verify)
// DUMP: func.func @plugin_valid(

// With --verify-diagnostics: the invalid case gives exactly the expected
// error, the valid case none (exit status 0).
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --split-input-file --verify-diagnostics %s

// The whole positive and negative suites give the same results through the
// plugin as through mdh-opt.
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --split-input-file %S/valid.mlir | FileCheck %S/valid.mlir
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --split-input-file --verify-diagnostics %S/invalid.mlir

func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @plugin_invalid(%x: memref<8xf32>, %y: memref<8xf32>) {
  // expected-error@+1 {{access 0 reaches index 8 in dimension 0 of a buffer of size 8}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i + 1)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// -----

func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @plugin_valid(%a: memref<4x8xf32>, %b: memref<8xf32>, %c: memref<4xf32>) {
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<4x8xf32>) -> !mdh.mda<array<i64: 4, 8>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 4, 8>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 4, 8>>, !mdh.mda<array<i64: 4, 8>>) -> !mdh.mda<array<i64: 4, 1>>
  "mdh.out_view"(%r, %c) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 1>>, memref<4xf32>) -> ()
  return
}
