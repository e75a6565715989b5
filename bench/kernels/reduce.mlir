// GPU benchmark reduce(+): s = sum_i x[i] over 2^26 = 67108864 f32 (all-reduce to one value).
// md_hom<N=67108864>(id, (pw(add)))
//   input:   x: (i) -> (i)   memref<67108864xf32>
//   output:  s: (i) -> ()    memref<f32>
// Memory-bound: 4 * 2^26 bytes at least; baseline CUB DeviceReduce::Sum.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @reduce(%x: memref<67108864xf32>, %s: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<67108864xf32>) -> !mdh.mda<array<i64: 67108864>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 67108864>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(i) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  return
}
