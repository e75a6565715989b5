// RUN: %mdh-opt %s --split-input-file --pass-pipeline='builtin.module(mdh-from-linalg)' | FileCheck %s

// C += A B: the products are reduced over k (the loop the output map does
// not use) into a temporary R, which one more md_hom adds to C: its out_view
// accumulates into C over a pw dimension of size 1, one addition per
// element; the temporary is freed after the chain.
// CHECK-LABEL: func.func @matmul
// CHECK: %[[RED:.*]] = memref.alloc() : memref<4x5xf32>
// CHECK: %[[A:.*]] = "mdh.inp_view"(%arg0) {accesses = [#[[MAPA:.*]]]} : (memref<4x3xf32>) -> !mdh.mda<array<i64: 4, 5, 3>>
// CHECK: %[[B:.*]] = "mdh.inp_view"(%arg1) {accesses = [#[[MAPB:.*]]]} : (memref<3x5xf32>) -> !mdh.mda<array<i64: 4, 5, 3>>
// CHECK: %[[R:.*]] = "mdh.md_hom"(%[[A]], %[[B]]) {combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">], scalar_function = @mdh_linalg_matmul} {{.*}} -> !mdh.mda<array<i64: 4, 5, 1>>
// CHECK: "mdh.out_view"(%[[R]], %[[RED]]) {accesses = [#[[MAPC:.*]]], components = array<i64: 0>} :
// CHECK: %[[T:.*]] = "mdh.inp_view"(%[[RED]]) {accesses = [#[[MAPC]]]} : (memref<4x5xf32>) -> !mdh.mda<array<i64: 4, 5, 1>>
// CHECK: %[[F:.*]] = "mdh.md_hom"(%[[T]]) {combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">], scalar_function = @mdh_linalg_copy}
// CHECK: "mdh.out_view"(%[[F]], %arg2) {accesses = [#[[MAPC]]], components = array<i64: 0>, mdh.accumulate}
// CHECK-NEXT: memref.dealloc %[[RED]]
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @mdh_linalg_matmul(%arg0: f32, %arg1: f32) -> f32
// CHECK-NEXT: arith.mulf %arg0, %arg1
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @mdh_linalg_copy(%arg0: f32) -> f32
// CHECK-NEXT: return %arg0
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  linalg.matmul ins(%A, %B : memref<4x3xf32>, memref<3x5xf32>) outs(%C : memref<4x5xf32>)
  return
}

// -----

