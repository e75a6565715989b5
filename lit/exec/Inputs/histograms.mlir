// Histograms in the MDH form (bins cc, elements pw(add), an index-aware
// scalar function (v == b) ? w : 0) that mdh-codegen-gpu runs as one pass
// over the elements into per-block bins in shared memory (the histogram
// variant of the reduce strategy), and one that it must not. Test:
// gpu-histogram.test.
func.func private @count(%b: index, %e: index, %x: i32) -> i32 {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %bin = arith.index_cast %b : index to i32
  %eq = arith.cmpi eq, %x, %bin : i32
  %r = arith.select %eq, %one, %zero : i32
  return %r : i32
}

// 5000 elements into 13 bins (many values fall outside 0 .. 12).
func.func @counts(%E: memref<5000xi32>, %H: memref<13xi32>) {
  %ve = "mdh.inp_view"(%E) {accesses = [affine_map<(b, e) -> (e)>]}
      : (memref<5000xi32>) -> !mdh.mda<array<i64: 13, 5000>>
  %r = "mdh.md_hom"(%ve) {scalar_function = @count, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.index_aware}
      : (!mdh.mda<array<i64: 13, 5000>>) -> !mdh.mda<array<i64: 13, 1>>
  "mdh.out_view"(%r, %H) {accesses = [affine_map<(b, e) -> (b)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 1>>, memref<13xi32>) -> ()
  return
}

// Weighted, f32: the bin from a key, the weight a value; the comparison
// mirrored, the bin compared as an index.
func.func private @weigh(%b: index, %i: index, %j: index, %k: i64, %w: f32) -> f32 {
  %zero = arith.constant 0.0 : f32
  %key = arith.index_cast %k : i64 to index
  %eq = arith.cmpi eq, %b, %key : index
  %r = arith.select %eq, %w, %zero : f32
  return %r : f32
}
func.func @weights(%K: memref<40x37xi64>, %W: memref<40x37xf32>, %H: memref<9xf32>) {
  %vk = "mdh.inp_view"(%K) {accesses = [affine_map<(b, i, j) -> (i, j)>]}
      : (memref<40x37xi64>) -> !mdh.mda<array<i64: 9, 40, 37>>
  %vw = "mdh.inp_view"(%W) {accesses = [affine_map<(b, i, j) -> (i, j)>]}
      : (memref<40x37xf32>) -> !mdh.mda<array<i64: 9, 40, 37>>
  %r = "mdh.md_hom"(%vk, %vw) {scalar_function = @weigh, combine_ops = [#mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">], mdh.index_aware}
      : (!mdh.mda<array<i64: 9, 40, 37>>, !mdh.mda<array<i64: 9, 40, 37>>) -> !mdh.mda<array<i64: 9, 1, 1>>
  "mdh.out_view"(%r, %H) {accesses = [affine_map<(b, i, j) -> (b)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 9, 1, 1>>, memref<9xf32>) -> ()
  return
}

// Counts added to what the output holds (mdh.accumulate: no init kernel).
func.func @more_counts(%E: memref<777xi32>, %H: memref<13xi32>) {
  %ve = "mdh.inp_view"(%E) {accesses = [affine_map<(b, e) -> (e)>]}
      : (memref<777xi32>) -> !mdh.mda<array<i64: 13, 777>>
  %r = "mdh.md_hom"(%ve) {scalar_function = @count, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.index_aware}
      : (!mdh.mda<array<i64: 13, 777>>) -> !mdh.mda<array<i64: 13, 1>>
  "mdh.out_view"(%r, %H) {accesses = [affine_map<(b, e) -> (b)>], components = array<i64: 0>, mdh.accumulate}
      : (!mdh.mda<array<i64: 13, 1>>, memref<13xi32>) -> ()
  return
}

// Not a histogram: the weight depends on the bin, so every bin gets
// something from every element.
func.func private @ramp(%b: index, %e: index, %x: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %bin = arith.index_cast %b : index to i32
  %eq = arith.cmpi eq, %x, %bin : i32
  %r = arith.select %eq, %bin, %zero : i32
  return %r : i32
}
func.func @not_histogram(%E: memref<500xi32>, %H: memref<13xi32>) {
  %ve = "mdh.inp_view"(%E) {accesses = [affine_map<(b, e) -> (e)>]}
      : (memref<500xi32>) -> !mdh.mda<array<i64: 13, 500>>
  %r = "mdh.md_hom"(%ve) {scalar_function = @ramp, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.index_aware}
      : (!mdh.mda<array<i64: 13, 500>>) -> !mdh.mda<array<i64: 13, 1>>
  "mdh.out_view"(%r, %H) {accesses = [affine_map<(b, e) -> (b)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 13, 1>>, memref<13xi32>) -> ()
  return
}

// The bins of bench/kernels/histogram.mlir: f32 samples in [-1, 1) into 256
// even bins, 4099 of them.
func.func private @even(%b: index, %e: index, %x: f32) -> i32 {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %c1 = arith.constant 1.0 : f32
  %c128 = arith.constant 128.0 : f32
  %s = arith.addf %x, %c1 : f32
  %t = arith.mulf %s, %c128 : f32
  %v = arith.fptosi %t : f32 to i32
  %bin = arith.index_cast %b : index to i32
  %eq = arith.cmpi eq, %v, %bin : i32
  %r = arith.select %eq, %one, %zero : i32
  return %r : i32
}
func.func @float_bins(%x: memref<4099xf32>, %H: memref<256xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(b, e) -> (e)>]}
      : (memref<4099xf32>) -> !mdh.mda<array<i64: 256, 4099>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @even, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.index_aware}
      : (!mdh.mda<array<i64: 256, 4099>>) -> !mdh.mda<array<i64: 256, 1>>
  "mdh.out_view"(%r, %H) {accesses = [affine_map<(b, e) -> (b)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 256, 1>>, memref<256xi32>) -> ()
  return
}
