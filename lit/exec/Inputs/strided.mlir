// md_homs on strided and offset layouts: views made by memref.subview in
// the function (@rows, @scale, @dot, @mm) and function arguments that are
// subviews (@kernel, called by @args with views of its contiguous
// arguments; @sum_dyn, with dynamic strides and offset, called by @dyn).
// Every entry leaves the elements outside its views as they were, which
// the element-by-element checks of exec/strided.test see.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func private @twice(%a: f32) -> f32 {
  %s = arith.addf %a, %a : f32
  return %s : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}

// Row sums of every other row and column of A from (1, 2), into every
// third element of o from 3: o[3 + 3*i] = sum_k A[1 + 2*i][2 + 2*k].
func.func @rows(%A: memref<9x11xf32>, %o: memref<20xf32>) {
  %s = memref.subview %A[1, 2] [4, 5] [2, 2]
      : memref<9x11xf32> to memref<4x5xf32, strided<[22, 2], offset: 13>>
  %w = memref.subview %o[3] [4] [3]
      : memref<20xf32> to memref<4xf32, strided<[3], offset: 3>>
  %v = "mdh.inp_view"(%s) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<4x5xf32, strided<[22, 2], offset: 13>>) -> !mdh.mda<array<i64: 4, 5>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 4, 5>>) -> !mdh.mda<array<i64: 4, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 1>>, memref<4xf32, strided<[3], offset: 3>>) -> ()
  return
}

// A 2-D block of A, doubled, into a 2-D block of B with an offset:
// B[2 + i][1 + 2*j] = 2 * A[3 + i][4 + j].
func.func @scale(%A: memref<7x9xf32>, %B: memref<6x10xf32>) {
  %s = memref.subview %A[3, 4] [3, 5] [1, 1]
      : memref<7x9xf32> to memref<3x5xf32, strided<[9, 1], offset: 31>>
  %w = memref.subview %B[2, 1] [3, 5] [1, 2]
      : memref<6x10xf32> to memref<3x5xf32, strided<[10, 2], offset: 21>>
  %v = "mdh.inp_view"(%s) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<3x5xf32, strided<[9, 1], offset: 31>>) -> !mdh.mda<array<i64: 3, 5>>
  %r = "mdh.md_hom"(%v) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 3, 5>>) -> !mdh.mda<array<i64: 3, 5>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 5>>, memref<3x5xf32, strided<[10, 2], offset: 21>>) -> ()
  return
}

// A dot product of two strided 1-D views into one element of d:
// d[2] = sum_k x[1 + 2*k] * y[k].
func.func @dot(%x: memref<40xf32>, %y: memref<19xf32>, %d: memref<4xf32>) {
  %sx = memref.subview %x[1] [19] [2]
      : memref<40xf32> to memref<19xf32, strided<[2], offset: 1>>
  %sd = memref.subview %d[2] [1] [1]
      : memref<4xf32> to memref<1xf32, strided<[1], offset: 2>>
  %vx = "mdh.inp_view"(%sx) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<19xf32, strided<[2], offset: 1>>) -> !mdh.mda<array<i64: 19>>
  %vy = "mdh.inp_view"(%y) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<19xf32>) -> !mdh.mda<array<i64: 19>>
  %r = "mdh.md_hom"(%vx, %vy) {scalar_function = @mul, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 19>>, !mdh.mda<array<i64: 19>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %sd) {accesses = [affine_map<(k) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xf32, strided<[1], offset: 2>>) -> ()
  return
}

