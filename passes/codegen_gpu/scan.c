/* The block scan of mdh-codegen-gpu: the ps dimension of a scan spread
 * over the T threads of one block (thread.D(T); PANAMERA Sec. 5 leaves
 * scans to a single block or to CAS-based look-back across blocks, and
 * this is the single-block one). For each cc point of the block (a
 * block-level AST, block.c: every thread runs the same points, so all meet
 * at the barriers):
 *
 *   1. thread t scans its chunk of C = ceil(N/T) consecutive positions
 *      sequentially, from its first position's value (no identity needed,
 *      so combine functions work too), writing each prefix in place, and
 *      puts its chunk's total into a shared array;
 *   2. barrier;
 *   3. thread t > 0 folds the totals of the chunks before its own, in
 *      order, and combines that prefix into each of its positions;
 *   4. barrier (the next cc point overwrites the totals).
 *
 * The combine operator is associative (MDH Lemma 10), so the chunks may be
 * joined in this order; a float scan rounds differently from the
 * sequential reference. Chunks are consecutive positions, so neighbouring
 * threads do not read neighbouring elements: each thread walks its own
 * cache lines.
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
 * along hardware dimension "hw", chunks of "chunk" positions) and, inside
 * the launch, the shared totals of the chunks, one array per component. */
struct block_scan {
  struct mdh_kernel *k;
  int s;
  int hw;
  int64_t n;
  int64_t threads;
  int64_t chunk;
  MlirValue totals[MAX_RANK];
};

static void block_scan_init(struct block_scan *bs, struct mdh_kernel *k) {
  const struct mdh_dim_map *dm;
  int d;

  memset(bs, 0, sizeof(*bs));
  bs->k = k;
  for (d = 0; d < k->info->stmt->rank; ++d)
    if (k->info->stmt->kinds[d] == MdhCombinePS)
      bs->s = d;
  dm = &k->map.dims[bs->s];
  bs->hw = dm->hw;
  bs->threads = dm->threads;
  bs->n = mdhMdHomGetSize(k->info->stmt->hom, bs->s);
  bs->chunk = (bs->n + bs->threads - 1) / bs->threads;
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

/* The statement callback: the scan of the cc point "idx" (see the top of
 * this file). */
static int emit_stmt(struct mdh_builder *b, const char *name, int n,
                     const MlirValue *idx, void *user) {
  struct block_scan *bs = user;
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue point[MAX_RANK], tid, lo, hi, zero = mdh_build_index(b, 0);
  struct mdh_builder tb;
  int d, c = 0;

  if (name[0] != 'P' || n != info->stmt->rank - 1) {
    mlirEmitError(b->loc, "isl AST calls an unknown statement");
    return -1;
  }
  for (d = 0; d < info->stmt->rank; ++d)
    point[d] = d == bs->s ? zero : idx[c++];
  tid = bs->k->ids[3 + bs->hw];
  lo = mdh_build_binary(b, "arith.muli", tid, mdh_build_index(b, bs->chunk));
  hi = mdh_build_binary(
      b, "arith.minsi",
      mdh_build_binary(b, "arith.addi", lo, mdh_build_index(b, bs->chunk)),
      mdh_build_index(b, bs->n));
  tb = mdh_build_if(b, mdh_build_cmpi(b, "slt", lo, hi));
  emit_chunk_scan(&tb, bs, point, lo, hi, tid);
  mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  tb = mdh_build_if(b, mdh_build_binary(b, "arith.andi",
                                        mdh_build_cmpi(b, "slt", lo, hi),
                                        mdh_build_cmpi(b, "sgt", tid, zero)));
  emit_chunk_fixup(&tb, bs, point, lo, hi, tid);
  mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  return 0;
}

int mdh_kernel_build_scan(isl_ctx *ctx, struct mdh_builder *b,
                          struct mdh_kernel *k) {
  static const struct mdh_block_part part = {'P', 0, 0, 0};
  MlirAttribute space = mdh_kernel_workgroup_space(b->ctx);
  struct block_scan bs;
  int64_t step[MAX_RANK];
  MlirType shared[MAX_RANK];
  struct mdh_builder kb;
  isl_ast_node *tree;
  MlirBlock body;
  intptr_t c;
  int d, rc;

  block_scan_init(&bs, k);
  for (d = 0; d < k->info->stmt->rank; ++d)
    step[d] = 1;
  tree = mdh_kernel_block_ast(ctx, k, step, &part, 1);
  if (!tree) {
    mdh_isl_report(ctx, k->info->stmt->hom, PASS, "building the scan");
    return -1;
  }
  for (c = 0; c < k->info->n_results; ++c)
    shared[c] = mlirMemRefTypeContiguousGet(
        mdh_kernel_component_type(k->info, c), 1, &bs.threads, space);
  body =
      mdh_kernel_build_launch(b, k->grid, k->block, k->info->n_results, shared);
  for (c = 0; c < k->info->n_results; ++c)
    bs.totals[c] = mlirBlockGetArgument(body, 12 + c);
  kb = mdh_builder_before_terminator(b, body);
  mdh_kernel_alloc_accumulators(&kb, k, 1);
  rc = mdh_kernel_translate(ctx, k, &kb, body, tree, &emit_stmt, &bs);
  isl_ast_node_free(tree);
  return rc;
}
