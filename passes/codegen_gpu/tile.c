/* The tiled strategy of mdh-codegen-gpu: a reduction whose pw dimensions
 * are all sequential, walked in steps of tile(K) points, with register
 * tiles on the dimensions that have threads and the inputs that a block's
 * threads share staged in shared memory step by step (MDH's tiles per
 * memory layer of the MDH paper; PPCG's copies to shared memory,
 * Verdoolaege et al., TACO 2013).
 *
 * Every dimension d is cut into tiles of step(d) points, numbered t_d: a
 * dimension with threads has step T*R (its block tile: R points per thread,
 * in runs of 4 neighbours when R is a multiple of 4, the runs of the T
 * threads side by side so that a warp's accesses stay contiguous; else 1
 * point T apart), a pw dimension step K, the others step 1. A staged tile
 * keeps innermost the dimension that the runs index (the A tile of a
 * matmul is transposed), so that a thread reads a run of it with one
 * ld.shared.v4 and stores a run of results with one st.global.v4. A block
 * runs, for each of its tiles of the cc
 * dimensions (grid-stride over the blocks that share a hardware dimension):
 *
 *   I     every register accumulator := the identity
 *   for each step t of the pw dimensions:
 *     C   the block's threads copy the step's footprint of every staged
 *         input into its shared tile (a box found by isl)
 *     W   barrier
 *     A   each thread accumulates its R points over the K points of the
 *         step, reading staged inputs from shared memory
 *     V   barrier (the next C overwrites the tiles)
 *   F     each thread stores its points that lie in the index space (or
 *         combines them into the output, for an accumulating out_view)
 *
 * Double-buffered (`mdh.double_buffer`: each staged tile twice, step t in
 * buffer t mod 2), the loads of the next step come before the arithmetic
 * of this one, so their latency hides behind it, and one barrier per step
 * suffices (the software pipelining of CUTLASS's SGEMM, "Efficient GEMM
 * in CUDA", NVIDIA CUTLASS documentation: global fragments held in
 * registers across a step):
 *
 *   I     every register accumulator := the identity
 *   P     the block copies step 0 into buffer 0, barrier
 *   for each step t of the pw dimensions:
 *     X   each thread loads its part of step t + 1 into registers,
 *         accumulates step t from buffer t mod 2, stores what it loaded
 *         into buffer (t + 1) mod 2 (if there is a step t + 1), barrier
 *   F     as above
 *
 * Buffer (t + 1) mod 2 was last read in step t - 1, before its barrier,
 * and step t + 1 reads it after the barrier of step t. On sm_80 and later
 * (unless `mdh.async_copy` is false) a stage whose copies cp.async can
 * move goes from global to shared memory without registers: X starts
 * its copies into buffer (t + 1) mod 2 before the arithmetic, commits
 * them as one group and waits for the group before the barrier
 * (CUTLASS's multistage mainloop, with two stages).
 *
 * The block-level AST (block.c) is built by isl from these statements
 * over the tile indices, with only the block ids as parameters: no thread
 * id can reach a loop bound or a guard around a barrier, so every thread of
 * a block meets every barrier (synchronizability by construction). The
 * register points are unrolled here, so the accumulators are indexed by
 * constants; points past the end of a partial tile compute on the last
 * point instead (a clamp rather than a guard around every accumulation),
 * or, where every input is staged, on the padding that the copies put
 * into the tiles past the buffers' ends, and are not stored.
 */

#include "dialect/attrs.h"
#include "lib/stmt.h"
#include "passes/codegen_gpu/kernel.h"
#include "support/diag.h"
#include "support/ir.h"
#include "support/polyhedral.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/local_space.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANK MDH_MODEL_MAX_RANK
#define PASS "mdh-codegen-gpu"
#define MAX_STAGES 8

/* An input staged in shared memory: buffer "buf" of the model, the box of
 * its footprint per step (element j starts at cst[j] + sum_d coef[j][d] t_d
 * and spans size[j]), the element dimension "inner" that the tile keeps
 * innermost (the buffer's last, or the one that the threads' runs of
 * register points index, so that a run's reads are one vector access) and,
 * inside the launch, the buffer and its tile (a view with the buffer's
 * dimension order) and, for the view a copy walks, the tile in its own
 * order ("raw": without the transposition; the asynchronous copies write
 * it). */
struct stage {
  int buf;
  int rank;
  int64_t size[MAX_RANK];
  int64_t cst[MAX_RANK];
  int64_t coef[MAX_RANK][MAX_RANK];
  int64_t elements;
  int inner;
  MlirValue buffer;
  MlirValue tile;
  MlirValue raw;
};

/* The register points of a thread that lie next to each other along a
 * dimension (a run): 4 f32 make one 16-byte shared or global access
 * (ld.shared.v4), as the register tiles of hand-written SGEMM kernels are
 * laid out (Volkov and Demmel, Benchmarking GPUs to Tune Dense Linear
 * Algebra, SC 2008; CUTLASS's 4-element thread fragments). */
#define REGISTER_RUN 4

/* The tiling of kernel "k": per dimension its size, step, register points
 * per thread and the length of their runs; the product of the register
 * points; the staged inputs and the shared bytes they take; whether the
 * copies pad the staged tiles of partial tiles ("padded", see
 * find_stages); per stage, the view that its copy walks (merge_copy);
 * whether the tiles are double-buffered ("dbuf"), whether the
 * double-buffered steps copy asynchronously ("async") and, per buffer and
 * stage, the tile, the tile of the copy's view and that view untransposed. */
struct tiling {
  struct mdh_kernel *k;
  int rank;
  int64_t n[MAX_RANK];
  int64_t step[MAX_RANK];
  int64_t regs[MAX_RANK];
  int64_t run[MAX_RANK];
  int64_t n_regs;
  int n_stages;
  struct stage stages[MAX_STAGES];
  struct stage copies[MAX_STAGES];
  int64_t shared_bytes;
  int padded;
  int dbuf;
  int async;
  MlirValue tiles[2][MAX_STAGES];
  MlirValue copy_tiles[2][MAX_STAGES];
  MlirValue copy_raws[2][MAX_STAGES];
};

static void tiling_init(struct tiling *t, struct mdh_kernel *k) {
  const struct mdh_dim_map *dm;
  int d;

  t->k = k;
  t->rank = k->info->stmt->rank;
  t->n_regs = 1;
  for (d = 0; d < t->rank; ++d) {
    dm = &k->map.dims[d];
    t->n[d] = mdhMdHomGetSize(k->info->stmt->hom, d);
    t->regs[d] = mdh_dim_map_has_threads(dm) ? dm->tile : 1;
    t->run[d] = t->regs[d] % REGISTER_RUN == 0 ? REGISTER_RUN : 1;
    t->step[d] =
        mdh_dim_map_has_threads(dm) ? dm->threads * dm->tile : dm->tile;
    t->n_regs *= t->regs[d];
  }
}

/* The position in the tile of stage "st" of its element dimension "j":
 * the dimensions in the buffer's order, "inner" moved last. */
static int tile_pos(const struct stage *st, int j) {
  if (j == st->inner)
    return st->rank - 1;
  return j < st->inner ? j : j - 1;
}

/* Returns the space [t0, t1, ..] -> { [i0, i1, ..] } of the points of a
 * step of "t": one index and one tile index parameter per dimension. */
static __isl_give isl_space *step_space(isl_ctx *ctx, const struct tiling *t) {
  isl_space *space = isl_space_set_alloc(ctx, t->rank, t->rank);
  char name[16];
  int d;

  for (d = 0; d < t->rank; ++d) {
    snprintf(name, sizeof(name), "t%d", d);
    space = isl_space_set_dim_name(space, isl_dim_param, d, name);
  }
  return space;
}

