// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-codegen-cpu

// Without mdh-schedule there is nothing to generate from.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error@+1 {{mdh-codegen-cpu needs the schedule of mdh-schedule}}
func.func @f(%x: memref<4xf32>, %y: memref<4xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  return
}

// -----

// A schedule (here given by hand) that runs a reduction backwards would
// start from the wrong point: the codegen refuses it.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error@+1 {{the schedule does not run the first point of every reduction first}}
func.func @backwards(%x: memref<3x4xf32>, %y: memref<3xf32>) attributes {mdh.schedule = "{ domain: \"{ S0[i0, i1] : 0 <= i0 <= 2 and 0 <= i1 <= 3 }\", child: { schedule: \"[{ S0[i0, i1] -> [(i0)] }, { S0[i0, i1] -> [(-i1)] }]\" } }"} {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<3x4xf32>) -> !mdh.mda<array<i64: 3, 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.stmt = "S0"}
      : (!mdh.mda<array<i64: 3, 4>>) -> !mdh.mda<array<i64: 3, 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 1>>, memref<3xf32>) -> ()
  return
}

// -----

// A given schedule that runs the consumer before its producer is refused.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error@+1 {{the schedule violates a dependence of the md_homs}}
func.func @reversed(%x: memref<4xf32>, %t: memref<4xf32>, %y: memref<4xf32>) attributes {mdh.schedule = "{ domain: \"{ S0[i0] : 0 <= i0 <= 3; S1[i0] : 0 <= i0 <= 3 }\", child: { sequence: [ { filter: \"{ S1[i0] }\" }, { filter: \"{ S0[i0] }\" } ] } }"} {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.stmt = "S0"}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %q = "mdh.md_hom"(%vt) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.stmt = "S1"}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%q, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  return
}
