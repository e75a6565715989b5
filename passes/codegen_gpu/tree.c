/* Kernels from the schedule tree (DESIGN.md section 4.1): what one thread
 * runs is the tree of `mdh.schedule` restricted to the instances it owns,
 * with the block and thread ids as isl parameters, as PPCG generates a
 * kernel's code from its subtree (gpu.c, generate_code). The loops inside
 * a thread are therefore the tree's: a user's `mdh.influence` that
 * reorders a band reorders them.
 *
 * Ownership is a set of constraints on the value x of a dimension (a
 * md_hom's own, or a band member's for a kernel of several md_homs) with T
 * threads, G blocks and register tile R (LIFT's cyclic loops, Sec. 4.6):
 *
 *   thread.D(T)      x = tx + T e            ((x - tx) mod T = 0)
 *   block.D(G)       x = bx + G e            ((x - bx) mod G = 0)
 *   global.D(T,G)    x = T R bx + tx + T r + T R G e,  0 <= r < R
 *                    ((x - tx) mod T = 0 and
 *                     (floor((x - tx) / (T R)) - bx) mod G = 0)
 *
 * Every x has exactly one owner, whatever its range, so shifted band
 * members need no offsets. The register tile R changes only which points a
 * thread holds together (tile.c), not which it owns.
 */

#include "lib/tree.h"
#include "passes/codegen_gpu/kernel.h"
#include "support/diag.h"

#include <isl/aff.h>
#include <isl/ast_build.h>
#include <isl/local_space.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

#define PASS "mdh-codegen-gpu"

/* Returns the instances of "domain" where "x" is a multiple of "n". */
static __isl_give isl_union_set *multiple_of(__isl_take isl_union_set *domain,
                                             __isl_take isl_union_pw_aff *x,
                                             int64_t n) {
  isl_ctx *ctx = isl_union_set_get_ctx(domain);

  x = isl_union_pw_aff_mod_val(x, isl_val_int_from_si(ctx, n));
  return isl_union_set_intersect(domain, isl_union_pw_aff_zero_union_set(x));
}

/* Returns the id parameter "id" as a function on "domain". */
static __isl_give isl_union_pw_aff *param(__isl_keep isl_union_set *domain,
                                          __isl_keep isl_id *id) {
  return isl_union_pw_aff_param_on_domain_id(isl_union_set_copy(domain),
                                             isl_id_copy(id));
}

/* Returns the instances of "domain" whose value "x" the thread of the ids
 * "ids" (bx, by, bz, tx, ty, tz) owns under "dm" (see the top of this
 * file). */
__isl_give isl_union_set *mdh_kernel_owned(__isl_take isl_union_set *domain,
                                           __isl_take isl_union_pw_aff *x,
                                           const struct mdh_dim_map *dm,
                                           isl_id *const *ids) {
  isl_ctx *ctx = isl_union_set_get_ctx(domain);
  isl_union_pw_aff *tx, *bx, *q;

  switch (dm->level) {
  case MDH_LEVEL_SEQ:
    isl_union_pw_aff_free(x);
    return domain;
  case MDH_LEVEL_THREAD:
    tx = param(domain, ids[3 + dm->hw]);
    return multiple_of(domain, isl_union_pw_aff_sub(x, tx), dm->threads);
  case MDH_LEVEL_BLOCK:
    bx = param(domain, ids[dm->hw]);
    return multiple_of(domain, isl_union_pw_aff_sub(x, bx), dm->blocks);
  case MDH_LEVEL_GLOBAL:
    tx = param(domain, ids[3 + dm->hw]);
    bx = param(domain, ids[dm->hw]);
    x = isl_union_pw_aff_sub(x, tx);
    q = isl_union_pw_aff_floor(isl_union_pw_aff_scale_down_val(
        isl_union_pw_aff_copy(x),
        isl_val_int_from_si(ctx, dm->threads * dm->tile)));
    domain = multiple_of(domain, x, dm->threads);
    return multiple_of(domain, isl_union_pw_aff_sub(q, bx), dm->blocks);
  }
  isl_union_pw_aff_free(x);
  return isl_union_set_free(domain);
}

/* Returns the elements of "set" that the thread of the ids "ids" owns, set
 * dimension d being distributed under "dims[d]": "set" restricted by
 * mdh_kernel_owned on each of its dimensions in turn. */
