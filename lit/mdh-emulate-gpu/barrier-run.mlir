// Kernels whose threads meet, run on the CPU by mdh-gpu-emulated-pipeline
// (mdh-emulate-gpu runs their blocks as OpenMP teams): lowered by mdh-opt
// and by stock mlir-opt with the plugin and run by mlir-runner, and run by
// mdh-run. Each kernel reads, after a barrier, what other threads of its
// block wrote to workgroup memory, so the mismatch counts below are not 0
// when threads run one after another or the barriers are dropped.
// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-gpu-emulated-pipeline)' -o %t.mlir
// RUN: mlir-runner %t.mlir -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%libomp,%mdh_emulate | FileCheck %s
// RUN: %mlir-opt-mdh %s --pass-pipeline='builtin.module(mdh-gpu-emulated-pipeline)' -o %t.plugin.mlir
// RUN: mlir-runner %t.plugin.mlir -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%libomp,%mdh_emulate | FileCheck %s
// RUN: mdh-run %s --entry=main --pipeline=gpu-emulated | FileCheck %s

// A block that OpenMP cannot give all its threads stops the run with exit
// code 1 instead of computing with fewer threads.
// RUN: env OMP_THREAD_LIMIT=16 mdh-run %s --entry=main --pipeline=gpu-emulated 2> %t.err; test $? = 1
// RUN: FileCheck %s --check-prefix=LIMIT < %t.err
// LIMIT: mdh-emulate: error: a block of 256 threads runs as an OpenMP team of 16 threads

// @reverse: no element wrong, then out[0] and out[256].
// CHECK: 0
// CHECK-NEXT: 255
// CHECK-NEXT: 511
// @matmul: no element wrong, then C[0][0] and C[31][31].
// CHECK-NEXT: 0
// CHECK-NEXT: 278
// CHECK-NEXT: 277
// @block_sums: no element wrong, then the sums of blocks 0 and 3.
// CHECK-NEXT: 0
// CHECK-NEXT: 8128
// CHECK-NEXT: 57280

func.func private @printI64(i64)
func.func private @printF32(f32)
func.func private @printNewline()
func.func private @mdh_block_reduce_add_f32(f32) -> f32

// Each block of 256 threads reverses its part of "in" through workgroup
// memory: thread t reads what thread 255-t stored.
func.func @reverse(%in: memref<1024xf32>, %out: memref<1024xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c255 = arith.constant 255 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1)
             workgroup(%tile : memref<256xf32, #gpu.address_space<workgroup>>) {
    %base = arith.muli %bx, %c256 : index
    %g = arith.addi %base, %tx : index
    %v = memref.load %in[%g] : memref<1024xf32>
    memref.store %v, %tile[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %r = arith.subi %c255, %tx : index
    %w = memref.load %tile[%r] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%g] : memref<1024xf32>
    gpu.terminator
  }
  return
}

