/* The block scan of mdh-codegen-gpu: the ps dimension of a scan spread
 * over the T threads of a block (thread.D(T) or global.D(T,G); PANAMERA
 * Sec. 5 leaves scans to a single block or to CAS-based look-back across
 * blocks). With G blocks, block b scans segment b of S = ceil(N/G)
 * consecutive positions. For each cc point of the block (a block-level
 * AST, block.c: every thread runs the same points, so all meet at the
 * barriers), the segment is walked in tiles of T x C positions, each
 * staged through shared memory so that neighbouring threads read and
 * write neighbouring elements (the blocked arrangement of CUB's block
 * scan, Merrill and Garland, Single-pass Parallel Prefix Scan with
 * Decoupled Look-back, NVIDIA NVR-2016-002, Sec. 4):
 *
 *   1. thread t loads positions t, t + T, ... of the tile into the tile
 *      buffer; barrier;
 *   2. thread t scans its chunk of C consecutive buffer elements
 *      sequentially in place, from its first element's value (no identity
 *      needed, so combine functions work too), and puts the chunk's total
 *      into a shared array; barrier;
 *   3. the chunk totals are scanned in shared memory (log2(T) rounds of
 *      two barriers), and thread t combines the carry (the total of the
 *      tiles before) and the scanned total of the chunks before its own
 *      into each of its elements; barrier;
 *   4. thread t stores positions t, t + T, ... of the tile from the
 *      buffer, and every thread takes the tile's last element as the new
 *      carry; barrier (the next tile overwrites the buffer).
 *
 * With G > 1 the scan is reduce-then-scan (that paper, Sec. 2, in its
 * three-phase form without the single pass): a first kernel walks each
 * segment through steps 1, 2 and the scan of the chunk totals alone, the
 * last scanned total joining the carry, and writes the segment's total to
 * a device buffer; a
 * second kernel on the same grid starts block b > 0 from the fold of the
 * totals of segments 0 .. b-1, in order, as its carry and scans its
 * segment. The inputs are read twice and the outputs written once, where
 * a scan in place would write them twice and read them back.
 *
 * A scan of static sizes and one component of a 32-bit type under a
 * builtin operator runs in a single pass instead (that paper, Sec. 4, the
 * decoupled look-back), reading its inputs once: the blocks take the
 * tiles of T x C positions in the order they start, by a ticket from a
 * counter (the tiles of all cc points, one point's after another's),
 * and for each tile run steps 1, 2 and 3a, then thread 0 hands
 * the tile's total to the runtime's look-back (runtime/device/lookback.c),
 * which publishes it in the tile's status word, folds the totals and
 * prefixes of the tiles before it and publishes the tile's inclusive
 * prefix; the exclusive prefix it returns is every thread's carry for
 * steps 3b and 4. The status words and the counter live in a device
 * buffer that a small kernel zeroes before.
 *
 * The combine operator is associative (MDH Lemma 10), so the chunks,
 * tiles and segments may be joined in this order; a float scan rounds
 * differently from the sequential reference.
 */

#include "lib/stmt.h"
#include "passes/codegen_gpu/kernel.h"
#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

#define MAX_RANK MDH_MODEL_MAX_RANK
#define PASS "mdh-codegen-gpu"

/* Threads per block of the kernel that zeroes the status words. */
#define ZERO_THREADS 256

/* The positions each thread scans per tile: CUB's device scan of f32 sums
 * takes 8 (sm_80) to 24 (sm_90) items per thread in its tuning policies;
 * an odd number keeps the threads' chunks, C elements apart in the tile
 * buffer, in different shared-memory banks. 15 x 256 threads ran the 2^26
 * scan of bench/gpu in 0.31 ms on an H200 (bench/README.md). */
#define SCAN_ITEMS 15

/* The block scan of kernel "k": its scan dimension "s" (size "n", "threads"
 * and "blocks" along hardware dimension "hw", segments of "segment"
 * positions, "items" per thread and tile), the number of its cc points,
 * inside the launch the shared chunk totals and tile buffer, and with
 * several blocks the device buffers of the segments' totals (cc points x
 * blocks), one of each per component, or, in a single pass, the status
 * words of its "n_tiles" tiles ("tiles_per_cc" per cc point, those of a
 * point one after another) and their ticket counter ("flags", the counter
 * last) and the shared slots of a block's ticket and carry. The
 * accumulators hold two elements
 * per component: the running value of a chunk (ACC) and the carry
 * (CARRY). */
