/* mdh-map-gpu: forms the GPU kernels of each function in its schedule tree
 * and chooses their parallelism mapping.
 *
 * Kernels (kernels.c) are kernel marks in `mdh.schedule` (lib/tree.h): a
 * band that the scheduler fused from several md_homs is one kernel when
 * some of its members carry no dependence; its mapping over the band
 * members goes into its mark ("kernel: global.x(256,4)"). Every other
 * kernel holds one md_hom, whose mapping goes into the md_hom's
 * `mdh.mapping` (the format of lib/mapping.h), with the number of legal
 * mappings in `mdh.mappings`. A group fused by mdh-tile-fuse is one kernel
 * whose mapping gives its tiles to the blocks (kernels.c). The marked tree
 * is stored back.
 *
 * A md_hom's dimensions, in the order of its band in mdh.schedule (the
 * GPU optimizer of mdh-schedule puts the coalescing dimension innermost)
 * with its reduction dimensions moved inside the others, as its strategies
 * nest them (reductions_inside), form a chain of perfectly nested maps:
 * LIFT's nesting tree (Mogers et al., CC'22, Sec. 4). enumerate.c lists the
 * encodings that the strengthened rules allow; reduction (pw) maps may be
 * parallel when the reduce strategy of mdh-codegen-gpu can run the md_hom
 * (PANAMERA's multi-block reductions), scan maps when the block scan can run
 * the md_hom, on one block (sizing gives them one). Two departures, both
 * because the md_hom's dimensions are already what LIFT's rewrites would
 * produce: Fused encodings are left out (mdh-coalesce merges dimensions
 * before scheduling), and with them rule 8, the sequential-fusion pruning
 * heuristic, which would otherwise forbid two sequential dimensions.
 *
 * Each legal encoding gets sizes (threads per block along x, y, z within a
 * budget of 256, blocks within the grid limits) and a score; the hardware
 * limits are checked on the sized mapping. The score (without a GPU to
 * time candidates) ranks a mapping that leaves a large parallel dimension
 * sequential while its threads do not fill the GPU after every other
 * (serializes_large), then rewards, in this order: enough
 * parallel threads to fill an H100 (2^18), thread x on the coalescing
 * dimension (coalescing_dim), a block reduction over atomics where the
 * result points alone cannot fill the GPU, and penalizes per-thread
 * atomics, reductions spread so thin that a thread gets fewer than 8 of
 * their points, and blocks of less than a warp. The best
 * wins; ties keep the enumeration order, except that a matmul-like md_hom
 * gets a tiled mapping (tiled_mapping) where tiling pays, and a
 * convolution-like one the implicit-GEMM mapping (implicit_gemm_mapping).
 * A band kernel is searched the same way, its parallel members taking the
 * part of cc dimensions and the others that of pw dimensions that must
 * stay sequential.
 * `mdh.mapping_index = K` (an integer attribute on the module or the
 * function; the function's wins) picks the K-th best instead, so that
 * tuning and tests can sweep the legal mappings. `mdh.reduction_mode`,
 * read by mdh-codegen-gpu, is checked here so that a misspelt one fails
 * before any code is generated; the modes and the double buffering a
 * tuning record gives kernels (mdh.tuned_reduction_modes,
 * mdh.tuned_double_buffers) go to the md_homs of those kernels, whose
 * numbers are known only here, and `mdh.kernel_atomics` and
 * `mdh.kernel_staged` tell mdh-tune which kernels combine partial
 * results, where the mode matters, and which stage tiles in shared
 * memory, where double buffering does. A user's
 * `mdh.mapping` is kept when it is legal (sizes it leaves out are filled in)
 * and rejected with the violated rule otherwise.
 */

#include "dialect/attrs.h"
#include "dialect/dialect.h"
#include "dialect/extents.h"
#include "lib/chain.h"
#include "lib/fuse.h"
#include "lib/histogram.h"
#include "lib/mapping.h"
#include "lib/tree.h"
#include "mdh-c/Dialect.h"
#include "mdh-c/Passes.h"
#include "passes/map_gpu/enumerate.h"
#include "passes/map_gpu/kernels.h"
#include "passes/pass.h"
#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANK MDH_MODEL_MAX_RANK
#define PASS "mdh-map-gpu"

/* The fewest reduction points per thread for which a block reduction
 * pays: the bench's reductions near the copy bandwidth on an H200 gave
 * each thread 32 (matvec, 74%) and 256 (reduce, 73%) points
 * (bench/README.md). */
#define MIN_POINTS_PER_LANE 8

/* The extent from which a parallel dimension left sequential in each
 * thread counts as serialised work: a warp's 32 lanes. */
#define MIN_SPREAD_EXTENT 32
#define MAX_REDUCTION_BLOCKS 1024
/* A scan's segments (the block scan over several blocks, whose second
 * kernel folds the segments' totals in every thread): at most 4 per SM of
 * an H100 (132 SMs), each of at least SCAN_POINTS_PER_THREAD positions
 * per thread, so that a block's chunks amortize its barriers and the
 * second kernel's fold of up to 511 totals stays below its share of the
 * positions. */
#define MAX_SCAN_BLOCKS 512
#define SCAN_POINTS_PER_THREAD 64
/* The enumeration stops after this many candidates: long chains have
 * exponentially many legal mappings (154678 for 10 dimensions). */
#define MAX_CANDIDATES 20000

/* A scored candidate, "seq" its position in the enumeration. */
struct candidate {
  struct mdh_mapping map;
  int serializes;
  double score;
  long seq;
};

/* What the search for one kernel needs: the statement of a kernel of one
 * md_hom (NULL for a band kernel), where errors go ("loc", a "what"), the
 * combine kind of every dimension (of the md_hom, or of the band member:
 * cc where the member is parallel, pw where it must stay sequential), the
 * "band" order, the nesting "order" (order[j] = dimension of the j-th map;
 * reductions_inside), the nesting tree, the flags, and the candidates
 * found. */
struct search {
  struct mdh_stmt_info *info;
  MlirOperation loc;
  const char *what;
  MdhCombineKind kinds[MAX_RANK];
  int rank;
  int band[MAX_RANK];
  int order[MAX_RANK];
  int coalesce;
  int unit_stride_reads;
  int dynamic;
  int64_t sizes[MAX_RANK];
  struct mdh_map_node nodes[MAX_RANK];
  char names[MAX_RANK][24];
  struct mdh_map_tree tree;
  unsigned flags;
  int n, cap;
  struct candidate *cands;
};

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* Tells whether "map" suits a md_hom with dynamic extents: its pw and ps
 * dimensions sequential and no dimension tiled. The reduce, block-scan and
 * tiled strategies of mdh-codegen-gpu size buffers, grids and tiles by the
 * extents at compile time; the owner strategy runs the schedule tree with
 * the extents as parameters, and the cyclic distribution of a cc
 * dimension over a grid fixed at compile time covers any extent. */
static int fits_dynamic(const struct search *s, const struct mdh_mapping *map) {
  int d;

  for (d = 0; d < map->rank; ++d)
    if (map->dims[d].tile > 1 ||
        (s->kinds[d] != MdhCombineCC && map->dims[d].level != MDH_LEVEL_SEQ))
      return 0;
  return 1;
}

/* Lowers the blocks of the `global` cc dimensions of "map" that
 * choose_sizes chose (bit d of "chosen"; a user's stay), z first, x last
 * (x reads along the rows), until its cc dimensions have at most
 * MDH_GPU_MAX_GRID_THREADS threads: each thread then takes several points
 * of the cyclic distribution. */
