// Chains through different views of one buffer (issue 13, item 2): a
// md_hom writes one view, a later one reads or writes another view of the
// same base. The model relates the views' elements through their offsets
// and strides from the base (lib/model.c, memory_map), so the dependences
// and with them the fused loops and kernels keep every read after the
// write it needs; a view whose layout is not static (@dynamic_offset,
// @byte_views) may touch any element of its base, and its md_hom stays in
// program order with the others. exec/aliases.test runs every entry on
// every pipeline against the reference, which runs the md_homs one after
// the other as written.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func private @twice(%a: f32) -> f32 {
  %s = arith.addf %a, %a : f32
  return %s : f32
}
func.func private @add(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// T = 2 x; y = the 4 x 4 block of T at (2, 2), plus the block's transpose.
func.func @subview(%x: memref<8x8xf32>, %y: memref<4x4xf32>) {
  %t = memref.alloc() : memref<8x8xf32>
  %s = memref.subview %t[2, 2] [4, 4] [1, 1]
      : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 18>>
  %tr = memref.transpose %s (i, j) -> (j, i)
      : memref<4x4xf32, strided<[8, 1], offset: 18>> to memref<4x4xf32, strided<[1, 8], offset: 18>>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<8x8xf32>) -> !mdh.mda<array<i64: 8, 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 8, 8>>) -> !mdh.mda<array<i64: 8, 8>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8, 8>>, memref<8x8xf32>) -> ()
  %v1 = "mdh.inp_view"(%s) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<4x4xf32, strided<[8, 1], offset: 18>>) -> !mdh.mda<array<i64: 4, 4>>
  %v2 = "mdh.inp_view"(%tr) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<4x4xf32, strided<[1, 8], offset: 18>>) -> !mdh.mda<array<i64: 4, 4>>
  %r1 = "mdh.md_hom"(%v1, %v2) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4, 4>>, !mdh.mda<array<i64: 4, 4>>) -> !mdh.mda<array<i64: 4, 4>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 4>>, memref<4x4xf32>) -> ()
  memref.dealloc %t : memref<8x8xf32>
  return
}

// T = x; its rows summed through a collapse of T: y[k] = sum of T[k / 4]
// (T[i][j] for the 4 j), read as 16 elements.
func.func @collapse(%x: memref<4x4xf32>, %y: memref<4xf32>) {
  %t = memref.alloc() : memref<4x4xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<4x4xf32>) -> !mdh.mda<array<i64: 4, 4>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4, 4>>) -> !mdh.mda<array<i64: 4, 4>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 4>>, memref<4x4xf32>) -> ()
  %c = memref.collapse_shape %t [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %v1 = "mdh.inp_view"(%c) {accesses = [affine_map<(i, k) -> (i * 4 + k)>]}
      : (memref<16xf32>) -> !mdh.mda<array<i64: 4, 4>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 4, 4>>) -> !mdh.mda<array<i64: 4, 1>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 1>>, memref<4xf32>) -> ()
  memref.dealloc %t : memref<4x4xf32>
  return
}

// The output argument written three times: whole (x), then every other
// element of its middle rows through a strided subview (2 w), then read
// through an expand_shape into y (column sums). Output dependences keep
// the two writes in order, flow dependences the read after both.
func.func @overwrite(%x: memref<6x6xf32>, %w: memref<2x3xf32>,
                     %o: memref<6x6xf32>, %y: memref<6xf32>) {
  %s = memref.subview %o[2, 0] [2, 3] [1, 2]
      : memref<6x6xf32> to memref<2x3xf32, strided<[6, 2], offset: 12>>
  %c = memref.collapse_shape %o [[0, 1]] : memref<6x6xf32> into memref<36xf32>
  %e = memref.expand_shape %c [[0, 1, 2]] output_shape [3, 2, 6]
      : memref<36xf32> into memref<3x2x6xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<6x6xf32>) -> !mdh.mda<array<i64: 6, 6>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 6, 6>>) -> !mdh.mda<array<i64: 6, 6>>
  "mdh.out_view"(%r0, %o) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 6, 6>>, memref<6x6xf32>) -> ()
  %v1 = "mdh.inp_view"(%w) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<2x3xf32>) -> !mdh.mda<array<i64: 2, 3>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2, 3>>) -> !mdh.mda<array<i64: 2, 3>>
  "mdh.out_view"(%r1, %s) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2, 3>>, memref<2x3xf32, strided<[6, 2], offset: 12>>) -> ()
  %v2 = "mdh.inp_view"(%e) {accesses = [affine_map<(a, b, j) -> (a, b, j)>]}
      : (memref<3x2x6xf32>) -> !mdh.mda<array<i64: 3, 2, 6>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">, #mdh.cc]}
      : (!mdh.mda<array<i64: 3, 2, 6>>) -> !mdh.mda<array<i64: 1, 1, 6>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(a, b, j) -> (j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1, 6>>, memref<6xf32>) -> ()
  return
}

