// Differential-test finding (issue 13), a reduction of slow-ilp-full.mlir
// (generated program diff_2026_351 without its loops, casts and subview):
// mdh-schedule took about 29 s in isl_basic_set_lexmin on two row ILPs of 22
// unknowns; the ILP is now solved one unknown at a time (scheduler.c,
// lexmin), in milliseconds, with the same result. Test: slow-ilp.test.
func.func private @s0(%x0: f32, %x1: f32, %x2: f32) -> f32 {
  %y1 = arith.subf %x0, %x1 : f32
  %y2 = arith.subf %y1, %x2 : f32
  %y3 = arith.constant 0.5 : f32
  %y4 = arith.mulf %y2, %y3 : f32
  return %y4 : f32
}
func.func private @s1(%x0: f32) -> f32 {
  return %x0 : f32
}
func.func private @w2(%m: memref<5x4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %cf4 = arith.constant -0.25 : f32
  %c5 = arith.constant 5 : index
  scf.for %i18 = %c0 to %c5 step %c1 {
    scf.for %i19 = %c0 to %c4 step %c1 {
      %e20 = memref.load %m[%i18, %i19] : memref<5x4xf32>
      %e21 = arith.mulf %e20, %cf4 : f32
      %e23 = arith.index_cast %i18 : index to i32
      %e24 = arith.sitofp %e23 : i32 to f32
      %e22 = arith.addf %e21, %e24 : f32
      memref.store %e22, %m[%i18, %i19] : memref<5x4xf32>
    }
  }
  return
}
func.func private @s3(%x0: f32) -> f32 {
  %y1 = arith.constant 0.5 : f32
  %y2 = arith.addf %x0, %y1 : f32
  return %y2 : f32
}
func.func private @s4(%x0: f32, %x1: f32) -> f32 {
  %y1 = arith.subf %x0, %x1 : f32
  %y2 = arith.constant -0.75 : f32
  %y3 = arith.mulf %y1, %y2 : f32
  return %y3 : f32
}
func.func private @s5(%x0: f32) -> f32 {
  %y1 = arith.constant -0.75 : f32
  %y2 = arith.addf %x0, %y1 : f32
  return %y2 : f32
}
func.func private @s6(%x0: f32) -> f32 {
  return %x0 : f32
}
func.func @f(%a0: memref<4x4x5xf32>, %a4: memref<3x2xf32>, %a8: memref<4x3xf32>) {
  %t17 = memref.alloc() : memref<3x2x4xf32>
  %t60 = memref.alloc() : memref<3x2x4xf32>
  %v1 = "mdh.inp_view"(%a0) {accesses = [affine_map<(d0, d1, d2) -> (d0 + 1, d1 + 2, d2 + 1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0 + 1, d1 + 1, d2)>]} : (memref<4x4x5xf32>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %r2 = "mdh.md_hom"(%v1) {scalar_function = @s0, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 3, 2, 4>>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %w7 = memref.alloc() : memref<3x2x4xf32>
  "mdh.out_view"(%r2, %w7) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 3, 2, 4>>, memref<3x2x4xf32>) -> ()
  %v15 = "mdh.inp_view"(%w7) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>]} : (memref<3x2x4xf32>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %r16 = "mdh.md_hom"(%v15) {scalar_function = @s1, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 3, 2, 4>>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %v39 = "mdh.inp_view"(%t17) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>]} : (memref<3x2x4xf32>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %v40 = "mdh.inp_view"(%a4) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1)>]} : (memref<3x2xf32>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %r41 = "mdh.md_hom"(%v39, %v40) {scalar_function = @s4, combine_ops = [#mdh.cc, #mdh.cc, #mdh.ps<"max">]} : (!mdh.mda<array<i64: 3, 2, 4>>, !mdh.mda<array<i64: 3, 2, 4>>) -> !mdh.mda<array<i64: 3, 2, 4>>
  "mdh.out_view"(%r41, %w7) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 3, 2, 4>>, memref<3x2x4xf32>) -> ()
  %v58 = "mdh.inp_view"(%w7) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>]} : (memref<3x2x4xf32>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %r59 = "mdh.md_hom"(%v58) {scalar_function = @s5, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 3, 2, 4>>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %v68 = "mdh.inp_view"(%t60) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>]} : (memref<3x2x4xf32>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %r69 = "mdh.md_hom"(%v68) {scalar_function = @s6, combine_ops = [#mdh.cc, #mdh.pw<"add">, #mdh.ps<"add">]} : (!mdh.mda<array<i64: 3, 2, 4>>) -> !mdh.mda<array<i64: 3, 1, 4>>
  "mdh.out_view"(%r69, %a8) {accesses = [affine_map<(d0, d1, d2) -> (d2, d0)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 3, 1, 4>>, memref<4x3xf32>) -> ()
  return
}