/* Returns "set" with the constraint
 *
 *   sign (i_d - step t_d) + cst >= 0
 *
 * on index "d" and its tile index. */
static __isl_give isl_set *add_step_bound(__isl_take isl_set *set, int d,
                                          int64_t step, int sign, int64_t cst) {
  isl_ctx *ctx = isl_set_get_ctx(set);
  isl_constraint *c;

  c = isl_constraint_alloc_inequality(
      isl_local_space_from_space(isl_set_get_space(set)));
  c = isl_constraint_set_coefficient_si(c, isl_dim_set, d, sign);
  c = isl_constraint_set_coefficient_val(
      c, isl_dim_param, d, isl_val_int_from_si(ctx, -sign * step));
  c = isl_constraint_set_constant_val(c, isl_val_int_from_si(ctx, cst));
  return isl_set_add_constraint(set, c);
}

/* The points of one step of one block with tile indices t0, t1, ... as
 * isl parameters, unbounded by the index space: the box of their footprint
 * then has the same size for every tile, and holds the footprint of the
 * points that exist. Along dimension d:
 *
 *   step t_d <= i_d < step t_d + step
 */
static __isl_give isl_set *step_points(isl_ctx *ctx, const struct tiling *t) {
  isl_set *set = isl_set_universe(step_space(ctx, t));
  int d;

  for (d = 0; d < t->rank; ++d) {
    set = add_step_bound(set, d, t->step[d], 1, 0);
    set = add_step_bound(set, d, t->step[d], -1, t->step[d] - 1);
  }
  return set;
}

/* Reads the affine offset "aff" of a box over the parameters t0, t1, ...
 * into "cst" and "coef"; fails on divisions or rational coefficients. */
static int read_offset(__isl_take isl_aff *aff, int64_t *cst, int64_t *coef,
                       int rank) {
  isl_size n = isl_aff_dim(aff, isl_dim_param);
  isl_val *v;
  const char *name;
  int p, d, ok = n >= 0 && isl_aff_dim(aff, isl_dim_div) == 0;

  memset(coef, 0, rank * sizeof(*coef));
  v = isl_aff_get_constant_val(aff);
  ok = ok && isl_val_is_int(v) == isl_bool_true;
  *cst = ok ? isl_val_get_num_si(v) : 0;
  isl_val_free(v);
  for (p = 0; ok && p < n; ++p) {
    name = isl_aff_get_dim_name(aff, isl_dim_param, p);
    v = isl_aff_get_coefficient_val(aff, isl_dim_param, p);
    ok = name && sscanf(name, "t%d", &d) == 1 && d >= 0 && d < rank &&
         isl_val_is_int(v) == isl_bool_true;
    if (ok)
      coef[d] = isl_val_get_num_si(v);
    isl_val_free(v);
  }
  isl_aff_free(aff);
  return ok;
}

/* Raises "user" (an int64_t, -1 if unbounded) to the constant "aff" over
 * "set", a piece of a distance between the bounds of a footprint. */
static isl_stat max_piece(__isl_take isl_set *set, __isl_take isl_aff *aff,
                          void *user) {
  int64_t *max = user;
  isl_val *v = isl_aff_is_cst(aff) == isl_bool_true
                   ? isl_aff_get_constant_val(aff)
                   : NULL;

  if (!v || isl_val_is_int(v) != isl_bool_true)
    *max = -1;
  else if (*max >= 0 && isl_val_get_num_si(v) > *max)
    *max = isl_val_get_num_si(v);
  isl_val_free(v);
  isl_set_free(set);
  isl_aff_free(aff);
  return isl_stat_ok;
}

/* Reads into "st" the box of the footprint "set" of one step along
 * element dimension "j": it starts at the (affine) minimum and spans the
 * largest distance to the maximum (the isl of libLLVM has no
 * isl_set_get_simple_fixed_box_hull). Fails unless the minimum is affine
 * in the tile indices and the distance constant. */
static int read_box_dim(__isl_keep isl_set *set, int j, int rank,
                        struct stage *st) {
  isl_pw_aff *min = isl_set_dim_min(isl_set_copy(set), j);
  isl_pw_aff *max = isl_set_dim_max(isl_set_copy(set), j);
  isl_pw_aff *dist = isl_pw_aff_sub(max, isl_pw_aff_copy(min));
  int64_t size = 0;
  int ok = isl_pw_aff_isa_aff(min) == isl_bool_true &&
           isl_pw_aff_foreach_piece(dist, &max_piece, &size) >= 0 && size >= 0;

  isl_pw_aff_free(dist);
  st->size[j] = size + 1;
  if (!ok) {
    isl_pw_aff_free(min);
    return 0;
  }
  return read_offset(isl_pw_aff_as_aff(min), &st->cst[j], st->coef[j], rank);
}

/* The number of points of one step of one block. */
static int64_t step_size(const struct tiling *t) {
  int64_t n = 1;
  int d;

  for (d = 0; d < t->rank; ++d)
    n *= t->step[d];
  return n;
}

/* The footprint on buffer "buffer" of the "points" of one step: the image
 * of every access of every input view of the md_hom that reads it. */
static __isl_give isl_set *footprint(isl_ctx *ctx, const struct tiling *t,
                                     MlirValue buffer,
                                     __isl_keep isl_set *points) {
  MlirOperation hom = t->k->info->stmt->hom, view;
  isl_set *fp = NULL, *image;
  isl_map *access;
  intptr_t v, a;

  for (v = 0; v < mlirOperationGetNumOperands(hom); ++v) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
    if (!mlirValueEqual(mdhViewGetBuffer(view), buffer))
      continue;
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a) {
      access = mdh_isl_map_from_affine_map(ctx, mdhViewGetAccess(view, a));
      image = isl_set_apply(isl_set_copy(points), access);
      fp = fp ? isl_set_union(fp, image) : image;
    }
  }
  return isl_set_coalesce(fp);
}

/* Returns the element dimension of buffer "buffer" that every access of
 * the md_hom's input views on it indexes by a cc dimension with runs of
 * register points alone (the identity on that dimension), or the last
 * dimension if there is none or the accesses disagree. */
static int run_dim(const struct tiling *t, MlirValue buffer, int rank) {
  MlirOperation hom = t->k->info->stmt->hom, view;
  MlirAffineMap map;
  MlirAffineExpr e;
  intptr_t v, a;
  int j, d, found = -1;

  for (v = 0; v < mlirOperationGetNumOperands(hom); ++v) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
    if (!mlirValueEqual(mdhViewGetBuffer(view), buffer))
      continue;
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a) {
      map = mdhViewGetAccess(view, a);
      for (j = 0; j < rank; ++j) {
        e = mlirAffineMapGetResult(map, j);
        if (!mlirAffineExprIsADim(e))
          continue;
        d = mlirAffineDimExprGetPosition(e);
        if (d >= t->rank || t->run[d] == 1 || !mdh_kernel_is_cc(t->k, d))
          continue;
        if (found >= 0 && found != j)
          return rank - 1;
        found = j;
      }
    }
  }
  return found >= 0 ? found : rank - 1;
}

/* Stages buffer "buf" if the box of its footprint "fp" of one step fits the
 * shared memory left and the block reads its elements at least twice on
 * average (otherwise the copy costs what it saves). */
