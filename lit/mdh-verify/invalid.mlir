// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-verify

// Every semantic rule of mdh-verify (docs/dialect.md) and every distinct
// error message of dialect/verify.c, one minimal program per case.

// An access map must have D dimensions (D = rank of the MDA).
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @arity(%x: memref<8xf32>) {
  // expected-error@+1 {{access 0 has 2 dimensions, expected 1 (the rank of the MDA)}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// An access map must not use symbols.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @symbols(%x: memref<8xf32>) {
  // expected-error@+1 {{access 0 must not use symbols}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i)[s] -> (i + s)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// An access map must have one result per buffer dimension.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @results(%x: memref<8xf32>) {
  // expected-error@+1 {{access 0 has 2 results, expected 1 (the rank of the buffer)}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i, i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// 'accesses' must not be empty.
func.func private @none() -> f32 {
  %c = arith.constant 0.0 : f32
  return %c : f32
}
func.func @no_access(%x: memref<8xf32>) {
  // expected-error@+1 {{'accesses' must be a non-empty array of affine maps}}
  %vx = "mdh.inp_view"(%x) {accesses = []}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @none, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// Every element of 'accesses' must be an affine map.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @not_a_map(%x: memref<8xf32>) {
  // expected-error@+1 {{access 0 must be an affine map}}
  %vx = "mdh.inp_view"(%x) {accesses = [1 : i64]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// A read beyond the end of the buffer (derived size 9 > declared size 8).
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @read_high(%x: memref<8xf32>) {
  // expected-error@+1 {{access 0 reaches index 8 in dimension 0 of a buffer of size 8: the view needs size >= 9 (1 + its largest index)}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i + 1)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// A read before the start of the buffer: (i) -> (i - 1) reaches -1.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @read_negative(%x: memref<8xf32>) {
  // expected-error@+1 {{access 0 reaches index -1 in dimension 0 of a buffer of size 8: the view needs non-negative indices}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i - 1)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// A negative index is wrong on a buffer of dynamic size too (its upper
// extent is checked when the function runs, lib/extent.c).
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @read_negative_dynamic(%x: memref<?xf32>) {
  // expected-error@+1 {{access 0 reaches index -2 in dimension 0 of a buffer of dynamic size: the view needs non-negative indices}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i - 2)>]}
      : (memref<?xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// The second access of a view and the second buffer dimension are checked too.
func.func private @add(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func @read_high_2d(%x: memref<4x8xf32>) {
  // expected-error@+1 {{access 1 reaches index 9 in dimension 1 of a buffer of size 8: the view needs size >= 10}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, 2 * j + 3)>]}
      : (memref<4x8xf32>) -> !mdh.mda<array<i64: 4, 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4, 4>>) -> !mdh.mda<array<i64: 4, 4>>
  return
}

// -----

// An out_view that writes beyond the end of its buffer.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @write_high(%x: memref<8xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{access 0 reaches index 11 in dimension 0 of a buffer of size 8: the view needs size >= 12}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i + 4)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// -----

// An out_view of a pw result is checked on its index space (k = 0 only): (k + 8) reaches 8.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @write_high_pw(%x: memref<4x8xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<4x8xf32>) -> !mdh.mda<array<i64: 4, 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 4, 8>>) -> !mdh.mda<array<i64: 4, 1>>
  // expected-error@+1 {{access 0 reaches index 8 in dimension 0 of a buffer of size 8: the view needs size >= 9}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, k) -> (k + 8)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 1>>, memref<8xf32>) -> ()
  return
}

// -----

// A modulus or divisor of zero, or a negative modulus, is rejected.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @mod_zero(%x: memref<8xf32>) {
  // expected-error@+1 {{access 0 divides by 0: divisors must be non-zero constants, and mod needs a positive one}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i mod 0)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// MDA sizes must be positive: every op that sees the MDA type reports it.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @zero_size(%x: memref<8xf32>, %y: memref<8xf32>) {
  // expected-error@+1 {{inp_view result size 0 in dimension 1 must be positive}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8, 0>>
  // expected-error@+1 {{md_hom input size 0 in dimension 1 must be positive}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 8, 0>>) -> !mdh.mda<array<i64: 8, 0>>
  // expected-error@+1 {{out_view input size 0 in dimension 1 must be positive}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8, 0>>, memref<8xf32>) -> ()
  return
}

// -----

// mdh.sizes of a md_hom without inputs must be positive.
func.func private @zero() -> f32 {
  %c = arith.constant 0.0 : f32
  return %c : f32
}
func.func @negative_sizes() {
  // expected-error@+1 {{md_hom index space size -3 in dimension 0 must be positive}}
  %r = "mdh.md_hom"() {scalar_function = @zero, combine_ops = [#mdh.cc], mdh.sizes = array<i64: -3>}
      : () -> !mdh.mda<array<i64: -3>>
  return
}

// -----

// The scalar function must exist.
func.func @missing_fn(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{scalar function @nope does not exist in the module}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @nope, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// The scalar function must be a func.func.
memref.global "private" @g : memref<f32>
func.func @fn_not_func(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{scalar function @g must be a func.func}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @g, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// The scalar function takes one argument per access (here two accesses).
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @arg_count(%x: memref<9xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>, affine_map<(i) -> (i + 1)>]}
      : (memref<9xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{scalar function @id takes 1 arguments, expected 2 (one per access of each input view)}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// Each argument has the element type of the viewed buffer.
func.func private @second(%a: f32, %b: i32) -> f32 {
  return %a : f32
}
func.func @arg_type(%x: memref<8xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %vy = "mdh.inp_view"(%y) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{argument 1 of scalar function @second has type i32, expected f32 (the element type of the viewed buffer)}}
  %r = "mdh.md_hom"(%vx, %vy) {scalar_function = @second, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>, !mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// An index-aware scalar function receives the D MDA indices first.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @index_aware_count(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{scalar function @id takes 1 arguments, expected 2 (the MDA indices, then one per access of each input view)}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.index_aware}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// The MDA indices of an index-aware scalar function have type index.
func.func private @idx(%i: i64, %x: f32) -> f32 {
  return %x : f32
}
func.func @index_aware_type(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{argument 0 of scalar function @idx has type i64, expected index (an MDA index)}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @idx, combine_ops = [#mdh.cc], mdh.index_aware}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// The scalar function returns at least one component.
func.func private @sink(%x: f32) {
  return
}
func.func @no_results(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{scalar function must return at least one result component}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @sink, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// A user combine function has the signature (T, T) -> T of the components.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func private @comb(%a: f32) -> f32 {
  return %a : f32
}
func.func @combine_fn_type(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{combine op 0: combine function has type (f32) -> f32, expected the scalar function's result types twice as arguments and once as results}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<@comb>]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  return
}

// -----

// A user combine function with the right arity but a wrong result type.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func private @comb(%a: f32, %b: f32) -> f64 {
  %c = arith.extf %a : f32 to f64
  return %c : f64
}
func.func @combine_fn_result(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{combine op 0: combine function has type (f32, f32) -> f64}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<@comb>]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// The combine function must exist.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @combine_fn_missing(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{combine function @nope does not exist in the module}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<@nope>]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  return
}

// -----

// The combine function must be a func.func.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
memref.global "private" @g : memref<f32>
func.func @combine_fn_not_func(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{combine function @g must be a func.func}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<@g>]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  return
}

// -----

// A per-component operator array has one entry per result component.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @per_component_length(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{combine op 0 has 2 per-component operators but the scalar function returns 1 components}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<["add", "max"]>]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  return
}

// -----

// Each per-component operator is a string.
func.func private @two(%x: f32) -> (f32, f32) {
  return %x, %x : f32, f32
}
func.func @per_component_not_string(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{combine op 0: each per-component operator must be a string}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @two, combine_ops = [#mdh.pw<["add", 3 : i64]>]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  return
}

// -----

// Unknown builtin operator name.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @unknown_op(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{combine op 0: unknown operator 'sub', expected add, mul, min, max, and, or or xor}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"sub">]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  return
}

// -----

// Unknown operator name inside a per-component array.
func.func private @two(%x: i32) -> (i32, i32) {
  return %x, %x : i32, i32
}
func.func @unknown_op_array(%x: memref<8xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<8xi32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{combine op 0: unknown operator 'avg'}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @two, combine_ops = [#mdh.ps<["add", "avg"]>]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// Bitwise operators need integer components.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @xor_float(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{combine op 0: operator 'xor' is not defined on result component 0 of type f32 (and, or and xor need integers)}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"xor">]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  return
}

// -----

// A builtin operator is checked against every component (here the second).
func.func private @two(%x: i32, %y: f32) -> (i32, f32) {
  return %x, %y : i32, f32
}
func.func @and_second_component(%x: memref<8xi32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<8xi32>) -> !mdh.mda<array<i64: 8>>
  %vy = "mdh.inp_view"(%y) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{operator 'and' is not defined on result component 1 of type f32}}
  %r = "mdh.md_hom"(%vx, %vy) {scalar_function = @two, combine_ops = [#mdh.pw<"and">]}
      : (!mdh.mda<array<i64: 8>>, !mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  return
}

// -----

// One combine op per dimension.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @combine_count(%x: memref<4x8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<4x8xf32>) -> !mdh.mda<array<i64: 4, 8>>
  // expected-error@+1 {{md_hom has 1 combine ops but 2 dimensions; expected one combine op per dimension}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4, 8>>) -> !mdh.mda<array<i64: 4, 8>>
  return
}

// -----

// A combine op is #mdh.cc, #mdh.pw<OP> or #mdh.ps<OP>, not a string.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @combine_attr(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{combine op 0 must be #mdh.cc, #mdh.pw<OP> or #mdh.ps<OP>}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = ["cc"]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// A nested symbol reference is not a combine function (only @f is).
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @combine_nested_symbol(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{combine op 0 must be #mdh.cc, #mdh.pw<OP> or #mdh.ps<OP>}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<@m::@f>]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  return
}

// -----

// The result has size 1 in every pw dimension.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @result_pw(%x: memref<4x8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<4x8xf32>) -> !mdh.mda<array<i64: 4, 8>>
  // expected-error@+1 {{md_hom result type is !mdh.mda<array<i64: 4, 8>>, expected !mdh.mda<array<i64: 4, 1>> (the input sizes with 1 in every pw dimension)}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 4, 8>>) -> !mdh.mda<array<i64: 4, 8>>
  return
}

// -----

// A ps dimension keeps its size in the result.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @result_ps(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{md_hom result type is !mdh.mda<array<i64: 1>>, expected !mdh.mda<array<i64: 8>>}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  return
}

// -----

// Lemma 10: pw add and pw mul in one md_hom need mdh.assume_homomorphic.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @lemma10(%x: memref<4x8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<4x8xf32>) -> !mdh.mda<array<i64: 4, 8>>
  // expected-error@+1 {{combine ops 0 and 1 use different operators, so the md_hom may not be well defined (MDH Lemma 10}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.pw<"mul">]}
      : (!mdh.mda<array<i64: 4, 8>>) -> !mdh.mda<array<i64: 1, 1>>
  return
}

// -----

// Lemma 10 across cc and ps: per-component operators that differ in one component.
func.func private @two(%x: i32) -> (i32, i32) {
  return %x, %x : i32, i32
}
func.func @lemma10_components(%x: memref<2x4x8xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k, i, j) -> (k, i, j)>]}
      : (memref<2x4x8xi32>) -> !mdh.mda<array<i64: 2, 4, 8>>
  // expected-error@+1 {{combine ops 0 and 2 use different operators}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @two, combine_ops = [#mdh.pw<["add", "max"]>, #mdh.cc, #mdh.ps<["add", "min"]>]}
      : (!mdh.mda<array<i64: 2, 4, 8>>) -> !mdh.mda<array<i64: 1, 4, 8>>
  return
}

// -----

// An out_view whose map is not injective would be partial: (i) -> (i floordiv 2).
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @not_injective(%x: memref<8xf32>, %y: memref<4xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{out_view is partial: its accesses are not injective on the result index space (access 0 at}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i floordiv 2)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<4xf32>) -> ()
  return
}

// -----

// A 2-d out_view that drops a cc dimension is not injective either.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @not_injective_2d(%x: memref<4x8xf32>, %y: memref<4xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<4x8xf32>) -> !mdh.mda<array<i64: 4, 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4, 8>>) -> !mdh.mda<array<i64: 4, 8>>
  // expected-error@+1 {{out_view is partial}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 8>>, memref<4xf32>) -> ()
  return
}

// -----

// Two accesses of one out_view that write the same element.
func.func private @two(%x: f32) -> (f32, f32) {
  return %x, %x : f32, f32
}
func.func @two_accesses_overlap(%x: memref<8xf32>, %y: memref<9xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @two, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{out_view is partial: its accesses are not injective on the result index space}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>, affine_map<(i) -> (i + 1)>], components = array<i64: 0, 1>}
      : (!mdh.mda<array<i64: 8>>, memref<9xf32>) -> ()
  return
}

