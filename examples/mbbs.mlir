// MBBS (MDH paper; Maximum Bottom Box Sum, Farzan & Nicolet PLDI'19): running sums of row sums.
// RECONSTRUCTION (low confidence): the paper only says MBBS uses prefix-sum(+)
// and needs two non-cc dimensions with different combine operators; the "maximum" step (max over
// the bottom-box sums) is left out here (a further operator or a post-step).
//   O[i] = sum_{i' <= i} sum_j A[i', j]
// md_hom<I=13, J=7>(id, (ps(add), pw(add)))
//   dims:    i: ps add (I = 13)    j: pw add (J = 7)
//   input:   A: (i,j) -> (i,j)   memref<13x7xf32>
//   output:  O: (i,j) -> (i)     memref<13xf32>
//   result:  !mdh.mda<array<i64: 13, 1>>
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @mbbs(%A: memref<13x7xf32>, %O: memref<13xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<13x7xf32>) -> !mdh.mda<array<i64: 13, 7>>
  %r = "mdh.md_hom"(%va) {scalar_function = @id, combine_ops = [#mdh.ps<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 13, 7>>) -> !mdh.mda<array<i64: 13, 1>>
  "mdh.out_view"(%r, %O) {accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 1>>, memref<13xf32>) -> ()
  return
}