struct block_scan {
  struct mdh_kernel *k;
  int s;
  int hw;
  int64_t n;
  int64_t threads;
  int64_t blocks;
  int64_t segment;
  int64_t items;
  int64_t cc_points;
  MlirValue totals[MAX_RANK];
  MlirValue tile[MAX_RANK];
  MlirValue segment_totals[MAX_RANK];
  int64_t n_tiles;
  int64_t tiles_per_cc;
  MlirValue flags;
  MlirValue ticket;
  MlirValue prefix;
};

enum { ACC = 0, CARRY = 1 };

/* The items per thread of "bs": SCAN_ITEMS, fewer where the tile buffer
 * and the chunk totals would not fit a block's static shared memory (at
 * least 1, which mdh_mapping_check_scan makes sure fits). */
static int64_t scan_items(const struct block_scan *bs) {
  int64_t bytes = mdh_stmt_info_point_bytes(bs->k->info), items;

  items = bytes > 0
              ? (MDH_GPU_MAX_SHARED_BYTES / bytes - bs->threads) / bs->threads
              : SCAN_ITEMS;
  return items < 1 ? 1 : items < SCAN_ITEMS ? items : SCAN_ITEMS;
}

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
  bs->items = scan_items(bs);
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

/* Loads (stores) accumulator element "r" (ACC or CARRY) of every
 * component. */
static void load_acc(struct mdh_builder *b, const struct block_scan *bs, int r,
                     MlirValue *v) {
  load_each(b, bs->k->info, bs->k->acc, mdh_build_index(b, r), v);
}

static void store_acc(struct mdh_builder *b, const struct block_scan *bs, int r,
                      const MlirValue *v) {
  store_each(b, bs->k->info, bs->k->acc, mdh_build_index(b, r), v);
}

/* Accumulator element "r" := its values combined with "x" (the later
 * values); the results also in "out". */
static void accumulate(struct mdh_builder *b, const struct block_scan *bs,
                       int r, const MlirValue *x, MlirValue *out) {
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue acc[MAX_RANK];

  load_acc(b, bs, r, acc);
  mdh_build_combine(b, info->oper, info->fn_type, info->n_results, acc, x, out);
  store_acc(b, bs, r, out);
}

/* The builder of a loop over j = 0 .. items-1 at "b" whose body runs where
 * the tile position q = j T + "tid" lies below "len"; q in "q". */
static struct mdh_builder for_each_item(struct mdh_builder *b,
                                        const struct block_scan *bs,
                                        MlirValue tid, MlirValue len,
                                        MlirValue *q) {
  struct mdh_builder lb;
  MlirBlock loop;

  loop = mdh_build_for(b, mdh_build_index(b, 0), mdh_build_index(b, bs->items));
  lb = mdh_builder_before_terminator(b, loop);
  *q = mdh_build_binary(&lb, "arith.addi",
                        mdh_build_binary(&lb, "arith.muli",
                                         mlirBlockGetArgument(loop, 0),
                                         mdh_build_index(&lb, bs->threads)),
                        tid);
  return mdh_build_if(&lb, mdh_build_cmpi(&lb, "slt", *q, len));
}

/* Step 1 on the tile of "len" positions from "base": the md_hom's values
 * at them into the tile buffer, then a barrier. */
static void emit_tile_load(struct mdh_builder *b, const struct block_scan *bs,
                           MlirValue *point, MlirValue base, MlirValue len,
                           MlirValue tid) {
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue v[MAX_RANK], q;
  struct mdh_builder ib;

  ib = for_each_item(b, bs, tid, len, &q);
  point[bs->s] = mdh_build_binary(&ib, "arith.addi", base, q);
  mdh_chain_build_value(&ib, info, point, NULL, 0, v);
  store_each(&ib, info, bs->tile, q, v);
  mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
}

/* Step 2 on the chunk ["lo", "hi") of the tile buffer: its prefixes in
 * place where "in_place" (else only its total), its total into the chunk
 * totals at "tid"; then a barrier. */
static void emit_chunk_scan(struct mdh_builder *b, const struct block_scan *bs,
                            MlirValue lo, MlirValue hi, MlirValue tid,
                            int in_place) {
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue v[MAX_RANK], w[MAX_RANK];
  struct mdh_builder tb, lb;
  MlirBlock loop;
  MlirValue at;

  tb = mdh_build_if(b, mdh_build_cmpi(b, "slt", lo, hi));
  load_each(&tb, info, bs->tile, lo, v);
  store_acc(&tb, bs, ACC, v);
  loop = mdh_build_for(
      &tb, mdh_build_binary(&tb, "arith.addi", lo, mdh_build_index(&tb, 1)),
      hi);
  lb = mdh_builder_before_terminator(&tb, loop);
  at = mlirBlockGetArgument(loop, 0);
  load_each(&lb, info, bs->tile, at, v);
  accumulate(&lb, bs, ACC, v, w);
  if (in_place)
    store_each(&lb, info, bs->tile, at, w);
  load_acc(&tb, bs, ACC, v);
  store_each(&tb, info, bs->totals, tid, v);
  mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
}