// -----

// An out_view component index must name a result component.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @component_range(%x: memref<8xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{access 0 stores component 1 but the scalar function returns 1 components}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 1>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// -----

// A negative component index.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @component_negative(%x: memref<8xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{access 0 stores component -1 but the scalar function returns 1 components}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: -1>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// -----

// The out_view buffer's element type is the type of the component it stores.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @element_type(%x: memref<8xf32>, %y: memref<8xf64>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{access 0 stores component 0 of type f32 into a buffer of element type f64}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf64>) -> ()
  return
}

// -----

// 'components' has one entry per access.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @components_length(%x: memref<8xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{'components' must be an array<i64: ...> with one entry per access}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0, 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// -----

// 'components' is an array<i64>, not array<i32>.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @components_i32(%x: memref<8xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{'components' must be an array<i64: ...>}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i32: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// -----

// No buffer is both read and written by the same md_hom.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @read_write(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{buffer is both read by an input view and written by an output view of the same md_hom}}
  "mdh.out_view"(%r, %x) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// -----

// The same through views of one buffer whose elements meet (a cast read
// at 2..5, a subview written at 0..3).
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @read_write_views(%x: memref<8xf32>) {
  %c = memref.cast %x : memref<8xf32> to memref<?xf32>
  %s = memref.subview %x[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %vx = "mdh.inp_view"(%c) {accesses = [affine_map<(i) -> (i + 2)>]}
      : (memref<?xf32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  // expected-error@+1 {{buffer is both read by an input view and written by an output view of the same md_hom}}
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32, strided<[1]>>) -> ()
  return
}

// -----

// Views whose layout is not known statically may meet anywhere (a subview
// at a run-time offset).
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @read_write_dynamic_view(%x: memref<8xf32>, %o: index) {
  %a = memref.subview %x[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %s = memref.subview %x[%o] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: ?>>
  %vx = "mdh.inp_view"(%a) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32, strided<[1], offset: 4>>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  // expected-error@+1 {{buffer is both read by an input view and written by an output view of the same md_hom}}
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32, strided<[1], offset: ?>>) -> ()
  return
}

// -----

// Two out_views writing views of one buffer whose elements meet (every
// other element from 0, and the first four).
func.func private @two(%x: f32) -> (f32, f32) {
  return %x, %x : f32, f32
}
func.func @two_out_views_meet(%x: memref<4xf32>, %y: memref<8xf32>) {
  %e = memref.subview %y[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
  %h = memref.subview %y[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @two, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r, %e) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32, strided<[2]>>) -> ()
  // expected-error@+1 {{two out_views of the same md_hom write views of one buffer whose elements meet}}
  "mdh.out_view"(%r, %h) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 1>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32, strided<[1]>>) -> ()
  return
}

