// md_homs on buffers of dynamic shape (memref<?x?xf32>) with static MDA
// sizes: the accesses cannot be bounded when compiling, so every lowering
// checks the buffers' extents when the function runs (lib/extent.c).
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func private @sub(%a: f32, %b: f32) -> f32 {
  %d = arith.subf %b, %a : f32
  return %d : f32
}

// A dynamic input (differential test finding dyn_in).
func.func @dyn_in(%x: memref<8xf32>, %y: memref<8xf32>) {
  %d = memref.cast %x : memref<8xf32> to memref<?xf32>
  %v = "mdh.inp_view"(%d) {accesses = [affine_map<(i) -> (i)>]} : (memref<?xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// A dynamic output (differential test finding dyn_out).
func.func @dyn_out(%x: memref<8xf32>, %y: memref<8xf32>) {
  %d = memref.cast %y : memref<8xf32> to memref<?xf32>
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r, %d) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<?xf32>) -> ()
  return
}

// A 2-point stencil over a ?x? buffer with a column sum into a dynamic
// output: the input must have 5 + 2 columns.
func.func @stencil(%x: memref<4x7xf32>, %y: memref<5xf32>) {
  %d = memref.cast %x : memref<4x7xf32> to memref<?x?xf32>
  %o = memref.cast %y : memref<5xf32> to memref<?xf32>
  %v = "mdh.inp_view"(%d) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 2)>]} : (memref<?x?xf32>) -> !mdh.mda<array<i64: 4, 5>>
  %r = "mdh.md_hom"(%v) {scalar_function = @sub, combine_ops = [#mdh.pw<"add">, #mdh.cc]} : (!mdh.mda<array<i64: 4, 5>>) -> !mdh.mda<array<i64: 1, 5>>
  "mdh.out_view"(%r, %o) {accesses = [affine_map<(i, j) -> (j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 1, 5>>, memref<?xf32>) -> ()
  return
}

// The same stencil on an input with one column too few.
func.func @stencil_short(%x: memref<4x6xf32>, %y: memref<5xf32>) {
  %d = memref.cast %x : memref<4x6xf32> to memref<?x?xf32>
  %v = "mdh.inp_view"(%d) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 2)>]} : (memref<?x?xf32>) -> !mdh.mda<array<i64: 4, 5>>
  %r = "mdh.md_hom"(%v) {scalar_function = @sub, combine_ops = [#mdh.pw<"add">, #mdh.cc]} : (!mdh.mda<array<i64: 4, 5>>) -> !mdh.mda<array<i64: 1, 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 1, 5>>, memref<5xf32>) -> ()
  return
}

// An output with room for 6 of the 8 results.
func.func @out_short(%x: memref<8xf32>, %y: memref<6xf32>) {
  %d = memref.cast %y : memref<6xf32> to memref<?xf32>
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r, %d) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 8>>, memref<?xf32>) -> ()
  return
}

// The stencil on arguments of dynamic shape: mdh-run takes their extents
// from --shape=K:AxB or DIR/argK.shape.
func.func @stencil_args(%x: memref<?x?xf32>, %y: memref<?xf32>) {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 2)>]} : (memref<?x?xf32>) -> !mdh.mda<array<i64: 4, 5>>
  %r = "mdh.md_hom"(%v) {scalar_function = @sub, combine_ops = [#mdh.pw<"add">, #mdh.cc]} : (!mdh.mda<array<i64: 4, 5>>) -> !mdh.mda<array<i64: 1, 5>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 1, 5>>, memref<?xf32>) -> ()
  return
}
