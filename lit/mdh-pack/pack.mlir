// RUN: %mdh-opt %s --split-input-file --mdh-pack | FileCheck %s

// A A^T (syrk): the second view walks the stored dimension j across (A's
// rows), so a copy md_hom transposes A into a new buffer whose last index
// is j, and the product reads that buffer; the buffer is freed after the
// product's store.
module attributes {mdh.vector_bits = 512 : i64} {
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// CHECK-DAG: #[[IK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[KJ:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-LABEL: func.func @aat(
// CHECK-SAME: %[[A:.*]]: memref<40x30xf32>, %[[C:.*]]: memref<40x40xf32>
// CHECK: %[[VA:.*]] = "mdh.inp_view"(%[[A]]) {accesses = [#[[IK]]]}
// CHECK: %[[AT:.*]] = memref.alloc() : memref<30x40xf32>
// CHECK: %[[VC:.*]] = "mdh.inp_view"(%[[A]]) {accesses = [#[[T]]]} : (memref<40x30xf32>) -> !mdh.mda<array<i64: 30, 40>>
// CHECK: %[[COPY:.*]] = "mdh.md_hom"(%[[VC]]) {combine_ops = [#mdh.cc, #mdh.cc], mdh.pack, scalar_function = @mdh_pack_copy}
// CHECK: "mdh.out_view"(%[[COPY]], %[[AT]]) {accesses = [#[[ID:.*]]], components = array<i64: 0>}
// CHECK: %[[VB:.*]] = "mdh.inp_view"(%[[AT]]) {accesses = [#[[KJ]]]} : (memref<30x40xf32>) -> !mdh.mda<array<i64: 40, 40, 30>>
// CHECK: %[[R:.*]] = "mdh.md_hom"(%[[VA]], %[[VB]])
// CHECK-NEXT: "mdh.out_view"(%[[R]], %[[C]])
// CHECK-NEXT: memref.dealloc %[[AT]] : memref<30x40xf32>
// CHECK-NEXT: return
// CHECK: func.func private @mdh_pack_copy(%{{.*}}: f32) -> f32
func.func @aat(%A: memref<40x30xf32>, %C: memref<40x40xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<40x30xf32>) -> !mdh.mda<array<i64: 40, 40, 30>>
  %vb = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (j, k)>]}
      : (memref<40x30xf32>) -> !mdh.mda<array<i64: 40, 40, 30>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 40, 40, 30>>, !mdh.mda<array<i64: 40, 40, 30>>) -> !mdh.mda<array<i64: 40, 40, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 40, 1>>, memref<40x40xf32>) -> ()
  return
}
}

// -----

