// RUN: %mdh-opt %S/../exec/Inputs/linalg_fill.mlir --mdh-from-linalg | FileCheck %s
// RUN: %mlir-opt-mdh %S/../exec/Inputs/linalg_fill.mlir --pass-pipeline='builtin.module(mdh-from-linalg)' | FileCheck %s

// A fill with the identity of the reduction right after it: one md_hom
// that writes the output, no fill, no copies, no temporaries.
// CHECK-LABEL: func.func @fill_matmul
// CHECK-NOT: memref.alloc
// CHECK: "mdh.md_hom"({{.*}}combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]
// CHECK-NEXT: "mdh.out_view"(%{{.*}}, %arg2)
// CHECK-NOT: mdh.md_hom
// CHECK-NOT: linalg.fill
// CHECK: return

// CHECK-LABEL: func.func @max_fill
// CHECK-NOT: memref.alloc
// CHECK: "mdh.md_hom"({{.*}}combine_ops = [#mdh.cc, #mdh.pw<"max">]
// CHECK-NOT: mdh.md_hom
// CHECK: return

// CHECK-LABEL: func.func @mul_fill
// CHECK: "mdh.md_hom"({{.*}}combine_ops = [#mdh.cc, #mdh.pw<"mul">]
// CHECK-NOT: mdh.md_hom
// CHECK: return

// Not the identity, a reader in between, the output read as an input: the
// fill is a md_hom, the reduction keeps C's old value (copy, reduce, fold).
// CHECK-LABEL: func.func @one_fill_matmul
// CHECK-COUNT-3: "mdh.md_hom"
// CHECK-NOT: "mdh.md_hom"
// CHECK: return
// CHECK-LABEL: func.func @read_between
// CHECK-COUNT-4: "mdh.md_hom"
// CHECK-NOT: "mdh.md_hom"
// CHECK: return
// CHECK-LABEL: func.func @reads_output
// CHECK-COUNT-4: "mdh.md_hom"
// CHECK-NOT: "mdh.md_hom"
// CHECK: return