static void cap_grid(const struct search *s, struct mdh_mapping *map,
                     uint64_t chosen) {
  struct mdh_dim_map *dm;
  double total = 1, excess;
  int64_t blocks;
  int h, d;

  for (d = 0; d < map->rank; ++d)
    if (map->dims[d].level != MDH_LEVEL_SEQ && s->kinds[d] == MdhCombineCC)
      total *= (double)map->dims[d].threads * (double)map->dims[d].blocks;
  for (h = 2; h >= 0; --h) {
    for (d = 0; d < map->rank && total > MDH_GPU_MAX_GRID_THREADS; ++d) {
      dm = &map->dims[d];
      if (dm->hw != h || dm->level != MDH_LEVEL_GLOBAL ||
          s->kinds[d] != MdhCombineCC || !(chosen >> d & 1))
        continue;
      excess = total / MDH_GPU_MAX_GRID_THREADS;
      blocks = (int64_t)((double)dm->blocks / excess);
      blocks = blocks > 1 ? blocks : 1;
      total = total / (double)dm->blocks * (double)blocks;
      dm->blocks = blocks;
    }
  }
}

/* Fills in the sizes "map" leaves open (0): threads along x, then y, then
 * z within the thread budget, and enough blocks to cover each dimension
 * (at most MAX_REDUCTION_BLOCKS along a reduction, to bound the atomics;
 * along a scan, a segment per block of at least SCAN_POINTS_PER_THREAD
 * positions per thread, at most MAX_SCAN_BLOCKS; at most
 * MDH_GPU_MAX_GRID_THREADS threads over the cc dimensions, cap_grid). */
static void choose_sizes(struct search *s, struct mdh_mapping *map) {
  int64_t budget = MDH_GPU_THREAD_BUDGET, t[3] = {0, 0, 0}, n, cap;
  uint64_t chosen = 0;
  struct mdh_dim_map *dm;
  int h, d;

  for (h = 0; h < 3; ++h) {
    for (d = 0; d < map->rank; ++d) {
      dm = &map->dims[d];
      if (dm->hw != h || !mdh_dim_map_has_threads(dm))
        continue;
      if (!dm->threads)
        dm->threads = mdh_pow2_at_least(
            s->sizes[d],
            min64(budget, h == 2 ? MDH_GPU_MAX_THREADS_Z : budget));
      t[h] = dm->threads;
    }
    if (t[h])
      budget = budget / t[h] > 0 ? budget / t[h] : 1;
  }
  for (d = 0; d < map->rank; ++d) {
    dm = &map->dims[d];
    if (!mdh_dim_map_has_blocks(dm) || dm->blocks)
      continue;
    n = dm->level == MDH_LEVEL_GLOBAL
            ? (s->sizes[d] + dm->threads * dm->tile - 1) /
                  (dm->threads * dm->tile)
            : s->sizes[d];
    cap = mdh_gpu_grid_limit(dm->hw);
    if (s->kinds[d] != MdhCombineCC)
      cap = min64(cap, MAX_REDUCTION_BLOCKS);
    if (s->kinds[d] == MdhCombinePS)
      cap = min64(MAX_SCAN_BLOCKS,
                  s->sizes[d] / (dm->threads * SCAN_POINTS_PER_THREAD));
    cap = cap > 1 ? cap : 1;
    dm->blocks = min64(n, cap);
    chosen |= (uint64_t)1 << d;
  }
  cap_grid(s, map, chosen);
}

/* The mapping of the encoding "enc" (indexed by map). */
static void mapping_of(struct search *s, const int *enc,
                       struct mdh_mapping *map) {
  struct mdh_dim_map *dm;
  int j;

  map->rank = s->rank;
  for (j = 0; j < s->rank; ++j) {
    dm = &map->dims[s->order[j]];
    dm->level = enc[j] / 10 == 1   ? MDH_LEVEL_THREAD
                : enc[j] / 10 == 2 ? MDH_LEVEL_BLOCK
                : enc[j] / 10 == 3 ? MDH_LEVEL_GLOBAL
                                   : MDH_LEVEL_SEQ;
    dm->hw = dm->level == MDH_LEVEL_SEQ ? 0 : enc[j] % 10;
    dm->threads = dm->level == MDH_LEVEL_BLOCK || dm->level == MDH_LEVEL_SEQ;
    dm->blocks = dm->level == MDH_LEVEL_THREAD || dm->level == MDH_LEVEL_SEQ;
    dm->tile = 1;
    dm->vec = 1;
  }
}

/* The encoding of "map" (indexed by map). */
static void enc_of(const struct search *s, const struct mdh_mapping *map,
                   int *enc) {
  static const int base[] = {MDH_MAP_SEQ, MDH_MAP_LCL, MDH_MAP_WRG,
                             MDH_MAP_GLB};
  const struct mdh_dim_map *dm;
  int j;

  for (j = 0; j < s->rank; ++j) {
    dm = &map->dims[s->order[j]];
    enc[j] = base[dm->level] + (dm->level == MDH_LEVEL_SEQ ? 0 : dm->hw);
  }
}

/* The score of a sized mapping (see the top of this file). */
static double score(struct search *s, const struct mdh_mapping *map) {
  const struct mdh_dim_map *dm;
  int64_t grid[3], block[3], workers;
  double par = 1, cc_points = 1, pw_points = 1, pw_lanes = 1, sc;
  int d, cc_threads = 0, pw_threads = 0, pw_blocks = 0, coalesced = 0;

  for (d = 0; d < map->rank; ++d) {
    dm = &map->dims[d];
    if (s->kinds[d] == MdhCombineCC)
      cc_points *= (double)s->sizes[d];
    else
      pw_points *= (double)s->sizes[d];
    if (dm->level == MDH_LEVEL_SEQ)
      continue;
    workers = dm->threads * dm->blocks;
    par *= (double)min64(workers, s->sizes[d]);
    if (s->kinds[d] == MdhCombineCC) {
      cc_threads |= mdh_dim_map_spreads_threads(dm);
    } else {
      pw_threads |= mdh_dim_map_spreads_threads(dm);
      pw_blocks |= mdh_dim_map_spreads_blocks(dm);
      pw_lanes *= (double)min64(workers, s->sizes[d]);
    }
    if (mdh_dim_map_has_threads(dm) && dm->hw == 0 && d == s->coalesce)
      coalesced = 1;
  }
  sc = 4.0 * (par < MDH_GPU_FULL_THREADS ? par / MDH_GPU_FULL_THREADS : 1.0);
  sc += 2.0 * coalesced;
  /* A reduction spread over threads or blocks needs several points per
   * thread: row_reduce's rows of 8192 over 32 blocks of 256 threads, one
   * point each, reached 21% of the copy bandwidth on an H200, where a
   * block per row (matvec's mapping, 32 points per thread) reached 74%
   * (bench/README.md). A block reduction pays where the result points
   * alone cannot fill the GPU; where they can, a thread per result point
   * with its reduction sequential saves the shared-memory combine (a
   * batched 4 x 200^3 product). */
  if ((pw_threads || pw_blocks) && pw_points < MIN_POINTS_PER_LANE * pw_lanes)
    sc -= 0.5;
  if (pw_threads && !cc_threads)
    sc += cc_points < MDH_GPU_FULL_THREADS ? 0.5 : -0.5;
  if (pw_threads && cc_threads)
    sc -= 1.0;
  if (pw_blocks)
    sc -= 0.25;
  mdh_mapping_launch_sizes(map, grid, block);
  if (block[0] * block[1] * block[2] < 32)
    sc -= 1.0;
  return sc;
}

/* Tells whether "map" leaves a parallel dimension of at least
 * MIN_SPREAD_EXTENT points sequential in each thread while its threads do
 * not fill the GPU: such a mapping never ranks above one that does not,
 * whatever its score (the sweeps of the bench found such mappings 10^3 to
 * 10^4 times slower than the best: reduce 631 ms, ew3 3,838 ms). Where the
 * threads fill the GPU, a sequential loop may pay (jacobi3d's outer
 * dimension in each thread: 1.47x faster than the cost model's choice on
 * an H200, bench/README.md). */
static int serializes_large(const struct search *s,
                            const struct mdh_mapping *map) {
  double par = 1;
  int d, large = 0;

  for (d = 0; d < map->rank; ++d) {
    if (map->dims[d].level != MDH_LEVEL_SEQ)
      par *= (double)min64(map->dims[d].threads * map->dims[d].blocks,
                           s->sizes[d]);
    else if (s->kinds[d] == MdhCombineCC && s->sizes[d] >= MIN_SPREAD_EXTENT)
      large = 1;
  }
  return large && par < MDH_GPU_FULL_THREADS;
}