// A body that does not read its output: one md_hom writing it directly;
// linalg.index makes it index-aware, and the constant from outside the
// body is cloned into the scalar function.
// CHECK-LABEL: func.func @scale
// CHECK-NOT: memref.alloc
// CHECK: %[[R:.*]] = "mdh.md_hom"(%{{.*}}) {combine_ops = [#mdh.cc, #mdh.cc], mdh.index_aware, scalar_function = @mdh_linalg_generic}
// CHECK-NEXT: "mdh.out_view"(%[[R]], %arg1) {accesses = [#{{.*}}], components = array<i64: 0>}
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @mdh_linalg_generic(%arg0: index, %arg1: index, %arg2: f32) -> f32
// CHECK: arith.constant 2.000000e+00 : f32
// CHECK: arith.index_cast %arg1
func.func @scale(%A: memref<4x5xf32>, %B: memref<5x4xf32>) {
  %two = arith.constant 2.0 : f32
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<4x5xf32>) outs(%B : memref<5x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %p = arith.mulf %a, %two : f32
    %s = arith.addf %p, %jf : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A fill is a md_hom without inputs (mdh.sizes); two outputs of one
// reduction combine with an operator each.
// CHECK-LABEL: func.func @fill_and_two
// CHECK: "mdh.md_hom"() {combine_ops = [#mdh.cc], mdh.sizes = array<i64: 6>, scalar_function = @mdh_linalg_fill}
// CHECK: combine_ops = [#mdh.cc, #mdh.pw<["add", "max"]>]
// CHECK-LABEL: func.func private @mdh_linalg_fill() -> f32
// CHECK-NEXT: arith.constant 1.500000e+00
func.func @fill_and_two(%A: memref<6x3xf32>, %s: memref<6xf32>, %m: memref<6xf32>) {
  %v = arith.constant 1.5 : f32
  linalg.fill ins(%v : f32) outs(%s : memref<6xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<6x3xf32>) outs(%s, %m : memref<6xf32>, memref<6xf32>) {
  ^bb0(%a: f32, %x: f32, %y: f32):
    %0 = arith.addf %x, %a : f32
    %1 = arith.maximumf %a, %y : f32
    linalg.yield %0, %1 : f32, f32
  }
  return
}

// -----

// Where the order of combination cannot change the result (integers, min
// and max), or the program lets it change (mdh.reassociate on the function
// or module, fastmath<reassoc> or fast on the combining op), C += A B is one
// md_hom whose accumulating out_view starts from C: no temporary, no copy.
// A float add without either stays exact (@matmul above; @fastmath_contract
// here, whose flags do not allow reassociation).
// CHECK-LABEL: func.func @reassociate
// CHECK-NOT: memref.alloc
// CHECK: %[[R:.*]] = "mdh.md_hom"({{.*}}) {combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">], scalar_function = @mdh_linalg_matmul}
// CHECK-NEXT: "mdh.out_view"(%[[R]], %arg2) {accesses = [#{{.*}}], components = array<i64: 0>, mdh.accumulate}
// CHECK-NEXT: return
// CHECK-LABEL: func.func @integer
// CHECK-NOT: memref.alloc
// CHECK: "mdh.out_view"({{.*}}, %arg2) {{{.*}}, mdh.accumulate}
// CHECK-NEXT: return
// CHECK-LABEL: func.func @float_max
// CHECK-NOT: memref.alloc
// CHECK: combine_ops = [#mdh.cc, #mdh.pw<"max">]
// CHECK: "mdh.out_view"({{.*}}, %arg1) {{{.*}}, mdh.accumulate}
// CHECK-NEXT: return
// CHECK-LABEL: func.func @fastmath_reassoc
// CHECK-NOT: memref.alloc
// CHECK: "mdh.out_view"({{.*}}, %arg1) {{{.*}}, mdh.accumulate}
// CHECK-NEXT: return
// CHECK-LABEL: func.func @fastmath_fast
// CHECK: "mdh.out_view"({{.*}}, %arg1) {{{.*}}, mdh.accumulate}
// CHECK-LABEL: func.func @fastmath_contract
// CHECK: %[[R:.*]] = memref.alloc
// CHECK: "mdh.out_view"(%{{.*}}, %[[R]]) {accesses = [#{{.*}}], components = array<i64: 0>} :
// CHECK: "mdh.out_view"(%{{.*}}, %arg1) {{{.*}}, mdh.accumulate}
func.func @reassociate(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) attributes {mdh.reassociate} {
  linalg.matmul ins(%A, %B : memref<4x3xf32>, memref<3x5xf32>) outs(%C : memref<4x5xf32>)
  return
}
func.func @integer(%A: memref<4x3xi32>, %B: memref<3x5xi32>, %C: memref<4x5xi32>) {
  linalg.matmul ins(%A, %B : memref<4x3xi32>, memref<3x5xi32>) outs(%C : memref<4x5xi32>)
  return
}
func.func @float_max(%x: memref<4x3xf32>, %m: memref<4xf32>) {
  linalg.reduce ins(%x : memref<4x3xf32>) outs(%m : memref<4xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %t = arith.maximumf %a, %b : f32
      linalg.yield %t : f32
    }
  return
}
func.func @fastmath_reassoc(%x: memref<4x3xf32>, %s: memref<4xf32>) {
  linalg.reduce ins(%x : memref<4x3xf32>) outs(%s : memref<4xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %t = arith.addf %a, %b fastmath<reassoc,contract> : f32
      linalg.yield %t : f32
    }
  return
}
func.func @fastmath_fast(%x: memref<4x3xf32>, %s: memref<4xf32>) {
  linalg.reduce ins(%x : memref<4x3xf32>) outs(%s : memref<4xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %t = arith.addf %a, %b fastmath<fast> : f32
      linalg.yield %t : f32
    }
  return
}
func.func @fastmath_contract(%x: memref<4x3xf32>, %s: memref<4xf32>) {
  linalg.reduce ins(%x : memref<4x3xf32>) outs(%s : memref<4xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %t = arith.addf %a, %b fastmath<contract> : f32
      linalg.yield %t : f32
    }
  return
}

// -----

// Dynamic and mixed shapes: dynamic MDA sizes where no operand gives a loop
// a static size; the temporaries take the output's run-time extents.
// CHECK-LABEL: func.func @dynamic_copy
// CHECK: "mdh.inp_view"(%arg0) {{.*}} -> !mdh.mda<array<i64: -1>>
// CHECK: "mdh.md_hom"({{.*}}) {{.*}} -> !mdh.mda<array<i64: -1>>
// CHECK-LABEL: func.func @mixed_matmul
// CHECK: %[[D0:.*]] = memref.dim %arg2, %c0
// CHECK: %[[RED:.*]] = memref.alloc(%[[D0]]) : memref<?x5xf32>
// CHECK: "mdh.md_hom"({{.*}}) {combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">], scalar_function = @mdh_linalg_matmul{{.*}} -> !mdh.mda<array<i64: -1, 5, 1>>
// CHECK-NOT: memref.alloc
// CHECK: "mdh.md_hom"({{.*}}) {combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">], scalar_function = @mdh_linalg_copy{{.*}} -> !mdh.mda<array<i64: -1, 5, 1>>
// CHECK-NOT: linalg.
func.func @dynamic_copy(%A: memref<?xf32>, %B: memref<?xf32>) {
  linalg.copy ins(%A : memref<?xf32>) outs(%B : memref<?xf32>)
  return
}
func.func @mixed_matmul(%A: memref<?x6xf32>, %B: memref<6x5xf32>, %C: memref<?x5xf32>) {
  linalg.matmul ins(%A, %B : memref<?x6xf32>, memref<6x5xf32>) outs(%C : memref<?x5xf32>)
  return
}

// -----

// Left alone, each for its reason: tensors (results), dynamic sizes that no
// input determines, a
// scalar that is not a constant, a reduction by subtraction, a body with
// regions, two outputs that alias, and a function that has mdh ops already.
// CHECK-LABEL: func.func @tensors
// CHECK: linalg.matmul
// CHECK-LABEL: func.func @dynamic
// CHECK: linalg.fill
// CHECK-LABEL: func.func @loaded
// CHECK: linalg.fill
// CHECK-LABEL: func.func @sub
// CHECK: linalg.generic
// CHECK-LABEL: func.func @regions
// CHECK: linalg.generic
// CHECK-LABEL: func.func @aliasing_outputs
// CHECK: linalg.generic
// CHECK-LABEL: func.func @has_mdh
// CHECK: linalg.copy
// CHECK-NOT: mdh_linalg
func.func @tensors(%A: tensor<4x3xf32>, %B: tensor<3x5xf32>, %C: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %r = linalg.matmul ins(%A, %B : tensor<4x3xf32>, tensor<3x5xf32>) outs(%C : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}
func.func @dynamic(%B: memref<?xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%B : memref<?xf32>)
  return
}
func.func @loaded(%v: memref<1xf32>, %A: memref<5xf32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %v[%c0] : memref<1xf32>
  linalg.fill ins(%x : f32) outs(%A : memref<5xf32>)
  return
}
func.func @sub(%A: memref<5x7xf32>, %r: memref<5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<5x7xf32>) outs(%r : memref<5xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.subf %acc, %a : f32
    linalg.yield %s : f32
  }
  return
}
func.func @regions(%A: memref<5xf32>, %B: memref<5xf32>, %c: i1) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                  iterator_types = ["parallel"]}
      ins(%A : memref<5xf32>) outs(%B : memref<5xf32>) {
  ^bb0(%a: f32, %b: f32):
    %r = scf.if %c -> f32 {
      scf.yield %a : f32
    } else {
      scf.yield %b : f32
    }
    linalg.yield %r : f32
  }
  return
}
func.func @aliasing_outputs(%A: memref<5xf32>, %B: memref<5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                  iterator_types = ["parallel"]}
      ins(%A : memref<5xf32>) outs(%B, %B : memref<5xf32>, memref<5xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    linalg.yield %a, %a : f32, f32
  }
  return
}
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @has_mdh(%A: memref<5xf32>, %B: memref<5xf32>, %C: memref<5xf32>) {
  %v = "mdh.inp_view"(%A) {accesses = [affine_map<(i) -> (i)>]} : (memref<5xf32>) -> !mdh.mda<array<i64: 5>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 5>>) -> !mdh.mda<array<i64: 5>>
  "mdh.out_view"(%r, %B) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 5>>, memref<5xf32>) -> ()
  linalg.copy ins(%B : memref<5xf32>) outs(%C : memref<5xf32>)
  return
}
