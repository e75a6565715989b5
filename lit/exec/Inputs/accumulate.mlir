// md_homs whose out_view accumulates (mdh.accumulate: buffer = buffer (+)
// result), each beside its "_linalg" twin, the same computation as linalg
// ops that upstream's lowering runs (exec/accumulate.test).
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func private @idi(%a: i32) -> i32 {
  return %a : i32
}
func.func private @twice(%a: f32) -> (f32, f32) {
  return %a, %a : f32, f32
}

// A block (or thread) reduction per row, then one owner combines.
func.func @mv(%M: memref<37x50xf32>, %v: memref<50xf32>, %w: memref<37xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<37x50xf32>) -> !mdh.mda<array<i64: 37, 50>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<50xf32>) -> !mdh.mda<array<i64: 37, 50>>
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 50>>, !mdh.mda<array<i64: 37, 50>>) -> !mdh.mda<array<i64: 37, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>, mdh.accumulate}
      : (!mdh.mda<array<i64: 37, 1>>, memref<37xf32>) -> ()
  return
}
func.func @mv_linalg(%M: memref<37x50xf32>, %v: memref<50xf32>, %w: memref<37xf32>) {
  linalg.matvec ins(%M, %v : memref<37x50xf32>, memref<50xf32>) outs(%w : memref<37xf32>)
  return
}

// The tiled strategy (register tiles, steps of the reduction staged in
// shared memory), partial tiles everywhere.
func.func @mm_tiled(%A: memref<13x11xf32>, %B: memref<11x7xf32>, %C: memref<13x7xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<13x11xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<11x7xf32>) -> !mdh.mda<array<i64: 13, 7, 11>>
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">],
                               mdh.mapping = "global.y(2,2) tile(2), global.x(4,1) tile(2), seq tile(4)"}
      : (!mdh.mda<array<i64: 13, 7, 11>>, !mdh.mda<array<i64: 13, 7, 11>>) -> !mdh.mda<array<i64: 13, 7, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>, mdh.accumulate}
      : (!mdh.mda<array<i64: 13, 7, 1>>, memref<13x7xf32>) -> ()
  return
}
func.func @mm_tiled_linalg(%A: memref<13x11xf32>, %B: memref<11x7xf32>, %C: memref<13x7xf32>) {
  linalg.matmul ins(%A, %B : memref<13x11xf32>, memref<11x7xf32>) outs(%C : memref<13x7xf32>)
  return
}

// One result point from many blocks: atomics (or, in the deterministic
// mode, partials folded by a second kernel) into the old value.
func.func @sum(%x: memref<3000xf32>, %s: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(k) -> (k)>]}
      : (memref<3000xf32>) -> !mdh.mda<array<i64: 3000>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 3000>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %s) {accesses = [affine_map<(k) -> ()>], components = array<i64: 0>, mdh.accumulate}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  return
}
func.func @sum_linalg(%x: memref<3000xf32>, %s: memref<f32>) {
  linalg.reduce ins(%x : memref<3000xf32>) outs(%s : memref<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %t = arith.addf %a, %b : f32
      linalg.yield %t : f32
    }
  return
}

// An integer max over the columns of each row: exact in any order.
func.func @colmax(%x: memref<40x33xi32>, %m: memref<33xi32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(j, i) -> (i, j)>]}
      : (memref<40x33xi32>) -> !mdh.mda<array<i64: 33, 40>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @idi, combine_ops = [#mdh.cc, #mdh.pw<"max">]}
      : (!mdh.mda<array<i64: 33, 40>>) -> !mdh.mda<array<i64: 33, 1>>
  "mdh.out_view"(%r, %m) {accesses = [affine_map<(j, i) -> (j)>], components = array<i64: 0>, mdh.accumulate}
      : (!mdh.mda<array<i64: 33, 1>>, memref<33xi32>) -> ()
  return
}
func.func @colmax_linalg(%x: memref<40x33xi32>, %m: memref<33xi32>) {
  linalg.reduce ins(%x : memref<40x33xi32>) outs(%m : memref<33xi32>) dimensions = [0]
    (%a: i32, %b: i32) {
      %t = arith.maxsi %a, %b : i32
      linalg.yield %t : i32
    }
  return
}

// Two components, a sum and a max per row, into two columns of one
// buffer: each combined with its own old value.
func.func @summax(%x: memref<21x30xf32>, %o: memref<21x2xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<21x30xf32>) -> !mdh.mda<array<i64: 21, 30>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.pw<["add", "max"]>]}
      : (!mdh.mda<array<i64: 21, 30>>) -> !mdh.mda<array<i64: 21, 1>>
  "mdh.out_view"(%r, %o) {accesses = [affine_map<(i, k) -> (i, 0)>, affine_map<(i, k) -> (i, 1)>],
                          components = array<i64: 0, 1>, mdh.accumulate}
      : (!mdh.mda<array<i64: 21, 1>>, memref<21x2xf32>) -> ()
  return
}
func.func @summax_linalg(%x: memref<21x30xf32>, %o: memref<21x2xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i, 0)>, affine_map<(i, k) -> (i, 1)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<21x30xf32>) outs(%o, %o : memref<21x2xf32>, memref<21x2xf32>) {
  ^bb0(%a: f32, %s: f32, %m: f32):
    %t = arith.addf %s, %a : f32
    %u = arith.maximumf %m, %a : f32
    linalg.yield %t, %u : f32, f32
  }
  return
}
