// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-coalesce,mdh-schedule,mdh-tile-fuse{target=gpu},mdh-map-gpu,mdh-print-schedule,mdh-codegen-gpu)' 2>%t.tree | FileCheck %s
// RUN: FileCheck %s --check-prefix=TREE < %t.tree
// RUN: mdh-run %s --entry=strided --pipeline=gpu-emulated --seed=4 --compare=reference | FileCheck %s --check-prefix=EXEC

// A consumer that reads every other column of its producer: no tile needs
// the producer's odd columns past the last even one, so those instances
// stay outside the group (the "reserved" filter of basteln's section 5.1)
// in a kernel of their own, which writes the intermediate. It keeps its
// device buffer (the fused kernel itself uses shared memory).
// TREE-LABEL: mdh.schedule of @strided
// TREE: - filter: "{ S0[i0, i1] : {{.*}} }"
// TREE-NEXT: child:
// TREE-NEXT: mark: "kernel: {{.*}}"
// TREE: mark: "mdh.tile_buffers"
// CHECK-LABEL: func.func @strided
// CHECK: gpu.alloc {{.*}} : memref<16x17xf32>
// CHECK: gpu.launch
// CHECK: memref<16x17xf32>
// CHECK: gpu.launch {{.*}} workgroup
// EXEC: max_abs_err=0 max_rel_err=0
func.func private @sq(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}
func.func private @add(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func @strided(%in: memref<16x17xf32>, %out: memref<15x8xf32>) {
  %t = memref.alloc() : memref<16x17xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<16x17xf32>) -> !mdh.mda<array<i64: 16, 17>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @sq, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 16, 17>>) -> !mdh.mda<array<i64: 16, 17>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 16, 17>>, memref<16x17xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, 2 * j)>, affine_map<(i, j) -> (i + 1, 2 * j)>]}
      : (memref<16x17xf32>) -> !mdh.mda<array<i64: 15, 8>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc], mdh.tile_sizes = array<i64: 4, 3>}
      : (!mdh.mda<array<i64: 15, 8>>) -> !mdh.mda<array<i64: 15, 8>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 15, 8>>, memref<15x8xf32>) -> ()
  memref.dealloc %t : memref<16x17xf32>
  return
}
