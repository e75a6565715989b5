// Regression input (scripts/diff-test.py --seed 101, program 193): the
// run-time extent checks that mdh-codegen-gpu builds before its kernels use
// the fused group's intermediate, which then no longer looked private to
// the group; the groups are now read before any IR change.
// diff-gen: seed=101 index=193 type=f32 strided=yes dynamic=yes
// diff-gen: features=broadcast,memref.copy,ps,scf.for,scf.if,stencil,tile-sizes,transposed-out,view:expand-out
func.func private @s0(%x0: f32) -> f32 {
  %y1 = arith.constant -0.75 : f32
  %y2 = arith.mulf %x0, %y1 : f32
  return %y2 : f32
}
func.func private @s1(%x0: f32, %x1: f32) -> f32 {
  %y1 = arith.minimumf %x0, %x1 : f32
  return %y1 : f32
}
func.func private @s2(%x0: f32) -> f32 {
  %y1 = arith.constant -0.75 : f32
  %y2 = arith.mulf %x0, %y1 : f32
  return %y2 : f32
}
func.func private @s3(%x0: f32, %x1: f32) -> f32 {
  %y1 = arith.addf %x0, %x1 : f32
  %y2 = arith.constant -0.75 : f32
  %y3 = arith.addf %y1, %y2 : f32
  return %y3 : f32
}
func.func private @s4(%x0: f32, %x1: f32) -> f32 {
  %y1 = arith.minimumf %x0, %x1 : f32
  %y2 = arith.constant 0.5 : f32
  %y3 = arith.addf %y1, %y2 : f32
  return %y3 : f32
}
func.func @f(%a0: memref<7x7xf32>, %a1: memref<4xf32>, %a2: memref<4xf32>, %a3: memref<4xf32>, %a4: memref<3xf32>, %a5: memref<24xf32>) {
  %c0 = arith.constant 0 : index
  %cf1 = arith.constant 0.0 : f32
  %cf2 = arith.constant 1.0 : f32
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %cf5 = arith.constant 0.5 : f32
  %cf6 = arith.constant -0.25 : f32
  %c24 = arith.constant 24 : index
  %t3 = memref.alloc() : memref<4x7xf32>
  %t15 = memref.alloc() : memref<4x7xf32>
  %t18 = memref.alloc() : memref<7x7xf32>
  %t35 = memref.alloc() : memref<24xf32>
  %v1 = "mdh.inp_view"(%a0) {accesses = [affine_map<(d0, d1) -> (d0, d1 * 2)>]} : (memref<7x7xf32>) -> !mdh.mda<array<i64: 7, 4>>
  %r2 = "mdh.md_hom"(%v1) {scalar_function = @s0, combine_ops = [#mdh.cc, #mdh.cc], mdh.tile_sizes = array<i64: 0, 3>} : (!mdh.mda<array<i64: 7, 4>>) -> !mdh.mda<array<i64: 7, 4>>
  "mdh.out_view"(%r2, %t3) {accesses = [affine_map<(d0, d1) -> (d1, d0)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 7, 4>>, memref<4x7xf32>) -> ()
  %e5 = memref.load %a1[%c0] : memref<4xf32>
  %cond4 = arith.cmpf olt, %e5, %cf1 : f32
  scf.if %cond4 {
    scf.for %i6 = %c0 to %c4 step %c1 {
      %e7 = memref.load %a1[%i6] : memref<4xf32>
      %e8 = arith.addf %e7, %cf2 : f32
      %e10 = arith.index_cast %i6 : index to i32
      %e11 = arith.sitofp %e10 : i32 to f32
      %e9 = arith.addf %e8, %e11 : f32
      memref.store %e9, %a1[%i6] : memref<4xf32>
    }
  }
  %v12 = "mdh.inp_view"(%t3) {accesses = [affine_map<(d0, d1) -> (d0, d1)>]} : (memref<4x7xf32>) -> !mdh.mda<array<i64: 4, 7>>
  %v13 = "mdh.inp_view"(%a2) {accesses = [affine_map<(d0, d1) -> (d0)>]} : (memref<4xf32>) -> !mdh.mda<array<i64: 4, 7>>
  %r14 = "mdh.md_hom"(%v12, %v13) {scalar_function = @s1, combine_ops = [#mdh.cc, #mdh.ps<"add">]} : (!mdh.mda<array<i64: 4, 7>>, !mdh.mda<array<i64: 4, 7>>) -> !mdh.mda<array<i64: 4, 7>>
  "mdh.out_view"(%r14, %t15) {accesses = [affine_map<(d0, d1) -> (d0, d1)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 4, 7>>, memref<4x7xf32>) -> ()
  memref.copy %a1, %a3 : memref<4xf32> to memref<4xf32>
  %v16 = "mdh.inp_view"(%a0) {accesses = [affine_map<(d0, d1) -> (d0, d1)>]} : (memref<7x7xf32>) -> !mdh.mda<array<i64: 7, 7>>
  %r17 = "mdh.md_hom"(%v16) {scalar_function = @s2, combine_ops = [#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 7, 7>>) -> !mdh.mda<array<i64: 7, 7>>
  "mdh.out_view"(%r17, %t18) {accesses = [affine_map<(d0, d1) -> (d0, d1)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 7, 7>>, memref<7x7xf32>) -> ()
  %e20 = memref.load %a3[%c0] : memref<4xf32>
  %cond19 = arith.cmpf olt, %e20, %cf1 : f32
  scf.if %cond19 {
    scf.for %i21 = %c0 to %c4 step %c1 {
      %e22 = memref.load %a3[%i21] : memref<4xf32>
      %e23 = arith.mulf %e22, %cf5 : f32
      %e25 = arith.index_cast %i21 : index to i32
      %e26 = arith.sitofp %e25 : i32 to f32
      %e24 = arith.addf %e23, %e26 : f32
      memref.store %e24, %a3[%i21] : memref<4xf32>
    }
  } else {
    scf.for %i27 = %c0 to %c4 step %c1 {
      %e28 = memref.load %a3[%i27] : memref<4xf32>
      %e29 = arith.subf %e28, %cf6 : f32
      %e31 = arith.index_cast %i27 : index to i32
      %e32 = arith.sitofp %e31 : i32 to f32
      %e30 = arith.addf %e29, %e32 : f32
      memref.store %e30, %a3[%i27] : memref<4xf32>
    }
  }
  %v33 = "mdh.inp_view"(%t18) {accesses = [affine_map<(d0, d1) -> (d0, d1 * 2)>, affine_map<(d0, d1) -> (d0 + 1, d1 * 2)>]} : (memref<7x7xf32>) -> !mdh.mda<array<i64: 6, 4>>
  %r34 = "mdh.md_hom"(%v33) {scalar_function = @s3, combine_ops = [#mdh.cc, #mdh.cc], mdh.tile_sizes = array<i64: 1, 3>} : (!mdh.mda<array<i64: 6, 4>>) -> !mdh.mda<array<i64: 6, 4>>
  %w36 = memref.expand_shape %t35 [[0, 1]] output_shape [6, 4] : memref<24xf32> into memref<6x4xf32>
  "mdh.out_view"(%r34, %w36) {accesses = [affine_map<(d0, d1) -> (d0, d1)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 6, 4>>, memref<6x4xf32>) -> ()
  %v37 = "mdh.inp_view"(%a2) {accesses = [affine_map<(d0) -> (d0 + 1)>, affine_map<(d0) -> (d0)>]} : (memref<4xf32>) -> !mdh.mda<array<i64: 3>>
  %r38 = "mdh.md_hom"(%v37) {scalar_function = @s4, combine_ops = [#mdh.cc]} : (!mdh.mda<array<i64: 3>>) -> !mdh.mda<array<i64: 3>>
  "mdh.out_view"(%r38, %a4) {accesses = [affine_map<(d0) -> (d0)>], components = array<i64: 0>} : (!mdh.mda<array<i64: 3>>, memref<3xf32>) -> ()
  memref.copy %t35, %a5 : memref<24xf32> to memref<24xf32>
  scf.for %i39 = %c0 to %c24 step %c1 {
    %e40 = memref.load %a5[%i39] : memref<24xf32>
    %e41 = arith.subf %e40, %cf2 : f32
    %e43 = arith.index_cast %i39 : index to i32
    %e44 = arith.sitofp %e43 : i32 to f32
    %e42 = arith.addf %e41, %e44 : f32
    memref.store %e42, %a5[%i39] : memref<24xf32>
  }
  memref.dealloc %t3 : memref<4x7xf32>
  memref.dealloc %t15 : memref<4x7xf32>
  memref.dealloc %t18 : memref<7x7xf32>
  memref.dealloc %t35 : memref<24xf32>
  return
}
