// Scans for mdh-codegen-gpu's block scan (one block's threads scan chunks,
// then add the totals of the chunks before theirs), run against the
// reference by exec/gpu-scan.test.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func private @idi(%x: i32) -> i32 {
  return %x : i32
}

// 1000 positions on 256 threads: chunks of 4, the last thread's partial,
// the threads past the end idle.
func.func @long(%x: memref<1000xi32>, %y: memref<1000xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<1000xi32>) -> !mdh.mda<array<i64: 1000>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @idi, combine_ops = [#mdh.ps<"add">],
                          mdh.mapping = "global.x(256,1)"}
      : (!mdh.mda<array<i64: 1000>>) -> !mdh.mda<array<i64: 1000>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1000>>, memref<1000xi32>) -> ()
  return
}

// A running max over the rows of a matrix, rows dealt out cyclically to 3
// blocks of 8 threads (grid-stride over the rows, barriers in the loop).
func.func @rows_max(%x: memref<7x45xf32>, %y: memref<7x45xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<7x45xf32>) -> !mdh.mda<array<i64: 7, 45>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.ps<"max">],
                          mdh.mapping = "block.x(3), thread.x(8)"}
      : (!mdh.mda<array<i64: 7, 45>>) -> !mdh.mda<array<i64: 7, 45>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7, 45>>, memref<7x45xf32>) -> ()
  return
}

// A running argmax down the columns: a combine function of two components
// (value, index), an index-aware scalar function, the scan on y.
func.func private @pair(%i: index, %j: index, %x: f32) -> (f32, index) {
  return %x, %i : f32, index
}
func.func private @argmax(%v1: f32, %i1: index, %v2: f32, %i2: index) -> (f32, index) {
  %gt = arith.cmpf ogt, %v2, %v1 : f32
  %v = arith.select %gt, %v2, %v1 : f32
  %i = arith.select %gt, %i2, %i1 : index
  return %v, %i : f32, index
}
func.func @argmax_cols(%x: memref<30x4xf32>, %v: memref<30x4xf32>, %w: memref<30x4xindex>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<30x4xf32>) -> !mdh.mda<array<i64: 30, 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @pair, combine_ops = [#mdh.ps<@argmax>, #mdh.cc], mdh.index_aware,
                          mdh.mapping = "global.y(8,1), global.x(1,4)"}
      : (!mdh.mda<array<i64: 30, 4>>) -> !mdh.mda<array<i64: 30, 4>>
  "mdh.out_view"(%r, %v) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 30, 4>>, memref<30x4xf32>) -> ()
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 1>}
      : (!mdh.mda<array<i64: 30, 4>>, memref<30x4xindex>) -> ()
  return
}
