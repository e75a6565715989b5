/* mdh-tile-fuse: post-tiling fusion on the schedule tree in `mdh.schedule`
 * (basteln, "Modeling the Interplay between Loop Tiling and Fusion in
 * Optimizing Compilers Using Affine Relations", sections 4-5).
 *
 * For the statements that write data the function's caller sees (output
 * spaces, section 4.2), last to first, the pass forms a group until one is
 * worth fusing, then does the same again on the instances that run before
 * that group and on those that run after it (fuse_part):
 * - the producers whose results the group's statements read at the same
 *   tile coordinates (quasi-identity, section 4.1) join the output space:
 *   they run in the same tiles, each over its own loops (an element-wise
 *   prologue or epilogue, or a contraction that keeps its loop order);
 * - producers without reductions join as extension statements (section
 *   4.4) where no statement outside the group reads the instances the group
 *   reads (section 5.3, condition (21); the others run after the group):
 *   the instances each tile needs come from the upward-exposed data of the
 *   tile (4.3), mapped back through the producers' writes, statement after
 *   statement from the last producer to the first (Alg. 2), so that tiles
 *   may overlap (recomputation).
 * The output space is tiled (the tile coordinates are its parallel
 * dimensions), and below the tile band an extension node adds the producer
 * instances of each tile in front of the output statements (Alg. 3, with
 * the "reserved" filter (20) keeping the instances no tile needs outside
 * the group). A `mdh.tile_buffers` mark tells the code generator that each
 * intermediate that only the group uses lives, per tile, in a buffer of the
 * tile's footprint (section 6.4): recomputed instances then never race.
 * Within a tile, statements that read each other only at the same point
 * share a loop nest (insert_own_loops), and an intermediate that one such
 * nest alone accesses needs one element (lib/fuse.h, element-wise
 * inlining). Other outputs of the tile space join the group where they
 * share a producer with it (section 5.3's equal-range rule), or all of
 * them in the single-group mode (section 5.4). With target=gpu, the tiles
 * fit a block's shared memory and each group gets a kernel mark.
 *
 * A producer whose recomputation would more than double its work stays
 * out of the group, with the producers only it reads (the paper leaves
 * chains of overlapping stencils to autotuners: section 4.5), and so does
 * mdh-pack's copy of an operand (`mdh.pack`), which runs once before the
 * register tiles of its reader. The pass declines
 * (the tree stays as mdh-schedule built it) where nothing is worth tiling
 * (form_group), where the group is one tile, where a footprint has no fixed
 * size, or where the statements outside the group cannot run around it.
 */

#include "dialect/attrs.h"
#include "lib/builder.h"
#include "lib/chain.h"
#include "lib/fuse.h"
#include "lib/mapping.h"
#include "lib/model.h"
#include "lib/register_tile.h"
#include "lib/stmt.h"
#include "lib/tree.h"
#include "passes/pass.h"
#include "support/diag.h"
#include "support/polyhedral.h"
#include "support/str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/aff.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

#define PASS "mdh-tile-fuse"

/* The default tile of a group with producers: the innermost tile dimension
 * whole, the longest of the others 32, the rest 1, so that each tile's
 * producers read whole rows of their inputs, which the prefetchers follow
 * (one core of the AMD EPYC bench machine, bench/cpu/README.md, against
 * tiles of 256 columns: blur 4096^2 12.2 to 9.5 ms, unsharp 3 x 2048^2
 * 11.3 to 9.5, convchain 4.7 to 4.1). Where those tile buffers exceed
 * MAX_TILE_BYTES (Harris: four of 36 x 2052 f32), the innermost dimension
 * has 256 elements ("narrow"): one f32 producer's footprint per tile (34 x
 * 258 for a 3x3 stencil) is then about 35 KiB, and ten stay in a 512 KiB
 * L2. 32 x 256 elements along a dimension that is the only one (rows
 * flattened by mdh-coalesce, whose stencils reach a row or two away). */
#define TILE_INNER 256
#define TILE_OUTER 32

/* The default tile of a group with producers on the GPU (target=gpu): one
 * block of 32 x 8 threads (mdh-map-gpu) per tile of 32 x 64 points, two
 * warps along the stride-1 dimension so that each warp's accesses stay
 * coalesced, 8 points per thread; 2048 points along a dimension that is the
 * only one. The tile buffers live in shared memory: a tile whose buffers
 * exceed MDH_GPU_MAX_SHARED_BYTES is halved along its largest dimension
 * until they fit (Harris' nine intermediates at 34 x 66 f32 would take 81
 * KiB as tile buffers, 36 KiB with the five that point-wise nests keep in
 * registers), at most MAX_SHRINK times: six halvings take 32 x 64 down to
 * 4 x 8 points, below which a 3 x 3 stencil's halo would exceed the
 * tile. */
#define TILE_INNER_GPU 64
#define TILE_OUTER_GPU 32
#define TILE_FLAT_GPU 2048
#define MAX_SHRINK 6

/* The default tile of a contraction with element-wise steps: 8 rows of the
 * longest outer dimension, the innermost dimension whole, so that the
 * contraction's innermost loop keeps its length. PolyBench's gemm at its
 * LARGE size as three md_homs on the bench machine (ms, 1 / 2 threads):
 * 32 x 256 tiles 72 / 43, rows of 4, 8, 16 or 32 with whole columns
 * 56-58 / 29-31, unfused 65 / 35, the product alone 58-60 / 30-32. */
#define TILE_CONTRACTION_ROWS 8

/* The most work recomputation may add to a producer: twice its instances. */
#define MAX_RECOMPUTATION 2.0

/* The most bytes of tile buffers one tile may use on the CPU: beyond,
 * they would not stay in the caches the tiles are sized for. On the GPU,
 * the shared memory of a block (MDH_GPU_MAX_SHARED_BYTES). */
#define MAX_TILE_BYTES (1 << 20)

/* The role of a statement in the group being formed. */
enum role { OUTSIDE, OUTPUT, PRODUCER };

/* How much of a statement the part of the tree being fused holds. */
enum share { NONE, SOME, ALL };

/* Internal data structure of the pass on one function: the target ("gpu"),
 * the single-group mode ("single"), the chain, its schedule (as mdh-schedule
 * built it) and schedule map, the role of each statement in the group being
 * formed, the statements kept out of it ("blocked": their recomputation would
 * cost too much), the instances of the part of the tree being fused
 * ("universe") and how much of each statement it holds ("share"), and
 * the CPU the register tiles are for ("target", lib/register_tile.h). */
struct fuse_data {
  int gpu;
  struct mdh_cpu_target target;
  int single;
  MlirOperation func;
  struct mdh_chain *cg;
  struct mdh_model *m;
  isl_schedule *schedule;
  isl_union_map *smap;
  enum role *role;
  int *blocked;
  isl_union_set *universe;
  enum share *share;
};

/* Returns the instances of statement "k". */
static __isl_give isl_union_set *stmt_domain(struct mdh_model *m, int k) {
  return isl_union_set_from_set(isl_set_copy(m->stmts[k].domain));
}

/* Returns the instances of statement "k" in the part of the tree being
 * fused. */
static __isl_give isl_union_set *in_part(struct fuse_data *data, int k) {
  return isl_union_set_intersect(stmt_domain(data->m, k),
                                 isl_union_set_copy(data->universe));
}

/* Returns the instances, in the part being fused, of the statements whose
 * role is "role". */
