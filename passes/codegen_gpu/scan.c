/* The block scan of mdh-codegen-gpu: the ps dimension of a scan spread
 * over the T threads of a block (thread.D(T) or global.D(T,G); PANAMERA
 * Sec. 5 leaves scans to a single block or to CAS-based look-back across
 * blocks). With G blocks, block b scans segment b of S = ceil(N/G)
 * consecutive positions. For each cc point of the block (a block-level
 * AST, block.c: every thread runs the same points, so all meet at the
 * barriers):
 *
 *   1. thread t scans its chunk of C = ceil(S/T) consecutive positions of
 *      the segment sequentially, from its first position's value (no
 *      identity needed, so combine functions work too), writing each
 *      prefix in place, and puts its chunk's total into a shared array;
 *   2. barrier;
 *   3. thread t > 0 folds the totals of the chunks before its own, in
 *      order, and combines that prefix into each of its positions;
 *   4. barrier (the next cc point overwrites the totals); with G > 1,
 *      thread 0 then copies the segment's total (its last position) to
 *      a device buffer of the blocks' totals.
 *
 * With G > 1 a second kernel on the same grid completes the scan across
 * the segments (reduce-then-scan, Merrill and Garland, Single-pass Parallel
 * Prefix Scan with Decoupled Look-back, NVIDIA NVR-2016-002, Sec. 2, in
 * its three-phase form without the single pass): for each cc point, the
 * threads of block b > 0 fold the totals of segments 0 .. b-1 in order and
 * combine that prefix into the positions of segment b, position t, t + T,
 * ... (neighbouring threads on neighbouring positions).
 *
 * The combine operator is associative (MDH Lemma 10), so the chunks and
 * segments may be joined in this order; a float scan rounds differently
 * from the sequential reference. Chunks are consecutive positions, so
 * neighbouring threads do not read neighbouring elements in phase 1: each
 * thread walks its own cache lines.
 */

#include "lib/stmt.h"
#include "passes/codegen_gpu/kernel.h"
#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

#define MAX_RANK MDH_MODEL_MAX_RANK
#define PASS "mdh-codegen-gpu"

/* The block scan of kernel "k": its scan dimension "s" (size "n", "threads"
 * and "blocks" along hardware dimension "hw", segments of "segment" and
 * chunks of "chunk" positions), the number of its cc points, inside the
 * launch the shared totals of the chunks, and with several blocks the
 * device buffers of the segments' totals (cc points x blocks), one of each
 * per component. */
struct block_scan {
  struct mdh_kernel *k;
  int s;
  int hw;
  int64_t n;
  int64_t threads;
  int64_t blocks;
  int64_t segment;
  int64_t chunk;
  int64_t cc_points;
  MlirValue totals[MAX_RANK];
  MlirValue segment_totals[MAX_RANK];
};

static void block_scan_init(struct block_scan *bs, struct mdh_kernel *k) {
  const struct mdh_dim_map *dm;
  int d;

  memset(bs, 0, sizeof(*bs));
  bs->k = k;
  bs->cc_points = 1;
  for (d = 0; d < k->info->stmt->rank; ++d) {
    if (k->info->stmt->kinds[d] == MdhCombinePS)
      bs->s = d;
    else
      bs->cc_points *= mdhMdHomGetSize(k->info->stmt->hom, d);
  }
  dm = &k->map.dims[bs->s];
  bs->hw = dm->hw;
  bs->threads = dm->threads;
  bs->blocks = dm->level == MDH_LEVEL_GLOBAL ? dm->blocks : 1;
  bs->n = mdhMdHomGetSize(k->info->stmt->hom, bs->s);
  bs->segment = (bs->n + bs->blocks - 1) / bs->blocks;
  bs->chunk = (bs->segment + bs->threads - 1) / bs->threads;
}

/* Loads (stores) every component of memrefs "mems" at index "at". */
static void load_each(struct mdh_builder *b, const struct mdh_stmt_info *info,
                      const MlirValue *mems, MlirValue at, MlirValue *v) {
  intptr_t c;

  for (c = 0; c < info->n_results; ++c)
    v[c] = mdh_build_load(b, mems[c], 1, &at);
}

static void store_each(struct mdh_builder *b, const struct mdh_stmt_info *info,
                       const MlirValue *mems, MlirValue at,
                       const MlirValue *v) {
  intptr_t c;

  for (c = 0; c < info->n_results; ++c)
    mdh_build_store(b, v[c], mems[c], 1, &at);
}