// A batched product with B^T in an scf.for: B[b, j, k] is copied into a
// buffer indexed [b, k, j] inside the loop body, freed there after the
// store; one copy function for both md_homs of one element type.
module attributes {mdh.vector_bits = 512 : i64} {
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// CHECK-DAG: #[[T3:.*]] = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// CHECK-DAG: #[[BKJ:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-LABEL: func.func @bmm_t(
// CHECK: scf.for
// CHECK: %[[BT:.*]] = memref.alloc() : memref<2x24x48xf32>
// CHECK: "mdh.inp_view"(%{{.*}}) {accesses = [#[[T3]]]} : (memref<2x48x24xf32>) -> !mdh.mda<array<i64: 2, 24, 48>>
// CHECK: scalar_function = @mdh_pack_copy
// CHECK: "mdh.inp_view"(%[[BT]]) {accesses = [#[[BKJ]]]}
// CHECK: "mdh.out_view"
// CHECK-NEXT: memref.dealloc %[[BT]]
// CHECK-NEXT: }
// CHECK: scalar_function = @mdh_pack_copy
// CHECK-NOT: func.func private @mdh_pack_copy_
func.func @bmm_t(%A: memref<2x32x24xf32>, %B: memref<2x48x24xf32>, %C: memref<2x32x48xf32>, %D: memref<2x32x48xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %it = %c0 to %c3 step %c1 {
    %va = "mdh.inp_view"(%A) {accesses = [affine_map<(b, i, j, k) -> (b, i, k)>]}
        : (memref<2x32x24xf32>) -> !mdh.mda<array<i64: 2, 32, 48, 24>>
    %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(b, i, j, k) -> (b, j, k)>]}
        : (memref<2x48x24xf32>) -> !mdh.mda<array<i64: 2, 32, 48, 24>>
    %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
        : (!mdh.mda<array<i64: 2, 32, 48, 24>>, !mdh.mda<array<i64: 2, 32, 48, 24>>) -> !mdh.mda<array<i64: 2, 32, 48, 1>>
    "mdh.out_view"(%r, %C) {accesses = [affine_map<(b, i, j, k) -> (b, i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 2, 32, 48, 1>>, memref<2x32x48xf32>) -> ()
  }
  %va2 = "mdh.inp_view"(%A) {accesses = [affine_map<(b, i, j, k) -> (b, i, k)>]}
      : (memref<2x32x24xf32>) -> !mdh.mda<array<i64: 2, 32, 48, 24>>
  %vb2 = "mdh.inp_view"(%B) {accesses = [affine_map<(b, i, j, k) -> (b, j, k)>]}
      : (memref<2x48x24xf32>) -> !mdh.mda<array<i64: 2, 32, 48, 24>>
  %r2 = "mdh.md_hom"(%va2, %vb2) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 2, 32, 48, 24>>, !mdh.mda<array<i64: 2, 32, 48, 24>>) -> !mdh.mda<array<i64: 2, 32, 48, 1>>
  "mdh.out_view"(%r2, %D) {accesses = [affine_map<(b, i, j, k) -> (b, i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2, 32, 48, 1>>, memref<2x32x48xf32>) -> ()
  return
}
}

// -----

// Left as they are: a product that has a register tile already (A B); a
// matrix-vector product along A's rows, whose elements are read once each
// (the lanes split its reduction); a strided access that is no permutation
// (a window of A); a function with a user's schedule.
module attributes {mdh.vector_bits = 512 : i64} {
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// CHECK-LABEL: func.func @ab(
// CHECK-NOT: mdh_pack_copy
// CHECK: return
func.func @ab(%A: memref<40x30xf32>, %B: memref<30x40xf32>, %C: memref<40x40xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<40x30xf32>) -> !mdh.mda<array<i64: 40, 40, 30>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<30x40xf32>) -> !mdh.mda<array<i64: 40, 40, 30>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 40, 40, 30>>, !mdh.mda<array<i64: 40, 40, 30>>) -> !mdh.mda<array<i64: 40, 40, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 40, 1>>, memref<40x40xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @matvec(
// CHECK-NOT: mdh_pack_copy
// CHECK: return
func.func @matvec(%A: memref<64x64xf32>, %x: memref<64xf32>, %y: memref<64xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(j, k) -> (j, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64>>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(j, k) -> (k)>]}
      : (memref<64xf32>) -> !mdh.mda<array<i64: 64, 64>>
  %r = "mdh.md_hom"(%va, %vx) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 64>>, !mdh.mda<array<i64: 64, 64>>) -> !mdh.mda<array<i64: 64, 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(j, k) -> (j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 1>>, memref<64xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @window(
// CHECK-NOT: mdh_pack_copy
// CHECK: return
func.func @window(%A: memref<80x30xf32>, %C: memref<40x40xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<80x30xf32>) -> !mdh.mda<array<i64: 40, 40, 30>>
  %vb = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (j + i, k)>]}
      : (memref<80x30xf32>) -> !mdh.mda<array<i64: 40, 40, 30>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 40, 40, 30>>, !mdh.mda<array<i64: 40, 40, 30>>) -> !mdh.mda<array<i64: 40, 40, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 40, 1>>, memref<40x40xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @scheduled(
// CHECK-NOT: mdh_pack_copy
// CHECK: return
func.func @scheduled(%A: memref<40x30xf32>, %C: memref<40x40xf32>)
    attributes {mdh.schedule = "domain: \"{ S0[i, j, k] : 0 <= i < 40 and 0 <= j < 40 and 0 <= k < 30 }\"\nchild:\n  schedule: \"[{ S0[i, j, k] -> [(i)] }, { S0[i, j, k] -> [(j)] }, { S0[i, j, k] -> [(k)] }]\"\n"} {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<40x30xf32>) -> !mdh.mda<array<i64: 40, 40, 30>>
  %vb = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (j, k)>]}
      : (memref<40x30xf32>) -> !mdh.mda<array<i64: 40, 40, 30>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 40, 40, 30>>, !mdh.mda<array<i64: 40, 40, 30>>) -> !mdh.mda<array<i64: 40, 40, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40, 40, 1>>, memref<40x40xf32>) -> ()
  return
}
}
