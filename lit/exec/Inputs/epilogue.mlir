// Element-wise steps run in the epilogue of a register tile (mdh-codegen-cpu):
// lit/exec/epilogue.test runs each function against the reference.
// AVX2's vectors and Zen 3's caches on every host, so that the tiles and
// their descriptions are the same everywhere.
module attributes {mdh.vector_bits = 256 : i64, mdh.cache_bytes = array<i64: 32768, 524288>} {
  func.func private @mul(%a: f32, %b: f32) -> f32 {
    %p = arith.mulf %a, %b : f32
    return %p : f32
  }
  func.func private @alpha_mul(%a: f32, %b: f32) -> f32 {
    %alpha = arith.constant 1.5 : f32
    %p = arith.mulf %alpha, %a : f32
    %r = arith.mulf %p, %b : f32
    return %r : f32
  }
  func.func private @scale_beta(%c: f32) -> f32 {
    %beta = arith.constant 1.2 : f32
    %r = arith.mulf %c, %beta : f32
    return %r : f32
  }
  func.func private @add(%a: f32, %b: f32) -> f32 {
    %r = arith.addf %a, %b : f32
    return %r : f32
  }
  func.func private @relu(%a: f32) -> f32 {
    %z = arith.constant 0.0 : f32
    %r = arith.maximumf %a, %z : f32
    return %r : f32
  }
  func.func private @twice(%a: f32) -> f32 {
    %r = arith.addf %a, %a : f32
    return %r : f32
  }

