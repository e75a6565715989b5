// A chain next to ordinary ops: linalg and affine after it, on its output
// (issue 13, item 6).
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @mixed(%x: memref<8xf32>, %y: memref<8xf32>, %z: memref<8xf32>) {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  linalg.add ins(%y, %x : memref<8xf32>, memref<8xf32>) outs(%z : memref<8xf32>)
  affine.for %i = 0 to 4 {
    %e = affine.load %z[%i * 2] : memref<8xf32>
    %f = arith.addf %e, %e : f32
    affine.store %f, %z[%i * 2] : memref<8xf32>
  }
  return
}