static __isl_give isl_union_set *with_role(struct fuse_data *data,
                                           enum role role) {
  isl_union_set *set =
      isl_union_set_empty(isl_union_set_get_space(data->m->domain));
  int k;

  for (k = 0; k < data->m->n_stmt; ++k)
    if (data->role[k] == role)
      set = isl_union_set_union(set, in_part(data, k));
  return set;
}

/* Returns the accesses of "acc" by statement "k". */
static __isl_give isl_union_map *of_stmt(struct mdh_model *m,
                                         __isl_keep isl_union_map *acc, int k) {
  return isl_union_map_intersect_domain(isl_union_map_copy(acc),
                                        stmt_domain(m, k));
}

/* Returns the flow from the instances "from" to the instances "to": the
 * pairs where one of "to" reads an element one of "from" writes. */
static __isl_give isl_union_map *flow_between(struct mdh_model *m,
                                              __isl_take isl_union_set *from,
                                              __isl_take isl_union_set *to) {
  isl_union_map *reads =
      isl_union_map_intersect_domain(isl_union_map_copy(m->reads), to);
  isl_union_map *writes =
      isl_union_map_intersect_domain(isl_union_map_copy(m->writes), from);

  return isl_union_map_apply_range(writes, isl_union_map_reverse(reads));
}

/* Returns the flow from statement "k" to the instances "to". */
static __isl_give isl_union_map *flow_to(struct mdh_model *m, int k,
                                         __isl_take isl_union_set *to) {
  return flow_between(m, stmt_domain(m, k), to);
}

/* Tells whether statement "k" writes only intermediates of their own memory
 * that no other statement writes: what it computes may move into tiles. */
static int writes_own_intermediates(struct mdh_model *m, int k) {
  isl_union_map *w = of_stmt(m, m->writes, k), *others;
  int b, ok = 1;

  for (b = 0; b < m->n_buf && ok; ++b) {
    if (mdh_isl_union_map_is_empty(mdh_model_accesses_to(m, w, b)))
      continue;
    others = isl_union_map_subtract_domain(
        mdh_model_accesses_to(m, m->writes, b), stmt_domain(m, k));
    ok = mdh_isl_union_map_is_empty(others) &&
         mdh_model_is_intermediate(m, m->bufs[b]) &&
         !mdh_model_shares_memory(m, b);
  }
  isl_union_map_free(w);
  return ok;
}

/* Stores in "dims" the cc dimensions of statement "k" in index order;
 * returns their number. */
static int cc_index_dims(struct mdh_model *m, int k, int *dims) {
  int d, n = 0;

  for (d = 0; d < m->stmts[k].rank; ++d)
    if (m->stmts[k].kinds[d] == MdhCombineCC)
      dims[n++] = d;
  return n;
}

/* Returns the position of dimension "d" of statement "k" among its cc
 * dimensions (-1 if it is no cc dimension). */
static int cc_position(struct mdh_model *m, int k, int d) {
  int e, n = 0;

  if (m->stmts[k].kinds[d] != MdhCombineCC)
    return -1;
  for (e = 0; e < d; ++e)
    n += m->stmts[k].kinds[e] == MdhCombineCC;
  return n;
}

/* Returns the number of cc dimensions of statement "k". */
static int n_cc(struct mdh_model *m, int k) {
  int dims[MDH_MODEL_MAX_RANK];

  return cc_index_dims(m, k, dims);
}

/* Tells whether every dimension of statement "k" is cc. */
static int cc_only(struct mdh_model *m, int k) {
  return n_cc(m, k) == m->stmts[k].rank;
}

/* Stores in "dims" the cc dimensions of statement "k", in the order of its
 * loops in the schedule map "smap"; returns their number. */
static int cc_dims(struct mdh_model *m, __isl_keep isl_union_map *smap, int k,
                   int *dims) {
  int order[MDH_MODEL_MAX_RANK];
  int d, n = 0;

  mdh_tree_dim_order(smap, &m->stmts[k], order);
  for (d = 0; d < m->stmts[k].rank; ++d)
    if (m->stmts[k].kinds[order[d]] == MdhCombineCC)
      dims[n++] = order[d];
  return n;
}

/* Returns the rows "S<k>[i] -> [e_0, ...]" of statement "stmt", where row r
 * is dimension dims[r], or, if "sizes" is given, its tile of size
 * sizes[r] (0: one tile over the whole extent). */
static __isl_give isl_union_map *rows(isl_ctx *ctx, const struct mdh_stmt *stmt,
                                      const int *dims, int n,
                                      const int64_t *sizes) {
  struct mdh_str str;
  isl_union_map *umap;
  int d, r;

  mdh_str_init(&str);
  mdh_str_printf(&str, "{ %s[", stmt->name);
  for (d = 0; d < stmt->rank; ++d)
    mdh_str_printf(&str, "%si%d", d ? ", " : "", d);
  mdh_str_printf(&str, "] -> [");
  for (r = 0; r < n; ++r) {
    if (r)
      mdh_str_printf(&str, ", ");
    if (sizes && sizes[r] > 0)
      mdh_str_printf(&str, "%lld * floor(i%d / %lld)", (long long)sizes[r],
                     dims[r], (long long)sizes[r]);
    else if (sizes)
      mdh_str_printf(&str, "0");
    else
      mdh_str_printf(&str, "i%d", dims[r]);
  }
  mdh_str_printf(&str, "] }");
  umap = isl_union_map_read_from_str(ctx, str.data);
  mdh_str_clear(&str);
  return isl_union_map_intersect_domain(
      umap, isl_union_set_from_set(isl_set_copy(stmt->domain)));
}

/* Returns the loops of statement "k" in the order mdh-schedule gave them. */
static __isl_give isl_union_map *own_rows(struct fuse_data *data, int k) {
  int order[MDH_MODEL_MAX_RANK];

  mdh_tree_dim_order(data->smap, &data->m->stmts[k], order);
  return rows(data->m->ctx, &data->m->stmts[k], order, data->m->stmts[k].rank,
              NULL);
}

/* Returns the tile coordinates of statement "k": its cc dimensions in
 * index order. */
static __isl_give isl_union_map *tile_coords(struct mdh_model *m, int k) {
  int dims[MDH_MODEL_MAX_RANK];
  int n = cc_index_dims(m, k, dims);

  return rows(m->ctx, &m->stmts[k], dims, n, NULL);
}

/* Tells whether "flow" (between two statements) relates the values of
 * "from" (rows of its source) to equal values of "to" (rows of its sink);
 * an empty flow does. */
static int maps_identically(__isl_take isl_union_map *flow,
                            __isl_take isl_union_map *from,
                            __isl_take isl_union_map *to) {
  isl_union_map *moved;
  isl_map *map, *id;
  isl_bool same;

  moved = isl_union_map_apply_range(isl_union_map_apply_domain(flow, from), to);
  if (isl_union_map_is_empty(moved) == isl_bool_true) {
    isl_union_map_free(moved);
    return 1;
  }
  map = isl_map_from_union_map(moved);
  id = isl_map_identity(
      isl_space_map_from_set(isl_space_range(isl_map_get_space(map))));
  same = isl_map_is_subset(map, id);
  isl_map_free(map);
  isl_map_free(id);
  return same == isl_bool_true;
}

/* Tells whether the flow "flow" from statement "p" to statement "q" keeps
 * their tile coordinates: each instance of "q" reads what instances of
 * "p" at its own tile coordinates write (quasi-identity, section 4.1). */
