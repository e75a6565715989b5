// PolyBench 4.2 2mm at its LARGE size (NI = 800, NJ = 900, NK = 1100,
// NL = 1200), f32, as four md_homs: tmp = alpha A B; U = beta D;
// T = tmp C; D = U + T (alpha = 1.5, beta = 1.2), alpha A B as PolyBench's
// alpha * A[i][k] * B[k][j]. The first product is not recomputed in the
// tiles of the second (a tile of D needs all of tmp); the CPU pipeline
// runs U and the sum in the epilogue of the second's register tiles.
func.func private @alpha_mul(%a: f32, %b: f32) -> f32 {
  %alpha = arith.constant 1.5 : f32
  %p = arith.mulf %alpha, %a : f32
  %r = arith.mulf %p, %b : f32
  return %r : f32
}
func.func private @scale_beta(%c: f32) -> f32 {
  %beta = arith.constant 1.2 : f32
  %r = arith.mulf %c, %beta : f32
  return %r : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @add(%a: f32, %b: f32) -> f32 {
  %r = arith.addf %a, %b : f32
  return %r : f32
}
func.func @mm2(%a: memref<800x1100xf32>, %b: memref<1100x900xf32>, %c: memref<900x1200xf32>, %d: memref<800x1200xf32>) {
  %tmp = memref.alloc() : memref<800x900xf32>
  %u = memref.alloc() : memref<800x1200xf32>
  %t = memref.alloc() : memref<800x1200xf32>
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<800x1100xf32>) -> !mdh.mda<array<i64: 800, 900, 1100>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<1100x900xf32>) -> !mdh.mda<array<i64: 800, 900, 1100>>
  %r0 = "mdh.md_hom"(%va, %vb) {scalar_function = @alpha_mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 800, 900, 1100>>, !mdh.mda<array<i64: 800, 900, 1100>>) -> !mdh.mda<array<i64: 800, 900, 1>>
  "mdh.out_view"(%r0, %tmp) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 800, 900, 1>>, memref<800x900xf32>) -> ()
  %vd = "mdh.inp_view"(%d) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<800x1200xf32>) -> !mdh.mda<array<i64: 800, 1200>>
  %r1 = "mdh.md_hom"(%vd) {scalar_function = @scale_beta, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 800, 1200>>) -> !mdh.mda<array<i64: 800, 1200>>
  "mdh.out_view"(%r1, %u) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 800, 1200>>, memref<800x1200xf32>) -> ()
  %vtmp = "mdh.inp_view"(%tmp) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<800x900xf32>) -> !mdh.mda<array<i64: 800, 1200, 900>>
  %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<900x1200xf32>) -> !mdh.mda<array<i64: 800, 1200, 900>>
  %r2 = "mdh.md_hom"(%vtmp, %vc) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 800, 1200, 900>>, !mdh.mda<array<i64: 800, 1200, 900>>) -> !mdh.mda<array<i64: 800, 1200, 1>>
  "mdh.out_view"(%r2, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 800, 1200, 1>>, memref<800x1200xf32>) -> ()
  %vu = "mdh.inp_view"(%u) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<800x1200xf32>) -> !mdh.mda<array<i64: 800, 1200>>
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<800x1200xf32>) -> !mdh.mda<array<i64: 800, 1200>>
  %r3 = "mdh.md_hom"(%vu, %vt) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 800, 1200>>, !mdh.mda<array<i64: 800, 1200>>) -> !mdh.mda<array<i64: 800, 1200>>
  "mdh.out_view"(%r3, %d) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 800, 1200>>, memref<800x1200xf32>) -> ()
  memref.dealloc %tmp : memref<800x900xf32>
  memref.dealloc %u : memref<800x1200xf32>
  memref.dealloc %t : memref<800x1200xf32>
  return
}
