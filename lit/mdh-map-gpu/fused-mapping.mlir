// RUN: %mdh-opt %s --pass-pipeline='builtin.module(mdh-coalesce,mdh-schedule,mdh-tile-fuse{target=gpu})' -o %t.fused.mlir
// RUN: sed 's/mark: \\22kernel\\22/mark: \\22kernel: seq, global.x(32,5)\\22/' %t.fused.mlir | %mdh-opt --pass-pipeline='builtin.module(mdh-map-gpu,mdh-print-schedule,mdh-codegen-gpu,canonicalize)' 2>&1 | FileCheck %s --check-prefix=USER
// RUN: sed 's/mark: \\22kernel\\22/mark: \\22kernel: seq, global.x(32,5)\\22/' %t.fused.mlir > %t.user.mlir
// RUN: mdh-run %t.user.mlir --entry=fused --pipeline=gpu-emulated --compare=reference | FileCheck %s --check-prefix=EXEC
// RUN: sed 's/mark: \\22kernel\\22/mark: \\22kernel: block.x(2), block.x(2)\\22/' %t.fused.mlir | not %mdh-opt --pass-pipeline='builtin.module(mdh-map-gpu,mdh-codegen-gpu)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// A mapping a user puts into the kernel mark of a fused group is kept by
// mdh-map-gpu (here each block runs every row tile of its column tile,
// one after another, with a barrier after each) and checked by
// mdh-codegen-gpu: two tile dimensions on one hardware dimension would
// leave the tiles where the two disagree to no block.
// USER: mark: "kernel: seq, global.x(32,5)"
// USER: gpu.launch blocks({{.*}}) in ({{.*}} = %c5{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c32{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}})
// USER: scf.for
// USER: gpu.barrier
// EXEC: max_abs_err=0 max_rel_err=0
// BAD: error: mdh-codegen-gpu: kernel mapping 'block.x(2), block.x(2)' of a fused group puts two tile dimensions on one hardware dimension
func.func private @avg2(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}
func.func @fused(%in: memref<64x301xf32>, %out: memref<63x300xf32>) {
  %t = memref.alloc() : memref<64x300xf32>
  %vin = "mdh.inp_view"(%in) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j + 1)>]}
      : (memref<64x301xf32>) -> !mdh.mda<array<i64: 64, 300>>
  %r1 = "mdh.md_hom"(%vin) {scalar_function = @avg2, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 64, 300>>) -> !mdh.mda<array<i64: 64, 300>>
  "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 300>>, memref<64x300xf32>) -> ()
  %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i + 1, j)>]}
      : (memref<64x300xf32>) -> !mdh.mda<array<i64: 63, 300>>
  %r2 = "mdh.md_hom"(%vt) {scalar_function = @avg2, combine_ops = [#mdh.cc, #mdh.cc]}
      : (!mdh.mda<array<i64: 63, 300>>) -> !mdh.mda<array<i64: 63, 300>>
  "mdh.out_view"(%r2, %out) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 63, 300>>, memref<63x300xf32>) -> ()
  memref.dealloc %t : memref<64x300xf32>
  return
}
