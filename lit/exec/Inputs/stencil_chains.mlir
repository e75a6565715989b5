// Stencil chains through intermediate buffers, run by exec/stencil_chains.test
// through the cpu pipeline (sequential and OpenMP) against the reference:
// mdh-codegen-cpu distributes the fused groups whose outer loop would carry
// a dependence (blur, conv_relu) and keeps those whose outer loop is
// parallel (addconv: its batch loop; planes: the 3 channels); short outer
// parallel loops are linearized with the next (planes, addconv) and
// intermediates live only around the nests that use them (order).

func.func private @avg(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @add(%a: f32, %b: f32) -> f32 {
  %p = arith.addf %a, %b : f32
  return %p : f32
}
func.func private @relu(%a: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = arith.maximumf %a, %z : f32
  return %r : f32
}

// A two-stage blur (rows, then columns).
func.func @blur_chain(%x: memref<38x24xf32>, %y: memref<37x23xf32>) {
  %t = memref.alloc() : memref<38x23xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 1)>]}
      : (memref<38x24xf32>) -> !mdh.mda<array<i64: 38, 23>>
  %r1 = "mdh.md_hom"(%vx) {scalar_function = @avg, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 38, 23>>) -> !mdh.mda<array<i64: 38, 23>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 38, 23>>, memref<38x23xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i + 1, j)>]}
      : (memref<38x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @avg, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 37, 23>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 23>>, memref<37x23xf32>) -> ()
  memref.dealloc %t : memref<38x23xf32>
  return
}

// A convolution, then a ReLU.
func.func @conv_relu(%x: memref<9x8xf32>, %w: memref<3x3xf32>, %y: memref<7x6xf32>) {
  %c = memref.alloc() : memref<7x6xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j, r, s) -> (i + r, j + s)>]}
      : (memref<9x8xf32>) -> !mdh.mda<array<i64: 7, 6, 3, 3>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(i, j, r, s) -> (r, s)>]}
      : (memref<3x3xf32>) -> !mdh.mda<array<i64: 7, 6, 3, 3>>
  %r1 = "mdh.md_hom"(%vx, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 7, 6, 3, 3>>, !mdh.mda<array<i64: 7, 6, 3, 3>>) -> !mdh.mda<array<i64: 7, 6, 1, 1>>
  "mdh.out_view"(%r1, %c) {accesses = [affine_map<(i, j, r, s) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7, 6, 1, 1>>, memref<7x6xf32>) -> ()
  %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<7x6xf32>) -> !mdh.mda<array<i64: 7, 6>>
  %r2 = "mdh.md_hom"(%vc) {scalar_function = @relu, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 7, 6>>) -> !mdh.mda<array<i64: 7, 6>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7, 6>>, memref<7x6xf32>) -> ()
  memref.dealloc %c : memref<7x6xf32>
  return
}

