// Conv2D (MDH paper; "Gaussian convolution" in the experiments): 2-D convolution, stride 1, VALID.
//   O[p,q] = sum_{r,s} I[p+r, q+s] * F[r,s]
// md_hom<P=13, Q=9, R=3, S=5>(mul, (cc, cc, pw(add), pw(add)))
//   dims:    p: cc (P = 13)    q: cc (Q = 9)    r: pw add (R = 3)    s: pw add (S = 5)
//   inputs:  I: (p,q,r,s) -> (p+r, q+s)   memref<15x13xf32>   (P+R-1 x Q+S-1)
//            F: (p,q,r,s) -> (r, s)       memref<3x5xf32>
//   output:  O: (p,q,r,s) -> (p, q)       memref<13x9xf32>
//   result:  !mdh.mda<array<i64: 13, 9, 1, 1>>
func.func private @mul(%i: f32, %f: f32) -> f32 {
  %p = arith.mulf %i, %f : f32
  return %p : f32
}
func.func @conv2d(%I: memref<15x13xf32>, %F: memref<3x5xf32>, %O: memref<13x9xf32>) {
  %vi = "mdh.inp_view"(%I) {accesses = [affine_map<(p, q, r, s) -> (p + r, q + s)>]}
      : (memref<15x13xf32>) -> !mdh.mda<array<i64: 13, 9, 3, 5>>
  %vf = "mdh.inp_view"(%F) {accesses = [affine_map<(p, q, r, s) -> (r, s)>]}
      : (memref<3x5xf32>) -> !mdh.mda<array<i64: 13, 9, 3, 5>>
  %r = "mdh.md_hom"(%vi, %vf) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 13, 9, 3, 5>>, !mdh.mda<array<i64: 13, 9, 3, 5>>) -> !mdh.mda<array<i64: 13, 9, 1, 1>>
  "mdh.out_view"(%r, %O) {accesses = [affine_map<(p, q, r, s) -> (p, q)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 9, 1, 1>>, memref<13x9xf32>) -> ()
  return
}