/* Step 3a: the chunk totals [0, "chunks") scanned in place, inclusive, in
 * log2(T) rounds (Hillis and Steele, Data Parallel Algorithms, CACM 1986):
 * in round d, thread t >= d combines the total d places before its own
 * into it. Each round reads into the thread's ACC, meets at a barrier,
 * writes, and meets again. */
static void emit_totals_scan(struct mdh_builder *b, const struct block_scan *bs,
                             MlirValue tid, MlirValue chunks) {
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue v[MAX_RANK], w[MAX_RANK], out[MAX_RANK], cond;
  struct mdh_builder tb;
  int64_t d;

  for (d = 1; d < bs->threads; d *= 2) {
    cond = mdh_build_binary(
        b, "arith.andi", mdh_build_cmpi(b, "sge", tid, mdh_build_index(b, d)),
        mdh_build_cmpi(b, "slt", tid, chunks));
    tb = mdh_build_if(b, cond);
    load_each(&tb, info, bs->totals,
              mdh_build_binary(&tb, "arith.subi", tid, mdh_build_index(&tb, d)),
              v);
    load_each(&tb, info, bs->totals, tid, w);
    mdh_build_combine(&tb, info->oper, info->fn_type, info->n_results, v, w,
                      out);
    store_acc(&tb, bs, ACC, out);
    mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
    tb = mdh_build_if(b, cond);
    load_acc(&tb, bs, ACC, v);
    store_each(&tb, info, bs->totals, tid, v);
    mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  }
}

/* Accumulator element "r" := the carry combined with element "at" of the
 * scanned chunk totals where "has_carry", else that total alone (no
 * identity needed); the carry is read only where there is one, so that a
 * combine function never sees an undefined value. */
static void carry_and_total(struct mdh_builder *b, const struct block_scan *bs,
                            MlirValue has_carry, MlirValue at, int r) {
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue carry[MAX_RANK], total[MAX_RANK], both[MAX_RANK];
  MlirBlock then_b, else_b;
  struct mdh_builder tb;

  mdh_build_if_else(b, has_carry, &then_b, &else_b);
  tb = mdh_builder_before_terminator(b, then_b);
  load_acc(&tb, bs, CARRY, carry);
  load_each(&tb, info, bs->totals, at, total);
  mdh_build_combine(&tb, info->oper, info->fn_type, info->n_results, carry,
                    total, both);
  store_acc(&tb, bs, r, both);
  tb = mdh_builder_before_terminator(b, else_b);
  load_each(&tb, info, bs->totals, at, total);
  store_acc(&tb, bs, r, total);
}

/* Step 3b for the chunk ["lo", "hi") of thread "tid": where it has
 * elements and a prefix (tid > 0 or "has_carry"), that prefix (the carry
 * for thread 0, else the carry and the scanned total of chunk tid-1)
 * combined into each of its elements; then a barrier. */
static void emit_chunk_fixup(struct mdh_builder *b, const struct block_scan *bs,
                             MlirValue lo, MlirValue hi, MlirValue tid,
                             MlirValue has_carry) {
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue pre[MAX_RANK], w[MAX_RANK], out[MAX_RANK], at;
  MlirValue zero = mdh_build_index(b, 0);
  struct mdh_builder tb, eb, lb;
  MlirBlock loop, then_b, else_b;

  tb = mdh_build_if(
      b,
      mdh_build_binary(b, "arith.andi", mdh_build_cmpi(b, "slt", lo, hi),
                       mdh_build_binary(b, "arith.ori", has_carry,
                                        mdh_build_cmpi(b, "sgt", tid, zero))));
  mdh_build_if_else(&tb, mdh_build_cmpi(&tb, "eq", tid, zero), &then_b,
                    &else_b);
  eb = mdh_builder_before_terminator(&tb, then_b);
  load_acc(&eb, bs, CARRY, pre);
  store_acc(&eb, bs, ACC, pre);
  eb = mdh_builder_before_terminator(&tb, else_b);
  carry_and_total(
      &eb, bs, has_carry,
      mdh_build_binary(&eb, "arith.subi", tid, mdh_build_index(&eb, 1)), ACC);
  load_acc(&tb, bs, ACC, pre);
  loop = mdh_build_for(&tb, lo, hi);
  lb = mdh_builder_before_terminator(&tb, loop);
  at = mlirBlockGetArgument(loop, 0);
  load_each(&lb, info, bs->tile, at, w);
  mdh_build_combine(&lb, info->oper, info->fn_type, info->n_results, pre, w,
                    out);
  store_each(&lb, info, bs->tile, at, out);
  mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
}

