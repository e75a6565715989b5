// PolyBench 4.2 jacobi-2d at its LARGE size (TSTEPS = 500, N = 1300), f32:
// 500 time steps, each two md_homs over the 1298^2 inner points (B from
// A's five-point stencil, then A from B's), in an scf.for.
func.func private @stencil(%c: f32, %w: f32, %e: f32, %s: f32, %n: f32) -> f32 {
  %fifth = arith.constant 0.2 : f32
  %a = arith.addf %c, %w : f32
  %b = arith.addf %a, %e : f32
  %d = arith.addf %b, %s : f32
  %f = arith.addf %d, %n : f32
  %r = arith.mulf %f, %fifth : f32
  return %r : f32
}
func.func @jacobi_2d(%A: memref<1300x1300xf32>, %B: memref<1300x1300xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %steps = arith.constant 500 : index
  scf.for %t = %c0 to %steps step %c1 {
    %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j) -> (i + 1, j + 1)>,
                                          affine_map<(i, j) -> (i + 1, j)>,
                                          affine_map<(i, j) -> (i + 1, j + 2)>,
                                          affine_map<(i, j) -> (i + 2, j + 1)>,
                                          affine_map<(i, j) -> (i, j + 1)>]}
        : (memref<1300x1300xf32>) -> !mdh.mda<array<i64: 1298, 1298>>
    %r0 = "mdh.md_hom"(%va) {scalar_function = @stencil, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 1298, 1298>>) -> !mdh.mda<array<i64: 1298, 1298>>
    "mdh.out_view"(%r0, %B) {accesses = [affine_map<(i, j) -> (i + 1, j + 1)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 1298, 1298>>, memref<1300x1300xf32>) -> ()
    %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j) -> (i + 1, j + 1)>,
                                          affine_map<(i, j) -> (i + 1, j)>,
                                          affine_map<(i, j) -> (i + 1, j + 2)>,
                                          affine_map<(i, j) -> (i + 2, j + 1)>,
                                          affine_map<(i, j) -> (i, j + 1)>]}
        : (memref<1300x1300xf32>) -> !mdh.mda<array<i64: 1298, 1298>>
    %r1 = "mdh.md_hom"(%vb) {scalar_function = @stencil, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 1298, 1298>>) -> !mdh.mda<array<i64: 1298, 1298>>
    "mdh.out_view"(%r1, %A) {accesses = [affine_map<(i, j) -> (i + 1, j + 1)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 1298, 1298>>, memref<1300x1300xf32>) -> ()
  }
  return
}
