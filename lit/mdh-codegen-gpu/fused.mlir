// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-coalesce,mdh-schedule,mdh-tile-fuse{target=gpu},mdh-map-gpu,mdh-print-schedule,mdh-codegen-gpu,canonicalize,cse)' 2>%t.tree | FileCheck %s
// RUN: FileCheck %s --check-prefix=TREE < %t.tree
// RUN: %mdh-opt %s --mdh-gpu-emulated-pipeline -o /dev/null
// RUN: mdh-run %s --entry=blur --pipeline=gpu-emulated --seed=3 --compare=reference | FileCheck %s --check-prefix=EXEC
// RUN: mdh-run %s --entry=blur --pipeline=gpu-emulated --fusion=none --seed=3 --compare=reference | FileCheck %s --check-prefix=EXEC
// RUN: sed 's/%%out: memref<68x68xf32>) {/%%out: memref<68x68xf32>) attributes {mdh.fusion = "none"} {/' %s | %mdh-opt --pass-pipeline='builtin.module(mdh-coalesce,mdh-schedule,mdh-tile-fuse{target=gpu},mdh-map-gpu,mdh-codegen-gpu)' | FileCheck %s --check-prefix=UNFUSED
// RUN: not %mdh-opt %s --mdh-gpu-pipeline='fusion=max' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %mdh-opt %s --pass-pipeline='builtin.module(mdh-tile-fuse{target=tpu})' 2>&1 | FileCheck %s --check-prefix=BAD-TARGET

// A two-stage blur at 68 x 68, fused by mdh-tile-fuse{target=gpu} into
// 32 x 64 tiles (3 x 2 of them, the last ones partial): one kernel, one
// block of 32 x 8 threads per tile. The row sums of a tile (34 x 64 with the
// halo) live in shared memory only: no device buffer holds the 70 x 68
// intermediate. Each thread computes the points of its own (rows 8 apart,
// columns 32 apart), and a barrier follows each statement of the tile,
// outside every guard on a thread id.
// TREE-LABEL: mdh.schedule of @blur
// TREE: mark: "kernel: global.y(8,3), global.x(32,2)"
// TREE-NEXT: child:
// TREE-NEXT: schedule: "[{ S1[i0, i1] -> [(-31 + i0 + (-1 - i0) mod 32)] : {{.*}} }, { S1[i0, i1] -> [(-63 + i1 + (-1 - i1) mod 64)] : {{.*}} }]"
// TREE: mark: "mdh.tile_buffers"
// TREE-NEXT: child:
// TREE-NEXT: extension: "{ [i0, i1] -> S0[o0, o1] : {{.*}} }"

// CHECK-LABEL: func.func @blur
// CHECK-NOT: memref<70x68xf32>
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c2{{.*}}, {{.*}} = %c3{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c32{{.*}}, {{.*}} = %c8{{.*}}, {{.*}} = %c1{{.*}}) workgroup(%[[TILE:.*]] : memref<34x64xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for {{.*}} step %c8
// CHECK: scf.for {{.*}} step %c32
// CHECK: memref.store {{.*}}, %[[TILE]][{{.*}}] : memref<34x64xf32, #gpu.address_space<workgroup>>
// CHECK: }
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK: memref.load %[[TILE]]
// CHECK: memref.store {{.*}} : memref<68x68xf32>
// CHECK: }
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: gpu.terminator
// CHECK-NOT: gpu.launch
// CHECK-NOT: memref<70x68xf32>

// EXEC: max_abs_err=0 max_rel_err=0

// Without fusion (mdh.fusion = "none" on the function): the kernel of
// mdh-schedule's point-wise fused band (its rows sequential in each of 128
// threads), the intermediate in global memory.
// UNFUSED: gpu.alloc {{.*}} : memref<70x68xf32>
// UNFUSED: gpu.launch
// UNFUSED-NOT: workgroup
// UNFUSED: memref.store {{.*}} : memref<70x68xf32>

// BAD: mdh-gpu-pipeline: fusion must be basteln, none or single, got 'max'
// BAD-TARGET: mdh-tile-fuse: target must be cpu or gpu, got 'tpu'
func.func private @avg3(%a: f32, %b: f32, %c: f32) -> f32 {
  %third = arith.constant 0.333333343 : f32
  %s1 = arith.addf %a, %b : f32
  %s2 = arith.addf %s1, %c : f32
  %r = arith.mulf %s2, %third : f32
  return %r : f32
}
func.func @blur(%in: memref<70x70xf32>, %out: memref<68x68xf32>) {
  %bx = memref.alloc() : memref<70x68xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i, j + 1)>,
                                          affine_map<(i, j) -> (i, j + 2)>]}
      : (memref<70x70xf32>) -> !mdh.mda<array<i64: 70, 68>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 70, 68>>) -> !mdh.mda<array<i64: 70, 68>>
  "mdh.out_view"(%r1, %bx) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 70, 68>>, memref<70x68xf32>) -> ()
  %vbx = "mdh.inp_view"(%bx) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i + 1, j)>,
                                          affine_map<(i, j) -> (i + 2, j)>]}
      : (memref<70x68xf32>) -> !mdh.mda<array<i64: 68, 68>>
  %r2 = "mdh.md_hom"(%vbx) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 68, 68>>) -> !mdh.mda<array<i64: 68, 68>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 68, 68>>, memref<68x68xf32>) -> ()
  memref.dealloc %bx : memref<70x68xf32>
  return
}
