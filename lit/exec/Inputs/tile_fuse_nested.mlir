// A blur whose two md_homs sit in the body of a loop of the caller's code
// (twice over the same input, out = blur(in) both times): the fused group's
// tile buffers belong to the iterations of its own parallel tile loop, not
// to the caller's loop around it.
func.func private @avg3(%a: f32, %b: f32, %c: f32) -> f32 {
  %third = arith.constant 0.333333343 : f32
  %s1 = arith.addf %a, %b : f32
  %s2 = arith.addf %s1, %c : f32
  %r = arith.mulf %s2, %third : f32
  return %r : f32
}
func.func @nested(%in: memref<70x302xf32>, %out: memref<68x300xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %it = %c0 to %c2 step %c1 {
    %bx = memref.alloc() : memref<70x300xf32>
    %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>,
                                            affine_map<(i, j) -> (i, j + 1)>,
                                            affine_map<(i, j) -> (i, j + 2)>]}
        : (memref<70x302xf32>) -> !mdh.mda<array<i64: 70, 300>>
    %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 70, 300>>) -> !mdh.mda<array<i64: 70, 300>>
    "mdh.out_view"(%r1, %bx) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 70, 300>>, memref<70x300xf32>) -> ()
    %vbx = "mdh.inp_view"(%bx) {accesses = [affine_map<(i, j) -> (i, j)>,
                                            affine_map<(i, j) -> (i + 1, j)>,
                                            affine_map<(i, j) -> (i + 2, j)>]}
        : (memref<70x300xf32>) -> !mdh.mda<array<i64: 68, 300>>
    %r2 = "mdh.md_hom"(%vbx) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 68, 300>>) -> !mdh.mda<array<i64: 68, 300>>
    "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 68, 300>>, memref<68x300xf32>) -> ()
    memref.dealloc %bx : memref<70x300xf32>
  }
  return
}
