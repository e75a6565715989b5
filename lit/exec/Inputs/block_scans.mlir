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

// Scans over several blocks in a single pass (tiles drawn by ticket,
// decoupled look-back): 100003 positions on 7 blocks of 64 threads, 105
// tiles of 960 (partial chunks and a partial last tile), exact in i32.
func.func @segments(%x: memref<100003xi32>, %y: memref<100003xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<100003xi32>) -> !mdh.mda<array<i64: 100003>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @idi, combine_ops = [#mdh.ps<"add">],
                          mdh.mapping = "global.x(64,7)"}
      : (!mdh.mda<array<i64: 100003>>) -> !mdh.mda<array<i64: 100003>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 100003>>, memref<100003xi32>) -> ()
  return
}

// 10 positions on 8 blocks: one tile, which one block draws; the others
// draw none.
func.func @few(%x: memref<10xi32>, %y: memref<10xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<10xi32>) -> !mdh.mda<array<i64: 10>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @idi, combine_ops = [#mdh.ps<"add">],
                          mdh.mapping = "global.x(4,8)"}
      : (!mdh.mda<array<i64: 10>>) -> !mdh.mda<array<i64: 10>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 10>>, memref<10xi32>) -> ()
  return
}

// A float maximum and an integer xor in a single pass: 50001 positions on
// 5 blocks of 32 threads (105 tiles of 480), 20000 on 3 blocks of 64.
func.func @segments_max(%x: memref<50001xf32>, %y: memref<50001xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<50001xf32>) -> !mdh.mda<array<i64: 50001>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<"max">],
                          mdh.mapping = "global.x(32,5)"}
      : (!mdh.mda<array<i64: 50001>>) -> !mdh.mda<array<i64: 50001>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 50001>>, memref<50001xf32>) -> ()
  return
}
func.func @segments_xor(%x: memref<20000xi32>, %y: memref<20000xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<20000xi32>) -> !mdh.mda<array<i64: 20000>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @idi, combine_ops = [#mdh.ps<"xor">],
                          mdh.mapping = "global.x(64,3)"}
      : (!mdh.mda<array<i64: 20000>>) -> !mdh.mda<array<i64: 20000>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 20000>>, memref<20000xi32>) -> ()
  return
}

// Row maxima over 5 blocks along the rows and 2 along y, in a single pass:
// the blocks draw the tiles of all rows (each row's after the one before),
// and a row's first tile starts its look-back.
func.func @rows_segments(%x: memref<6x3001xf32>, %y: memref<6x3001xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<6x3001xf32>) -> !mdh.mda<array<i64: 6, 3001>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.ps<"max">],
                          mdh.mapping = "global.y(1,3), global.x(32,5)"}
      : (!mdh.mda<array<i64: 6, 3001>>) -> !mdh.mda<array<i64: 6, 3001>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 6, 3001>>, memref<6x3001xf32>) -> ()
  return
}

// The running argmax of two components through its combine function,
// down 3000 rows in 6 segments.
func.func @argmax_segments(%x: memref<3000x2xf32>, %v: memref<3000x2xf32>, %w: memref<3000x2xindex>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<3000x2xf32>) -> !mdh.mda<array<i64: 3000, 2>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @pair, combine_ops = [#mdh.ps<@argmax>, #mdh.cc], mdh.index_aware,
                          mdh.mapping = "global.y(16,6), global.x(1,2)"}
      : (!mdh.mda<array<i64: 3000, 2>>) -> !mdh.mda<array<i64: 3000, 2>>
  "mdh.out_view"(%r, %v) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3000, 2>>, memref<3000x2xf32>) -> ()
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 1>}
      : (!mdh.mda<array<i64: 3000, 2>>, memref<3000x2xindex>) -> ()
  return
}
