/* Register tiles on the CPU: which statements get one, of which shape and
 * blocks (see register_tile.h). */

#include "lib/register_tile.h"
#include "dialect/attrs.h"
#include "lib/builder.h"
#include "lib/stmt.h"
#include "mdh-c/Dialect.h"
#include "support/diag.h"
#include "support/ir.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/ilp.h>
#include <isl/set.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_RANK MDH_MODEL_MAX_RANK

/* The most rows of a register tile: BLIS's largest single precision
 * micro-kernels are 6 x 32 (Haswell, 16 ymm registers) and 32 x 12
 * (Skylake-X). Each row of a row operand keeps a base address in a general
 * register, of which x86 has 16: ResNet-50's conv3_x with 32-column images
 * ran at 182 GFLOP/s on one core of the bench machine in tiles of 13 rows
 * (general registers spilled in the inner loop), 227 with 12. */
#define MAX_ROWS 12

/* The most rows of a tile whose lanes split the reduction: each row of
 * MatVec's matrix is a stream from memory, and the prefetchers follow few.
 * MatVec 8192^2 on one core of the bench machine: 10.9 ms with 16 rows,
 * 8.0 with 8, 7.4 with 4 (OpenBLAS's sgemv: 7.2). */
#define MAX_STREAM_ROWS 4

/* Vector registers a tile leaves free for the compiler's scheduling: the
 * broadcasts that it loads ahead of their multiply-adds. */
#define SPARE_REGISTERS 2

/* The core a tile's step is timed on (tile_cycles): two vector FMAs and two
 * vector loads issued per cycle, an FMA's result ready 4 cycles later, as
 * on Zen 3 to 5 and Skylake (Agner Fog, "Instruction tables"). */
#define FMAS_PER_CYCLE 2
#define LOADS_PER_CYCLE 2
#define FMA_LATENCY 4

/* The loads a vector load that crosses a cache line takes (tile_cost):
 * two, one per line (Agner Fog, "The microarchitecture of Intel, AMD and
 * VIA CPUs", on misaligned memory operands). Counted so, the window of
 * convchain's 5 x 5 convolution along the rows (lib/register_tile.h,
 * "slide") wins over tiles of 7 x 4 vectors that load every product's
 * image element (2048^2 on one core of the bench machine: 4.4 ms against
 * 8.2), and ResNet-50's 3 x 3 convolutions keep their rows of output
 * channels, which share the image's vectors, over it (9.8 ms against
 * 12.7 for a batch of 4). */
#define SPLIT_LOADS 2

/* Shapes whose estimated time differs by less than 1 / SAME_TIME count as
 * equally fast (better_shape), and the one with fewer loads per FMA wins:
 * the estimate does not see the difference between a tile of 6 x 4
 * vectors and one of 12 x 2, both FMA-bound, and the first ran MatMul at
 * 88% of the FMA peak; nor between tiles of 4 x 2 vectors and of 5 x 2,
 * whose 8 accumulators leave no slack for the FMA latency. */
#define SAME_TIME 32

/* The fewest row blocks, the iterations of the parallel loop: two for
 * each of up to 8 threads. On the 2-core AMD EPYC of bench/cpu, MatMul
 * 512^3 and 1024^3 ran 1.86x and 1.86x faster on 2 threads than on 1
 * with 16 blocks, 1.71x and 1.79x with 8, 1.33x and 1.59x with 4. */
#define MIN_ROW_BLOCKS 16

/* The least number of index-space points that read each element of an
 * operand worth packing (mdh_register_tile_pack_operand). On one core of
 * the 2-core AMD EPYC of bench/cpu, transposing syrk's 1200 x 1000 f32
 * operand took 0.48 ns per element, and its product ran at 93 GFLOP/s in
 * register tiles against 36 GFLOP/s with the lanes splitting the
 * reduction: per element read 16 times, 0.48 + 0.34 ns against 0.89 ns. */
#define MIN_PACK_REUSE 16

/* The fewest register tiles of a row block that read a packed panel
 * (choose_packing): packing a block's panel costs about one tile's reads
 * of it. MatMul 1008^3 on one core of a Zen 3 (AVX2): 45 GFLOP/s with B
 * read in place (each step of a tile 4 KiB further in B: a new page, and
 * for 1024^3 the same cache set), 72 to 88 with B in panels of 24
 * columns, row blocks of 21 tiles. */
#define MIN_PANEL_REUSE 4

/* Cache sizes when the OS does not tell them: 32 KiB and 512 KiB, the
 * smallest of the x86 and Arm server cores of the last decade. */
#define DEFAULT_L1_BYTES (32 * 1024)
#define DEFAULT_L2_BYTES (512 * 1024)

/* The largest cache size `mdh.cache_bytes` may give: 1 TiB, far beyond
 * any cache, and small enough that the block model's products of it do
 * not overflow. */
#define MAX_CACHE_BYTES ((int64_t)1 << 40)

/* The widest vector registers of the host, in bits. */
static int host_vector_bits(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f"))
    return 512;
  if (__builtin_cpu_supports("avx2"))
    return 256;
#endif
  return 128;
}

/* The size of a cache the OS reports through sysconf "name" (glibc reads
 * it from CPUID on x86 and from sysfs elsewhere), or "fallback". */
static int64_t cache_bytes(int name, int64_t fallback) {
  long v = sysconf(name);

  return v > 0 ? v : fallback;
}

/* Sets the cache sizes of "target" from `mdh.cache_bytes` "attr" on
 * "owner". Returns -1 after an error at "owner" if it is not two sizes
 * from 1 byte to MAX_CACHE_BYTES. */
static int target_caches(struct mdh_cpu_target *target, MlirAttribute attr,
                         MlirOperation owner) {
  int i, ok = mlirAttributeIsADenseI64Array(attr) &&
              mlirDenseArrayGetNumElements(attr) == 2;

  for (i = 0; i < 2 && ok; ++i)
    ok = mlirDenseI64ArrayGetElement(attr, i) >= 1 &&
         mlirDenseI64ArrayGetElement(attr, i) <= MAX_CACHE_BYTES;
  if (!ok) {
    mdh_emit_error(owner, "mdh.cache_bytes must be array<i64: L1, L2>, two "
                          "sizes in bytes from 1 to 2^40");
    return -1;
  }
  target->l1_bytes = mlirDenseI64ArrayGetElement(attr, 0);
  target->l2_bytes = mlirDenseI64ArrayGetElement(attr, 1);
  return 0;
}

