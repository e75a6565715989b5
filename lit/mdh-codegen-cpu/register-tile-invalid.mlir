// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-schedule --mdh-codegen-cpu

// mdh.vector_bits must name a vector width the register tiles know.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// expected-error@+1 {{mdh.vector_bits must be the integer 128, 256 or 512}}
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) attributes {mdh.vector_bits = 100 : i64} {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 64, 64>>, !mdh.mda<array<i64: 64, 64, 64>>) -> !mdh.mda<array<i64: 64, 64, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64, 1>>, memref<64x64xf32>) -> ()
  return
}

// -----

// One size per dimension.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) attributes {mdh.vector_bits = 512 : i64} {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  // expected-error@+1 {{mdh-codegen-cpu: mdh.tile_sizes must be an array<i64> of 3 sizes, one per dimension}}
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">], mdh.tile_sizes = array<i64: 12, 0>}
      : (!mdh.mda<array<i64: 64, 64, 64>>, !mdh.mda<array<i64: 64, 64, 64>>) -> !mdh.mda<array<i64: 64, 64, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64, 1>>, memref<64x64xf32>) -> ()
  return
}

// -----

// mdh.cache_bytes must be two cache sizes (L1, L2) in bytes: not one, not
// 0, not beyond 2^40, not of another element type.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// expected-error@+1 {{mdh.cache_bytes must be array<i64: L1, L2>, two sizes in bytes from 1 to 2^40}}
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) attributes {mdh.cache_bytes = array<i64: 32768>} {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 64, 64>>, !mdh.mda<array<i64: 64, 64, 64>>) -> !mdh.mda<array<i64: 64, 64, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64, 1>>, memref<64x64xf32>) -> ()
  return
}

// -----

func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// expected-error@+1 {{mdh.cache_bytes must be array<i64: L1, L2>, two sizes in bytes from 1 to 2^40}}
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) attributes {mdh.cache_bytes = array<i64: 0, 524288>} {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 64, 64>>, !mdh.mda<array<i64: 64, 64, 64>>) -> !mdh.mda<array<i64: 64, 64, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64, 1>>, memref<64x64xf32>) -> ()
  return
}

// -----

func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// expected-error@+1 {{mdh.cache_bytes must be array<i64: L1, L2>, two sizes in bytes from 1 to 2^40}}
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) attributes {mdh.cache_bytes = array<i64: 32768, 2199023255553>} {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 64, 64>>, !mdh.mda<array<i64: 64, 64, 64>>) -> !mdh.mda<array<i64: 64, 64, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64, 1>>, memref<64x64xf32>) -> ()
  return
}

// -----

func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// expected-error@+1 {{mdh.cache_bytes must be array<i64: L1, L2>, two sizes in bytes from 1 to 2^40}}
func.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) attributes {mdh.cache_bytes = array<i32: 32768, 524288>} {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64, 64>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 64, 64>>, !mdh.mda<array<i64: 64, 64, 64>>) -> !mdh.mda<array<i64: 64, 64, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64, 1>>, memref<64x64xf32>) -> ()
  return
}
