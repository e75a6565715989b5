// reduce(+, max) (MDH paper Fig. 14): double reduction. Each MDA element is the
// pair (x[i], x[i]) (one buffer, two accesses); the pair is combined component-wise with
// (add, max) and stored into two scalar outputs.
//   s1 = sum_i x[i]        s2 = max_i x[i]
// md_hom<N=47>(pair, (pw((add, max))))
//   dims:    i: pw (add, max) (N = 47)
//   input:   x: (i) -> (i), (i) -> (i)   memref<47xf32>
//   outputs: s1: (i) -> (), component 0 (sum)   memref<f32>
//            s2: (i) -> (), component 1 (max)   memref<f32>
//   result:  !mdh.mda<array<i64: 1>> of (f32, f32)
func.func private @pair(%a: f32, %b: f32) -> (f32, f32) {
  return %a, %b : f32, f32
}
func.func @double_reduce(%x: memref<47xf32>, %s1: memref<f32>, %s2: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>]}
      : (memref<47xf32>) -> !mdh.mda<array<i64: 47>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @pair, combine_ops = [#mdh.pw<["add", "max"]>]}
      : (!mdh.mda<array<i64: 47>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %s1) {accesses = [affine_map<(i) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  "mdh.out_view"(%r, %s2) {accesses = [affine_map<(i) -> ()>], components = array<i64: 1>}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  return
}