int mdh_cpu_target_init(struct mdh_cpu_target *target, MlirOperation func) {
  MlirOperation owner;
  MlirAttribute attr = mdh_attr_find_vector_bits(func, &owner);
  int64_t bits;

  target->vector_bits = host_vector_bits();
  if (!mlirAttributeIsNull(attr)) {
    bits =
        mlirAttributeIsAInteger(attr) ? mlirIntegerAttrGetValueInt(attr) : -1;
    if (bits != 128 && bits != 256 && bits != 512) {
      mdh_emit_error(owner,
                     "mdh.vector_bits must be the integer 128, 256 or 512");
      return -1;
    }
    target->vector_bits = (int)bits;
  }
  /* AVX-512 and Arm's Neon and SVE have 32 vector registers, SSE and AVX2
   * 16. */
#if defined(__aarch64__)
  target->n_registers = 32;
#else
  target->n_registers = target->vector_bits == 512 ? 32 : 16;
#endif
  attr = mdh_attr_find_cache_bytes(func, &owner);
  if (!mlirAttributeIsNull(attr))
    return target_caches(target, attr, owner);
#ifdef _SC_LEVEL1_DCACHE_SIZE
  target->l1_bytes = cache_bytes(_SC_LEVEL1_DCACHE_SIZE, DEFAULT_L1_BYTES);
  target->l2_bytes = cache_bytes(_SC_LEVEL2_CACHE_SIZE, DEFAULT_L2_BYTES);
#else
  (void)cache_bytes;
  target->l1_bytes = DEFAULT_L1_BYTES;
  target->l2_bytes = DEFAULT_L2_BYTES;
#endif
  return 0;
}

/* Tells whether the innermost stride of memref "buffer" is 1, so that
 * vector.load and vector.store can walk it. */
static int unit_innermost_stride(MlirValue buffer) {
  MlirType type = mlirValueGetType(buffer);
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t strides[MAX_RANK], offset;

  if (rank < 1 || rank > MAX_RANK ||
      mlirLogicalResultIsFailure(
          mlirMemRefTypeGetStridesAndOffset(type, strides, &offset)))
    return 0;
  return strides[rank - 1] == 1;
}

/* Returns 1 if access "map" of "buffer" walks dimension "vec" contiguously
 * (its last index is vec plus terms without vec, the others do not use
 * vec, and the buffer's last stride is 1), 0 if it does not depend on vec,
 * -1 otherwise. */
static int classify(MlirAffineMap map, MlirValue buffer, int vec) {
  intptr_t n = mlirAffineMapGetNumResults(map);
  MlirContext ctx = mlirAffineMapGetContext(map);
  MlirAffineExpr last, rest;

  if (!mdh_affine_map_uses_dim(map, vec))
    return 0;
  last = mlirAffineMapGetResult(map, n - 1);
  rest = mlirAffineAddExprGet(
      last, mlirAffineMulExprGet(mlirAffineDimExprGet(ctx, vec),
                                 mlirAffineConstantExprGet(ctx, -1)));
  rest = mlirSimplifyAffineExpr(rest, mlirAffineMapGetNumDims(map),
                                mlirAffineMapGetNumSymbols(map));
  if (!mlirAffineExprIsPureAffine(last) ||
      mlirAffineExprIsFunctionOfDim(rest, vec) ||
      !unit_innermost_stride(buffer))
    return -1;
  for (n = n - 2; n >= 0; --n)
    if (mlirAffineExprIsFunctionOfDim(mlirAffineMapGetResult(map, n), vec))
      return -1;
  return 1;
}

/* Tells whether scalar function "fn" is one block of arith and math ops on
 * integers and floats, which vectorize lane by lane. */
static int body_vectorizes(MlirOperation fn) {
  MlirBlock body;
  MlirOperation op;
  MlirStringRef name;
  intptr_t i;

  if (mlirOperationIsNull(fn) || !mdh_op_is(fn, "func.func"))
    return 0;
  body = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  if (mlirBlockIsNull(body) || !mlirBlockIsNull(mlirBlockGetNextInRegion(body)))
    return 0;
  for (i = 0; i < mlirBlockGetNumArguments(body); ++i)
    if (!mdh_type_bits(mlirValueGetType(mlirBlockGetArgument(body, i))))
      return 0;
  for (op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (mdh_op_is(op, "func.return"))
      continue;
    name = mlirIdentifierStr(mlirOperationGetName(op));
    if ((strncmp(name.data, "arith.", 6) && strncmp(name.data, "math.", 5)) ||
        mlirOperationGetNumRegions(op) != 0)
      return 0;
    for (i = 0; i < mlirOperationGetNumResults(op); ++i)
      if (!mdh_type_bits(mlirValueGetType(mlirOperationGetResult(op, i))))
        return 0;
  }
  return 1;
}

/* Tells whether scalar function "fn" (vectorizable) may run on lanes
 * outside the index space, which a masked load fills with 0: not when it
 * divides integers, which a 0 would make undefined. */
static int may_mask(MlirOperation fn) {
  static const char *const divisions[] = {
      "arith.divsi",     "arith.divui",     "arith.remsi",     "arith.remui",
      "arith.ceildivsi", "arith.ceildivui", "arith.floordivsi"};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  MlirOperation op;
  size_t i;

  for (op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    for (i = 0; i < sizeof(divisions) / sizeof(divisions[0]); ++i)
      if (mdh_op_is(op, divisions[i]))
        return 0;
  return 1;
}

const struct mdh_operator *mdh_register_tile_operator(MlirOperation hom,
                                                      MlirType type) {
  MlirAttribute oper;
  const struct mdh_operator *op;
  int ok;

  /* Silent: mdh-pack and mdh-tile-fuse ask too; the passes that need the
   * operator report a md_hom of several (lib/chain.c). */
  oper = mdh_md_hom_operator(hom, NULL, &ok);
  if (!ok || mlirAttributeIsNull(oper) || !mlirAttributeIsAString(oper))
    return NULL;
  op = mdh_operator_find(mlirStringAttrGetValue(oper));
  return op && mdh_operator_applies(op, type) ? op : NULL;
}

/* Sets "extent" to the extents of "stmt"; returns -1 if one is not a
 * constant (a dynamic extent). */
static int constant_extents(struct mdh_stmt *stmt, int64_t *extent) {
  isl_val *max;
  int d, ok = 0;

  for (d = 0; d < stmt->rank && ok == 0; ++d) {
    max = isl_set_dim_max_val(isl_set_copy(stmt->domain), d);
    if (isl_val_is_int(max) == isl_bool_true)
      extent[d] = isl_val_get_num_si(max) + 1;
    else
      ok = -1;
    isl_val_free(max);
  }
  return ok;
}

/* Tells whether every store of the result of "hom" walks "vec"
 * contiguously. */
static int stores_vectorize(MlirOperation hom, int vec) {
  MlirOpOperand use;
  MlirOperation view;
  intptr_t a;

  for (use = mlirValueGetFirstUse(mlirOperationGetResult(hom, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    view = mlirOpOperandGetOwner(use);
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a)
      if (classify(mdhViewGetAccess(view, a), mdhViewGetBuffer(view), vec) != 1)
        return 0;
  }
  return 1;
}

/* Tells whether access "map" of "hom", which walks "vec" contiguously
 * (classify), reaches along its last index by a reduction dimension too
 * (a convolution's window, in[i + r, j + s] for vec j): its vectors then
 * start off the vector alignment at all but one in every vector's lanes
 * of those points, and cross a cache line. */
static int slides_along_vec(MlirOperation hom, MlirAffineMap map, int vec) {
  MlirAffineExpr last =
      mlirAffineMapGetResult(map, mlirAffineMapGetNumResults(map) - 1);
  intptr_t d;

  for (d = 0; d < mdhMdHomGetRank(hom); ++d)
    if (d != vec &&
        mdhCombineAttrGetKind(mdhMdHomGetCombineOp(hom, d)) != MdhCombineCC &&
        mlirAffineExprIsFunctionOfDim(last, d))
      return 1;
  return 0;
}

/* Classifies the input accesses of "hom" for dimension "vec" into "t";
 * returns -1 if one can be neither a vector nor a broadcast scalar, or if
 * there are too many. */
static int classify_inputs(MlirOperation hom, int vec,
                           struct mdh_register_tile *t) {
  MlirOperation view;
  MlirAffineMap map;
  intptr_t v, a;
  int c;

  t->n_access = 0;
  for (v = 0; v < mlirOperationGetNumOperands(hom); ++v) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a) {
      map = mdhViewGetAccess(view, a);
      c = classify(map, mdhViewGetBuffer(view), vec);
      if (c < 0 || t->n_access == MDH_REGISTER_TILE_MAX_ACCESSES)
        return -1;
      t->unaligned[t->n_access] = (char)(c && slides_along_vec(hom, map, vec));
      t->vector[t->n_access++] = (char)c;
    }
  }
  return 0;
}