// add -> padded 3x3 convolution (NCHW) -> ReLU (lit/mdh-codegen-cpu/compile-time.mlir).
func.func @addconv(%x: memref<2x8x17x19xf32>, %y: memref<2x8x17x19xf32>, %tp: memref<2x8x19x21xf32>,
                   %w: memref<12x8x3x3xf32>, %out: memref<2x12x17x19xf32>) {
  %o = memref.alloc() : memref<2x12x17x19xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(n, c, h, w) -> (n, c, h, w)>]}
      : (memref<2x8x17x19xf32>) -> !mdh.mda<array<i64: 2, 8, 17, 19>>
  %vy = "mdh.inp_view"(%y) {accesses = [affine_map<(n, c, h, w) -> (n, c, h, w)>]}
      : (memref<2x8x17x19xf32>) -> !mdh.mda<array<i64: 2, 8, 17, 19>>
  %r1 = "mdh.md_hom"(%vx, %vy) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2, 8, 17, 19>>, !mdh.mda<array<i64: 2, 8, 17, 19>>) -> !mdh.mda<array<i64: 2, 8, 17, 19>>
  "mdh.out_view"(%r1, %tp) {accesses = [affine_map<(n, c, h, w) -> (n, c, h + 1, w + 1)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2, 8, 17, 19>>, memref<2x8x19x21xf32>) -> ()
  %vt = "mdh.inp_view"(%tp) {accesses = [affine_map<(n, k, h, w, c, r, s) -> (n, c, h + r, w + s)>]}
      : (memref<2x8x19x21xf32>) -> !mdh.mda<array<i64: 2, 12, 17, 19, 8, 3, 3>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(n, k, h, w, c, r, s) -> (k, c, r, s)>]}
      : (memref<12x8x3x3xf32>) -> !mdh.mda<array<i64: 2, 12, 17, 19, 8, 3, 3>>
  %r2 = "mdh.md_hom"(%vt, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 2, 12, 17, 19, 8, 3, 3>>, !mdh.mda<array<i64: 2, 12, 17, 19, 8, 3, 3>>) -> !mdh.mda<array<i64: 2, 12, 17, 19, 1, 1, 1>>
  "mdh.out_view"(%r2, %o) {accesses = [affine_map<(n, k, h, w, c, r, s) -> (n, k, h, w)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2, 12, 17, 19, 1, 1, 1>>, memref<2x12x17x19xf32>) -> ()
  %vo = "mdh.inp_view"(%o) {accesses = [affine_map<(n, k, h, w) -> (n, k, h, w)>]}
      : (memref<2x12x17x19xf32>) -> !mdh.mda<array<i64: 2, 12, 17, 19>>
  %r3 = "mdh.md_hom"(%vo) {scalar_function = @relu, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2, 12, 17, 19>>) -> !mdh.mda<array<i64: 2, 12, 17, 19>>
  "mdh.out_view"(%r3, %out) {accesses = [affine_map<(n, k, h, w) -> (n, k, h, w)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2, 12, 17, 19>>, memref<2x12x17x19xf32>) -> ()
  memref.dealloc %o : memref<2x12x17x19xf32>
  return
}

// A 3-channel row blur, then a column blur of its result, per channel.
func.func @planes(%x: memref<3x9x8xf32>, %y: memref<3x8x7xf32>) {
  %t = memref.alloc() : memref<3x9x7xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(c, i, j) -> (c, i, j)>, affine_map<(c, i, j) -> (c, i, j + 1)>]}
      : (memref<3x9x8xf32>) -> !mdh.mda<array<i64: 3, 9, 7>>
  %r1 = "mdh.md_hom"(%vx) {scalar_function = @avg, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 3, 9, 7>>) -> !mdh.mda<array<i64: 3, 9, 7>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(c, i, j) -> (c, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 9, 7>>, memref<3x9x7xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(c, i, j) -> (c, i, j)>, affine_map<(c, i, j) -> (c, i + 1, j)>]}
      : (memref<3x9x7xf32>) -> !mdh.mda<array<i64: 3, 8, 7>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @avg, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 3, 8, 7>>) -> !mdh.mda<array<i64: 3, 8, 7>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(c, i, j) -> (c, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 8, 7>>, memref<3x8x7xf32>) -> ()
  memref.dealloc %t : memref<3x9x7xf32>
  return
}

// Two independent stencil pairs: a's consumer runs before b's producer.
func.func private @twice(%a: f32) -> f32 {
  %s = arith.addf %a, %a : f32
  return %s : f32
}
func.func @order(%x: memref<41x7xf32>, %z: memref<41x7xf32>, %y1: memref<40x7xf32>, %y2: memref<40x7xf32>) {
  %a = memref.alloc() : memref<41x7xf32>
  %b = memref.alloc() : memref<41x7xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<41x7xf32>) -> !mdh.mda<array<i64: 41, 7>>
  %r0 = "mdh.md_hom"(%vx) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 41, 7>>) -> !mdh.mda<array<i64: 41, 7>>
  "mdh.out_view"(%r0, %a) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 41, 7>>, memref<41x7xf32>) -> ()
  %vz = "mdh.inp_view"(%z) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<41x7xf32>) -> !mdh.mda<array<i64: 41, 7>>
  %r1 = "mdh.md_hom"(%vz) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 41, 7>>) -> !mdh.mda<array<i64: 41, 7>>
  "mdh.out_view"(%r1, %b) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 41, 7>>, memref<41x7xf32>) -> ()
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i + 1, j)>]}
      : (memref<41x7xf32>) -> !mdh.mda<array<i64: 40, 7>>
  %r2 = "mdh.md_hom"(%va) {scalar_function = @avg, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 7>>) -> !mdh.mda<array<i64: 40, 7>>
  "mdh.out_view"(%r2, %y1) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 7>>, memref<40x7xf32>) -> ()
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i + 1, j)>]}
      : (memref<41x7xf32>) -> !mdh.mda<array<i64: 40, 7>>
  %r3 = "mdh.md_hom"(%vb) {scalar_function = @avg, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 40, 7>>) -> !mdh.mda<array<i64: 40, 7>>
  "mdh.out_view"(%r3, %y2) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 7>>, memref<40x7xf32>) -> ()
  memref.dealloc %a : memref<41x7xf32>
  memref.dealloc %b : memref<41x7xf32>
  return
}
