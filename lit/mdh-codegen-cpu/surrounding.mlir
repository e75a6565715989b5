// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-schedule --mdh-codegen-cpu
// RUN: not %mdh-opt %s --split-input-file --pass-pipeline='builtin.module(mdh-schedule,mdh-map-gpu,mdh-codegen-gpu)' 2>&1 | FileCheck %s --check-prefix=GPU

// The generated code replaces a chain right after its last op, so an op
// between its md_homs that touches one of their buffers anywhere, in its
// regions or through a view, is an error at that op: never a silent
// reordering (issue 13, item 1). The gpu code generator refuses alike.
// GPU-COUNT-3: mdh-codegen-gpu cannot move the mdh ops of the function across this op

func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @loop_between(%x: memref<8xf32>, %y: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  // expected-error@+1 {{mdh-codegen-cpu cannot move the mdh ops of the function across this op, which uses their buffers in its regions}}
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
func.func @call_on_view(%x: memref<8xf32>, %y: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  %half = memref.subview %t[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  // expected-error@+1 {{mdh-codegen-cpu cannot move the mdh ops of the function across this op, which uses their buffers}}
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
func.func @if_between(%x: memref<8xf32>, %y: memref<8xf32>, %c: i1) {
  %t = memref.alloc() : memref<8xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  // expected-error@+1 {{mdh-codegen-cpu cannot move the mdh ops of the function across this op, which uses their buffers in its regions}}
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

// A view made between the md_homs touches no element: the chain compiles.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
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
