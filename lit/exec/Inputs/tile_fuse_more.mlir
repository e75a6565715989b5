// A transpose feeding a product (basteln's transbmm, one batch): T = X^T,
// C = T B. The transpose joins the product's tiles by extension: a tile of
// rows of C needs those rows of T, all of its columns.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @transmm(%x: memref<48x70xf32>, %b: memref<48x300xf32>, %c: memref<70x300xf32>) {
  %t = memref.alloc() : memref<70x48xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (k, i)>]}
      : (memref<48x70xf32>) -> !mdh.mda<array<i64: 70, 48>>
  %r0 = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 70, 48>>) -> !mdh.mda<array<i64: 70, 48>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, k) -> (i, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 70, 48>>, memref<70x48xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<70x48xf32>) -> !mdh.mda<array<i64: 70, 300, 48>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<48x300xf32>) -> !mdh.mda<array<i64: 70, 300, 48>>
  %r1 = "mdh.md_hom"(%vt, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 70, 300, 48>>, !mdh.mda<array<i64: 70, 300, 48>>) -> !mdh.mda<array<i64: 70, 300, 1>>
  "mdh.out_view"(%r1, %c) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 70, 300, 1>>, memref<70x300xf32>) -> ()
  memref.dealloc %t : memref<70x48xf32>
  return
}

// Two independent blurs in one function: two fused groups.
func.func private @avg3(%a: f32, %b: f32, %c: f32) -> f32 {
  %third = arith.constant 0.333333343 : f32
  %s1 = arith.addf %a, %b : f32
  %s2 = arith.addf %s1, %c : f32
  %r = arith.mulf %s2, %third : f32
  return %r : f32
}
func.func @two_chains(%in0: memref<70x302xf32>, %in1: memref<70x302xf32>, %out0: memref<68x300xf32>, %out1: memref<68x300xf32>) {
  %b0 = memref.alloc() : memref<70x300xf32>
  %b1 = memref.alloc() : memref<70x300xf32>
  %vi0 = "mdh.inp_view"(%in0) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 1)>, affine_map<(i, j) -> (i, j + 2)>]}
      : (memref<70x302xf32>) -> !mdh.mda<array<i64: 70, 300>>
  %p0 = "mdh.md_hom"(%vi0) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 70, 300>>) -> !mdh.mda<array<i64: 70, 300>>
  "mdh.out_view"(%p0, %b0) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 70, 300>>, memref<70x300xf32>) -> ()
  %vi1 = "mdh.inp_view"(%in1) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 1)>, affine_map<(i, j) -> (i, j + 2)>]}
      : (memref<70x302xf32>) -> !mdh.mda<array<i64: 70, 300>>
  %p1 = "mdh.md_hom"(%vi1) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 70, 300>>) -> !mdh.mda<array<i64: 70, 300>>
  "mdh.out_view"(%p1, %b1) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 70, 300>>, memref<70x300xf32>) -> ()
  %vb0 = "mdh.inp_view"(%b0) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i + 1, j)>, affine_map<(i, j) -> (i + 2, j)>]}
      : (memref<70x300xf32>) -> !mdh.mda<array<i64: 68, 300>>
  %c0 = "mdh.md_hom"(%vb0) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 68, 300>>) -> !mdh.mda<array<i64: 68, 300>>
  "mdh.out_view"(%c0, %out0) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 68, 300>>, memref<68x300xf32>) -> ()
  %vb1 = "mdh.inp_view"(%b1) {accesses = [affine_map<(i, j) -> (i + 2, j)>, affine_map<(i, j) -> (i + 1, j)>, affine_map<(i, j) -> (i, j)>]}
      : (memref<70x300xf32>) -> !mdh.mda<array<i64: 68, 300>>
  %c1 = "mdh.md_hom"(%vb1) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 68, 300>>) -> !mdh.mda<array<i64: 68, 300>>
  "mdh.out_view"(%c1, %out1) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 68, 300>>, memref<68x300xf32>) -> ()
  memref.dealloc %b0 : memref<70x300xf32>
  memref.dealloc %b1 : memref<70x300xf32>
  return
}

// Two outputs that read one producer over the same tile space (the
// equal-range rule of basteln's section 5.3): one group, the row sums
// computed once per tile for both the blur and the vertical difference.
func.func private @diff2(%a: f32, %b: f32) -> f32 {
  %r = arith.subf %a, %b : f32
  return %r : f32
}
func.func @shared(%in: memref<70x302xf32>, %blur: memref<68x300xf32>, %grad: memref<68x300xf32>) {
  %bx = memref.alloc() : memref<70x300xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 1)>, affine_map<(i, j) -> (i, j + 2)>]}
      : (memref<70x302xf32>) -> !mdh.mda<array<i64: 70, 300>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 70, 300>>) -> !mdh.mda<array<i64: 70, 300>>
  "mdh.out_view"(%r1, %bx) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 70, 300>>, memref<70x300xf32>) -> ()
  %vb = "mdh.inp_view"(%bx) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i + 1, j)>, affine_map<(i, j) -> (i + 2, j)>]}
      : (memref<70x300xf32>) -> !mdh.mda<array<i64: 68, 300>>
  %r2 = "mdh.md_hom"(%vb) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 68, 300>>) -> !mdh.mda<array<i64: 68, 300>>
  "mdh.out_view"(%r2, %blur) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 68, 300>>, memref<68x300xf32>) -> ()
  %vg = "mdh.inp_view"(%bx) {accesses = [affine_map<(i, j) -> (i + 2, j)>, affine_map<(i, j) -> (i, j)>]}
      : (memref<70x300xf32>) -> !mdh.mda<array<i64: 68, 300>>
  %r3 = "mdh.md_hom"(%vg) {scalar_function = @diff2, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 68, 300>>) -> !mdh.mda<array<i64: 68, 300>>
  "mdh.out_view"(%r3, %grad) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 68, 300>>, memref<68x300xf32>) -> ()
  memref.dealloc %bx : memref<70x300xf32>
  return
}

