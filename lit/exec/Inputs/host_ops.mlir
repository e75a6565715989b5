// Host ops between md_homs that use their buffers (issue 25): a loop, a
// conditional, a call, and an intermediate buffer that both sides of the
// loop use. The pipelines keep every such op in program order between the
// code of the md_homs before it and of those after it.
func.func private @twice(%a: f32) -> f32 {
  %r = arith.addf %a, %a : f32
  return %r : f32
}
func.func private @sum2(%a: f32, %b: f32) -> f32 {
  %r = arith.addf %a, %b : f32
  return %r : f32
}
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}

// t = 2x; t[2i] += 1 on the host; y = 2t.
func.func @loop(%x: memref<64xf32>, %t: memref<64xf32>, %y: memref<64xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<64xf32>) -> !mdh.mda<array<i64: 64>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @twice, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 64>>) -> !mdh.mda<array<i64: 64>>
  "mdh.out_view"(%r, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64>>, memref<64xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c64 step %c2 {
    %v = memref.load %t[%i] : memref<64xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %t[%i] : memref<64xf32>
  }
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<64xf32>) -> !mdh.mda<array<i64: 64>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @twice, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 64>>) -> !mdh.mda<array<i64: 64>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64>>, memref<64xf32>) -> ()
  return
}

// An intermediate that both sides use while the loop writes another
// buffer: t = 2x (an allocation only the md_homs use); w[i] = i on the
// host; y = t + w. The intermediate must keep its contents across the loop
// (on the GPU it travels back to the host and out again).
func.func @intermediate(%x: memref<40xf32>, %w: memref<40xf32>, %y: memref<40xf32>) {
  %t = memref.alloc() : memref<40xf32>
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<40xf32>) -> !mdh.mda<array<i64: 40>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @twice, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 40>>) -> !mdh.mda<array<i64: 40>>
  "mdh.out_view"(%r, %t) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40>>, memref<40xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  scf.for %i = %c0 to %c40 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %w[%i] : memref<40xf32>
  }
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<40xf32>) -> !mdh.mda<array<i64: 40>>
  %vw = "mdh.inp_view"(%w) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<40xf32>) -> !mdh.mda<array<i64: 40>>
  %r2 = "mdh.md_hom"(%vt, %vw) {scalar_function = @sum2, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 40>>, !mdh.mda<array<i64: 40>>) -> !mdh.mda<array<i64: 40>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 40>>, memref<40xf32>) -> ()
  memref.dealloc %t : memref<40xf32>
  return
}

// Reductions on both sides of a conditional: t[i] = sum_k x[i,k]; if
// t[0] > 0, t[0] = -t[0]; s = sum_i t[i] (a whole reduction: atomics on
// the GPU).
func.func @reductions(%x: memref<37x29xf32>, %t: memref<37xf32>, %s: memref<f32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<37x29xf32>) -> !mdh.mda<array<i64: 37, 29>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37, 29>>) -> !mdh.mda<array<i64: 37, 1>>
  "mdh.out_view"(%r, %t) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 37, 1>>, memref<37xf32>) -> ()
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %v = memref.load %t[%c0] : memref<37xf32>
  %positive = arith.cmpf ogt, %v, %zero : f32
  scf.if %positive {
    %n = arith.negf %v : f32
    memref.store %n, %t[%c0] : memref<37xf32>
  }
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<37xf32>) -> !mdh.mda<array<i64: 37>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @id, combine_ops = [#mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 37>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r2, %s) {accesses = [affine_map<(i) -> ()>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<f32>) -> ()
  return
}

// A call that writes a buffer between three md_homs, two of them before it.
func.func @bump(%m: memref<16xf32>) {
  %c3 = arith.constant 3 : index
  %ten = arith.constant 10.0 : f32
  memref.store %ten, %m[%c3] : memref<16xf32>
  return
}
func.func @call(%x: memref<16xf32>, %a: memref<16xf32>, %b: memref<16xf32>, %y: memref<16xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<16xf32>) -> !mdh.mda<array<i64: 16>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @twice, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 16>>) -> !mdh.mda<array<i64: 16>>
  "mdh.out_view"(%r, %a) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 16>>, memref<16xf32>) -> ()
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<16xf32>) -> !mdh.mda<array<i64: 16>>
  %r1 = "mdh.md_hom"(%va) {scalar_function = @twice, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 16>>) -> !mdh.mda<array<i64: 16>>
  "mdh.out_view"(%r1, %b) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 16>>, memref<16xf32>) -> ()
  func.call @bump(%b) : (memref<16xf32>) -> ()
  %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<16xf32>) -> !mdh.mda<array<i64: 16>>
  %r2 = "mdh.md_hom"(%vb) {scalar_function = @twice, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 16>>) -> !mdh.mda<array<i64: 16>>
  "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 16>>, memref<16xf32>) -> ()
  return
}
