// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-kernel-args)' | FileCheck %s
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-kernel-args,gpu.module(convert-gpu-to-nvvm{index-bitwidth=64}),mdh-kernel-args)' | FileCheck %s --check-prefix=NVVM
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-kernel-args,gpu.module(convert-gpu-to-nvvm{index-bitwidth=64}))' | FileCheck %s --check-prefix=ALIGN

// mdh-kernel-args before the conversion marks the memref arguments
// that a kernel only loads, and that no written argument may alias at any
// launch, llvm.readonly, and records where their aligned pointers go
// (memref<8xf32>: 5 parameters, the aligned pointer second); after it, the
// recorded read-only pointers become llvm.noalias (what NVPTX needs for
// ld.global.nc) and the record goes. Arguments that every launch passes a
// whole gpu.alloc buffer are used through memref.assume_alignment.

module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @copy(
    // CHECK-SAME: %{{.*}}: memref<8xf32> {llvm.readonly}, %{{.*}}: memref<8xf32>)
    // CHECK-SAME: mdh.invariant_args = array<i64: 1>
    // NVVM-LABEL: llvm.func @copy(
    // NVVM-SAME: %{{.*}}: !llvm.ptr {llvm.readonly}, %{{.*}}: !llvm.ptr {llvm.noalias, llvm.readonly}, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr,
    // CHECK-NEXT: %[[A:.*]] = memref.assume_alignment %arg0, 16
    // CHECK-NEXT: %[[B:.*]] = memref.assume_alignment %arg1, 16
    // CHECK: memref.load %[[A]]
    // CHECK: memref.store %{{.*}}, %[[B]]
    // NVVM-NOT: mdh.invariant_args
    gpu.func @copy(%a: memref<8xf32>, %b: memref<8xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %a[%t] : memref<8xf32>
      memref.store %v, %b[%t] : memref<8xf32>
      gpu.return
    }
    // Loads through views count as loads; an index argument shifts the
    // positions (one parameter); the written %b is not marked.
    // CHECK-LABEL: gpu.func @views(
    // CHECK-SAME: %{{.*}}: index, %{{.*}}: memref<2x4xf32> {llvm.readonly}, %{{.*}}: memref<8xf32>)
    // CHECK-SAME: mdh.invariant_args = array<i64: 2>
    // CHECK-NOT: memref.assume_alignment %arg0
    // CHECK: memref.assume_alignment %arg1, 16
    gpu.func @views(%n: index, %a: memref<2x4xf32>, %b: memref<8xf32>) kernel {
      %t = gpu.thread_id x
      %c = memref.collapse_shape %a [[0, 1]] : memref<2x4xf32> into memref<8xf32>
      %al = memref.assume_alignment %c, 16 : memref<8xf32>
      %v = memref.load %al[%t] : memref<8xf32>
      memref.store %v, %b[%n] : memref<8xf32>
      gpu.return
    }
    // Launched once with two allocations and once with one allocation for
    // both: %a may be %b, which the kernel writes.
    // CHECK-LABEL: gpu.func @in_place(
    // CHECK-NOT: llvm.readonly
    // CHECK-NOT: mdh.invariant_args
    // CHECK: gpu.return
    gpu.func @in_place(%a: memref<8xf32>, %b: memref<8xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %a[%t] : memref<8xf32>
      memref.store %v, %b[%t] : memref<8xf32>
      gpu.return
    }
    // Arguments of the host function may be one buffer, and nothing is
    // known of their alignment.
    // CHECK-LABEL: gpu.func @host_args(
    // CHECK-NOT: llvm.readonly
    // CHECK-NOT: mdh.invariant_args
    // CHECK-NOT: memref.assume_alignment
    // CHECK: gpu.return
    gpu.func @host_args(%a: memref<8xf32>, %b: memref<8xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %a[%t] : memref<8xf32>
      memref.store %v, %b[%t] : memref<8xf32>
      gpu.return
    }
    // Read and written (an accumulation), or passed to an op the pass does
    // not know: neither is marked; the only-read %c is.
    // CHECK-LABEL: gpu.func @unknown(
    // CHECK-SAME: %{{.*}}: memref<8xf32>, %{{.*}}: memref<8xf32>, %{{.*}}: memref<8xf32> {llvm.readonly})
    // CHECK-SAME: mdh.invariant_args = array<i64: 11>
    gpu.func @unknown(%a: memref<8xf32>, %b: memref<8xf32>, %c: memref<8xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %a[%t] : memref<8xf32>
      %w = memref.load %c[%t] : memref<8xf32>
      %s = arith.addf %v, %w : f32
      memref.store %s, %a[%t] : memref<8xf32>
      %x = memref.atomic_rmw addf %s, %b[%t] : (f32, memref<8xf32>) -> f32
      gpu.return
    }
    // A view of a device buffer may start anywhere: not aligned, but
    // read-only.
    // CHECK-LABEL: gpu.func @offset(
    // CHECK-SAME: {llvm.readonly}
    // CHECK-NOT: memref.assume_alignment %arg0
    // CHECK: memref.assume_alignment %arg1, 16
    // CHECK-NOT: memref.assume_alignment
    // CHECK: gpu.return
    gpu.func @offset(%a: memref<4xf32, strided<[1], offset: 1>>, %b: memref<8xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %a[%t] : memref<4xf32, strided<[1], offset: 1>>
      memref.store %v, %b[%t] : memref<8xf32>
      gpu.return
    }
    // An asynchronous copy reads its source (the kernel argument) and
    // writes shared memory: the argument stays read-only. The shared
    // arrays are aligned to 16 bytes (vector accesses and 16-byte
    // cp.async).
    // CHECK-LABEL: gpu.func @async(
    // CHECK-SAME: %{{.*}}: memref<8xf32> {llvm.readonly}, %{{.*}}: memref<8xf32>)
    // CHECK-SAME: workgroup(%{{.*}} : memref<8xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %{{.*}} : memref<8xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
    // NVVM-LABEL: llvm.func @async(
    // NVVM-SAME: %{{.*}}: !llvm.ptr {llvm.noalias, llvm.readonly}
    // ALIGN-COUNT-2: llvm.mlir.global internal @__wg_async_{{[01]}}() {addr_space = 3 : i32, alignment = 16 : i64}
    gpu.func @async(%a: memref<8xf32>, %b: memref<8xf32>) workgroup(%s0 : memref<8xf32, #gpu.address_space<workgroup>>, %s1 : memref<8xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %k = nvgpu.device_async_copy %a[%c0], %s0[%c0], 4 {bypassL1} : memref<8xf32> to memref<8xf32, #gpu.address_space<workgroup>>
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 0
      gpu.barrier
      %v = memref.load %s0[%t] : memref<8xf32, #gpu.address_space<workgroup>>
      memref.store %v, %s1[%t] : memref<8xf32, #gpu.address_space<workgroup>>
      %w = memref.load %s1[%t] : memref<8xf32, #gpu.address_space<workgroup>>
      memref.store %w, %b[%t] : memref<8xf32>
      gpu.return
    }
    // Never launched: nothing to check the aliasing with, so no marks.
    // CHECK-LABEL: gpu.func @unlaunched(
    // CHECK-NOT: llvm.readonly
    // CHECK-NOT: memref.assume_alignment
    // CHECK: gpu.return
    gpu.func @unlaunched(%a: memref<8xf32>, %b: memref<8xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %a[%t] : memref<8xf32>
      memref.store %v, %b[%t] : memref<8xf32>
      gpu.return
    }
  }
  func.func @host(%x: memref<8xf32>, %y: memref<8xf32>) {
    %c1 = arith.constant 1 : index
    %a = gpu.alloc () : memref<8xf32>
    %b = gpu.alloc () : memref<8xf32>
    %m = gpu.alloc () : memref<2x4xf32>
    gpu.launch_func @k::@copy blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<8xf32>, %b : memref<8xf32>)
    gpu.launch_func @k::@views blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%c1 : index, %m : memref<2x4xf32>, %b : memref<8xf32>)
    gpu.launch_func @k::@in_place blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<8xf32>, %b : memref<8xf32>)
    gpu.launch_func @k::@in_place blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<8xf32>, %a : memref<8xf32>)
    gpu.launch_func @k::@host_args blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<8xf32>, %y : memref<8xf32>)
    %s = memref.subview %a[1] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 1>>
    gpu.launch_func @k::@offset blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%s : memref<4xf32, strided<[1], offset: 1>>, %b : memref<8xf32>)
    gpu.launch_func @k::@unknown blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<8xf32>, %b : memref<8xf32>, %x : memref<8xf32>)
    gpu.launch_func @k::@async blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<8xf32>, %b : memref<8xf32>)
    return
  }
}