static void add_stage(struct tiling *t, int buf, __isl_keep isl_set *fp) {
  MlirType type = mlirValueGetType(t->k->m->bufs[buf]);
  struct stage *st = &t->stages[t->n_stages];
  int64_t bytes;
  int j;

  if (t->n_stages == MAX_STAGES || !fp)
    return;
  st->buf = buf;
  st->buffer = t->k->m->bufs[buf];
  st->rank = mlirShapedTypeGetRank(type);
  st->elements = 1;
  if (st->rank < 1 || isl_set_dim(fp, isl_dim_set) != st->rank)
    return;
  for (j = 0; j < st->rank; ++j) {
    if (mlirShapedTypeIsDynamicDim(type, j) ||
        !read_box_dim(fp, j, t->rank, st))
      return;
    st->elements *= st->size[j];
  }
  st->inner = run_dim(t, t->k->m->bufs[buf], st->rank);
  bytes = st->elements * mdh_element_bytes(mlirShapedTypeGetElementType(type));
  if (2 * st->elements > step_size(t) ||
      t->shared_bytes + bytes > MDH_GPU_MAX_SHARED_BYTES)
    return;
  t->shared_bytes += bytes;
  t->n_stages++;
}

/* Tells whether a tile of dimension "d" may hold points past its end. */
static int is_partial(const struct tiling *t, int d) {
  return t->n[d] % t->step[d] != 0;
}

/* Finds the inputs to stage among the buffers that the md_hom's input
 * views read (the verifier keeps them apart from those it writes). Where
 * all of them are staged and a cc dimension has a partial tile, the
 * copies pad the staged tiles (emit_copy), so that the points past the end
 * read their tiles unclamped: a thread's runs stay contiguous (ld.shared.v4
 * in matmul 4097^3 as in 4096^3; with a clamp per point they were 16
 * scalar loads and 66 comparisons per k). */
static void find_stages(isl_ctx *ctx, struct tiling *t) {
  MlirOperation hom = t->k->info->stmt->hom;
  isl_set *points = step_points(ctx, t), *fp;
  MlirValue buffer;
  intptr_t v;
  int buf, n, all = 1, partial = 0, d;

  for (buf = 0; buf < t->k->m->n_buf; ++buf) {
    buffer = t->k->m->bufs[buf];
    for (v = 0; v < mlirOperationGetNumOperands(hom); ++v)
      if (mlirValueEqual(mdhViewGetBuffer(mlirOpResultGetOwner(
                             mlirOperationGetOperand(hom, v))),
                         buffer))
        break;
    if (v == mlirOperationGetNumOperands(hom))
      continue;
    fp = footprint(ctx, t, buffer, points);
    n = t->n_stages;
    add_stage(t, buf, fp);
    all &= t->n_stages > n;
    isl_set_free(fp);
  }
  isl_set_free(points);
  for (d = 0; d < t->rank; ++d)
    partial |= mdh_kernel_is_cc(t->k, d) && is_partial(t, d);
  t->padded = all && partial && t->n_stages > 0;
}

/* Builds the block-level AST of "t" (see the top of this file); the
 * copies and barriers only if something is staged. */
static __isl_give isl_ast_node *build_ast(isl_ctx *ctx,
                                          const struct tiling *t) {
  static const struct mdh_block_part parts[] = {{'I', 0, 0, 0}, {'C', 1, 1, 0},
                                                {'W', 1, 1, 1}, {'A', 1, 1, 2},
                                                {'V', 1, 1, 3}, {'F', 0, 2, 0}};
  static const struct mdh_block_part unstaged[] = {
      {'I', 0, 0, 0}, {'A', 1, 1, 2}, {'F', 0, 2, 0}};
  static const struct mdh_block_part pipelined[] = {
      {'I', 0, 0, 0}, {'P', 0, 0, 1}, {'X', 1, 1, 0}, {'F', 0, 2, 0}};

  if (t->dbuf)
    return mdh_kernel_block_ast(ctx, t->k, t->step, pipelined, 4);
  if (t->n_stages)
    return mdh_kernel_block_ast(ctx, t->k, t->step, parts, 6);
  return mdh_kernel_block_ast(ctx, t->k, t->step, unstaged, 3);
}

/* Reads the tile indices "idx" of a statement over the cc tiles (or all,
 * if "all") into "tv", indexed by dimension. */
static void read_tiles(const struct tiling *t, int all, const MlirValue *idx,
                       MlirValue *tv) {
  int d, n = 0;

  for (d = 0; d < t->rank; ++d)
    tv[d] = all || mdh_kernel_is_cc(t->k, d) ? idx[n++] : (MlirValue){NULL};
}

/* Splits register point "r" into its index per dimension. */
static void split_regs(const struct tiling *t, int64_t r, int64_t *rd) {
  int d;

  for (d = t->rank - 1; d >= 0; --d) {
    rd[d] = r % t->regs[d];
    r /= t->regs[d];
  }
}

/* The index along cc dimension "d" of register point "rd" of this thread
 * in tile "tv"; points past the end become the last point if "clamp". The
 * thread's points come in runs of run[d] neighbours, the runs of the T
 * threads side by side (so that a warp's accesses stay contiguous):
 *
 *   step tv + run tid + (rd mod run) + run T (rd div run)
 */
static MlirValue build_point(struct mdh_builder *b, const struct tiling *t,
                             const MlirValue *tv, int d, int64_t rd,
                             int clamp) {
  const struct mdh_dim_map *dm = &t->k->map.dims[d];
  int64_t run = t->run[d];
  MlirValue i;

  if (!mdh_dim_map_has_threads(dm))
    return tv[d];
  i = mdh_build_binary(b, "arith.muli", tv[d], mdh_build_index(b, t->step[d]));
  i = mdh_build_binary(b, "arith.addi", i,
                       run > 1 ? mdh_build_binary(b, "arith.muli",
                                                  t->k->ids[3 + dm->hw],
                                                  mdh_build_index(b, run))
                               : t->k->ids[3 + dm->hw]);
  if (rd)
    i = mdh_build_binary(
        b, "arith.addi", i,
        mdh_build_index(b, rd % run + rd / run * run * dm->threads));
  if (clamp && is_partial(t, d))
    i = mdh_build_binary(b, "arith.minsi", i, mdh_build_index(b, t->n[d] - 1));
  return i;
}

/* I: every accumulator of every register point := the identity. */
static void emit_init(struct mdh_builder *b, const struct tiling *t) {
  struct mdh_stmt_info *info = t->k->info;
  int64_t r;
  intptr_t c;

  for (r = 0; r < t->n_regs; ++r)
    for (c = 0; c < info->n_results; ++c)
      mdh_kernel_store_acc(
          b, t->k, c, r,
          mdh_build_identity(b, mdh_component_operator(info, c),
                             mdh_kernel_component_type(info, c)));
}

/* Element "j" of the offset of stage "st" at tile "tv". */
static MlirValue build_offset(struct mdh_builder *b, const struct tiling *t,
                              const struct stage *st, int j,
                              const MlirValue *tv) {
  MlirValue v = mdh_build_index(b, st->cst[j]);
  int d;

  for (d = 0; d < t->rank; ++d)
    if (st->coef[j][d])
      v = mdh_build_binary(
          b, "arith.addi", v,
          mdh_build_binary(b, "arith.muli", tv[d],
                           mdh_build_index(b, st->coef[j][d])));
  return v;
}

/* "0 <= g < n" for every element of "g" (rank "n_dims") within the shape
 * of "type". */
