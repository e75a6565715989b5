// CPU benchmark blur: the two-stage 3x3 box blur of Halide's blur app, f32,
// output 4096 x 4096 (input with its halo: 4098 x 4098).
//   bx[i,j]  = (in[i,j] + in[i,j+1] + in[i,j+2]) * (1/3)      i < 4098, j < 4096
//   out[i,j] = (bx[i,j] + bx[i+1,j] + bx[i+2,j]) * (1/3)      i, j < 4096
// Two md_homs (cc, cc) through the memref.alloc buffer bx. i is Halide's y,
// j its x (innermost).
func.func private @avg3(%a: f32, %b: f32, %c: f32) -> f32 {
  %third = arith.constant 0.333333343 : f32
  %s1 = arith.addf %a, %b : f32
  %s2 = arith.addf %s1, %c : f32
  %r = arith.mulf %s2, %third : f32
  return %r : f32
}
func.func @blur(%in: memref<4098x4098xf32>, %out: memref<4096x4096xf32>) {
  %bx = memref.alloc() : memref<4098x4096xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i, j + 1)>,
                                          affine_map<(i, j) -> (i, j + 2)>]}
      : (memref<4098x4098xf32>) -> !mdh.mda<array<i64: 4098, 4096>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4098, 4096>>) -> !mdh.mda<array<i64: 4098, 4096>>
  "mdh.out_view"(%r1, %bx) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4098, 4096>>, memref<4098x4096xf32>) -> ()
  %vbx = "mdh.inp_view"(%bx) {accesses = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i + 1, j)>,
                                          affine_map<(i, j) -> (i + 2, j)>]}
      : (memref<4098x4096xf32>) -> !mdh.mda<array<i64: 4096, 4096>>
  %r2 = "mdh.md_hom"(%vbx) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4096, 4096>>) -> !mdh.mda<array<i64: 4096, 4096>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4096, 4096>>, memref<4096x4096xf32>) -> ()
  memref.dealloc %bx : memref<4098x4096xf32>
  return
}
