// PolyBench 4.2 gesummv at its LARGE size (N = 1300), f32:
// y = alpha A x + beta B x (alpha = 1.5, beta = 1.2), as three md_homs.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @axpby(%t: f32, %u: f32) -> f32 {
  %alpha = arith.constant 1.5 : f32
  %beta = arith.constant 1.2 : f32
  %a = arith.mulf %alpha, %t : f32
  %b = arith.mulf %beta, %u : f32
  %r = arith.addf %a, %b : f32
  return %r : f32
}
func.func @gesummv(%A: memref<1300x1300xf32>, %B: memref<1300x1300xf32>, %x: memref<1300xf32>, %y: memref<1300xf32>) {
  %tmp = memref.alloc() : memref<1300xf32>
  %u = memref.alloc() : memref<1300xf32>
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<1300x1300xf32>) -> !mdh.mda<array<i64: 1300, 1300>>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (j)>]}
      : (memref<1300xf32>) -> !mdh.mda<array<i64: 1300, 1300>>
  %r0 = "mdh.md_hom"(%va, %vx) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 1300, 1300>>, !mdh.mda<array<i64: 1300, 1300>>) -> !mdh.mda<array<i64: 1300, 1>>
  "mdh.out_view"(%r0, %tmp) {accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1300, 1>>, memref<1300xf32>) -> ()
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<1300x1300xf32>) -> !mdh.mda<array<i64: 1300, 1300>>
  %vx2 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (j)>]}
      : (memref<1300xf32>) -> !mdh.mda<array<i64: 1300, 1300>>
  %r1 = "mdh.md_hom"(%vb, %vx2) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 1300, 1300>>, !mdh.mda<array<i64: 1300, 1300>>) -> !mdh.mda<array<i64: 1300, 1>>
  "mdh.out_view"(%r1, %u) {accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1300, 1>>, memref<1300xf32>) -> ()
  %vt = "mdh.inp_view"(%tmp) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<1300xf32>) -> !mdh.mda<array<i64: 1300>>
  %vu = "mdh.inp_view"(%u) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<1300xf32>) -> !mdh.mda<array<i64: 1300>>
  %r2 = "mdh.md_hom"(%vt, %vu) {scalar_function = @axpby, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 1300>>, !mdh.mda<array<i64: 1300>>) -> !mdh.mda<array<i64: 1300>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1300>>, memref<1300xf32>) -> ()
  memref.dealloc %tmp : memref<1300xf32>
  memref.dealloc %u : memref<1300xf32>
  return
}
