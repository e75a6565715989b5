// The mdh ops have generic form only (IRDL gives them no custom assembly);
// MLIR's parser fails on the custom form without a word, so the tools say
// what is wrong, at the op (tools/common/guard.c).
// RUN: not %mdh-opt %s 2>&1 | FileCheck %s
// RUN: not mdh-run %s --entry=f 2>&1 | FileCheck %s

func.func @f(%x: memref<4xf32>) attributes {note = "mdh.md_hom in a string is fine"} {
  // CHECK: custom-form.mlir:[[@LINE+1]]:8: error: the mdh ops have no custom assembly form: write them in the generic form, e.g. %r = "mdh.md_hom"(%v)
  %v = mdh.inp_view %x : memref<4xf32>
  return
}