// Two consumers of one producer over different tile spaces that read
// disjoint rows of it (basteln section 5.3, condition (21)): the row sums
// of the bottom half join the tiles of the differences, those of the top
// half, which run after that group, the tiles of the blur; none runs twice.
func.func @split(%in: memref<140x302xf32>, %top: memref<68x300xf32>, %bottom: memref<35x300xf32>) {
  %x = memref.alloc() : memref<140x300xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 1)>, affine_map<(i, j) -> (i, j + 2)>]}
      : (memref<140x302xf32>) -> !mdh.mda<array<i64: 140, 300>>
  %r0 = "mdh.md_hom"(%vin) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 140, 300>>) -> !mdh.mda<array<i64: 140, 300>>
  "mdh.out_view"(%r0, %x) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 140, 300>>, memref<140x300xf32>) -> ()
  %vt = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i + 1, j)>, affine_map<(i, j) -> (i + 2, j)>]}
      : (memref<140x300xf32>) -> !mdh.mda<array<i64: 68, 300>>
  %r1 = "mdh.md_hom"(%vt) {scalar_function = @avg3, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 68, 300>>) -> !mdh.mda<array<i64: 68, 300>>
  "mdh.out_view"(%r1, %top) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 68, 300>>, memref<68x300xf32>) -> ()
  %vb = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (2 * i + 71, j)>, affine_map<(i, j) -> (2 * i + 70, j)>]}
      : (memref<140x300xf32>) -> !mdh.mda<array<i64: 35, 300>>
  %r2 = "mdh.md_hom"(%vb) {scalar_function = @diff2, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 35, 300>>) -> !mdh.mda<array<i64: 35, 300>>
  "mdh.out_view"(%r2, %bottom) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 35, 300>>, memref<35x300xf32>) -> ()
  memref.dealloc %x : memref<140x300xf32>
  return
}

// The self-attention pattern of basteln's Table 3 (mul+(batchmatmul,
// batchmatmul), section 5.3): two batched products read one scaled input
// over one tile space; the equal-range rule gives one group, whose tiles
// scale the rows of the input both products read, once.
func.func private @scale(%a: f32) -> f32 {
  %c = arith.constant 0.125 : f32
  %r = arith.mulf %a, %c : f32
  return %r : f32
}
func.func @attention(%q: memref<2x3x40x48xf32>, %k: memref<2x3x48x20xf32>, %v: memref<2x3x48x20xf32>, %o1: memref<2x3x40x20xf32>, %o2: memref<2x3x40x20xf32>) {
  %s = memref.alloc() : memref<2x3x40x48xf32>
  %vq = "mdh.inp_view"(%q) {accesses = [affine_map<(b, h, i, k) -> (b, h, i, k)>]}
      : (memref<2x3x40x48xf32>) -> !mdh.mda<array<i64: 2, 3, 40, 48>>
  %r0 = "mdh.md_hom"(%vq) {scalar_function = @scale, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 2, 3, 40, 48>>) -> !mdh.mda<array<i64: 2, 3, 40, 48>>
  "mdh.out_view"(%r0, %s) {accesses = [affine_map<(b, h, i, k) -> (b, h, i, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2, 3, 40, 48>>, memref<2x3x40x48xf32>) -> ()
  %vs1 = "mdh.inp_view"(%s) {accesses = [affine_map<(b, h, i, j, k) -> (b, h, i, k)>]}
      : (memref<2x3x40x48xf32>) -> !mdh.mda<array<i64: 2, 3, 40, 20, 48>>
  %vk = "mdh.inp_view"(%k) {accesses = [affine_map<(b, h, i, j, k) -> (b, h, k, j)>]}
      : (memref<2x3x48x20xf32>) -> !mdh.mda<array<i64: 2, 3, 40, 20, 48>>
  %r1 = "mdh.md_hom"(%vs1, %vk) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 2, 3, 40, 20, 48>>, !mdh.mda<array<i64: 2, 3, 40, 20, 48>>) -> !mdh.mda<array<i64: 2, 3, 40, 20, 1>>
  "mdh.out_view"(%r1, %o1) {accesses = [affine_map<(b, h, i, j, k) -> (b, h, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2, 3, 40, 20, 1>>, memref<2x3x40x20xf32>) -> ()
  %vs2 = "mdh.inp_view"(%s) {accesses = [affine_map<(b, h, i, j, k) -> (b, h, i, k)>]}
      : (memref<2x3x40x48xf32>) -> !mdh.mda<array<i64: 2, 3, 40, 20, 48>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(b, h, i, j, k) -> (b, h, k, j)>]}
      : (memref<2x3x48x20xf32>) -> !mdh.mda<array<i64: 2, 3, 40, 20, 48>>
  %r2 = "mdh.md_hom"(%vs2, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 2, 3, 40, 20, 48>>, !mdh.mda<array<i64: 2, 3, 40, 20, 48>>) -> !mdh.mda<array<i64: 2, 3, 40, 20, 1>>
  "mdh.out_view"(%r2, %o2) {accesses = [affine_map<(b, h, i, j, k) -> (b, h, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2, 3, 40, 20, 1>>, memref<2x3x40x20xf32>) -> ()
  memref.dealloc %s : memref<2x3x40x48xf32>
  return
}
