// The host side of a gpu.launch, lowered by the stock NVVM pipeline (PTX
// embedded: no ptxas needed) and run by mlir-runner over the CPU mock of the
// runtime: the whole call sequence, in order. Kernels do not run on the mock,
// so the element copied in and out keeps its value (42, where a GPU gives 84).
// mock-sequence-cubin.test runs the same module with a cubin and a fatbin.

// RUN: mlir-opt %s --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90 cubin-features=+ptx80 cubin-format=isa" -o %t.mlir
// RUN: %mlir-runner %t.mlir -e main -entry-point-result=void -shared-libs=%mdh_rt_mock,%mlir_c_runner_utils 2> %t.log | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --input-file=%t.log --check-prefixes=LOG,PTX
// With the log off, only errors and the program's output remain.
// RUN: env MDH_RT_MOCK_LOG=0 %mlir-runner %t.mlir -e main -entry-point-result=void -shared-libs=%mdh_rt_mock,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=QUIET

// OUT: 42

// PTX: mdh-rt-mock: mgpuModuleLoadJIT format=ptx bytes={{[0-9]+}} opt=2 module=1
// LOG-NEXT: mdh-rt-mock: mgpuStreamCreate stream=1
// LOG-NEXT: mdh-rt-mock: mgpuMemAlloc bytes=4096 host_shared=0 buf=1 stream=1
// LOG-NEXT: mdh-rt-mock: mgpuMemset32 count=1024 value=0x3f800000 dst=buf1 stream=1
// LOG-NEXT: mdh-rt-mock: mgpuMemcpy bytes=4096 dir=HtoD dst=buf1 src=host stream=1
// LOG-NEXT: mdh-rt-mock: mgpuModuleGetFunction module=1 name=main_kernel
// LOG-NEXT: mdh-rt-mock: mgpuLaunchKernel fn=main_kernel grid=(4,1,1) block=(256,1,1) smem=1024 params=5 stream=1
// LOG-NEXT: mdh-rt-mock: mgpuMemcpy bytes=4096 dir=DtoH dst=host src=buf1 stream=1
// LOG-NEXT: mdh-rt-mock: mgpuMemFree buf=1 stream=1
// LOG-NEXT: mdh-rt-mock: mgpuStreamSynchronize stream=1
// LOG-NEXT: mdh-rt-mock: mgpuStreamDestroy stream=1
// LOG-NEXT: mdh-rt-mock: mgpuModuleUnload module=1
// LOG-NOT: mdh-rt-mock

// QUIET-NOT: mdh-rt-mock
// QUIET: 42
// QUIET-NOT: mdh-rt-mock

func.func @main() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c7 = arith.constant 7 : index
  %c256 = arith.constant 256 : index
  %smem = arith.constant 1024 : i32
  %one = arith.constant 1.0 : f32
  %c42 = arith.constant 42.0 : f32
  %h = memref.alloc() : memref<1024xf32>
  %r = memref.alloc() : memref<1024xf32>
  memref.store %c42, %h[%c7] : memref<1024xf32>
  %t0 = gpu.wait async
  %d, %t1 = gpu.alloc async [%t0] () : memref<1024xf32>
  %t2 = gpu.memset async [%t1] %d, %one : memref<1024xf32>, f32
  %t3 = gpu.memcpy async [%t2] %d, %h : memref<1024xf32>, memref<1024xf32>
  %t4 = gpu.launch async [%t3]
      blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1)
      dynamic_shared_memory_size %smem {
    %b = arith.muli %bx, %sx : index
    %i = arith.addi %b, %tx : index
    %v = memref.load %d[%i] : memref<1024xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %d[%i] : memref<1024xf32>
    gpu.terminator
  }
  %t5 = gpu.memcpy async [%t4] %r, %d : memref<1024xf32>, memref<1024xf32>
  %t6 = gpu.dealloc async [%t5] %d : memref<1024xf32>
  gpu.wait [%t6]
  %x = memref.load %r[%c7] : memref<1024xf32>
  vector.print %x : f32
  memref.dealloc %h : memref<1024xf32>
  memref.dealloc %r : memref<1024xf32>
  return
}
