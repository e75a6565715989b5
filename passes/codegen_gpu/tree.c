/* Kernels from the schedule tree (docs/architecture.md): what one thread
 * runs is the tree of `mdh.schedule` restricted to the instances it owns
 * (kernel.c), with the block and thread ids as isl parameters, as PPCG
 * generates a kernel's code from its subtree (gpu.c, generate_code). The
 * loops inside a thread are therefore the tree's: a user's `mdh.influence`
 * that reorders a band reorders them. This is the owner strategy of a
 * kernel of one md_hom and the code of every kernel of several md_homs.
 */

#include "lib/tree.h"
#include "dialect/dialect.h"
#include "passes/codegen_gpu/device.h"
#include "passes/codegen_gpu/kernel.h"
#include "support/diag.h"
#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/aff.h>
#include <isl/ast_build.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>
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

/* The most intermediates of one band kernel kept in registers. */
#define MAX_PRIVATE 16

/* Internal data structure of the statement callback of a band kernel: the
 * intermediates its threads keep in registers (find_private), as buffers
 * of the model, and the redirects of their accesses to the registers. */
struct band_data {
  struct mdh_chain *chain;
  int n_private;
  int priv[MAX_PRIVATE];
  struct mdh_redirect redirects[MAX_PRIVATE];
};

/* The statement callback of band kernels: every statement of the kernel
 * writes its instances as on the CPU (the owner strategy), its accesses to
 * the intermediates kept in registers going there. */
static int emit_band_stmt(struct mdh_builder *b, const char *name, int n,
                          const MlirValue *idx, void *user) {
  struct band_data *data = user;

  return mdh_chain_emit_call(b, data->chain, name, n, idx, data->redirects,
                             data->n_private);
}

/* Tells whether every view of buffer "k" of "m" names it by the value the
 * model keeps for it (the loads redirected to a register compare values). */
static int views_use_value(struct mdh_model *m, int k) {
  struct mdh_op_list views;
  MlirValue buf;
  size_t n_inputs, v;
  int s, ok = 1;

  for (s = 0; s < m->n_stmt && ok; ++s) {
    views = mdh_md_hom_views(m->stmts[s].hom, &n_inputs);
    for (v = 0; v < views.n && ok; ++v) {
      buf = mdhViewGetBuffer(views.ops[v]);
      ok = !mdh_values_same_view(buf, m->bufs[k]) ||
           mlirValueEqual(buf, m->bufs[k]);
    }
    free(views.ops);
  }
  return ok;
}

/* Tells whether each thread of a band kernel can keep buffer "k" of "m"
 * in one register: an intermediate of the chain whose accesses all lie in
 * the kernel's instances "domain", written by one statement without
 * reductions, each element once, and read only where written, by
 * instances at the same point of the kernel's schedule "prefix" (the band
 * and all above it) as the instance that wrote the element, of which each
 * point has one: the element then lives from the writer to its readers
 * within one point, in one thread (the dead-intermediate stores of issue
 * 29: ew3 stored both of its intermediates). An isl error answers no. */
