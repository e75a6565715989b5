// The device runtime linked into a kernel: nvvm-attach-target{l=...} links
// libmdh_device.bc, the helpers are inlined (no call is left), and the
// warp/block reductions and atomics become the expected PTX.
// RUN: mlir-opt %s --pass-pipeline=%mdh_link_pipeline_isa -o %t.mlir
// RUN: FileCheck %s --check-prefix=TARGET < %t.mlir
// RUN: %extract_ptx %t.mlir > %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: FileCheck %s --check-prefix=INLINED < %t.ptx

// TARGET: gpu.binary @kernels [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80", link = ["{{.*}}/libmdh_device.bc"]>

// The helpers take the kernel's PTX version and chip, not clang's.
// CHECK: .version 8.0
// CHECK: .target sm_90
// CHECK-LABEL: .entry combine(
// CHECK: .shared .align 8 .b8 mdh_scratch[256];
// CHECK-DAG: shfl.sync.bfly.b32
// CHECK-DAG: shfl.sync.down.b32
// CHECK-DAG: bar.sync 0;
// CHECK-DAG: atom.global.add.f32
// CHECK-DAG: atom.global.add.noftz.f16
// CHECK-DAG: atom.global.add.noftz.bf16
// CHECK-DAG: atom.global.min.s64
// CHECK-DAG: atom.global.xor.b32
// CHECK-DAG: max.f64
// CHECK-DAG: atom.relaxed.sys.global.cas.b64
// CHECK-DAG: mul.lo.s32
// CHECK-DAG: atom.relaxed.sys.global.cas.b32
// The min identity of f32 folds to +inf.
// CHECK-DAG: st.global.b32 [%rd{{[0-9]+}}+48], 2139095040;

// INLINED-NOT: call
// INLINED-NOT: .extern

module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func private @mdh_identity_min_f32() -> f32
    func.func private @mdh_warp_reduce_add_f32(f32) -> f32
    func.func private @mdh_warp_reduce_max_f64(f64) -> f64
    func.func private @mdh_block_reduce_add_bf16(bf16) -> bf16
    func.func private @mdh_block_reduce_mul_f16(f16) -> f16
    func.func private @mdh_block_reduce_min_i64(i64) -> i64
    func.func private @mdh_atomic_add_f32(!llvm.ptr, f32)
    func.func private @mdh_atomic_add_f16(!llvm.ptr, f16)
    func.func private @mdh_atomic_add_bf16(!llvm.ptr, bf16)
    func.func private @mdh_atomic_max_f64(!llvm.ptr, f64)
    func.func private @mdh_atomic_mul_i32(!llvm.ptr, i32)
    func.func private @mdh_atomic_min_i64(!llvm.ptr, i64)
    func.func private @mdh_atomic_xor_i32(!llvm.ptr, i32)

    // The generic pointer to element 0 of "m": what the helpers take.
    func.func @base(%m: memref<?xi8>) -> !llvm.ptr {
      %a = memref.extract_aligned_pointer_as_index %m : memref<?xi8> -> index
      %i = arith.index_cast %a : index to i64
      %p = llvm.inttoptr %i : i64 to !llvm.ptr
      return %p : !llvm.ptr
    }

    gpu.func @combine(%x: memref<1024xf32>, %out: memref<?xi8>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<1024xf32>
      %d = arith.extf %v : f32 to f64
      %h = arith.truncf %v : f32 to f16
      %b = arith.truncf %v : f32 to bf16
      %n = arith.fptosi %v : f32 to i64
      %k = arith.fptosi %v : f32 to i32
      %id = func.call @mdh_identity_min_f32() : () -> f32
      %ws = func.call @mdh_warp_reduce_add_f32(%v) : (f32) -> f32
      %wm = func.call @mdh_warp_reduce_max_f64(%d) : (f64) -> f64
      %bb = func.call @mdh_block_reduce_add_bf16(%b) : (bf16) -> bf16
      %bh = func.call @mdh_block_reduce_mul_f16(%h) : (f16) -> f16
      %bn = func.call @mdh_block_reduce_min_i64(%n) : (i64) -> i64
      %p = func.call @base(%out) : (memref<?xi8>) -> !llvm.ptr
      %p16 = llvm.getelementptr %p[8] : (!llvm.ptr) -> !llvm.ptr, i8
      %p18 = llvm.getelementptr %p[10] : (!llvm.ptr) -> !llvm.ptr, i8
      %p24 = llvm.getelementptr %p[16] : (!llvm.ptr) -> !llvm.ptr, i8
      %p32 = llvm.getelementptr %p[24] : (!llvm.ptr) -> !llvm.ptr, i8
      %p40 = llvm.getelementptr %p[32] : (!llvm.ptr) -> !llvm.ptr, i8
      %p48 = llvm.getelementptr %p[40] : (!llvm.ptr) -> !llvm.ptr, i8
      %p56 = llvm.getelementptr %p[48] : (!llvm.ptr) -> !llvm.ptr, i8
      llvm.store %id, %p56 : f32, !llvm.ptr
      func.call @mdh_atomic_add_f32(%p, %ws) : (!llvm.ptr, f32) -> ()
      func.call @mdh_atomic_add_f16(%p16, %bh) : (!llvm.ptr, f16) -> ()
      func.call @mdh_atomic_add_bf16(%p18, %bb) : (!llvm.ptr, bf16) -> ()
      func.call @mdh_atomic_max_f64(%p24, %wm) : (!llvm.ptr, f64) -> ()
      func.call @mdh_atomic_mul_i32(%p32, %k) : (!llvm.ptr, i32) -> ()
      func.call @mdh_atomic_min_i64(%p40, %bn) : (!llvm.ptr, i64) -> ()
      func.call @mdh_atomic_xor_i32(%p48, %k) : (!llvm.ptr, i32) -> ()
      gpu.return
    }
  }
}
