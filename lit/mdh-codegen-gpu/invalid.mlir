// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-codegen-gpu

// Without kernel marks (mdh-map-gpu did not run), there is nothing to launch.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error @+1 {{mdh-codegen-gpu needs the kernels of mdh-map-gpu (kernel marks in mdh.schedule)}}
func.func @no_marks(%x: memref<7xf32>, %y: memref<7xf32>, %z: memref<7xf32>)
    attributes {mdh.schedule = "domain: \22{ S1[i0] : 0 <= i0 <= 6; S0[i0] : 0 <= i0 <= 6 }\22\0Achild:\0A  mark: \22mdh.kinds S0=c S1=c\22\0A  child:\0A    schedule: \22[{ S1[i0] -> [(i0)]; S0[i0] -> [(i0)] }]\22\0A    permutable: 1\0A    child:\0A      sequence:\0A      - filter: \22{ S0[i0] }\22\0A      - filter: \22{ S1[i0] }\22\0A"} {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.stmt = "S0"}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  %v2 = "mdh.inp_view"(%y) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.stmt = "S1"}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r2, %z) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  return
}

// -----

// Every kernel mark carries its kernel's mapping (mdh-map-gpu puts it there).
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error @+1 {{mdh-codegen-gpu: a kernel mark without its mapping ('kernel: MAPPING'); run mdh-map-gpu}}
func.func @two_in_one(%x: memref<7xf32>, %y: memref<7xf32>, %z: memref<7xf32>)
    attributes {mdh.schedule = "domain: \22{ S1[i0] : 0 <= i0 <= 6; S0[i0] : 0 <= i0 <= 6 }\22\0Achild:\0A  mark: \22mdh.kinds S0=c S1=c\22\0A  child:\0A    mark: \22kernel\22\0A    child:\0A      schedule: \22[{ S1[i0] -> [(i0)]; S0[i0] -> [(i0)] }]\22\0A      permutable: 1\0A      child:\0A        sequence:\0A        - filter: \22{ S0[i0] }\22\0A        - filter: \22{ S1[i0] }\22\0A"} {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.stmt = "S0"}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  %v2 = "mdh.inp_view"(%y) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.stmt = "S1"}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r2, %z) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  return
}

// -----

// The mapping of a kernel of one md_hom is over the md_hom's dimensions and
// read as a band's is, with the same errors, at the md_hom.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @bad_hom_mapping(%x: memref<7xf32>, %y: memref<7xf32>)
    attributes {mdh.schedule = "domain: \22{ S0[i0] : 0 <= i0 <= 6 }\22\0Achild:\0A  mark: \22mdh.kinds S0=c\22\0A  child:\0A    mark: \22kernel: global.x(8,1), seq\22\0A    child:\0A      schedule: \22[{ S0[i0] -> [(i0)] }]\22\0A      permutable: 1\0A"} {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  // expected-error @+1 {{mdh-codegen-gpu: invalid kernel mapping 'global.x(8,1), seq'}}
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.stmt = "S0"}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  return
}

// -----

func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @open_hom_mapping(%x: memref<7xf32>, %y: memref<7xf32>)
    attributes {mdh.schedule = "domain: \22{ S0[i0] : 0 <= i0 <= 6 }\22\0Achild:\0A  mark: \22mdh.kinds S0=c\22\0A  child:\0A    mark: \22kernel: global.x\22\0A    child:\0A      schedule: \22[{ S0[i0] -> [(i0)] }]\22\0A      permutable: 1\0A"} {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  // expected-error @+1 {{mdh-codegen-gpu: kernel mapping 'global.x': sizes of dimension 0 open; run mdh-map-gpu}}
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.stmt = "S0"}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  return
}

// -----

