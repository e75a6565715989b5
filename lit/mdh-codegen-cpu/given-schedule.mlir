// RUN: %mdh-opt %s --mdh-codegen-cpu | FileCheck %s
// RUN: %mdh-opt %s --mdh-codegen-cpu --inline --canonicalize --arith-expand --convert-scf-to-cf --expand-strided-metadata --finalize-memref-to-llvm --convert-to-llvm --reconcile-unrealized-casts -o %t.ll.mlir

// A schedule given by hand (interchanged: the reduction loop outermost) is
// generated as given; mdh-run compares it with the reference in exec/. The
// inner loop carries no dependence but stays scf.for: a parallel loop inside
// a sequential one would fork and join threads at every iteration.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @interchanged(%x: memref<3x4xf32>, %y: memref<3xf32>) attributes {mdh.schedule = "{ domain: \"{ S0[i0, i1] : 0 <= i0 <= 2 and 0 <= i1 <= 3 }\", child: { schedule: \"[{ S0[i0, i1] -> [(i1)] }, { S0[i0, i1] -> [(i0)] }]\" } }"} {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<3x4xf32>) -> !mdh.mda<array<i64: 3, 4>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.stmt = "S0"}
      : (!mdh.mda<array<i64: 3, 4>>) -> !mdh.mda<array<i64: 3, 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 3, 1>>, memref<3xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @interchanged(
// CHECK-NOT: scf.parallel
// CHECK: scf.for %[[K:.*]] =
// CHECK-NOT: scf.parallel
// CHECK: scf.for %[[I:.*]] =
// CHECK: memref.load %{{.*}}[%[[I]], %[[K]]] : memref<3x4xf32>
