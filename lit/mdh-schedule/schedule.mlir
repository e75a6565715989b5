// RUN: %mdh-opt %s --split-input-file --mdh-schedule | FileCheck %s
// RUN: %mdh-opt %s --split-input-file --mdh-schedule --mdh-print-schedule 2>&1 >/dev/null | FileCheck %s --check-prefix=TREE

// Two md_homs chained through a buffer: the consumer reads the producer's
// result transposed, so both are fused in one band with the producer first
// at each point; the statements are named on the md_homs.
func.func private @square(%a: f32) -> f32 {
  %p = arith.mulf %a, %a : f32
  return %p : f32
}
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @chain(%x: memref<6x5xf32>, %s: memref<5xf32>) {
  %t = memref.alloc() : memref<6x5xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<6x5xf32>) -> !mdh.mda<array<i64: 6, 5>>
  %r1 = "mdh.md_hom"(%vx) {scalar_function = @square, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 6, 5>>) -> !mdh.mda<array<i64: 6, 5>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 6, 5>>, memref<6x5xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(j, i) -> (i, j)>]}
      : (memref<6x5xf32>) -> !mdh.mda<array<i64: 5, 6>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"max">]}
      : (!mdh.mda<array<i64: 5, 6>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r2, %s) {accesses = [affine_map<(j, i) -> (j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  memref.dealloc %t : memref<6x5xf32>
  return
}
// CHECK-LABEL: func.func @chain(
// CHECK-SAME: mdh.schedule = "domain:
// CHECK: "mdh.md_hom"{{.*}}mdh.stmt = "S0"
// CHECK: "mdh.md_hom"{{.*}}mdh.stmt = "S1"
// TREE-LABEL: // mdh.schedule of @chain
// TREE: mark: "mdh.kinds S0=cc S1=cp"
// TREE: schedule: "[{ S0[i0, i1] -> [(i0)]; S1[i0, i1] -> [(i1)] }, { S0[i0, i1] -> [(i1)]; S1[i0, i1] -> [(i0)] }]"
// TREE: coincident: [ 0, 1 ]
// TREE: sequence:
// TREE-NEXT: - filter: "{ S0[i0, i1] }"
// TREE-NEXT: - filter: "{ S1[i0, i1] }"

// -----

// A scan keeps its order: the scan dimension is not coincident.
func.func private @id(%a: i32) -> i32 {
  return %a : i32
}
func.func @scan(%x: memref<7xi32>, %y: memref<7xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xi32>) -> !mdh.mda<array<i64: 7>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<"add">]}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xi32>) -> ()
  return
}
// TREE-LABEL: // mdh.schedule of @scan
// TREE: mark: "mdh.kinds S0=s"
// TREE-NOT: coincident

// -----

// A product whose own order runs its reduction outside a parallel loop
// (i, k, j: stride 1 along j for B and C) and a ReLU of its result: the
// ReLU could share its loops only by a shift of k's extent, so it gets its
// own nest after the product, which keeps i, k, j (issue 27: raised
// linalg.matmul is C += A B followed by such steps).
// TREE-LABEL: // mdh.schedule of @product_relu
// TREE:      sequence:
// TREE-NEXT: - filter: "{ S0[i0, i1, i2] }"
// TREE-NEXT:   child:
// TREE-NEXT:     schedule: "[{ S0[i0, i1, i2] -> [(i0)] }, { S0[i0, i1, i2] -> [(i2)] }, { S0[i0, i1, i2] -> [(i1)] }]"
// TREE:      - filter: "{ S1[i0, i1] }"
// TREE-NEXT:   child:
// TREE-NEXT:     schedule: "[{ S1[i0, i1] -> [(i0)] }, { S1[i0, i1] -> [(i1)] }]"
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @relu(%a: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %m = arith.maximumf %a, %z : f32
  return %m : f32
}
func.func @product_relu(%a: memref<64x48xf32>, %b: memref<48x32xf32>, %c: memref<64x32xf32>) {
  %t = memref.alloc() : memref<64x32xf32>
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x48xf32>) -> !mdh.mda<array<i64: 64, 32, 48>>
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<48x32xf32>) -> !mdh.mda<array<i64: 64, 32, 48>>
  %p = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 64, 32, 48>>, !mdh.mda<array<i64: 64, 32, 48>>) -> !mdh.mda<array<i64: 64, 32, 1>>
  "mdh.out_view"(%p, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 32, 1>>, memref<64x32xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<64x32xf32>) -> !mdh.mda<array<i64: 64, 32>>
  %r = "mdh.md_hom"(%vt) {scalar_function = @relu, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 64, 32>>) -> !mdh.mda<array<i64: 64, 32>>
  "mdh.out_view"(%r, %c) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 32>>, memref<64x32xf32>) -> ()
  memref.dealloc %t : memref<64x32xf32>
  return
}

// -----

// Functions without md_homs get no schedule.
func.func @plain() {
  return
}
// CHECK-LABEL: func.func @plain()
// CHECK-NOT: mdh.schedule