// A kernel mapping must fit its band.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error @+1 {{mdh-codegen-gpu: invalid kernel mapping 'global.x(8,1), seq'}}
func.func @bad_mapping(%x: memref<7xf32>, %y: memref<7xf32>, %z: memref<7xf32>)
    attributes {mdh.schedule = "domain: \22{ S1[i0] : 0 <= i0 <= 6; S0[i0] : 0 <= i0 <= 6 }\22\0Achild:\0A  mark: \22mdh.kinds S0=c S1=c\22\0A  child:\0A    mark: \22kernel: global.x(8,1), seq\22\0A    child:\0A      schedule: \22[{ S1[i0] -> [(i0)]; S0[i0] -> [(i0)] }]\22\0A      permutable: 1\0A      child:\0A        sequence:\0A        - filter: \22{ S0[i0] }\22\0A        - filter: \22{ S1[i0] }\22\0A"} {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.stmt = "S0"}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  %v2 = "mdh.inp_view"(%y) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.stmt = "S1"}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r2, %z) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  return
}

// -----

// A kernel mapping with sizes left open.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error @+1 {{mdh-codegen-gpu: kernel mapping 'global.x': sizes of band member 0 open or tiled; run mdh-map-gpu}}
func.func @open_sizes(%x: memref<7xf32>, %y: memref<7xf32>, %z: memref<7xf32>)
    attributes {mdh.schedule = "domain: \22{ S1[i0] : 0 <= i0 <= 6; S0[i0] : 0 <= i0 <= 6 }\22\0Achild:\0A  mark: \22mdh.kinds S0=c S1=c\22\0A  child:\0A    mark: \22kernel: global.x\22\0A    child:\0A      schedule: \22[{ S1[i0] -> [(i0)]; S0[i0] -> [(i0)] }]\22\0A      permutable: 1\0A      child:\0A        sequence:\0A        - filter: \22{ S0[i0] }\22\0A        - filter: \22{ S1[i0] }\22\0A"} {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.stmt = "S0"}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  %v2 = "mdh.inp_view"(%y) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.stmt = "S1"}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r2, %z) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  return
}

// -----

// A gpu.launch of the user's with constant sizes beyond the hardware's
// limits: the NVVM back end would fail later without a location (a block of
// 2^31 threads overflows nvvm.maxntid; mdh-fuzz-opt finding).
func.func @huge_block() {
  %n = arith.constant 2147483648 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{mdh-codegen-gpu: 2147483648 threads along x exceed the limit of 1024}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @no_blocks() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{mdh-codegen-gpu: the launch has 0 blocks along y; at least 1 is needed}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c0, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}

// -----

// A kernel cannot hold md_homs on both sides of an op that uses their
// buffers (mdh-schedule never fuses across one; this schedule is given).
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error @+1 {{mdh-codegen-gpu: a kernel of mdh.schedule holds md_homs on both sides of an op that uses their buffers; run mdh-schedule and mdh-map-gpu again}}
func.func @kernel_across(%x: memref<7xf32>, %y: memref<7xf32>, %z: memref<7xf32>)
    attributes {mdh.schedule = "domain: \22{ S1[i0] : 0 <= i0 <= 6; S0[i0] : 0 <= i0 <= 6 }\22\0Achild:\0A  mark: \22mdh.kinds S0=c S1=c\22\0A  child:\0A    mark: \22kernel: global.x(8,1)\22\0A    child:\0A      schedule: \22[{ S1[i0] -> [(i0)]; S0[i0] -> [(i0)] }]\22\0A      permutable: 1\0A      child:\0A        sequence:\0A        - filter: \22{ S0[i0] }\22\0A        - filter: \22{ S1[i0] }\22\0A"} {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.stmt = "S0"}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  memref.copy %x, %z : memref<7xf32> to memref<7xf32>
  %v2 = "mdh.inp_view"(%y) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r2 = "mdh.md_hom"(%v2) {scalar_function = @id, combine_ops = [#mdh.cc], mdh.stmt = "S1"}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r2, %z) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  return
}