// C = A B in 16x16 tiles, as a tiled matmul does: a 2x2 grid of 16x16
// blocks walks k in three steps, each copying a tile of A and of B to
// workgroup memory, a barrier, multiplying the tiles into a private
// accumulator, and a barrier before the next step overwrites them.
func.func @matmul(%A: memref<32x48xf32>, %B: memref<48x32xf32>,
                  %C: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c48 = arith.constant 48 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1)
             workgroup(%As : memref<16x16xf32, #gpu.address_space<workgroup>>,
                       %Bs : memref<16x16xf32, #gpu.address_space<workgroup>>) {
    %acc = memref.alloca() : memref<1xf32>
    memref.store %zero, %acc[%c0] : memref<1xf32>
    %by16 = arith.muli %by, %c16 : index
    %row = arith.addi %by16, %ty : index
    %bx16 = arith.muli %bx, %c16 : index
    %col = arith.addi %bx16, %tx : index
    scf.for %k0 = %c0 to %c48 step %c16 {
      %ka = arith.addi %k0, %tx : index
      %a = memref.load %A[%row, %ka] : memref<32x48xf32>
      memref.store %a, %As[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      %kb = arith.addi %k0, %ty : index
      %b = memref.load %B[%kb, %col] : memref<48x32xf32>
      memref.store %b, %Bs[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %kk = %c0 to %c16 step %c1 {
        %x = memref.load %As[%ty, %kk] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %y = memref.load %Bs[%kk, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %p = arith.mulf %x, %y : f32
        %s = memref.load %acc[%c0] : memref<1xf32>
        %t = arith.addf %s, %p : f32
        memref.store %t, %acc[%c0] : memref<1xf32>
      }
      gpu.barrier
    }
    %r = memref.load %acc[%c0] : memref<1xf32>
    memref.store %r, %C[%row, %col] : memref<32x32xf32>
    gpu.terminator
  }
  return
}

// Every thread of a block of 128 gets the block's sum from a block
// reduction, as on a GPU, of values it reads from workgroup memory: thread
// t reduces the value of thread (t+1) mod 128.
func.func @block_sums(%in: memref<512xf32>, %out: memref<512xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1)
             workgroup(%tile : memref<128xf32, #gpu.address_space<workgroup>>) {
    %base = arith.muli %bx, %c128 : index
    %g = arith.addi %base, %tx : index
    %v = memref.load %in[%g] : memref<512xf32>
    memref.store %v, %tile[%tx] : memref<128xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %n = arith.addi %tx, %c1 : index
    %m = arith.remsi %n, %c128 : index
    %w = memref.load %tile[%m] : memref<128xf32, #gpu.address_space<workgroup>>
    %r = func.call @mdh_block_reduce_add_f32(%w) : (f32) -> f32
    memref.store %r, %out[%g] : memref<512xf32>
    gpu.terminator
  }
  return
}

func.func @print_i64(%v: i64) {
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @print_f32(%v: f32) {
  func.call @printF32(%v) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}

// "i" as f32.
func.func @to_f32(%i: index) -> f32 {
  %n = arith.index_cast %i : index to i64
  %f = arith.sitofp %n : i64 to f32
  return %f : f32
}

// Prints how many elements of "got" differ from "want".
func.func @print_mismatches(%got: memref<?xf32>, %want: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %n = memref.dim %got, %c0 : memref<?xf32>
  %bad = scf.for %i = %c0 to %n step %c1 iter_args(%k = %zero) -> i64 {
    %a = memref.load %got[%i] : memref<?xf32>
    %b = memref.load %want[%i] : memref<?xf32>
    %ne = arith.cmpf une, %a, %b : f32
    %one = arith.extui %ne : i1 to i64
    %k1 = arith.addi %k, %one : i64
    scf.yield %k1 : i64
  }
  func.call @print_i64(%bad) : (i64) -> ()
  return
}

func.func @run_reverse() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c255 = arith.constant 255 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %in = memref.alloc() : memref<1024xf32>
  %out = memref.alloc() : memref<1024xf32>
  %want = memref.alloc() : memref<1024xf32>
  scf.for %i = %c0 to %c1024 step %c1 {
    %f = func.call @to_f32(%i) : (index) -> f32
    memref.store %f, %in[%i] : memref<1024xf32>
    %t = arith.remsi %i, %c256 : index
    %b = arith.subi %i, %t : index
    %rt = arith.subi %c255, %t : index
    %e = arith.addi %b, %rt : index
    %ef = func.call @to_f32(%e) : (index) -> f32
    memref.store %ef, %want[%i] : memref<1024xf32>
  }
  func.call @reverse(%in, %out) : (memref<1024xf32>, memref<1024xf32>) -> ()
  %got_d = memref.cast %out : memref<1024xf32> to memref<?xf32>
  %want_d = memref.cast %want : memref<1024xf32> to memref<?xf32>
  func.call @print_mismatches(%got_d, %want_d) : (memref<?xf32>, memref<?xf32>) -> ()
  %v0 = memref.load %out[%c0] : memref<1024xf32>
  func.call @print_f32(%v0) : (f32) -> ()
  %v1 = memref.load %out[%c256] : memref<1024xf32>
  func.call @print_f32(%v1) : (f32) -> ()
  memref.dealloc %in : memref<1024xf32>
  memref.dealloc %out : memref<1024xf32>
  memref.dealloc %want : memref<1024xf32>
  return
}

// A[i][k] = (i + k) mod 7 and B[k][j] = (3k + j) mod 5: small integers,
// so every order of summation gives the same sums.
func.func @run_matmul() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<32x48xf32>
  %B = memref.alloc() : memref<48x32xf32>
  %C = memref.alloc() : memref<32x32xf32>
  %W = memref.alloc() : memref<32x32xf32>
  scf.for %i = %c0 to %c32 step %c1 {
    scf.for %k = %c0 to %c48 step %c1 {
      %s = arith.addi %i, %k : index
      %m = arith.remsi %s, %c7 : index
      %f = func.call @to_f32(%m) : (index) -> f32
      memref.store %f, %A[%i, %k] : memref<32x48xf32>
      %k3 = arith.muli %k, %c3 : index
      %t = arith.addi %k3, %i : index
      %n = arith.remsi %t, %c5 : index
      %g = func.call @to_f32(%n) : (index) -> f32
      memref.store %g, %B[%k, %i] : memref<48x32xf32>
    }
  }
  scf.for %i = %c0 to %c32 step %c1 {
    scf.for %j = %c0 to %c32 step %c1 {
      %sum = scf.for %k = %c0 to %c48 step %c1 iter_args(%acc = %zero) -> f32 {
        %a = memref.load %A[%i, %k] : memref<32x48xf32>
        %b = memref.load %B[%k, %j] : memref<48x32xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %sum, %W[%i, %j] : memref<32x32xf32>
    }
  }
  func.call @matmul(%A, %B, %C) : (memref<32x48xf32>, memref<48x32xf32>, memref<32x32xf32>) -> ()
  %got = memref.collapse_shape %C [[0, 1]] : memref<32x32xf32> into memref<1024xf32>
  %want = memref.collapse_shape %W [[0, 1]] : memref<32x32xf32> into memref<1024xf32>
  %got_d = memref.cast %got : memref<1024xf32> to memref<?xf32>
  %want_d = memref.cast %want : memref<1024xf32> to memref<?xf32>
  func.call @print_mismatches(%got_d, %want_d) : (memref<?xf32>, memref<?xf32>) -> ()
  %v0 = memref.load %C[%c0, %c0] : memref<32x32xf32>
  func.call @print_f32(%v0) : (f32) -> ()
  %v1 = memref.load %C[%c31, %c31] : memref<32x32xf32>
  func.call @print_f32(%v1) : (f32) -> ()
  memref.dealloc %A : memref<32x48xf32>
  memref.dealloc %B : memref<48x32xf32>
  memref.dealloc %C : memref<32x32xf32>
  memref.dealloc %W : memref<32x32xf32>
  return
}

// in[i] = i, so block b sums to 16384 b + 8128.
func.func @run_block_sums() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c511 = arith.constant 511 : index
  %c512 = arith.constant 512 : index
  %c8128 = arith.constant 8128 : index
  %c16384 = arith.constant 16384 : index
  %in = memref.alloc() : memref<512xf32>
  %out = memref.alloc() : memref<512xf32>
  %want = memref.alloc() : memref<512xf32>
  scf.for %i = %c0 to %c512 step %c1 {
    %f = func.call @to_f32(%i) : (index) -> f32
    memref.store %f, %in[%i] : memref<512xf32>
    %b = arith.divsi %i, %c128 : index
    %s = arith.muli %b, %c16384 : index
    %e = arith.addi %s, %c8128 : index
    %ef = func.call @to_f32(%e) : (index) -> f32
    memref.store %ef, %want[%i] : memref<512xf32>
  }
  func.call @block_sums(%in, %out) : (memref<512xf32>, memref<512xf32>) -> ()
  %got_d = memref.cast %out : memref<512xf32> to memref<?xf32>
  %want_d = memref.cast %want : memref<512xf32> to memref<?xf32>
  func.call @print_mismatches(%got_d, %want_d) : (memref<?xf32>, memref<?xf32>) -> ()
  %v0 = memref.load %out[%c0] : memref<512xf32>
  func.call @print_f32(%v0) : (f32) -> ()
  %v1 = memref.load %out[%c511] : memref<512xf32>
  func.call @print_f32(%v1) : (f32) -> ()
  memref.dealloc %in : memref<512xf32>
  memref.dealloc %out : memref<512xf32>
  memref.dealloc %want : memref<512xf32>
  return
}

func.func @main() {
  func.call @run_reverse() : () -> ()
  func.call @run_matmul() : () -> ()
  func.call @run_block_sums() : () -> ()
  return
}