/* The enumeration callback: sizes, checks and scores one encoding. */
static int add_candidate(const int *enc, void *user) {
  struct search *s = user;
  struct candidate *c;
  char err[256];

  if (s->n >= MAX_CANDIDATES)
    return 1;
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 16;
    s->cands = realloc(s->cands, s->cap * sizeof(*s->cands));
    if (!s->cands)
      abort();
  }
  c = &s->cands[s->n];
  mapping_of(s, enc, &c->map);
  choose_sizes(s, &c->map);
  if ((s->dynamic && !fits_dynamic(s, &c->map)) ||
      mdh_mapping_check_limits(&c->map, err, sizeof(err)) < 0 ||
      (s->info &&
       mdh_mapping_check_scan(&c->map, s->info, err, sizeof(err)) < 0))
    return 0;
  c->serializes = serializes_large(s, &c->map);
  c->score = score(s, &c->map);
  c->seq = s->n++;
  return 0;
}

static int by_score(const void *a, const void *b) {
  const struct candidate *x = a, *y = b;

  if (x->serializes != y->serializes)
    return x->serializes < y->serializes ? -1 : 1;
  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* The dimension that "expr" steps by one element, or -1: d or d + c. */
static int unit_stride_dim(MlirAffineExpr expr) {
  MlirAffineExpr lhs, rhs;

  if (mlirAffineExprIsADim(expr))
    return mlirAffineDimExprGetPosition(expr);
  if (!mlirAffineExprIsAAdd(expr))
    return -1;
  lhs = mlirAffineBinaryOpExprGetLHS(expr);
  rhs = mlirAffineBinaryOpExprGetRHS(expr);
  if (mlirAffineExprIsAConstant(lhs))
    return unit_stride_dim(rhs);
  return mlirAffineExprIsAConstant(rhs) ? unit_stride_dim(lhs) : -1;
}

/* The innermost parallel member of a band kernel: the GPU optimizer of
 * mdh-schedule puts the coalescing dimension innermost (constraint
 * injection, Algorithm 2). */
static int innermost_parallel(const struct search *s) {
  int j;

  for (j = s->rank - 1; j >= 0; --j)
    if (s->kinds[s->band[j]] == MdhCombineCC)
      return s->band[j];
  return s->band[s->rank - 1];
}

/* The dimension whose neighbouring points read neighbouring elements in
 * most input accesses (the last index of a row-major buffer), to be put
 * on thread x for coalesced loads; ties and no votes go to the innermost
 * band dimension. The inputs decide, not the outputs: they are read at
 * every point, a reduction's output only once per result point. */
static int coalescing_dim(const struct search *s, int *n_votes) {
  MlirOperation hom, view;
  MlirAffineMap map;
  intptr_t v, a, n;
  int votes[MAX_RANK] = {0}, j, d, best;

  *n_votes = 0;
  if (!s->info)
    return innermost_parallel(s);
  hom = s->info->stmt->hom;
  for (v = 0; v < mlirOperationGetNumOperands(hom); ++v) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a) {
      map = mdhViewGetAccess(view, a);
      n = mlirAffineMapGetNumResults(map);
      d = n > 0 ? unit_stride_dim(mlirAffineMapGetResult(map, n - 1)) : -1;
      if (d >= 0 && d < s->rank)
        ++votes[d];
    }
  }
  best = s->band[s->rank - 1];
  for (j = s->rank - 1; j >= 0; --j)
    if (votes[s->band[j]] > votes[best])
      best = s->band[j];
  *n_votes = votes[best];
  return best;
}

/* Sets the nodes of the nesting tree of "s" from its nesting order: a
 * chain of perfectly nested maps. */
static void init_nodes(struct search *s, const char *name) {
  struct mdh_map_node *node;
  int j, d;

  for (j = 0; j < s->rank; ++j) {
    d = s->order[j];
    node = &s->nodes[j];
    snprintf(s->names[j], sizeof(s->names[j]), "of %s %d", name, d);
    node->name = s->names[j];
    node->parent = j - 1;
    node->concrete = 1;
    node->perfectly_nested = j > 0;
    node->uses_private = 0;
    node->reduction = s->kinds[d] == MdhCombinePW;
    node->scan = s->kinds[d] == MdhCombinePS;
  }
  s->tree.n = s->rank;
  s->tree.nodes = s->nodes;
}

/* Sets up the nesting tree of "s", whose rank, kinds, sizes and orders are
 * set. */
static void init_tree(struct search *s, const char *name) {
  init_nodes(s, name);
  /* No dimension to coalesce along without dimensions (D = 0). */
  s->coalesce = s->rank > 0 ? coalescing_dim(s, &s->unit_stride_reads) : -1;
  s->flags = MDH_MAP_WITHOUT_RULE8;
}

/* Moves the reduction (pw) dimensions of "s" behind the others in its
 * nesting order, keeping the band order within each kind. The strategies
 * of a kernel of one md_hom nest its reduction loops inside the others
 * whatever the band order (the reduce strategy's parts, PANAMERA Sec. 5;
 * the owner strategy runs them in each thread), so the nesting tree
 * follows: rows may then go to blocks and a row's reduction to the
 * threads of its block (a block reduction, no atomics), which the band
 * order of the GPU optimizer forbids where it puts the reduction outside
 * (constraint injection's cost weighs the output's store, along the rows,
 * above the input's load: row_reduce). */
static void reductions_inside(struct search *s) {
  int moved[MAX_RANK], j, n = 0, m = 0;

  for (j = 0; j < s->rank; ++j)
    if (s->kinds[s->band[j]] == MdhCombinePW)
      moved[m++] = s->band[j];
    else
      s->order[n++] = s->band[j];
  memcpy(s->order + n, moved, m * sizeof(*s->order));
}

/* Sets up the search of "info" with band order "order". */
static void init_search(struct search *s, struct mdh_stmt_info *info,
                        const int *order) {
  int j, d;

  memset(s, 0, sizeof(*s));
  s->info = info;
  s->loc = info->stmt->hom;
  s->what = "md_hom";
  s->rank = info->stmt->rank;
  for (j = 0; j < s->rank; ++j) {
    d = s->band[j] = order[j];
    s->sizes[d] = mdh_extents_nominal_size(info->stmt->hom, d);
    s->kinds[d] = info->stmt->kinds[d];
  }
  reductions_inside(s);
  s->dynamic = mdh_extents_any_dynamic(info->stmt->hom);
  init_tree(s, "dimension");
  if (mdh_mapping_can_reduce(info))
    s->flags |= MDH_MAP_PARALLEL_REDUCTIONS;
  if (mdh_mapping_can_scan(info))
    s->flags |= MDH_MAP_PARALLEL_SCANS;
}

/* Sets up the search of the band kernel "bk": its members in band order,
 * the parallel ones like cc dimensions, the others like pw dimensions
 * without parallel reductions, so that they stay sequential. */
static void init_band_search(struct search *s,
                             const struct mdh_band_kernel *bk) {
  int j;

  memset(s, 0, sizeof(*s));
  s->loc = bk->first->hom;
  s->what = "kernel";
  s->rank = bk->n_member;
  for (j = 0; j < s->rank; ++j) {
    s->band[j] = s->order[j] = j;
    s->sizes[j] = bk->sizes[j];
    s->kinds[j] = bk->parallel[j] ? MdhCombineCC : MdhCombinePW;
  }
  init_tree(s, "band member");
}

/* Tells whether "map" tiles a pw dimension of the md_hom of "s", so that
 * mdh-codegen-gpu runs it with the tiled strategy. */
static int tiles_reduction(const struct search *s,
                           const struct mdh_mapping *map) {
  int d;

  for (d = 0; s->info && d < map->rank; ++d)
    if (s->kinds[d] != MdhCombineCC && map->dims[d].tile > 1)
      return 1;
  return 0;
}

