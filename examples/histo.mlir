// Histo (MDH paper App. B.8): index-aware histogram (GenHisto with + and
// f(x, b) = 1 if x == b else 0, the bin taken from the MDA index b via mdh.index_aware).
//   H[b] = sum_e (E[e] == b ? 1 : 0)
// md_hom<B=7, E=41>(bin_match, (cc, pw(add)))   [index-aware]
//   dims:    b: cc (B = 7 bins)    e: pw add (E = 41 elements)
//   input:   E: (b,e) -> (e)   memref<41xi32>   (values meant to lie in [0, 7); others are not counted)
//   output:  H: (b,e) -> (b)   memref<7xi32>
//   result:  !mdh.mda<array<i64: 7, 1>>
// Work is O(B*E): every (bin, element) pair is compared (not work-efficient, as in the paper).
func.func private @bin_match(%b: index, %e: index, %x: i32) -> i32 {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %bin = arith.index_cast %b : index to i32
  %eq = arith.cmpi eq, %x, %bin : i32
  %r = arith.select %eq, %one, %zero : i32
  return %r : i32
}
func.func @histo(%E: memref<41xi32>, %H: memref<7xi32>) {
  %ve = "mdh.inp_view"(%E) {accesses = [affine_map<(b, e) -> (e)>]}
      : (memref<41xi32>) -> !mdh.mda<array<i64: 7, 41>>
  %r = "mdh.md_hom"(%ve) {scalar_function = @bin_match, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.index_aware}
      : (!mdh.mda<array<i64: 7, 41>>) -> !mdh.mda<array<i64: 7, 1>>
  "mdh.out_view"(%r, %H) {accesses = [affine_map<(b, e) -> (b)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7, 1>>, memref<7xi32>) -> ()
  return
}
