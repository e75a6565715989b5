/* mdh-schedule: computes a schedule of every function's mdh chains and
 * stores it, as an isl schedule tree in YAML form, in the string attribute
 * `mdh.schedule` of the function; each md_hom gets its statement name in
 * `mdh.stmt` (DESIGN.md section 4).
 *
 * The data path: MDH ops -> polyhedral model (lib/model.c) -> influence
 * tree (the user's `mdh.influence` attribute, else the GPU optimizer of
 * gpu_optimizer.c) -> our influenced per-row ILP scheduler (scheduler.c) ->
 * schedule tree. isl's own scheduler is the fallback when ours finds no
 * schedule (validity = the dependences without the relaxed reduction
 * self-dependences; proximity and coincidence = all dependences). Every
 * schedule is checked against the validity dependences before it is
 * stored. `mdh.scheduler` on the function tells which path produced it:
 * "influence <leaf path>", "plain" (no scenario could be met) or "isl".
 *
 * The tree carries one mark right below its domain, "mdh.kinds S0=cp ...",
 * giving each statement's combine kind per dimension (c cc, p pw, s ps), so
 * that later passes know the reduction and scan dimensions.
 */

#include "dialect/attrs.h"
#include "lib/model.h"
#include "lib/tree.h"
#include "mdh-c/Dialect.h"
#include "passes/pass.h"
#include "passes/schedule/gpu_optimizer.h"
#include "passes/schedule/scheduler.h"
#include "support/ir.h"
#include "support/polyhedral.h"

#include "mlir-c/BuiltinAttributes.h"

#include <isl/id.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/printer.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/union_map.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Returns isl's schedule of "m" (the fallback when ours gives up), its
 * schedule coefficients bounded as Polly bounds them: unbounded, isl's
 * scheduler ran for minutes in its ILP on a consumer that reads its
 * producer's output through "i mod 4" (found by mdh-fuzz-opt), and the
 * operation budget did not stop it. */
static __isl_give isl_schedule *compute_isl_schedule(struct mdh_model *m) {
  isl_schedule_constraints *sc;

  isl_options_set_schedule_max_coefficient(m->ctx, 16);
  isl_options_set_schedule_max_constant_term(m->ctx, 64);

  sc = isl_schedule_constraints_on_domain(isl_union_set_copy(m->domain));
  sc = isl_schedule_constraints_set_validity(sc,
                                             isl_union_map_copy(m->validity));
  sc = isl_schedule_constraints_set_proximity(sc, isl_union_map_copy(m->deps));
  sc =
      isl_schedule_constraints_set_coincidence(sc, isl_union_map_copy(m->deps));
  return isl_schedule_constraints_compute_schedule(sc);
}

/* Inserts the kinds mark (mdh_mark_kinds) below the domain node of "schedule".
 */
static __isl_give isl_schedule *insert_kinds_mark(struct mdh_model *m,
                                                  __isl_take isl_schedule *s) {
  char *kinds = mdh_model_kinds_string(m);
  size_t len = strlen(kinds) + 16;
  char *name = malloc(len);
  isl_schedule_node *node;

  if (!name)
    abort();
  snprintf(name, len, "%s %s", mdh_mark_kinds, kinds);
  node = isl_schedule_get_root(s);
  isl_schedule_free(s);
  node = isl_schedule_node_child(node, 0);
  node = isl_schedule_node_insert_mark(node, isl_id_alloc(m->ctx, name, NULL));
  s = isl_schedule_node_get_schedule(node);
  isl_schedule_node_free(node);
  free(kinds);
  free(name);
  return s;
}

/* Stores "schedule" on "func" and the statement names on the md_homs. */
static void store_schedule(struct mdh_model *m, MlirOperation func,
                           __isl_keep isl_schedule *schedule) {
  int k;

  mdh_tree_store(func, schedule);
  for (k = 0; k < m->n_stmt; ++k)
    mdh_attr_set_stmt(m->stmts[k].hom, m->stmts[k].name);
}

/* Returns the influence tree of "func": the user's `mdh.influence`
 * attribute if it has one, else the GPU optimizer's. Returns NULL after an
 * error at "func" if the attribute is malformed. */