static int keeps_tile(struct mdh_model *m, int p, int q,
                      __isl_take isl_union_map *flow) {
  return maps_identically(flow, tile_coords(m, p), tile_coords(m, q));
}
/* Tells whether statement "p" may join the group as an output statement:
 * every statement that reads what it writes is an output statement of the
 * group, at the same tile coordinates. */
static int joins_output(struct fuse_data *data, int p) {
  struct mdh_model *m = data->m;
  int q, ok = 1, any = 0;

  for (q = p + 1; q < m->n_stmt && ok; ++q) {
    isl_union_map *flow = flow_to(m, p, stmt_domain(m, q));

    if (mdh_isl_union_map_is_empty(isl_union_map_copy(flow))) {
      isl_union_map_free(flow);
      continue;
    }
    any = 1;
    if (data->role[q] == OUTPUT && n_cc(m, p) == n_cc(m, q)) {
      ok = keeps_tile(m, p, q, flow);
    } else {
      isl_union_map_free(flow);
      ok = 0;
    }
  }
  return ok && any;
}

/* Tells whether statement "p" may join the group as a producer: it has no
 * reduction, the group reads some of its instances in the part being
 * fused, and statements outside the group read none of those (the
 * redundancy rule of basteln section 5.3, condition (21): each group of
 * consumers then runs instances of its own, none twice; those the group
 * does not need run after it, where their consumers may fuse them). */
static int joins_producer(struct fuse_data *data, int p) {
  struct mdh_model *m = data->m;
  isl_union_set *mine = isl_union_set_empty(isl_union_set_get_space(m->domain));
  isl_union_set *theirs = isl_union_set_copy(mine), *read;
  int q, ok;

  if (!cc_only(m, p)) {
    isl_union_set_free(mine);
    isl_union_set_free(theirs);
    return 0;
  }
  for (q = p + 1; q < m->n_stmt; ++q) {
    read = isl_union_map_domain(
        flow_between(m, in_part(data, p), stmt_domain(m, q)));
    if (data->role[q] == OUTSIDE)
      theirs = isl_union_set_union(theirs, read);
    else
      mine = isl_union_set_union(mine, read);
  }
  ok = !mdh_isl_union_set_is_empty(isl_union_set_copy(mine));
  ok &= mdh_isl_union_set_is_empty(isl_union_set_intersect(mine, theirs));
  return ok;
}

/* Tells whether every output statement of the group being formed reduces
 * at most MDH_GPU_MAX_FUSED_REDUCTION instances per result point. */
static int small_reductions(struct fuse_data *data) {
  struct mdh_model *m = data->m;
  int64_t points;
  int k;

  for (k = 0; k < m->n_stmt; ++k) {
    if (data->role[k] != OUTPUT)
      continue;
    points = mdh_stmt_reduction_points(&m->stmts[k]);
    if (points < 0 || points > MDH_GPU_MAX_FUSED_REDUCTION)
      return 0;
  }
  return 1;
}

/* Tells whether statements "p" and "q" of "m" have the same tile space:
 * as many cc dimensions, of equal extents (in index order). */
static int same_tile_space(struct mdh_model *m, int p, int q) {
  int dp[MDH_MODEL_MAX_RANK], dq[MDH_MODEL_MAX_RANK];
  int n = cc_index_dims(m, p, dp), r;

  if (n != cc_index_dims(m, q, dq))
    return 0;
  for (r = 0; r < n; ++r)
    if (mdh_stmt_extent(&m->stmts[p], dp[r]) < 0 ||
        mdh_stmt_extent(&m->stmts[p], dp[r]) !=
            mdh_stmt_extent(&m->stmts[q], dq[r]))
      return 0;
  return 1;
}

/* Tells whether no dependence of "m" relates statements "p" and "q" (a
 * dependence through a statement outside the group makes surround()
 * decline it). */
static int independent(struct mdh_model *m, int p, int q) {
  isl_union_set *dp = stmt_domain(m, p), *dq = stmt_domain(m, q);
  isl_union_map *deps = isl_union_map_union(mdh_model_deps_between(m, dp, dq),
                                            mdh_model_deps_between(m, dq, dp));

  isl_union_set_free(dp);
  isl_union_set_free(dq);
  return mdh_isl_union_map_is_empty(deps);
}

/* Sets "anc"[p] for every statement "p" of "m" whose results statement
 * "k" reads, directly or through other statements. */
static void ancestors(struct mdh_model *m, int k, char *anc) {
  int *stack = malloc((m->n_stmt + 1) * sizeof(*stack));
  int n = 0, s, p;

  if (!stack)
    abort();
  memset(anc, 0, m->n_stmt + 1);
  stack[n++] = k;
  while (n > 0) {
    s = stack[--n];
    for (p = 0; p < s; ++p)
      if (!anc[p] &&
          !mdh_isl_union_map_is_empty(flow_to(m, p, stmt_domain(m, s)))) {
        anc[p] = 1;
        stack[n++] = p;
      }
  }
  free(stack);
}

/* Tells whether statements "q" and "c" of "m" read results of one
 * statement that writes only intermediates (a producer both would fuse),
 * "anc_c" being the ancestors of "c". */
static int shares_producer(struct mdh_model *m, int q, const char *anc_c) {
  char *anc_q = malloc(m->n_stmt + 1);
  int p, shared = 0;

  if (!anc_q)
    abort();
  ancestors(m, q, anc_q);
  for (p = 0; p < m->n_stmt && !shared; ++p)
    shared = anc_q[p] && anc_c[p] && writes_own_intermediates(m, p);
  free(anc_q);
  return shared;
}

/* Lets the statements before "c" that write data the caller sees over the
 * tile space of "c", without a dependence between them and "c", join the
 * group as output statements: in the single-group mode (`mdh.fusion =
 * "single"`, basteln section 5.4) all of them, so that independent chains
 * share one tile loop (one kernel on the GPU); otherwise those that share
 * a producer with "c" (the equal-range rule of section 5.3: several
 * consumers of one producer over the same tile space share its tiles,
 * where each alone would leave the producer outside, read by both).
 * Returns how many joined. */
static int join_outputs(struct fuse_data *data, int c) {
  struct mdh_model *m = data->m;
  char *anc_c = NULL;
  int q, n = 0;

  for (q = c - 1; q >= 0; --q) {
    if (data->role[q] != OUTSIDE || data->blocked[q] || data->share[q] != ALL ||
        writes_own_intermediates(m, q) || !cc_only(m, q) ||
        !same_tile_space(m, q, c) || !independent(m, q, c))
      continue;
    /* The ancestors of "c" only once there is a candidate. */
    if (!data->single && !anc_c) {
      anc_c = malloc(m->n_stmt + 1);
      if (!anc_c)
        abort();
      ancestors(m, c, anc_c);
    }
    if (!data->single && !shares_producer(m, q, anc_c))
      continue;
    data->role[q] = OUTPUT;
    n++;
  }
  free(anc_c);
  return n;
}

/* Tells whether statement "k" is a contraction whose element-wise steps
 * gain from running on its tiles: one with a pw dimension, unless
 * mdh-codegen-cpu runs it in register tiles, which that fusion would take
 * from it (PolyBench's gemm at its LARGE size, beta C + alpha A B: 107 ms
 * fused on one core of the bench machine, 13 ms with the product in
 * register tiles and the two element-wise steps on their own). */
