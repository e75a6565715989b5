/* Kernels from the schedule tree (docs/architecture.md): what one thread
 * runs is the tree of `mdh.schedule` restricted to the instances it owns
 * (kernel.c), with the block and thread ids as isl parameters, as PPCG
 * generates a kernel's code from its subtree (gpu.c, generate_code). The
 * loops inside a thread are therefore the tree's: a user's `mdh.influence`
 * that reorders a band reorders them. This is the owner strategy of a
 * kernel of one md_hom and the code of every kernel of several md_homs.
 */

#include "lib/tree.h"
#include "passes/codegen_gpu/kernel.h"
#include "support/diag.h"

#include <isl/aff.h>
#include <isl/ast_build.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_set.h>

#include <stdlib.h>
#include <string.h>

#define PASS "mdh-codegen-gpu"

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

/* Builds the AST of what one thread of the owner strategy runs for "k":
 * the schedule tree "tree" restricted to the instances of its statement
 * that the thread owns under its mapping. */
static __isl_give isl_ast_node *owner_ast(isl_ctx *ctx, struct mdh_kernel *k,
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

/* The statement callback of the owner strategy: the statement of "user" (a
 * kernel) writes its instances as on the CPU. */
static int emit_owner_stmt(struct mdh_builder *b, const char *name, int n,
                           const MlirValue *idx, void *user) {
  struct mdh_kernel *k = user;

  if (n == k->info->stmt->rank && !strcmp(name, k->info->stmt->name)) {
    mdh_chain_emit_instance(b, k->info, idx);
    return 0;
  }
  mlirEmitError(b->loc, "isl AST calls an unknown statement");
  return -1;
}

int mdh_kernel_build_owner(isl_ctx *ctx, struct mdh_builder *b,
                           struct mdh_kernel *k) {
  struct mdh_builder kb;
  isl_ast_node *tree;
  MlirBlock body;
  int rc;

  tree = owner_ast(ctx, k, k->schedule);
  if (!tree) {
    mdh_isl_report(ctx, k->info->stmt->hom, PASS, "building the kernel");
    return -1;
  }
  body = mdh_kernel_build_launch(b, k->grid, k->block, 0, NULL);
  kb = mdh_builder_before_terminator(b, body);
  rc = mdh_kernel_translate(ctx, k, &kb, body, tree, &emit_owner_stmt, k);
  isl_ast_node_free(tree);
  return rc;
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
    rc = mdh_kernel_read_mapping(&k, mapping,
                                 isl_schedule_node_band_n_member(band), loc);
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
