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

/* An intermediate of a band kernel that each thread keeps in a register
 * "reg" instead of memory (find_private): buffer "buf" of the model,
 * written by the statement "writer" only. */
struct private_buf {
  int buf;
  struct mdh_stmt_info *writer;
  MlirValue reg;
};

/* A store location of a component swapped for a register, as it was. */
struct saved_store {
  struct mdh_component *comp;
  int pos;
  MlirValue buffer;
  MlirAffineMap map;
};

/* The most store locations swapped for registers in one kernel. */
#define MAX_SAVED 64

/* Internal data structure of the statement callback of a band kernel: the
 * intermediates kept in registers, the redirects of their loads and the
 * stores of their writers as they were. */
struct band_data {
  struct mdh_chain *chain;
  int n_private;
  struct private_buf priv[MAX_PRIVATE];
  struct mdh_load_redirect redirects[MAX_PRIVATE];
  int n_saved;
  struct saved_store saved[MAX_SAVED];
};

/* The statement callback of band kernels: every statement of the kernel
 * writes its instances as on the CPU (the owner strategy), reading the
 * intermediates kept in registers from there. */
static int emit_band_stmt(struct mdh_builder *b, const char *name, int n,
                          const MlirValue *idx, void *user) {
  struct band_data *data = user;
  struct mdh_stmt_info *info = mdh_chain_find(data->chain, name, n);

  if (!info) {
    mlirEmitError(b->loc, "isl AST calls an unknown statement");
    return -1;
  }
  mdh_chain_emit_instance_redirected(b, info, idx, data->redirects,
                                     data->n_private);
  return 0;
}

/* Returns the accesses of "acc" to buffer "k" of "m". */
static __isl_give isl_union_map *
accesses_to(struct mdh_model *m, __isl_keep isl_union_map *acc, int k) {
  return isl_union_map_intersect_range(
      isl_union_map_copy(acc),
      isl_union_set_from_set(isl_set_universe(mdh_model_buffer_space(m, k))));
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

/* Returns the index of the statement that writes buffer "k" of "m" if
 * each thread of a band kernel can keep the buffer in one register: an
 * intermediate of the chain whose accesses all lie in the kernel's
 * instances "domain", written by one statement without reductions, each
 * element once, and read only where written, by instances at the same
 * point of the kernel's schedule "prefix" (the band and all above it) as
 * the instance that wrote the element, of which each point has one: the
 * element then lives from the writer to its readers within one point, in
 * one thread (the dead-intermediate stores of issue 29: ew3 stored both
 * of its intermediates). Returns -1 otherwise or on an isl error. */
static int private_writer(struct mdh_model *m, int k,
                          __isl_keep isl_union_set *domain,
                          __isl_keep isl_union_map *prefix) {
  isl_union_map *w = accesses_to(m, m->writes, k);
  isl_union_map *r = accesses_to(m, m->reads, k);
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
  return ok == isl_bool_true && views_use_value(m, k) ? s : -1;
}

/* Finds the intermediates that the threads of the band kernel below
 * "mark" keep in registers, into "data". */
static void find_private(struct band_data *data,
                         __isl_keep isl_schedule_node *mark) {
  struct mdh_model *m = data->chain->m;
  isl_schedule_node *below = isl_schedule_node_get_child(mark, 0);
  isl_union_set *domain;
  isl_union_map *prefix;
  int k, s;

  below = isl_schedule_node_child(below, 0);
  domain = isl_schedule_node_get_domain(below);
  prefix = isl_schedule_node_get_prefix_schedule_union_map(below);
  isl_schedule_node_free(below);
  for (k = 0; k < m->n_buf && data->n_private < MAX_PRIVATE; ++k) {
    if (!mdh_device_is_intermediate(m->bufs[k], m) ||
        mdh_model_shares_memory(m, k))
      continue;
    s = private_writer(m, k, domain, prefix);
    if (s < 0)
      continue;
    data->priv[data->n_private].buf = k;
    data->priv[data->n_private++].writer = &data->chain->infos[s];
  }
  isl_union_set_free(domain);
  isl_union_map_free(prefix);
}

/* Allocates at "b" the register of each private intermediate of "data"
 * (a memref of one element, of the buffer's rank), makes the loads of the
 * buffer read it, and the stores of its writer write it, remembering what
 * they wrote before (restore_stores); an intermediate whose stores do not
 * fit into "saved" stays in memory. */
static void use_registers(struct band_data *data, struct mdh_builder *b) {
  struct mdh_model *m = data->chain->m;
  struct private_buf *p;
  struct mdh_component *comp;
  struct saved_store *sv;
  MlirAffineExpr zeros[MDH_MODEL_MAX_RANK];
  int64_t ones[MDH_MODEL_MAX_RANK];
  MlirValue buf;
  MlirType type;
  intptr_t c, d, rank;
  int i, j, n = 0, n_stores;

  for (i = 0; i < data->n_private; ++i) {
    p = &data->priv[i];
    buf = m->bufs[p->buf];
    n_stores = 0;
    for (c = 0; c < p->writer->n_results; ++c)
      for (j = 0; j < p->writer->comps[c].n_stores; ++j)
        n_stores += mlirValueEqual(p->writer->comps[c].store_buffers[j], buf);
    if (data->n_saved + n_stores > MAX_SAVED)
      continue;
    type = mlirValueGetType(buf);
    rank = mlirShapedTypeGetRank(type);
    for (d = 0; d < rank; ++d) {
      ones[d] = 1;
      zeros[d] = mlirAffineConstantExprGet(b->ctx, 0);
    }
    p->reg = mdh_build_alloca(
        b, mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(type), rank,
                                       ones, mlirAttributeGetNull()));
    data->redirects[n].buffer = buf;
    data->redirects[n].copy = p->reg;
    data->redirects[n].offset = NULL;
    for (c = 0; c < p->writer->n_results; ++c) {
      comp = &p->writer->comps[c];
      for (j = 0; j < comp->n_stores; ++j) {
        if (!mlirValueEqual(comp->store_buffers[j], buf))
          continue;
        sv = &data->saved[data->n_saved++];
        sv->comp = comp;
        sv->pos = j;
        sv->buffer = buf;
        sv->map = comp->store_maps[j];
        comp->store_buffers[j] = p->reg;
        comp->store_maps[j] =
            mlirAffineMapGet(b->ctx, p->writer->stmt->rank, 0, rank, zeros);
      }
    }
    data->priv[n++] = *p;
  }
  data->n_private = n;
}

/* Gives the writers of the private intermediates of "data" their stores
 * back (the statement infos outlive the kernel). */
static void restore_stores(struct band_data *data) {
  struct saved_store *sv;

  for (sv = data->saved; sv < data->saved + data->n_saved; ++sv) {
    sv->comp->store_buffers[sv->pos] = sv->buffer;
    sv->comp->store_maps[sv->pos] = sv->map;
  }
  data->n_saved = 0;
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
  restore_stores(&data);
  isl_ast_node_free(ast);
  return rc;
}
