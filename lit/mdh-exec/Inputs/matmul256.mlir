// A MatMul whose register tiles are 256-bit vectors (see native.test).
module attributes {mdh.vector_bits = 256 : i64} {
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @matmul256(%A: memref<24x40xf32>, %B: memref<40x32xf32>, %C: memref<24x32xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<24x40xf32>) -> !mdh.mda<array<i64: 24, 32, 40>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<40x32xf32>) -> !mdh.mda<array<i64: 24, 32, 40>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 24, 32, 40>>, !mdh.mda<array<i64: 24, 32, 40>>) -> !mdh.mda<array<i64: 24, 32, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 24, 32, 1>>, memref<24x32xf32>) -> ()
  return
}
}