/* The thread's accumulators := their values combined with "x" (the later
 * values); the results also in "out". */
static void accumulate(struct mdh_builder *b, const struct block_scan *bs,
                       const MlirValue *x, MlirValue *out) {
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue acc[MAX_RANK], zero = mdh_build_index(b, 0);

  load_each(b, info, bs->k->acc, zero, acc);
  mdh_build_combine(b, info->oper, info->fn_type, info->n_results, acc, x, out);
  store_each(b, info, bs->k->acc, zero, out);
}

/* Phase 1 on the chunk ["lo", "hi") at "point" (its scan index is set
 * here): the prefixes of the chunk in place, its total in the thread's
 * accumulators and in the shared totals at "tid". */
static void emit_chunk_scan(struct mdh_builder *b, const struct block_scan *bs,
                            MlirValue *point, MlirValue lo, MlirValue hi,
                            MlirValue tid) {
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue v[MAX_RANK], w[MAX_RANK], zero = mdh_build_index(b, 0);
  struct mdh_builder lb;
  MlirBlock loop;

  point[bs->s] = lo;
  mdh_chain_build_value(b, info, point, NULL, 0, v);
  store_each(b, info, bs->k->acc, zero, v);
  mdh_chain_store_all(b, info, point, v);
  loop = mdh_build_for(
      b, mdh_build_binary(b, "arith.addi", lo, mdh_build_index(b, 1)), hi);
  lb = mdh_builder_before_terminator(b, loop);
  point[bs->s] = mlirBlockGetArgument(loop, 0);
  mdh_chain_build_value(&lb, info, point, NULL, 0, v);
  accumulate(&lb, bs, v, w);
  mdh_chain_store_all(&lb, info, point, w);
  load_each(b, info, bs->k->acc, zero, v);
  store_each(b, info, bs->totals, tid, v);
}

/* Phase 3 for thread "tid" > 0 on the chunk ["lo", "hi"): the totals of
 * chunks 0 .. tid-1 folded in order (in the accumulators), combined into
 * each position of the chunk. */
static void emit_chunk_fixup(struct mdh_builder *b, const struct block_scan *bs,
                             MlirValue *point, MlirValue lo, MlirValue hi,
                             MlirValue tid) {
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue v[MAX_RANK], w[MAX_RANK], out[MAX_RANK];
  MlirValue zero = mdh_build_index(b, 0);
  struct mdh_builder lb;
  MlirBlock loop;

  load_each(b, info, bs->totals, zero, v);
  store_each(b, info, bs->k->acc, zero, v);
  loop = mdh_build_for(b, mdh_build_index(b, 1), tid);
  lb = mdh_builder_before_terminator(b, loop);
  load_each(&lb, info, bs->totals, mlirBlockGetArgument(loop, 0), v);
  accumulate(&lb, bs, v, w);
  loop = mdh_build_for(b, lo, hi);
  lb = mdh_builder_before_terminator(b, loop);
  point[bs->s] = mlirBlockGetArgument(loop, 0);
  load_each(&lb, info, bs->k->acc, zero, v);
  mdh_chain_load_all(&lb, info, point, w);
  mdh_build_combine(&lb, info->oper, info->fn_type, info->n_results, v, w, out);
  mdh_chain_store_all(&lb, info, point, out);
}

/* Reads the cc point "idx" of the statement of a block-level AST into
 * "point" (the scan index 0), and returns its linear number among the cc
 * points (row-major). */
static MlirValue read_point(struct mdh_builder *b, const struct block_scan *bs,
                            const MlirValue *idx, MlirValue *point) {
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue flat = mdh_build_index(b, 0);
  int d, c = 0;

  for (d = 0; d < info->stmt->rank; ++d) {
    if (d == bs->s) {
      point[d] = mdh_build_index(b, 0);
      continue;
    }
    point[d] = idx[c++];
    flat = mdh_build_binary(
        b, "arith.addi",
        mdh_build_binary(
            b, "arith.muli", flat,
            mdh_build_index(b, mdhMdHomGetSize(info->stmt->hom, d))),
        point[d]);
  }
  return flat;
}

/* The first and the end position of the block's segment (with one block
 * along the scan, the whole of it: the block id along its hardware
 * dimension may then deal out a cc dimension). */