/* Marks the input accesses of "hom" that depend on dimension "row" (none
 * for -1) in "t". */
static void note_rows(MlirOperation hom, int row, struct mdh_register_tile *t) {
  MlirOperation view;
  intptr_t v, a;
  int k = 0;

  for (v = 0; v < mlirOperationGetNumOperands(hom); ++v) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a, ++k)
      t->on_row[k] = (char)(row >= 0 && mdh_affine_map_uses_dim(
                                            mdhViewGetAccess(view, a), row));
  }
}

/* Tells whether "map" depends on dimensions "row" and "e" only through
 * their sum: in every result, both linearly and with equal coefficients. */
static int sums(MlirAffineMap map, int row, int e) {
  int64_t a, b;
  intptr_t j;

  for (j = 0; j < mlirAffineMapGetNumResults(map); ++j) {
    a = b = 0;
    if (!mdh_affine_expr_add_coefficients(mlirAffineMapGetResult(map, j), row,
                                          1, 1, &a) ||
        !mdh_affine_expr_add_coefficients(mlirAffineMapGetResult(map, j), e, 1,
                                          1, &b) ||
        a != b)
      return 0;
  }
  return 1;
}

/* Sets the slide dimension of "t" (its row set; lib/register_tile.h) on
 * the statement "stmt" of "hom": the first reduction dimension of at most
 * MDH_REGISTER_TILE_MAX_SLIDE points that an input access reading along
 * the rows depends on through its sum with the row, and every other such
 * access likewise or not at all. */
static void note_slide(MlirOperation hom, const struct mdh_stmt *stmt,
                       struct mdh_register_tile *t) {
  MlirOperation view;
  MlirAffineMap map;
  intptr_t v, a;
  int e, k, ok, sliding;

  t->slide = -1;
  memset(t->on_slide, 0, sizeof(t->on_slide));
  for (e = 0; e < stmt->rank && t->row >= 0 && !t->reduces; ++e) {
    if (stmt->kinds[e] != MdhCombinePW || t->extent[e] < 2 ||
        t->extent[e] > MDH_REGISTER_TILE_MAX_SLIDE)
      continue;
    ok = 1;
    sliding = 0;
    for (v = 0, k = 0; v < mlirOperationGetNumOperands(hom); ++v) {
      view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
      for (a = 0; a < mdhViewGetNumAccesses(view); ++a, ++k) {
        map = mdhViewGetAccess(view, a);
        t->on_slide[k] = (char)mdh_affine_map_uses_dim(map, e);
        if (!t->on_slide[k] || !t->on_row[k])
          continue;
        ok &= sums(map, t->row, e);
        sliding = 1;
      }
    }
    if (ok && sliding) {
      t->slide = e;
      return;
    }
  }
  memset(t->on_slide, 0, sizeof(t->on_slide));
}

/* Returns the points of the reduction that a step of "t" runs: those of
 * its slide dimension, else one. */
static int64_t step_points(const struct mdh_register_tile *t) {
  return t->slide >= 0 ? t->extent[t->slide] : 1;
}

/* Returns the distinct values of input access "a" of "t" in a step of
 * the reduction, per vector it reads: one per row and point of the slide
 * dimension that it depends on, one per diagonal where it depends on
 * both through their sum. */
static int64_t step_values(const struct mdh_register_tile *t, int a) {
  int64_t points = step_points(t);

  if (t->on_row[a] && t->on_slide[a])
    return t->rows + points - 1;
  return (t->on_row[a] ? t->rows : 1) * (t->on_slide[a] ? points : 1);
}

/* The register tile shape of "t" (its row dimension, rows and vectors
 * set) as loads and multiply-adds (lanes that lie in the index space) per
 * step of the reduction, and the vector registers it keeps live: the
 * accumulators, the values that every row shares, one more for a
 * broadcast or a row's own vector. */
static void tile_cost(const struct mdh_register_tile *t, int64_t *loads,
                      int64_t *fmas, int64_t *live) {
  int64_t lanes = (int64_t)t->vectors * t->width, n;
  int a;

  *loads = 0;
  *live = (int64_t)t->rows * t->vectors + 1;
  for (a = 0; a < t->n_access; ++a) {
    n = step_values(t, a) * (t->vector[a] ? t->vectors : 1);
    *loads += n * (t->unaligned[a] ? SPLIT_LOADS : 1);
    if (!t->on_row[a] && (t->vector[a] || t->on_slide[a]))
      *live += n;
  }
  *fmas = t->rows * (lanes < t->extent[t->vec] ? lanes : t->extent[t->vec]) *
          step_points(t);
}

/* Tells whether the vectors of "c" fit the extent of its vec dimension:
 * each holds a lane in it where "c" may mask lanes, else all lanes. */
static int vectors_fit(const struct mdh_register_tile *c) {
  int64_t lanes = (int64_t)c->vectors * c->width;

  return c->mask ? lanes - c->width < c->extent[c->vec]
                 : lanes <= c->extent[c->vec];
}

/* Returns the cycles per point of the reduction of a step in a tile of
 * "rows" rows and "vectors" vectors of the shape of "t": its loads and its
 * FMAs at their rates, or the latency of an FMA where it has too few
 * accumulators to hide it. */
static double tile_cycles(const struct mdh_register_tile *t, int rows,
                          int vectors) {
  struct mdh_register_tile c = *t;
  int64_t loads, fmas, live, points = step_points(t);
  double cycles = FMA_LATENCY * points;

  c.rows = rows;
  c.vectors = vectors;
  tile_cost(&c, &loads, &fmas, &live);
  if ((double)loads / LOADS_PER_CYCLE > cycles)
    cycles = (double)loads / LOADS_PER_CYCLE;
  if ((double)rows * vectors * points / FMAS_PER_CYCLE > cycles)
    cycles = (double)rows * vectors * points / FMAS_PER_CYCLE;
  return cycles / points;
}

