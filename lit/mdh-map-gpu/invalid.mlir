// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-schedule --mdh-map-gpu

// A mapping that does not parse.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @syntax(%M: memref<5x3xf32>, %v: memref<3xf32>, %w: memref<5xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  // expected-error @+1 {{mdh-map-gpu: invalid mdh.mapping: expected 'seq', 'thread.D(T)', 'block.D(G)' or 'global.D(T,G)' with D in x, y, z, optionally followed by 'tile(N)' and 'vec(V)', for dimension 0}}
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.mapping = "block.w, seq"}
      : (!mdh.mda<array<i64: 5, 3>>, !mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}

// -----

// One entry per dimension.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @count(%M: memref<5x3xf32>, %v: memref<3xf32>, %w: memref<5xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  // expected-error @+1 {{mdh-map-gpu: invalid mdh.mapping: expected 'seq', 'thread.D(T)', 'block.D(G)' or 'global.D(T,G)' with D in x, y, z, optionally followed by 'tile(N)' and 'vec(V)', for dimension 1}}
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.mapping = "block.x"}
      : (!mdh.mda<array<i64: 5, 3>>, !mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}

// -----

// Two dimensions on the same threads (LIFT rule 3).
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @duplicate(%M: memref<5x3xf32>, %v: memref<3xf32>, %w: memref<5xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  // expected-error @+1 {{mdh-map-gpu: mdh.mapping is not legal: rule 3 (duplicate scheduling): map of dimension 1 and map of dimension 0 both use Lcl(0)}}
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.mapping = "thread.x, thread.x"}
      : (!mdh.mda<array<i64: 5, 3>>, !mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}

// -----

// Threads without the blocks of their dimension (rules 4 and 5).
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @lcl_without_wrg(%M: memref<5x3xf32>, %v: memref<3xf32>, %w: memref<5xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  // expected-error @+1 {{mdh-map-gpu: mdh.mapping is not legal: rule 4 (local dimensionality): the chain ending at map of dimension 1 uses Lcl(0) but not Wrg(0)}}
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.mapping = "seq, thread.x"}
      : (!mdh.mda<array<i64: 5, 3>>, !mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}

// -----

// A block of more than 1024 threads.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @too_many_threads(%M: memref<5x3xf32>, %v: memref<3xf32>, %w: memref<5xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  // expected-error @+1 {{mdh-map-gpu: mdh.mapping exceeds a limit: 2048 threads along x exceed the limit of 1024}}
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.mapping = "block.x, thread.x(2048)"}
      : (!mdh.mda<array<i64: 5, 3>>, !mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}

// -----

// Within each axis's limit, but more than 1024 threads in all.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @too_many_in_all(%M: memref<5x3xf32>, %w: memref<5x3xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  // expected-error @+1 {{mdh-map-gpu: mdh.mapping exceeds a limit: 2048 threads per block exceed the limit of 1024}}
  %r = "mdh.md_hom"(%vm) {scalar_function = @id, combine_ops = [#mdh.cc, #mdh.cc], mdh.mapping = "global.y(64,1), global.x(32,1)"}
      : (!mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 3>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i, k)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 3>>, memref<5x3xf32>) -> ()
  return
}

// -----

// mdh.mapping_index beyond the legal mappings.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @index(%M: memref<5x3xf32>, %v: memref<3xf32>, %w: memref<5xf32>)
    attributes {mdh.mapping_index = 16} {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  // expected-error @+1 {{mdh-map-gpu: mdh.mapping_index 16 is out of range: this md_hom has 16 legal mappings}}
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 5, 3>>, !mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}

// -----

// A combine function has no identity for the runtime's reductions: its pw
// dimensions must stay sequential.
func.func private @first(%a: f32, %b: f32) -> f32 {
  return %a : f32
}
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @custom(%x: memref<64xf32>, %y: memref<1xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<64xf32>) -> !mdh.mda<array<i64: 64>>
  // expected-error @+1 {{mdh-map-gpu: mdh.mapping is not legal: reduction: map of dimension 0 iterates a reduction dimension and must be sequential, not Glb(0)}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.pw<@first>],
                          mdh.mapping = "global.x"}
      : (!mdh.mda<array<i64: 64>>) -> !mdh.mda<array<i64: 1>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (0)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 1>>, memref<1xf32>) -> ()
  return
}

// -----

