// The host build of the device runtime, libmdh_device_host.so, for the CPU
// emulation of kernels: identities and atomics work when called through
// func.call with f16/bf16/f32/i64 arguments (the x86 calling convention of
// LLVM's half/bfloat matches clang's _Float16/__bf16), and a block reduction,
// which needs threads running at once, stops with an error.
// RUN: mlir-opt %s --expand-strided-metadata --finalize-memref-to-llvm --convert-to-llvm --reconcile-unrealized-casts -o %t.mlir
// RUN: mlir-runner %t.mlir -e main -entry-point-result=void -shared-libs=%mdh_device_host,%mlir_c_runner_utils | FileCheck %s
// RUN: not mlir-runner %t.mlir -e reduce -entry-point-result=void -shared-libs=%mdh_device_host,%mlir_c_runner_utils 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: -inf
// CHECK-NEXT: 9223372036854775807
// CHECK-NEXT: 1.5
// CHECK-NEXT: 9.25
// CHECK-NEXT: -1.5
// CHECK-NEXT: nan
// CHECK-NEXT: -6
// CHECK-NEXT: -5

// ERR: mdh-device-host: error: block/warp reduce needs a GPU

func.func private @mdh_identity_max_f32() -> f32
func.func private @mdh_identity_min_i64() -> i64
func.func private @mdh_atomic_add_bf16(!llvm.ptr, bf16)
func.func private @mdh_atomic_max_f16(!llvm.ptr, f16)
func.func private @mdh_atomic_mul_f32(!llvm.ptr, f32)
func.func private @mdh_atomic_min_i64(!llvm.ptr, i64)
func.func private @mdh_block_reduce_add_f32(f32) -> f32
func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @print_f32(%v: f32) {
  func.call @printF32(%v) : (f32) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @print_i64(%v: i64) {
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// The generic pointer to element "i" of "m", as the helpers take it.
func.func @bf16_ptr(%m: memref<2xbf16>, %i: i64) -> !llvm.ptr {
  %a = memref.extract_aligned_pointer_as_index %m : memref<2xbf16> -> index
  %n = arith.index_cast %a : index to i64
  %p = llvm.inttoptr %n : i64 to !llvm.ptr
  %e = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
  return %e : !llvm.ptr
}

func.func @f16_ptr(%m: memref<1xf16>) -> !llvm.ptr {
  %a = memref.extract_aligned_pointer_as_index %m : memref<1xf16> -> index
  %n = arith.index_cast %a : index to i64
  %p = llvm.inttoptr %n : i64 to !llvm.ptr
  return %p : !llvm.ptr
}

func.func @f32_ptr(%m: memref<1xf32>) -> !llvm.ptr {
  %a = memref.extract_aligned_pointer_as_index %m : memref<1xf32> -> index
  %n = arith.index_cast %a : index to i64
  %p = llvm.inttoptr %n : i64 to !llvm.ptr
  return %p : !llvm.ptr
}

func.func @i64_ptr(%m: memref<1xi64>) -> !llvm.ptr {
  %a = memref.extract_aligned_pointer_as_index %m : memref<1xi64> -> index
  %n = arith.index_cast %a : index to i64
  %p = llvm.inttoptr %n : i64 to !llvm.ptr
  return %p : !llvm.ptr
}

func.func @identities() {
  %f = func.call @mdh_identity_max_f32() : () -> f32
  func.call @print_f32(%f) : (f32) -> ()
  %i = func.call @mdh_identity_min_i64() : () -> i64
  func.call @print_i64(%i) : (i64) -> ()
  return
}

// The bf16 add must leave its neighbour in the same 32-bit word alone.
func.func @add_bf16() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i1 = arith.constant 1 : i64
  %a = arith.constant 1.5 : bf16
  %b = arith.constant 7.0 : bf16
  %v = arith.constant 2.25 : bf16
  %m = memref.alloca() : memref<2xbf16>
  memref.store %a, %m[%c0] : memref<2xbf16>
  memref.store %b, %m[%c1] : memref<2xbf16>
  %p = func.call @bf16_ptr(%m, %i1) : (memref<2xbf16>, i64) -> !llvm.ptr
  func.call @mdh_atomic_add_bf16(%p, %v) : (!llvm.ptr, bf16) -> ()
  %r0 = memref.load %m[%c0] : memref<2xbf16>
  %r1 = memref.load %m[%c1] : memref<2xbf16>
  %f0 = arith.extf %r0 : bf16 to f32
  %f1 = arith.extf %r1 : bf16 to f32
  func.call @print_f32(%f0) : (f32) -> ()
  func.call @print_f32(%f1) : (f32) -> ()
  return
}

// max keeps the larger value, and a NaN wins.
func.func @max_f16() {
  %c0 = arith.constant 0 : index
  %a = arith.constant -3.0 : f16
  %v = arith.constant -1.5 : f16
  %nan = arith.constant 0x7E00 : f16
  %m = memref.alloca() : memref<1xf16>
  memref.store %a, %m[%c0] : memref<1xf16>
  %p = func.call @f16_ptr(%m) : (memref<1xf16>) -> !llvm.ptr
  func.call @mdh_atomic_max_f16(%p, %v) : (!llvm.ptr, f16) -> ()
  %r = memref.load %m[%c0] : memref<1xf16>
  %f = arith.extf %r : f16 to f32
  func.call @print_f32(%f) : (f32) -> ()
  func.call @mdh_atomic_max_f16(%p, %nan) : (!llvm.ptr, f16) -> ()
  %r2 = memref.load %m[%c0] : memref<1xf16>
  %f2 = arith.extf %r2 : f16 to f32
  func.call @print_f32(%f2) : (f32) -> ()
  return
}

func.func @mul_f32_min_i64() {
  %c0 = arith.constant 0 : index
  %a = arith.constant 1.5 : f32
  %v = arith.constant -4.0 : f32
  %m = memref.alloca() : memref<1xf32>
  memref.store %a, %m[%c0] : memref<1xf32>
  %p = func.call @f32_ptr(%m) : (memref<1xf32>) -> !llvm.ptr
  func.call @mdh_atomic_mul_f32(%p, %v) : (!llvm.ptr, f32) -> ()
  %r = memref.load %m[%c0] : memref<1xf32>
  func.call @print_f32(%r) : (f32) -> ()
  %id = func.call @mdh_identity_min_i64() : () -> i64
  %w = arith.constant -5 : i64
  %n = memref.alloca() : memref<1xi64>
  memref.store %id, %n[%c0] : memref<1xi64>
  %q = func.call @i64_ptr(%n) : (memref<1xi64>) -> !llvm.ptr
  func.call @mdh_atomic_min_i64(%q, %w) : (!llvm.ptr, i64) -> ()
  %s = memref.load %n[%c0] : memref<1xi64>
  func.call @print_i64(%s) : (i64) -> ()
  return
}

func.func @main() {
  func.call @identities() : () -> ()
  func.call @add_bf16() : () -> ()
  func.call @max_f16() : () -> ()
  func.call @mul_f32_min_i64() : () -> ()
  return
}

func.func @reduce() {
  %v = arith.constant 1.0 : f32
  %r = func.call @mdh_block_reduce_add_f32(%v) : (f32) -> f32
  func.call @print_f32(%r) : (f32) -> ()
  return
}
