// GPU sub-graph s2m of basteln's Table 3 (sub+mul+mul, shape (32,12,128,128)),
// f32, three element-wise md_homs through two memref.alloc intermediates:
//   t1 = a - b;  t2 = t1 * c;  y = t2 * 0.125        (all 32 x 12 x 128 x 128)
// PyTorch: y = (a - b) * c * 0.125
// Memory-bound: a, b, c read and y written once.
func.func private @sub(%a: f32, %b: f32) -> f32 {
  %r = arith.subf %a, %b : f32
  return %r : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @scale(%a: f32) -> f32 {
  %c = arith.constant 1.250000e-01 : f32
  %r = arith.mulf %a, %c : f32
  return %r : f32
}
func.func @s2m(%a: memref<32x12x128x128xf32>, %b: memref<32x12x128x128xf32>, %c: memref<32x12x128x128xf32>, %y: memref<32x12x128x128xf32>) {
  %t1 = memref.alloc() : memref<32x12x128x128xf32>
  %t2 = memref.alloc() : memref<32x12x128x128xf32>
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(b, h, i, j) -> (b, h, i, j)>]}
      : (memref<32x12x128x128xf32>) -> !mdh.mda<array<i64: 32, 12, 128, 128>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(b, h, i, j) -> (b, h, i, j)>]}
      : (memref<32x12x128x128xf32>) -> !mdh.mda<array<i64: 32, 12, 128, 128>>
  %r1 = "mdh.md_hom"(%va, %vb) {scalar_function = @sub, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 32, 12, 128, 128>>, !mdh.mda<array<i64: 32, 12, 128, 128>>) -> !mdh.mda<array<i64: 32, 12, 128, 128>>
  "mdh.out_view"(%r1, %t1) {accesses = [affine_map<(b, h, i, j) -> (b, h, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 12, 128, 128>>, memref<32x12x128x128xf32>) -> ()
  %vt1 = "mdh.inp_view"(%t1) {accesses = [affine_map<(b, h, i, j) -> (b, h, i, j)>]}
      : (memref<32x12x128x128xf32>) -> !mdh.mda<array<i64: 32, 12, 128, 128>>
  %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(b, h, i, j) -> (b, h, i, j)>]}
      : (memref<32x12x128x128xf32>) -> !mdh.mda<array<i64: 32, 12, 128, 128>>
  %r2 = "mdh.md_hom"(%vt1, %vc) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 32, 12, 128, 128>>, !mdh.mda<array<i64: 32, 12, 128, 128>>) -> !mdh.mda<array<i64: 32, 12, 128, 128>>
  "mdh.out_view"(%r2, %t2) {accesses = [affine_map<(b, h, i, j) -> (b, h, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 12, 128, 128>>, memref<32x12x128x128xf32>) -> ()
  %vt2 = "mdh.inp_view"(%t2) {accesses = [affine_map<(b, h, i, j) -> (b, h, i, j)>]}
      : (memref<32x12x128x128xf32>) -> !mdh.mda<array<i64: 32, 12, 128, 128>>
  %r3 = "mdh.md_hom"(%vt2) {scalar_function = @scale, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 32, 12, 128, 128>>) -> !mdh.mda<array<i64: 32, 12, 128, 128>>
  "mdh.out_view"(%r3, %y) {accesses = [affine_map<(b, h, i, j) -> (b, h, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 32, 12, 128, 128>>, memref<32x12x128x128xf32>) -> ()
  memref.dealloc %t1 : memref<32x12x128x128xf32>
  memref.dealloc %t2 : memref<32x12x128x128xf32>
  return
}