// A misspelt mdh.reduction_mode on the function fails instead of falling
// back to atomics.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
// expected-error @+1 {{mdh-map-gpu: mdh.reduction_mode must be "atomic" or "deterministic", got "atomics"}}
func.func @mode(%M: memref<5x3xf32>, %v: memref<3xf32>, %w: memref<5xf32>)
    attributes {mdh.reduction_mode = "atomics"} {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 5, 3>>, !mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}

// -----

// A module's mdh.reduction_mode must be a string, even under a function
// with a valid one.
// expected-error @+1 {{mdh-map-gpu: mdh.reduction_mode must be "atomic" or "deterministic", got 1 : i64}}
module attributes {mdh.reduction_mode = 1 : i64} {
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @module_mode(%M: memref<5x3xf32>, %v: memref<3xf32>, %w: memref<5xf32>)
    attributes {mdh.reduction_mode = "deterministic"} {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">]}
      : (!mdh.mda<array<i64: 5, 3>>, !mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}
}

// -----

// A tile on a dimension that only blocks distribute.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @block_tile(%M: memref<5x3xf32>, %v: memref<3xf32>, %w: memref<5xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<5x3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<3xf32>) -> !mdh.mda<array<i64: 5, 3>>
  // expected-error @+1 {{mdh-map-gpu: invalid mdh.mapping: tile() on dimension 0 needs threads (a block has one point of it)}}
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.mapping = "block.x tile(2), seq"}
      : (!mdh.mda<array<i64: 5, 3>>, !mdh.mda<array<i64: 5, 3>>) -> !mdh.mda<array<i64: 5, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1>>, memref<5xf32>) -> ()
  return
}

// -----

// Reduction steps need every pw dimension sequential.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @parallel_steps(%M: memref<5x3x4xf32>, %w: memref<5xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k, l) -> (i, k, l)>]}
      : (memref<5x3x4xf32>) -> !mdh.mda<array<i64: 5, 3, 4>>
  // expected-error @+1 {{mdh-map-gpu: invalid mdh.mapping: tile() on a pw dimension needs every pw dimension sequential and builtin operators on runtime types}}
  %r = "mdh.md_hom"(%vm, %vm) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">], mdh.mapping = "block.x, seq tile(2), thread.x"}
      : (!mdh.mda<array<i64: 5, 3, 4>>, !mdh.mda<array<i64: 5, 3, 4>>) -> !mdh.mda<array<i64: 5, 1, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k, l) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 5, 1, 1>>, memref<5xf32>) -> ()
  return
}

// -----

// A tile on a sequential cc dimension.
func.func private @add(%a: f32) -> f32 {
  return %a : f32
}
func.func @cc_step(%a: memref<6x8xf32>, %c: memref<6x8xf32>) {
  %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j) -> (i, j)>]}
      : (memref<6x8xf32>) -> !mdh.mda<array<i64: 6, 8>>
  // expected-error @+1 {{mdh-map-gpu: invalid mdh.mapping: tile() on sequential dimension 0 needs a pw dimension (a reduction step)}}
  %r = "mdh.md_hom"(%va) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc], mdh.mapping = "seq tile(2), global.x"}
      : (!mdh.mda<array<i64: 6, 8>>) -> !mdh.mda<array<i64: 6, 8>>
  "mdh.out_view"(%r, %c) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 6, 8>>, memref<6x8xf32>) -> ()
  return
}

// -----

// Register tiles are bounded (the tiled strategy unrolls them).
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @big_tile(%A: memref<64x8xf32>, %B: memref<8x64xf32>, %C: memref<64x64xf32>) {
  %va = "mdh.inp_view"(%A) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
      : (memref<64x8xf32>) -> !mdh.mda<array<i64: 64, 64, 8>>
  %vb = "mdh.inp_view"(%B) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
      : (memref<8x64xf32>) -> !mdh.mda<array<i64: 64, 64, 8>>
  // expected-error @+1 {{mdh-map-gpu: invalid mdh.mapping: the register tiles give a thread more than 256 points}}
  %r = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">], mdh.mapping = "global.y(1,1) tile(32), global.x(2,1) tile(32), seq tile(4)"}
      : (!mdh.mda<array<i64: 64, 64, 8>>, !mdh.mda<array<i64: 64, 64, 8>>) -> !mdh.mda<array<i64: 64, 64, 1>>
  "mdh.out_view"(%r, %C) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 64, 1>>, memref<64x64xf32>) -> ()
  return
}