// Column sums of a 4x4 block of an 8x8 matrix from (2, 2), into every
// other element of a vector from 1, both given as arguments:
// b[1 + 2*j] = sum_i a[2 + i][2 + j].
func.func @kernel(%a: memref<4x4xf32, strided<[8, 1], offset: 18>>,
                  %b: memref<4xf32, strided<[2], offset: 1>>) {
  %v = "mdh.inp_view"(%a) {accesses = [affine_map<(j, i) -> (i, j)>]}
      : (memref<4x4xf32, strided<[8, 1], offset: 18>>) -> !mdh.mda<array<i64: 4, 4>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 4, 4>>) -> !mdh.mda<array<i64: 4, 1>>
  "mdh.out_view"(%r, %b) {accesses = [affine_map<(j, i) -> (j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 4, 1>>, memref<4xf32, strided<[2], offset: 1>>) -> ()
  return
}
func.func @args(%A: memref<8x8xf32>, %B: memref<9xf32>) {
  %a = memref.subview %A[2, 2] [4, 4] [1, 1]
      : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 18>>
  %b = memref.subview %B[1] [4] [2]
      : memref<9xf32> to memref<4xf32, strided<[2], offset: 1>>
  func.call @kernel(%a, %b)
      : (memref<4x4xf32, strided<[8, 1], offset: 18>>, memref<4xf32, strided<[2], offset: 1>>) -> ()
  return
}

// A matmul between blocks of three matrices, the columns of B's block
// every other one, with the tiled strategy (inputs staged in shared memory
// with 16-byte accesses): C[1 + i][1 + j] = sum_k A[2 + i][4 + k] *
// B[k][1 + 2*j].
func.func @mm(%A: memref<20x16xf32>, %B: memref<8x17xf32>, %C: memref<14x10xf32>) {
  %sa = memref.subview %A[2, 4] [12, 8] [1, 1]
      : memref<20x16xf32> to memref<12x8xf32, strided<[16, 1], offset: 36>>
  %sb = memref.subview %B[0, 1] [8, 8] [1, 2]
      : memref<8x17xf32> to memref<8x8xf32, strided<[17, 2], offset: 1>>
  %sc = memref.subview %C[1, 1] [12, 8] [1, 1]
      : memref<14x10xf32> to memref<12x8xf32, strided<[10, 1], offset: 11>>
  %va = "mdh.inp_view"(%sa) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<12x8xf32, strided<[16, 1], offset: 36>>) -> !mdh.mda<array<i64: 12, 8, 8>>
  %vb = "mdh.inp_view"(%sb) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<8x8xf32, strided<[17, 2], offset: 1>>) -> !mdh.mda<array<i64: 12, 8, 8>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">],
                               mdh.mapping = "global.y(2,2) tile(2), global.x(2,2) tile(2), seq tile(4)"}
      : (!mdh.mda<array<i64: 12, 8, 8>>, !mdh.mda<array<i64: 12, 8, 8>>) -> !mdh.mda<array<i64: 12, 8, 1>>
  "mdh.out_view"(%r, %sc) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 12, 8, 1>>, memref<12x8xf32, strided<[10, 1], offset: 11>>) -> ()
  return
}

// The sum of a 4x4 block of every other column into one element, both
// arguments with dynamic strides and offset (the 0-d one rank-reduced):
// B[5] = sum_{i,j} A[2 + i][1 + 2*j].
func.func @sum_dyn(%a: memref<4x4xf32, strided<[?, ?], offset: ?>>,
                   %b: memref<f32, strided<[], offset: ?>>) {
  %v = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<4x4xf32, strided<[?, ?], offset: ?>>) -> !mdh.mda<array<i64: 4, 4>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 4, 4>>) -> !mdh.mda<array<i64: 1, 1>>
  "mdh.out_view"(%r, %b) {accesses = [affine_map<(i, j) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1, 1>>, memref<f32, strided<[], offset: ?>>) -> ()
  return
}
func.func @dyn(%A: memref<8x8xf32>, %B: memref<9xf32>) {
  %a = memref.subview %A[2, 1] [4, 4] [1, 2]
      : memref<8x8xf32> to memref<4x4xf32, strided<[8, 2], offset: 17>>
  %b = memref.subview %B[5] [1] [1]
      : memref<9xf32> to memref<f32, strided<[], offset: 5>>
  %da = memref.cast %a
      : memref<4x4xf32, strided<[8, 2], offset: 17>> to memref<4x4xf32, strided<[?, ?], offset: ?>>
  %db = memref.cast %b
      : memref<f32, strided<[], offset: 5>> to memref<f32, strided<[], offset: ?>>
  func.call @sum_dyn(%da, %db)
      : (memref<4x4xf32, strided<[?, ?], offset: ?>>, memref<f32, strided<[], offset: ?>>) -> ()
  return
}