static MlirValue build_in_bounds(struct mdh_builder *b, MlirType type,
                                 int n_dims, const MlirValue *g) {
  MlirValue zero = mdh_build_index(b, 0), all = {NULL}, in;
  int j;

  for (j = 0; j < n_dims; ++j) {
    in = mdh_build_binary(
        b, "arith.andi", mdh_build_cmpi(b, "sge", g[j], zero),
        mdh_build_cmpi(b, "slt", g[j],
                       mdh_build_index(b, mlirShapedTypeGetDimSize(type, j))));
    all = j ? mdh_build_binary(b, "arith.andi", all, in) : in;
  }
  return all;
}

/* The number of elements that one 16-byte access of stage "st" moves, or
 * 1: the groups must start at multiples of the width in the buffer (whose
 * base the allocators align to 16 bytes or more) and in the tile, so the
 * last dimension of both, and the box's offset along it, must be
 * multiples of the width. A group then lies wholly in the buffer or
 * wholly out of it. */
static int64_t copy_width(const struct tiling *t, const struct stage *st) {
  MlirType type = mlirValueGetType(st->buffer);
  int64_t bytes = mdh_element_bytes(mlirShapedTypeGetElementType(type));
  int64_t w = bytes <= 8 && 16 % bytes == 0 ? 16 / bytes : 1;
  int last = st->rank - 1, d;

  /* A strided buffer (a view that a device-resident function's kernels
   * read in place) has no contiguous groups. */
  if (!mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(type)) ||
      mlirShapedTypeGetDimSize(type, last) % w || st->size[last] % w ||
      st->cst[last] % w)
    return 1;
  for (d = 0; d < t->rank; ++d)
    if (st->coef[last][d] % w)
      return 1;
  return w;
}

/* The number of tiles of dimension "d" of "t". */
static int64_t n_tiles(const struct tiling *t, int d) {
  return (t->n[d] + t->step[d] - 1) / t->step[d];
}

/* The number of steps of the pw dimensions of "t". */
static int64_t n_steps(const struct tiling *t) {
  int64_t n = 1;
  int d;

  for (d = 0; d < t->rank; ++d)
    if (!mdh_kernel_is_cc(t->k, d))
      n *= n_tiles(t, d);
  return n;
}

/* The threads of a block of "t". */
static int64_t block_threads(const struct tiling *t) {
  return t->k->block[0] * t->k->block[1] * t->k->block[2];
}

/* The groups of stage "st" of "t" that one thread copies per step (at
 * most). */
static int64_t groups_per_thread(const struct tiling *t,
                                 const struct stage *st) {
  int64_t groups = st->elements / copy_width(t, st);

  return (groups + block_threads(t) - 1) / block_threads(t);
}

/* Loads the "w" elements of "buffer" at "g": one vector load of 16 bytes
 * if "w" > 1. */
static MlirValue load_group(struct mdh_builder *b, MlirValue buffer, int rank,
                            const MlirValue *g, int64_t w) {
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(buffer));
  MlirType vec = mlirVectorTypeGet(1, &w, elem);
  MlirNamedAttribute align =
      mdh_named_attr(b->ctx, "alignment",
                     mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 16));
  MlirValue operands[1 + MAX_RANK];

  if (w == 1)
    return mdh_build_load(b, buffer, rank, g);
  operands[0] = buffer;
  memcpy(operands + 1, g, rank * sizeof(*g));
  return mlirOperationGetResult(
      mdh_build_op(b, "vector.load", 1 + rank, operands, 1, &vec, 1, &align),
      0);
}

/* Stores "v", a group of "w" elements that load_group read, into "tile" at
 * "coord": one vector store if "w" > 1 and "contiguous", else one store
 * per element. */
static void store_group(struct mdh_builder *b, MlirValue v, MlirValue tile,
                        int rank, MlirValue *coord, int64_t w, int contiguous) {
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(tile));
  MlirValue operands[2 + MAX_RANK], last;
  MlirNamedAttribute pos;
  int64_t e;
  int j;

  if (w == 1) {
    mdh_build_store(b, v, tile, rank, coord);
    return;
  }
  if (!contiguous) {
    last = coord[rank - 1];
    for (e = 0; e < w; ++e) {
      pos = mdh_named_attr(b->ctx, "static_position",
                           mlirDenseI64ArrayGet(b->ctx, 1, &e));
      operands[0] = mlirOperationGetResult(
          mdh_build_op(b, "vector.extract", 1, &v, 1, &elem, 1, &pos), 0);
      coord[rank - 1] =
          mdh_build_binary(b, "arith.addi", last, mdh_build_index(b, e));
      mdh_build_store(b, operands[0], tile, rank, coord);
    }
    coord[rank - 1] = last;
    return;
  }
  operands[0] = v;
  operands[1] = tile;
  for (j = 0; j < rank; ++j)
    operands[2 + j] = coord[j];
  mdh_build_op(b, "vector.store", 2 + rank, operands, 0, NULL, 0, NULL);
}

/* Copies the "w" elements of "buffer" at "g" to "tile" at "coord", with
 * one vector load of 16 bytes if "w" > 1, and one vector store if the
 * tile keeps the buffer's last dimension innermost ("contiguous"), else
 * one store per element (a transposed tile). */
static void build_copy(struct mdh_builder *b, MlirValue buffer, MlirValue tile,
                       int rank, MlirValue *g, MlirValue *coord, int64_t w,
                       int contiguous) {
  store_group(b, load_group(b, buffer, rank, g, w), tile, rank, coord, w,
              contiguous);
}

/* Pads group "coord" of "w" elements of the tile of "st", whose elements
 * "g" lie outside "buffer": each with the element of the buffer nearest to
 * it (its coordinates clamped to the buffer's shape), which a point inside
 * the index space reads where a point past the end reads the padding. */
static void build_padding(struct mdh_builder *b, MlirValue buffer,
                          const struct stage *st, const MlirValue *g,
                          const MlirValue *coord, int64_t w) {
  MlirType type = mlirValueGetType(buffer);
  MlirValue gc[MAX_RANK], c[MAX_RANK], zero = mdh_build_index(b, 0);
  int64_t e;
  int j, last = st->rank - 1;

  for (e = 0; e < w; ++e) {
    for (j = 0; j < st->rank; ++j) {
      gc[j] = g[j];
      c[j] = coord[j];
      if (j == last && e) {
        gc[j] = mdh_build_binary(b, "arith.addi", g[j], mdh_build_index(b, e));
        c[j] =
            mdh_build_binary(b, "arith.addi", coord[j], mdh_build_index(b, e));
      }
      gc[j] = mdh_build_binary(
          b, "arith.maxsi",
          mdh_build_binary(
              b, "arith.minsi", gc[j],
              mdh_build_index(b, mlirShapedTypeGetDimSize(type, j) - 1)),
          zero);
    }
    build_copy(b, buffer, st->tile, st->rank, gc, c, 1, 1);
  }
}

/* C: the threads of the block copy the box of every staged input at tile
 * "tv" into its shared tile, group l of "w" elements (copy_width) by
 * thread l mod threads, so that consecutive threads read consecutive
 * elements; groups outside the buffer, which only a partial tile's box
 * holds, are left alone, or padded where "t" is (build_padding). */
