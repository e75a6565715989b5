/* mdh-codegen-cpu: generates sequential and OpenMP-ready code on the CPU from
 * the schedule tree that mdh-schedule stored in `mdh.schedule`: schedule
 * tree -> isl AST -> scf.for / scf.parallel over memrefs (the shared
 * translator of ast_to_mlir.c), then the mdh ops are erased.
 *
 * Invariants relied on: the function's md_homs carry the statement names of
 * the model (`mdh.stmt`), and the schedule's domain is the model's. A loop
 * becomes scf.parallel when it carries no dependence at all, the relaxed
 * reductions included, so reductions stay sequential and no loop needs
 * scf.reduce.
 *
 * Statement instances are emitted by the shared chain code (chain.c): each
 * writes straight into the output buffers, which needs the first point of
 * each reduction to run first and each scan position after the previous
 * one. The model keeps the scan order in its validity dependences and this
 * pass checks the first-point order on the schedule, reporting an error
 * otherwise.
 */

#include "lib/ast_to_mlir.h"
#include "lib/chain.h"
#include "lib/model.h"
#include "lib/stmt.h"
#include "mdh-c/Dialect.h"
#include "passes/pass.h"
#include "support/ir.h"
#include "support/polyhedral.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <stdlib.h>
#include <string.h>

/* The statement callback of the AST translator. */
static int emit_stmt(struct mdh_builder *b, const char *name, int n,
                     const MlirValue *idx, void *user) {
  struct mdh_stmt_info *info = mdh_chain_find(user, name, n);

  if (info) {
    mdh_chain_emit_instance(b, info, idx);
    return 0;
  }
  mlirEmitError(b->loc, "isl AST calls an unknown statement");
  return -1;
}

/* Annotates each for node with "parallel" when the loop carries no
 * dependence of the model (see the top of this file). */
static __isl_give isl_id *annotate_for(__isl_keep isl_ast_build *build,
                                       void *user) {
  struct mdh_chain *cg = user;
  isl_union_map *sched = isl_ast_build_get_schedule(build);
  isl_space *space = isl_ast_build_get_schedule_space(build);
  isl_size n = isl_space_dim(space, isl_dim_set);
  isl_union_map *deps;
  isl_union_set *deltas;
  isl_set *zero_outer;
  isl_union_set *zero;
  isl_bool parallel;
  int d;

  deps = isl_union_map_apply_domain(isl_union_map_copy(cg->m->deps),
                                    isl_union_map_copy(sched));
  deps = isl_union_map_apply_range(deps, sched);
  deltas = isl_union_map_deltas(deps);
  zero_outer = isl_set_universe(isl_space_copy(space));
  for (d = 0; d + 1 < n; ++d)
    zero_outer = isl_set_fix_si(zero_outer, isl_dim_set, d, 0);
  zero = isl_union_set_from_set(
      isl_set_fix_si(isl_set_copy(zero_outer), isl_dim_set, n - 1, 0));
  deltas = isl_union_set_intersect(deltas, isl_union_set_from_set(zero_outer));
  parallel = isl_union_set_is_subset(deltas, zero);
  isl_union_set_free(deltas);
  isl_union_set_free(zero);
  isl_space_free(space);
  return isl_id_alloc(isl_ast_build_get_ctx(build),
                      parallel == isl_bool_true ? "parallel" : "sequential",
                      NULL);
}

/* Builds the AST of "schedule" with parallel loops annotated. */
static __isl_give isl_ast_node *build_ast(struct mdh_chain *cg,
                                          __isl_take isl_schedule *schedule) {
  isl_ast_build *build = isl_ast_build_alloc(cg->m->ctx);
  isl_ast_node *tree;

  build = isl_ast_build_set_before_each_for(build, &annotate_for, cg);
  tree = isl_ast_build_node_from_schedule(build, schedule);
  isl_ast_build_free(build);
  return tree;
}

/* Generates the code of "func" from its schedule. */
static int codegen_func(isl_ctx *ctx, MlirOperation func) {
  struct mdh_chain *cg = mdh_chain_alloc(ctx, func, "mdh-codegen-cpu");
  struct mdh_ast_target target = {.stmt = &emit_stmt, .user = cg};
  struct mdh_builder b;
  isl_schedule *schedule = NULL;
  isl_ast_node *tree = NULL;
  MlirOperation last;
  int k, ok = 0;

  if (!cg)
    return 0;
  schedule = mdh_chain_read_schedule(cg, func);
  if (!schedule)
    goto done;
  if (!mdh_chain_check_schedule(cg, schedule, func))
    goto done;
  last = mdh_chain_end(cg, func);
  if (mlirOperationIsNull(last))
    goto done;
  tree = build_ast(cg, isl_schedule_copy(schedule));
  b = mdh_builder_before(last);
  b.inline_calls = 1;
  b.before = mlirOperationGetNextInBlock(last);
  mdh_chain_alloc_temps(cg, &b, &mdh_build_alloc);
  if (!tree || mdh_ast_to_mlir(&b, tree, &target) < 0)
    goto done;
  for (k = 0; k < cg->n_temps; ++k)
    mdh_build_dealloc(&b, cg->temps[k]);
  mdh_chain_erase(cg, func);
  ok = 1;
done:
  isl_ast_node_free(tree);
  isl_schedule_free(schedule);
  mdh_chain_free(cg);
  return ok;
}

MlirLogicalResult mdh_codegen_cpu_run(MlirOperation module) {
  return mdh_pass_run_per_function(module, &codegen_func);
}