__isl_give isl_union_set *mdh_kernel_owned_set(__isl_take isl_set *set,
                                               const struct mdh_dim_map *dims,
                                               isl_id *const *ids) {
  isl_space *space = isl_set_get_space(set);
  isl_size n = isl_set_dim(set, isl_dim_set);
  isl_union_set *domain = isl_union_set_from_set(set);
  isl_pw_aff *x;
  int d;

  if (n < 0)
    domain = isl_union_set_free(domain);
  for (d = 0; d < n; ++d) {
    x = isl_pw_aff_var_on_domain(
        isl_local_space_from_space(isl_space_copy(space)), isl_dim_set, d);
    domain = mdh_kernel_owned(domain, isl_union_pw_aff_from_pw_aff(x), &dims[d],
                              ids);
  }
  isl_space_free(space);
  return domain;
}

/* Returns the context of a kernel of "k": its ids "k->param_ids" within
 * the launch sizes, and the extents of dynamic dimensions positive. */
__isl_give isl_set *mdh_kernel_context(isl_ctx *ctx,
                                       const struct mdh_kernel *k) {
  isl_space *space = isl_space_params_alloc(ctx, MDH_KERNEL_N_IDS);
  isl_set *set;
  int i;

  for (i = 0; i < MDH_KERNEL_N_IDS; ++i)
    space = isl_space_set_dim_id(space, isl_dim_param, i,
                                 isl_id_copy(k->param_ids[i]));
  set = isl_set_universe(space);
  for (i = 0; i < MDH_KERNEL_N_IDS; ++i) {
    set = isl_set_lower_bound_si(set, isl_dim_param, i, 0);
    set = isl_set_upper_bound_si(set, isl_dim_param, i,
                                 (i < 3 ? k->grid[i] : k->block[i - 3]) - 1);
  }
  return isl_set_intersect_params(set, mdh_model_context(k->m));
}

/* Builds the AST of what one thread runs: "schedule" restricted to the
 * instances "owned". */
static __isl_give isl_ast_node *thread_ast(const struct mdh_kernel *k,
                                           __isl_keep isl_schedule *schedule,
                                           __isl_take isl_union_set *owned) {
  isl_ctx *ctx = isl_schedule_get_ctx(schedule);
  isl_schedule *restricted;
  isl_ast_build *build;
  isl_ast_node *tree;

  restricted =
      isl_schedule_intersect_domain(isl_schedule_copy(schedule), owned);
  build = isl_ast_build_from_context(mdh_kernel_context(ctx, k));
  tree = isl_ast_build_node_from_schedule(build, restricted);
  isl_ast_build_free(build);
  return tree;
}

/* Allocates the parameter ids bx, by, bz, tx, ty, tz of "k" in "ctx", in
 * the order of gpu.launch's block arguments; isl keeps one id per name, so
 * every allocation gives the same ids. */
void mdh_kernel_alloc_ids(isl_ctx *ctx, struct mdh_kernel *k) {
  static const char *const names[MDH_KERNEL_N_IDS] = {"bx", "by", "bz",
                                                      "tx", "ty", "tz"};
  int h;

  for (h = 0; h < MDH_KERNEL_N_IDS; ++h)
    k->param_ids[h] = isl_id_alloc(ctx, names[h], NULL);
}

/* Frees the parameter ids of "k". */
void mdh_kernel_free_ids(struct mdh_kernel *k) {
  int h;

  for (h = 0; h < MDH_KERNEL_N_IDS; ++h)
    k->param_ids[h] = isl_id_free(k->param_ids[h]);
}

__isl_give isl_ast_node *mdh_kernel_owner_ast(isl_ctx *ctx,
                                              struct mdh_kernel *k,
                                              __isl_keep isl_schedule *tree) {
  isl_union_set *domain;
  isl_ast_node *ast;

  mdh_kernel_alloc_ids(ctx, k);
  domain = mdh_kernel_owned_set(isl_set_copy(k->info->stmt->domain),
                                k->map.dims, k->param_ids);
  ast = thread_ast(k, tree, domain);
  mdh_kernel_free_ids(k);
  return ast;
}

/* Internal data structure of the statement callback of a band kernel. */
struct band_data {
  struct mdh_chain *chain;
};