static void emit_copy(struct mdh_builder *b, const struct tiling *t,
                      const MlirValue *tv) {
  const struct mdh_kernel *k = t->k;
  const struct stage *st;
  MlirValue lin = mdh_kernel_build_linear_id(b, k), rest, coord[MAX_RANK],
            g[MAX_RANK];
  MlirValue buffer, size, in;
  MlirBlock loop, then_b, else_b;
  struct mdh_builder lb, tb;
  int64_t w;
  int s, j;

  for (s = 0; s < t->n_stages; ++s) {
    st = &t->copies[s];
    buffer = st->buffer;
    w = copy_width(t, st);
    loop = mdh_build_for_step(b, lin, mdh_build_index(b, st->elements / w),
                              mdh_build_index(b, block_threads(t)));
    lb = mdh_builder_before_terminator(b, loop);
    rest = mlirBlockGetArgument(loop, 0);
    for (j = st->rank - 1; j >= 0; --j) {
      size = mdh_build_index(&lb,
                             j == st->rank - 1 ? st->size[j] / w : st->size[j]);
      coord[j] = mdh_build_binary(&lb, "arith.remsi", rest, size);
      rest = mdh_build_binary(&lb, "arith.divsi", rest, size);
    }
    if (w > 1)
      coord[st->rank - 1] = mdh_build_binary(
          &lb, "arith.muli", coord[st->rank - 1], mdh_build_index(&lb, w));
    for (j = 0; j < st->rank; ++j)
      g[j] = mdh_build_binary(&lb, "arith.addi",
                              build_offset(&lb, t, st, j, tv), coord[j]);
    in = build_in_bounds(&lb, mlirValueGetType(buffer), st->rank, g);
    if (!t->padded) {
      tb = mdh_build_if(&lb, in);
    } else {
      mdh_build_if_else(&lb, in, &then_b, &else_b);
      tb = mdh_builder_before_terminator(&lb, else_b);
      build_padding(&tb, buffer, st, g, coord, w);
      tb = mdh_builder_before_terminator(&lb, then_b);
    }
    build_copy(&tb, buffer, st->tile, st->rank, g, coord, w,
               st->inner == st->rank - 1);
  }
}

/* A: this thread's register points accumulate f over the points of the
 * step at tile "tv", reading the staged inputs from their tiles. */
static void emit_accumulate(struct mdh_builder *b, const struct tiling *t,
                            const MlirValue *tv) {
  struct mdh_stmt_info *info = t->k->info;
  struct mdh_redirect redirects[MAX_STAGES];
  MlirValue offsets[MAX_STAGES][MAX_RANK], point[MAX_RANK], lo, hi;
  MlirValue *v = malloc(3 * info->n_results * sizeof(*v));
  struct mdh_builder in = *b;
  intptr_t c, n = info->n_results;
  int64_t r, rd[MAX_RANK];
  MlirBlock loop;
  int s, j, d;

  if (!v)
    abort();
  for (s = 0; s < t->n_stages; ++s) {
    for (j = 0; j < t->stages[s].rank; ++j)
      offsets[s][j] = build_offset(b, t, &t->stages[s], j, tv);
    redirects[s].buffer = t->k->m->bufs[t->stages[s].buf];
    redirects[s].copy = t->stages[s].tile;
    redirects[s].offset = offsets[s];
  }
  for (d = 0; d < t->rank; ++d) {
    if (mdh_kernel_is_cc(t->k, d))
      continue;
    point[d] = tv[d];
    if (t->step[d] == 1)
      continue;
    lo = mdh_build_binary(&in, "arith.muli", tv[d],
                          mdh_build_index(&in, t->step[d]));
    hi = mdh_build_binary(&in, "arith.minsi",
                          mdh_build_binary(&in, "arith.addi", lo,
                                           mdh_build_index(&in, t->step[d])),
                          mdh_build_index(&in, t->n[d]));
    loop = mdh_build_for(&in, lo, hi);
    in = mdh_builder_before_terminator(&in, loop);
    point[d] = mlirBlockGetArgument(loop, 0);
  }
  for (r = 0; r < t->n_regs; ++r) {
    split_regs(t, r, rd);
    for (d = 0; d < t->rank; ++d)
      if (mdh_kernel_is_cc(t->k, d))
        point[d] = build_point(&in, t, tv, d, rd[d], !t->padded);
    mdh_chain_build_value(&in, info, point, redirects, t->n_stages, v);
    for (c = 0; c < n; ++c)
      v[n + c] = mdh_kernel_load_acc(&in, t->k, c, r);
    mdh_build_combine(&in, info->oper, info->fn_type, n, v + n, v, v + 2 * n);
    for (c = 0; c < n; ++c)
      mdh_kernel_store_acc(&in, t->k, c, r, v[2 * n + c]);
  }
  free(v);
}

/* F: this thread stores the result of each of its register points that
 * lies in the index space. */
static void emit_finish(struct mdh_builder *b, const struct tiling *t,
                        const MlirValue *tv) {
  struct mdh_stmt_info *info = t->k->info;
  MlirValue point[MAX_RANK], res[MAX_RANK], v[MAX_RANK], valid, in;
  struct mdh_builder sb;
  int64_t r, rd[MAX_RANK];
  intptr_t c;
  int d;

  for (r = 0; r < t->n_regs; ++r) {
    split_regs(t, r, rd);
    valid = (MlirValue){NULL};
    for (d = 0; d < t->rank; ++d) {
      point[d] = mdh_kernel_is_cc(t->k, d) ? build_point(b, t, tv, d, rd[d], 0)
                                           : mdh_build_index(b, 0);
      if (!mdh_kernel_is_cc(t->k, d) || !is_partial(t, d) ||
          !mdh_dim_map_has_threads(&t->k->map.dims[d]))
        continue;
      in = mdh_build_cmpi(b, "slt", point[d], mdh_build_index(b, t->n[d]));
      valid = mlirValueIsNull(valid)
                  ? in
                  : mdh_build_binary(b, "arith.andi", valid, in);
    }
    sb = mlirValueIsNull(valid) ? *b : mdh_build_if(b, valid);
    for (c = 0; c < info->n_results; ++c)
      v[c] = mdh_kernel_load_acc(&sb, t->k, c, r);
    mdh_build_result_point(&sb, t->rank, info->stmt->kinds, point, res);
    mdh_chain_write_result(&sb, info, res, v);
  }
}

/* Reads the bool attribute that "find" finds nearest the md_hom of "t":
 * 1 or 0, "absent" without one, or -1 after the diagnostic "malformed" at
 * its owner when it is not a bool. */
static int read_bool(const struct tiling *t,
                     MlirAttribute (*find)(MlirOperation, MlirOperation *),
                     const char *malformed, int absent) {
  MlirOperation owner;
  MlirAttribute attr = find(t->k->info->stmt->hom, &owner);

  if (mlirAttributeIsNull(attr))
    return absent;
  if (!mlirAttributeIsABool(attr)) {
    mdh_emit_error(owner, "%s", malformed);
    return -1;
  }
  return mlirBoolAttrGetValue(attr);
}

/* Decides whether "t" double-buffers its staged tiles: where
 * `mdh.double_buffer` asks for it, two steps or more are staged and both
 * buffers fit the shared memory. Not by default: on sm_90 the 4096^3
 * matmul's kernel takes 167 registers double-buffered against 111 (one
 * block of 256 threads per SM instead of two), which only a measurement
 * can weigh against the latency it hides. Returns -1 after a diagnostic on
 * a malformed attribute. */
static int wants_double_buffer(const struct tiling *t) {
  int asked = read_bool(t, &mdh_attr_find_double_buffer,
                        PASS ": mdh.double_buffer must be true or false", 0);

  if (asked <= 0)
    return asked;
  return t->n_stages > 0 && n_steps(t) >= 2 &&
         2 * t->shared_bytes <= MDH_GPU_MAX_SHARED_BYTES;
}

