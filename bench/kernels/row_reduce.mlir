// GPU benchmark row reduce(+): r[i] = sum_k x[i,k], f32, 8192 x 8192 (sum over the columns
// of each row; the x-reduce of PANAMERA §3).
// md_hom<I=8192, K=8192>(id, (cc, pw(add)))
//   input:   x: (i,k) -> (i,k)   memref<8192x8192xf32>
//   output:  r: (i,k) -> (i)     memref<8192xf32>
// Memory-bound: 4 * (8192*8192 + 8192) bytes at least; baselines CUB
// DeviceSegmentedReduce::Sum and cuBLAS SGEMV with a vector of ones (the faster counts).
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @row_reduce(%x: memref<8192x8192xf32>, %r: memref<8192xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<8192x8192xf32>) -> !mdh.mda<array<i64: 8192, 8192>>
  %h = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 8192, 8192>>) -> !mdh.mda<array<i64: 8192, 1>>
  "mdh.out_view"(%h, %r) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8192, 1>>, memref<8192xf32>) -> ()
  return
}
