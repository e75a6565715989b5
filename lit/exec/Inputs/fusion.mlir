// Chains for kernel formation on the GPU (mdh-map-gpu's kernel marks):
// - @ew3: three element-wise md_homs that mdh-schedule fuses into one band:
//   one kernel, each thread runs the three statements of its points;
// - @shifted: a consumer that reads its producer at i and i + 1: fused with
//   a shift, so the band carries the dependence: two kernels;
// - @rowsum: an element-wise producer fused with a row reduction: one
//   kernel, rows over threads, the reduction sequential in each;
// - @total: an all-reduction beside a map of the same input: one kernel
//   each, so that the reduction is spread (reduce strategy);
// - @two_readers: an intermediate read at the same point in the producer's
//   kernel and whole by a sum in another: it stays in memory;
// - @reversed: an intermediate read at another point (299 - i): it stays in
//   memory (@ew3's and @rowsum's live in registers);
// - @transposed: an intermediate read at (i, j) and at (j, i), all in one
//   kernel whose band runs the second reader transposed: every read is at
//   the writer's point, so it lives in a register.
func.func private @twice(%a: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %p = arith.mulf %a, %c : f32
  return %p : f32
}
func.func private @inc(%a: f32) -> f32 {
  %c = arith.constant 1.0 : f32
  %p = arith.addf %a, %c : f32
  return %p : f32
}
func.func private @sq(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}
func.func private @add(%a: f32, %b: f32) -> f32 {
  %p = arith.addf %a, %b : f32
  return %p : f32
}
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @ew3(%x: memref<37x23xf32>, %y: memref<37x23xf32>) {
  %t1 = memref.alloc() : memref<37x23xf32>
  %t2 = memref.alloc() : memref<37x23xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 37, 23>>
  "mdh.out_view"(%r0, %t1) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 23>>, memref<37x23xf32>) -> ()
  %v1 = "mdh.inp_view"(%t1) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @inc, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 37, 23>>
  "mdh.out_view"(%r1, %t2) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 23>>, memref<37x23xf32>) -> ()
  %v2 = "mdh.inp_view"(%t2) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @sq, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 37, 23>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 23>>, memref<37x23xf32>) -> ()
  memref.dealloc %t1 : memref<37x23xf32>
  memref.dealloc %t2 : memref<37x23xf32>
  return
}
func.func @shifted(%x: memref<301xf32>, %y: memref<300xf32>) {
  %t = memref.alloc() : memref<301xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<301xf32>) -> !mdh.mda<array<i64: 301>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @twice, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 301>>) -> !mdh.mda<array<i64: 301>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 301>>, memref<301xf32>) -> ()
  %v1 = "mdh.inp_view"(%t) {accesses = [affine_map<(i) -> (i)>, affine_map<(i) -> (i + 1)>]}
      : (memref<301xf32>) -> !mdh.mda<array<i64: 300>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @add, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 300>>) -> !mdh.mda<array<i64: 300>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 300>>, memref<300xf32>) -> ()
  memref.dealloc %t : memref<301xf32>
  return
}
func.func @rowsum(%x: memref<37x23xf32>, %w: memref<37xf32>) {
  %t = memref.alloc() : memref<37x23xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @sq, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 37, 23>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 23>>, memref<37x23xf32>) -> ()
  %v1 = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 23>>) -> !mdh.mda<array<i64: 37, 1>>
  "mdh.out_view"(%r1, %w) {accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 1>>, memref<37xf32>) -> ()
  memref.dealloc %t : memref<37x23xf32>
  return
}
func.func @total(%x: memref<851xf32>, %s: memref<f32>, %y: memref<851xf32>) {
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<851xf32>) -> !mdh.mda<array<i64: 851>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @id, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 851>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r0, %s) {accesses = [affine_map<(i) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  %v1 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<851xf32>) -> !mdh.mda<array<i64: 851>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @sq, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 851>>) -> !mdh.mda<array<i64: 851>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 851>>, memref<851xf32>) -> ()
  return
}
// t read at the same point by y, and in whole by the sum s.
func.func @two_readers(%x: memref<300xf32>, %y: memref<300xf32>, %s: memref<f32>) {
  %t = memref.alloc() : memref<300xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<300xf32>) -> !mdh.mda<array<i64: 300>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @sq, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 300>>) -> !mdh.mda<array<i64: 300>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 300>>, memref<300xf32>) -> ()
  %v1 = "mdh.inp_view"(%t) {accesses = [affine_map<(i) -> (i)>]} : (memref<300xf32>) -> !mdh.mda<array<i64: 300>>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<300xf32>) -> !mdh.mda<array<i64: 300>>
  %r1 = "mdh.md_hom"(%v1, %vx) {scalar_function = @add, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 300>>, !mdh.mda<array<i64: 300>>) -> !mdh.mda<array<i64: 300>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 300>>, memref<300xf32>) -> ()
  %v2 = "mdh.inp_view"(%t) {accesses = [affine_map<(i) -> (i)>]} : (memref<300xf32>) -> !mdh.mda<array<i64: 300>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @id, combine_ops = [#mdh.pw<"add">]} : (!mdh.mda<array<i64: 300>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r2, %s) {accesses = [affine_map<(i) -> ()>], components = array<i64: 0>} : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  memref.dealloc %t : memref<300xf32>
  return
}
// t written at i, read reversed: another point.
func.func @reversed(%x: memref<300xf32>, %y: memref<300xf32>) {
  %t = memref.alloc() : memref<300xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]} : (memref<300xf32>) -> !mdh.mda<array<i64: 300>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @sq, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 300>>) -> !mdh.mda<array<i64: 300>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 300>>, memref<300xf32>) -> ()
  %v1 = "mdh.inp_view"(%t) {accesses = [affine_map<(i) -> (299 - i)>]} : (memref<300xf32>) -> !mdh.mda<array<i64: 300>>
  %r1 = "mdh.md_hom"(%v1) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 300>>) -> !mdh.mda<array<i64: 300>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 300>>, memref<300xf32>) -> ()
  memref.dealloc %t : memref<300xf32>
  return
}
func.func @transposed(%x: memref<20x20xf32>, %y: memref<20x20xf32>, %z: memref<20x20xf32>) {
  %t = memref.alloc() : memref<20x20xf32>
  %v0 = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<20x20xf32>) -> !mdh.mda<array<i64: 20, 20>>
  %r0 = "mdh.md_hom"(%v0) {scalar_function = @sq, combine_ops = [#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 20, 20>>) -> !mdh.mda<array<i64: 20, 20>>
  "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 20, 20>>, memref<20x20xf32>) -> ()
  %v1 = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<20x20xf32>) -> !mdh.mda<array<i64: 20, 20>>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]} : (memref<20x20xf32>) -> !mdh.mda<array<i64: 20, 20>>
  %r1 = "mdh.md_hom"(%v1, %vx) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 20, 20>>, !mdh.mda<array<i64: 20, 20>>) -> !mdh.mda<array<i64: 20, 20>>
  "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 20, 20>>, memref<20x20xf32>) -> ()
  %v2 = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (j, i)>]} : (memref<20x20xf32>) -> !mdh.mda<array<i64: 20, 20>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 20, 20>>) -> !mdh.mda<array<i64: 20, 20>>
  "mdh.out_view"(%r2, %z) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 20, 20>>, memref<20x20xf32>) -> ()
  memref.dealloc %t : memref<20x20xf32>
  return
}
