// A chain whose consumers read their producers through "j mod 3" and
// "j mod 2" (mdh-fuzz-opt, campaign 3, with memref.alloca made alloc): the
// dependences have local variables. Test: mod-deps.test.
func.func private @twice(%a: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %p = arith.mulf %a, %c : f32
  return %p : f32
}
func.func private @inc(%a: f32) -> f32 {
  %c = arith.constant 1.0 : f32
  %p = arith.mulf %a, %c : f32
  return %p : f32
}
func.func @ew3(%x: memref<40x8xf32>, %y: memref<40x8xf32>) {
  %t1 = memref.alloc() : memref<40x8xf32>
  %t2 = memref.alloc() : memref<40x8xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<40x8xf32>) -> !mdh.mda<array<i64: 40, 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 40, 8>>) -> !mdh.mda<array<i64: 40, 8>>
  "mdh.out_view"(%r0, %t1) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 8>>, memref<40x8xf32>) -> ()
  %v1 = "mdh.inp_view"(%t1) {accesses = [affine_map<(i, j) -> (i, j mod 3)>]}
      : (memref<40x8xf32>) -> !mdh.mda<array<i64: 40, 8>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @inc, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 8>>) -> !mdh.mda<array<i64: 40, 8>>
  "mdh.out_view"(%r1, %t2) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 8>>, memref<40x8xf32>) -> ()
  %v2 = "mdh.inp_view"(%t2) {accesses = [affine_map<(i, j) -> (i, j mod 2)>]}
      : (memref<40x8xf32>) -> !mdh.mda<array<i64: 40, 8>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @twice, combine_ops = [#mdh.ps<"mul">, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 8>>) -> !mdh.mda<array<i64: 40, 8>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 8>>, memref<40x8xf32>) -> ()
  memref.dealloc %t1 : memref<40x8xf32>
  memref.dealloc %t2 : memref<40x8xf32>
  return
}