/* Returns the estimated cycles per point of the row and vec dimensions of
 * one step of the reduction in the tiles of shape "t" (rows of its row
 * dimension, vectors along vec, which does not reduce): the full tiles and
 * those of the edges of both dimensions, whose fewer rows or vectors
 * (the last one masked) may leave an FMA's latency unhidden. On ResNet-50's
 * conv3_x with AVX2 (28-column images, 128 channels), tiles of 3 x 3
 * vectors had the fewest loads per FMA but ran the last 4 columns in
 * tiles of 3 x 1 vector: 192 ms on one core of a Zen 3, against 110 ms in
 * tiles of 5 x 2 vectors, 16 + 12 columns. */
static double tile_time(const struct mdh_register_tile *t) {
  int64_t lanes = (int64_t)t->vectors * t->width, extent = t->extent[t->vec];
  int64_t rows = t->row >= 0 ? t->extent[t->row] : 1;
  int64_t full_rows = rows / t->rows, edge_rows = rows % t->rows;
  int64_t full = extent / lanes;
  int edge = (int)((extent % lanes + t->width - 1) / t->width);
  double row_cycles[2] = {0, 0};
  int v;

  for (v = 0; v < 2; ++v) {
    int vectors = v == 0 ? t->vectors : edge;

    if (vectors == 0)
      continue;
    row_cycles[v] = full_rows * tile_cycles(t, t->rows, vectors);
    if (edge_rows > 0)
      row_cycles[v] += tile_cycles(t, (int)edge_rows, vectors);
  }
  return (full * row_cycles[0] + row_cycles[1]) / ((double)rows * extent);
}

/* Tells whether shape "c" is better than "best" for a tile whose lanes
 * split the reduction: fewer loads per multiply-add, then larger. Each of
 * its rows streams from memory, which the loads decide. */
static int fewer_loads(const struct mdh_register_tile *c,
                       const struct mdh_register_tile *best) {
  int64_t loads, fmas, live, best_loads, best_fmas;

  tile_cost(c, &loads, &fmas, &live);
  tile_cost(best, &best_loads, &best_fmas, &live);
  return loads * best_fmas < best_loads * fmas ||
         (loads * best_fmas == best_loads * fmas && fmas > best_fmas);
}

/* Tells whether shape "c" is better than "best": estimated faster
 * (tile_time) by more than 1 / SAME_TIME, or as fast and with fewer loads
 * per multiply-add. */
static int better_shape(const struct mdh_register_tile *c,
                        const struct mdh_register_tile *best) {
  double time, best_time;

  if (c->reduces)
    return fewer_loads(c, best);
  time = tile_time(c);
  best_time = tile_time(best);
  if (time * SAME_TIME < best_time * (SAME_TIME - 1))
    return 1;
  if (best_time * SAME_TIME < time * (SAME_TIME - 1))
    return 0;
  return fewer_loads(c, best);
}

/* Chooses the row dimension, rows and vectors of "t" (vec, width and the
 * accesses set) for "target": among the shapes whose live registers fit,
 * the fastest (better_shape). The row dimension is a parallel dimension
 * other than vec, or none. The vectors may reach past the extent of vec,
 * their last lanes masked out, where "t" may mask lanes: a 3x3
 * convolution of 28-column images (ResNet-50's conv3_x) then runs tiles of
 * 12 channels x 2 vectors of 16 lanes (28 of 32 lanes) rather than of 12
 * x 1 vector and a tile of 12 lanes masked. */
static void choose_shape(struct mdh_register_tile *t, struct mdh_stmt *stmt,
                         const struct mdh_cpu_target *target) {
  struct mdh_register_tile c = *t, best = *t;
  int64_t loads, fmas, live;
  int r, max_rows;

  best.rows = 0;
  for (r = -1; r < stmt->rank; ++r) {
    if (r >= 0 &&
        (r == t->vec || stmt->kinds[r] != MdhCombineCC || t->extent[r] < 2))
      continue;
    c.row = r;
    note_rows(stmt->hom, r, &c);
    note_slide(stmt->hom, stmt, &c);
    max_rows = t->reduces ? MAX_STREAM_ROWS : MAX_ROWS;
    if (r < 0 || t->extent[r] < max_rows)
      max_rows = r < 0 ? 1 : (int)t->extent[r];
    for (c.vectors = 1;
         c.vectors <= MDH_REGISTER_TILE_MAX_VECTORS && vectors_fit(&c);
         ++c.vectors)
      for (c.rows = 1; c.rows <= max_rows; ++c.rows) {
        tile_cost(&c, &loads, &fmas, &live);
        if (live > target->n_registers - SPARE_REGISTERS)
          break;
        if (best.rows == 0 || better_shape(&c, &best))
          best = c;
      }
  }
  *t = best;
}

/* Returns the size of the blocks, a multiple of "unit" (at least one
 * unit), that cut "extent" into as few blocks of at most "max" as it can,
 * all as equal as multiples of "unit" allow: MatMul 512 with 384-point
 * reduction blocks would run one block of 384 and one of 128, better two of
 * 256. */
static int64_t balanced(int64_t extent, int64_t max, int64_t unit) {
  int64_t n, size;

  max -= max % unit;
  if (max < unit)
    return unit;
  n = (extent + max - 1) / max;
  size = (extent + n - 1) / n;
  return (size + unit - 1) / unit * unit;
}

/* Returns the outermost reduction dimension of "stmt", the one
 * choose_blocks and apply_sizes block. */
static int outer_reduction(struct mdh_stmt *stmt) {
  int d;

  for (d = 0; d < stmt->rank; ++d)
    if (stmt->kinds[d] == MdhCombinePW)
      return d;
  return -1;
}

/* Returns the points of the batch dimensions of "t" (parallel ones other
 * than vec and row), which the parallel loop runs with the row blocks
 * (prepare.c linearizes them), at most MIN_ROW_BLOCKS. */
static int64_t batch_points(const struct mdh_register_tile *t,
                            const struct mdh_stmt *stmt) {
  int64_t points = 1;
  int d;

  for (d = 0; d < stmt->rank && points < MIN_ROW_BLOCKS; ++d)
    if (stmt->kinds[d] == MdhCombineCC && d != t->vec && d != t->row)
      points *= t->extent[d];
  return points < MIN_ROW_BLOCKS ? points : MIN_ROW_BLOCKS;
}

int mdh_register_tile_shared_vectors(const struct mdh_register_tile *t) {
  int a, n = 0;

  for (a = 0; a < t->n_access; ++a)
    n += t->vector[a] && !t->on_row[a];
  return n;
}

/* Returns mdh_register_tile_shared_vectors of "t", at least 1. */
static int shared_vectors(const struct mdh_register_tile *t) {
  int n = mdh_register_tile_shared_vectors(t);

  return n > 0 ? n : 1;
}

