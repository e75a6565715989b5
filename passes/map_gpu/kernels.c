/* Kernel formation for mdh-map-gpu: puts a kernel mark (lib/tree.h) above
 * every subtree of the schedule tree that becomes one GPU kernel, the way
 * PPCG's mark_kernels (gpu.c) marks the outermost bands.
 *
 * Only outermost bands are kernels: above them are the domain, the kinds
 * mark, sequences, sets and filters, so the kernels run one after another
 * in tree order. A band of one statement is a kernel of that md_hom (its
 * mapping is chosen per md_hom, and map_gpu.c puts it into the mark once
 * chosen). A band that
 * the scheduler fused from several statements (element-wise chains it
 * fused as quasi-identity, a producer fused with its consumer) is ONE
 * kernel when some of its members carry no dependence between any of its
 * instances: those members may be spread over blocks and threads, every
 * instance of one value of them then runs in the same thread, and the
 * thread runs the statements of its points in the tree's order, so no
 * grid-wide barrier is ever needed inside the kernel (LIFT's G4). The
 * others stay sequential in each thread. Otherwise, when one of the
 * md_homs carries a user's mapping (a decision about that md_hom alone),
 * when one reduces more than MDH_GPU_MAX_FUSED_REDUCTION instances per
 * result point (its own kernel's strategies spread them; in the band
 * kernel each thread would run them one after another), and when the
 * band's parallel members spread fewer points than one of its md_homs
 * would alone (spreads_less), the band is split
 * into one kernel per statement in program order, which
 * respects every dependence because the model's dependences all follow
 * program order.
 *
 * A group that mdh-tile-fuse fused (a tile band with a tile_buffers mark
 * below it) is one kernel, under the kernel mark mdh-tile-fuse{target=gpu}
 * put above its tile band (kept, with the mapping it may carry), or one
 * inserted there: its blocks take the tiles and its threads the points of
 * each statement of a tile (fused_mapping; mdh-codegen-gpu's fused.c).
 * Other kernel marks, of an earlier run, are formed again.
 */

#include "passes/map_gpu/kernels.h"
#include "dialect/attrs.h"
#include "lib/fuse.h"
#include "lib/mapping.h"
#include "lib/tree.h"
#include "support/diag.h"
#include "support/polyhedral.h"
#include "support/str.h"

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <stdlib.h>

/* Internal data structure of mdh_map_gpu_mark_kernels. */
struct mark_data {
  struct mdh_model *m;
  MlirOperation func;
  mdh_map_band_fn map_band;
  void *user;
  int *kernel_of;
  int *in_band;
  int n_kernel;
  int reported;
};

/* Tells whether the band member "upa" takes the same value at the source
 * and the sink of every dependence in "deps". */
static isl_bool member_is_parallel(__isl_keep isl_union_map *deps,
                                   __isl_keep isl_union_pw_aff *upa) {
  isl_union_map *sched =
      isl_union_map_from_union_pw_aff(isl_union_pw_aff_copy(upa));
  isl_union_map *dist;
  isl_union_set *deltas, *zero;
  isl_set *origin;
  isl_bool parallel;

  dist = isl_union_map_apply_domain(isl_union_map_copy(deps),
                                    isl_union_map_copy(sched));
  dist = isl_union_map_apply_range(dist, sched);
  deltas = isl_union_map_deltas(dist);
  origin =
      isl_set_universe(isl_space_set_alloc(isl_union_map_get_ctx(deps), 0, 1));
  zero = isl_union_set_from_set(isl_set_fix_si(origin, isl_dim_set, 0, 0));
  parallel = isl_union_set_is_subset(deltas, zero);
  isl_union_set_free(deltas);
  isl_union_set_free(zero);
  return parallel;
}

/* Returns the number of values "upa" takes on "domain", or -1. */
static int64_t member_size(__isl_keep isl_union_set *domain,
                           __isl_keep isl_union_pw_aff *upa) {
  isl_union_set *image;
  isl_set *set;
  isl_val *lo, *hi;
  int64_t n = -1;

  image = isl_union_set_apply(
      isl_union_set_copy(domain),
      isl_union_map_from_union_pw_aff(isl_union_pw_aff_copy(upa)));
  set = mdh_isl_set_fix_nominal(isl_set_from_union_set(image));
  lo = isl_set_dim_min_val(isl_set_copy(set), 0);
  hi = isl_set_dim_max_val(set, 0);
  if (lo && hi && isl_val_is_int(lo) && isl_val_is_int(hi))
    n = isl_val_get_num_si(hi) - isl_val_get_num_si(lo) + 1;
  isl_val_free(lo);
  isl_val_free(hi);
  return n;
}