static struct mdh_infl_node *influence_tree(struct mdh_model *m,
                                            MlirOperation func) {
  MlirAttribute attr = mdh_attr_get_influence(func);
  const char **names = malloc(m->n_stmt * sizeof(*names) + 1);
  int *ranks = malloc(m->n_stmt * sizeof(*ranks) + 1);
  struct mdh_infl_stmts stmts;
  struct mdh_infl_node *tree;
  struct mdh_str text, error;

  if (!names || !ranks)
    abort();
  if (mlirAttributeIsNull(attr)) {
    free(names);
    free(ranks);
    return mdh_gpu_optimizer_tree(m);
  }
  mdh_sched_infl_stmts(m, names, ranks, &stmts);
  mdh_str_init(&text);
  mdh_str_init(&error);
  if (mlirAttributeIsAString(attr)) {
    MlirStringRef ref = mlirStringAttrGetValue(attr);
    mdh_str_append(&text, ref.data, ref.length);
    tree = mdh_infl_tree_parse(text.data, &stmts, &error);
  } else {
    tree = NULL;
    mdh_str_printf(&error, "expected a string attribute");
  }
  if (!tree)
    mdh_emit_error(func, "invalid mdh.influence: %s", error.data);
  mdh_str_clear(&text);
  mdh_str_clear(&error);
  free(names);
  free(ranks);
  return tree;
}

/* Returns the schedule of "m": ours, influenced by "tree", or else isl's.
 * "how" receives how it was found. */
static __isl_give isl_schedule *
compute_schedule(struct mdh_model *m, struct mdh_infl_node *tree, char **how) {
  isl_schedule *schedule = mdh_sched_compute(m, tree, 0, how);

  if (schedule)
    return schedule;
  free(*how);
  *how = strdup("isl");
  return compute_isl_schedule(m);
}

/* Schedules the mdh chains of "func". */
static int schedule_func(isl_ctx *ctx, MlirOperation func) {
  struct mdh_model *m = mdh_model_extract(ctx, func);
  struct mdh_infl_node *tree;
  isl_schedule *schedule;
  char *how = NULL;
  isl_bool ok;

  if (!m)
    return 0;
  tree = influence_tree(m, func);
  if (!tree) {
    mdh_model_free(m);
    return 0;
  }
  schedule = compute_schedule(m, tree, &how);
  ok = schedule ? mdh_model_schedule_is_valid(m, schedule) : isl_bool_error;
  if (ok == isl_bool_true) {
    schedule = insert_kinds_mark(m, schedule);
    store_schedule(m, func, schedule);
    mdh_attr_set_scheduler(func, how);
  } else if (ok == isl_bool_false) {
    mdh_emit_error(func, "internal error: the schedule violates a dependence");
  } else {
    mdh_isl_report(ctx, m->stmts[0].hom, "mdh-schedule",
                   "computing the schedule");
  }
  free(how);
  isl_schedule_free(schedule);
  mdh_infl_node_free(tree);
  mdh_model_free(m);
  return ok == isl_bool_true;
}

MlirLogicalResult mdh_schedule_run(MlirOperation module) {
  return mdh_pass_run_per_function(module, &schedule_func);
}

/* Prints the schedule of "op" to stderr if it is a function that has one. */
static MlirWalkResult print_schedule_op(MlirOperation op, void *user) {
  MlirAttribute name;
  MlirStringRef text, fn;

  (void)user;
  if (!mdh_op_is(op, "func.func"))
    return MlirWalkResultAdvance;
  text = mdh_attr_get_schedule(op);
  name = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("sym_name"));
  if (!text.data)
    return MlirWalkResultSkip;
  fn = mlirStringAttrGetValue(name);
  fprintf(stderr, "// mdh.schedule of @%.*s\n%.*s", (int)fn.length, fn.data,
          (int)text.length, text.data);
  return MlirWalkResultSkip;
}

MlirLogicalResult mdh_print_schedule_run(MlirOperation module) {
  mlirOperationWalk(module, &print_schedule_op, NULL, MlirWalkPreOrder);
  return mlirLogicalResultSuccess();
}