/* The place of dimension "d" in the nesting tree of a tiled "map" of "s":
 * cc dimensions without threads (0), with threads (1), the others (2). */
static int nesting_class(const struct search *s, const struct mdh_mapping *map,
                         int d) {
  if (s->kinds[d] != MdhCombineCC)
    return 2;
  return mdh_dim_map_has_threads(&map->dims[d]);
}

/* Tells whether "map" is legal for "s" under the strengthened rules (1),
 * or not (0, the violated rule in "err"), or -1. The tiled strategy
 * (passes/codegen_gpu/tile.c) runs the tiles of a md_hom's cc dimensions
 * in block-level loops with only the block ids as parameters and each
 * thread's register points inside them, whatever the band order, as
 * reductions_inside argues for the reductions. Its nesting tree therefore
 * puts the cc dimensions without threads outside those with threads
 * (band order within each): a convolution's batch and rows, which the
 * band nests outside its output channels, may go to blocks while the
 * channels and the columns go to threads with register tiles. */
static int is_legal(const struct search *s, const struct mdh_mapping *map,
                    char *err, size_t n) {
  struct search t;
  int enc[MAX_RANK], pass, j, d, m = 0;

  if (!tiles_reduction(s, map)) {
    enc_of(s, map, enc);
    return mdh_map_is_legal(&s->tree, MDH_MAP_RULES_STRENGTHENED, s->flags, enc,
                            err, n);
  }
  t = *s;
  for (pass = 0; pass < 3; ++pass)
    for (j = 0; j < s->rank; ++j) {
      d = s->order[j];
      if (nesting_class(s, map, d) == pass)
        t.order[m++] = d;
    }
  init_nodes(&t, "dimension");
  enc_of(&t, map, enc);
  return mdh_map_is_legal(&t.tree, MDH_MAP_RULES_STRENGTHENED, t.flags, enc,
                          err, n);
}

static void store_mapping(MlirOperation hom, const struct mdh_mapping *map,
                          long count) {
  struct mdh_str text;

  mdh_str_init(&text);
  mdh_mapping_print(map, &text);
  mdh_attr_set_mapping(hom, text.data ? text.data : "");
  mdh_str_clear(&text);
  if (count >= 0)
    mdh_attr_set_mapping_count(hom, count);
}

/* Checks and completes the user's mapping "attr" of "s". */
static int use_given(struct search *s, MlirAttribute attr) {
  MlirOperation hom = s->info->stmt->hom;
  MlirStringRef text;
  struct mdh_mapping map;
  char err[256];
  int legal;

  if (!mlirAttributeIsAString(attr)) {
    mdh_emit_error(hom, PASS ": mdh.mapping must be a string");
    return 0;
  }
  text = mlirStringAttrGetValue(attr);
  if (mdh_mapping_parse(text.data, text.length, s->rank, &map, err,
                        sizeof(err)) < 0) {
    mdh_emit_error(hom, PASS ": invalid mdh.mapping: %s", err);
    return 0;
  }
  if (mdh_mapping_check_tiles(&map, s->info, err, sizeof(err)) < 0 ||
      mdh_mapping_check_scan(&map, s->info, err, sizeof(err)) < 0 ||
      mdh_mapping_check_vec(&map, s->info, err, sizeof(err)) < 0) {
    mdh_emit_error(hom, PASS ": invalid mdh.mapping: %s", err);
    return 0;
  }
  if (s->dynamic && !fits_dynamic(s, &map)) {
    mdh_emit_error(hom,
                   PASS ": mdh.mapping of a md_hom with dynamic sizes must "
                        "keep its pw and ps dimensions seq and tile no "
                        "dimension (the reduce, scan and tiled strategies "
                        "need static extents)");
    return 0;
  }
  legal = is_legal(s, &map, err, sizeof(err));
  if (legal != 1) {
    mdh_emit_error(hom, PASS ": mdh.mapping is not legal: %s", err);
    return 0;
  }
  choose_sizes(s, &map);
  if (mdh_mapping_check_limits(&map, err, sizeof(err)) < 0) {
    mdh_emit_error(hom, PASS ": mdh.mapping exceeds a limit: %s", err);
    return 0;
  }
  store_mapping(hom, &map, -1);
  return 1;
}

/* The register tile per thread of a block tile over cc dimensions of
 * sizes "nx" and "ny", or 1 where tiling does not pay (the reuse of a
 * T*R x T*R block tile grows with R; small sizes would idle the GPU). */
static int64_t register_tile(int64_t nx, int64_t ny) {
  if (nx >= 2048 && ny >= 2048)
    return 8;
  return nx >= 256 && ny >= 256 ? 4 : 1;
}

/* Fills in the open sizes of "map", a mapping of "s" built by hand, and
 * tells whether it is legal (LIFT's rules, strengthened) and within the
 * hardware's limits. */
static int complete_if_legal(struct search *s, struct mdh_mapping *map) {
  char err[256];

  choose_sizes(s, map);
  return is_legal(s, map, err, sizeof(err)) == 1 &&
         mdh_mapping_check_limits(map, err, sizeof(err)) == 0;
}

/* The fewest block tiles for which the implicit-GEMM mapping pays: one
 * per SM of an H100 or H200 (132). */
#define MIN_TILED_BLOCKS 132
/* The fewest reduction points per result for it: with fewer, staging in
 * shared memory saves less than its barriers cost. */
#define MIN_TILED_REDUCTION 64
/* Filter taps: a pw dimension of at most this many points is walked whole
 * in each step of the implicit-GEMM mapping. */
#define MAX_TAPS 8
/* The fewest reduction points per step of the implicit-GEMM mapping: a
 * thread's 8 x 4 register tile then makes 1152 multiply-adds between two
 * barriers at a 3 x 3 filter (the 8 x 8 tiles of the matmul make 1024
 * in its steps of 16). */
#define MIN_STEP_POINTS 32

/* The register points of a thread in a run (tile.c): 4 f32 make one
 * 16-byte access. */
#define RUN 4

/* Gives dimension "d" of "map" "threads" threads along hardware dimension
 * "hw" with "tile" register points each, at "level". */
static void set_threads(struct mdh_mapping *map, int d, enum mdh_level level,
                        int hw, int64_t threads, int64_t tile) {
  struct mdh_dim_map *dm = &map->dims[d];

  dm->level = level;
  dm->hw = hw;
  dm->threads = threads;
  dm->blocks = level == MDH_LEVEL_THREAD ? 1 : 0;
  dm->tile = tile;
}

/* Tells whether an access of an input view of the md_hom of "s" indexes
 * by both dimensions "d" and "e". */
static int read_together(const struct search *s, int d, int e) {
  MlirOperation hom = s->info->stmt->hom, view;
  MlirAffineMap map;
  MlirAffineExpr r;
  intptr_t v, a, j;
  int uses_d, uses_e;

  for (v = 0; v < mlirOperationGetNumOperands(hom); ++v) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a) {
      map = mdhViewGetAccess(view, a);
      uses_d = uses_e = 0;
      for (j = 0; j < mlirAffineMapGetNumResults(map); ++j) {
        r = mlirAffineMapGetResult(map, j);
        uses_d |= mlirAffineExprIsFunctionOfDim(r, d);
        uses_e |= mlirAffineExprIsFunctionOfDim(r, e);
      }
      if (uses_d && uses_e)
        return 1;
    }
  }
  return 0;
}

/* Builds in "map" the tiled mapping of "s", a contraction whose innermost
 * cc dimensions are too small for the square block tiles of
 * tiled_mapping but whose cc points in all fill the GPU: a convolution,
 * computed as an implicit GEMM (Chetlur et al., cuDNN: Efficient
 * Primitives for Deep Learning, 2014, Sec. 4: the output pixels are the
 * columns of a matrix product with the filter, whose rows are the output
 * channels, tiled without forming the lowered matrix). The coalescing cc
 * dimension (a convolution's columns) goes to x threads in runs of 4
 * points, the largest cc dimension that no input reads together with it
 * (the output channels: the filter is reused along the columns, the image
 * along the channels) to y threads with 8 (or 4) points each, the others to
 * blocks (the larger along x, whose grid limit is the highest; beyond three,
 * sequential); with 3 cc dimensions, all three are `global` (x, y and z with
 * one thread). The small pw dimensions (a filter's taps) are walked whole in
 * each step and the largest other one in steps of a power of two that
 * give a step at least MIN_STEP_POINTS points. mdh-codegen-gpu stages in
 * shared memory, per step, the filter's slice for every channel of the
 * block and the image rows with their halo. Returns 0 if "s" is not such
 * a contraction. */
