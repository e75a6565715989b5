// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-schedule --mdh-codegen-cpu

// Two scan dimensions in one md_hom are not generated yet.
func.func private @id(%a: i32) -> i32 {
  return %a : i32
}
func.func @table(%x: memref<4x5xi32>, %y: memref<4x5xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<4x5xi32>) -> !mdh.mda<array<i64: 4, 5>>
  // expected-error@+1 {{mdh-codegen-cpu supports one scan (ps) dimension per md_hom}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<"add">, #mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 4, 5>>) -> !mdh.mda<array<i64: 4, 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 5>>, memref<4x5xi32>) -> ()
  return
}

// -----

// A md_hom and its out_view on two sides of an op that uses their buffers:
// the op would have to run between the computation of the result and its
// store. Refused at the op (an op between whole md_homs stays in program
// order between their code: surrounding.mlir).
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @between(%x: memref<4xf32>, %t: memref<4xf32>, %y: memref<4xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  // expected-error@+1 {{mdh-schedule cannot move the mdh ops of the function across this op, which uses their buffers}}
  memref.copy %x, %t : memref<4xf32> to memref<4xf32>
  "mdh.out_view"(%r, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %q = "mdh.md_hom"(%vt) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%q, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  return
}