static void segment_bounds(struct mdh_builder *b, const struct block_scan *bs,
                           MlirValue *first, MlirValue *end) {
  if (bs->blocks == 1) {
    *first = mdh_build_index(b, 0);
    *end = mdh_build_index(b, bs->n);
    return;
  }
  *first = mdh_build_binary(b, "arith.muli", bs->k->ids[bs->hw],
                            mdh_build_index(b, bs->segment));
  *end = mdh_build_binary(b, "arith.minsi",
                          mdh_build_binary(b, "arith.addi", *first,
                                           mdh_build_index(b, bs->segment)),
                          mdh_build_index(b, bs->n));
}

/* With several blocks, after phase 4: thread 0 copies the total of the
 * block's segment ["first", "end"), its last position, to the segments'
 * totals at cc point "flat". */
static void emit_segment_total(struct mdh_builder *b,
                               const struct block_scan *bs, MlirValue *point,
                               MlirValue first, MlirValue end, MlirValue flat) {
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue v[MAX_RANK], at[2];
  struct mdh_builder tb;
  intptr_t c;

  tb = mdh_build_if(
      b, mdh_build_binary(b, "arith.andi", mdh_build_cmpi(b, "slt", first, end),
                          mdh_build_cmpi(b, "eq", bs->k->ids[3 + bs->hw],
                                         mdh_build_index(b, 0))));
  point[bs->s] =
      mdh_build_binary(&tb, "arith.subi", end, mdh_build_index(&tb, 1));
  mdh_chain_load_all(&tb, info, point, v);
  at[0] = flat;
  at[1] = bs->k->ids[bs->hw];
  for (c = 0; c < info->n_results; ++c)
    mdh_build_store(&tb, v[c], bs->segment_totals[c], 2, at);
}

/* The statement callback of the block scan: the scan of the cc point
 * "idx" within the block's segment (see the top of this file). */
static int emit_stmt(struct mdh_builder *b, const char *name, int n,
                     const MlirValue *idx, void *user) {
  struct block_scan *bs = user;
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue point[MAX_RANK], tid, lo, hi, first, end, flat;
  MlirValue zero = mdh_build_index(b, 0);
  struct mdh_builder tb;

  if (name[0] != 'P' || n != info->stmt->rank - 1) {
    mlirEmitError(b->loc, "isl AST calls an unknown statement");
    return -1;
  }
  flat = read_point(b, bs, idx, point);
  segment_bounds(b, bs, &first, &end);
  tid = bs->k->ids[3 + bs->hw];
  lo = mdh_build_binary(b, "arith.muli", tid, mdh_build_index(b, bs->chunk));
  if (bs->blocks > 1)
    lo = mdh_build_binary(b, "arith.addi", first, lo);
  hi = mdh_build_binary(
      b, "arith.minsi",
      mdh_build_binary(b, "arith.addi", lo, mdh_build_index(b, bs->chunk)),
      end);
  tb = mdh_build_if(b, mdh_build_cmpi(b, "slt", lo, hi));
  emit_chunk_scan(&tb, bs, point, lo, hi, tid);
  mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  tb = mdh_build_if(b, mdh_build_binary(b, "arith.andi",
                                        mdh_build_cmpi(b, "slt", lo, hi),
                                        mdh_build_cmpi(b, "sgt", tid, zero)));
  emit_chunk_fixup(&tb, bs, point, lo, hi, tid);
  mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  if (bs->blocks > 1)
    emit_segment_total(b, bs, point, first, end, flat);
  return 0;
}

/* Loads every component of the segments' totals at "at" (cc point,
 * segment). */
static void load_totals(struct mdh_builder *b, const struct block_scan *bs,
                        const MlirValue *at, MlirValue *v) {
  intptr_t c;

  for (c = 0; c < bs->k->info->n_results; ++c)
    v[c] = mdh_build_load(b, bs->segment_totals[c], 2, at);
}

/* The statement callback of the second kernel: the prefix of the segments
 * before the block's, combined into the positions of its segment at the
 * cc point "idx". */