/* The statement callback of band kernels: every statement of the kernel
 * writes its instances as on the CPU (the owner strategy). */
static int emit_band_stmt(struct mdh_builder *b, const char *name, int n,
                          const MlirValue *idx, void *user) {
  struct band_data *data = user;
  struct mdh_stmt_info *info = mdh_chain_find(data->chain, name, n);

  if (!info) {
    mlirEmitError(b->loc, "isl AST calls an unknown statement");
    return -1;
  }
  mdh_chain_emit_instance(b, info, idx);
  return 0;
}

/* Reads the mapping "text" of the band kernel "k" whose band is "band";
 * returns 0, or -1 after a diagnostic at "loc". */
static int read_band_mapping(struct mdh_kernel *k,
                             __isl_keep isl_schedule_node *band,
                             const char *text, MlirOperation loc) {
  isl_size n = isl_schedule_node_band_n_member(band);
  char err[256];
  int d;

  if (n < 0 ||
      mdh_mapping_parse(text, strlen(text), n, &k->map, err, sizeof(err)) < 0 ||
      mdh_mapping_check_limits(&k->map, err, sizeof(err)) < 0) {
    mdh_emit_error(loc, PASS ": invalid kernel mapping '%s': %s", text,
                   n < 0 ? "no band" : err);
    return -1;
  }
  for (d = 0; d < k->map.rank; ++d) {
    if (k->map.dims[d].threads <= 0 || k->map.dims[d].blocks <= 0 ||
        k->map.dims[d].tile != 1) {
      mdh_emit_error(loc,
                     PASS ": kernel mapping '%s': sizes of band member "
                          "%d open or tiled; run mdh-map-gpu",
                     text, d);
      return -1;
    }
  }
  mdh_mapping_launch_sizes(&k->map, k->grid, k->block);
  return 0;
}

/* Returns the instances of the band kernel "k" below the kernel mark
 * "mark" (whose child is the band) that one thread owns. */
static __isl_give isl_union_set *
band_owned(struct mdh_kernel *k, __isl_keep isl_schedule_node *mark) {
  isl_schedule_node *band = isl_schedule_node_get_child(mark, 0);
  isl_union_set *domain = isl_schedule_node_get_domain(band);
  isl_multi_union_pw_aff *mupa;
  int m;

  mupa = isl_schedule_node_band_get_partial_schedule(band);
  isl_schedule_node_free(band);
  for (m = 0; m < k->map.rank; ++m)
    domain = mdh_kernel_owned(domain,
                              isl_multi_union_pw_aff_get_union_pw_aff(mupa, m),
                              &k->map.dims[m], k->param_ids);
  isl_multi_union_pw_aff_free(mupa);
  return domain;
}

int mdh_kernel_build_band(isl_ctx *ctx, struct mdh_builder *b,
                          struct mdh_chain *chain,
                          __isl_keep isl_schedule *schedule,
                          __isl_keep isl_schedule_node *mark,
                          const char *mapping, MlirOperation loc) {
  struct band_data data = {chain};
  struct mdh_kernel k;
  struct mdh_builder kb;
  isl_schedule_node *band = isl_schedule_node_get_child(mark, 0);
  isl_ast_node *ast;
  MlirBlock body;
  int rc;

  memset(&k, 0, sizeof(k));
  k.chain = chain;
  k.m = chain->m;
  if (!band || isl_schedule_node_get_type(band) != isl_schedule_node_band) {
    mdh_emit_error(loc, PASS ": a kernel mark with a mapping must sit right "
                             "above a band");
    rc = -1;
  } else {
    rc = read_band_mapping(&k, band, mapping, loc);
  }
  isl_schedule_node_free(band);
  if (rc < 0)
    return -1;
  mdh_kernel_alloc_ids(ctx, &k);
  ast = thread_ast(&k, schedule, band_owned(&k, mark));
  mdh_kernel_free_ids(&k);
  if (!ast) {
    mdh_isl_report(ctx, loc, PASS, "building the kernel");
    return -1;
  }
  body = mdh_kernel_build_launch(b, k.grid, k.block, 0, NULL);
  kb = mdh_builder_before_terminator(b, body);
  rc = mdh_kernel_translate(ctx, &k, &kb, body, ast, &emit_band_stmt, &data);
  isl_ast_node_free(ast);
  return rc;
}