/* Step 4 on the tile of "len" positions from "base": the tile buffer
 * stored to the outputs, its last element the carry of every thread; then
 * a barrier. */
static void emit_tile_store(struct mdh_builder *b, const struct block_scan *bs,
                            MlirValue *point, MlirValue base, MlirValue len,
                            MlirValue tid) {
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue v[MAX_RANK], q;
  struct mdh_builder ib;

  ib = for_each_item(b, bs, tid, len, &q);
  load_each(&ib, info, bs->tile, q, v);
  point[bs->s] = mdh_build_binary(&ib, "arith.addi", base, q);
  mdh_chain_store_all(&ib, info, point, v);
  load_each(b, info, bs->tile,
            mdh_build_binary(b, "arith.subi", len, mdh_build_index(b, 1)), v);
  store_acc(b, bs, CARRY, v);
  mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
}

/* The reduce-only end of a tile (steps 1, 2 and 3a done): the carry
 * combined with the tile's total, the last of its "chunks" scanned chunk
 * totals. Each thread reads it before the next tile's step 2 overwrites
 * it, as that step follows a barrier. */
static void emit_tile_total(struct mdh_builder *b, const struct block_scan *bs,
                            MlirValue chunks, MlirValue has_carry) {
  carry_and_total(
      b, bs, has_carry,
      mdh_build_binary(b, "arith.subi", chunks, mdh_build_index(b, 1)), CARRY);
}

/* The tiles of the segment ["first", "end") (see the top of this file):
 * scanned and stored where "write", else only their total folded into
 * thread 0's carry. The first tile has a carry where "seeded" (an i1, or
 * a null value for none). */