static int tiles_contraction(struct fuse_data *data, int k) {
  struct mdh_register_tile t;

  if (cc_only(data->m, k))
    return 0;
  return data->gpu ||
         mdh_register_tile_choose(data->m, k, &data->target, &t) < 0;
}

/* Forms the group of the output statement "c": other outputs join as
 * join_outputs lets them; the statements before it
 * that only it and the group read join, as output statements where they
 * keep the tile coordinates, else as producers (Alg. 2, greedily from the
 * last to the first). Tells whether the group is worth tiling: it has
 * producers, or a contraction (a statement with a pw dimension) among
 * other output statements, whose element-wise steps then run on each tile
 * of the contraction while it is in cache, the contraction keeping its own
 * loop order (basteln's elem+matmul groups, section 7.3). Element-wise
 * statements alone gain nothing: mdh-schedule fuses them point by point.
 * On the GPU, only groups with producers and small reductions (a
 * contraction keeps its own kernel and strategy). */
static int form_group(struct fuse_data *data, int c) {
  struct mdh_model *m = data->m;
  int p, n_prod = 0, n_out = 1, contraction = tiles_contraction(data, c);

  data->role[c] = OUTPUT;
  n_out += join_outputs(data, c);
  for (p = c - 1; p >= 0; --p) {
    if (data->role[p] != OUTSIDE || data->blocked[p] ||
        data->share[p] == NONE || !writes_own_intermediates(m, p) ||
        mdh_attr_is_pack(m->stmts[p].hom))
      continue;
    if (data->share[p] == ALL && joins_output(data, p)) {
      data->role[p] = OUTPUT;
      n_out++;
      contraction |= tiles_contraction(data, p);
    } else if (joins_producer(data, p)) {
      data->role[p] = PRODUCER;
      n_prod++;
    }
  }
  if (data->gpu)
    return n_prod > 0 && small_reductions(data);
  return n_prod > 0 || (n_out > 1 && contraction);
}

/* The tiling of a group: the output statement "c", its "n" tile dimensions
 * "dims" in the order of the tile loops, their "sizes" (0: the whole
 * extent) and the number of tiles along each ("count", 0 if unknown);
 * "shrink" is how many times a default tile was halved so that its buffers
 * fit; "narrow" tells that a default tile on the CPU has TILE_INNER points
 * of its innermost dimension rather than all, whose buffers did not fit. */
struct tiling {
  int c;
  int shrink;
  int narrow;
  int n;
  int dims[MDH_MODEL_MAX_RANK];
  int64_t sizes[MDH_MODEL_MAX_RANK];
  int64_t count[MDH_MODEL_MAX_RANK];
};

/* Halves the largest size of "t" (nothing if all are 1 or whole). */
static void halve_largest(struct tiling *t) {
  int r, top = -1;

  for (r = 0; r < t->n; ++r)
    if (t->sizes[r] > 1 && (top < 0 || t->sizes[r] > t->sizes[top]))
      top = r;
  if (top >= 0)
    t->sizes[top] /= 2;
}

/* Returns "size" rounded to the nearest multiple of "unit", at least
 * "unit"; 0 (the whole extent) stays 0. */
static int64_t round_to(int64_t size, int64_t unit) {
  int64_t n = (size + unit / 2) / unit;

  return size == 0 ? 0 : (n > 0 ? n : 1) * unit;
}

/* Rounds the sizes of "t" along the rows and the vector dimension of the
 * register tiles that mdh-codegen-cpu gives the group's output statements
 * (lib/register_tile.h) to whole register tiles: a register tile across
 * a group's tiles has a shape of no variant and runs as untiled code
 * (convchain's convolution in tiles of 32 rows, register tiles of 12:
 * 7.0 ms on one core of the bench machine, about 5 in tiles of 24 or 36). */
static void fit_register_tiles(struct fuse_data *data, struct tiling *t) {
  struct mdh_model *m = data->m;
  struct mdh_register_tile reg;
  int dims[MDH_MODEL_MAX_RANK], k, d, r;

  for (k = 0; k < m->n_stmt; ++k) {
    if (data->role[k] != OUTPUT ||
        mdh_register_tile_choose(m, k, &data->target, &reg) < 0)
      continue;
    cc_index_dims(m, k, dims);
    for (r = 0; r < t->n; ++r) {
      d = dims[cc_position(m, t->c, t->dims[r])];
      if (d == reg.row)
        t->sizes[r] = round_to(t->sizes[r], reg.rows);
      else if (d == reg.vec && !reg.reduces)
        t->sizes[r] = round_to(t->sizes[r], (int64_t)reg.vectors * reg.width);
    }
  }
}

/* Reads the tile sizes of the output statement t->c: its `mdh.tile_sizes`
 * (one per dimension, in index order) or the default for a group with
 * "producers" or without (halved t->shrink times); puts the dimension of
 * the most tiles outermost on the CPU, so that the parallel tile loop has
 * many iterations (the 3 channels of an image would keep one of two
 * threads idle a third of the time). Returns 0, or -1 after a diagnostic. */
static int read_tiling(struct fuse_data *data, struct tiling *t,
                       int producers) {
  const struct mdh_stmt *stmt = &data->m->stmts[t->c];
  int64_t n, best = -1, given[MDH_MODEL_MAX_RANK];
  int r, top = 0, longest = -1, dim;
  int have = mdh_md_hom_tile_sizes(stmt->hom, PASS, given);

  t->n = cc_dims(data->m, data->smap, t->c, t->dims);
  if (have < 0)
    return -1;
  for (r = 0; r < t->n - 1; ++r)
    if (mdh_stmt_extent(stmt, t->dims[r]) > best) {
      best = mdh_stmt_extent(stmt, t->dims[r]);
      longest = r;
    }
  for (r = 0; r < t->n; ++r) {
    if (!have && !producers)
      t->sizes[r] = r == t->n - 1  ? 0
                    : r == longest ? TILE_CONTRACTION_ROWS
                                   : 1;
    else if (!have && t->n == 1)
      t->sizes[r] = data->gpu ? TILE_FLAT_GPU : TILE_INNER * TILE_OUTER;
    else if (!have && data->gpu)
      t->sizes[r] = r == t->n - 1  ? TILE_INNER_GPU
                    : r == longest ? TILE_OUTER_GPU
                                   : 1;
    else if (!have)
      t->sizes[r] = r == t->n - 1  ? (t->narrow ? TILE_INNER : 0)
                    : r == longest ? TILE_OUTER
                                   : 1;
    else
      t->sizes[r] = given[t->dims[r]];
  }
  for (r = 0; r < t->shrink; ++r)
    halve_largest(t);
  if (!have && !data->gpu)
    fit_register_tiles(data, t);
  for (best = -1, r = 0; r < t->n; ++r) {
    n = mdh_stmt_extent(stmt, t->dims[r]);
    /* (n - 1) / size + 1, not (n + size - 1) / size: a size of 2^63 - 1
     * must not overflow. */
    t->count[r] = !t->sizes[r] ? 1 : n <= 0 ? 0 : (n - 1) / t->sizes[r] + 1;
    if (t->count[r] > best) {
      best = t->count[r];
      top = r;
    }
  }
  /* On the GPU, the blocks take the tiles of every dimension, and the
   * innermost (stride-1) one stays innermost, on the threads along x. */
  for (r = data->gpu ? 0 : top; r > 0; --r) {
    dim = t->dims[r], n = t->sizes[r], best = t->count[r];
    t->dims[r] = t->dims[r - 1], t->sizes[r] = t->sizes[r - 1];
    t->count[r] = t->count[r - 1];
    t->dims[r - 1] = dim, t->sizes[r - 1] = n, t->count[r - 1] = best;
  }
  /* A dimension of one tile is no member of the tile band: a constant
   * member would leave isl's AST build without its dimension. */
  for (n = 0, r = 0; r < t->n; ++r)
    if (t->count[r] > 1 || t->count[r] == 0) {
      t->dims[n] = t->dims[r], t->sizes[n] = t->sizes[r];
      t->count[n++] = t->count[r];
    }
  t->n = n;
  return 0;
}