// -----

// A scan's blocks need threads to scan their segments.
func.func private @id(%x: f32) -> f32 {
  return %x : f32
}
func.func @scan_blocks(%x: memref<100xf32>, %y: memref<100xf32>) {
  %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<100xf32>) -> !mdh.mda<array<i64: 100>>
  // expected-error @+1 {{mdh-map-gpu: invalid mdh.mapping: scan dimension 0 must be seq, thread.D(T) or global.D(T,G) (the threads of a block scan a segment of it)}}
  %r = "mdh.md_hom"(%vx) {scalar_function = @id, combine_ops = [#mdh.ps<"add">], mdh.mapping = "block.x(2)"}
      : (!mdh.mda<array<i64: 100>>) -> !mdh.mda<array<i64: 100>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 100>>, memref<100xf32>) -> ()
  return
}

// -----

// A malformed mdh.mapping_index spec is an error, not the best mapping.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error @+1 {{mdh-map-gpu: invalid mdh.mapping_index: entry 2 is not [@FUNCTION:][KERNEL:]INDEX (non-negative integers)}}
func.func @bad_spec(%x: memref<7xf32>, %y: memref<7xf32>)
    attributes {mdh.mapping_index = "1; @bad_spec:x"} {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  return
}

// -----

// An entry for a kernel the function does not have.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error @+1 {{mdh-map-gpu: mdh.mapping_index names kernel 1 of @no_kernel, which has 1 kernels}}
func.func @no_kernel(%x: memref<7xf32>, %y: memref<7xf32>)
    attributes {mdh.mapping_index = "1:0"} {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  return
}

// -----

// Neither an integer nor a string.
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
// expected-error @+1 {{mdh-map-gpu: mdh.mapping_index must be a non-negative integer or a string of entries [@FUNCTION:][KERNEL:]INDEX}}
func.func @not_spec(%x: memref<7xf32>, %y: memref<7xf32>)
    attributes {mdh.mapping_index = 1.5 : f32} {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  return
}

// -----

// An entry without a function applies to every function: one that names a
// kernel a function lacks is an error, not a sweep that silently measures
// the best mapping.
// expected-error @+1 {{mdh-map-gpu: mdh.mapping_index names kernel 3 of @one_kernel, which has 1 kernels}}
module attributes {mdh.mapping_index = "3:0"} {
func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @one_kernel(%x: memref<7xf32>, %y: memref<7xf32>) {
  %v = "mdh.inp_view"(%x) {accesses = [affine_map<(i) -> (i)>]}
      : (memref<7xf32>) -> !mdh.mda<array<i64: 7>>
  %r = "mdh.md_hom"(%v) {scalar_function = @id, combine_ops = [#mdh.cc]}
      : (!mdh.mda<array<i64: 7>>) -> !mdh.mda<array<i64: 7>>
  "mdh.out_view"(%r, %y) {accesses = [affine_map<(i) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7>>, memref<7xf32>) -> ()
  return
}
}

// -----

// Over a dynamic index space, a reduction stays sequential: the reduce,
// scan and tiled strategies size buffers and grids by static extents.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @dynamic(%M: memref<?x?xf32>, %v: memref<?xf32>, %w: memref<?xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<?x?xf32>) -> !mdh.mda<array<i64: -1, -1>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<?xf32>) -> !mdh.mda<array<i64: -1, -1>>
  // expected-error @+1 {{mdh-map-gpu: mdh.mapping of a md_hom with dynamic sizes must keep its pw and ps dimensions seq and tile no dimension (the reduce, scan and tiled strategies need static extents)}}
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.mapping = "block.x(4), thread.x(32)"}
      : (!mdh.mda<array<i64: -1, -1>>, !mdh.mda<array<i64: -1, -1>>) -> !mdh.mda<array<i64: -1, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: -1, 1>>, memref<?xf32>) -> ()
  return
}

// -----

// vec() on a cc dimension: only a reduction spread over threads takes it.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @vec_cc(%M: memref<64x64xf32>, %v: memref<64xf32>, %w: memref<64xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<64xf32>) -> !mdh.mda<array<i64: 64, 64>>
  // expected-error @+1 {{mdh-map-gpu: invalid mdh.mapping: vec() on dimension 0 needs a pw dimension spread over threads, without tile(), of a md_hom with builtin operators on runtime types (the reduce strategy)}}
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.mapping = "thread.x(16) vec(4), seq"}
      : (!mdh.mda<array<i64: 64, 64>>, !mdh.mda<array<i64: 64, 64>>) -> !mdh.mda<array<i64: 64, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 1>>, memref<64xf32>) -> ()
  return
}