static int implicit_gemm_mapping(struct search *s, struct mdh_mapping *map) {
  int cc[MAX_RANK], n_cc = 0, j, d, h, x = -1, y = -1, big = -1;
  int64_t taps = 1, reduction = 1, k, rx, ry, grid[3], block[3];
  enum mdh_level level;

  for (j = 0; j < s->rank; ++j) {
    d = s->order[j];
    if (s->kinds[d] == MdhCombineCC) {
      cc[n_cc++] = d;
      continue;
    }
    reduction *= s->sizes[d];
    if (s->sizes[d] <= MAX_TAPS)
      taps *= s->sizes[d];
    else if (big < 0 || s->sizes[d] > s->sizes[big])
      big = d;
  }
  if (n_cc < 3 || reduction < MIN_TILED_REDUCTION)
    return 0;
  x = s->coalesce >= 0 && s->kinds[s->coalesce] == MdhCombineCC ? s->coalesce
                                                                : cc[n_cc - 1];
  for (j = 0; j < n_cc; ++j)
    if (cc[j] != x && !read_together(s, x, cc[j]) &&
        (y < 0 || s->sizes[cc[j]] > s->sizes[y]))
      y = cc[j];
  if (y < 0)
    return 0;
  rx = s->sizes[x] >= 4 * RUN ? RUN : 1;
  ry = s->sizes[y] >= 128 ? 2 * RUN : RUN;
  if (s->sizes[y] < 8 * ry)
    return 0;
  map->rank = s->rank;
  for (d = 0; d < s->rank; ++d) {
    map->dims[d] = (struct mdh_dim_map){MDH_LEVEL_SEQ, 0, 1, 1, 1, 1};
    if (d != big && s->kinds[d] != MdhCombineCC && s->sizes[d] <= MAX_TAPS)
      map->dims[d].tile = s->sizes[d];
  }
  for (k = 1; big >= 0 && k < s->sizes[big] && k * taps < MIN_STEP_POINTS;)
    k *= 2;
  if (big >= 0)
    map->dims[big].tile = k < s->sizes[big] ? k : s->sizes[big];
  level = n_cc == 3 ? MDH_LEVEL_GLOBAL : MDH_LEVEL_THREAD;
  set_threads(map, x, level, 0, min64(16, (s->sizes[x] + rx - 1) / rx), rx);
  set_threads(map, y, level, 1, min64(16, (s->sizes[y] + ry - 1) / ry), ry);
  for (h = 0; h < (n_cc == 3 ? 1 : 3); ++h) {
    /* The largest cc dimension left, to the hardware dimension left with
     * the highest grid limit. */
    for (d = -1, j = 0; j < n_cc; ++j)
      if (map->dims[cc[j]].level == MDH_LEVEL_SEQ &&
          (d < 0 || s->sizes[cc[j]] > s->sizes[d]))
        d = cc[j];
    if (d < 0)
      break;
    if (n_cc == 3)
      set_threads(map, d, MDH_LEVEL_GLOBAL, 2, 1, 1);
    else
      set_threads(map, d, MDH_LEVEL_BLOCK, h, 1, 1);
  }
  if (!complete_if_legal(s, map))
    return 0;
  mdh_mapping_launch_sizes(map, grid, block);
  return grid[0] * grid[1] * grid[2] >= MIN_TILED_BLOCKS;
}

/* Finds the dimensions of a matmul-like "s" (a reduction the reduce
 * strategy runs, two or more cc dimensions) that the tiled mapping puts on
 * threads, the two innermost cc dimensions of the band (the coalescing one
 * first), into "cc", and its innermost pw dimension into "*last_pw".
 * Returns 0 if "s" is not such a reduction. */
static int tiled_dims(const struct search *s, int cc[2], int *last_pw) {
  int j, d, n_cc = 0;

  cc[0] = cc[1] = *last_pw = -1;
  if (!s->info || s->dynamic || !mdh_mapping_can_reduce(s->info))
    return 0;
  for (j = s->rank - 1; j >= 0; --j) {
    d = s->order[j];
    if (s->kinds[d] != MdhCombineCC) {
      *last_pw = *last_pw < 0 ? d : *last_pw;
      continue;
    }
    if (n_cc < 2)
      cc[n_cc] = d;
    ++n_cc;
  }
  return cc[1] >= 0 && *last_pw >= 0;
}

/* Builds in "map" the tiled mapping of "s" with the dimensions of
 * tiled_dims: "cc" on 16 x 16 threads with "r" x "r" register tiles,
 * further cc dimensions along z with one thread each, every pw dimension
 * sequential and "last_pw" in steps of "step", staged in shared memory
 * (mdh-codegen-gpu's tiled strategy). Returns whether it is legal. */
static int square_tiled_mapping(struct search *s, struct mdh_mapping *map,
                                const int cc[2], int last_pw, int64_t r,
                                int64_t step) {
  struct mdh_dim_map *dm;
  int d, hw;

  map->rank = s->rank;
  for (d = 0; d < s->rank; ++d) {
    dm = &map->dims[d];
    hw = d == cc[0] ? 0 : d == cc[1] ? 1 : 2;
    dm->blocks = 1;
    dm->vec = 1;
    dm->threads = 1;
    dm->hw = 0;
    if (s->kinds[d] != MdhCombineCC) {
      dm->level = MDH_LEVEL_SEQ;
      dm->tile = d == last_pw ? step : 1;
      continue;
    }
    dm->level = MDH_LEVEL_GLOBAL;
    dm->hw = hw;
    dm->blocks = 0;
    dm->threads = hw < 2 ? 16 : 1;
    dm->tile = hw < 2 ? r : 1;
  }
  return complete_if_legal(s, map);
}

/* Builds in "map" the tiled mapping of a matmul-like "s" (tiled_dims):
 * register tiles of register_tile() points per dimension, steps of
 * 128 / R, so that a step's multiply-adds per thread stay 1024 or 512.
 * Where the two dimensions are too small, the implicit-GEMM mapping.
 * Returns 0 if "s" is not such a reduction or tiling does not pay. */
static int tiled_mapping(struct search *s, struct mdh_mapping *map) {
  int cc[2], last_pw;
  int64_t r;

  if (!tiled_dims(s, cc, &last_pw))
    return 0;
  r = register_tile(s->sizes[cc[0]], s->sizes[cc[1]]);
  if (r == 1)
    return implicit_gemm_mapping(s, map);
  return square_tiled_mapping(s, map, cc, last_pw, r, 128 / r);
}

/* The register tiles and steps of the tiled mapping that the mappings
 * after the default try, for a tuning sweep to weigh (the cost model
 * cannot): block tiles of 128 x 128 and 64 x 64 points in steps of 8 to
 * 32, around those of CUTLASS's SIMT SGEMM kernels (128 x 128 and 64 x 64
 * tiles in steps of 8, cutlass_simt_sgemm_128x128_8x2). */
static const int64_t tiled_variants[][2] = {{8, 16}, {8, 8},  {8, 32},
                                            {4, 32}, {4, 16}, {4, 8}};
#define N_TILED_VARIANTS                                                       \
  ((int)(sizeof(tiled_variants) / sizeof(tiled_variants[0])))

/* Builds into "maps" the legal tiled mappings of "s" with the register
 * tiles and steps of tiled_variants other than the default "def" (which
 * tiled_mapping built); returns their number. None where the default does
 * not put 16 x 16 threads on the dimensions of tiled_dims (the histogram
 * and implicit-GEMM mappings of convolutions). */
