// The two products of 2mm.mlir alone (tmp = alpha A B; D = tmp C at
// PolyBench's LARGE 2mm size, the same md_homs and scalar functions): what
// the four-md_hom 2mm is measured against.
func.func private @alpha_mul(%a: f32, %b: f32) -> f32 {
  %alpha = arith.constant 1.5 : f32
  %p = arith.mulf %alpha, %a : f32
  %r = arith.mulf %p, %b : f32
  return %r : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @mm2_products(%a: memref<800x1100xf32>, %b: memref<1100x900xf32>, %c: memref<900x1200xf32>, %d: memref<800x1200xf32>) {
  %tmp = memref.alloc() : memref<800x900xf32>
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<800x1100xf32>) -> !mdh.mda<array<i64: 800, 900, 1100>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<1100x900xf32>) -> !mdh.mda<array<i64: 800, 900, 1100>>
  %r0 = "mdh.md_hom"(%va, %vb) {scalar_function = @alpha_mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 800, 900, 1100>>, !mdh.mda<array<i64: 800, 900, 1100>>) -> !mdh.mda<array<i64: 800, 900, 1>>
  "mdh.out_view"(%r0, %tmp) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 800, 900, 1>>, memref<800x900xf32>) -> ()
  %vtmp = "mdh.inp_view"(%tmp) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<800x900xf32>) -> !mdh.mda<array<i64: 800, 1200, 900>>
  %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<900x1200xf32>) -> !mdh.mda<array<i64: 800, 1200, 900>>
  %r1 = "mdh.md_hom"(%vtmp, %vc) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 800, 1200, 900>>, !mdh.mda<array<i64: 800, 1200, 900>>) -> !mdh.mda<array<i64: 800, 1200, 1>>
  "mdh.out_view"(%r1, %d) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 800, 1200, 1>>, memref<800x1200xf32>) -> ()
  memref.dealloc %tmp : memref<800x900xf32>
  return
}