/* Sets the cache blocks of "t" for "target", after the BLIS model
 * ("Analytical Modeling Is Enough for High-Performance BLIS", Low et al.,
 * section 6): the reduction points of a tile such that the vectors it
 * reads fill at most twice the level 1 cache (without packing they stream
 * from level 2, which the prefetchers keep ahead: on a 2-core AMD EPYC
 * with 48 KiB L1, MatMul 1152^3 and 2304^3 ran best with 384 points for 64
 * f32 lanes, within 1% of 576 and 1152 and 9% ahead of 256 at 2304^3), and
 * the rows of a block such that the row operands of a block fill at most
 * half the level 2 cache (BLIS's A block), but at least MIN_ROW_BLOCKS
 * iterations of the parallel loop over batches and row blocks, so that it
 * has work for several threads (batched MatMul 16 x 256^3 on a Zen 3 with
 * packed panels, one thread: 9.6 ms in blocks of 15 rows, 8.8 in blocks of
 * 87; two threads: 5.7 and 4.1 ms). The outermost
 * reduction dimension is blocked, the others run whole in each tile
 * ("whole": not even that one, see keep_reduction_whole). Without a
 * row dimension no tile reads the vectors of another, so nothing is blocked: a
 * block loop would be the outermost, sequential one (atax's y = A^T tmp ran on
 * one thread). */
static void choose_blocks(struct mdh_register_tile *t, struct mdh_stmt *stmt,
                          const struct mdh_cpu_target *target,
                          int64_t elem_bytes, int whole) {
  int64_t lanes = (int64_t)t->vectors * t->width, inner = 1, points, rows;
  int64_t min_blocks;
  int d, a, n_row = 0;

  t->block_dim = -1;
  t->row_block = t->rows;
  if (t->row < 0)
    return;
  t->block_dim = outer_reduction(stmt);
  for (d = t->block_dim + 1; d < stmt->rank; ++d)
    if (stmt->kinds[d] == MdhCombinePW)
      inner *= t->extent[d];
  for (a = 0; a < t->n_access; ++a)
    n_row += t->on_row[a];
  points =
      whole ? t->extent[t->block_dim] * inner
            : 2 * target->l1_bytes / (lanes * elem_bytes * shared_vectors(t));
  t->block = balanced(t->extent[t->block_dim], points / inner, 1);
  if (t->block >= t->extent[t->block_dim])
    t->block_dim = -1;
  rows = target->l2_bytes / 2 /
         ((t->block_dim >= 0 ? t->block * inner : points) * elem_bytes *
          (n_row > 0 ? n_row : 1));
  min_blocks =
      (MIN_ROW_BLOCKS + batch_points(t, stmt) - 1) / batch_points(t, stmt);
  if (rows > t->extent[t->row] / min_blocks)
    rows = t->extent[t->row] / min_blocks;
  t->row_block = balanced(t->extent[t->row], rows, t->rows);
  /* A step runs the slide dimension whole. */
  if (t->block_dim == t->slide)
    t->block_dim = -1;
}

/* Sets the blocks of "t" from "sizes" (`mdh.tile_sizes` of its md_hom):
 * the rows of a row block, rounded up to whole register tiles, and, unless
 * the lanes split the reduction, the points of a block of the outermost
 * reduction dimension; 0 for one block over the whole extent. The sizes of
 * the other dimensions are mdh-tile-fuse's (the tile of a fused group):
 * along them the register tile keeps its own shape. */
static void apply_sizes(struct mdh_register_tile *t, struct mdh_stmt *stmt,
                        const int64_t *sizes) {
  int outer = outer_reduction(stmt);
  int64_t rows;

  if (t->row >= 0) {
    /* Beyond the extent (2^63 - 1 included) a block is the whole extent. */
    rows = sizes[t->row] && sizes[t->row] < t->extent[t->row]
               ? sizes[t->row]
               : t->extent[t->row];
    t->row_block = (rows + t->rows - 1) / t->rows * t->rows;
  }
  if (t->reduces)
    return;
  t->block_dim = -1;
  if (sizes[outer] && sizes[outer] < t->extent[outer] && outer != t->slide) {
    t->block_dim = outer;
    t->block = sizes[outer];
  }
}

/* Returns the reduction dimension of "stmt" (hom "hom") whose points the
 * lanes of "t" can share out, or -1: the innermost of at least a vector's
 * points that an input walks contiguously and no input walks otherwise.
 * Each lane then sums its own points (MatVec: y[i] += A[i, k] x[k] along
 * k), which reorders a float sum as the GPU's reductions do. */
static int reduction_vec(MlirOperation hom, struct mdh_stmt *stmt,
                         struct mdh_register_tile *t) {
  int d, a;

  for (d = stmt->rank - 1; d >= 0; --d) {
    if (stmt->kinds[d] != MdhCombinePW || t->extent[d] < t->width ||
        t->width < 2 || classify_inputs(hom, d, t) < 0)
      continue;
    for (a = 0; a < t->n_access; ++a)
      if (t->vector[a])
        return d;
  }
  return -1;
}

/* The bit width of "type" as a vector of it is loaded from and stored to
 * memory, else 0: memrefs of i1 (or any type narrower than a byte) hold
 * one element per byte, where a vector of them is packed bits. */
static int memory_bits(MlirType type) {
  int bits = mdh_type_bits(type);

  return bits >= 8 ? bits : 0;
}

/* Returns the widest element of the scalar function of type "fn_type", in
 * bits, or 0 if one is narrower than a byte (see memory_bits). */
static int widest_bits(MlirType fn_type) {
  int bits = memory_bits(mlirFunctionTypeGetResult(fn_type, 0)), in_bits;
  intptr_t i;

  for (i = 0; i < mlirFunctionTypeGetNumInputs(fn_type) && bits > 0; ++i) {
    in_bits = memory_bits(mlirFunctionTypeGetInput(fn_type, i));
    bits = in_bits == 0 || in_bits > bits ? in_bits : bits;
  }
  return bits;
}

/* Returns the widest element of md_hom "hom", of "rank" dimensions of
 * kinds "kinds", in bits, if a register tile can run it given a dimension
 * to vectorize: a reduction (pw dimensions, no scan), one result, a
 * builtin operator, a scalar function of arith and math ops, elements of
 * at least a byte. Returns 0 otherwise. */
static int tile_bits(MlirOperation hom, int rank, const MdhCombineKind *kinds) {
  MlirType fn_type = mdh_md_hom_function_type(hom);
  MlirOperation fn = mdh_lookup_symbol(hom, mdhMdHomGetScalarFunction(hom));
  int d, n_pw = 0;

  if (rank > MAX_RANK || mdhMdHomIsIndexAware(hom) ||
      mlirFunctionTypeGetNumResults(fn_type) != 1 || !body_vectorizes(fn))
    return 0;
  for (d = 0; d < rank; ++d) {
    if (kinds[d] == MdhCombinePS)
      return 0;
    n_pw += kinds[d] == MdhCombinePW;
  }
  if (n_pw == 0 ||
      !mdh_register_tile_operator(hom, mlirFunctionTypeGetResult(fn_type, 0)))
    return 0;
  return widest_bits(fn_type);
}

