// RUN: %mdh-opt %s --split-input-file --mdh-schedule --mdh-map-gpu --mdh-codegen-gpu | FileCheck %s
// RUN: %mlir-opt-mdh %s --split-input-file --pass-pipeline='builtin.module(mdh-schedule,mdh-map-gpu,mdh-codegen-gpu)' | FileCheck %s

// A row reduction (block.x, thread.x): device copies of the buffers, one
// kernel whose threads accumulate in a private accumulator, a block
// reduction, and thread 0 storing the row's result; only the buffers read
// are copied in, only the written one back.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// CHECK-LABEL: func.func @matvec
// CHECK: %[[M:.*]] = gpu.alloc () : memref<5x3xf32>
// CHECK-NEXT: gpu.memcpy %[[M]], %arg0
// CHECK: %[[W:.*]] = gpu.alloc () : memref<5xf32>
// The output is overwritten whole and read by no view: not copied in.
// CHECK-NOT: gpu.memcpy %[[W]]
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in ({{.*}}) threads(%[[TX:.*]], %[[TY:.*]], %[[TZ:.*]]) in
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<1xf32>
// CHECK: scf.if
// CHECK: memref.load %[[M]][%[[BX]], %[[TX]]]
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[R:.*]] = func.call @mdh_block_reduce_add_f32
// CHECK: scf.if
// CHECK: memref.store %[[R]], %[[W]][%[[BX]]]
// CHECK: gpu.terminator
// CHECK: gpu.memcpy %arg2, %[[W]]
// CHECK-NOT: gpu.memcpy %arg0
// CHECK: gpu.dealloc
// CHECK-NOT: mdh.
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

// -----

// An all-reduction: global threads, a block reduction, then atomics across
// at most 1024 blocks.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// CHECK-LABEL: func.func @sum
// CHECK: %[[Y:.*]] = gpu.alloc () : memref<1xf32>
// The init kernel: the output := the identity of add.
// CHECK: gpu.launch
// CHECK: memref.store %{{.*}}, %[[Y]]
// CHECK: gpu.launch
// CHECK: memref.alloca() : memref<1xf32>
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c262144
// CHECK: func.call @mdh_block_reduce_add_f32
// CHECK: scf.if
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: llvm.inttoptr
// CHECK: func.call @mdh_atomic_add_f32
func.func @sum(%x: memref<1000000xf32>, %y: memref<1xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<1000000xf32>) -> !mdh.mda<array<i64: 1000000>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 1000000>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xf32>) -> ()
  return
}

// -----

// A sequential scan (given mapping) runs in the thread that owns its row
// (owner strategy); only the rows are distributed.
func.func private @id(%a: i32) -> i32 {
  return %a : i32
}
// CHECK-LABEL: func.func @rows
// CHECK: gpu.launch
// CHECK-NOT: memref.alloca
// CHECK: scf.for %[[J:.*]] = %c0 to
// CHECK: arith.cmpi sgt, %[[J]]
// CHECK: scf.if
// CHECK: arith.subi %[[J]]
// CHECK: arith.addi
// CHECK-NOT: mdh_atomic
func.func @rows(%x: memref<8x100xi32>, %y: memref<8x100xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<8x100xi32>) -> !mdh.mda<array<i64: 8, 100>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.ps<"add">], mdh.mapping = "global.x(8,1), seq"}
      : (!mdh.mda<array<i64: 8, 100>>) -> !mdh.mda<array<i64: 8, 100>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8, 100>>, memref<8x100xi32>) -> ()
  return
}


// -----

// Two functions whose kernels call the same runtime function share one
// declaration.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// CHECK: func.func private @mdh_block_reduce_add_f32(f32) -> f32
// CHECK-NOT: func.func private @mdh_block_reduce_add_f32
// CHECK-LABEL: func.func @first
// CHECK: call @mdh_block_reduce_add_f32
// CHECK-LABEL: func.func @second
// CHECK: call @mdh_block_reduce_add_f32
func.func @first(%M: memref<5x3xf32>, %v: memref<3xf32>, %w: memref<5xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.mapping = "block.x(5), thread.x(4)"}
      : (!mdh.mda<array<i64: 5, 3>>, !mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}
func.func @second(%M: memref<5x3xf32>, %v: memref<3xf32>, %w: memref<5xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.mapping = "block.x(5), thread.x(4)"}
      : (!mdh.mda<array<i64: 5, 3>>, !mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}

// -----

// One thread along the cc dimension: every thread of a block shares its
// row, so the block reduces first and only its thread 0 combines
// atomically into the result.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
// CHECK-LABEL: func.func @one_row_per_block
// CHECK: gpu.launch
// CHECK: gpu.launch
// CHECK: %[[R:.*]] = func.call @mdh_block_reduce_add_f32
// CHECK: scf.if
// CHECK: call @mdh_atomic_add_f32(%{{.*}}, %[[R]])
func.func @one_row_per_block(%x: memref<5x8xf32>, %r: memref<5xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x8xf32>) -> !mdh.mda<array<i64: 5, 8>>
  %h = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.mapping = "global.y(1,5), global.x(2,2)"}
      : (!mdh.mda<array<i64: 5, 8>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%h, %r) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}

// -----

// Accumulating out_views (mdh.accumulate): the output is copied in, the
// atomics of an all-reduction start from its value (no init kernel), and
// the owner of a row combines its result with the old value.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// CHECK-LABEL: func.func @sum_acc
// CHECK: %[[Y:.*]] = gpu.alloc () : memref<1xf32>
// CHECK-NEXT: gpu.memcpy %[[Y]], %arg1
// CHECK: gpu.launch
// CHECK: func.call @mdh_block_reduce_add_f32
// CHECK: func.call @mdh_atomic_add_f32
// CHECK: gpu.terminator
// CHECK-NOT: gpu.launch
// CHECK: gpu.memcpy %arg1, %[[Y]]
func.func @sum_acc(%x: memref<1000000xf32>, %y: memref<1xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<1000000xf32>) -> !mdh.mda<array<i64: 1000000>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 1000000>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>, mdh.accumulate}
      : (!mdh.mda<array<i64: 1>>, memref<1xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @rows_acc
// CHECK: %[[W:.*]] = gpu.alloc () : memref<5xf32>
// CHECK-NEXT: gpu.memcpy %[[W]], %arg1
// CHECK: gpu.launch
// CHECK: func.call @mdh_block_reduce_add_f32
// CHECK: scf.if
// CHECK: %[[OLD:.*]] = memref.load %[[W]]
// CHECK: %[[NEW:.*]] = arith.addf %[[OLD]], %{{.*}} : f32
// CHECK: memref.store %[[NEW]], %[[W]]
func.func @rows_acc(%x: memref<5x300xf32>, %w: memref<5xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x300xf32>) -> !mdh.mda<array<i64: 5, 300>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 5, 300>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>, mdh.accumulate}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}