/* Tells whether every statement of "domain" with more than one instance
 * takes more than one value on some parallel member of "mupa": a statement
 * that would run in one thread only (an all-reduction fused with a map)
 * is better off in a kernel of its own, where the reduce strategy spreads
 * it. Returns -1 on error. */
static int each_spread(struct mark_data *data, __isl_keep isl_union_set *domain,
                       __isl_keep isl_multi_union_pw_aff *mupa,
                       const struct mdh_band_kernel *bk) {
  isl_union_set *s;
  isl_union_pw_aff *upa;
  int k, m, spread;
  int64_t n;

  for (k = 0; k < data->m->n_stmt; ++k) {
    s = isl_union_set_intersect(
        isl_union_set_from_set(isl_set_copy(data->m->stmts[k].domain)),
        isl_union_set_copy(domain));
    spread = isl_union_set_is_empty(s) == isl_bool_true ||
             isl_set_is_singleton(data->m->stmts[k].domain) == isl_bool_true;
    for (m = 0; m < bk->n_member && !spread; ++m) {
      if (!bk->parallel[m])
        continue;
      upa = isl_multi_union_pw_aff_get_union_pw_aff(mupa, m);
      n = member_size(s, upa);
      isl_union_pw_aff_free(upa);
      if (n < 0)
        spread = -1;
      else
        spread = n > 1;
    }
    isl_union_set_free(s);
    if (spread <= 0)
      return spread;
  }
  return 1;
}

/* Tells whether the instances of "stmt" are in "domain" (-1 on error). */
static isl_bool stmt_in(const struct mdh_stmt *stmt,
                        __isl_keep isl_union_set *domain) {
  isl_union_set *s = isl_union_set_from_set(isl_set_copy(stmt->domain));
  isl_bool in = isl_union_set_is_subset(s, domain);

  isl_union_set_free(s);
  return in;
}

/* Tells whether the parallel members of the band kernel "bk" spread fewer
 * points than some statement of "domain" would spread over the cc
 * dimensions of a kernel of its own, up to the threads that fill the GPU:
 * the scheduler's fusion made the kernel less parallel (a transpose fused
 * into a batched product through a skewed band left one parallel member of
 * 32 points, where the product alone has 6.3 million: bench/gpu/subgraphs'
 * transbmm). */
static int spreads_less(struct mark_data *data,
                        __isl_keep isl_union_set *domain,
                        const struct mdh_band_kernel *bk) {
  const struct mdh_stmt *stmt;
  double par = 1, cc;
  int64_t n;
  int k, m, d;

  for (m = 0; m < bk->n_member; ++m)
    if (bk->parallel[m])
      par *= (double)bk->sizes[m];
  for (k = 0; k < data->m->n_stmt; ++k) {
    stmt = &data->m->stmts[k];
    if (stmt_in(stmt, domain) != isl_bool_true)
      continue;
    for (cc = 1, d = 0; d < stmt->rank && cc > 0; ++d) {
      n = stmt->kinds[d] == MdhCombineCC ? mdh_stmt_extent(stmt, d) : 1;
      cc = n < 0 ? -1 : cc * (double)n;
    }
    if (cc > MDH_GPU_FULL_THREADS)
      cc = MDH_GPU_FULL_THREADS;
    if (par < cc)
      return 1;
  }
  return 0;
}

/* Fills in "bk" for the band "node" over the instances "domain"; returns
 * 1 if it can be one kernel, 0 if not, -1 on error. */
static int read_band(struct mark_data *data, __isl_keep isl_schedule_node *node,
                     __isl_keep isl_union_set *domain,
                     struct mdh_band_kernel *bk) {
  isl_multi_union_pw_aff *mupa;
  isl_union_pw_aff *upa;
  isl_union_map *deps;
  isl_bool parallel = isl_bool_true;
  int k, i, any = 0;

  bk->first = NULL;
  for (k = 0; k < data->m->n_stmt; ++k) {
    struct mdh_stmt *stmt = &data->m->stmts[k];
    isl_bool in = stmt_in(stmt, domain);

    if (in < 0)
      return -1;
    if (!in)
      continue;
    if (!bk->first)
      bk->first = stmt;
    if (!mlirAttributeIsNull(mdh_attr_get_mapping(stmt->hom)) ||
        mdh_stmt_reduction_points(stmt) > MDH_GPU_MAX_FUSED_REDUCTION)
      return 0;
  }
  mupa = isl_schedule_node_band_get_partial_schedule(node);
  bk->n_member = isl_multi_union_pw_aff_size(mupa);
  if (bk->n_member < 0 || bk->n_member > MDH_MODEL_MAX_RANK)
    bk->n_member = -1;
  deps = mdh_model_deps_from(data->m, domain);
  deps = isl_union_map_intersect_range(deps, isl_union_set_copy(domain));
  for (i = 0; i < bk->n_member && parallel >= 0; ++i) {
    upa = isl_multi_union_pw_aff_get_union_pw_aff(mupa, i);
    parallel = member_is_parallel(deps, upa);
    bk->parallel[i] = parallel == isl_bool_true;
    bk->sizes[i] = member_size(domain, upa);
    any |= bk->parallel[i];
    if (bk->sizes[i] < 0)
      parallel = isl_bool_error;
    isl_union_pw_aff_free(upa);
  }
  isl_union_map_free(deps);
  if (any && parallel >= 0)
    any = each_spread(data, domain, mupa, bk);
  if (any > 0 && spreads_less(data, domain, bk))
    any = 0;
  isl_multi_union_pw_aff_free(mupa);
  if (bk->n_member < 0 || parallel < 0 || any < 0)
    return -1;
  return any;
}