// -----

// vec(3): 12-byte vector loads do not exist.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @vec_width(%M: memref<64x64xf32>, %v: memref<64xf32>, %w: memref<64xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<64xf32>) -> !mdh.mda<array<i64: 64, 64>>
  // expected-error @+1 {{mdh-map-gpu: invalid mdh.mapping: vec(3) on dimension 1: V must be 2 or 4}}
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.mapping = "block.x(64), thread.x(16) vec(3)"}
      : (!mdh.mda<array<i64: 64, 64>>, !mdh.mda<array<i64: 64, 64>>) -> !mdh.mda<array<i64: 64, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 1>>, memref<64xf32>) -> ()
  return
}

// -----

// vec() on a sequential reduction: no threads to give runs to.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @vec_seq(%M: memref<64x64xf32>, %v: memref<64xf32>, %w: memref<64xf32>) {
  %vm = "mdh.inp_view"(%M) {accesses = [affine_map<(i, k) -> (i, k)>]}
      : (memref<64x64xf32>) -> !mdh.mda<array<i64: 64, 64>>
  %vv = "mdh.inp_view"(%v) {accesses = [affine_map<(i, k) -> (k)>]}
      : (memref<64xf32>) -> !mdh.mda<array<i64: 64, 64>>
  // expected-error @+1 {{mdh-map-gpu: invalid mdh.mapping: vec() on dimension 1 needs a pw dimension spread over threads, without tile(), of a md_hom with builtin operators on runtime types (the reduce strategy)}}
  %r = "mdh.md_hom"(%vm, %vv) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.pw<"add">], mdh.mapping = "global.x(64,1), seq vec(4)"}
      : (!mdh.mda<array<i64: 64, 64>>, !mdh.mda<array<i64: 64, 64>>) -> !mdh.mda<array<i64: 64, 1>>
  "mdh.out_view"(%r, %w) {accesses = [affine_map<(i, k) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 64, 1>>, memref<64xf32>) -> ()
  return
}

// -----

// The same blocks inside threads without tile(): the owner strategy runs
// the band order, so the nesting rules of the band apply.
func.func private @mul(%a: f32, %b: f32) -> f32 {
  %p = arith.mulf %a, %b : f32
  return %p : f32
}
func.func @conv_blocks_inside_untiled(%X: memref<2x4x7x18xf32>, %W: memref<16x4x3x3xf32>, %O: memref<2x16x5x16xf32>) {
  %vx = "mdh.inp_view"(%X) {accesses = [affine_map<(n, k, p, q, c, r, s) -> (n, c, p + r, q + s)>]}
      : (memref<2x4x7x18xf32>) -> !mdh.mda<array<i64: 2, 16, 5, 16, 4, 3, 3>>
  %vw = "mdh.inp_view"(%W) {accesses = [affine_map<(n, k, p, q, c, r, s) -> (k, c, r, s)>]}
      : (memref<16x4x3x3xf32>) -> !mdh.mda<array<i64: 2, 16, 5, 16, 4, 3, 3>>
  // expected-error @+1 {{mdh-map-gpu: mdh.mapping is not legal: rule 6 (local hierarchy): map of dimension 2 is Wrg(1) inside map of dimension 1, which is Lcl(1)}}
  %r = "mdh.md_hom"(%vx, %vw) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">, #mdh.pw<"add">, #mdh.pw<"add">],
                               mdh.mapping = "block.x(2), thread.y(4), block.y(5), thread.x(4), seq, seq, seq"}
      : (!mdh.mda<array<i64: 2, 16, 5, 16, 4, 3, 3>>, !mdh.mda<array<i64: 2, 16, 5, 16, 4, 3, 3>>) -> !mdh.mda<array<i64: 2, 16, 5, 16, 1, 1, 1>>
  "mdh.out_view"(%r, %O) {accesses = [affine_map<(n, k, p, q, c, r, s) -> (n, k, p, q)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 2, 16, 5, 16, 1, 1, 1>>, memref<2x16x5x16xf32>) -> ()
  return
}
