// Finding (differential test, issue 13): gpu-emulated fails with "'gpu.alloc' op
// incorrect number of dynamic sizes, has 0, expected 1" (an invalid op made by the
// passes, located at the out_view) when a md_hom writes a buffer with a dynamic size
// (memref.cast to memref<?xf32>); cpu and reference run it.
//   build/bin/mdh-run test/diff/findings/dyn_out.mlir --entry=f --pipeline=gpu-emulated --compare=reference
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @f(%x: memref<8xf32>, %y: memref<8xf32>) {
  %d = memref.cast %y : memref<8xf32> to memref<?xf32>
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r, %d) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<?xf32>) -> ()
  return
}