// -----

// One out_view per output buffer, even for disjoint parts of it.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @two_out_views(%x: memref<8xf32>, %y: memref<16xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<16xf32>) -> ()
  // The error is reported at the second of the two out_views.
  // expected-error@+1 {{buffer is written by two out_views of the same md_hom; use one out_view with several accesses}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i + 8)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<16xf32>) -> ()
  return
}

// -----

// A md_hom without inputs needs mdh.sizes.
func.func private @zero() -> f32 {
  %c = arith.constant 0.0 : f32
  return %c : f32
}
func.func @no_sizes() {
  // expected-error@+1 {{a md_hom without inputs needs its sizes as the discardable attribute mdh.sizes = array<i64: ...>}}
  %r = "mdh.md_hom"() {scalar_function = @zero, combine_ops = [#mdh.cc]}
      : () -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// mdh.sizes of a md_hom without inputs must be array<i64>.
func.func private @zero() -> f32 {
  %c = arith.constant 0.0 : f32
  return %c : f32
}
func.func @sizes_i32() {
  // expected-error@+1 {{a md_hom without inputs needs its sizes}}
  %r = "mdh.md_hom"() {scalar_function = @zero, combine_ops = [#mdh.cc], mdh.sizes = array<i32: 8>}
      : () -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// mdh.sizes on a md_hom with inputs must equal the input sizes.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @sizes_differ(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{'mdh.sizes' differs from the sizes of the input views}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.sizes = array<i64: 4>}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// Every md_hom input is an mdh.inp_view result, not a function argument.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @input_not_view(%v: !mdh.mda<array<i64: 8>>) {
  // expected-error@+1 {{md_hom input 0 must be the result of an mdh.inp_view}}
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// An mdh.inp_view result is used by md_homs only.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func private @use(!mdh.mda<array<i64: 8>>)
func.func @view_escapes(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{an mdh.inp_view result can only be used by mdh.md_hom}}
  func.call @use(%vx) : (!mdh.mda<array<i64: 8>>) -> ()
  return
}

// -----

// A md_hom result is used by out_views only.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func private @use(!mdh.mda<array<i64: 8>>)
func.func @result_escapes(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{a md_hom result can only be used as the first operand of mdh.out_view}}
  func.call @use(%r) : (!mdh.mda<array<i64: 8>>) -> ()
  return
}

// -----

// A md_hom result does not leave the function either.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @result_returned(%x: memref<8xf32>) -> !mdh.mda<array<i64: 8>> {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{a md_hom result can only be used as the first operand of mdh.out_view}}
  return %r : !mdh.mda<array<i64: 8>>
}

// -----

// An out_view consumes a md_hom result, not a function argument.
func.func @out_not_hom(%v: !mdh.mda<array<i64: 8>>, %y: memref<8xf32>) {
  // expected-error@+1 {{out_view must consume the result of an mdh.md_hom}}
  "mdh.out_view"(%v, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// -----

// An out_view of an inp_view result: both ops report.
func.func @out_of_inp_view(%x: memref<8xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+2 {{an mdh.inp_view result can only be used by mdh.md_hom}}
  // expected-error@+1 {{out_view must consume the result of an mdh.md_hom}}
  "mdh.out_view"(%vx, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// -----

// MDA sizes are array<i64>, not array<i32>.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @mda_i32(%x: memref<8xf32>) {
  // expected-error@+1 {{inp_view result must be !mdh.mda<array<i64: ...>> with at most 64 dimensions, got !mdh.mda<array<i32: 8>>}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i32: 8>>
  // expected-error@+1 {{md_hom input must be !mdh.mda<array<i64: ...>>}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i32: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// The md_hom result type is checked as an MDA too.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @result_i32(%x: memref<8xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{md_hom result type is !mdh.mda<array<i32: 8>>, expected !mdh.mda<array<i64: 8>>}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i32: 8>>
  // expected-error@+1 {{out_view input must be !mdh.mda<array<i64: ...>> with at most 64 dimensions, got !mdh.mda<array<i32: 8>>}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i32: 8>>, memref<8xf32>) -> ()
  return
}

// -----

// An MDA has at most 64 dimensions.
func.func @rank65(%x: memref<f32>) {
  // expected-error@+1 {{inp_view result must be !mdh.mda<array<i64: ...>> with at most 64 dimensions}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19, d20, d21, d22, d23, d24, d25, d26, d27, d28, d29, d30, d31, d32, d33, d34, d35, d36, d37, d38, d39, d40, d41, d42, d43, d44, d45, d46, d47, d48, d49, d50, d51, d52, d53, d54, d55, d56, d57, d58, d59, d60, d61, d62, d63, d64) -> ()>]}
      : (memref<f32>) -> !mdh.mda<array<i64: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>>
  return
}

// -----

// The index-space point count fits in int64: 2^32 x 2^32 points over a 0-d buffer.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @points_overflow(%x: memref<f32>) {
  // expected-error@+1 {{inp_view result has more than 2^63-1 points; sizes must keep the point count within int64}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> ()>]}
      : (memref<f32>) -> !mdh.mda<array<i64: 4294967296, 4294967296>>
  // expected-error@+1 {{md_hom input has more than 2^63-1 points}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4294967296, 4294967296>>) -> !mdh.mda<array<i64: 4294967296, 4294967296>>
  return
}

// -----

// The point count of a md_hom without inputs fits in int64 too.
func.func private @zero() -> f32 {
  %c = arith.constant 0.0 : f32
  return %c : f32
}
func.func @sizes_overflow() {
  // expected-error@+1 {{md_hom index space has more than 2^63-1 points}}
  %r = "mdh.md_hom"() {scalar_function = @zero, combine_ops = [#mdh.cc, #mdh.cc], mdh.sizes = array<i64: 4294967296, 4294967296>}
      : () -> !mdh.mda<array<i64: 4294967296, 4294967296>>
  return
}

// -----

// Every buffer extent fits in int64.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @buffer_overflow(%x: memref<4294967296x4294967296xf32>) {
  // expected-error@+1 {{buffer has more than 2^63-1 elements; extents must fit in int64}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i, i)>]}
      : (memref<4294967296x4294967296xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// Verification goes on after an error: one run reports every problem.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @several(%x: memref<8xf32>, %y: memref<8xf64>) {
  // expected-error@+1 {{access 0 reaches index 8}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i + 1)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{md_hom result type is}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<"max">]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  // expected-error@+1 {{access 0 stores component 0 of type f32 into a buffer of element type f64}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<8xf64>) -> ()
  return
}

// -----

// A negative modulus is rejected; negative divisors of floordiv are fine.
func.func private @id(%x: f32, %y: f32) -> f32 {
  return %x : f32
}
func.func @neg_mod(%x: memref<8xf32>) {
  // expected-error@+1 {{access 1 divides by -2: divisors must be non-zero constants, and mod needs a positive one}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> ((i + 7) floordiv -1 + 7)>, affine_map<(i) -> (i mod -2)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// Indices beyond int64 are reported exactly.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @huge_index(%x: memref<8xf32>) {
  // expected-error@+1 {{access 0 reaches index 13835058055282163712 in dimension 0 of a buffer of size 8: the view needs size >= 13835058055282163713}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i * 4611686018427387904)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  return
}

// -----

// A scalar function must be a flat symbol reference.
module @m {
  func.func private @id(%x: f32) -> f32 {
    return %x : f32
  }
}
func.func @nested_fn(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{scalar function must be a flat symbol reference @name to a func.func of the module}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @m::@id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// A buffer has at most 64 dimensions, as an MDA (found by mdh-fuzz-opt: the
// passes index buffers with arrays of 64; mdh-to-loops overflowed one).
func.func private @id(%a: i32) -> i32 {
  return %a : i32
}
func.func @rank65(%x: memref<3x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xi32>, %y: memref<3xi32>) {
  // expected-error@+1 {{buffer has 65 dimensions; at most 64 are supported}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)>]}
      : (memref<3x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xi32>) -> !mdh.mda<array<i64: 3>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 3>>) -> !mdh.mda<array<i64: 3>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3>>, memref<3xi32>) -> ()
  return
}

// -----

// A dynamic size (-1) must be bounded by an input access (issue 13, item 4):
// here every access reads element 0.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @dynamic_unbounded(%x: memref<?xf32>, %y: memref<?xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (0)>]}
      : (memref<?xf32>) -> !mdh.mda<array<i64: -1>>
  // expected-error@+1 {{no access of an input view bounds dynamic dimension 0 of the index space on its own (an access may involve other dynamic dimensions only if those are bounded without it)}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: -1>>) -> !mdh.mda<array<i64: -1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: -1>>, memref<?xf32>) -> ()
  return
}

// -----

// An access through mod involves the dimension but bounds no extent.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @dynamic_mod(%x: memref<?xf32>, %y: memref<?xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i mod 4)>]}
      : (memref<?xf32>) -> !mdh.mda<array<i64: -1>>
  // expected-error@+1 {{the accesses of the input views do not bound dynamic dimension 0 of the index space (an extent must be the largest that keeps every access inside its buffer)}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: -1>>) -> !mdh.mda<array<i64: -1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: -1>>, memref<?xf32>) -> ()
  return
}

// -----

// Two dynamic dimensions read only together (x[i + j]) bound neither.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @dynamic_cycle(%x: memref<?xf32>, %y: memref<?x?xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i + j)>]}
      : (memref<?xf32>) -> !mdh.mda<array<i64: -1, -1>>
  // expected-error@+1 {{no access of an input view bounds dynamic dimension 0 of the index space on its own}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: -1, -1>>) -> !mdh.mda<array<i64: -1, -1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: -1, -1>>, memref<?x?xf32>) -> ()
  return
}

// -----

// A size must be positive or -1.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @dynamic_minus_two(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-error@+1 {{inp_view result size -2 in dimension 0 must be positive, or -1 for a dynamic size}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<?xf32>) -> !mdh.mda<array<i64: -2>>
  return
}

// -----

// An out_view over a dynamic index space must not reach below 0.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @dynamic_out_negative(%x: memref<?xf32>, %y: memref<?xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<?xf32>) -> !mdh.mda<array<i64: -1>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: -1>>) -> !mdh.mda<array<i64: -1>>
  // expected-error@+1 {{access 0 reaches index -infty in dimension 0 of a buffer of dynamic size: the view needs non-negative indices}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (5 - i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: -1>>, memref<?xf32>) -> ()
  return
}

// -----

// An accumulating out_view combines with the operator of a pw dimension.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @accumulate_no_pw(%x: memref<8xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{an accumulating out_view (mdh.accumulate) needs a reduction (pw) dimension, whose operator combines the result with the buffer}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>, mdh.accumulate}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// -----

// An accumulating out_view cannot store a scan.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @accumulate_scan(%x: memref<8xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{an accumulating out_view (mdh.accumulate) cannot store a scan (ps) result}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>, mdh.accumulate}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// -----

// An accumulating out_view is its md_hom's only one.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @accumulate_two_views(%x: memref<8xf32>, %s: memref<f32>, %t: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(k) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  // expected-error@+1 {{an accumulating out_view (mdh.accumulate) must be the only out_view of its md_hom}}
  "mdh.out_view"(%r, %t) {accesses = [affine_map<(k) -> ()>], components = array<i64: 0>, mdh.accumulate}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  return
}

// -----

// An accumulating out_view stores every component exactly once (the old
// value of each is read where it is stored).
func.func private @twice(%x: f32) -> (f32, f32) {
  return %x, %x : f32, f32
}
func.func @accumulate_component_twice(%x: memref<8xf32>, %s: memref<2xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @twice, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  // expected-error@+1 {{an accumulating out_view (mdh.accumulate) must store every result component exactly once; component 0 is stored 2 times}}
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(k) -> (0)>, affine_map<(k) -> (1)>], components = array<i64: 0, 0>, mdh.accumulate}
      : (!mdh.mda<array<i64: 1>>, memref<2xf32>) -> ()
  return
}