// A subview at a run-time offset: its elements are not known statically,
// so its reader may depend on any write to the base, and stays after it.
func.func @dynamic_offset(%x: memref<10xf32>, %y: memref<4xf32>) {
  %t = memref.alloc() : memref<10xf32>
  %c3 = arith.constant 3 : index
  %s = memref.subview %t[%c3] [4] [1]
      : memref<10xf32> to memref<4xf32, strided<[1], offset: ?>>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<10xf32>) -> !mdh.mda<array<i64: 10>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @twice, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 10>>) -> !mdh.mda<array<i64: 10>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 10>>, memref<10xf32>) -> ()
  %v1 = "mdh.inp_view"(%s) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32, strided<[1], offset: ?>>) -> !mdh.mda<array<i64: 4>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32>) -> ()
  memref.dealloc %t : memref<10xf32>
  return
}

// Two memref.views of one byte buffer, a 4 x 4 matrix and its 16
// elements: written as the one, reduced as the other.
func.func @byte_views(%x: memref<4x4xf32>, %y: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %bytes = memref.alloc() : memref<64xi8>
  %m = memref.view %bytes[%c0][] : memref<64xi8> to memref<4x4xf32>
  %f = memref.view %bytes[%c0][] : memref<64xi8> to memref<16xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<4x4xf32>) -> !mdh.mda<array<i64: 4, 4>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4, 4>>) -> !mdh.mda<array<i64: 4, 4>>
  "mdh.out_view"(%r0, %m) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 4>>, memref<4x4xf32>) -> ()
  %v1 = "mdh.inp_view"(%f) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<16xf32>) -> !mdh.mda<array<i64: 16>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 16>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(k) -> (k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xf32>) -> ()
  memref.dealloc %bytes : memref<64xi8>
  return
}

// Disjoint views need no order: the left half of T written from x, the
// right half from w, then T read whole. Both writers may run in any order
// (or fused), the reader after both.
func.func @halves(%x: memref<4x3xf32>, %w: memref<4x3xf32>, %y: memref<4x6xf32>) {
  %t = memref.alloc() : memref<4x6xf32>
  %l = memref.subview %t[0, 0] [4, 3] [1, 1]
      : memref<4x6xf32> to memref<4x3xf32, strided<[6, 1]>>
  %r = memref.subview %t[0, 3] [4, 3] [1, 1]
      : memref<4x6xf32> to memref<4x3xf32, strided<[6, 1], offset: 3>>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<4x3xf32>) -> !mdh.mda<array<i64: 4, 3>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4, 3>>) -> !mdh.mda<array<i64: 4, 3>>
  "mdh.out_view"(%r0, %l) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 3>>, memref<4x3xf32, strided<[6, 1]>>) -> ()
  %v1 = "mdh.inp_view"(%w) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<4x3xf32>) -> !mdh.mda<array<i64: 4, 3>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4, 3>>) -> !mdh.mda<array<i64: 4, 3>>
  "mdh.out_view"(%r1, %r) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 3>>, memref<4x3xf32, strided<[6, 1], offset: 3>>) -> ()
  %v2 = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<4x6xf32>) -> !mdh.mda<array<i64: 4, 6>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4, 6>>) -> !mdh.mda<array<i64: 4, 6>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 6>>, memref<4x6xf32>) -> ()
  memref.dealloc %t : memref<4x6xf32>
  return
}

