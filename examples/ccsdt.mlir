// CCSD(T) (MDH paper): tensor contraction abcdef-gdab-efgc (TCCG notation), instance I1.
//   C[a,b,c,d,e,f] = sum_g A[g,d,a,b] * B[e,f,g,c]
// md_hom<A=3, B=4, C=2, D=3, E=2, F=4, G=5>(mul, (cc, cc, cc, cc, cc, cc, pw(add)))
//   dims:    a: cc (3)    b: cc (4)    c: cc (2)    d: cc (3)    e: cc (2)    f: cc (4)
//            g: pw add (5)
//   inputs:  A: (a,b,c,d,e,f,g) -> (g, d, a, b)            memref<5x3x3x4xf32>
//            B: (a,b,c,d,e,f,g) -> (e, f, g, c)            memref<2x4x5x2xf32>
//   output:  C: (a,b,c,d,e,f,g) -> (a, b, c, d, e, f)      memref<3x4x2x3x2x4xf32>
//   result:  !mdh.mda<array<i64: 3, 4, 2, 3, 2, 4, 1>>
// Sizes are tiny stand-ins for the TCCG ones (a=24 b=16 c=16 d=16 e=24 f=16 g=24).
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @ccsdt(%A: memref<5x3x3x4xf32>, %B: memref<2x4x5x2xf32>, %C: memref<3x4x2x3x2x4xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(a, b, c, d, e, f, g) -> (g, d, a, b)>]}
      : (memref<5x3x3x4xf32>) -> !mdh.mda<array<i64: 3, 4, 2, 3, 2, 4, 5>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(a, b, c, d, e, f, g) -> (e, f, g, c)>]}
      : (memref<2x4x5x2xf32>) -> !mdh.mda<array<i64: 3, 4, 2, 3, 2, 4, 5>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 3, 4, 2, 3, 2, 4, 5>>, !mdh.mda<array<i64: 3, 4, 2, 3, 2, 4, 5>>) -> !mdh.mda<array<i64: 3, 4, 2, 3, 2, 4, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(a, b, c, d, e, f, g) -> (a, b, c, d, e, f)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 4, 2, 3, 2, 4, 1>>, memref<3x4x2x3x2x4xf32>) -> ()
  return
}
