// RUN: %mdh-opt %s --verify-diagnostics --pass-pipeline='builtin.module(mdh-coalesce,mdh-schedule,mdh-tile-fuse{target=gpu},mdh-map-gpu,mdh-codegen-gpu)'

// The host may not touch a device-resident argument's elements.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @touched(%x: memref<64xf32>, %y: memref<64xf32>) attributes {mdh.device_resident} {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<64xf32>) -> !mdh.mda<array<i64: 64>>
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 64>>) -> !mdh.mda<array<i64: 64>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64>>, memref<64xf32>) -> ()
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  // expected-error @+1 {{mdh-codegen-gpu: in a device-resident function (mdh.device_resident), argument 1 is device memory, which this op would access on the host}}
  memref.store %f, %y[%c0] : memref<64xf32>
  return
}