/* Returns the input of "hom" (an operand index) that alone keeps it from
 * a register tile along "vec", a parallel dimension of "kinds" whose
 * extents are "extent": its one access is a projected permutation (each
 * index a distinct dimension) that walks vec across, not contiguously,
 * every other input walks vec contiguously or not at all, and each element
 * it reads is read by at least MIN_PACK_REUSE points. Returns -1 if there
 * is none. */
static int strided_operand(MlirOperation hom, int vec, int rank,
                           const MdhCombineKind *kinds, const int64_t *extent) {
  MlirOperation view;
  MlirAffineMap map;
  intptr_t o, a;
  int64_t reuse = 1;
  int d, found = -1;

  for (o = 0; o < mlirOperationGetNumOperands(hom); ++o) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, o));
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a) {
      map = mdhViewGetAccess(view, a);
      if (classify(map, mdhViewGetBuffer(view), vec) >= 0)
        continue;
      if (found >= 0 || mdhViewGetNumAccesses(view) != 1 ||
          !mlirAffineMapIsProjectedPermutation(map) ||
          !memory_bits(mlirShapedTypeGetElementType(
              mlirValueGetType(mdhViewGetBuffer(view)))))
        return -1;
      found = (int)o;
    }
  }
  if (found < 0)
    return -1;
  view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, found));
  map = mdhViewGetAccess(view, 0);
  for (d = 0; d < rank; ++d)
    if (kinds[d] == MdhCombineCC && d != vec &&
        !mdh_affine_map_uses_dim(map, d))
      reuse *= extent[d];
  return reuse >= MIN_PACK_REUSE ? found : -1;
}

int mdh_register_tile_pack_operand(MlirOperation hom,
                                   const struct mdh_cpu_target *target,
                                   int *vec) {
  MdhCombineKind kinds[MAX_RANK];
  int64_t extent[MAX_RANK];
  struct mdh_register_tile t;
  intptr_t rank = mdhMdHomGetRank(hom);
  int d, bits, o;

  if (rank < 1 || rank > MAX_RANK)
    return -1;
  for (d = 0; d < rank; ++d) {
    kinds[d] = mdhCombineAttrGetKind(mdhMdHomGetCombineOp(hom, d));
    extent[d] = mdhMdHomGetSize(hom, d);
    if (extent[d] < 0)
      return -1;
  }
  bits = tile_bits(hom, (int)rank, kinds);
  if (!bits || target->vector_bits / bits < 2)
    return -1;
  for (d = (int)rank - 1; d >= 0; --d)
    if (kinds[d] == MdhCombineCC && extent[d] >= target->vector_bits / bits &&
        stores_vectorize(hom, d) && classify_inputs(hom, d, &t) == 0)
      return -1;
  for (d = (int)rank - 1; d >= 0; --d) {
    if (kinds[d] != MdhCombineCC || extent[d] < target->vector_bits / bits ||
        !stores_vectorize(hom, d))
      continue;
    o = strided_operand(hom, d, (int)rank, kinds, extent);
    if (o >= 0) {
      *vec = d;
      return o;
    }
  }
  return -1;
}

int64_t mdh_register_tile_panel_points(const struct mdh_register_tile *t,
                                       const MdhCombineKind *kinds,
                                       int64_t *strides) {
  int64_t points = 1, n;
  int d;

  for (d = t->rank - 1; d >= 0; --d) {
    if (kinds[d] != MdhCombinePW)
      continue;
    n = t->extent[d];
    if (d == t->block_dim && t->block < n && !t->whole_panels)
      n = t->block;
    strides[d] = points;
    if (__builtin_mul_overflow(points, n, &points))
      return -1;
  }
  return points;
}

int64_t mdh_register_tile_panel_tiles(const struct mdh_register_tile *t) {
  int64_t lanes = (int64_t)t->vectors * t->width;

  return t->whole_panels ? (t->extent[t->vec] + lanes - 1) / lanes : 1;
}

void mdh_register_tile_no_panels(struct mdh_register_tile *t) {
  memset(t->pack, 0, sizeof(t->pack));
  t->whole_panels = 0;
}

/* Chooses the input accesses of "t" that are packed into panels: those
 * that every row of a tile shares, read as vectors, where a row block
 * holds at least MIN_PANEL_REUSE tiles and the panel of a block of the
 * reduction fits half the level 2 cache. The panels are whole (packed
 * once, for all the tiles of vec and blocks of the reduction) without
 * batch dimensions, and with batch dimensions that make enough iterations
 * of the parallel loop alone (MIN_ROW_BLOCKS), for each of their points:
 * packed one tile of vec at a time for each row block, the copy of MatMul
 * 1024^3's B read 96 bytes of each row, 4 KiB apart, each a new page that
 * the prefetchers do not follow, and read B again for each of the 16 row
 * blocks: a quarter of the time on a Zen 3 core. Short batch dimensions
 * share the parallel loop with the row blocks, inside which the whole
 * panels would be packed again for each row block. */
static void choose_packing(struct mdh_register_tile *t, struct mdh_stmt *stmt,
                           const struct mdh_cpu_target *target,
                           int elem_bytes) {
  int64_t strides[MAX_RANK], points, bytes, batch;
  int a;

  mdh_register_tile_no_panels(t);
  if (t->reduces || t->row < 0 || t->row_block / t->rows < MIN_PANEL_REUSE)
    return;
  points = mdh_register_tile_panel_points(t, stmt->kinds, strides);
  if (points < 0 ||
      __builtin_mul_overflow(
          points, (int64_t)t->vectors * t->width * elem_bytes, &bytes) ||
      bytes > target->l2_bytes / 2)
    return;
  for (a = 0; a < t->n_access; ++a)
    t->pack[a] = t->vector[a] && !t->on_row[a];
  batch = batch_points(t, stmt);
  t->whole_panels = batch == 1 || batch >= MIN_ROW_BLOCKS;
  points = mdh_register_tile_panel_points(t, stmt->kinds, strides);
  if (points < 0 ||
      __builtin_mul_overflow(points, mdh_register_tile_panel_tiles(t),
                             &bytes) ||
      __builtin_mul_overflow(bytes, (int64_t)t->vectors * t->width, &bytes))
    t->whole_panels = 0;
}

