// Structural errors that the IRDL definition of the dialect catches by itself
// when the input is parsed and verified (no pass runs), through mdh-opt and
// through stock mlir-opt with the IRDL file.

// RUN: %mdh-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt-mdh %s --split-input-file --verify-diagnostics

// All input views of a md_hom have the same MDA type.
func.func @views_differ(%x: memref<8xf32>, %y: memref<4xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %vy = "mdh.inp_view"(%y) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  // expected-error@+1 {{expected '!mdh.mda<array<i64: 8>>' but got '!mdh.mda<array<i64: 4>>'}}
  %r = "mdh.md_hom"(%vx, %vy) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>, !mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// combine_ops is required.
func.func @no_combine_ops(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{'mdh.md_hom' op attribute "combine_ops" is expected but not provided}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// scalar_function is required.
func.func @no_scalar_function(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{'mdh.md_hom' op attribute "scalar_function" is expected but not provided}}
  %r = "mdh.md_hom"(%vx) {combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// combine_ops is an array.
func.func @combine_ops_not_array(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{expected base attribute 'builtin.array' but got 'mdh.cc'}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = #mdh.cc}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// scalar_function is a symbol reference, not a string.
func.func @scalar_function_string(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{expected base attribute 'builtin.symbol_ref' but got 'builtin.string'}}
  %r = "mdh.md_hom"(%vx) {scalar_function = "id", combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// The md_hom result is an MDA.
func.func @result_not_mda(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{expected base type 'mdh.mda' but got 'builtin.memref'}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> memref<8xf32>
  return
}

// -----

// The operator of #mdh.pw is a string, an array or a symbol, not an integer.
func.func @pw_integer(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{'3 : i64' does not satisfy the constraint}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<3>]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 1>>
  return
}

// -----

// The same for #mdh.ps (a float).
// expected-error@+1 {{'1.000000e+00 : f64' does not satisfy the constraint}}
func.func private @ps_float() attributes {op = #mdh.ps<1.0>}

// -----

// #mdh.cc has no parameter.
// expected-error@+1 {{expected 0 type arguments, but had 1}}
func.func private @cc_parameter() attributes {op = #mdh.cc<"add">}

// -----

// There is no other mdh attribute.
// expected-error@+1 {{expected dynamic attribute}}
func.func private @unknown_attribute() attributes {op = #mdh.foo}

// -----

// The MDA sizes are a dense array.
// expected-error@+1 {{expected base attribute 'builtin.dense_array' but got 'builtin.integer'}}
func.func private @mda_integer(!mdh.mda<3>)

// -----

// An inp_view views a memref, not a tensor.
func.func @view_tensor(%x: tensor<8xf32>) {
  // expected-error@+1 {{expected base type 'builtin.memref' but got 'builtin.tensor'}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (tensor<8xf32>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// An inp_view views a ranked memref.
func.func @view_unranked(%x: memref<*xf32>) {
  // expected-error@+1 {{expected base type 'builtin.memref' but got 'builtin.unranked_memref'}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<*xf32>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// An inp_view views one buffer.
func.func @view_two_buffers(%x: memref<8xf32>, %y: memref<8xf32>) {
  // expected-error@+1 {{op expects exactly 1 operands, but got 2}}
  %vx = "mdh.inp_view"(%x, %y) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>, memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// An inp_view result is an MDA.
func.func @view_result(%x: memref<8xf32>) {
  // expected-error@+1 {{expected base type 'mdh.mda' but got 'builtin.f32'}}
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> f32
  return
}

// -----

// accesses is required.
func.func @view_no_accesses(%x: memref<8xf32>) {
  // expected-error@+1 {{'mdh.inp_view' op attribute "accesses" is expected but not provided}}
  %vx = "mdh.inp_view"(%x) : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// accesses is an array of maps, not a single map.
func.func @view_single_map(%x: memref<8xf32>) {
  // expected-error@+1 {{expected base attribute 'builtin.array' but got 'builtin.affine_map'}}
  %vx = "mdh.inp_view"(%x) {accesses = affine_map<(i) -> (i)>}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  return
}

// -----

// An out_view takes a result and a buffer.
func.func @out_one_operand(%x: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{op expects exactly 2 operands, but got 1}}
  "mdh.out_view"(%r) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>) -> ()
  return
}

// -----

// An out_view writes a memref.
func.func @out_tensor(%x: memref<8xf32>, %y: tensor<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{expected base type 'builtin.memref' but got 'builtin.tensor'}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, tensor<8xf32>) -> ()
  return
}

// -----

// components is a dense array, not an array attribute.
func.func @out_components_array(%x: memref<8xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{expected base attribute 'builtin.dense_array' but got 'builtin.array'}}
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = [0]}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// -----

// An out_view has no result.
func.func @out_result(%x: memref<8xf32>, %y: memref<8xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  // expected-error@+1 {{op expects exactly 0 results, but got 1}}
  %o = "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> i32
  return
}
