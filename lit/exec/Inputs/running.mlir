// The running example of the constraint-injection paper (Fig. 2), a
// simplified BERT operator, at odd sizes (I = 13, J = 7, K = 11):
//   X: B[i][k] = f(A[i][k])
//   Y: C[i][j] += B[i][k] * D[k][i][j]
// @running is influenced by the GPU optimizer's tree, @reduction_outside by
// a user tree putting Y's reduction k outermost and X after it, @plain by
// none (an empty tree).
func.func private @f(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @running(%A: memref<13x11xf32>, %B: memref<13x11xf32>, %D: memref<11x13x7xf32>, %C: memref<13x7xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<13x11xf32>) -> !mdh.mda<array<i64: 13, 11>>
  %x = "mdh.md_hom"(%va) {scalar_function = @f, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 13, 11>>) -> !mdh.mda<array<i64: 13, 11>>
  "mdh.out_view"(%x, %B) {accesses = [affine_map<(i, k) -> (i, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 11>>, memref<13x11xf32>) -> ()
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<13x11xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %vd = "mdh.inp_view"(%D) {accesses = [affine_map<(i, j, k) -> (k, i, j)>]}
      : (memref<11x13x7xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %y = "mdh.md_hom"(%vb, %vd) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 13, 7, 11>>, !mdh.mda<array<i64: 13, 7, 11>>) -> !mdh.mda<array<i64: 13, 7, 1>>
  "mdh.out_view"(%y, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 7, 1>>, memref<13x7xf32>) -> ()
  return
}
func.func @reduction_outside(%A: memref<13x11xf32>, %B: memref<13x11xf32>, %D: memref<11x13x7xf32>, %C: memref<13x7xf32>) attributes {mdh.influence = "[S1[0][2] = 1; S0[0][1] = 1] { [S1[1][0] = 1; S0[1][0] = 1] }"} {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<13x11xf32>) -> !mdh.mda<array<i64: 13, 11>>
  %x = "mdh.md_hom"(%va) {scalar_function = @f, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 13, 11>>) -> !mdh.mda<array<i64: 13, 11>>
  "mdh.out_view"(%x, %B) {accesses = [affine_map<(i, k) -> (i, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 11>>, memref<13x11xf32>) -> ()
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<13x11xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %vd = "mdh.inp_view"(%D) {accesses = [affine_map<(i, j, k) -> (k, i, j)>]}
      : (memref<11x13x7xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %y = "mdh.md_hom"(%vb, %vd) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 13, 7, 11>>, !mdh.mda<array<i64: 13, 7, 11>>) -> !mdh.mda<array<i64: 13, 7, 1>>
  "mdh.out_view"(%y, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 7, 1>>, memref<13x7xf32>) -> ()
  return
}
func.func @plain(%A: memref<13x11xf32>, %B: memref<13x11xf32>, %D: memref<11x13x7xf32>, %C: memref<13x7xf32>) attributes {mdh.influence = ""} {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<13x11xf32>) -> !mdh.mda<array<i64: 13, 11>>
  %x = "mdh.md_hom"(%va) {scalar_function = @f, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 13, 11>>) -> !mdh.mda<array<i64: 13, 11>>
  "mdh.out_view"(%x, %B) {accesses = [affine_map<(i, k) -> (i, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 11>>, memref<13x11xf32>) -> ()
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<13x11xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %vd = "mdh.inp_view"(%D) {accesses = [affine_map<(i, j, k) -> (k, i, j)>]}
      : (memref<11x13x7xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %y = "mdh.md_hom"(%vb, %vd) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 13, 7, 11>>, !mdh.mda<array<i64: 13, 7, 11>>) -> !mdh.mda<array<i64: 13, 7, 1>>
  "mdh.out_view"(%y, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 7, 1>>, memref<13x7xf32>) -> ()
  return
}