int mdh_register_tile_choose(struct mdh_model *m, int s,
                             const struct mdh_cpu_target *target,
                             struct mdh_register_tile *t) {
  struct mdh_stmt *stmt = &m->stmts[s];
  MlirOperation hom = stmt->hom;
  MlirOperation fn = mdh_lookup_symbol(hom, mdhMdHomGetScalarFunction(hom));
  int bits = tile_bits(hom, stmt->rank, stmt->kinds);
  int64_t sizes[MAX_RANK];
  MlirType result;

  if (!bits || constant_extents(stmt, t->extent) < 0)
    return -1;
  result = mlirFunctionTypeGetResult(mdh_md_hom_function_type(hom), 0);
  t->stmt = s;
  t->slide = -1;
  t->rank = stmt->rank;
  t->width = target->vector_bits / bits;
  t->mask = may_mask(fn);
  for (t->vec = stmt->rank - 1; t->vec >= 0; --t->vec)
    if (stmt->kinds[t->vec] == MdhCombineCC && t->extent[t->vec] >= t->width &&
        t->width >= 2 && stores_vectorize(hom, t->vec) &&
        classify_inputs(hom, t->vec, t) == 0)
      break;
  t->reduces = t->vec < 0;
  if (t->reduces && t->mask)
    t->vec = reduction_vec(hom, stmt, t);
  if (t->vec < 0)
    return -1;
  choose_shape(t, stmt, target);
  choose_blocks(t, stmt, target, mdh_element_bytes(result), 0);
  if (t->reduces)
    t->block_dim = -1;
  if (mdh_md_hom_tile_sizes(hom, NULL, sizes) > 0)
    apply_sizes(t, stmt, sizes);
  choose_packing(t, stmt, target, mdh_element_bytes(result));
  snprintf(t->name, sizeof(t->name), "%s", stmt->name);
  t->n_epilogue = 0;
  return 0;
}

/* ---- epilogues ----------------------------------------------------------- */

/* Internal data structure of mdh_register_tile_add_epilogue: the tile
 * "t" of "m", the extents of its result space and, in it, the tile's
 * vector dimension "vec"; the results written so far, "n_w" accesses of
 * buffers "wbuf" through maps "wmap" over the result space by statements
 * "wstmt". */
struct epilogue {
  struct mdh_model *m;
  struct mdh_register_tile *t;
  int n_cc;
  int vec;
  int64_t extent[MAX_RANK];
  int n_w;
  MlirValue wbuf[MDH_REGISTER_TILE_MAX_WRITES];
  MlirAffineMap wmap[MDH_REGISTER_TILE_MAX_WRITES];
  int wstmt[MDH_REGISTER_TILE_MAX_WRITES];
};

MlirAffineMap mdh_register_tile_result_map(MlirAffineMap map,
                                           const struct mdh_stmt *stmt) {
  MlirContext ctx = mlirAffineMapGetContext(map);
  MlirAffineExpr sub[MAX_RANK], res[MAX_RANK];
  MlirAffineMap to;
  intptr_t j, n_res = mlirAffineMapGetNumResults(map);
  int d, n = 0;

  for (d = 0; d < stmt->rank; ++d)
    sub[d] = stmt->kinds[d] == MdhCombineCC ? mlirAffineDimExprGet(ctx, n++)
                                            : mlirAffineConstantExprGet(ctx, 0);
  to = mlirAffineMapGet(ctx, n, 0, stmt->rank, sub);
  for (j = 0; j < n_res && j < MAX_RANK; ++j)
    res[j] = mlirAffineExprCompose(mlirAffineMapGetResult(map, j), to);
  return mlirAffineMapGet(ctx, n, 0, n_res, res);
}

/* Records the results that statement "s" writes in "e"; returns -1 if
 * there are too many. */
static int add_writes(struct epilogue *e, int s) {
  struct mdh_stmt *stmt = &e->m->stmts[s];
  MlirOpOperand use;
  MlirOperation view;
  intptr_t a;

  for (use = mlirValueGetFirstUse(mlirOperationGetResult(stmt->hom, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    view = mlirOpOperandGetOwner(use);
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a) {
      if (e->n_w == MDH_REGISTER_TILE_MAX_WRITES)
        return -1;
      e->wbuf[e->n_w] = mdhViewGetBuffer(view);
      e->wmap[e->n_w] =
          mdh_register_tile_result_map(mdhViewGetAccess(view, a), stmt);
      e->wstmt[e->n_w++] = s;
    }
  }
  return 0;
}

int mdh_register_tile_body_fits(MlirOperation fn) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  MlirOperation op;
  intptr_t values = mlirBlockGetNumArguments(body);

  for (op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    values += mlirOperationGetNumResults(op);
    if (mlirOperationGetNumOperands(op) > MDH_REGISTER_TILE_MAX_OP_VALUES ||
        mlirOperationGetNumResults(op) > MDH_REGISTER_TILE_MAX_OP_VALUES ||
        mlirOperationGetNumAttributes(op) > MDH_REGISTER_TILE_MAX_OP_VALUES)
      return 0;
  }
  return values <= MDH_REGISTER_TILE_MAX_VALUES;
}

/* Tells whether statement "x" of "e" is element-wise over the result space
 * of the tile, not index-aware, with one result, and with a scalar
 * function that vectorizes (also on masked lanes, where the tile masks;
 * no i1 in memory, which vectors would pack) and accesses that walk the
 * vector dimension contiguously or not at all. */
static int fits_result_space(const struct epilogue *e, int x) {
  struct mdh_stmt *stmt = &e->m->stmts[x];
  MlirOperation fn =
      mdh_lookup_symbol(stmt->hom, mdhMdHomGetScalarFunction(stmt->hom));
  struct mdh_register_tile scratch;
  int d;

  if (stmt->rank != e->n_cc || mdhMdHomIsIndexAware(stmt->hom) ||
      !body_vectorizes(fn) || !mdh_register_tile_body_fits(fn) ||
      (e->t->mask && !may_mask(fn)) ||
      !widest_bits(mdh_md_hom_function_type(stmt->hom)) ||
      mlirFunctionTypeGetNumResults(mdh_md_hom_function_type(stmt->hom)) != 1 ||
      !stores_vectorize(stmt->hom, e->vec) ||
      classify_inputs(stmt->hom, e->vec, &scratch) < 0)
    return 0;
  for (d = 0; d < stmt->rank; ++d)
    if (stmt->kinds[d] != MdhCombineCC ||
        mdh_stmt_extent(stmt, d) != e->extent[d])
      return 0;
  return 1;
}

/* Tells whether an access of "buffer" through "map" may touch the
 * memory of write "w" of "e" other than through its buffer and map: at
 * another point, or through another view. */
static int touches_otherwise(const struct epilogue *e, int w, MlirValue buffer,
                             MlirAffineMap map) {
  return mdh_values_alias(buffer, e->wbuf[w]) &&
         (!mlirValueEqual(buffer, e->wbuf[w]) ||
          !mlirAffineMapEqual(map, e->wmap[w]));
}

/* Returns how member-to-be "x" of "e" reads "buffer" through "map": 1 from
 * the registers (the result that the tile's statement or an earlier member
 * wrote at this point), 0 from memory (no member writes it, or a later one
 * writes it at this point only after "x" read it), -1 if it cannot. */
static int read_kind(const struct epilogue *e, int x, MlirValue buffer,
                     MlirAffineMap map) {
  int w, kind = 0;

  for (w = 0; w < e->n_w; ++w) {
    if (!mdh_values_alias(buffer, e->wbuf[w]))
      continue;
    if (touches_otherwise(e, w, buffer, map))
      return -1;
    if (e->wstmt[w] < x)
      kind = 1;
    else if (e->wstmt[w] == e->t->stmt)
      return -1;
  }
  return kind;
}

/* Returns the number of accesses of "x" that read from the registers in
 * "e" (read_kind), or -1 if one cannot be read there. */