static void emit_tiles(struct mdh_builder *b, const struct block_scan *bs,
                       MlirValue *point, MlirValue first, MlirValue end,
                       MlirValue seeded, int write) {
  MlirValue tid = bs->k->ids[3 + bs->hw], base, len, lo, hi, has_carry, chunks;
  MlirValue tile = mdh_build_index(b, bs->threads * bs->items);
  MlirValue items = mdh_build_index(b, bs->items);
  struct mdh_builder lb;
  MlirBlock loop;

  loop = mdh_build_for_step(b, first, end, tile);
  lb = mdh_builder_before_terminator(b, loop);
  base = mlirBlockGetArgument(loop, 0);
  len = mdh_build_binary(&lb, "arith.minsi", tile,
                         mdh_build_binary(&lb, "arith.subi", end, base));
  has_carry = mdh_build_cmpi(&lb, "sgt", base, first);
  if (!mlirValueIsNull(seeded))
    has_carry = mdh_build_binary(&lb, "arith.ori", has_carry, seeded);
  emit_tile_load(&lb, bs, point, base, len, tid);
  lo = mdh_build_binary(&lb, "arith.muli", tid, items);
  hi = mdh_build_binary(&lb, "arith.minsi",
                        mdh_build_binary(&lb, "arith.addi", lo, items), len);
  chunks =
      mdh_build_binary(&lb, "arith.divsi",
                       mdh_build_binary(&lb, "arith.addi", len,
                                        mdh_build_index(&lb, bs->items - 1)),
                       items);
  emit_chunk_scan(&lb, bs, lo, hi, tid, write);
  emit_totals_scan(&lb, bs, tid, chunks);
  if (write) {
    emit_chunk_fixup(&lb, bs, lo, hi, tid, has_carry);
    emit_tile_store(&lb, bs, point, base, len, tid);
  } else {
    emit_tile_total(&lb, bs, chunks, has_carry);
  }
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

/* Checks that "name" with "n" indices is the statement of the scan;
 * returns -1 after an error otherwise. */
static int check_stmt(struct mdh_builder *b, const struct block_scan *bs,
                      const char *name, int n) {
  if (name[0] == 'P' && n == bs->k->info->stmt->rank - 1)
    return 0;
  mlirEmitError(b->loc, "isl AST calls an unknown statement");
  return -1;
}

/* The statement callback of the first kernel: with one block along the
 * scan, the scan of the cc point "idx"; with several, the total of the
 * block's segment at that point, which thread 0 writes to the segments'
 * totals. */
static int emit_stmt(struct mdh_builder *b, const char *name, int n,
                     const MlirValue *idx, void *user) {
  struct block_scan *bs = user;
  MlirValue point[MAX_RANK], first, end, flat, v[MAX_RANK], at[2];
  struct mdh_builder tb;
  intptr_t c;

  if (check_stmt(b, bs, name, n) < 0)
    return -1;
  flat = read_point(b, bs, idx, point);
  segment_bounds(b, bs, &first, &end);
  emit_tiles(b, bs, point, first, end, (MlirValue){NULL}, bs->blocks == 1);
  if (bs->blocks == 1)
    return 0;
  tb = mdh_build_if(
      b, mdh_build_binary(b, "arith.andi", mdh_build_cmpi(b, "slt", first, end),
                          mdh_build_cmpi(b, "eq", bs->k->ids[3 + bs->hw],
                                         mdh_build_index(b, 0))));
  load_acc(&tb, bs, CARRY, v);
  at[0] = flat;
  at[1] = bs->k->ids[bs->hw];
  for (c = 0; c < bs->k->info->n_results; ++c)
    mdh_build_store(&tb, v[c], bs->segment_totals[c], 2, at);
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

/* The statement callback of the second kernel: at the cc point "idx",
 * block b > 0 folds the totals of segments 0 .. b-1 in order into its
 * carry, and every block scans its segment from there. */
static int emit_segment_scan(struct mdh_builder *b, const char *name, int n,
                             const MlirValue *idx, void *user) {
  struct block_scan *bs = user;
  MlirValue point[MAX_RANK], v[MAX_RANK], w[MAX_RANK], at[2];
  MlirValue first, end, flat, seeded, bid = bs->k->ids[bs->hw];
  MlirValue zero = mdh_build_index(b, 0);
  struct mdh_builder tb, lb;
  MlirBlock loop;

  if (check_stmt(b, bs, name, n) < 0)
    return -1;
  flat = read_point(b, bs, idx, point);
  segment_bounds(b, bs, &first, &end);
  seeded = mdh_build_cmpi(b, "sgt", bid, zero);
  tb = mdh_build_if(b, mdh_build_binary(b, "arith.andi", seeded,
                                        mdh_build_cmpi(b, "slt", first, end)));
  at[0] = flat;
  at[1] = zero;
  load_totals(&tb, bs, at, v);
  store_acc(&tb, bs, CARRY, v);
  loop = mdh_build_for(&tb, mdh_build_index(&tb, 1), bid);
  lb = mdh_builder_before_terminator(&tb, loop);
  at[1] = mlirBlockGetArgument(loop, 0);
  load_totals(&lb, bs, at, v);
  accumulate(&lb, bs, CARRY, v, w);
  emit_tiles(b, bs, point, first, end, seeded, 1);
  return 0;
}

/* Tells whether "bs" runs in a single pass (see the top of this file):
 * several blocks along the scan, static sizes, one component whose
 * builtin operator the runtime's look-back has for its 32-bit type. */
static int single_pass(const struct block_scan *bs) {
  static const char *const float_ops[] = {"add", "mul", "min", "max", NULL};
  static const char *const int_ops[] = {"add", "mul", "min", "max",
                                        "and", "or",  "xor", NULL};
  const struct mdh_stmt_info *info = bs->k->info;
  const char *op, *type;
  const char *const *ops;
  int d;

  if (bs->blocks < 2 || info->n_results != 1)
    return 0;
  for (d = 0; d < info->stmt->rank; ++d)
    if (mdhMdHomGetSize(info->stmt->hom, d) <= 0)
      return 0;
  op = mdh_component_operator(info, 0);
  type = mdh_runtime_type(mdh_kernel_component_type(info, 0));
  if (!op || !type)
    return 0;
  ops = !strcmp(type, "f32")   ? float_ops
        : !strcmp(type, "i32") ? int_ops
                               : NULL;
  for (; ops && *ops; ++ops)
    if (!strcmp(op, *ops))
      return 1;
  return 0;
}

/* The first region of the ticket loop: thread 0 draws the block's next
 * tile from the counter and every thread reads it after a barrier; the
 * loop goes on while it is a tile. */
static void emit_draw_ticket(struct mdh_builder *b, const struct block_scan *bs,
                             MlirValue tid) {
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64),
           index = mlirIndexTypeGet(b->ctx);
  MlirValue zero = mdh_build_index(b, 0), operands[3], t, cond;
  MlirNamedAttribute kind = mdh_named_attr(
      b->ctx, "kind", mlirIntegerAttrGet(i64, MDH_ATOMIC_RMW_ADDI));
  struct mdh_builder tb;

  tb = mdh_build_if(b, mdh_build_cmpi(b, "eq", tid, zero));
  operands[0] = mdh_build_int(&tb, i64, 1);
  operands[1] = bs->flags;
  operands[2] = mdh_build_index(&tb, bs->n_tiles);
  t = mlirOperationGetResult(
      mdh_build_op(&tb, "memref.atomic_rmw", 3, operands, 1, &i64, 1, &kind),
      0);
  mdh_build_store(&tb, t, bs->ticket, 1, &zero);
  mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  t = mdh_build_load(b, bs->ticket, 1, &zero);
  t = mlirOperationGetResult(
      mdh_build_op(b, "arith.index_cast", 1, &t, 1, &index, 0, NULL), 0);
  cond = mdh_build_cmpi(b, "slt", t, mdh_build_index(b, bs->n_tiles));
  operands[0] = cond;
  operands[1] = t;
  mdh_build_op(b, "scf.condition", 2, operands, 0, NULL, 0, NULL);
}

/* Thread 0's look-back for tile "t" (runtime/device/lookback.c) of the
 * scan whose first tile is "first", its total the last of the "chunks"
 * scanned chunk totals: the exclusive prefix it returns goes to the shared
 * carry slot, which every thread reads into its carry after a barrier
 * where the tile has one. Returns whether it has one. */
static MlirValue emit_look_back(struct mdh_builder *b,
                                const struct block_scan *bs, MlirValue tid,
                                MlirValue t, MlirValue first,
                                MlirValue chunks) {
  struct mdh_stmt_info *info = bs->k->info;
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue zero = mdh_build_index(b, 0), args[4], v, has_prefix;
  struct mdh_builder tb;

  tb = mdh_build_if(b, mdh_build_cmpi(b, "eq", tid, zero));
  args[0] = mdh_kernel_element_pointer(&tb, bs->flags, 1, &zero);
  args[1] = mlirOperationGetResult(
      mdh_build_op(&tb, "arith.index_cast", 1, &t, 1, &i64, 0, NULL), 0);
  args[2] = mlirOperationGetResult(
      mdh_build_op(&tb, "arith.index_cast", 1, &first, 1, &i64, 0, NULL), 0);
  args[3] =
      mdh_build_load(&tb, bs->totals[0], 1,
                     (MlirValue[]){mdh_build_binary(&tb, "arith.subi", chunks,
                                                    mdh_build_index(&tb, 1))});
  v = mdh_kernel_call_runtime(bs->k, &tb, "scan_lookback",
                              mdh_component_operator(info, 0),
                              mlirValueGetType(args[3]), 4, args);
  mdh_build_store(&tb, v, bs->prefix, 1, &zero);
  mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  has_prefix = mdh_build_cmpi(b, "sgt", t, first);
  tb = mdh_build_if(b, has_prefix);
  v = mdh_build_load(&tb, bs->prefix, 1, &zero);
  store_acc(&tb, bs, CARRY, &v);
  return has_prefix;
}

/* Sets "point" to the cc point of tile "t" (its number among the cc
 * points, row-major as read_point counts them, is t / tiles_per_cc; the
 * scan index 0) and returns the first tile of that point. */
static MlirValue ticket_point(struct mdh_builder *b,
                              const struct block_scan *bs, MlirValue t,
                              MlirValue *point) {
  struct mdh_stmt_info *info = bs->k->info;
  MlirValue per = mdh_build_index(b, bs->tiles_per_cc), cc, rest, size;
  int d;

  rest = cc = mdh_build_binary(b, "arith.divsi", t, per);
  for (d = info->stmt->rank - 1; d >= 0; --d) {
    if (d == bs->s) {
      point[d] = mdh_build_index(b, 0);
      continue;
    }
    size = mdh_build_index(b, mdhMdHomGetSize(info->stmt->hom, d));
    point[d] = mdh_build_binary(b, "arith.remsi", rest, size);
    rest = mdh_build_binary(b, "arith.divsi", rest, size);
  }
  return mdh_build_binary(b, "arith.muli", cc, per);
}

/* The second region of the ticket loop: tile "t", loaded, scanned within
 * the block, given its prefix by the look-back and stored. */
static void emit_ticket_tile(struct mdh_builder *b, const struct block_scan *bs,
                             MlirValue tid, MlirValue t) {
  MlirValue tile = mdh_build_index(b, bs->threads * bs->items);
  MlirValue items = mdh_build_index(b, bs->items);
  MlirValue point[MAX_RANK], base, len, lo, hi, chunks, has_prefix, first;

  first = ticket_point(b, bs, t, point);
  base = mdh_build_binary(b, "arith.muli",
                          mdh_build_binary(b, "arith.subi", t, first), tile);
  len = mdh_build_binary(
      b, "arith.minsi", tile,
      mdh_build_binary(b, "arith.subi", mdh_build_index(b, bs->n), base));
  emit_tile_load(b, bs, point, base, len, tid);
  lo = mdh_build_binary(b, "arith.muli", tid, items);
  hi = mdh_build_binary(b, "arith.minsi",
                        mdh_build_binary(b, "arith.addi", lo, items), len);
  chunks = mdh_build_binary(
      b, "arith.divsi",
      mdh_build_binary(b, "arith.addi", len, mdh_build_index(b, bs->items - 1)),
      items);
  emit_chunk_scan(b, bs, lo, hi, tid, 1);
  emit_totals_scan(b, bs, tid, chunks);
  has_prefix = emit_look_back(b, bs, tid, t, first, chunks);
  emit_chunk_fixup(b, bs, lo, hi, tid, has_prefix);
  emit_tile_store(b, bs, point, base, len, tid);
  mdh_build_op(b, "scf.yield", 0, NULL, 0, NULL, 0, NULL);
}

/* The body of the single pass: the loop over the tickets that the block
 * draws (scf.while), each a tile of one cc point. */
static void emit_single_pass(struct mdh_builder *b, struct block_scan *bs) {
  MlirType index = mlirIndexTypeGet(b->ctx);
  MlirLocation loc = b->loc;
  MlirValue tid = bs->k->ids[3 + bs->hw];
  MlirRegion regions[2];
  MlirBlock before, after;
  MlirOperationState st;
  struct mdh_builder rb;

  before = mlirBlockCreate(0, NULL, NULL);
  after = mlirBlockCreate(1, &index, &loc);
  regions[0] = mlirRegionCreate();
  regions[1] = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(regions[0], before);
  mlirRegionAppendOwnedBlock(regions[1], after);
  st = mlirOperationStateGet(mlirStringRefCreateFromCString("scf.while"), loc);
  mlirOperationStateAddResults(&st, 1, &index);
  mlirOperationStateAddOwnedRegions(&st, 2, regions);
  mdh_build_insert(b, mlirOperationCreate(&st));
  rb = *b;
  rb.block = before;
  rb.before = (MlirOperation){NULL};
  emit_draw_ticket(&rb, bs, tid);
  rb.block = after;
  emit_ticket_tile(&rb, bs, tid, mlirBlockGetArgument(after, 0));
}

/* Builds at "b" the kernel that zeroes the status words and the counter of
 * the single pass of "bs". */
static void build_zero_flags(struct mdh_builder *b,
                             const struct block_scan *bs) {
  int64_t n = bs->n_tiles + 1, block[3] = {ZERO_THREADS, 1, 1},
          grid[3] = {(n + ZERO_THREADS - 1) / ZERO_THREADS, 1, 1};
  MlirValue i;
  struct mdh_builder kb, lb;
  MlirBlock body;

  body = mdh_kernel_build_launch(b, grid, block, 0, NULL);
  kb = mdh_builder_before_terminator(b, body);
  i = mdh_kernel_build_global_x(&kb, body, ZERO_THREADS);
  lb =
      mdh_build_if(&kb, mdh_build_cmpi(&kb, "slt", i, mdh_build_index(&kb, n)));
  mdh_build_store(&lb, mdh_build_int(&lb, mlirIntegerTypeGet(b->ctx, 64), 0),
                  bs->flags, 1, &i);
}

/* Builds at "b" the launch of "bs" with the shared chunk totals and tile
 * buffer (in a single pass also the ticket and carry slots) and the
 * accumulators; returns its body, "kb" the builder inside it. */
static MlirBlock begin_launch(struct mdh_builder *b, struct block_scan *bs,
                              struct mdh_builder *kb) {
  MlirAttribute space = mdh_kernel_workgroup_space(b->ctx);
  struct mdh_kernel *k = bs->k;
  intptr_t c, n = k->info->n_results;
  MlirType shared[2 * MAX_RANK + 2], elem;
  int64_t tile = bs->threads * bs->items, one = 1;
  int n_shared = (int)(2 * n);
  MlirBlock body;

  for (c = 0; c < n; ++c) {
    elem = mdh_kernel_component_type(k->info, c);
    shared[c] = mlirMemRefTypeContiguousGet(elem, 1, &bs->threads, space);
    shared[n + c] = mlirMemRefTypeContiguousGet(elem, 1, &tile, space);
  }
  if (!mlirValueIsNull(bs->flags)) {
    shared[n_shared++] = mlirMemRefTypeContiguousGet(
        mlirIntegerTypeGet(b->ctx, 64), 1, &one, space);
    shared[n_shared++] = mlirMemRefTypeContiguousGet(
        mdh_kernel_component_type(k->info, 0), 1, &one, space);
  }
  body = mdh_kernel_build_launch(b, k->grid, k->block, n_shared, shared);
  for (c = 0; c < n; ++c) {
    bs->totals[c] = mlirBlockGetArgument(body, 12 + c);
    bs->tile[c] = mlirBlockGetArgument(body, 12 + n + c);
  }
  if (!mlirValueIsNull(bs->flags)) {
    bs->ticket = mlirBlockGetArgument(body, 12 + 2 * n);
    bs->prefix = mlirBlockGetArgument(body, 12 + 2 * n + 1);
  }
  *kb = mdh_builder_before_terminator(b, body);
  mdh_kernel_alloc_accumulators(kb, k, 2);
  return body;
}

/* Builds at "b" the launch of "bs" (begin_launch) with the statement
 * callback "stmt" over the block-level AST "tree". */
static int build_launch(isl_ctx *ctx, struct mdh_builder *b,
                        struct block_scan *bs, __isl_keep isl_ast_node *tree,
                        int (*stmt)(struct mdh_builder *b, const char *name,
                                    int n, const MlirValue *idx, void *user)) {
  struct mdh_builder kb;
  MlirBlock body = begin_launch(b, bs, &kb);

  return mdh_kernel_translate(ctx, bs->k, &kb, body, tree, stmt, bs);
}

/* Builds at "b" the single pass of "bs": the status words and the
 * counter, the kernel that zeroes them, and the scan's launch, where
 * every block runs the ticket loop once, whichever cc points its tiles
 * belong to, so no block-level AST deals the cc points out (the sizes are
 * static, so no isl parameter reaches the code). */
static void build_single_pass(struct mdh_builder *b, struct block_scan *bs) {
  int64_t words;
  struct mdh_builder kb;
  MlirBlock body;
  int h;

  bs->tiles_per_cc =
      (bs->n + bs->threads * bs->items - 1) / (bs->threads * bs->items);
  bs->n_tiles = bs->cc_points * bs->tiles_per_cc;
  words = bs->n_tiles + 1;
  bs->flags = mdh_build_alloc_sized(
      b, "gpu.alloc",
      mlirMemRefTypeContiguousGet(mlirIntegerTypeGet(b->ctx, 64), 1, &words,
                                  mlirAttributeGetNull()),
      0, NULL);
  build_zero_flags(b, bs);
  body = begin_launch(b, bs, &kb);
  for (h = 0; h < MDH_KERNEL_N_IDS; ++h)
    bs->k->ids[h] = mlirBlockGetArgument(body, h);
  emit_single_pass(&kb, bs);
  mdh_build_op(b, "gpu.dealloc", 1, &bs->flags, 0, NULL, 0, NULL);
}

int mdh_kernel_build_scan(isl_ctx *ctx, struct mdh_builder *b,
                          struct mdh_kernel *k) {
  static const struct mdh_block_part part = {'P', 0, 0, 0};
  struct block_scan bs;
  int64_t step[MAX_RANK], shape[2];
  isl_ast_node *tree;
  intptr_t c, n = k->info->n_results;
  int d, rc;

  block_scan_init(&bs, k);
  if (single_pass(&bs)) {
    build_single_pass(b, &bs);
    return 0;
  }
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
  rc = build_launch(ctx, b, &bs, tree, &emit_stmt);
  if (rc == 0 && bs.blocks > 1)
    rc = build_launch(ctx, b, &bs, tree, &emit_segment_scan);
  for (c = 0; bs.blocks > 1 && c < n; ++c)
    mdh_build_op(b, "gpu.dealloc", 1, &bs.segment_totals[c], 0, NULL, 0, NULL);
  isl_ast_node_free(tree);
  return rc;
}