static int tiled_variant_mappings(struct search *s,
                                  const struct mdh_mapping *def,
                                  struct mdh_mapping *maps) {
  int cc[2], last_pw, v, n = 0;

  if (!tiled_dims(s, cc, &last_pw) ||
      def->dims[cc[0]].level != MDH_LEVEL_GLOBAL ||
      def->dims[cc[0]].threads != 16 || def->dims[cc[1]].threads != 16)
    return 0;
  for (v = 0; v < N_TILED_VARIANTS; ++v) {
    if (tiled_variants[v][0] == def->dims[cc[0]].tile &&
        tiled_variants[v][0] == def->dims[cc[1]].tile &&
        tiled_variants[v][1] == def->dims[last_pw].tile)
      continue;
    n += square_tiled_mapping(s, &maps[n], cc, last_pw, tiled_variants[v][0],
                              tiled_variants[v][1]);
  }
  return n;
}

/* Sets "map" to the histogram mapping of "s" if it is a histogram
 * (lib/histogram.h) and that mapping is legal: its bin dimension
 * sequential, its innermost pw dimension (the coalesced one if pw) over
 * blocks of threads, the others sequential, so that mdh-codegen-gpu adds
 * each element into one bin of per-block bins in shared memory instead of
 * comparing it with every bin. Returns 0 if not. */
static int histogram_mapping(struct search *s, struct mdh_mapping *map) {
  struct mdh_dim_map *dm;
  int j, d, bin, inner = -1;

  if (!s->info || s->dynamic || !mdh_histogram_match(s->info, &bin))
    return 0;
  for (j = 0; j < s->rank; ++j)
    if (s->kinds[s->band[j]] == MdhCombinePW)
      inner = s->band[j];
  if (s->coalesce >= 0 && s->kinds[s->coalesce] == MdhCombinePW)
    inner = s->coalesce;
  map->rank = s->rank;
  for (d = 0; d < s->rank; ++d) {
    dm = &map->dims[d];
    dm->level = d == inner ? MDH_LEVEL_GLOBAL : MDH_LEVEL_SEQ;
    dm->hw = 0;
    dm->threads = d == inner ? 0 : 1;
    dm->blocks = d == inner ? 0 : 1;
    dm->tile = 1;
    dm->vec = 1;
  }
  return complete_if_legal(s, map);
}

/* Chooses the mapping "map" of "s": the best, or the "index"-th best if
 * "index" >= 0. The best is tiled where that pays (tiled_mapping), and
 * the histogram mapping for a histogram (histogram_mapping); the tiled
 * mapping's other tile sizes follow it (tiled_variant_mappings), then
 * the others in the order of the cost model. Index 0 is always the best,
 * so that a tuning sweep measures the default first and takes another
 * only where it is faster. Returns the number of legal mappings, or -1
 * after a diagnostic. */
static int choose(struct search *s, long index, struct mdh_mapping *map) {
  struct mdh_mapping firsts[1 + N_TILED_VARIANTS];
  long count;
  int first;

  /* A md_hom without dimensions (D = 0) computes one point: its only
   * mapping is the empty one, one thread of one block. */
  if (s->rank == 0 && index <= 0) {
    memset(map, 0, sizeof(*map));
    return 1;
  }
  /* The strategies have no code for Fused maps; skipping them in the
   * search, rather than in add_candidate, cut a 10-dimensional
   * contraction's enumeration from 340,736 legal mappings to the 11,236
   * it keeps. */
  count =
      mdh_map_enumerate(&s->tree, MDH_MAP_RULES_STRENGTHENED,
                        s->flags | MDH_MAP_WITHOUT_FUSED, &add_candidate, s);
  if (count < 0 || s->n == 0) {
    mdh_emit_error(s->loc, PASS ": no legal mapping for this %s", s->what);
    return -1;
  }
  qsort(s->cands, s->n, sizeof(*s->cands), &by_score);
  first = tiled_mapping(s, &firsts[0]) || histogram_mapping(s, &firsts[0]);
  if (first)
    first += tiled_variant_mappings(s, &firsts[0], firsts + 1);
  if (index >= s->n + first) {
    mdh_emit_error(s->loc,
                   PASS ": mdh.mapping_index %ld is out of range: this "
                        "%s has %d legal mappings",
                   index, s->what, s->n + first);
    return -1;
  }
  if (index < 0)
    index = 0;
  *map = index < first ? firsts[index] : s->cands[index - first].map;
  return s->n + first;
}

/* Gives the coalescing dimension of "s" vec(MDH_GPU_MAX_VEC) in "map"
 * where the inputs read it with unit stride and it is a pw dimension spread
 * over threads along x that leaves every thread at least that many points:
 * a thread's neighbouring reads become vector loads (lib/mapping.h), which
 * a memory-bound reduction needs to reach the copy bandwidth (matvec and
 * row_reduce at 74% and 21% of it with scalar loads on an H200,
 * bench/README.md). */
static void vectorize(const struct search *s, struct mdh_mapping *map) {
  struct mdh_dim_map *dm;
  char err[256];
  int d = s->coalesce, bin;

  /* A histogram's loads alternate with its shared-memory atomics, across
   * which LLVM merges none. */
  if (d < 0 || s->dynamic || !s->unit_stride_reads ||
      s->kinds[d] != MdhCombinePW || mdh_histogram_match(s->info, &bin))
    return;
  dm = &map->dims[d];
  if (!mdh_dim_map_spreads_threads(dm) || dm->hw != 0 || dm->tile > 1 ||
      s->sizes[d] < MDH_GPU_MAX_VEC * dm->threads * dm->blocks)
    return;
  dm->vec = MDH_GPU_MAX_VEC;
  if (mdh_mapping_check_vec(map, s->info, err, sizeof(err)) < 0)
    dm->vec = 1;
}

/* Chooses and stores the mapping of the md_hom of "s"; returns the number
 * of legal mappings, or -1 after a diagnostic. */
static int choose_md_hom(struct search *s, long index) {
  struct mdh_mapping map;
  int count = choose(s, index, &map);

  if (count < 0)
    return count;
  vectorize(s, &map);
  store_mapping(s->info->stmt->hom, &map, count);
  return count;
}

/* Reads the `mdh.mapping_index` "attr" into "entries" (at most
 * MDH_MAX_INDEX_ENTRIES): an integer K is the spec "K". Returns their number,
 * or -1 after a diagnostic at "op", which carries it. */
static int read_index_spec(MlirOperation op, MlirAttribute attr,
                           struct mdh_index_entry *entries) {
  MlirStringRef text;
  char err[256];
  int n;

  if (mlirAttributeIsAInteger(attr) && mlirIntegerAttrGetValueInt(attr) >= 0) {
    entries[0].func[0] = '\0';
    entries[0].kernel = -1;
    entries[0].index = mlirIntegerAttrGetValueInt(attr);
    return 1;
  }
  if (!mlirAttributeIsAString(attr)) {
    mdh_emit_error(op, PASS ": mdh.mapping_index must be a non-negative "
                            "integer or a string of entries "
                            "[@FUNCTION:][KERNEL:]INDEX");
    return -1;
  }
  text = mlirStringAttrGetValue(attr);
  n = mdh_index_spec_parse(text.data, text.length, entries,
                           MDH_MAX_INDEX_ENTRIES, err, sizeof(err));
  if (n < 0)
    mdh_emit_error(op, PASS ": invalid mdh.mapping_index: %s", err);
  return n;
}

/* Returns the mapping index of kernel "kernel" of "func": the most
 * specific entry of the `mdh.mapping_index` nearest to "func" (its own,
 * else its module's: mdh-gpu-pipeline's `mapping` or mdh-run's --mapping)
 * that applies, or -1. The specs were checked by check_mapping_indices. */
