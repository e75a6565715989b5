// RUN: %mdh-opt %s --split-input-file --mdh-schedule --mdh-codegen-cpu | FileCheck %s
// RUN: %mdh-opt %s --split-input-file --pass-pipeline='builtin.module(mdh-schedule,mdh-map-gpu,mdh-codegen-gpu)' | FileCheck %s --check-prefix=GPU

// An op between the md_homs that touches one of their buffers anywhere (in
// its regions or through a view) stays where it is, between the code of
// the md_homs before it and of those after it: never a silent reordering
// (issue 13, item 1; issue 25). On the GPU, the buffers travel back to the
// host before it and to the device again after it.

func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// CHECK-LABEL: func.func @loop_between
// CHECK: scf.parallel
// CHECK: memref.store %{{.*}}, %alloc
// CHECK: scf.for
// CHECK: scf.parallel
// CHECK: memref.load %alloc
// CHECK: memref.dealloc %alloc
// GPU-LABEL: func.func @loop_between
// GPU: gpu.launch
// GPU: gpu.memcpy %alloc, %{{.*}} : memref<8xf32>, memref<8xf32>
// GPU: scf.for
// GPU: gpu.memcpy %{{.*}}, %alloc : memref<8xf32>, memref<8xf32>
// GPU: gpu.launch
func.func @loop_between(%x: memref<8xf32>, %y: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    %e = memref.load %t[%i] : memref<8xf32>
    %f = arith.addf %e, %one : f32
    memref.store %f, %t[%i] : memref<8xf32>
  }
  %v1 = "mdh.inp_view"(%t) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  memref.dealloc %t : memref<8xf32>
  return
}

// -----

func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func private @bump(%b: memref<4xf32, strided<[1], offset: 4>>)
// CHECK-LABEL: func.func @call_on_view
// CHECK: scf.parallel
// CHECK: call @bump
// CHECK: scf.parallel
// GPU-LABEL: func.func @call_on_view
// GPU: gpu.launch
// GPU: call @bump
// GPU: gpu.launch
func.func @call_on_view(%x: memref<8xf32>, %y: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  %half = memref.subview %t[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  func.call @bump(%half) : (memref<4xf32, strided<[1], offset: 4>>) -> ()
  %v1 = "mdh.inp_view"(%t) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  memref.dealloc %t : memref<8xf32>
  return
}

// -----

func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// CHECK-LABEL: func.func @if_between
// CHECK: scf.parallel
// CHECK: scf.if
// CHECK: scf.parallel
// GPU-LABEL: func.func @if_between
// GPU: gpu.launch
// GPU: scf.if
// GPU: gpu.launch
func.func @if_between(%x: memref<8xf32>, %y: memref<8xf32>, %c: i1) {
  %t = memref.alloc() : memref<8xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  scf.if %c {
    %cast = memref.cast %t : memref<8xf32> to memref<?xf32>
    memref.store %zero, %cast[%c0] : memref<?xf32>
  }
  %v1 = "mdh.inp_view"(%t) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  memref.dealloc %t : memref<8xf32>
  return
}

// -----

// A view made between the md_homs touches no element: one part.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// CHECK-LABEL: func.func @view_between
// CHECK: scf.parallel
// CHECK: scf.parallel
// GPU-LABEL: func.func @view_between
// GPU: gpu.launch
// GPU-NOT: gpu.launch
// GPU: return
func.func @view_between(%x: memref<8xf32>, %y: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  %d = memref.cast %y : memref<8xf32> to memref<?xf32>
  %v1 = "mdh.inp_view"(%t) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  memref.dealloc %t : memref<8xf32>
  return
}
