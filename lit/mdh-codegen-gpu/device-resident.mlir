// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-coalesce,mdh-schedule,mdh-tile-fuse{target=gpu},mdh-map-gpu,mdh-codegen-gpu)' | FileCheck %s
// RUN: sed 's/ attributes {mdh.device_resident}//' %s | %mdh-opt --pass-pipeline='builtin.module(mdh-gpu-pipeline{device-resident=true format=isa})' | FileCheck %s --check-prefix=PIPE

// A device-resident function (mdh.device_resident, or the GPU pipelines'
// device-resident=true): its memref arguments are device memory, which the
// kernels use in place (no gpu.alloc, no gpu.memcpy for them); its
// intermediate still gets a device buffer. The host must not touch them:
// device-resident-invalid.mlir.

func.func private @twice(%a: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %p = arith.mulf %a, %c : f32
  return %p : f32
}
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// CHECK-LABEL: func.func @resident(
// CHECK-SAME: %[[X:[^:]*]]: memref<64x32xf32>, %[[Y:[^:]*]]: memref<64xf32>
// CHECK-NOT: gpu.memcpy
// CHECK: %[[T:.*]] = gpu.alloc () : memref<64x32xf32>
// CHECK-NOT: gpu.memcpy
// CHECK: gpu.launch
// CHECK: memref.load %[[X]]
// CHECK: memref.store %{{.*}}, %[[T]]
// CHECK: gpu.launch
// CHECK: memref.store %{{.*}}, %[[Y]]
// CHECK-NOT: gpu.memcpy
// CHECK: gpu.dealloc %[[T]]
// CHECK-NOT: gpu.memcpy
// CHECK: return
// PIPE-LABEL: llvm.func @resident(
// PIPE-NOT: llvm.call @mgpuMemcpy
// PIPE: llvm.call @mgpuMemAlloc
// PIPE-NOT: llvm.call @mgpuMemcpy
// PIPE: llvm.return
func.func @resident(%x: memref<64x32xf32>, %y: memref<64xf32>) attributes {mdh.device_resident} {
  %t = memref.alloc() : memref<64x32xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<64x32xf32>) -> !mdh.mda<array<i64: 64, 32>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 64, 32>>) -> !mdh.mda<array<i64: 64, 32>>
  "mdh.out_view"(%r, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 32>>, memref<64x32xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<64x32xf32>) -> !mdh.mda<array<i64: 64, 32>>
  %s = "mdh.md_hom"(%vt) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 32>>) -> !mdh.mda<array<i64: 64, 1>>
  "mdh.out_view"(%s, %y) {accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 1>>, memref<64xf32>) -> ()
  memref.dealloc %t : memref<64x32xf32>
  return
}