static long mapping_index(MlirOperation func, long kernel) {
  struct mdh_index_entry entries[MDH_MAX_INDEX_ENTRIES];
  MlirOperation op = func;
  MlirAttribute attr;
  long index;
  int n;

  for (attr = mdh_attr_find_mapping_index(op, &op); !mlirAttributeIsNull(attr);
       attr = mdh_attr_find_mapping_index(mlirOperationGetParentOperation(op),
                                          &op)) {
    n = read_index_spec(op, attr, entries);
    index =
        n < 0 ? -1
              : mdh_index_spec_lookup(entries, n, mdh_func_name(func), kernel);
    if (index >= 0)
      return index;
  }
  return -1;
}

/* Checks that every function the "n" "entries" of the `mdh.mapping_index`
 * of "op" name exists; returns 1, or 0 after an error at "op". */
static int check_functions(MlirOperation op,
                           const struct mdh_index_entry *entries, int n) {
  MlirOperation target;
  int k;

  for (k = 0; k < n; ++k) {
    if (!entries[k].func[0])
      continue;
    target =
        mdh_lookup_symbol(op, mlirStringRefCreateFromCString(entries[k].func));
    if (mlirOperationIsNull(target) || !mdh_op_is(target, "func.func")) {
      mdh_emit_error(op,
                     PASS ": mdh.mapping_index names @%s, which is not a "
                          "function of the module",
                     entries[k].func);
      return 0;
    }
  }
  return 1;
}

/* Checks every `mdh.mapping_index` on "func" and the ops around it: a
 * malformed spec, an entry that names a function the module does not
 * have, or one that names a kernel "func" does not have (an entry without
 * a function applies to every function)
 * (when "n_kernel" >= 0: "func" has that many), must not silently fall
 * back to the best mapping. Returns 1, or 0 after an error at the op that
 * carries the bad one. */
static int check_mapping_indices(MlirOperation func, int n_kernel) {
  struct mdh_index_entry entries[MDH_MAX_INDEX_ENTRIES];
  MlirStringRef name = mdh_func_name(func);
  MlirOperation op = func;
  MlirAttribute attr;
  int n, k, own;

  for (attr = mdh_attr_find_mapping_index(op, &op); !mlirAttributeIsNull(attr);
       attr = mdh_attr_find_mapping_index(mlirOperationGetParentOperation(op),
                                          &op)) {
    n = read_index_spec(op, attr, entries);
    if (n < 0 || !check_functions(op, entries, n))
      return 0;
    for (k = 0; k < n && n_kernel >= 0; ++k) {
      own = mlirOperationEqual(op, func) || !entries[k].func[0] ||
            (strlen(entries[k].func) == name.length &&
             !strncmp(entries[k].func, name.data, name.length));
      if (own && entries[k].kernel >= n_kernel) {
        mdh_emit_error(op,
                       PASS ": mdh.mapping_index names kernel %ld of @%.*s, "
                            "which has %d kernels",
                       entries[k].kernel, (int)name.length, name.data,
                       n_kernel);
        return 0;
      }
    }
  }
  return 1;
}

/* Checks the mdh.reduction_mode "attr" of "op": a misspelt mode must not
 * silently become the default. Returns 1, or 0 after an error at "op". */
static int check_reduction_mode(MlirOperation op, MlirAttribute attr) {
  struct mdh_str value;

  if (mlirAttributeIsAString(attr) &&
      mdhIsReductionMode(mlirStringAttrGetValue(attr)))
    return 1;
  mdh_str_init(&value);
  mdh_str_append_attr(&value, attr);
  mdh_emit_error(op,
                 PASS ": mdh.reduction_mode must be \"atomic\" or "
                      "\"deterministic\", got %s",
                 value.data);
  mdh_str_clear(&value);
  return 0;
}

/* Checks every mdh.reduction_mode on "func", the ops around it and its
 * md_homs (the one nearest to a md_hom wins in mdh-codegen-gpu). Returns 1,
 * or 0 after an error at the op that carries a bad one. */
static int check_reduction_modes(MlirOperation func) {
  struct mdh_op_list homs = mdh_collect_md_homs(func);
  MlirOperation op;
  MlirAttribute attr;
  size_t i;
  int ok = 1;

  for (i = 0; i < homs.n && ok; ++i) {
    attr = mdh_attr_find_reduction_mode(homs.ops[i], &op);
    if (!mlirAttributeIsNull(attr) && mlirOperationEqual(op, homs.ops[i]))
      ok = check_reduction_mode(op, attr);
  }
  free(homs.ops);
  for (attr = mdh_attr_find_reduction_mode(func, &op);
       ok && !mlirAttributeIsNull(attr);
       attr = mdh_attr_find_reduction_mode(mlirOperationGetParentOperation(op),
                                           &op))
    ok = check_reduction_mode(op, attr);
  return ok;
}

/* Gives md_hom "hom" the reduction mode "value" of a tuning record (0
 * "atomic", 1 "deterministic") unless a mode is set on it or around it. */
static void take_reduction_mode(MlirOperation hom, int64_t value) {
  static const char *const modes[] = {"atomic", "deterministic"};
  MlirOperation owner;

  if (value <= 1 &&
      mlirAttributeIsNull(mdh_attr_find_reduction_mode(hom, &owner)))
    mdh_attr_set_reduction_mode(hom,
                                mlirStringRefCreateFromCString(modes[value]));
}

/* Gives md_hom "hom" the double buffering "value" of a tuning record
 * unless it is set on it or around it. */
static void take_double_buffer(MlirOperation hom, int64_t value) {
  MlirOperation owner;

  if (value <= 1 &&
      mlirAttributeIsNull(mdh_attr_find_double_buffer(hom, &owner)))
    mdh_attr_set_double_buffer(hom, value);
}

/* A choice that a tuning record makes per kernel and mdh-tuning stores on
 * the function by kernel number (-1 none): its attribute's getter and
 * remover, what the choice is called in messages, and how a md_hom of the
 * kernel takes a value >= 0. */
struct tuned_choice {
  MlirAttribute (*get)(MlirOperation func);
  void (*remove)(MlirOperation func);
  const char *what;
  void (*take)(MlirOperation hom, int64_t value);
};

static const struct tuned_choice tuned_choices[] = {
    {&mdh_attr_get_tuned_reduction_modes,
     &mdh_attr_remove_tuned_reduction_modes, "a reduction mode",
     &take_reduction_mode},
    {&mdh_attr_get_tuned_double_buffers, &mdh_attr_remove_tuned_double_buffers,
     "double buffering", &take_double_buffer},
};

/* Gives the md_homs of the kernels of "func" the choice "c" that
 * mdh-tuning stored for them (by kernel number, which only mdh-map-gpu
 * knows) and removes it from "func". "kernel_of" holds the kernel of each
 * statement of "m", which has "n_kernel". Returns 1, or 0 after an error
 * at "func" for a kernel it does not have (a record of another program). */
static int apply_tuned_choice(MlirOperation func, struct mdh_model *m,
                              const int *kernel_of, int n_kernel,
                              const struct tuned_choice *c) {
  MlirAttribute attr = c->get(func);
  intptr_t n;
  int64_t value;
  int k;

  if (mlirAttributeIsNull(attr))
    return 1;
  n = mlirDenseArrayGetNumElements(attr);
  c->remove(func);
  if (n > n_kernel) {
    mdh_emit_error(func,
                   PASS ": the tuning record gives kernel %ld %s, but the "
                        "function has %d kernels",
                   (long)n - 1, c->what, n_kernel);
    return 0;
  }
  for (k = 0; k < m->n_stmt; ++k) {
    if (kernel_of[k] < 0 || kernel_of[k] >= n)
      continue;
    value = mlirDenseI64ArrayGetElement(attr, kernel_of[k]);
    if (value >= 0)
      c->take(m->stmts[k].hom, value);
  }
  return 1;
}

/* Applies every tuned choice of "func" (apply_tuned_choice); returns 1, or
 * 0 after an error. */
static int apply_tuned_choices(MlirOperation func, struct mdh_model *m,
                               const int *kernel_of, int n_kernel) {
  size_t i;
  int ok = 1;

  for (i = 0; i < sizeof(tuned_choices) / sizeof(tuned_choices[0]); ++i)
    ok &= apply_tuned_choice(func, m, kernel_of, n_kernel, &tuned_choices[i]);
  return ok;
}

