/* mdh-schedule: computes a schedule of every function's mdh chains and
 * stores it, as an isl schedule tree in YAML form, in the string attribute
 * `mdh.schedule` of the function; each md_hom gets its statement name in
 * `mdh.stmt` (docs/architecture.md).
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
#include "lib/chain.h"
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
  node = mdh_tree_insert_mark(node, isl_id_alloc(m->ctx, name, NULL));
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

/* The most md_homs scheduled as one problem. The per-row ILPs of
 * scheduler.c are over the coefficients of every statement at once, so
 * their cost grows about cubically with the chain (bench/scale, issue 17:
 * one problem of 64 md_homs took 0.8 s, of 128 2.5 s, of 256 minutes; 32
 * take 0.17 s). A longer chain is cut into parts of consecutive md_homs,
 * scheduled one after another. A cut gives up fusion across it; the GPU
 * kernels of such chains were one per md_hom before the cut too. */
#define MAX_PART 32

/* Returns the schedule of the part "m" of a function and how it was found
 * in "how"; NULL after an error. "func" is the function, for the user's
 * influence tree (NULL: the GPU optimizer's). */
static __isl_give isl_schedule *schedule_part(struct mdh_model *m,
                                              MlirOperation func, char **how) {
  struct mdh_infl_node *tree = influence_tree(m, func);
  isl_schedule *schedule;

  *how = NULL;
  if (!tree)
    return NULL;
  schedule = compute_schedule(m, tree, how);
  mdh_infl_node_free(tree);
  return schedule;
}

/* Appends "how" of one part to "all", counting repeats of the previous. */
static void add_how(struct mdh_str *all, char **prev, int *repeat,
                    const char *how) {
  if (*prev && how && !strcmp(*prev, how)) {
    ++*repeat;
    return;
  }
  if (*prev && *repeat > 1)
    mdh_str_printf(all, " x%d", *repeat);
  if (how)
    mdh_str_printf(all, "%s%s", *prev ? ", " : "", how);
  free(*prev);
  *prev = how ? strdup(how) : NULL;
  *repeat = 1;
}

/* The number of parts of at most MAX_PART md_homs that each segment of
 * "segs" is cut into, in all. */
static int count_parts(const struct mdh_segment *segs, int n_seg) {
  int i, n = 0;

  for (i = 0; i < n_seg; ++i)
    n += (segs[i].n + MAX_PART - 1) / MAX_PART;
  return n;
}

/* Returns the schedule of "m" in program order, segment by segment (the
 * "n_seg" "segs": ops between them that use their buffers keep their place
 * between their code, mdh_model_segments), each in parts of at most
 * MAX_PART md_homs; "how" tells the number of parts and how each was
 * found. */
static __isl_give isl_schedule *schedule_parts(struct mdh_model *m,
                                               MlirOperation func,
                                               const struct mdh_segment *segs,
                                               int n_seg, char **how) {
  int n_part, p, i, first, done = 0;
  isl_schedule *all = NULL;
  struct mdh_str text;
  char *prev = NULL;
  int repeat = 0;

  mdh_str_init(&text);
  mdh_str_printf(&text, "%d parts: ", count_parts(segs, n_seg));
  for (i = 0; i < n_seg; ++i) {
    n_part = (segs[i].n + MAX_PART - 1) / MAX_PART;
    first = segs[i].first;
    for (p = 0; p < n_part; ++p) {
      int n = (segs[i].first + segs[i].n - first) / (n_part - p);
      struct mdh_model *part = mdh_model_slice(m, first, n);
      char *part_how = NULL;
      isl_schedule *s = part ? schedule_part(part, func, &part_how) : NULL;

      add_how(&text, &prev, &repeat, part_how);
      free(part_how);
      mdh_model_free(part);
      first += n;
      all = done++ == 0 ? s : isl_schedule_sequence(all, s);
      if (!all)
        break;
    }
    if (!all)
      break;
  }
  add_how(&text, &prev, &repeat, NULL);
  *how = text.data;
  return all;
}

/* Schedules the mdh chains of "func". A user's influence tree names the
 * statements of the whole function: it is never cut into parts, and ops
 * between the md_homs that use their buffers, which cut the chain into
 * segments scheduled one after another, cannot go with it. */
static int schedule_func(isl_ctx *ctx, MlirOperation func) {
  struct mdh_model *m = mdh_model_extract(ctx, func);
  struct mdh_segment *segs = NULL;
  isl_schedule *schedule;
  char *how = NULL;
  int n_seg;
  isl_bool ok;

  if (!m)
    return 0;
  /* md_homs in several blocks are one segment here; the code generators
   * refuse them. */
  if (mdh_model_in_one_block(m)) {
    n_seg = mdh_model_segments(m, func, "mdh-schedule", &segs);
  } else {
    n_seg = 1;
    segs = malloc(sizeof(*segs));
    if (!segs)
      abort();
    segs[0] = (struct mdh_segment){0, m->n_stmt, m->stmts[0].hom};
  }
  if (n_seg > 1 && !mlirAttributeIsNull(mdh_attr_get_influence(func))) {
    mdh_emit_error(func,
                   "mdh-schedule: mdh.influence orders the md_homs of the "
                   "whole function as one problem, but ops between them "
                   "that use their buffers cut them into %d parts that run "
                   "one after another",
                   n_seg);
    n_seg = -1;
  }
  if (n_seg < 0) {
    free(segs);
    mdh_model_free(m);
    return 0;
  }
  if (n_seg == 1 && (m->n_stmt <= MAX_PART ||
                     !mlirAttributeIsNull(mdh_attr_get_influence(func))))
    schedule = schedule_part(m, func, &how);
  else
    schedule = schedule_parts(m, func, segs, n_seg, &how);
  free(segs);
  if (!schedule && !how) {
    mdh_model_free(m);
    return 0;
  }
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
