// One function per element type: y[i] = x[4 - i], so every type is read,
// passed through a scalar function and written back bit for bit.
func.func private @id_f16(%a: f16) -> f16 {
  return %a : f16
}
func.func @rev_f16(%x: memref<5xf16>, %y: memref<5xf16>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (4 - i)>]}
      : (memref<5xf16>) -> !mdh.mda<array<i64: 5>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_f16, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 5>>) -> !mdh.mda<array<i64: 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5>>, memref<5xf16>) -> ()
  return
}
func.func private @id_bf16(%a: bf16) -> bf16 {
  return %a : bf16
}
func.func @rev_bf16(%x: memref<5xbf16>, %y: memref<5xbf16>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (4 - i)>]}
      : (memref<5xbf16>) -> !mdh.mda<array<i64: 5>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_bf16, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 5>>) -> !mdh.mda<array<i64: 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5>>, memref<5xbf16>) -> ()
  return
}
func.func private @id_f32(%a: f32) -> f32 {
  return %a : f32
}
func.func @rev_f32(%x: memref<5xf32>, %y: memref<5xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (4 - i)>]}
      : (memref<5xf32>) -> !mdh.mda<array<i64: 5>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_f32, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 5>>) -> !mdh.mda<array<i64: 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5>>, memref<5xf32>) -> ()
  return
}
func.func private @id_f64(%a: f64) -> f64 {
  return %a : f64
}
func.func @rev_f64(%x: memref<5xf64>, %y: memref<5xf64>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (4 - i)>]}
      : (memref<5xf64>) -> !mdh.mda<array<i64: 5>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_f64, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 5>>) -> !mdh.mda<array<i64: 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5>>, memref<5xf64>) -> ()
  return
}
func.func private @id_i1(%a: i1) -> i1 {
  return %a : i1
}
func.func @rev_i1(%x: memref<5xi1>, %y: memref<5xi1>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (4 - i)>]}
      : (memref<5xi1>) -> !mdh.mda<array<i64: 5>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_i1, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 5>>) -> !mdh.mda<array<i64: 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5>>, memref<5xi1>) -> ()
  return
}
func.func private @id_i8(%a: i8) -> i8 {
  return %a : i8
}
func.func @rev_i8(%x: memref<5xi8>, %y: memref<5xi8>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (4 - i)>]}
      : (memref<5xi8>) -> !mdh.mda<array<i64: 5>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_i8, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 5>>) -> !mdh.mda<array<i64: 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5>>, memref<5xi8>) -> ()
  return
}
func.func private @id_i16(%a: i16) -> i16 {
  return %a : i16
}
func.func @rev_i16(%x: memref<5xi16>, %y: memref<5xi16>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (4 - i)>]}
      : (memref<5xi16>) -> !mdh.mda<array<i64: 5>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_i16, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 5>>) -> !mdh.mda<array<i64: 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5>>, memref<5xi16>) -> ()
  return
}
func.func private @id_i32(%a: i32) -> i32 {
  return %a : i32
}
func.func @rev_i32(%x: memref<5xi32>, %y: memref<5xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (4 - i)>]}
      : (memref<5xi32>) -> !mdh.mda<array<i64: 5>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_i32, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 5>>) -> !mdh.mda<array<i64: 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5>>, memref<5xi32>) -> ()
  return
}
func.func private @id_i64(%a: i64) -> i64 {
  return %a : i64
}
func.func @rev_i64(%x: memref<5xi64>, %y: memref<5xi64>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (4 - i)>]}
      : (memref<5xi64>) -> !mdh.mda<array<i64: 5>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_i64, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 5>>) -> !mdh.mda<array<i64: 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5>>, memref<5xi64>) -> ()
  return
}
func.func private @id_index(%a: index) -> index {
  return %a : index
}
func.func @rev_index(%x: memref<5xindex>, %y: memref<5xindex>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (4 - i)>]}
      : (memref<5xindex>) -> !mdh.mda<array<i64: 5>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id_index, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 5>>) -> !mdh.mda<array<i64: 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5>>, memref<5xindex>) -> ()
  return
}
