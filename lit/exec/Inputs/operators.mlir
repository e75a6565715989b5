// Reductions (pw) and scans (ps) with every builtin operator over float and
// integer types; checked by check_operators.py against Python's arithmetic.
func.func private @id_pw_add_f32(%a: f32) -> f32 {
  return %a : f32
}
func.func @pw_add_f32(%x: memref<11xf32>, %y: memref<1xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xf32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_add_f32, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xf32>) -> ()
  return
}
func.func private @id_ps_add_f32(%a: f32) -> f32 {
  return %a : f32
}
func.func @ps_add_f32(%x: memref<11xf32>, %y: memref<11xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xf32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_add_f32, combine_ops = [#mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xf32>) -> ()
  return
}
func.func private @id_pw_mul_f32(%a: f32) -> f32 {
  return %a : f32
}
func.func @pw_mul_f32(%x: memref<11xf32>, %y: memref<1xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xf32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_mul_f32, combine_ops = [#mdh.pw<"mul">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xf32>) -> ()
  return
}
func.func private @id_ps_mul_f32(%a: f32) -> f32 {
  return %a : f32
}
func.func @ps_mul_f32(%x: memref<11xf32>, %y: memref<11xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xf32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_mul_f32, combine_ops = [#mdh.ps<"mul">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xf32>) -> ()
  return
}
func.func private @id_pw_min_f32(%a: f32) -> f32 {
  return %a : f32
}
func.func @pw_min_f32(%x: memref<11xf32>, %y: memref<1xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xf32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_min_f32, combine_ops = [#mdh.pw<"min">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xf32>) -> ()
  return
}
func.func private @id_ps_min_f32(%a: f32) -> f32 {
  return %a : f32
}
func.func @ps_min_f32(%x: memref<11xf32>, %y: memref<11xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xf32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_min_f32, combine_ops = [#mdh.ps<"min">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xf32>) -> ()
  return
}
func.func private @id_pw_max_f32(%a: f32) -> f32 {
  return %a : f32
}
func.func @pw_max_f32(%x: memref<11xf32>, %y: memref<1xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xf32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_max_f32, combine_ops = [#mdh.pw<"max">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xf32>) -> ()
  return
}
func.func private @id_ps_max_f32(%a: f32) -> f32 {
  return %a : f32
}
func.func @ps_max_f32(%x: memref<11xf32>, %y: memref<11xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xf32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_max_f32, combine_ops = [#mdh.ps<"max">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xf32>) -> ()
  return
}
func.func private @id_pw_add_i32(%a: i32) -> i32 {
  return %a : i32
}
func.func @pw_add_i32(%x: memref<11xi32>, %y: memref<1xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_add_i32, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xi32>) -> ()
  return
}
func.func private @id_ps_add_i32(%a: i32) -> i32 {
  return %a : i32
}
func.func @ps_add_i32(%x: memref<11xi32>, %y: memref<11xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_add_i32, combine_ops = [#mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xi32>) -> ()
  return
}
func.func private @id_pw_mul_i32(%a: i32) -> i32 {
  return %a : i32
}
func.func @pw_mul_i32(%x: memref<11xi32>, %y: memref<1xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_mul_i32, combine_ops = [#mdh.pw<"mul">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xi32>) -> ()
  return
}
func.func private @id_ps_mul_i32(%a: i32) -> i32 {
  return %a : i32
}
func.func @ps_mul_i32(%x: memref<11xi32>, %y: memref<11xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_mul_i32, combine_ops = [#mdh.ps<"mul">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xi32>) -> ()
  return
}
func.func private @id_pw_min_i32(%a: i32) -> i32 {
  return %a : i32
}
func.func @pw_min_i32(%x: memref<11xi32>, %y: memref<1xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_min_i32, combine_ops = [#mdh.pw<"min">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xi32>) -> ()
  return
}
func.func private @id_ps_min_i32(%a: i32) -> i32 {
  return %a : i32
}
func.func @ps_min_i32(%x: memref<11xi32>, %y: memref<11xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_min_i32, combine_ops = [#mdh.ps<"min">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xi32>) -> ()
  return
}
func.func private @id_pw_max_i32(%a: i32) -> i32 {
  return %a : i32
}
func.func @pw_max_i32(%x: memref<11xi32>, %y: memref<1xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_max_i32, combine_ops = [#mdh.pw<"max">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xi32>) -> ()
  return
}
func.func private @id_ps_max_i32(%a: i32) -> i32 {
  return %a : i32
}
func.func @ps_max_i32(%x: memref<11xi32>, %y: memref<11xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_max_i32, combine_ops = [#mdh.ps<"max">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xi32>) -> ()
  return
}
func.func private @id_pw_and_i32(%a: i32) -> i32 {
  return %a : i32
}
func.func @pw_and_i32(%x: memref<11xi32>, %y: memref<1xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_and_i32, combine_ops = [#mdh.pw<"and">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xi32>) -> ()
  return
}
func.func private @id_ps_and_i32(%a: i32) -> i32 {
  return %a : i32
}
func.func @ps_and_i32(%x: memref<11xi32>, %y: memref<11xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_and_i32, combine_ops = [#mdh.ps<"and">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xi32>) -> ()
  return
}
func.func private @id_pw_or_i32(%a: i32) -> i32 {
  return %a : i32
}
func.func @pw_or_i32(%x: memref<11xi32>, %y: memref<1xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_or_i32, combine_ops = [#mdh.pw<"or">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xi32>) -> ()
  return
}
func.func private @id_ps_or_i32(%a: i32) -> i32 {
  return %a : i32
}
func.func @ps_or_i32(%x: memref<11xi32>, %y: memref<11xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_or_i32, combine_ops = [#mdh.ps<"or">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xi32>) -> ()
  return
}
func.func private @id_pw_xor_i32(%a: i32) -> i32 {
  return %a : i32
}
func.func @pw_xor_i32(%x: memref<11xi32>, %y: memref<1xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_xor_i32, combine_ops = [#mdh.pw<"xor">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xi32>) -> ()
  return
}
func.func private @id_ps_xor_i32(%a: i32) -> i32 {
  return %a : i32
}
func.func @ps_xor_i32(%x: memref<11xi32>, %y: memref<11xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi32>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_xor_i32, combine_ops = [#mdh.ps<"xor">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xi32>) -> ()
  return
}
func.func private @id_pw_add_i8(%a: i8) -> i8 {
  return %a : i8
}
func.func @pw_add_i8(%x: memref<11xi8>, %y: memref<1xi8>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi8>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_add_i8, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xi8>) -> ()
  return
}
func.func private @id_ps_add_i8(%a: i8) -> i8 {
  return %a : i8
}
func.func @ps_add_i8(%x: memref<11xi8>, %y: memref<11xi8>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi8>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_add_i8, combine_ops = [#mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xi8>) -> ()
  return
}
func.func private @id_pw_max_i8(%a: i8) -> i8 {
  return %a : i8
}
func.func @pw_max_i8(%x: memref<11xi8>, %y: memref<1xi8>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi8>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_max_i8, combine_ops = [#mdh.pw<"max">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xi8>) -> ()
  return
}
func.func private @id_ps_max_i8(%a: i8) -> i8 {
  return %a : i8
}
func.func @ps_max_i8(%x: memref<11xi8>, %y: memref<11xi8>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi8>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_max_i8, combine_ops = [#mdh.ps<"max">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xi8>) -> ()
  return
}
func.func private @id_pw_xor_i8(%a: i8) -> i8 {
  return %a : i8
}
func.func @pw_xor_i8(%x: memref<11xi8>, %y: memref<1xi8>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi8>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_xor_i8, combine_ops = [#mdh.pw<"xor">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xi8>) -> ()
  return
}
func.func private @id_ps_xor_i8(%a: i8) -> i8 {
  return %a : i8
}
func.func @ps_xor_i8(%x: memref<11xi8>, %y: memref<11xi8>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xi8>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_xor_i8, combine_ops = [#mdh.ps<"xor">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xi8>) -> ()
  return
}
func.func private @id_pw_min_f64(%a: f64) -> f64 {
  return %a : f64
}
func.func @pw_min_f64(%x: memref<11xf64>, %y: memref<1xf64>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xf64>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_min_f64, combine_ops = [#mdh.pw<"min">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xf64>) -> ()
  return
}
func.func private @id_ps_min_f64(%a: f64) -> f64 {
  return %a : f64
}
func.func @ps_min_f64(%x: memref<11xf64>, %y: memref<11xf64>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xf64>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_min_f64, combine_ops = [#mdh.ps<"min">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xf64>) -> ()
  return
}
func.func private @id_pw_add_f64(%a: f64) -> f64 {
  return %a : f64
}
func.func @pw_add_f64(%x: memref<11xf64>, %y: memref<1xf64>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xf64>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_pw_add_f64, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xf64>) -> ()
  return
}
func.func private @id_ps_add_f64(%a: f64) -> f64 {
  return %a : f64
}
func.func @ps_add_f64(%x: memref<11xf64>, %y: memref<11xf64>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<11xf64>) -> !mdh.mda<array<i64: 11>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_ps_add_f64, combine_ops = [#mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 11>>) -> !mdh.mda<array<i64: 11>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 11>>, memref<11xf64>) -> ()
  return
}
