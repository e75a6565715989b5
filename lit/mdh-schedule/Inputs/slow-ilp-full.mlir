// Differential-test finding (issue 13): generated program diff_2026_351
// (gen-diff.py --seed 2026, index 351) as generated; mdh-run cpu and
// gpu-emulated took about 60 s in mdh-schedule. Test: slow-ilp.test.
// diff-gen: seed=2026 index=351 type=f32 strided=yes dynamic=yes
// diff-gen: features=broadcast,func.call,memref.copy,overwrite,ps,pw,scf.for,scf.for-fill,scf.for-iter_args,scf.if,stencil,transposed-out,view:cast,view:cast-out,view:subview-out
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
func.func @f(%a0: memref<4x4x5xf32>, %a1: memref<4x4xf32>, %a2: memref<5x4xf32>, %a3: memref<9xf32>, %a4: memref<3x2xf32>, %a5: memref<5xf32>, %a6: memref<7x5xf32>, %a7: memref<7x5xf32>, %a8: memref<4x3xf32>, %a9: memref<4x4x4xf32>, %a10: memref<1xf32>, %a11: memref<3x2x4xf32>, %a12: memref<3x2x4xf32>) {
  %cf0 = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %cf4 = arith.constant -0.25 : f32
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %cf7 = arith.constant 1.0 : f32
  %t3 = memref.alloc() : memref<4x4x4xf32>
  %t17 = memref.alloc() : memref<3x2x4xf32>
  %t32 = memref.alloc() : memref<1xf32>
  %t60 = memref.alloc() : memref<3x2x4xf32>
  scf.for %i4 = %c0 to %c4 step %c1 {
    scf.for %i5 = %c0 to %c4 step %c1 {
      scf.for %i6 = %c0 to %c4 step %c1 {
        memref.store %cf0, %t3[%i4, %i5, %i6] : memref<4x4x4xf32>
      }
    }
  }
  %v1 = "mdh.inp_view"(%a0) {accesses = [affine_map<(d0, d1, d2) -> (d0 + 1, d1 + 2, d2 + 1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0 + 1, d1 + 1, d2)>]} : (memref<4x4x5xf32>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %r2 = "mdh.md_hom"(%v1) {scalar_function = @s0, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 3, 2, 4>>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %w7 = memref.subview %t3[0, 1, 0] [3, 2, 4] [1, 1, 1] : memref<4x4x4xf32> to memref<3x2x4xf32, strided<[16, 4, 1], offset: 4>>
  "mdh.out_view"(%r2, %w7) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 3, 2, 4>>, memref<3x2x4xf32, strided<[16, 4, 1], offset: 4>>) -> ()
  scf.for %i8 = %c0 to %c4 step %c1 {
    scf.for %i9 = %c0 to %c4 step %c1 {
      %e10 = memref.load %a1[%i8, %i9] : memref<4x4xf32>
      %e11 = arith.subf %e10, %cf4 : f32
      %e13 = arith.index_cast %i8 : index to i32
      %e14 = arith.sitofp %e13 : i32 to f32
      %e12 = arith.addf %e11, %e14 : f32
      memref.store %e12, %a1[%i8, %i9] : memref<4x4xf32>
    }
  }
  %v15 = "mdh.inp_view"(%w7) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>]} : (memref<3x2x4xf32, strided<[16, 4, 1], offset: 4>>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %r16 = "mdh.md_hom"(%v15) {scalar_function = @s1, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 3, 2, 4>>) -> !mdh.mda<array<i64: 3, 2, 4>>
  "mdh.out_view"(%r16, %t17) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 3, 2, 4>>, memref<3x2x4xf32>) -> ()
  func.call @w2(%a2) : (memref<5x4xf32>) -> ()
  %r27 = scf.for %i25 = %c0 to %c4 step %c1 iter_args(%acc26 = %cf0) -> (f32) {
    %e28 = memref.load %a1[%i25, %c0] : memref<4x4xf32>
    %e29 = arith.addf %acc26, %e28 : f32
    scf.yield %e29 : f32
  }
  memref.store %r27, %a3[%c0] : memref<9xf32>
  %v30 = "mdh.inp_view"(%t17) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>]} : (memref<3x2x4xf32>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %r31 = "mdh.md_hom"(%v30) {scalar_function = @s3, combine_ops = [#mdh.pw<"min">, #mdh.pw<"min">, #mdh.pw<"min">]} : (!mdh.mda<array<i64: 3, 2, 4>>) -> !mdh.mda<array<i64: 1, 1, 1>>
  %w33 = memref.cast %t32 : memref<1xf32> to memref<?xf32>
  "mdh.out_view"(%r31, %w33) {accesses = [affine_map<(d0, d1, d2) -> (0)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 1, 1, 1>>, memref<?xf32>) -> ()
  %r36 = scf.for %i34 = %c0 to %c4 step %c1 iter_args(%acc35 = %cf0) -> (f32) {
    %e37 = memref.load %a1[%i34, %c0] : memref<4x4xf32>
    %e38 = arith.addf %acc35, %e37 : f32
    scf.yield %e38 : f32
  }
  memref.store %r36, %a3[%c0] : memref<9xf32>
  %v39 = "mdh.inp_view"(%t17) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>]} : (memref<3x2x4xf32>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %v40 = "mdh.inp_view"(%a4) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1)>]} : (memref<3x2xf32>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %r41 = "mdh.md_hom"(%v39, %v40) {scalar_function = @s4, combine_ops = [#mdh.cc, #mdh.cc, #mdh.ps<"max">]} : (!mdh.mda<array<i64: 3, 2, 4>>, !mdh.mda<array<i64: 3, 2, 4>>) -> !mdh.mda<array<i64: 3, 2, 4>>
  "mdh.out_view"(%r41, %w7) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 3, 2, 4>>, memref<3x2x4xf32, strided<[16, 4, 1], offset: 4>>) -> ()
  %e43 = memref.load %a5[%c0] : memref<5xf32>
  %cond42 = arith.cmpf olt, %e43, %cf0 : f32
  scf.if %cond42 {
    scf.for %i44 = %c0 to %c5 step %c1 {
      %e45 = memref.load %a5[%i44] : memref<5xf32>
      %e46 = arith.mulf %e45, %cf4 : f32
      %e48 = arith.index_cast %i44 : index to i32
      %e49 = arith.sitofp %e48 : i32 to f32
      %e47 = arith.addf %e46, %e49 : f32
      memref.store %e47, %a5[%i44] : memref<5xf32>
    }
  }
  %w50 = memref.cast %a6 : memref<7x5xf32> to memref<7x?xf32>
  scf.for %i51 = %c0 to %c7 step %c1 {
    scf.for %i52 = %c0 to %c5 step %c1 {
      %e53 = memref.load %w50[%i51, %i52] : memref<7x?xf32>
      %e54 = arith.addf %e53, %cf4 : f32
      %e56 = arith.index_cast %i51 : index to i32
      %e57 = arith.sitofp %e56 : i32 to f32
      %e55 = arith.addf %e54, %e57 : f32
      memref.store %e55, %w50[%i51, %i52] : memref<7x?xf32>
    }
  }
  %v58 = "mdh.inp_view"(%w7) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>]} : (memref<3x2x4xf32, strided<[16, 4, 1], offset: 4>>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %r59 = "mdh.md_hom"(%v58) {scalar_function = @s5, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 3, 2, 4>>) -> !mdh.mda<array<i64: 3, 2, 4>>
  "mdh.out_view"(%r59, %t60) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 3, 2, 4>>, memref<3x2x4xf32>) -> ()
  memref.copy %a6, %a7 : memref<7x5xf32> to memref<7x5xf32>
  scf.for %i61 = %c0 to %c5 step %c1 {
    scf.for %i62 = %c0 to %c4 step %c1 {
      %e63 = memref.load %a2[%i61, %i62] : memref<5x4xf32>
      %e64 = arith.addf %e63, %cf4 : f32
      %e66 = arith.index_cast %i61 : index to i32
      %e67 = arith.sitofp %e66 : i32 to f32
      %e65 = arith.addf %e64, %e67 : f32
      memref.store %e65, %a2[%i61, %i62] : memref<5x4xf32>
    }
  }
  %v68 = "mdh.inp_view"(%t60) {accesses = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>]} : (memref<3x2x4xf32>) -> !mdh.mda<array<i64: 3, 2, 4>>
  %r69 = "mdh.md_hom"(%v68) {scalar_function = @s6, combine_ops = [#mdh.cc, #mdh.pw<"add">, #mdh.ps<"add">]} : (!mdh.mda<array<i64: 3, 2, 4>>) -> !mdh.mda<array<i64: 3, 1, 4>>
  "mdh.out_view"(%r69, %a8) {accesses = [affine_map<(d0, d1, d2) -> (d2, d0)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 3, 1, 4>>, memref<4x3xf32>) -> ()
  memref.copy %t3, %a9 : memref<4x4x4xf32> to memref<4x4x4xf32>
  memref.copy %t32, %a10 : memref<1xf32> to memref<1xf32>
  memref.copy %t60, %a11 : memref<3x2x4xf32> to memref<3x2x4xf32>
  memref.copy %t17, %a12 : memref<3x2x4xf32> to memref<3x2x4xf32>
  scf.for %i70 = %c0 to %c1 step %c1 {
    %e71 = memref.load %a10[%i70] : memref<1xf32>
    %e72 = arith.addf %e71, %cf7 : f32
    %e74 = arith.index_cast %i70 : index to i32
    %e75 = arith.sitofp %e74 : i32 to f32
    %e73 = arith.addf %e72, %e75 : f32
    memref.store %e73, %a10[%i70] : memref<1xf32>
  }
  memref.dealloc %t3 : memref<4x4x4xf32>
  memref.dealloc %t17 : memref<3x2x4xf32>
  memref.dealloc %t32 : memref<1xf32>
  memref.dealloc %t60 : memref<3x2x4xf32>
  return
}
