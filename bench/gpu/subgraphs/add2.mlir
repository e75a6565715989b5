// GPU sub-graph 2add of basteln's Table 3 (add+add, shape (32,128,768)), f32,
// two element-wise md_homs through one memref.alloc intermediate:
//   t = a + b;  y = t + c                            (all 32 x 128 x 768)
// PyTorch: y = (a + b) + c
// Memory-bound: a, b, c read and y written once.
func.func private @add(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func @add2(%a: memref<32x128x768xf32>, %b: memref<32x128x768xf32>, %c: memref<32x128x768xf32>, %y: memref<32x128x768xf32>) {
  %t = memref.alloc() : memref<32x128x768xf32>
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(b, i, j) -> (b, i, j)>]}
      : (memref<32x128x768xf32>) -> !mdh.mda<array<i64: 32, 128, 768>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(b, i, j) -> (b, i, j)>]}
      : (memref<32x128x768xf32>) -> !mdh.mda<array<i64: 32, 128, 768>>
  %r1 = "mdh.md_hom"(%va, %vb) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 32, 128, 768>>, !mdh.mda<array<i64: 32, 128, 768>>) -> !mdh.mda<array<i64: 32, 128, 768>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(b, i, j) -> (b, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 128, 768>>, memref<32x128x768xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(b, i, j) -> (b, i, j)>]}
      : (memref<32x128x768xf32>) -> !mdh.mda<array<i64: 32, 128, 768>>
  %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(b, i, j) -> (b, i, j)>]}
      : (memref<32x128x768xf32>) -> !mdh.mda<array<i64: 32, 128, 768>>
  %r2 = "mdh.md_hom"(%vt, %vc) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 32, 128, 768>>, !mdh.mda<array<i64: 32, 128, 768>>) -> !mdh.mda<array<i64: 32, 128, 768>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(b, i, j) -> (b, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 128, 768>>, memref<32x128x768xf32>) -> ()
  memref.dealloc %t : memref<32x128x768xf32>
  return
}