/* Decides whether the double-buffered steps of "t" copy their staged
 * tiles asynchronously (cp.async of sm_80 and later: global memory to
 * shared memory without registers on the way, CUDA C++ Programming Guide,
 * Asynchronous Data Copies): where "t" is double-buffered, unless
 * `mdh.async_copy` is false (mdh-gpu-pipeline sets it so for a chip before
 * sm_80). Returns -1 after a diagnostic on a malformed attribute. */
static int wants_async_copy(const struct tiling *t) {
  if (!t->dbuf)
    return 0;
  return read_bool(t, &mdh_attr_find_async_copy,
                   PASS ": mdh.async_copy must be true or false", 1);
}

/* Tells whether the copies of stage "st" of "t" go asynchronously: a copy
 * moves 4, 8 or 16 bytes (PTX ISA, cp.async), so a group of 16 bytes goes
 * whole into a tile that keeps its elements side by side, and elements of 4
 * or 8 bytes one by one into a transposed tile; the others go through
 * registers. */
static int copies_async(const struct tiling *t, const struct stage *st) {
  MlirType type = mlirValueGetType(st->buffer);
  int64_t bytes = mdh_element_bytes(mlirShapedTypeGetElementType(type));

  if (!t->async || !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(type)))
    return 0;
  if (copy_width(t, st) > 1 && st->inner == st->rank - 1)
    return 1;
  return bytes == 4 || bytes == 8;
}

/* Points the tiles of "t" that the accumulation reads ("copies" 0) at
 * buffer 1 where "odd" holds and at buffer 0 elsewhere, or the tiles that
 * the copies write ("copies" 1) at the other buffer; if "odd" is null, at
 * buffer 0. */
static void select_tiles(struct mdh_builder *b, struct tiling *t, MlirValue odd,
                         int copies) {
  MlirValue(*v)[MAX_STAGES] = copies ? t->copy_tiles : t->tiles;
  MlirValue *dst;
  int s, first = copies ? 1 : 0;

  for (s = 0; s < t->n_stages; ++s) {
    dst = copies ? &t->copies[s].tile : &t->stages[s].tile;
    *dst = mlirValueIsNull(odd)
               ? v[0][s]
               : mdh_build_select(b, odd, v[1 - first][s], v[first][s]);
    if (copies && t->async)
      t->copies[s].raw = mlirValueIsNull(odd)
                             ? t->copy_raws[0][s]
                             : mdh_build_select(b, odd, t->copy_raws[0][s],
                                                t->copy_raws[1][s]);
  }
}

/* P: the block copies step 0 of the cc tile "tv" into buffer 0, then
 * waits for it. */
static void emit_prologue(struct mdh_builder *b, struct tiling *t,
                          const MlirValue *tv) {
  MlirValue first[MAX_RANK];
  int d;

  for (d = 0; d < t->rank; ++d)
    first[d] = mdh_kernel_is_cc(t->k, d) ? tv[d] : mdh_build_index(b, 0);
  select_tiles(b, t, (MlirValue){NULL}, 1);
  emit_copy(b, t, first);
  mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
}

/* Sets "next" to the tile indices of the step after step "tv" of "t" (the
 * last step for the last), and "*lin" to the number of step "tv", "*odd"
 * to its parity. */
static void next_step(struct mdh_builder *b, const struct tiling *t,
                      const MlirValue *tv, MlirValue *next, MlirValue *lin,
                      MlirValue *odd) {
  MlirValue l = mdh_build_index(b, 0), rest;
  int64_t stride = 1;
  int d;

  for (d = t->rank - 1; d >= 0; --d) {
    next[d] = tv[d];
    if (mdh_kernel_is_cc(t->k, d))
      continue;
    l = mdh_build_binary(
        b, "arith.addi", l,
        mdh_build_binary(b, "arith.muli", tv[d], mdh_build_index(b, stride)));
    stride *= n_tiles(t, d);
  }
  *lin = l;
  *odd = mdh_build_cmpi(
      b, "ne", mdh_build_binary(b, "arith.andi", l, mdh_build_index(b, 1)),
      mdh_build_index(b, 0));
  rest = mdh_build_binary(
      b, "arith.minsi",
      mdh_build_binary(b, "arith.addi", l, mdh_build_index(b, 1)),
      mdh_build_index(b, n_steps(t) - 1));
  for (d = t->rank - 1; d >= 0; --d) {
    if (mdh_kernel_is_cc(t->k, d))
      continue;
    next[d] = mdh_build_binary(b, "arith.remsi", rest,
                               mdh_build_index(b, n_tiles(t, d)));
    rest = mdh_build_binary(b, "arith.divsi", rest,
                            mdh_build_index(b, n_tiles(t, d)));
  }
}

/* Sets "coord" to the coordinates in the tile of stage "st" of "t" of the
 * "i"-th group that this thread copies per step, as emit_copy deals them
 * out, and returns whether the thread has one (null: always). A thread
 * past the last group gets the last one. */
static MlirValue group_coords(struct mdh_builder *b, const struct tiling *t,
                              const struct stage *st, int64_t i,
                              MlirValue *coord) {
  int64_t w = copy_width(t, st), groups = st->elements / w;
  MlirValue l =
      mdh_build_binary(b, "arith.addi", mdh_kernel_build_linear_id(b, t->k),
                       mdh_build_index(b, i * block_threads(t)));
  MlirValue valid = {NULL}, size;
  int j, last = st->rank - 1;

  if ((i + 1) * block_threads(t) > groups) {
    valid = mdh_build_cmpi(b, "slt", l, mdh_build_index(b, groups));
    l = mdh_build_binary(b, "arith.minsi", l, mdh_build_index(b, groups - 1));
  }
  for (j = last; j >= 0; --j) {
    size = mdh_build_index(b, j == last ? st->size[j] / w : st->size[j]);
    coord[j] = mdh_build_binary(b, "arith.remsi", l, size);
    l = mdh_build_binary(b, "arith.divsi", l, size);
  }
  if (w > 1)
    coord[last] =
        mdh_build_binary(b, "arith.muli", coord[last], mdh_build_index(b, w));
  return valid;
}

/* Sets "g" to the coordinates in the buffer of stage "st" of "t" of the
 * group at "coord" of its tile at step "tv", clamped to the buffer's shape
 * (a group lies wholly in it or wholly out of it, copy_width), so that no
 * guard sits between the copies: what a group outside the buffer holds is
 * read by no point in the index space, as the padding of emit_copy. */
static void clamped_source(struct mdh_builder *b, const struct tiling *t,
                           const struct stage *st, const MlirValue *tv,
                           const MlirValue *coord, MlirValue *g) {
  MlirType type = mlirValueGetType(st->buffer);
  int64_t w = copy_width(t, st), hi;
  int j, last = st->rank - 1;

  for (j = 0; j < st->rank; ++j) {
    hi = mlirShapedTypeGetDimSize(type, j) - (j == last ? w : 1);
    g[j] = mdh_build_binary(b, "arith.addi", build_offset(b, t, st, j, tv),
                            coord[j]);
    g[j] = mdh_build_binary(
        b, "arith.maxsi",
        mdh_build_binary(b, "arith.minsi", g[j], mdh_build_index(b, hi)),
        mdh_build_index(b, 0));
  }
}

/* Loads into "v" this thread's groups of stage "st" of "t" at step "tv"
 * (groups_per_thread of them), from their clamped coordinates. */
static void load_stage(struct mdh_builder *b, const struct tiling *t,
                       const struct stage *st, const MlirValue *tv,
                       MlirValue *v) {
  MlirValue coord[MAX_RANK], g[MAX_RANK];
  int64_t i;

  for (i = 0; i < groups_per_thread(t, st); ++i) {
    group_coords(b, t, st, i, coord);
    clamped_source(b, t, st, tv, coord, g);
    v[i] = load_group(b, st->buffer, st->rank, g, copy_width(t, st));
  }
}

