// A producer of one dimension (a smoothed row vector) in a group of two:
// each tile computes the vector's columns it reads, on the threads of one
// row of the block (no dimension of the producer follows the row tiles).
func.func private @avg3(%a: f32, %b: f32, %c: f32) -> f32 {
  %third = arith.constant 0.333333343 : f32
  %s1 = arith.addf %a, %b : f32
  %s2 = arith.addf %s1, %c : f32
  %r = arith.mulf %s2, %third : f32
  return %r : f32
}
func.func private @add(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func @rowvec(%v: memref<302xf32>, %a: memref<70x300xf32>, %out: memref<70x300xf32>) {
  %s = memref.alloc() : memref<300xf32>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(j) -> (j)>, affine_map<(j) -> (j + 1)>, affine_map<(j) -> (j + 2)>]}
      : (memref<302xf32>) -> !mdh.mda<array<i64: 300>>
  %r1 = "mdh.md_hom"(%vv) {scalar_function = @avg3, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 300>>) -> !mdh.mda<array<i64: 300>>
  "mdh.out_view"(%r1, %s) {accesses = [affine_map<(j) -> (j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 300>>, memref<300xf32>) -> ()
  %vs = "mdh.inp_view"(%s) {accesses = [affine_map<(i, j) -> (j)>]}
      : (memref<300xf32>) -> !mdh.mda<array<i64: 70, 300>>
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<70x300xf32>) -> !mdh.mda<array<i64: 70, 300>>
  %r2 = "mdh.md_hom"(%vs, %va) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 70, 300>>, !mdh.mda<array<i64: 70, 300>>) -> !mdh.mda<array<i64: 70, 300>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 70, 300>>, memref<70x300xf32>) -> ()
  memref.dealloc %s : memref<300xf32>
  return
}