  // PolyBench's gemm as three md_homs, blocks of 6 rows and 8 points of the
  // reduction (29 = 3 x 8 + 5: the epilogue runs after the fourth block), 45
  // columns (a masked last vector): U = beta C and the sum run in the
  // product's tiles, neither U nor T stored there.
  func.func @gemm(%a: memref<37x29xf32>, %b: memref<29x45xf32>, %c: memref<37x45xf32>) {
    %u = memref.alloc() : memref<37x45xf32>
    %t = memref.alloc() : memref<37x45xf32>
    %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<37x45xf32>) -> !mdh.mda<array<i64: 37, 45>>
    %r0 = "mdh.md_hom"(%vc) {scalar_function = @scale_beta, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 37, 45>>) -> !mdh.mda<array<i64: 37, 45>>
    "mdh.out_view"(%r0, %u) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 37, 45>>, memref<37x45xf32>) -> ()
    %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
        : (memref<37x29xf32>) -> !mdh.mda<array<i64: 37, 45, 29>>
    %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
        : (memref<29x45xf32>) -> !mdh.mda<array<i64: 37, 45, 29>>
    %r1 = "mdh.md_hom"(%va, %vb) {scalar_function = @alpha_mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">],
                                  mdh.tile_sizes = array<i64: 6, 0, 8>}
        : (!mdh.mda<array<i64: 37, 45, 29>>, !mdh.mda<array<i64: 37, 45, 29>>) -> !mdh.mda<array<i64: 37, 45, 1>>
    "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 37, 45, 1>>, memref<37x45xf32>) -> ()
    %vu = "mdh.inp_view"(%u) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<37x45xf32>) -> !mdh.mda<array<i64: 37, 45>>
    %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<37x45xf32>) -> !mdh.mda<array<i64: 37, 45>>
    %r2 = "mdh.md_hom"(%vu, %vt) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 37, 45>>, !mdh.mda<array<i64: 37, 45>>) -> !mdh.mda<array<i64: 37, 45>>
    "mdh.out_view"(%r2, %c) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 37, 45>>, memref<37x45xf32>) -> ()
    memref.dealloc %u : memref<37x45xf32>
    memref.dealloc %t : memref<37x45xf32>
    return
  }

  // Y = relu(A B + bias), the bias along the columns (a vector per tile row):
  // two consumers in a chain; T and U die in the epilogue.
  func.func @mm_bias_relu(%a: memref<50x33xf32>, %b: memref<33x40xf32>, %bias: memref<40xf32>, %y: memref<50x40xf32>) {
    %t = memref.alloc() : memref<50x40xf32>
    %u = memref.alloc() : memref<50x40xf32>
    %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
        : (memref<50x33xf32>) -> !mdh.mda<array<i64: 50, 40, 33>>
    %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
        : (memref<33x40xf32>) -> !mdh.mda<array<i64: 50, 40, 33>>
    %r0 = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
        : (!mdh.mda<array<i64: 50, 40, 33>>, !mdh.mda<array<i64: 50, 40, 33>>) -> !mdh.mda<array<i64: 50, 40, 1>>
    "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 50, 40, 1>>, memref<50x40xf32>) -> ()
    %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<50x40xf32>) -> !mdh.mda<array<i64: 50, 40>>
    %vbias = "mdh.inp_view"(%bias) {accesses = [affine_map<(i, j) -> (j)>]}
        : (memref<40xf32>) -> !mdh.mda<array<i64: 50, 40>>
    %r1 = "mdh.md_hom"(%vt, %vbias) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 50, 40>>, !mdh.mda<array<i64: 50, 40>>) -> !mdh.mda<array<i64: 50, 40>>
    "mdh.out_view"(%r1, %u) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 50, 40>>, memref<50x40xf32>) -> ()
    %vu = "mdh.inp_view"(%u) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<50x40xf32>) -> !mdh.mda<array<i64: 50, 40>>
    %r2 = "mdh.md_hom"(%vu) {scalar_function = @relu, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 50, 40>>) -> !mdh.mda<array<i64: 50, 40>>
    "mdh.out_view"(%r2, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 50, 40>>, memref<50x40xf32>) -> ()
    memref.dealloc %t : memref<50x40xf32>
    memref.dealloc %u : memref<50x40xf32>
    return
  }

  // The bias along the rows (a scalar broadcast per tile row); T is an
  // argument, so it is stored as well, and a second consumer reads it.
  func.func @row_bias_kept(%a: memref<20x17xf32>, %b: memref<17x35xf32>, %bias: memref<20xf32>, %t: memref<20x35xf32>, %y: memref<20x35xf32>, %z: memref<20x35xf32>) {
    %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
        : (memref<20x17xf32>) -> !mdh.mda<array<i64: 20, 35, 17>>
    %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
        : (memref<17x35xf32>) -> !mdh.mda<array<i64: 20, 35, 17>>
    %r0 = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
        : (!mdh.mda<array<i64: 20, 35, 17>>, !mdh.mda<array<i64: 20, 35, 17>>) -> !mdh.mda<array<i64: 20, 35, 1>>
    "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 20, 35, 1>>, memref<20x35xf32>) -> ()
    %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<20x35xf32>) -> !mdh.mda<array<i64: 20, 35>>
    %vbias = "mdh.inp_view"(%bias) {accesses = [affine_map<(i, j) -> (i)>]}
        : (memref<20xf32>) -> !mdh.mda<array<i64: 20, 35>>
    %r1 = "mdh.md_hom"(%vt, %vbias) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 20, 35>>, !mdh.mda<array<i64: 20, 35>>) -> !mdh.mda<array<i64: 20, 35>>
    "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 20, 35>>, memref<20x35xf32>) -> ()
    %vt2 = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<20x35xf32>) -> !mdh.mda<array<i64: 20, 35>>
    %r2 = "mdh.md_hom"(%vt2) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 20, 35>>) -> !mdh.mda<array<i64: 20, 35>>
    "mdh.out_view"(%r2, %z) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 20, 35>>, memref<20x35xf32>) -> ()
    return
  }

  // A consumer that reads the product transposed does not join (another
  // point's result), nor does one whose index space differs.
  func.func @transposed(%a: memref<24x19xf32>, %b: memref<19x24xf32>, %y: memref<24x24xf32>) {
    %t = memref.alloc() : memref<24x24xf32>
    %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
        : (memref<24x19xf32>) -> !mdh.mda<array<i64: 24, 24, 19>>
    %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
        : (memref<19x24xf32>) -> !mdh.mda<array<i64: 24, 24, 19>>
    %r0 = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
        : (!mdh.mda<array<i64: 24, 24, 19>>, !mdh.mda<array<i64: 24, 24, 19>>) -> !mdh.mda<array<i64: 24, 24, 1>>
    "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 24, 24, 1>>, memref<24x24xf32>) -> ()
    %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (j, i)>]}
        : (memref<24x24xf32>) -> !mdh.mda<array<i64: 24, 24>>
    %r1 = "mdh.md_hom"(%vt) {scalar_function = @relu, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 24, 24>>) -> !mdh.mda<array<i64: 24, 24>>
    "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 24, 24>>, memref<24x24xf32>) -> ()
    memref.dealloc %t : memref<24x24xf32>
    return
  }

  // U = beta C is read by the sum and by a second statement after it: it is
  // not inlined (its results stay needed), the sum still joins and reads U.
  func.func @producer_kept(%a: memref<30x21xf32>, %b: memref<21x26xf32>, %c: memref<30x26xf32>, %w: memref<30x26xf32>) {
    %u = memref.alloc() : memref<30x26xf32>
    %t = memref.alloc() : memref<30x26xf32>
    %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<30x26xf32>) -> !mdh.mda<array<i64: 30, 26>>
    %r0 = "mdh.md_hom"(%vc) {scalar_function = @scale_beta, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 30, 26>>) -> !mdh.mda<array<i64: 30, 26>>
    "mdh.out_view"(%r0, %u) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 30, 26>>, memref<30x26xf32>) -> ()
    %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
        : (memref<30x21xf32>) -> !mdh.mda<array<i64: 30, 26, 21>>
    %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
        : (memref<21x26xf32>) -> !mdh.mda<array<i64: 30, 26, 21>>
    %r1 = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
        : (!mdh.mda<array<i64: 30, 26, 21>>, !mdh.mda<array<i64: 30, 26, 21>>) -> !mdh.mda<array<i64: 30, 26, 1>>
    "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 30, 26, 1>>, memref<30x26xf32>) -> ()
    %vu = "mdh.inp_view"(%u) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<30x26xf32>) -> !mdh.mda<array<i64: 30, 26>>
    %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<30x26xf32>) -> !mdh.mda<array<i64: 30, 26>>
    %r2 = "mdh.md_hom"(%vu, %vt) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 30, 26>>, !mdh.mda<array<i64: 30, 26>>) -> !mdh.mda<array<i64: 30, 26>>
    "mdh.out_view"(%r2, %c) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 30, 26>>, memref<30x26xf32>) -> ()
    %vu2 = "mdh.inp_view"(%u) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<30x26xf32>) -> !mdh.mda<array<i64: 30, 26>>
    %r3 = "mdh.md_hom"(%vu2) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 30, 26>>) -> !mdh.mda<array<i64: 30, 26>>
    "mdh.out_view"(%r3, %w) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 30, 26>>, memref<30x26xf32>) -> ()
    memref.dealloc %u : memref<30x26xf32>
    memref.dealloc %t : memref<30x26xf32>
    return
  }

  // The sum reads X, the transposed product, which needs every tile of the
  // product first: it cannot run in the product's tiles (the schedule would
  // violate a dependence), and nothing joins. Z reads Y's old values
  // before the sum writes it, which only orders Z before the product.
  func.func @blocked(%a: memref<24x9xf32>, %b: memref<9x24xf32>, %x: memref<24x24xf32>, %y: memref<24x24xf32>, %z: memref<24x24xf32>) {
    %t = memref.alloc() : memref<24x24xf32>
    %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
        : (memref<24x9xf32>) -> !mdh.mda<array<i64: 24, 24, 9>>
    %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
        : (memref<9x24xf32>) -> !mdh.mda<array<i64: 24, 24, 9>>
    %r0 = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
        : (!mdh.mda<array<i64: 24, 24, 9>>, !mdh.mda<array<i64: 24, 24, 9>>) -> !mdh.mda<array<i64: 24, 24, 1>>
    "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 24, 24, 1>>, memref<24x24xf32>) -> ()
    %vy = "mdh.inp_view"(%y) {accesses = [affine_map<(i, j) -> (j, 23 - i)>]}
        : (memref<24x24xf32>) -> !mdh.mda<array<i64: 24, 24>>
    %r1 = "mdh.md_hom"(%vy) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 24, 24>>) -> !mdh.mda<array<i64: 24, 24>>
    "mdh.out_view"(%r1, %z) {accesses = [affine_map<(i, j) -> (j, i)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 24, 24>>, memref<24x24xf32>) -> ()
    %vtt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (j, i)>]}
        : (memref<24x24xf32>) -> !mdh.mda<array<i64: 24, 24>>
    %r2 = "mdh.md_hom"(%vtt) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 24, 24>>) -> !mdh.mda<array<i64: 24, 24>>
    "mdh.out_view"(%r2, %x) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 24, 24>>, memref<24x24xf32>) -> ()
    %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<24x24xf32>) -> !mdh.mda<array<i64: 24, 24>>
    %vx = "mdh.inp_view"(%x) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<24x24xf32>) -> !mdh.mda<array<i64: 24, 24>>
    %r3 = "mdh.md_hom"(%vt, %vx) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 24, 24>>, !mdh.mda<array<i64: 24, 24>>) -> !mdh.mda<array<i64: 24, 24>>
    "mdh.out_view"(%r3, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 24, 24>>, memref<24x24xf32>) -> ()
    memref.dealloc %t : memref<24x24xf32>
    return
  }

  // A batched product of integers (a batch dimension first in the tile's
  // band) with the bias of each column added in its tiles.
  func.func private @muli(%a: i32, %b: i32) -> i32 {
    %p = arith.muli %a, %b : i32
    return %p : i32
  }
  func.func private @addi(%a: i32, %b: i32) -> i32 {
    %s = arith.addi %a, %b : i32
    return %s : i32
  }
  func.func @bmm_bias(%a: memref<3x13x11xi32>, %b: memref<3x11x20xi32>, %bias: memref<20xi32>, %y: memref<3x13x20xi32>) {
    %t = memref.alloc() : memref<3x13x20xi32>
    %va = "mdh.inp_view"(%a) {accesses = [affine_map<(n, i, j, k) -> (n, i, k)>]}
        : (memref<3x13x11xi32>) -> !mdh.mda<array<i64: 3, 13, 20, 11>>
    %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(n, i, j, k) -> (n, k, j)>]}
        : (memref<3x11x20xi32>) -> !mdh.mda<array<i64: 3, 13, 20, 11>>
    %r0 = "mdh.md_hom"(%va, %vb) {scalar_function = @muli, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc, #mdh.pw<"add">]}
        : (!mdh.mda<array<i64: 3, 13, 20, 11>>, !mdh.mda<array<i64: 3, 13, 20, 11>>) -> !mdh.mda<array<i64: 3, 13, 20, 1>>
    "mdh.out_view"(%r0, %t) {accesses = [affine_map<(n, i, j, k) -> (n, i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 3, 13, 20, 1>>, memref<3x13x20xi32>) -> ()
    %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(n, i, j) -> (n, i, j)>]}
        : (memref<3x13x20xi32>) -> !mdh.mda<array<i64: 3, 13, 20>>
    %vbias = "mdh.inp_view"(%bias) {accesses = [affine_map<(n, i, j) -> (j)>]}
        : (memref<20xi32>) -> !mdh.mda<array<i64: 3, 13, 20>>
    %r1 = "mdh.md_hom"(%vt, %vbias) {scalar_function = @addi, combine_ops = [#mdh.cc, #mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 3, 13, 20>>, !mdh.mda<array<i64: 3, 13, 20>>) -> !mdh.mda<array<i64: 3, 13, 20>>
    "mdh.out_view"(%r1, %y) {accesses = [affine_map<(n, i, j) -> (n, i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 3, 13, 20>>, memref<3x13x20xi32>) -> ()
    memref.dealloc %t : memref<3x13x20xi32>
    return
  }

  // A host op reads the product between it and the sum: they run in two
  // segments of the function (lib/chain.h), and the sum stays in its own.
  func.func @segmented(%a: memref<12x7xf32>, %b: memref<7x16xf32>, %y: memref<12x16xf32>, %first: memref<1xf32>) {
    %t = memref.alloc() : memref<12x16xf32>
    %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
        : (memref<12x7xf32>) -> !mdh.mda<array<i64: 12, 16, 7>>
    %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
        : (memref<7x16xf32>) -> !mdh.mda<array<i64: 12, 16, 7>>
    %r0 = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
        : (!mdh.mda<array<i64: 12, 16, 7>>, !mdh.mda<array<i64: 12, 16, 7>>) -> !mdh.mda<array<i64: 12, 16, 1>>
    "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 12, 16, 1>>, memref<12x16xf32>) -> ()
    %c0 = arith.constant 0 : index
    %v = memref.load %t[%c0, %c0] : memref<12x16xf32>
    memref.store %v, %first[%c0] : memref<1xf32>
    %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<12x16xf32>) -> !mdh.mda<array<i64: 12, 16>>
    %r1 = "mdh.md_hom"(%vt) {scalar_function = @relu, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 12, 16>>) -> !mdh.mda<array<i64: 12, 16>>
    "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 12, 16>>, memref<12x16xf32>) -> ()
    memref.dealloc %t : memref<12x16xf32>
    return
  }

  // Two consumers in one row tile (3 rows) where the first reads E[i, j]
  // and the second writes E[i + 1, j]: run vector by vector in the tile,
  // the first would read the second's new rows; they stay apart.
  func.func @interleaved(%a: memref<3x5xf32>, %b: memref<5x16xf32>, %e: memref<4x16xf32>, %y: memref<3x16xf32>) {
    %t = memref.alloc() : memref<3x16xf32>
    %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
        : (memref<3x5xf32>) -> !mdh.mda<array<i64: 3, 16, 5>>
    %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
        : (memref<5x16xf32>) -> !mdh.mda<array<i64: 3, 16, 5>>
    %r0 = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
        : (!mdh.mda<array<i64: 3, 16, 5>>, !mdh.mda<array<i64: 3, 16, 5>>) -> !mdh.mda<array<i64: 3, 16, 1>>
    "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 3, 16, 1>>, memref<3x16xf32>) -> ()
    %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<3x16xf32>) -> !mdh.mda<array<i64: 3, 16>>
    %ve = "mdh.inp_view"(%e) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<4x16xf32>) -> !mdh.mda<array<i64: 3, 16>>
    %r1 = "mdh.md_hom"(%vt, %ve) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 3, 16>>, !mdh.mda<array<i64: 3, 16>>) -> !mdh.mda<array<i64: 3, 16>>
    "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 3, 16>>, memref<3x16xf32>) -> ()
    %vt2 = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<3x16xf32>) -> !mdh.mda<array<i64: 3, 16>>
    %r2 = "mdh.md_hom"(%vt2) {scalar_function = @twice, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 3, 16>>) -> !mdh.mda<array<i64: 3, 16>>
    "mdh.out_view"(%r2, %e) {accesses = [affine_map<(i, j) -> (i + 1, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 3, 16>>, memref<4x16xf32>) -> ()
    memref.dealloc %t : memref<3x16xf32>
    return
  }

  // A consumer that stores i1 (a vector of i1 would not match the bytes
  // of the memref) stays apart.
  func.func private @positive(%a: f32) -> i1 {
    %z = arith.constant 0.0 : f32
    %r = arith.cmpf ogt, %a, %z : f32
    return %r : i1
  }
  func.func @to_bool(%a: memref<9x6xf32>, %b: memref<6x20xf32>, %y: memref<9x20xi1>) {
    %t = memref.alloc() : memref<9x20xf32>
    %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
        : (memref<9x6xf32>) -> !mdh.mda<array<i64: 9, 20, 6>>
    %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
        : (memref<6x20xf32>) -> !mdh.mda<array<i64: 9, 20, 6>>
    %r0 = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
        : (!mdh.mda<array<i64: 9, 20, 6>>, !mdh.mda<array<i64: 9, 20, 6>>) -> !mdh.mda<array<i64: 9, 20, 1>>
    "mdh.out_view"(%r0, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 9, 20, 1>>, memref<9x20xf32>) -> ()
    %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<9x20xf32>) -> !mdh.mda<array<i64: 9, 20>>
    %r1 = "mdh.md_hom"(%vt) {scalar_function = @positive, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 9, 20>>) -> !mdh.mda<array<i64: 9, 20>>
    "mdh.out_view"(%r1, %y) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 9, 20>>, memref<9x20xi1>) -> ()
    memref.dealloc %t : memref<9x20xf32>
    return
  }

  // The sum reads U = beta C through another view of its buffer: U is not
  // inlined (the sum's loads would miss the values kept in registers).
  func.func @aliased(%a: memref<30x21xf32>, %b: memref<21x26xf32>, %c: memref<30x26xf32>) {
    %u = memref.alloc() : memref<30x26xf32>
    %t = memref.alloc() : memref<30x26xf32>
    %uv = memref.subview %u[0, 0] [30, 26] [1, 1] : memref<30x26xf32> to memref<30x26xf32, strided<[26, 1]>>
    %vc = "mdh.inp_view"(%c) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<30x26xf32>) -> !mdh.mda<array<i64: 30, 26>>
    %r0 = "mdh.md_hom"(%vc) {scalar_function = @scale_beta, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 30, 26>>) -> !mdh.mda<array<i64: 30, 26>>
    "mdh.out_view"(%r0, %u) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 30, 26>>, memref<30x26xf32>) -> ()
    %va = "mdh.inp_view"(%a) {accesses = [affine_map<(i, j, k) -> (i, k)>]}
        : (memref<30x21xf32>) -> !mdh.mda<array<i64: 30, 26, 21>>
    %vb = "mdh.inp_view"(%b) {accesses = [affine_map<(i, j, k) -> (k, j)>]}
        : (memref<21x26xf32>) -> !mdh.mda<array<i64: 30, 26, 21>>
    %r1 = "mdh.md_hom"(%va, %vb) {scalar_function = @mul, combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<"add">]}
        : (!mdh.mda<array<i64: 30, 26, 21>>, !mdh.mda<array<i64: 30, 26, 21>>) -> !mdh.mda<array<i64: 30, 26, 1>>
    "mdh.out_view"(%r1, %t) {accesses = [affine_map<(i, j, k) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 30, 26, 1>>, memref<30x26xf32>) -> ()
    %vu = "mdh.inp_view"(%uv) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<30x26xf32, strided<[26, 1]>>) -> !mdh.mda<array<i64: 30, 26>>
    %vt = "mdh.inp_view"(%t) {accesses = [affine_map<(i, j) -> (i, j)>]}
        : (memref<30x26xf32>) -> !mdh.mda<array<i64: 30, 26>>
    %r2 = "mdh.md_hom"(%vu, %vt) {scalar_function = @add, combine_ops = [#mdh.cc, #mdh.cc]}
        : (!mdh.mda<array<i64: 30, 26>>, !mdh.mda<array<i64: 30, 26>>) -> !mdh.mda<array<i64: 30, 26>>
    "mdh.out_view"(%r2, %c) {accesses = [affine_map<(i, j) -> (i, j)>], components = array<i64: 0>}
        : (!mdh.mda<array<i64: 30, 26>>, memref<30x26xf32>) -> ()
    memref.dealloc %u : memref<30x26xf32>
    memref.dealloc %t : memref<30x26xf32>
    return
  }
}