/* Stores the groups "v" of stage "st" of "t" that load_stage loaded into
 * its tile; their coordinates are computed again rather than held across
 * the step's arithmetic. */
static void store_stage(struct mdh_builder *b, const struct tiling *t,
                        const struct stage *st, const MlirValue *v) {
  int64_t w = copy_width(t, st), i;
  MlirValue coord[MAX_RANK], valid;
  struct mdh_builder sb;

  for (i = 0; i < groups_per_thread(t, st); ++i) {
    valid = group_coords(b, t, st, i, coord);
    sb = mlirValueIsNull(valid) ? *b : mdh_build_if(b, valid);
    store_group(&sb, v[i], st->tile, st->rank, coord, w,
                st->inner == st->rank - 1);
  }
}

/* Starts the copy of the "n" elements of "src" at "g" into "dst" at "c"
 * (nvgpu.device_async_copy, whose token no op needs: the step waits for
 * all of its copies at once). 16 bytes bypass the level 1 cache
 * (cp.async.cg), as the staged tiles are read from shared memory only. */
static void build_async_copy(struct mdh_builder *b, MlirValue src,
                             const MlirValue *g, MlirValue dst,
                             const MlirValue *c, int64_t n) {
  MlirType token = mlirTypeParseGet(
      b->ctx, mlirStringRefCreateFromCString("!nvgpu.device.async.token"));
  int rank = (int)mlirShapedTypeGetRank(mlirValueGetType(src));
  int64_t bytes = n * mdh_element_bytes(
                          mlirShapedTypeGetElementType(mlirValueGetType(src)));
  int32_t segments[5] = {1, rank, 1, rank, 0};
  MlirNamedAttribute attrs[3];
  MlirValue operands[2 + 2 * MAX_RANK];
  int j;

  operands[0] = dst;
  for (j = 0; j < rank; ++j) {
    operands[1 + j] = c[j];
    operands[2 + rank + j] = g[j];
  }
  operands[1 + rank] = src;
  attrs[0] = mdh_named_attr(b->ctx, "operandSegmentSizes",
                            mlirDenseI32ArrayGet(b->ctx, 5, segments));
  attrs[1] = mdh_named_attr(b->ctx, "dstElements",
                            mlirIntegerAttrGet(mlirIndexTypeGet(b->ctx), n));
  attrs[2] = mdh_named_attr(b->ctx, "bypassL1", mlirUnitAttrGet(b->ctx));
  mdh_build_op(b, "nvgpu.device_async_copy", 2 + 2 * rank, operands, 1, &token,
               bytes == 16 ? 3 : 2, attrs);
}

/* Starts the copies of this thread's groups of stage "st" of "t" at step
 * "tv" from their clamped coordinates into the untransposed tile: a group
 * at once where the tile keeps its elements side by side, else element by
 * element (copies_async). */
static void async_stage(struct mdh_builder *b, const struct tiling *t,
                        const struct stage *st, const MlirValue *tv) {
  int64_t w = copy_width(t, st), i, e;
  MlirValue coord[MAX_RANK], g[MAX_RANK], c[MAX_RANK], ge[MAX_RANK], valid;
  int whole = st->inner == st->rank - 1, j, last = st->rank - 1;
  struct mdh_builder sb;

  for (i = 0; i < groups_per_thread(t, st); ++i) {
    valid = group_coords(b, t, st, i, coord);
    sb = mlirValueIsNull(valid) ? *b : mdh_build_if(b, valid);
    clamped_source(&sb, t, st, tv, coord, g);
    for (e = 0; e < (whole ? 1 : w); ++e) {
      for (j = 0; j < st->rank; ++j) {
        ge[j] = g[j];
        c[tile_pos(st, j)] = coord[j];
        if (j == last && e) {
          ge[j] = mdh_build_binary(&sb, "arith.addi", g[j],
                                   mdh_build_index(&sb, e));
          c[tile_pos(st, j)] = mdh_build_binary(&sb, "arith.addi", coord[j],
                                                mdh_build_index(&sb, e));
        }
      }
      build_async_copy(&sb, st->buffer, ge, st->raw, c, whole ? w : 1);
    }
  }
}

/* X: step "tv" of a double-buffered "t" (see the top of this file). */
static void emit_step(struct mdh_builder *b, struct tiling *t,
                      const MlirValue *tv) {
  MlirValue next[MAX_RANK], lin, odd, more, *h, *at[MAX_STAGES];
  MlirNamedAttribute wait_all = mdh_named_attr(
      b->ctx, "n", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 32), 0));
  struct mdh_builder mb;
  int64_t n = 0;
  int s, async[MAX_STAGES], n_async = 0;

  for (s = 0; s < t->n_stages; ++s)
    n += groups_per_thread(t, &t->copies[s]);
  h = malloc((n + 1) * sizeof(*h));
  if (!h)
    abort();
  next_step(b, t, tv, next, &lin, &odd);
  for (n = 0, s = 0; s < t->n_stages; ++s) {
    at[s] = h + n;
    n_async += async[s] = copies_async(t, &t->copies[s]);
    if (async[s])
      continue;
    load_stage(b, t, &t->copies[s], next, at[s]);
    n += groups_per_thread(t, &t->copies[s]);
  }
  more = mdh_build_cmpi(
      b, "slt", mdh_build_binary(b, "arith.addi", lin, mdh_build_index(b, 1)),
      mdh_build_index(b, n_steps(t)));
  if (n_async) {
    mb = mdh_build_if(b, more);
    select_tiles(&mb, t, odd, 1);
    for (s = 0; s < t->n_stages; ++s)
      if (async[s])
        async_stage(&mb, t, &t->copies[s], next);
    mdh_build_op(&mb, "nvvm.cp.async.commit.group", 0, NULL, 0, NULL, 0, NULL);
  }
  select_tiles(b, t, odd, 0);
  emit_accumulate(b, t, tv);
  if (n_async < t->n_stages) {
    mb = mdh_build_if(b, more);
    select_tiles(&mb, t, odd, 1);
    for (s = 0; s < t->n_stages; ++s)
      if (!async[s])
        store_stage(&mb, t, &t->copies[s], at[s]);
  }
  if (n_async)
    mdh_build_op(b, "nvvm.cp.async.wait.group", 0, NULL, 0, NULL, 1, &wait_all);
  mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  free(h);
}

/* The statement callback of the AST translator for tiled kernels. */
static int emit_stmt(struct mdh_builder *b, const char *name, int n,
                     const MlirValue *idx, void *user) {
  struct tiling *t = user;
  MlirValue tv[MAX_RANK];

  (void)n;
  read_tiles(t, strchr("IPF", name[0]) == NULL, idx, tv);
  switch (name[0]) {
  case 'I':
    emit_init(b, t);
    return 0;
  case 'C':
    emit_copy(b, t, tv);
    return 0;
  case 'W':
  case 'V':
    mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
    return 0;
  case 'A':
    emit_accumulate(b, t, tv);
    return 0;
  case 'P':
    emit_prologue(b, t, tv);
    return 0;
  case 'X':
    emit_step(b, t, tv);
    return 0;
  case 'F':
    emit_finish(b, t, tv);
    return 0;
  }
  mlirEmitError(b->loc, "isl AST calls an unknown statement");
  return -1;
}

/* The workgroup memref type of the tile of stage "st" on "buffer", its
 * dimensions in tile_pos order. */
