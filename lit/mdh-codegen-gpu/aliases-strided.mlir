// RUN: %mdh-opt %s --verify-diagnostics --pass-pipeline='builtin.module(mdh-schedule,mdh-map-gpu,mdh-codegen-gpu)'

// Different views of one buffer, one of them written: on the GPU they are
// made again on one device copy of their base, which needs the identity
// layout; a strided base (here the function's argument) is refused, at the
// first md_hom when the base is an argument.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @strided_base(%a: memref<4x4xf32, strided<[8, 1], offset: 2>>, %x: memref<2x2xf32>) {
  %s = memref.subview %a[1, 1] [2, 2] [1, 1]
      : memref<4x4xf32, strided<[8, 1], offset: 2>> to memref<2x2xf32, strided<[8, 1], offset: 11>>
  %v0 = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<4x4xf32, strided<[8, 1], offset: 2>>) -> !mdh.mda<array<i64: 2, 2>>
  // expected-error@+1 {{mdh-codegen-gpu: the chain uses different views of one buffer and writes one of them; on the GPU the views are made again on a device copy of the buffer, which needs the identity layout, but the buffer has a strided one}}
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2, 2>>) -> !mdh.mda<array<i64: 2, 2>>
  "mdh.out_view"(%r0, %x) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2, 2>>, memref<2x2xf32>) -> ()
  %v1 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<2x2xf32>) -> !mdh.mda<array<i64: 2, 2>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2, 2>>) -> !mdh.mda<array<i64: 2, 2>>
  "mdh.out_view"(%r1, %s) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2, 2>>, memref<2x2xf32, strided<[8, 1], offset: 11>>) -> ()
  return
}
