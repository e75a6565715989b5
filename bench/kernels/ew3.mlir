// GPU benchmark ew3: y = (2 x + 1)^2 over 8192 x 8192 f32, written as three
// element-wise md_homs chained through two memref.alloc intermediates.
// mdh-schedule fuses them into one band and mdh-map-gpu makes that band ONE
// kernel (kernel formation, docs/architecture.md): each thread runs the three
// statements of its points, reading x once and storing y once (t1 and t2
// stay in its registers). Memory-bound: x read and y written once, 2 * 4 * 8192^2 bytes at
// least; baseline a plain CUDA kernel computing (2 x + 1)^2 in one pass.
func.func private @twice(%a: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %p = arith.mulf %a, %c : f32
  return %p : f32
}
func.func private @inc(%a: f32) -> f32 {
  %c = arith.constant 1.0 : f32
  %p = arith.addf %a, %c : f32
  return %p : f32
}
func.func private @sq(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}
func.func @ew3(%x: memref<8192x8192xf32>, %y: memref<8192x8192xf32>) {
  %t1 = memref.alloc() : memref<8192x8192xf32>
  %t2 = memref.alloc() : memref<8192x8192xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<8192x8192xf32>) -> !mdh.mda<array<i64: 8192, 8192>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 8192, 8192>>) -> !mdh.mda<array<i64: 8192, 8192>>
  "mdh.out_view"(%r0, %t1) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8192, 8192>>, memref<8192x8192xf32>) -> ()
  %v1 = "mdh.inp_view"(%t1) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<8192x8192xf32>) -> !mdh.mda<array<i64: 8192, 8192>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @inc, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 8192, 8192>>) -> !mdh.mda<array<i64: 8192, 8192>>
  "mdh.out_view"(%r1, %t2) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8192, 8192>>, memref<8192x8192xf32>) -> ()
  %v2 = "mdh.inp_view"(%t2) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<8192x8192xf32>) -> !mdh.mda<array<i64: 8192, 8192>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @sq, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 8192, 8192>>) -> !mdh.mda<array<i64: 8192, 8192>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8192, 8192>>, memref<8192x8192xf32>) -> ()
  memref.dealloc %t1 : memref<8192x8192xf32>
  memref.dealloc %t2 : memref<8192x8192xf32>
  return
}
