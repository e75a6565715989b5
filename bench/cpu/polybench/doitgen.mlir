// PolyBench 4.2 doitgen at its LARGE size (NQ = 140, NR = 150, NP = 160),
// f32: A[r][q][p] = sum_s A[r][q][s] * C4[s][p], as two md_homs (the
// products into a buffer, then copied back: a md_hom may not write what it
// reads).
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @doitgen(%A: memref<150x140x160xf32>, %C4: memref<160x160xf32>) {
  %sum = memref.alloc() : memref<150x140x160xf32>
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(r, q, p, s) -> (r, q, s)>]}
      : (memref<150x140x160xf32>) -> !mdh.mda<array<i64: 150, 140, 160, 160>>
  %vc = "mdh.inp_view"(%C4) {accesses = [affine_map<(r, q, p, s) -> (s, p)>]}
      : (memref<160x160xf32>) -> !mdh.mda<array<i64: 150, 140, 160, 160>>
  %r0 = "mdh.md_hom"(%va, %vc) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 150, 140, 160, 160>>, !mdh.mda<array<i64: 150, 140, 160, 160>>) -> !mdh.mda<array<i64: 150, 140, 160, 1>>
  "mdh.out_view"(%r0, %sum) {accesses = [affine_map<(r, q, p, s) -> (r, q, p)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 150, 140, 160, 1>>, memref<150x140x160xf32>) -> ()
  %vs = "mdh.inp_view"(%sum) {accesses = [affine_map<(r, q, p) -> (r, q, p)>]}
      : (memref<150x140x160xf32>) -> !mdh.mda<array<i64: 150, 140, 160>>
  %r1 = "mdh.md_hom"(%vs) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 150, 140, 160>>) -> !mdh.mda<array<i64: 150, 140, 160>>
  "mdh.out_view"(%r1, %A) {accesses = [affine_map<(r, q, p) -> (r, q, p)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 150, 140, 160>>, memref<150x140x160xf32>) -> ()
  memref.dealloc %sum : memref<150x140x160xf32>
  return
}
