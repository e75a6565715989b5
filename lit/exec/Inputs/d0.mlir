// md_homs without dimensions (D = 0, valid by the contract): one point
// each. @one alone, @two a chain of two, @mixed next to a 1-D md_hom.
// Before, the cpu and gpu pipelines failed on them (isl's schedule reader
// wants a child below every mark; the mapper had no mapping for D = 0).
func.func private @neg(%a: f32) -> f32 {
  %n = arith.negf %a : f32
  return %n : f32
}
func.func @one(%a: memref<f32>, %b: memref<f32>) {
  %v = "mdh.inp_view"(%a) {accesses = [affine_map<() -> ()>]} : (memref<f32>) -> !mdh.mda<array<i64>>
  %r = "mdh.md_hom"(%v) {scalar_function = @neg, combine_ops = []} : (!mdh.mda<array<i64>>) -> !mdh.mda<array<i64>>
  "mdh.out_view"(%r, %b) {accesses = [affine_map<() -> ()>], components = array<i64: 0>} : (!mdh.mda<array<i64>>, memref<f32>) -> ()
  return
}
func.func @two(%a: memref<f32>, %b: memref<f32>, %c: memref<1xf32>) {
  %v = "mdh.inp_view"(%a) {accesses = [affine_map<() -> ()>]} : (memref<f32>) -> !mdh.mda<array<i64>>
  %r = "mdh.md_hom"(%v) {scalar_function = @neg, combine_ops = []} : (!mdh.mda<array<i64>>) -> !mdh.mda<array<i64>>
  "mdh.out_view"(%r, %b) {accesses = [affine_map<() -> ()>], components = array<i64: 0>} : (!mdh.mda<array<i64>>, memref<f32>) -> ()
  %v2 = "mdh.inp_view"(%b) {accesses = [affine_map<() -> ()>]} : (memref<f32>) -> !mdh.mda<array<i64>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @neg, combine_ops = []} : (!mdh.mda<array<i64>>) -> !mdh.mda<array<i64>>
  "mdh.out_view"(%r2, %c) {accesses = [affine_map<() -> (0)>], components = array<i64: 0>} : (!mdh.mda<array<i64>>, memref<1xf32>) -> ()
  return
}
func.func @mixed(%a: memref<f32>, %b: memref<f32>, %x: memref<4xf32>, %y: memref<4xf32>) {
  %v = "mdh.inp_view"(%a) {accesses = [affine_map<() -> ()>]} : (memref<f32>) -> !mdh.mda<array<i64>>
  %r = "mdh.md_hom"(%v) {scalar_function = @neg, combine_ops = []} : (!mdh.mda<array<i64>>) -> !mdh.mda<array<i64>>
  "mdh.out_view"(%r, %b) {accesses = [affine_map<() -> ()>], components = array<i64: 0>} : (!mdh.mda<array<i64>>, memref<f32>) -> ()
  %v3 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<4xf32>) -> !mdh.mda<array<i64: 4>>
  %v4 = "mdh.inp_view"(%b) {accesses = [affine_map<(i) -> ()>]} : (memref<f32>) -> !mdh.mda<array<i64: 4>>
  %r3 = "mdh.md_hom"(%v3, %v4) {scalar_function = @sub, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 4>>, !mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r3, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  return
}
func.func private @sub(%a: f32, %b: f32) -> f32 {
  %s = arith.subf %a, %b : f32
  return %s : f32
}