/* Records that the statements of "domain" are in the next kernel, a band
 * kernel if "band". */
static void note_kernel(struct mark_data *data,
                        __isl_keep isl_union_set *domain, int band) {
  int k;

  for (k = 0; k < data->m->n_stmt; ++k)
    if (stmt_in(&data->m->stmts[k], domain) == isl_bool_true) {
      data->kernel_of[k] = data->n_kernel;
      data->in_band[k] = band;
    }
  ++data->n_kernel;
}

/* Replaces the subtree at "node" by one band per statement of "domain",
 * in program order (mdh_tree_distribute), which respects every dependence:
 * the model's dependences all follow program order. */
static __isl_give isl_schedule_node *
split_by_statement(struct mark_data *data, __isl_take isl_schedule_node *node,
                   __isl_keep isl_union_set *domain) {
  isl_ctx *ctx = isl_schedule_node_get_ctx(node);
  isl_union_set_list *filters = isl_union_set_list_alloc(ctx, 2);
  isl_union_set *s;
  int k;

  for (k = 0; k < data->m->n_stmt; ++k) {
    s = isl_union_set_intersect(
        isl_union_set_from_set(isl_set_copy(data->m->stmts[k].domain)),
        isl_union_set_copy(domain));
    if (isl_union_set_is_empty(s) == isl_bool_false)
      filters = isl_union_set_list_add(filters, s);
    else
      isl_union_set_free(s);
  }
  return mdh_tree_distribute(node, filters);
}

static __isl_give isl_schedule_node *mark(struct mark_data *data,
                                          __isl_take isl_schedule_node *node);

/* The threads along x of a fused kernel of several tile dimensions: one
 * warp, so that each warp reads a row of the stride-1 dimension. */
#define FUSED_THREADS_X 32

/* Returns the mapping (to be freed) of the kernel of the fused group whose
 * tile band is "band" (docs/passes.md, "Fused kernels"): the innermost
 * tile dimension on x, the next on y and z, the others sequential; each
 * tile of a block's own (blocks cyclic over the tiles, within the grid
 * limits), and the threads of hardware dimension D spread the points of
 * each statement's dimension that follows the tile dimension on D.
 * Returns NULL after a diagnostic at data->func. */
static char *fused_mapping(struct mark_data *data,
                           __isl_keep isl_schedule_node *band) {
  isl_size n = isl_schedule_node_band_n_member(band);
  struct mdh_mapping map = {0};
  struct mdh_dim_map *dm;
  struct mdh_str text;
  int64_t size, count, budget = MDH_GPU_THREAD_BUDGET, cap;
  int m;

  if (n < 0 || n > MDH_MODEL_MAX_RANK)
    return NULL;
  map.rank = n;
  for (m = n - 1; m >= 0; --m) {
    dm = &map.dims[m];
    if (mdh_fuse_tile_size(band, m, &size, &count) < 0) {
      mdh_emit_error(data->func, "mdh-map-gpu: a fused group whose tiles "
                                 "have no static size");
      return NULL;
    }
    dm->hw = n - 1 - m;
    dm->tile = 1;
    dm->vec = 1;
    if (dm->hw > 2) {
      dm->level = MDH_LEVEL_SEQ;
      dm->threads = dm->blocks = 1;
      continue;
    }
    cap = dm->hw == 0 && n > 1 ? FUSED_THREADS_X
          : dm->hw == 2        ? MDH_GPU_MAX_THREADS_Z
                               : budget;
    dm->threads = mdh_pow2_at_least(size, cap < budget ? cap : budget);
    budget /= dm->threads;
    dm->blocks =
        count < mdh_gpu_grid_limit(dm->hw) ? count : mdh_gpu_grid_limit(dm->hw);
    dm->level = dm->threads > 1 ? MDH_LEVEL_GLOBAL : MDH_LEVEL_BLOCK;
  }
  mdh_str_init(&text);
  mdh_mapping_print(&map, &text);
  return text.data;
}