static int emit_segment_fixup(struct mdh_builder *b, const char *name, int n,
                              const MlirValue *idx, void *user) {
  struct block_scan *bs = user;
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue point[MAX_RANK], v[MAX_RANK], w[MAX_RANK], out[MAX_RANK];
  MlirValue first, end, flat, at[2], zero = mdh_build_index(b, 0);
  struct mdh_builder tb, lb;
  MlirBlock loop;

  if (name[0] != 'P' || n != info->stmt->rank - 1) {
    mlirEmitError(b->loc, "isl AST calls an unknown statement");
    return -1;
  }
  flat = read_point(b, bs, idx, point);
  segment_bounds(b, bs, &first, &end);
  tb = mdh_build_if(b, mdh_build_cmpi(b, "sgt", bs->k->ids[bs->hw], zero));
  at[0] = flat;
  at[1] = zero;
  load_totals(&tb, bs, at, v);
  store_each(&tb, info, bs->k->acc, zero, v);
  loop = mdh_build_for(&tb, mdh_build_index(&tb, 1), bs->k->ids[bs->hw]);
  lb = mdh_builder_before_terminator(&tb, loop);
  at[1] = mlirBlockGetArgument(loop, 0);
  load_totals(&lb, bs, at, v);
  accumulate(&lb, bs, v, w);
  loop = mdh_build_for_step(
      &tb, mdh_build_binary(&tb, "arith.addi", first, bs->k->ids[3 + bs->hw]),
      end, mdh_build_index(&tb, bs->threads));
  lb = mdh_builder_before_terminator(&tb, loop);
  point[bs->s] = mlirBlockGetArgument(loop, 0);
  load_each(&lb, info, bs->k->acc, zero, v);
  mdh_chain_load_all(&lb, info, point, w);
  mdh_build_combine(&lb, info->oper, info->fn_type, info->n_results, v, w, out);
  mdh_chain_store_all(&lb, info, point, out);
  return 0;
}

/* Builds at "b" the launch of "bs" with "n_shared" workgroup attributions
 * "shared" (the chunks' totals of the first kernel) and the statement
 * callback "stmt" over the block-level AST "tree". */
static int build_launch(isl_ctx *ctx, struct mdh_builder *b,
                        struct block_scan *bs, __isl_keep isl_ast_node *tree,
                        int n_shared, const MlirType *shared,
                        int (*stmt)(struct mdh_builder *b, const char *name,
                                    int n, const MlirValue *idx, void *user)) {
  struct mdh_kernel *k = bs->k;
  struct mdh_builder kb;
  MlirBlock body;
  intptr_t c;

  body = mdh_kernel_build_launch(b, k->grid, k->block, n_shared, shared);
  for (c = 0; c < n_shared; ++c)
    bs->totals[c] = mlirBlockGetArgument(body, 12 + c);
  kb = mdh_builder_before_terminator(b, body);
  mdh_kernel_alloc_accumulators(&kb, k, 1);
  return mdh_kernel_translate(ctx, k, &kb, body, tree, stmt, bs);
}

int mdh_kernel_build_scan(isl_ctx *ctx, struct mdh_builder *b,
                          struct mdh_kernel *k) {
  static const struct mdh_block_part part = {'P', 0, 0, 0};
  MlirAttribute space = mdh_kernel_workgroup_space(b->ctx);
  struct block_scan bs;
  int64_t step[MAX_RANK], shape[2];
  MlirType shared[MAX_RANK];
  isl_ast_node *tree;
  intptr_t c, n = k->info->n_results;
  int d, rc;

  block_scan_init(&bs, k);
  for (d = 0; d < k->info->stmt->rank; ++d)
    step[d] = 1;
  tree = mdh_kernel_block_ast(ctx, k, step, &part, 1);
  if (!tree) {
    mdh_isl_report(ctx, k->info->stmt->hom, PASS, "building the scan");
    return -1;
  }
  shape[0] = bs.cc_points;
  shape[1] = bs.blocks;
  for (c = 0; bs.blocks > 1 && c < n; ++c)
    bs.segment_totals[c] = mdh_build_alloc_sized(
        b, "gpu.alloc",
        mlirMemRefTypeContiguousGet(mdh_kernel_component_type(k->info, c), 2,
                                    shape, mlirAttributeGetNull()),
        0, NULL);
  for (c = 0; c < n; ++c)
    shared[c] = mlirMemRefTypeContiguousGet(
        mdh_kernel_component_type(k->info, c), 1, &bs.threads, space);
  rc = build_launch(ctx, b, &bs, tree, (int)n, shared, &emit_stmt);
  if (rc == 0 && bs.blocks > 1)
    rc = build_launch(ctx, b, &bs, tree, 0, NULL, &emit_segment_fixup);
  for (c = 0; bs.blocks > 1 && c < n; ++c)
    mdh_build_op(b, "gpu.dealloc", 1, &bs.segment_totals[c], 0, NULL, 0, NULL);
  isl_ast_node_free(tree);
  return rc;
}
