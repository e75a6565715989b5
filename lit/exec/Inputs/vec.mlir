// Reductions whose threads take their points V at a time (vec(V) in the
// mapping, lib/mapping.h), at extents that no run of V * T points divides:
// the last run of each row is partial. Test: vec.test.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func private @mul64(%a: f64, %b: f64) -> f64 {
  %p = arith.mulf %a, %b : f64
  return %p : f64
}
func.func private @idi(%x: i32) -> i32 {
  return %x : i32
}

// Row sums of 37 rows of 1001: a block per row, 64 threads, runs of 4.
func.func @rows(%x: memref<37x1001xf32>, %r: memref<37xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<37x1001xf32>) -> !mdh.mda<array<i64: 37, 1001>>
  %h = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">],
                          mdh.mapping = "block.x(37), thread.x(64) vec(4)"}
      : (!mdh.mda<array<i64: 37, 1001>>) -> !mdh.mda<array<i64: 37, 1>>
  "mdh.out_view"(%h, %r) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 1>>, memref<37xf32>) -> ()
  return
}

// A sum of 10007 points over 8 blocks of 64 threads (atomics across the
// blocks), runs of 4.
func.func @total(%x: memref<10007xf32>, %r: memref<1xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<10007xf32>) -> !mdh.mda<array<i64: 10007>>
  %h = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">],
                          mdh.mapping = "global.x(64,8) vec(4)"}
      : (!mdh.mda<array<i64: 10007>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%h, %r) {accesses = [affine_map<(k) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xf32>) -> ()
  return
}

// An f64 dot product of 999 points in one block, runs of 2.
func.func @dot64(%a: memref<999xf64>, %b: memref<999xf64>, %r: memref<1xf64>) {
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<999xf64>) -> !mdh.mda<array<i64: 999>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<999xf64>) -> !mdh.mda<array<i64: 999>>
  %h = "mdh.md_hom"(%va, %vb) {scalar_function = @mul64, combine_ops = [#mdh.pw<"add">],
                               mdh.mapping = "global.x(32,1) vec(2)"}
      : (!mdh.mda<array<i64: 999>>, !mdh.mda<array<i64: 999>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%h, %r) {accesses = [affine_map<(k) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xf64>) -> ()
  return
}

// Row maxima of i32 (the identity of max starts each block), runs of 4,
// a block per row along y.
func.func @row_max(%x: memref<50x333xi32>, %r: memref<50xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<50x333xi32>) -> !mdh.mda<array<i64: 50, 333>>
  %h = "mdh.md_hom"(%vx) {scalar_function = @idi, combine_ops = [#mdh.cc, #mdh.pw<"max">],
                          mdh.mapping = "global.y(1,50), global.x(32,1) vec(4)"}
      : (!mdh.mda<array<i64: 50, 333>>) -> !mdh.mda<array<i64: 50, 1>>
  "mdh.out_view"(%h, %r) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 50, 1>>, memref<50xi32>) -> ()
  return
}

// Long rows without a mapping: mdh-map-gpu gives the columns vec(4).
func.func @long_rows(%x: memref<1024x2048xf32>, %r: memref<1024xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<1024x2048xf32>) -> !mdh.mda<array<i64: 1024, 2048>>
  %h = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 1024, 2048>>) -> !mdh.mda<array<i64: 1024, 1>>
  "mdh.out_view"(%h, %r) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1024, 1>>, memref<1024xf32>) -> ()
  return
}