/* Maps the kernel of the fused group whose tile band is "band", below the
 * kernel mark "node" (mdh-tile-fuse's, or NULL: one is inserted): keeps
 * the mapping the mark carries, or puts fused_mapping's into it. Returns
 * the mark. */
static __isl_give isl_schedule_node *
mark_fused(struct mark_data *data, __isl_take isl_schedule_node *node) {
  isl_schedule_node *band = node;
  isl_union_set *domain;
  char *mapping = NULL;
  int kernel = mdh_tree_is_kernel(node) == isl_bool_true;

  if (kernel) {
    mapping = mdh_tree_kernel_mapping(node);
    band = isl_schedule_node_child(node, 0);
  }
  if (!mapping)
    mapping = fused_mapping(data, band);
  if (kernel)
    node = isl_schedule_node_delete(isl_schedule_node_parent(band));
  else
    node = band;
  domain = isl_schedule_node_get_domain(node);
  note_kernel(data, domain, 1);
  isl_union_set_free(domain);
  if (!mapping) {
    data->reported = 1;
    return isl_schedule_node_free(node);
  }
  node = mdh_tree_insert_kernel(node, mapping);
  free(mapping);
  return node;
}

/* Marks the children of "node". */
static __isl_give isl_schedule_node *
mark_children(struct mark_data *data, __isl_take isl_schedule_node *node) {
  isl_size n = isl_schedule_node_n_children(node);
  int i;

  if (n < 0)
    return isl_schedule_node_free(node);
  for (i = 0; i < n; ++i) {
    node = isl_schedule_node_child(node, i);
    node = mark(data, node);
    node = isl_schedule_node_parent(node);
  }
  return node;
}

/* Marks the kernel(s) of the outermost band or leaf "node" (see the top of
 * this file). */
static __isl_give isl_schedule_node *
mark_outermost(struct mark_data *data, __isl_take isl_schedule_node *node) {
  isl_union_set *domain = isl_schedule_node_get_domain(node);
  isl_size n = isl_union_set_n_set(domain);
  struct mdh_band_kernel bk;
  char *mapping;
  int fused = 0;

  if (n == 0) {
    isl_union_set_free(domain);
    return node;
  }
  if (n >= 2 && isl_schedule_node_get_type(node) == isl_schedule_node_band)
    fused = read_band(data, node, domain, &bk);
  if (n < 0 || fused < 0) {
    isl_union_set_free(domain);
    return isl_schedule_node_free(node);
  }
  if (n >= 2 && !fused) {
    node = split_by_statement(data, node, domain);
    isl_union_set_free(domain);
    return mark_children(data, node);
  }
  bk.index = data->n_kernel;
  mapping = fused ? data->map_band(&bk, data->user) : NULL;
  note_kernel(data, domain, fused);
  isl_union_set_free(domain);
  if (fused && !mapping) {
    data->reported = 1;
    return isl_schedule_node_free(node);
  }
  node = mdh_tree_insert_kernel(node, mapping);
  free(mapping);
  return node;
}

/* Marks the kernels at or below "node". */
static __isl_give isl_schedule_node *mark(struct mark_data *data,
                                          __isl_take isl_schedule_node *node) {
  isl_bool fused = mdh_fuse_subtree_has_group(node);

  if (fused < 0)
    return isl_schedule_node_free(node);
  switch (isl_schedule_node_get_type(node)) {
  case isl_schedule_node_error:
    return isl_schedule_node_free(node);
  case isl_schedule_node_band:
    if (fused)
      return mark_fused(data, node);
    return mark_outermost(data, node);
  case isl_schedule_node_leaf:
    return mark_outermost(data, node);
  case isl_schedule_node_mark:
    if (mdh_tree_is_kernel(node) != isl_bool_true)
      return mark_children(data, node);
    if (fused)
      return mark_fused(data, node);
    /* A kernel of an earlier run: formed again. */
    return mark(data, isl_schedule_node_delete(node));
  default:
    return mark_children(data, node);
  }
}

__isl_give isl_schedule *
mdh_map_gpu_mark_kernels(struct mdh_model *m, MlirOperation func,
                         __isl_take isl_schedule *schedule,
                         mdh_map_band_fn map_band, void *user, int *kernel_of,
                         int *in_band, int *n_kernel) {
  struct mark_data data = {m, func, map_band, user, kernel_of, in_band, 0, 0};
  isl_schedule_node *node;

  node = isl_schedule_get_root(schedule);
  isl_schedule_free(schedule);
  node = mark(&data, node);
  schedule = node ? isl_schedule_node_get_schedule(node) : NULL;
  isl_schedule_node_free(node);
  *n_kernel = data.n_kernel;
  if (!schedule && !data.reported)
    mdh_isl_report(m->ctx, m->n_stmt > 0 ? m->stmts[0].hom : func,
                   "mdh-map-gpu", "forming the kernels");
  return schedule;
}