// One md_hom reading one view of a buffer and writing another whose
// elements do not meet (mdh-verify proves it): o[2 i] = 2 o[2 i + 1], as
// every other element read, the ones between written, after a md_hom that
// wrote o whole. Then two out_views writing disjoint halves of y.
func.func private @pair(%a: f32) -> (f32, f32) {
  %s = arith.addf %a, %a : f32
  return %a, %s : f32, f32
}
func.func @in_place(%x: memref<8xf32>, %o: memref<8xf32>, %y: memref<8xf32>) {
  %odd = memref.subview %o[1] [4] [2]
      : memref<8xf32> to memref<4xf32, strided<[2], offset: 1>>
  %even = memref.subview %o[0] [4] [2]
      : memref<8xf32> to memref<4xf32, strided<[2]>>
  %lo = memref.subview %y[0] [4] [1]
      : memref<8xf32> to memref<4xf32, strided<[1]>>
  %hi = memref.subview %y[4] [4] [1]
      : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r0, %o) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  %v1 = "mdh.inp_view"(%odd) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<4xf32, strided<[2], offset: 1>>) -> !mdh.mda<array<i64: 4>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @twice, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r1, %even) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32, strided<[2]>>) -> ()
  %v2 = "mdh.inp_view"(%o) {accesses = [affine_map<(i) -> (2 * i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 4>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @pair, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 4>>) -> !mdh.mda<array<i64: 4>>
  "mdh.out_view"(%r2, %lo) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32, strided<[1]>>) -> ()
  "mdh.out_view"(%r2, %hi) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 1>}
      : (!mdh.mda<array<i64: 4>>, memref<4xf32, strided<[1], offset: 4>>) -> ()
  return
}

// Two equal view ops of one argument (one buffer in the model): the first
// written, the second read. On the GPU both must become the device copy;
// before, the kernel of the second read the host buffer (a wrong answer
// the differential test found, diff_31_173).
func.func @equal_views(%x: memref<8xf32>, %a: memref<8xf32>, %y: memref<8xf32>) {
  %w1 = memref.cast %a : memref<8xf32> to memref<?xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<8xf32>) -> !mdh.mda<array<i64: 8>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @twice, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r0, %w1) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<?xf32>) -> ()
  %w2 = memref.cast %a : memref<8xf32> to memref<?xf32>
  %v1 = "mdh.inp_view"(%w2) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<?xf32>) -> !mdh.mda<array<i64: 8>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 8>>) -> !mdh.mda<array<i64: 8>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 8>>, memref<8xf32>) -> ()
  return
}

// Views of a strided argument (a block argument as the base), only read:
// on the GPU each view gets a dense copy of its own elements, as before.
func.func private @strided_kernel(%a: memref<4x4xf32, strided<[8, 1], offset: 2>>, %y: memref<4x4xf32>) {
  %s = memref.subview %a[1, 1] [2, 2] [1, 1]
      : memref<4x4xf32, strided<[8, 1], offset: 2>> to memref<2x2xf32, strided<[8, 1], offset: 11>>
  %v0 = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<4x4xf32, strided<[8, 1], offset: 2>>) -> !mdh.mda<array<i64: 4, 4>>
  %v1 = "mdh.inp_view"(%s) {accesses = [affine_map<(i, j) -> (i mod 2, j mod 2)>]}
      : (memref<2x2xf32, strided<[8, 1], offset: 11>>) -> !mdh.mda<array<i64: 4, 4>>
  %r = "mdh.md_hom"(%v0, %v1) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 4, 4>>, !mdh.mda<array<i64: 4, 4>>) -> !mdh.mda<array<i64: 4, 4>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 4>>, memref<4x4xf32>) -> ()
  return
}
func.func @strided_reads(%x: memref<8x8xf32>, %y: memref<4x4xf32>) {
  %a = memref.subview %x[0, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 2>>
  call @strided_kernel(%a, %y) : (memref<4x4xf32, strided<[8, 1], offset: 2>>, memref<4x4xf32>) -> ()
  return
}