static MlirType tile_type(MlirContext ctx, const struct stage *st,
                          MlirValue buffer) {
  int64_t shape[MAX_RANK];
  int j;

  for (j = 0; j < st->rank; ++j)
    shape[tile_pos(st, j)] = st->size[j];
  return mlirMemRefTypeContiguousGet(
      mlirShapedTypeGetElementType(mlirValueGetType(buffer)), st->rank, shape,
      mdh_kernel_workgroup_space(ctx));
}

/* Returns the tile "tile" of stage "st" viewed with the buffer's dimension
 * order (memref.transpose, at "b"), or "tile" if that is its order. */
static MlirValue tile_view(struct mdh_builder *b, const struct stage *st,
                           MlirValue tile) {
  MlirType type = mlirValueGetType(tile);
  int64_t strides[MAX_RANK], phys[MAX_RANK], shape[MAX_RANK], stride = 1;
  unsigned perm[MAX_RANK];
  MlirNamedAttribute attr;
  MlirType view;
  int j;

  if (st->inner == st->rank - 1)
    return tile;
  for (j = st->rank - 1; j >= 0; --j) {
    phys[j] = stride;
    stride *= mlirShapedTypeGetDimSize(type, j);
  }
  for (j = 0; j < st->rank; ++j) {
    perm[j] = (unsigned)tile_pos(st, j);
    strides[j] = phys[perm[j]];
    shape[j] = st->size[j];
  }
  view =
      mlirMemRefTypeGet(mlirShapedTypeGetElementType(type), st->rank, shape,
                        mlirStridedLayoutAttrGet(b->ctx, 0, st->rank, strides),
                        mlirMemRefTypeGetMemorySpace(type));
  attr = mdh_named_attr(b->ctx, "permutation",
                        mlirAffineMapAttrGet(mlirAffineMapPermutationGet(
                            b->ctx, st->rank, perm)));
  return mlirOperationGetResult(
      mdh_build_op(b, "memref.transpose", 1, &tile, 1, &view, 1, &attr), 0);
}

/* Tells whether the box of stage "st" covers element dimension "j" of its
 * buffer of type "type" whole, from 0 to its extent, in every tile. */
static int covers_whole(const struct tiling *t, const struct stage *st,
                        MlirType type, int j) {
  int d;

  if (st->size[j] != mlirShapedTypeGetDimSize(type, j) || st->cst[j])
    return 0;
  for (d = 0; d < t->rank; ++d)
    if (st->coef[j][d] && n_tiles(t, d) > 1)
      return 0;
  return 1;
}

/* Returns "value", a memref of rank "rank" with contiguous rows, with its
 * dimensions "first" to "last" collapsed into one (at "b"). */
static MlirValue build_collapse(struct mdh_builder *b, MlirValue value,
                                int rank, int first, int last) {
  MlirType type = mlirValueGetType(value), i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirAttribute groups[MAX_RANK], dims[MAX_RANK];
  int64_t shape[MAX_RANK];
  MlirNamedAttribute attr;
  int j, n = 0, k;

  for (j = 0; j < rank; ++j) {
    k = 0;
    shape[n] = 1;
    do {
      shape[n] *= mlirShapedTypeGetDimSize(type, j);
      dims[k++] = mlirIntegerAttrGet(i64, j);
    } while (j >= first && j < last && ++j);
    groups[n++] = mlirArrayAttrGet(b->ctx, k, dims);
  }
  type = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(type), n,
                                     shape, mlirMemRefTypeGetMemorySpace(type));
  attr = mdh_named_attr(b->ctx, "reassociation",
                        mlirArrayAttrGet(b->ctx, n, groups));
  return mlirOperationGetResult(
      mdh_build_op(b, "memref.collapse_shape", 1, &value, 1, &type, 1, &attr),
      0);
}

/* Sets "c" to the view of stage "st" (whose tile is "raw" in tile order)
 * that its copy walks: the trailing element dimensions that the box
 * covers whole are contiguous in the buffer and, unless the tile keeps
 * another dimension innermost behind them, in the tile, so they merge with
 * the one before them (memref.collapse_shape of buffer and tile): the
 * copy splits its group index into fewer coordinates, and moves 16 bytes
 * at a time where the merged extent allows. A convolution's filter slice
 * [K][C step][R][S] is copied as [K][C step * R * S], its image rows
 * [C step][rows][W] as [C step][rows * W]. */
static void merge_copy(struct mdh_builder *b, const struct tiling *t,
                       const struct stage *st, MlirValue raw, struct stage *c) {
  MlirType type = mlirValueGetType(st->buffer);
  int lo = st->inner == st->rank - 1 ? 0 : st->inner + 1, j0 = st->rank - 1;
  int64_t whole = 1;
  int j, d;

  *c = *st;
  c->raw = raw;
  if (!mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(type)))
    return;
  while (j0 > lo && covers_whole(t, st, type, j0))
    --j0;
  if (j0 == st->rank - 1)
    return;
  for (j = j0 + 1; j < st->rank; ++j)
    whole *= st->size[j];
  c->rank = j0 + 1;
  c->size[j0] *= whole;
  c->cst[j0] *= whole;
  for (d = 0; d < t->rank; ++d)
    c->coef[j0][d] *= whole;
  c->inner = st->inner == st->rank - 1 ? j0 : st->inner;
  c->buffer = build_collapse(b, st->buffer, st->rank, j0, st->rank - 1);
  c->raw = build_collapse(b, raw, st->rank, tile_pos(st, j0),
                          tile_pos(st, st->rank - 1));
  c->tile = tile_view(b, c, c->raw);
}

int mdh_kernel_build_tiled(isl_ctx *ctx, struct mdh_builder *b,
                           struct mdh_kernel *k) {
  /* Large (boxes of up to MAX_RANK dimensions): on the heap. */
  struct tiling *t = calloc(1, sizeof(*t));
  MlirType shared[2 * MAX_STAGES];
  struct mdh_builder kb;
  isl_ast_node *tree;
  MlirBlock body;
  MlirValue raw;
  int s, p, rc;

  if (!t)
    abort();
  tiling_init(t, k);
  find_stages(ctx, t);
  if ((t->dbuf = wants_double_buffer(t)) < 0 ||
      (t->async = wants_async_copy(t)) < 0) {
    free(t);
    return -1;
  }
  if (!(tree = build_ast(ctx, t))) {
    mdh_isl_report(ctx, k->info->stmt->hom, PASS, "tiling the kernel");
    free(t);
    return -1;
  }
  for (s = 0; s < t->n_stages; ++s)
    shared[s] = shared[t->n_stages + s] =
        tile_type(b->ctx, &t->stages[s], t->stages[s].buffer);
  body = mdh_kernel_build_launch(b, k->grid, k->block,
                                 (1 + t->dbuf) * t->n_stages, shared);
  kb = mdh_builder_before_terminator(b, body);
  for (p = t->dbuf; p >= 0; --p)
    for (s = 0; s < t->n_stages; ++s) {
      raw = mlirBlockGetArgument(body, 12 + p * t->n_stages + s);
      t->tiles[p][s] = t->stages[s].tile = tile_view(&kb, &t->stages[s], raw);
      merge_copy(&kb, t, &t->stages[s], raw, &t->copies[s]);
      t->copy_tiles[p][s] = t->copies[s].tile;
      t->copy_raws[p][s] = t->copies[s].raw;
    }
  mdh_kernel_alloc_accumulators(&kb, k, t->n_regs);
  rc = mdh_kernel_translate(ctx, k, &kb, body, tree, &emit_stmt, t);
  isl_ast_node_free(tree);
  free(t);
  return rc;
}
