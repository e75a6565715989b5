// Finding, known: strided (issue 13 item 3): a md_hom reading a subview (strided
// layout) fails on gpu-emulated with "cannot be converted to LLVM IR: missing
// `LLVMTranslationDialectInterface` registration for dialect for op: memref.alloc"
// (a memref.alloc left unlowered); cpu and reference run it.
//   build/bin/mdh-run test/diff/findings/strided_in.mlir --entry=f --pipeline=gpu-emulated --compare=reference
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @f(%x: memref<10xf32>, %y: memref<8xf32>) {
  %s = memref.subview %x[1] [8] [1] : memref<10xf32> to memref<8xf32, strided<[1], offset: 1>>
  %v = "mdh.inp_view"(%s) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32, strided<[1], offset: 1>>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}