/* Returns the tile band of the output statements: for each, row r is its
 * cc dimension at the place the tile dimension r has among the cc
 * dimensions of t->c (in index order), tiled. */
static __isl_give isl_multi_union_pw_aff *tile_band(struct fuse_data *data,
                                                    const struct tiling *t) {
  struct mdh_model *m = data->m;
  isl_union_map *band = isl_union_map_empty(isl_union_set_get_space(m->domain));
  int dims[MDH_MODEL_MAX_RANK], pos[MDH_MODEL_MAX_RANK],
      k_dims[MDH_MODEL_MAX_RANK];
  int k, r;

  for (r = 0; r < t->n; ++r)
    pos[r] = cc_position(m, t->c, t->dims[r]);
  for (k = 0; k < m->n_stmt; ++k) {
    if (data->role[k] != OUTPUT)
      continue;
    cc_index_dims(m, k, k_dims);
    for (r = 0; r < t->n; ++r)
      dims[r] = k_dims[pos[r]];
    band = isl_union_map_union(
        band, rows(m->ctx, &m->stmts[k], dims, t->n, t->sizes));
  }
  return isl_multi_union_pw_aff_from_union_map(band);
}

/* Returns "need" (tile -> instances of statement "k") widened to the box
 * around the instances of each tile, within the statement's domain, or
 * "need" itself if that box has no fixed size. The union of what several
 * consumers read of a producer need not be a box (Harris' products, read by
 * the 3 x 3 sums through shifted windows, gave disjunctions of diagonal
 * constraints), and its loops then come in pieces with minima and maxima
 * in their bounds; the box costs a few instances more and gives one
 * rectangular nest per tile. The added instances are pure (a producer has
 * no reduction and writes its own tile buffers), and the producers before
 * "k" are sliced from the widened set, so they compute all it reads. */
static __isl_give isl_union_map *box_of(struct mdh_model *m, int k,
                                        __isl_take isl_union_map *need) {
  isl_map *map = isl_map_from_union_map(isl_union_map_copy(need));
  isl_multi_aff *lo, *hi;
  isl_multi_val *size;
  isl_map *wide;

  if (mdh_fuse_range_box(map, &lo, &size) < 0) {
    isl_map_free(map);
    return need;
  }
  isl_union_map_free(need);
  size = isl_multi_val_add_val(size, isl_val_negone(m->ctx));
  hi = isl_multi_aff_add_constant_multi_val(isl_multi_aff_copy(lo), size);
  wide = isl_map_universe(isl_map_get_space(map));
  wide = isl_map_lower_bound_multi_pw_aff(wide,
                                          isl_multi_pw_aff_from_multi_aff(lo));
  wide = isl_map_upper_bound_multi_pw_aff(wide,
                                          isl_multi_pw_aff_from_multi_aff(hi));
  wide = isl_map_intersect_domain(wide, isl_map_domain(map));
  wide = isl_map_intersect_range(wide, isl_set_copy(m->stmts[k].domain));
  return isl_union_map_from_map(wide);
}

/* Returns the producer instances each tile needs: the tile coordinates of
 * the output instances ("tiles", instances -> tile) mapped back through the
 * flow into them, one producer after the other from the last (Alg. 2, lines
 * 10-25; with the exact flow instead of the footprint of the whole array,
 * as the reads of a statement may also touch data of the caller), each
 * widened to its box per tile (box_of). */
static __isl_give isl_union_map *
producer_instances(struct fuse_data *data, __isl_take isl_union_map *tiles) {
  struct mdh_model *m = data->m;
  isl_union_map *need = isl_union_map_reverse(tiles);
  isl_union_map *ext = isl_union_map_empty(isl_union_map_get_space(need));
  isl_union_map *more;
  int p;

  for (p = m->n_stmt - 1; p >= 0; --p) {
    if (data->role[p] != PRODUCER)
      continue;
    more = isl_union_map_apply_range(
        isl_union_map_copy(need),
        isl_union_map_reverse(flow_to(m, p, isl_union_set_copy(m->domain))));
    more = isl_union_map_intersect_range(
        box_of(m, p, isl_union_map_coalesce(more)), in_part(data, p));
    ext = isl_union_map_union(ext, isl_union_map_copy(more));
    need = isl_union_map_union(need, more);
  }
  isl_union_map_free(need);
  return isl_union_map_coalesce(ext);
}

/* Returns the product of the sizes "size" of a box. */
static double volume(__isl_keep isl_multi_val *size) {
  isl_size n = isl_multi_val_size(size);
  double v = 1;
  int i;

  for (i = 0; i < n; ++i) {
    isl_val *s = isl_multi_val_get_at(size, i);
    v *= isl_val_get_d(s);
    isl_val_free(s);
  }
  return v;
}

/* Returns the product of the sizes of the box around the range of "map"
 * (-1 if there is none). */
static double box_volume(__isl_take isl_map *map) {
  isl_multi_aff *offset;
  isl_multi_val *size;
  double v;

  if (mdh_fuse_range_box(map, &offset, &size) < 0) {
    isl_map_free(map);
    return -1;
  }
  v = volume(size);
  isl_multi_aff_free(offset);
  isl_multi_val_free(size);
  isl_map_free(map);
  return v;
}

/* Checks that the group has several tiles and that recomputation keeps
 * each producer within MAX_RECOMPUTATION times its own work: the instances
 * of a tile (their box) times the number of tiles (fractional: a partial
 * tile at the end of a dimension counts for its part), against the
 * producer's instances. Returns -1 if so, the last producer (the nearest
 * to the output) that would exceed it, or -2 if the group is one tile or
 * its size is unknown. */
static int costly_producer(struct fuse_data *data, const struct tiling *t,
                           __isl_keep isl_union_map *ext) {
  struct mdh_model *m = data->m;
  double tiles = 1, per_tile, all;
  isl_union_map *part;
  int64_t n;
  int r, p;

  for (r = 0; r < t->n; ++r) {
    n = mdh_stmt_extent(&m->stmts[t->c], t->dims[r]);
    if (n <= 0)
      return -2;
    tiles *= t->sizes[r] && t->sizes[r] < n ? (double)n / t->sizes[r] : 1;
  }
  /* One tile is the unfused program with its intermediates moved. */
  if (tiles <= 1)
    return -2;
  for (p = m->n_stmt - 1; p >= 0; --p) {
    if (data->role[p] != PRODUCER)
      continue;
    part = isl_union_map_intersect_range(isl_union_map_copy(ext),
                                         stmt_domain(m, p));
    per_tile = box_volume(isl_map_from_union_map(part));
    all = box_volume(
        isl_map_from_range(isl_set_from_union_set(in_part(data, p))));
    if (per_tile < 0 || all <= 0 || per_tile * tiles > MAX_RECOMPUTATION * all)
      return p;
  }
  return -1;
}

