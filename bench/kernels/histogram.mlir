// GPU benchmark histogram: H[b] = #{e : floor((x[e] + 1) * 128) = b}, 2^24
// f32 samples in [-1, 1) into 256 even bins, in the MDH form (bins cc,
// samples pw(add), an index-aware scalar function that is 1 where the
// sample's bin is b).
// md_hom<B=256, N=2^24>(count, (cc, pw(add)))
//   input:   x: (b,e) -> (e)   memref<16777216xf32>
//   output:  H: (b,e) -> (b)   memref<256xi32>
// mdh-codegen-gpu recognizes the histogram and adds each sample into one
// of 256 per-block bins in shared memory (atom.shared.add), not comparing
// it with every bin. Memory-bound: 4 * 2^24 bytes at least; baseline CUB
// DeviceHistogram::HistogramEven (257 levels over [-1, 1)).
func.func private @count(%b: index, %e: index, %x: f32) -> i32 {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %c1 = arith.constant 1.0 : f32
  %c128 = arith.constant 128.0 : f32
  %s = arith.addf %x, %c1 : f32
  %t = arith.mulf %s, %c128 : f32
  %v = arith.fptosi %t : f32 to i32
  %bin = arith.index_cast %b : index to i32
  %eq = arith.cmpi eq, %v, %bin : i32
  %r = arith.select %eq, %one, %zero : i32
  return %r : i32
}
func.func @histogram(%x: memref<16777216xf32>, %H: memref<256xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(b, e) -> (e)>]}
      : (memref<16777216xf32>) -> !mdh.mda<array<i64: 256, 16777216>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @count, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.index_aware}
      : (!mdh.mda<array<i64: 256, 16777216>>) -> !mdh.mda<array<i64: 256, 1>>
  "mdh.out_view"(%r, %H) {accesses = [affine_map<(b, e) -> (b)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 256, 1>>, memref<256xi32>) -> ()
  return
}
