// MCC (MDH paper): multi-channel convolution, NHWC input, KRSC filter, NPQK output,
// stride 2 in both spatial dimensions, VALID (no padding).
//   O[n,p,q,k] = sum_{r,s,c} I[n, 2*p+r, 2*q+s, c] * F[k,r,s,c]
// md_hom<N=2, P=5, Q=3, K=7, R=3, S=2, C=5>(mul, (cc, cc, cc, cc, pw(add), pw(add), pw(add)))
//   dims:    n: cc (N = 2)    p: cc (P = 5)    q: cc (Q = 3)    k: cc (K = 7)
//            r: pw add (R = 3)    s: pw add (S = 2)    c: pw add (C = 5)
//   inputs:  I: (n,p,q,k,r,s,c) -> (n, 2*p+r, 2*q+s, c)   memref<2x11x6x5xf32>
//               (H = 2*(P-1)+R = 11, W = 2*(Q-1)+S = 6)
//            F: (n,p,q,k,r,s,c) -> (k, r, s, c)           memref<7x3x2x5xf32>
//   output:  O: (n,p,q,k,r,s,c) -> (n, p, q, k)           memref<2x5x3x7xf32>
//   result:  !mdh.mda<array<i64: 2, 5, 3, 7, 1, 1, 1>>
func.func private @mul(%i: f32, %f: f32) -> f32 {
  %p = arith.mulf %i, %f : f32
  return %p : f32
}
func.func @mcc(%I: memref<2x11x6x5xf32>, %F: memref<7x3x2x5xf32>, %O: memref<2x5x3x7xf32>) {
  %vi = "mdh.inp_view"(%I) {accesses = [affine_map<(n, p, q, k, r, s, c) -> (n, p * 2 + r, q * 2 + s, c)>]}
      : (memref<2x11x6x5xf32>) -> !mdh.mda<array<i64: 2, 5, 3, 7, 3, 2, 5>>
  %vf = "mdh.inp_view"(%F) {accesses = [affine_map<(n, p, q, k, r, s, c) -> (k, r, s, c)>]}
      : (memref<7x3x2x5xf32>) -> !mdh.mda<array<i64: 2, 5, 3, 7, 3, 2, 5>>
  %r = "mdh.md_hom"(%vi, %vf) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 2, 5, 3, 7, 3, 2, 5>>, !mdh.mda<array<i64: 2, 5, 3, 7, 3, 2, 5>>) -> !mdh.mda<array<i64: 2, 5, 3, 7, 1, 1, 1>>
  "mdh.out_view"(%r, %O) {accesses = [affine_map<(n, p, q, k, r, s, c) -> (n, p, q, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2, 5, 3, 7, 1, 1, 1>>, memref<2x5x3x7xf32>) -> ()
  return
}
