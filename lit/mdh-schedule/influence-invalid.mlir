// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-schedule

// Malformed influence trees are located errors.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error @+1 {{invalid mdh.influence: unknown statement 'S7' (the md_homs of the function are S0, in program order; mdh-schedule sets mdh.stmt) at offset 1}}
func.func @unknown_stmt(%x: memref<4xf32>, %y: memref<4xf32>)
    attributes {mdh.influence = "[S7[0][0] = 1]"} {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  return
}

// -----

func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error @+1 {{invalid mdh.influence: column 2 out of range: S0 has rank 1, columns 0..0 (or cst) at offset 1}}
func.func @bad_column(%x: memref<4xf32>, %y: memref<4xf32>)
    attributes {mdh.influence = "[S0[0][2] = 1]"} {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  return
}

// -----

func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error @+1 {{invalid mdh.influence: row out of range: a node constrains rows 0..its depth at offset 1}}
func.func @deep_row(%x: memref<4xf32>, %y: memref<4xf32>)
    attributes {mdh.influence = "[S0[1][0] = 1]"} {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  return
}

// -----

func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error @+1 {{invalid mdh.influence: expected ']' at offset 13}}
func.func @unclosed(%x: memref<4xf32>, %y: memref<4xf32>)
    attributes {mdh.influence = "[S0[0][0] = 1"} {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  return
}

// -----

func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error @+1 {{invalid mdh.influence: expected a string attribute}}
func.func @not_a_string(%x: memref<4xf32>, %y: memref<4xf32>)
    attributes {mdh.influence = 3 : i32} {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  return
}

// -----

// An op between the md_homs that uses their buffers makes them parts that
// run one after another, which a user's influence tree over the whole
// function cannot order.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error @+1 {{mdh-schedule: mdh.influence orders the md_homs of the whole function as one problem, but ops between them that use their buffers cut them into 2 parts that run one after another}}
func.func @influence_and_host_op(%x: memref<4xf32>, %t: memref<4xf32>, %y: memref<4xf32>)
    attributes {mdh.influence = "[S0[0][0] = 1]"} {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  memref.copy %x, %t : memref<4xf32> to memref<4xf32>
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %q = "mdh.md_hom"(%vt) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%q, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  return
}
