// MCC_Capsule (MDH paper): multi-channel convolution whose "scalars" are small matrices
// (matrix capsules, Hinton et al. 2018); stride 2, VALID. Each output capsule is the sum over
// r,s,c of (input capsule MI x MK) * (filter capsule MK x MJ).
//   O[n,p,q,k,mi,mj] = sum_{r,s,c,mk} I[n, 2*p+r, 2*q+s, c, mi, mk] * F[k,r,s,c,mk,mj]
// md_hom<N=2, P=3, Q=2, K=5, R=3, S=2, C=3, MI=3, MJ=4, MK=2>
//       (mul, (cc, cc, cc, cc, pw(add), pw(add), pw(add), cc, cc, pw(add)))
//   dims:    n: cc (N = 2)    p: cc (P = 3)    q: cc (Q = 2)    k: cc (K = 5)
//            r: pw add (R = 3)    s: pw add (S = 2)    c: pw add (C = 3)
//            mi: cc (MI = 3)    mj: cc (MJ = 4)    mk: pw add (MK = 2)
//   inputs:  I: (..) -> (n, 2*p+r, 2*q+s, c, mi, mk)   memref<2x7x4x3x3x2xf32>
//               (H = 2*(P-1)+R = 7, W = 2*(Q-1)+S = 4)
//            F: (..) -> (k, r, s, c, mk, mj)           memref<5x3x2x3x2x4xf32>
//   output:  O: (..) -> (n, p, q, k, mi, mj)           memref<2x3x2x5x3x4xf32>
//   result:  !mdh.mda<array<i64: 2, 3, 2, 5, 1, 1, 1, 3, 4, 1>>
// Reconstruction: the paper fixes only "MCC + three extra dims of fixed size" (4x4 capsules in
// the DL experiments); the order of the extra dims, their maps and the non-square 3x2 * 2x4
// capsule sizes used here (to catch index mix-ups) are our choice.
func.func private @mul(%i: f32, %f: f32) -> f32 {
  %p = arith.mulf %i, %f : f32
  return %p : f32
}
func.func @mcc_capsule(%I: memref<2x7x4x3x3x2xf32>, %F: memref<5x3x2x3x2x4xf32>, %O: memref<2x3x2x5x3x4xf32>) {
  %vi = "mdh.inp_view"(%I) {accesses = [affine_map<(n, p, q, k, r, s, c, mi, mj, mk) -> (n, p * 2 + r, q * 2 + s, c, mi, mk)>]}
      : (memref<2x7x4x3x3x2xf32>) -> !mdh.mda<array<i64: 2, 3, 2, 5, 3, 2, 3, 3, 4, 2>>
  %vf = "mdh.inp_view"(%F) {accesses = [affine_map<(n, p, q, k, r, s, c, mi, mj, mk) -> (k, r, s, c, mk, mj)>]}
      : (memref<5x3x2x3x2x4xf32>) -> !mdh.mda<array<i64: 2, 3, 2, 5, 3, 2, 3, 3, 4, 2>>
  %r = "mdh.md_hom"(%vi, %vf) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 2, 3, 2, 5, 3, 2, 3, 3, 4, 2>>, !mdh.mda<array<i64: 2, 3, 2, 5, 3, 2, 3, 3, 4, 2>>) -> !mdh.mda<array<i64: 2, 3, 2, 5, 1, 1, 1, 3, 4, 1>>
  "mdh.out_view"(%r, %O) {accesses = [affine_map<(n, p, q, k, r, s, c, mi, mj, mk) -> (n, p, q, k, mi, mj)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2, 3, 2, 5, 1, 1, 1, 3, 4, 1>>, memref<2x3x2x5x3x4xf32>) -> ()
  return
}
