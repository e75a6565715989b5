// An element-wise chain over 2048x2048 f32 (bench/linalg/run.sh):
// t = a * b + c, then y = max(t, 0) * s with s = 0.5, as two md_homs and
// as two linalg.generic ops, raised.
func.func private @fma(%a: f32, %b: f32, %c: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  %s = arith.addf %p, %c : f32
  return %s : f32
}
func.func private @relu_scale(%t: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %h = arith.constant 0.5 : f32
  %m = arith.maximumf %t, %z : f32
  %y = arith.mulf %m, %h : f32
  return %y : f32
}
func.func @mdh(%a: memref<2048x2048xf32>, %b: memref<2048x2048xf32>, %c: memref<2048x2048xf32>, %t: memref<2048x2048xf32>, %y: memref<2048x2048xf32>) {
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<2048x2048xf32>) -> !mdh.mda<array<i64: 2048, 2048>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<2048x2048xf32>) -> !mdh.mda<array<i64: 2048, 2048>>
  %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<2048x2048xf32>) -> !mdh.mda<array<i64: 2048, 2048>>
  %r = "mdh.md_hom"(%va, %vb, %vc) {scalar_function = @fma, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2048, 2048>>, !mdh.mda<array<i64: 2048, 2048>>, !mdh.mda<array<i64: 2048, 2048>>) -> !mdh.mda<array<i64: 2048, 2048>>
  "mdh.out_view"(%r, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 2048, 2048>>, memref<2048x2048xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<2048x2048xf32>) -> !mdh.mda<array<i64: 2048, 2048>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @relu_scale, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2048, 2048>>) -> !mdh.mda<array<i64: 2048, 2048>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 2048, 2048>>, memref<2048x2048xf32>) -> ()
  return
}
#id = affine_map<(i, j) -> (i, j)>
func.func @linalg(%a: memref<2048x2048xf32>, %b: memref<2048x2048xf32>, %c: memref<2048x2048xf32>, %t: memref<2048x2048xf32>, %y: memref<2048x2048xf32>) {
  linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b, %c : memref<2048x2048xf32>, memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%t : memref<2048x2048xf32>) {
  ^bb0(%x: f32, %w: f32, %v: f32, %o: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %p, %v : f32
    linalg.yield %s : f32
  }
  %z = arith.constant 0.0 : f32
  %h = arith.constant 0.5 : f32
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<2048x2048xf32>) outs(%y : memref<2048x2048xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %x, %z : f32
    %r = arith.mulf %m, %h : f32
    linalg.yield %r : f32
  }
  return
}
