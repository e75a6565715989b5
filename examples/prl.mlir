// PRL (MDH paper): probabilistic record linkage. For every new record i, find the database
// record j with the highest match weight (ties broken by the smaller record id).
//   (R_w[i], R_id[i]) = prl_combine_{j} weight(N[i,0..2], D[j,0..2], ids[j])
// md_hom<I=7, J=37>(weight, (cc, pw(prl_combine)))
//   dims:    i: cc (I = 7 new records)    j: pw @prl_combine (J = 37 database records)
//   inputs:  N:   (i,j) -> (i,0), (i,j) -> (i,1), (i,j) -> (i,2)   memref<7x3xi32>
//            D:   (i,j) -> (j,0), (i,j) -> (j,1), (i,j) -> (j,2)   memref<37x3xi32>
//            ids: (i,j) -> (j)                                      memref<37xi32>
//   outputs: R_w:  (i,j) -> (i), component 0 (best weight)          memref<7xf32>
//            R_id: (i,j) -> (i), component 1 (id of best match)     memref<7xi32>
//   result:  !mdh.mda<array<i64: 7, 1>> of (f32, i32)
// Record fields (i32 codes): 0 = surname code, 1 = birth year, 2 = postcode.
// Match weight (agreement/disagreement weights, a simple Fellegi-Sunter style scheme):
//   field 0: equal -> +4.0, else -2.0
//   field 1: equal -> +3.0, |difference| = 1 -> +1.0, else -1.5
//   field 2: equal -> +2.5, else -1.0
// All weights are multiples of 0.5, so every sum is exact in f32 (order-independent).
// The concrete weighting scheme is ours; the paper only says the weight function contains
// if-statements and returns a record (weight, id). @prl_combine is a lexicographic max on
// (weight, -id), associative and commutative for distinct ids; mdh.assume_homomorphic is the
// user's assertion of that (a user combine function is outside the Lemma 10 fast path).
func.func private @weight(%n0: i32, %n1: i32, %n2: i32, %d0: i32, %d1: i32, %d2: i32, %id: i32) -> (f32, i32) {
  %c1 = arith.constant 1 : i32
  %cm1 = arith.constant -1 : i32
  %w0_eq = arith.constant 4.0 : f32
  %w0_ne = arith.constant -2.0 : f32
  %w1_eq = arith.constant 3.0 : f32
  %w1_near = arith.constant 1.0 : f32
  %w1_ne = arith.constant -1.5 : f32
  %w2_eq = arith.constant 2.5 : f32
  %w2_ne = arith.constant -1.0 : f32
  // field 0: exact comparison
  %e0 = arith.cmpi eq, %n0, %d0 : i32
  %w0 = arith.select %e0, %w0_eq, %w0_ne : f32
  // field 1: exact, off-by-one, or disagreement
  %e1 = arith.cmpi eq, %n1, %d1 : i32
  %w1 = scf.if %e1 -> (f32) {
    scf.yield %w1_eq : f32
  } else {
    %diff = arith.subi %n1, %d1 : i32
    %lo = arith.cmpi sge, %diff, %cm1 : i32
    %hi = arith.cmpi sle, %diff, %c1 : i32
    %near = arith.andi %lo, %hi : i1
    %w1n = arith.select %near, %w1_near, %w1_ne : f32
    scf.yield %w1n : f32
  }
  // field 2: exact comparison
  %e2 = arith.cmpi eq, %n2, %d2 : i32
  %w2 = arith.select %e2, %w2_eq, %w2_ne : f32
  %s0 = arith.addf %w0, %w1 : f32
  %s1 = arith.addf %s0, %w2 : f32
  return %s1, %id : f32, i32
}
func.func private @prl_combine(%wa: f32, %ida: i32, %wb: f32, %idb: i32) -> (f32, i32) {
  %gt = arith.cmpf ogt, %wa, %wb : f32
  %eq = arith.cmpf oeq, %wa, %wb : f32
  %lt_id = arith.cmpi slt, %ida, %idb : i32
  %tie_a = arith.andi %eq, %lt_id : i1
  %take_a = arith.ori %gt, %tie_a : i1
  %w = arith.select %take_a, %wa, %wb : f32
  %id = arith.select %take_a, %ida, %idb : i32
  return %w, %id : f32, i32
}
func.func @prl(%N: memref<7x3xi32>, %D: memref<37x3xi32>, %ids: memref<37xi32>, %R_w: memref<7xf32>, %R_id: memref<7xi32>) {
  %vn = "mdh.inp_view"(%N) {accesses = [affine_map<(i, j) -> (i, 0)>, affine_map<(i, j) -> (i, 1)>, affine_map<(i, j) -> (i, 2)>]}
      : (memref<7x3xi32>) -> !mdh.mda<array<i64: 7, 37>>
  %vd = "mdh.inp_view"(%D) {accesses = [affine_map<(i, j) -> (j, 0)>, affine_map<(i, j) -> (j, 1)>, affine_map<(i, j) -> (j, 2)>]}
      : (memref<37x3xi32>) -> !mdh.mda<array<i64: 7, 37>>
  %vid = "mdh.inp_view"(%ids) {accesses = [affine_map<(i, j) -> (j)>]}
      : (memref<37xi32>) -> !mdh.mda<array<i64: 7, 37>>
  %r = "mdh.md_hom"(%vn, %vd, %vid) {scalar_function = @weight, combine_ops = [#mdh.cc, #mdh.pw<@prl_combine>], mdh.assume_homomorphic}
      : (!mdh.mda<array<i64: 7, 37>>, !mdh.mda<array<i64: 7, 37>>, !mdh.mda<array<i64: 7, 37>>) -> !mdh.mda<array<i64: 7, 1>>
  "mdh.out_view"(%r, %R_w) {accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 0>}
      : (!mdh.mda<array<i64: 7, 1>>, memref<7xf32>) -> ()
  "mdh.out_view"(%r, %R_id) {accesses = [affine_map<(i, j) -> (i)>], components = array<i64: 1>}
      : (!mdh.mda<array<i64: 7, 1>>, memref<7xi32>) -> ()
  return
}