static int forwarded_reads(const struct epilogue *e, int x) {
  MlirOperation hom = e->m->stmts[x].hom, view;
  intptr_t v, a;
  int k, n = 0;

  for (v = 0; v < mlirOperationGetNumOperands(hom); ++v) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a) {
      k = read_kind(e, x, mdhViewGetBuffer(view), mdhViewGetAccess(view, a));
      if (k < 0)
        return -1;
      n += k;
    }
  }
  return n;
}

/* Tells whether statement "x" of "e" is in the epilogue. */
static int is_member(const struct epilogue *e, int x) {
  int i;

  for (i = 0; i < e->t->n_epilogue; ++i)
    if (e->t->epilogue[i] == x)
      return 1;
  return 0;
}

/* Tells whether every result that statement "w" writes (the tile's
 * statement or a member) is an intermediate that only members after "w"
 * read, each through the map that wrote it: a result dead once the
 * epilogue read it from the registers. */
static int results_die(const struct epilogue *e, int w) {
  struct mdh_model *m = e->m;
  MlirOperation view;
  intptr_t v, a;
  int i, r, found = 0;

  for (i = 0; i < e->n_w; ++i) {
    if (e->wstmt[i] != w)
      continue;
    found = 1;
    if (!mdh_model_is_intermediate(m, e->wbuf[i]))
      return 0;
    for (r = 0; r < m->n_stmt; ++r)
      for (v = 0; v < mlirOperationGetNumOperands(m->stmts[r].hom); ++v) {
        view =
            mlirOpResultGetOwner(mlirOperationGetOperand(m->stmts[r].hom, v));
        if (!mdh_values_alias(mdhViewGetBuffer(view), e->wbuf[i]))
          continue;
        if (r <= w || !is_member(e, r))
          return 0;
        for (a = 0; a < mdhViewGetNumAccesses(view); ++a)
          if (touches_otherwise(e, i, mdhViewGetBuffer(view),
                                mdhViewGetAccess(view, a)))
            return 0;
      }
  }
  return found;
}

/* Tells whether no access of statement "x" of "e" touches an element
 * that another member (or the tile's statement) writes, other than
 * through the same buffer and map: the epilogue runs its members vector by
 * vector, interleaved, where their statements ran one after the other. */
static int accesses_commute(const struct epilogue *e, int x) {
  MlirOperation hom = e->m->stmts[x].hom, view;
  intptr_t v, a;
  int w, k;

  for (w = 0; w < e->n_w; ++w) {
    if (e->wstmt[w] == x)
      continue;
    for (k = 0; k < e->n_w; ++k)
      if (e->wstmt[k] == x && touches_otherwise(e, w, e->wbuf[k], e->wmap[k]))
        return 0;
    for (v = 0; v < mlirOperationGetNumOperands(hom); ++v) {
      view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
      for (a = 0; a < mdhViewGetNumAccesses(view); ++a)
        if (touches_otherwise(e, w, mdhViewGetBuffer(view),
                              mdhViewGetAccess(view, a)))
          return 0;
    }
  }
  return 1;
}

/* Adds statement "x" to the epilogue of "e"; returns -1 if it is full. */
static int add_member(struct epilogue *e, int x) {
  if (e->t->n_epilogue == MDH_REGISTER_TILE_MAX_EPILOGUE ||
      add_writes(e, x) < 0)
    return -1;
  e->t->epilogue[e->t->n_epilogue++] = x;
  return 0;
}

static int by_index(const void *a, const void *b) {
  return *(const int *)a - *(const int *)b;
}

/* Where the results of "t" die in its epilogue, runs the whole reduction
 * in each tile if the vectors of one tile over all of its points fit half
 * the level 2 cache of "target" (as a block's row operands do,
 * choose_blocks), unless the md_hom sets its blocks (mdh.tile_sizes).
 * Each block but the last stores its partial results and the next loads
 * them, into an intermediate that is fresh on every call: PolyBench's gemm
 * (LARGE, K = 1200) took 62-65 ms on one Zen 3 core in blocks of 600
 * points, 54-57 ms in one (its product alone: 50-53 either way). */
static void keep_reduction_whole(struct mdh_register_tile *t,
                                 struct mdh_stmt *stmt,
                                 const struct mdh_cpu_target *target) {
  MlirType result =
      mlirFunctionTypeGetResult(mdh_md_hom_function_type(stmt->hom), 0);
  int64_t sizes[MAX_RANK], bytes = mdh_element_bytes(result), points;

  if (!t->drop[0] || t->block_dim < 0 ||
      mdh_md_hom_tile_sizes(stmt->hom, NULL, sizes) != 0)
    return;
  points = mdh_stmt_reduction_points(stmt);
  if (points < 0 ||
      __builtin_mul_overflow(
          points, (int64_t)t->vectors * t->width * bytes * shared_vectors(t),
          &points) ||
      points > target->l2_bytes / 2)
    return;
  choose_blocks(t, stmt, target, bytes, 1);
  choose_packing(t, stmt, target, bytes);
}

int mdh_register_tile_add_epilogue(struct mdh_model *m,
                                   const struct mdh_cpu_target *target,
                                   struct mdh_register_tile *t,
                                   const int *cands, int n) {
  struct mdh_stmt *stmt = &m->stmts[t->stmt];
  struct epilogue e = {.m = m, .t = t, .vec = -1};
  int d, i, x, n_consumers;

  t->n_epilogue = 0;
  if (t->reduces)
    return 0;
  for (d = 0; d < stmt->rank; ++d) {
    if (stmt->kinds[d] != MdhCombineCC)
      continue;
    if (d == t->vec)
      e.vec = e.n_cc;
    e.extent[e.n_cc++] = t->extent[d];
  }
  if (add_writes(&e, t->stmt) < 0)
    return 0;
  for (i = 0; i < n; ++i) {
    x = cands[i];
    if (x > t->stmt && fits_result_space(&e, x) && forwarded_reads(&e, x) > 0 &&
        add_member(&e, x) < 0)
      break;
  }
  n_consumers = t->n_epilogue;
  for (i = n - 1; n_consumers > 0 && i >= 0; --i) {
    x = cands[i];
    if (x >= t->stmt || !fits_result_space(&e, x) ||
        forwarded_reads(&e, x) != 0)
      continue;
    /* Its results die only if members read them: record them first. */
    if (add_member(&e, x) < 0)
      break;
    if (!results_die(&e, x)) {
      --t->n_epilogue;
      while (e.n_w > 0 && e.wstmt[e.n_w - 1] == x)
        --e.n_w;
    }
  }
  qsort(t->epilogue, t->n_epilogue, sizeof(*t->epilogue), &by_index);
  for (i = 0; i < t->n_epilogue; ++i)
    if (!accesses_commute(&e, t->epilogue[i]))
      t->n_epilogue = 0;
  t->drop[0] = (char)(t->n_epilogue > 0 && results_die(&e, t->stmt));
  for (i = 0; i < t->n_epilogue; ++i)
    t->drop[i + 1] = (char)results_die(&e, t->epilogue[i]);
  keep_reduction_whole(t, stmt, target);
  return t->n_epilogue;
}