/* Returns the values of the own loops of statement "k" in each tile, of
 * the instances "inst" (tile -> instances). */
static __isl_give isl_union_map *tile_points(struct fuse_data *data, int k,
                                             __isl_keep isl_union_map *inst) {
  isl_union_map *part = isl_union_map_intersect_range(isl_union_map_copy(inst),
                                                      stmt_domain(data->m, k));

  return isl_union_map_apply_range(part, own_rows(data, k));
}

/* Tells whether statement "k" may join the loop nest of the statements
 * "nest" ("n" of them) in each tile of the instances "inst" (tile ->
 * instances): every statement is cc-only and has the same own loop
 * values in each tile, and each flow from the nest into "k" stays at one
 * point of the loops, so that "k" runs, point after point, right after the
 * statements it reads (point-wise fusion within the tile, which
 * mdh-schedule does across whole extents). */
static int joins_nest(struct fuse_data *data, const int *nest, int n, int k,
                      __isl_keep isl_union_map *inst) {
  struct mdh_model *m = data->m;
  isl_union_map *first, *own;
  isl_bool equal;
  int i, ok;

  if (!cc_only(m, k) || !cc_only(m, nest[0]) ||
      m->stmts[k].rank != m->stmts[nest[0]].rank || m->stmts[k].rank == 0)
    return 0;
  first = tile_points(data, nest[0], inst);
  own = tile_points(data, k, inst);
  equal = isl_union_map_is_equal(first, own);
  isl_union_map_free(first);
  isl_union_map_free(own);
  ok = equal == isl_bool_true;
  for (i = 0; i < n && ok; ++i)
    ok = maps_identically(flow_to(m, nest[i], stmt_domain(m, k)),
                          own_rows(data, nest[i]), own_rows(data, k));
  return ok;
}

/* Returns the own loops of the statements "nest" ("n" of them). */
static __isl_give isl_multi_union_pw_aff *nest_loops(struct fuse_data *data,
                                                     const int *nest, int n) {
  isl_union_map *rows = own_rows(data, nest[0]);
  int i;

  for (i = 1; i < n; ++i)
    rows = isl_union_map_union(rows, own_rows(data, nest[i]));
  return isl_multi_union_pw_aff_from_union_map(rows);
}

/* Returns the instances of the statements "nest" ("n" of them). */
static __isl_give isl_union_set *nest_domain(struct mdh_model *m,
                                             const int *nest, int n) {
  isl_union_set *set = stmt_domain(m, nest[0]);
  int i;

  for (i = 1; i < n; ++i)
    set = isl_union_set_union(set, stmt_domain(m, nest[i]));
  return set;
}

/* Returns "node" (a leaf) with the statements of role "role" below it, of
 * instances "inst" in each tile (tile -> instances), in program order, in
 * loop nests of their own loops: consecutive statements that joins_nest
 * accepts share one, in a sequence at each point; the nests follow each
 * other in a sequence if there are several. */
static __isl_give isl_schedule_node *
insert_own_loops(struct fuse_data *data, __isl_take isl_schedule_node *node,
                 enum role role, __isl_keep isl_union_map *inst) {
  struct mdh_model *m = data->m;
  isl_union_set_list *filters = isl_union_set_list_alloc(m->ctx, m->n_stmt);
  isl_union_set_list *inner;
  int *start = calloc(m->n_stmt + 1, sizeof(*start));
  int *nest = calloc(m->n_stmt + 1, sizeof(*nest));
  int k, i, j, n = 0, n_nests = 0;

  if (!start || !nest)
    abort();
  for (k = 0; k < m->n_stmt; ++k) {
    if (data->role[k] != role)
      continue;
    if (n == 0 || !joins_nest(data, nest + start[n_nests - 1],
                              n - start[n_nests - 1], k, inst))
      start[n_nests++] = n;
    nest[n++] = k;
  }
  start[n_nests] = n;
  for (i = 0; i < n_nests; ++i)
    filters = isl_union_set_list_add(
        filters, nest_domain(m, nest + start[i], start[i + 1] - start[i]));
  if (n_nests > 1)
    node = isl_schedule_node_insert_sequence(node, filters);
  else
    isl_union_set_list_free(filters);
  for (i = 0; i < n_nests; ++i) {
    int size = start[i + 1] - start[i], *part = nest + start[i];

    if (n_nests > 1)
      node = isl_schedule_node_child(isl_schedule_node_child(node, i), 0);
    if (m->stmts[part[0]].rank > 0)
      node = isl_schedule_node_insert_partial_schedule(
          node, nest_loops(data, part, size));
    if (size > 1) {
      inner = isl_union_set_list_alloc(m->ctx, size);
      for (j = 0; j < size; ++j)
        inner = isl_union_set_list_add(inner, stmt_domain(m, part[j]));
      node = isl_schedule_node_insert_sequence(isl_schedule_node_child(node, 0),
                                               inner);
      node = isl_schedule_node_parent(node);
    }
    if (n_nests > 1)
      node = isl_schedule_node_parent(isl_schedule_node_parent(node));
  }
  free(start);
  free(nest);
  return node;
}

/* Returns the schedule of the group: the producer instances no tile needs
 * ("reserved", the filter (20) of section 5.1), then the tile band "band"
 * over the output statements (below a kernel mark on the GPU), a
 * tile_buffers mark, and the extension "ext" adding the producer instances
 * of each tile before the output statements. */
static __isl_give isl_schedule *
group_schedule(struct fuse_data *data, __isl_take isl_multi_union_pw_aff *band,
               __isl_take isl_union_map *ext,
               __isl_take isl_union_set *reserved) {
  struct mdh_model *m = data->m;
  isl_union_set *outs = with_role(data, OUTPUT);
  isl_union_set_list *parts =
      isl_union_set_list_from_union_set(isl_union_set_copy(reserved));
  isl_union_map *tiles;
  isl_schedule *group;
  isl_schedule_node *node, *graft;
  isl_size n = isl_multi_union_pw_aff_size(band);
  int i;

  tiles = isl_union_map_reverse(
      isl_union_map_from_multi_union_pw_aff(isl_multi_union_pw_aff_copy(band)));
  parts = isl_union_set_list_add(parts, isl_union_set_copy(outs));
  group = isl_schedule_from_domain(isl_union_set_coalesce(isl_union_set_union(
      isl_union_set_union(outs, isl_union_set_copy(reserved)),
      isl_union_map_range(isl_union_map_copy(ext)))));
  node = isl_schedule_node_child(isl_schedule_get_root(group), 0);
  isl_schedule_free(group);
  node = isl_schedule_node_insert_sequence(node, parts);
  node = isl_schedule_node_child(isl_schedule_node_child(node, 1), 0);
  node = isl_schedule_node_insert_partial_schedule(node, band);
  node = isl_schedule_node_band_set_permutable(node, 1);
  for (i = 0; i < n; ++i)
    node = isl_schedule_node_band_member_set_coincident(node, i, 1);
  node = isl_schedule_node_child(node, 0);
  if (isl_union_map_is_empty(ext) == isl_bool_false) {
    graft = isl_schedule_node_child(
        isl_schedule_node_from_extension(isl_union_map_copy(ext)), 0);
    graft =
        isl_schedule_node_parent(insert_own_loops(data, graft, PRODUCER, ext));
    node = isl_schedule_node_graft_before(node, graft);
  }
  isl_union_map_free(ext);
  isl_union_set_free(reserved);
  node = insert_own_loops(data, node, OUTPUT, tiles);
  isl_union_map_free(tiles);
  node = isl_schedule_node_child(
      isl_schedule_node_child(isl_schedule_node_root(node), 0), 1);
  node = isl_schedule_node_child(isl_schedule_node_child(node, 0), 0);
  node = isl_schedule_node_insert_mark(
      node, isl_id_alloc(m->ctx, mdh_mark_tile_buffers, NULL));
  /* On the GPU, the group is one kernel (mdh-map-gpu maps it). */
  if (data->gpu)
    node = mdh_tree_insert_kernel(isl_schedule_node_parent(node), NULL);
  group = isl_schedule_node_get_schedule(node);
  isl_schedule_node_free(node);
  return group;
}