/* Stores in `mdh.kernel_atomics` of "func" which of its "n_kernel" kernels
 * combine partial results of several threads or blocks
 * (mdh_mapping_combines_parts), and in `mdh.kernel_staged` which stage
 * tiles in shared memory (mdh_mapping_stages_tiles): a kernel of one
 * md_hom, not a band ("in_band"), whose mapping (`mdh.mapping`, as
 * map_md_hom stored it) does so. */
static void store_kernel_choices(MlirOperation func, struct mdh_model *m,
                                 const int *kernel_of, const int *in_band,
                                 int n_kernel) {
  int64_t *atomics = calloc(n_kernel + 1, sizeof(*atomics));
  int64_t *staged = calloc(n_kernel + 1, sizeof(*staged));
  int *homs = calloc(n_kernel + 1, sizeof(*homs));
  struct mdh_mapping map;
  MlirAttribute attr;
  MlirStringRef text;
  char err[256];
  int k;

  if (!atomics || !staged || !homs)
    abort();
  for (k = 0; k < m->n_stmt; ++k)
    if (kernel_of[k] >= 0)
      ++homs[kernel_of[k]];
  for (k = 0; k < m->n_stmt; ++k) {
    if (kernel_of[k] < 0 || in_band[k] || homs[kernel_of[k]] != 1)
      continue;
    attr = mdh_attr_get_mapping(m->stmts[k].hom);
    if (mlirAttributeIsNull(attr) || !mlirAttributeIsAString(attr))
      continue;
    text = mlirStringAttrGetValue(attr);
    if (mdh_mapping_parse(text.data, text.length, m->stmts[k].rank, &map, err,
                          sizeof(err)) < 0)
      continue;
    atomics[kernel_of[k]] = mdh_mapping_combines_parts(&map, m->stmts[k].kinds);
    staged[kernel_of[k]] = mdh_mapping_stages_tiles(&map, m->stmts[k].kinds);
  }
  mdh_attr_set_kernel_atomics(func, atomics, n_kernel);
  mdh_attr_set_kernel_staged(func, staged, n_kernel);
  free(atomics);
  free(staged);
  free(homs);
}

/* Internal data structure for map_band: the function being mapped and the
 * number of legal mappings of each kernel ("counts", by kernel number). */
struct band_data {
  MlirOperation func;
  int64_t *counts;
};

/* The mdh_map_band_fn of mdh_map_gpu_mark_kernels: chooses the mapping of
 * the band kernel "bk" as that of a md_hom whose dimensions are its
 * members. */
static char *map_band(const struct mdh_band_kernel *bk, void *user) {
  struct band_data *data = user;
  struct search s;
  struct mdh_mapping map;
  struct mdh_str text;
  int count;

  init_band_search(&s, bk);
  count = choose(&s, mapping_index(data->func, bk->index), &map);
  free(s.cands);
  if (count < 0)
    return NULL;
  data->counts[bk->index] = count;
  mdh_str_init(&text);
  mdh_mapping_print(&map, &text);
  return text.data;
}

/* Chooses (or completes the user's) mapping of the md_hom of "info", whose
 * band order is read from "smap"; returns the number of legal mappings (1
 * for a user's), or -1 after a diagnostic. */
static int map_md_hom(struct mdh_stmt_info *info,
                      __isl_keep isl_union_map *smap, long index) {
  MlirAttribute given = mdh_attr_get_mapping(info->stmt->hom);
  int order[MAX_RANK];
  struct search s;
  int count;

  mdh_tree_dim_order(smap, info->stmt, order);
  init_search(&s, info, order);
  if (mlirAttributeIsNull(given))
    count = choose_md_hom(&s, index);
  else
    count = use_given(&s, given) ? 1 : -1;
  free(s.cands);
  return count;
}

/* Internal data structure for md_hom_mapping. */
struct hom_mapping_data {
  struct mdh_chain *chain;
  MlirOperation func;
};

/* The callback of mdh_tree_complete_kernels: the mapping of the md_hom of
 * the chain whose instances are "domain" (a kernel of one md_hom), as
 * map_md_hom stored it. */
static char *md_hom_mapping(__isl_keep isl_union_set *domain, void *user) {
  struct hom_mapping_data *data = user;
  struct mdh_stmt_info *info = mdh_chain_find_only(data->chain, domain);
  MlirAttribute attr;
  MlirStringRef text;

  attr = info ? mdh_attr_get_mapping(info->stmt->hom) : mlirAttributeGetNull();
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAString(attr)) {
    mdh_emit_error(info ? info->stmt->hom : data->func,
                   PASS ": a kernel of one md_hom without its mapping");
    return NULL;
  }
  text = mlirStringAttrGetValue(attr);
  /* The mapping of a md_hom without dimensions is empty (no data). */
  return text.length ? strndup(text.data, text.length) : strdup("");
}

/* Marks the kernels of the schedule of "func" (kernels.c), maps each, puts
 * every kernel's mapping into its mark (the md_homs keep theirs in
 * `mdh.mapping` too, for their users), stores the marked tree back and
 * the number of legal mappings of each kernel in `mdh.kernel_mappings`. */
static int map_func(isl_ctx *ctx, MlirOperation func) {
  struct mdh_chain *chain = mdh_chain_alloc(ctx, func, PASS);
  struct band_data data = {func, NULL};
  struct hom_mapping_data hom_data = {chain, func};
  isl_schedule *schedule = NULL;
  isl_union_map *smap = NULL;
  int *in_band = NULL, *kernel_of = NULL;
  int k, count, n_kernel = 0;
  int ok = check_mapping_indices(func, -1) && check_reduction_modes(func);

  if (!chain)
    return 0;
  if (ok)
    schedule = mdh_chain_read_schedule(chain, func);
  ok = schedule != NULL;
  in_band = calloc(chain->m->n_stmt + 1, sizeof(*in_band));
  kernel_of = calloc(chain->m->n_stmt + 1, sizeof(*kernel_of));
  data.counts = malloc((chain->m->n_stmt + 1) * sizeof(*data.counts));
  if (!in_band || !kernel_of || !data.counts)
    abort();
  /* A fused group's mapping comes from its tiles: one choice. The
   * statements its extensions add are in no kernel of their own. */
  for (k = 0; k <= chain->m->n_stmt; ++k) {
    data.counts[k] = 1;
    kernel_of[k] = -1;
  }
  if (ok) {
    schedule = mdh_map_gpu_mark_kernels(chain->m, func, schedule, &map_band,
                                        &data, kernel_of, in_band, &n_kernel);
    ok = schedule != NULL && check_mapping_indices(func, n_kernel) &&
         apply_tuned_choices(func, chain->m, kernel_of, n_kernel);
  }
  smap = ok ? mdh_fuse_schedule_map(schedule) : NULL;
  for (k = 0; ok && k < chain->m->n_stmt; ++k) {
    if (in_band[k])
      continue;
    count =
        map_md_hom(&chain->infos[k], smap,
                   kernel_of[k] < 0 ? -1 : mapping_index(func, kernel_of[k]));
    ok = count >= 0;
    if (ok && kernel_of[k] >= 0)
      data.counts[kernel_of[k]] = count;
  }
  if (ok)
    schedule = mdh_tree_complete_kernels(schedule, &md_hom_mapping, &hom_data);
  ok = ok && schedule;
  if (ok) {
    mdh_tree_store(func, schedule);
    mdh_attr_set_kernel_mappings(func, data.counts, n_kernel);
    store_kernel_choices(func, chain->m, kernel_of, in_band, n_kernel);
  }
  free(in_band);
  free(kernel_of);
  free(data.counts);
  isl_union_map_free(smap);
  isl_schedule_free(schedule);
  mdh_chain_free(chain);
  return ok;
}

MlirLogicalResult mdh_map_gpu_run(MlirOperation module) {
  return mdh_pass_run_per_function(module, &map_func);
}
