// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-from-linalg{reassociate=true})' | FileCheck %s
// RUN: %mlir-opt-mdh %s --pass-pipeline='builtin.module(mdh-from-linalg{reassociate=true})' | FileCheck %s
// RUN: %mdh-opt %s --mdh-from-linalg | FileCheck %s --check-prefix=EXACT
// RUN: not %mdh-opt %s --pass-pipeline='builtin.module(mdh-from-linalg{reassoc=true})' 2>&1 | FileCheck %s --check-prefix=BAD

// The option reassociate of mdh-from-linalg sets mdh.reassociate on the
// module: a float C += A B is then one md_hom accumulating into C. Without
// it the sum stays exact: a reduction into a temporary R, then C (+)= R,
// one addition per element.
// CHECK: module attributes {mdh.reassociate}
// CHECK-LABEL: func.func @matmul
// CHECK-NOT: memref.alloc
// CHECK: "mdh.out_view"({{.*}}, %arg2) {{{.*}}, mdh.accumulate}
// CHECK-NEXT: return
// EXACT-NOT: mdh.reassociate
// EXACT-LABEL: func.func @matmul
// EXACT: %[[R:.*]] = memref.alloc()
// EXACT: "mdh.out_view"(%{{.*}}, %[[R]]) {accesses = [#{{.*}}], components = array<i64: 0>} :
// EXACT: "mdh.inp_view"(%[[R]])
// EXACT: "mdh.out_view"(%{{.*}}, %arg2) {{{.*}}, mdh.accumulate}
// BAD: no such option reassoc
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  linalg.matmul ins(%A, %B : memref<4x3xf32>, memref<3x5xf32>) outs(%C : memref<4x5xf32>)
  return
}