/* Returns "a" followed by "b", either of which may be NULL. */
static __isl_give isl_schedule *then(__isl_take isl_schedule *a,
                                     __isl_take isl_schedule *b) {
  if (!a)
    return b;
  if (!b)
    return a;
  return isl_schedule_sequence(a, b);
}

/* Returns "schedule" restricted to "domain", or NULL if that is empty. */
static __isl_give isl_schedule *part(__isl_keep isl_schedule *schedule,
                                     __isl_take isl_union_set *domain) {
  if (isl_union_set_is_empty(domain) == isl_bool_true) {
    isl_union_set_free(domain);
    return NULL;
  }
  return isl_schedule_intersect_domain(isl_schedule_copy(schedule), domain);
}

/* Splits the instances of "universe" (the domain of "plain", a part of
 * the tree of mdh-schedule without its kinds mark) outside the group (the
 * instances "in_group") into those that run before it and after it: the
 * producer instances "spill" that only statements outside the group read,
 * and the statements that depend on the group, directly or through each
 * other, run after it. Stores the parts of "plain" for them in "*before"
 * and "*after" (NULL if empty). Returns 0, or -1 if an instance after the
 * group is a source of a dependence on one before it or in it. */
static int surround(struct fuse_data *data, __isl_keep isl_schedule *plain,
                    __isl_keep isl_union_set *in_group,
                    __isl_take isl_union_set *spill,
                    __isl_give isl_schedule **before_part,
                    __isl_give isl_schedule **after_part) {
  struct mdh_model *m = data->m;
  isl_union_set *universe = isl_schedule_get_domain(plain);
  isl_union_set *after = spill;
  isl_union_set *before, *from, *to;
  int k, ok;

  for (k = 0; k < m->n_stmt; ++k) {
    if (data->role[k] != OUTSIDE)
      continue;
    from = isl_union_set_union(isl_union_set_copy(in_group),
                               isl_union_set_copy(after));
    to = isl_union_set_intersect(stmt_domain(m, k),
                                 isl_union_set_copy(universe));
    if (!mdh_isl_union_map_is_empty(mdh_model_deps_between(m, from, to)))
      after = isl_union_set_union(after, isl_union_set_copy(to));
    isl_union_set_free(from);
    isl_union_set_free(to);
  }
  before = isl_union_set_subtract(
      isl_union_set_subtract(universe, isl_union_set_copy(in_group)),
      isl_union_set_copy(after));
  to = isl_union_set_union(isl_union_set_copy(before),
                           isl_union_set_copy(in_group));
  ok = mdh_isl_union_map_is_empty(mdh_model_deps_between(m, after, to));
  isl_union_set_free(to);
  *before_part = ok ? part(plain, isl_union_set_copy(before)) : NULL;
  *after_part = ok ? part(plain, isl_union_set_copy(after)) : NULL;
  isl_union_set_free(before);
  isl_union_set_free(after);
  return ok ? 0 : -1;
}

/* Returns the instances of "set" (producer instances no tile needs) that
 * statements outside the group read: they run after the group, with their
 * consumers. */
static __isl_give isl_union_set *read_outside(struct fuse_data *data,
                                              __isl_keep isl_union_set *set) {
  return isl_union_map_domain(
      flow_between(data->m, isl_union_set_copy(set), with_role(data, OUTSIDE)));
}

/* Returns the schedule of the group of the output statement "c" within the
 * part "plain" of the tree, with the parts of "plain" that run before and
 * after it in "*before" and "*after", or NULL where the pass declines it
 * (the roles then stay set; the caller resets them). Sets "*error" after a
 * diagnostic. */
static __isl_give isl_schedule *fuse_group(struct fuse_data *data, int c,
                                           __isl_keep isl_schedule *plain,
                                           __isl_give isl_schedule **before,
                                           __isl_give isl_schedule **after,
                                           int *error) {
  struct mdh_model *m = data->m;
  struct tiling t = {.c = c};
  isl_multi_union_pw_aff *band;
  isl_union_map *tiles, *ext, *inst;
  isl_union_set *outs, *reserved, *spill;
  struct mdh_tile_buffer *bufs;
  isl_schedule *group;
  int64_t bytes;
  int n, k, producers, costly;

retry:
  for (k = 0; k < m->n_stmt; ++k)
    data->blocked[k] = 0;
  do {
    for (k = 0; k < m->n_stmt; ++k)
      data->role[k] = OUTSIDE;
    if (form_group(data, c) == 0)
      return NULL;
    for (producers = 0, k = 0; k < m->n_stmt; ++k)
      producers |= data->role[k] == PRODUCER;
    if (read_tiling(data, &t, producers) < 0) {
      *error = 1;
      return NULL;
    }
    if (t.n == 0)
      return NULL;
    band = tile_band(data, &t);
    tiles = isl_union_map_from_multi_union_pw_aff(
        isl_multi_union_pw_aff_copy(band));
    ext = producer_instances(data, isl_union_map_copy(tiles));
    isl_union_map_free(tiles);
    costly = costly_producer(data, &t, ext);
    if (costly != -1) {
      isl_multi_union_pw_aff_free(band);
      isl_union_map_free(ext);
      if (costly < 0)
        return NULL;
      /* Fuse the producers nearer to the output only. */
      data->blocked[costly] = 1;
    }
  } while (costly != -1);
  outs = with_role(data, OUTPUT);
  inst = isl_union_map_union(
      isl_union_map_reverse(isl_union_map_from_multi_union_pw_aff(
          isl_multi_union_pw_aff_copy(band))),
      isl_union_map_copy(ext));
  n = mdh_fuse_tile_buffers(m, inst, outs, &bufs);
  isl_union_map_free(inst);
  if (n < 0) {
    isl_union_set_free(outs);
    isl_multi_union_pw_aff_free(band);
    isl_union_map_free(ext);
    return NULL;
  }
  mdh_fuse_tile_buffers_free(bufs, n);
  reserved = isl_union_set_subtract(
      with_role(data, PRODUCER), isl_union_map_range(isl_union_map_copy(ext)));
  spill = read_outside(data, reserved);
  reserved = isl_union_set_subtract(reserved, isl_union_set_copy(spill));
  outs = isl_union_set_union(outs, isl_union_set_copy(reserved));
  outs =
      isl_union_set_union(outs, isl_union_map_range(isl_union_map_copy(ext)));
  if (surround(data, plain, outs, spill, before, after) < 0) {
    isl_union_set_free(outs);
    isl_union_set_free(reserved);
    isl_multi_union_pw_aff_free(band);
    isl_union_map_free(ext);
    return NULL;
  }
  isl_union_set_free(outs);
  group = group_schedule(data, band, ext, reserved);
  /* The bytes of the tile buffers, those of point-wise nests one element
   * each. */
  bytes = mdh_fuse_max_tile_bytes(m, group);
  if (bytes >= 0 &&
      bytes <= (data->gpu ? MDH_GPU_MAX_SHARED_BYTES : MAX_TILE_BYTES))
    return group;
  isl_schedule_free(group);
  *before = isl_schedule_free(*before);
  *after = isl_schedule_free(*after);
  if (bytes >= 0 && data->gpu && t.shrink < MAX_SHRINK &&
      mlirAttributeIsNull(mdh_attr_get_tile_sizes(m->stmts[c].hom))) {
    ++t.shrink;
    goto retry;
  }
  if (bytes >= 0 && !data->gpu && !t.narrow &&
      mlirAttributeIsNull(mdh_attr_get_tile_sizes(m->stmts[c].hom))) {
    t.narrow = 1;
    goto retry;
  }
  return NULL;
}