static int is_private(struct mdh_model *m, int k,
                      __isl_keep isl_union_set *domain,
                      __isl_keep isl_union_map *prefix) {
  isl_union_map *w = mdh_model_accesses_to(m, m->writes, k);
  isl_union_map *r = mdh_model_accesses_to(m, m->reads, k);
  isl_union_set *wdom = isl_union_map_domain(isl_union_map_copy(w));
  isl_union_map *flow, *same, *wsched;
  isl_set *wset = NULL;
  isl_bool ok;
  int s = -1, d;

  ok = isl_bool_ok(isl_union_set_n_set(wdom) == 1);
  if (ok == isl_bool_true) {
    wset = isl_set_from_union_set(isl_union_set_copy(wdom));
    s = mdh_model_stmt_index(m, isl_set_get_tuple_name(wset));
    ok = isl_bool_ok(s >= 0);
  }
  for (d = 0; ok == isl_bool_true && d < m->stmts[s].rank; ++d)
    ok = isl_bool_ok(m->stmts[s].kinds[d] == MdhCombineCC);
  if (ok == isl_bool_true)
    ok = isl_union_set_is_subset(wdom, domain);
  if (ok == isl_bool_true) {
    isl_union_set *rdom = isl_union_map_domain(isl_union_map_copy(r));
    ok = isl_union_set_is_subset(rdom, domain);
    isl_union_set_free(rdom);
  }
  if (ok == isl_bool_true)
    ok = isl_union_map_is_injective(w);
  if (ok == isl_bool_true) {
    isl_union_set *rd = isl_union_map_range(isl_union_map_copy(r));
    isl_union_set *wr = isl_union_map_range(isl_union_map_copy(w));
    ok = isl_union_set_is_subset(rd, wr);
    isl_union_set_free(rd);
    isl_union_set_free(wr);
  }
  if (ok == isl_bool_true) {
    flow = isl_union_map_apply_range(
        isl_union_map_copy(r), isl_union_map_reverse(isl_union_map_copy(w)));
    same = isl_union_map_apply_range(
        isl_union_map_copy(prefix),
        isl_union_map_reverse(isl_union_map_copy(prefix)));
    ok = isl_union_map_is_subset(flow, same);
    isl_union_map_free(flow);
    isl_union_map_free(same);
  }
  if (ok == isl_bool_true) {
    wsched = isl_union_map_intersect_domain(isl_union_map_copy(prefix),
                                            isl_union_set_copy(wdom));
    ok = isl_union_map_is_injective(wsched);
    isl_union_map_free(wsched);
  }
  isl_set_free(wset);
  isl_union_set_free(wdom);
  isl_union_map_free(w);
  isl_union_map_free(r);
  return ok == isl_bool_true && views_use_value(m, k);
}

/* Finds the intermediates that the threads of the band kernel below
 * "mark" keep in registers, into "data". */
static void find_private(struct band_data *data,
                         __isl_keep isl_schedule_node *mark) {
  struct mdh_model *m = data->chain->m;
  isl_schedule_node *below = isl_schedule_node_get_child(mark, 0);
  isl_union_set *domain;
  isl_union_map *prefix;
  int k;

  below = isl_schedule_node_child(below, 0);
  domain = isl_schedule_node_get_domain(below);
  prefix = isl_schedule_node_get_prefix_schedule_union_map(below);
  isl_schedule_node_free(below);
  for (k = 0; k < m->n_buf && data->n_private < MAX_PRIVATE; ++k) {
    if (!mdh_model_is_intermediate(m, m->bufs[k]) ||
        mdh_model_shares_memory(m, k))
      continue;
    if (is_private(m, k, domain, prefix))
      data->priv[data->n_private++] = k;
  }
  isl_union_set_free(domain);
  isl_union_map_free(prefix);
}

/* Allocates at "b" the register of each private intermediate of "data"
 * (a memref of one element, of the buffer's rank), to which its accesses
 * are redirected. */
static void use_registers(struct band_data *data, struct mdh_builder *b) {
  struct mdh_model *m = data->chain->m;
  int64_t ones[MDH_MODEL_MAX_RANK];
  MlirType type;
  intptr_t d, rank;
  int i;

  for (i = 0; i < data->n_private; ++i) {
    type = mlirValueGetType(m->bufs[data->priv[i]]);
    rank = mlirShapedTypeGetRank(type);
    for (d = 0; d < rank; ++d)
      ones[d] = 1;
    data->redirects[i].buffer = m->bufs[data->priv[i]];
    data->redirects[i].copy = mdh_build_alloca(
        b, mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(type), rank,
                                       ones, mlirAttributeGetNull()));
    data->redirects[i].offset = NULL;
  }
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
  struct band_data data;
  struct mdh_kernel k;
  struct mdh_builder kb;
  isl_schedule_node *band = isl_schedule_node_get_child(mark, 0);
  isl_ast_node *ast;
  MlirBlock body;
  int rc;

  memset(&data, 0, sizeof(data));
  data.chain = chain;
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
  find_private(&data, mark);
  body = mdh_kernel_build_launch(b, k.grid, k.block, 0, NULL);
  kb = mdh_builder_before_terminator(b, body);
  use_registers(&data, &kb);
  rc = mdh_kernel_translate(ctx, &k, &kb, body, ast, &emit_band_stmt, &data);
  isl_ast_node_free(ast);
  return rc;
}
