// The product of gemm.mlir alone (C = alpha A B at PolyBench's LARGE gemm
// size, the same md_hom and scalar function): what the three-md_hom gemm
// is measured against.
func.func private @alpha_mul(%a: f32, %b: f32) -> f32 {
  %alpha = arith.constant 1.5 : f32
  %p = arith.mulf %alpha, %a : f32
  %r = arith.mulf %p, %b : f32
  return %r : f32
}
func.func @gemm_product(%a: memref<1000x1200xf32>, %b: memref<1200x1100xf32>, %c: memref<1000x1100xf32>) {
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<1000x1200xf32>) -> !mdh.mda<array<i64: 1000, 1100, 1200>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<1200x1100xf32>) -> !mdh.mda<array<i64: 1000, 1100, 1200>>
  %r1 = "mdh.md_hom"(%va, %vb) {scalar_function = @alpha_mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 1000, 1100, 1200>>, !mdh.mda<array<i64: 1000, 1100, 1200>>) -> !mdh.mda<array<i64: 1000, 1100, 1>>
  "mdh.out_view"(%r1, %c) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1000, 1100, 1>>, memref<1000x1100xf32>) -> ()
  return
}