/* Reads the fusion mode of "func" (`mdh.fusion` on it or its module;
 * "basteln" without one): 1 for basteln, 2 for single, 0 for none, -1
 * after a diagnostic. */
static int fusion_mode(MlirOperation func) {
  MlirOperation owner;
  MlirAttribute attr = mdh_attr_find_fusion(func, &owner);
  MlirStringRef mode;

  if (mlirAttributeIsNull(attr))
    return 1;
  if (mlirAttributeIsAString(attr)) {
    mode = mlirStringAttrGetValue(attr);
    if (mlirStringRefEqual(mode, mlirStringRefCreateFromCString("basteln")))
      return 1;
    if (mlirStringRefEqual(mode, mlirStringRefCreateFromCString("none")))
      return 0;
    if (mlirStringRefEqual(mode, mlirStringRefCreateFromCString("single")))
      return 2;
  }
  mdh_emit_error(owner, PASS ": mdh.fusion must be \"none\", \"basteln\" "
                             "or \"single\"");
  return -1;
}

/* Makes "universe" the instances of the part of the tree being fused,
 * and records how much of each statement it holds. */
static void enter_part(struct fuse_data *data,
                       __isl_keep isl_union_set *universe) {
  isl_union_set *dom;
  isl_bool all;
  int k;

  data->universe = universe;
  for (k = 0; k < data->m->n_stmt; ++k) {
    dom = stmt_domain(data->m, k);
    all = isl_union_set_is_subset(dom, universe);
    data->share[k] = all == isl_bool_true                           ? ALL
                     : mdh_isl_union_set_is_empty(in_part(data, k)) ? NONE
                                                                    : SOME;
    isl_union_set_free(dom);
  }
}

/* Returns "plain" (a part of the tree of mdh-schedule without its kinds
 * mark) with the group of its last output statement that is worth fusing
 * fused, and the same done again on the parts that run before and after
 * that group. Sets "*n_groups" to the number of groups fused. */
static __isl_give isl_schedule *fuse_part(struct fuse_data *data,
                                          __isl_take isl_schedule *plain,
                                          int *n_groups, int *error) {
  struct mdh_model *m = data->m;
  isl_union_set *universe = isl_schedule_get_domain(plain);
  isl_schedule *group = NULL, *before = NULL, *after = NULL;
  int c, k;

  enter_part(data, universe);
  for (c = m->n_stmt - 1; !group && !*error && c >= 0; --c) {
    if (data->share[c] != ALL || writes_own_intermediates(m, c))
      continue;
    group = fuse_group(data, c, plain, &before, &after, error);
    if (!group) {
      before = isl_schedule_free(before);
      after = isl_schedule_free(after);
    }
    for (k = 0; k < m->n_stmt; ++k)
      data->role[k] = OUTSIDE;
  }
  data->universe = NULL;
  isl_union_set_free(universe);
  if (!group)
    return plain;
  isl_schedule_free(plain);
  ++*n_groups;
  if (before)
    before = fuse_part(data, before, n_groups, error);
  if (after)
    after = fuse_part(data, after, n_groups, error);
  return then(then(before, group), after);
}

/* Fuses groups in the schedule of "func" (fuse_part) for the CPU or, if
 * "gpu", the GPU, unless it is the user's or its mdh ops are cut into
 * segments, and stores the result after checking it. */
static int fuse_func(isl_ctx *ctx, MlirOperation func, int gpu) {
  struct fuse_data data = {.gpu = gpu, .func = func};
  struct mdh_segment *segs = NULL;
  isl_schedule_node *root;
  isl_schedule *fused = NULL;
  isl_id *kinds = NULL;
  int mode = fusion_mode(func), error = 0, n_groups = 0, n_seg;

  if (mode <= 0)
    return mode == 0;
  data.single = mode == 2;
  if (!mdh_attr_get_scheduler(func).data)
    return 1;
  data.cg = mdh_chain_alloc(ctx, func, PASS);
  if (!data.cg)
    return 0;
  data.m = data.cg->m;
  if (!gpu && mdh_cpu_target_init(&data.target, func) < 0) {
    mdh_chain_free(data.cg);
    return 0;
  }
  data.schedule = mdh_chain_read_schedule(data.cg, func);
  n_seg = data.schedule ? mdh_model_segments(data.m, func, PASS, &segs) : -1;
  free(segs);
  data.smap = n_seg == 1 ? isl_schedule_get_map(data.schedule) : NULL;
  data.role = calloc(data.m->n_stmt + 1, sizeof(*data.role));
  data.blocked = calloc(data.m->n_stmt + 1, sizeof(*data.blocked));
  data.share = calloc(data.m->n_stmt + 1, sizeof(*data.share));
  if (!data.role || !data.blocked || !data.share)
    abort();
  if (data.smap) {
    /* The groups are built without the kinds mark below the domain. */
    root = isl_schedule_node_child(isl_schedule_get_root(data.schedule), 0);
    kinds = isl_schedule_node_mark_get_id(root);
    root = isl_schedule_node_delete(root);
    fused = isl_schedule_node_get_schedule(root);
    isl_schedule_node_free(root);
    fused = fuse_part(&data, fused, &n_groups, &error);
  }
  if (n_groups > 0 && !error) {
    root = isl_schedule_node_child(isl_schedule_get_root(fused), 0);
    root = isl_schedule_node_insert_mark(root, isl_id_copy(kinds));
    isl_schedule_free(fused);
    fused = isl_schedule_node_get_schedule(root);
    isl_schedule_node_free(root);
    if (mdh_fuse_schedule_is_valid(data.m, fused) == isl_bool_true)
      mdh_tree_store(func, fused);
  }
  isl_id_free(kinds);
  isl_schedule_free(fused);
  free(data.role);
  free(data.blocked);
  free(data.share);
  isl_union_map_free(data.smap);
  isl_schedule_free(data.schedule);
  mdh_chain_free(data.cg);
  return n_seg >= 1 && !error;
}

static int fuse_func_cpu(isl_ctx *ctx, MlirOperation func) {
  return fuse_func(ctx, func, 0);
}

static int fuse_func_gpu(isl_ctx *ctx, MlirOperation func) {
  return fuse_func(ctx, func, 1);
}

MlirLogicalResult mdh_tile_fuse_run(MlirOperation module) {
  return mdh_pass_run_per_function(module, &fuse_func_cpu);
}

MlirLogicalResult mdh_tile_fuse_gpu_run(MlirOperation module) {
  return mdh_pass_run_per_function(module, &fuse_func_gpu);
}
