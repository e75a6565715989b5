// GPU benchmark scan(+): y[i] = sum_{k <= i} x[k], f32, 2^26 elements (an
// inclusive prefix sum, PANAMERA's ps combine operator).
// md_hom<N=2^26>(id, (ps(add)))
//   input:   x: (i) -> (i)   memref<67108864xf32>
//   output:  y: (i) -> (i)   memref<67108864xf32>
// Memory-bound: 4 * 2 * 2^26 bytes at least; baseline CUB
// DeviceScan::InclusiveSum. mdh-map-gpu spreads it over 512 blocks, which
// scan it in one pass (the block scan's decoupled look-back, docs/gpu.md).
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @scan(%x: memref<67108864xf32>, %y: memref<67108864xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<67108864xf32>) -> !mdh.mda<array<i64: 67108864>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 67108864>>) -> !mdh.mda<array<i64: 67108864>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 67108864>>, memref<67108864xf32>) -> ()
  return
}
