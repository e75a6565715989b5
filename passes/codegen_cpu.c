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

#include "dialect/attrs.h"
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

#include <isl/aff.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
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

/* Returns the pairs { S[p] -> S[i] } of each statement with pw dimensions
 * where p is the first point (pw indices 0) of i's result and i != p. */
static __isl_give isl_union_map *first_point_pairs(struct mdh_model *m) {
  isl_union_map *pairs = isl_union_map_empty(isl_space_params_alloc(m->ctx, 0));
  struct mdh_stmt *stmt;
  isl_map *map;
  int k, d, has_pw;

  for (k = 0; k < m->n_stmt; ++k) {
    stmt = &m->stmts[k];
    map = isl_map_from_domain_and_range(isl_set_copy(stmt->domain),
                                        isl_set_copy(stmt->domain));
    has_pw = 0;
    for (d = 0; d < stmt->rank; ++d) {
      if (stmt->kinds[d] == MdhCombinePW) {
        map = isl_map_fix_si(map, isl_dim_in, d, 0);
        has_pw = 1;
      } else {
        map = isl_map_equate(map, isl_dim_in, d, isl_dim_out, d);
      }
    }
    map = isl_map_subtract(map, isl_map_identity(isl_map_get_space(map)));
    if (has_pw)
      pairs = isl_union_map_add_map(pairs, map);
    else
      isl_map_free(map);
  }
  return pairs;
}

/* Tells whether "schedule" runs every reduction's first point before the
 * other points of its result. */
static isl_bool first_points_first(struct mdh_model *m,
                                   __isl_keep isl_schedule *schedule) {
  isl_union_map *map = isl_schedule_get_map(schedule);
  isl_union_map *pairs = first_point_pairs(m), *before;
  isl_bool ok;

  before = isl_union_map_lex_lt_union_map(isl_union_map_copy(map), map);
  ok = isl_union_map_is_subset(pairs, before);
  isl_union_map_free(pairs);
  isl_union_map_free(before);
  return ok;
}

/* Internal data structure of the loop annotation: the chain "cg" and the
 * number "n_open" of loops (of more than one iteration) around the for node
 * being generated. */
struct loops {
  struct mdh_chain *cg;
  int n_open;
};

/* Tells whether the innermost loop of "build" carries no dependence of the
 * model, the relaxed reductions included (see the top of this file). */
static isl_bool carries_no_dependence(struct mdh_chain *cg,
                                      __isl_keep isl_ast_build *build) {
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
  return parallel;
}

/* Tells whether the innermost loop of "build" runs one iteration for each
 * iteration of the loops around it (a degenerate loop, which isl prints as
 * an assignment). */
static isl_bool runs_once(__isl_keep isl_ast_build *build) {
  isl_union_map *sched = isl_ast_build_get_schedule(build);
  isl_space *space = isl_ast_build_get_schedule_space(build);
  isl_size n = isl_space_dim(space, isl_dim_set);
  isl_map *map;
  isl_bool once;

  isl_space_free(space);
  map = isl_map_from_range(isl_set_from_union_set(isl_union_map_range(sched)));
  map = isl_map_move_dims(map, isl_dim_in, 0, isl_dim_out, 0, n - 1);
  once = isl_map_is_single_valued(map);
  isl_map_free(map);
  return once;
}

/* Annotates each for node with "parallel" if it is the outermost loop of
 * its nest and carries no dependence, with "once" if it runs one iteration
 * (it does not count as a loop then), and with "sequential" otherwise.
 *
 * Only the outermost loop of a nest becomes scf.parallel, so each loop nest
 * is at most one OpenMP region (DESIGN.md section 4.1 item 5): a parallel
 * loop inside a sequential one would fork and join threads at every
 * iteration of the sequential loop (a 512^3 matmul scheduled (i, k, j) ran
 * 15 times slower on 2 threads than on 1 with j parallel too), and one
 * inside a parallel loop would nest OpenMP regions. */
static __isl_give isl_id *annotate_for(__isl_keep isl_ast_build *build,
                                       void *user) {
  struct loops *loops = user;
  isl_ctx *ctx = isl_ast_build_get_ctx(build);
  isl_bool once, parallel = isl_bool_false;

  once = runs_once(build);
  if (once == isl_bool_true)
    return isl_id_alloc(ctx, "once", NULL);
  if (loops->n_open++ == 0)
    parallel = carries_no_dependence(loops->cg, build);
  return isl_id_alloc(
      ctx, parallel == isl_bool_true ? "parallel" : "sequential", NULL);
}

/* Closes the for node "node" opened by annotate_for. */
static __isl_give isl_ast_node *leave_for(__isl_take isl_ast_node *node,
                                          __isl_keep isl_ast_build *build,
                                          void *user) {
  struct loops *loops = user;
  isl_id *id = isl_ast_node_get_annotation(node);

  (void)build;
  if (id && strcmp(isl_id_get_name(id), "once"))
    loops->n_open--;
  isl_id_free(id);
  return node;
}

/* Builds the AST of "schedule" with parallel loops annotated. */
static __isl_give isl_ast_node *build_ast(struct mdh_chain *cg,
                                          __isl_take isl_schedule *schedule) {
  isl_ast_build *build = isl_ast_build_alloc(cg->m->ctx);
  struct loops loops = {cg, 0};
  isl_ast_node *tree;

  build = isl_ast_build_set_before_each_for(build, &annotate_for, &loops);
  build = isl_ast_build_set_after_each_for(build, &leave_for, &loops);
  tree = isl_ast_build_node_from_schedule(build, schedule);
  isl_ast_build_free(build);
  return tree;
}

/* Tells whether every element of the 1-D set "set" is 0. */
static isl_bool is_zero(__isl_keep isl_set *set, void *user) {
  isl_set *zero = isl_set_universe(isl_set_get_space(set));
  isl_bool sub;

  (void)user;
  zero = isl_set_fix_si(zero, isl_dim_set, 0, 0);
  sub = isl_set_is_subset(set, zero);
  isl_set_free(zero);
  return sub;
}

/* Tells whether the first member of band "node" carries no dependence of
 * "m" between the instances of its subtree. */
static isl_bool outer_member_is_parallel(struct mdh_model *m,
                                         __isl_keep isl_schedule_node *node) {
  isl_multi_union_pw_aff *band;
  isl_union_map *outer, *deps;
  isl_union_set *domain, *deltas;
  isl_bool parallel;

  band = isl_schedule_node_band_get_partial_schedule(node);
  outer = isl_union_map_from_union_pw_aff(
      isl_multi_union_pw_aff_get_union_pw_aff(band, 0));
  isl_multi_union_pw_aff_free(band);
  domain = isl_schedule_node_get_domain(node);
  deps = isl_union_map_intersect_domain(isl_union_map_copy(m->deps),
                                        isl_union_set_copy(domain));
  deps = isl_union_map_intersect_range(deps, domain);
  deps = isl_union_map_apply_domain(deps, isl_union_map_copy(outer));
  deps = isl_union_map_apply_range(deps, outer);
  deltas = isl_union_map_deltas(deps);
  parallel = isl_union_set_every_set(deltas, &is_zero, NULL);
  isl_union_set_free(deltas);
  return parallel;
}

/* Returns the statements of "m" in "domain", one filter each, in program
 * order. */
static __isl_give isl_union_set_list *
statement_filters(struct mdh_model *m, __isl_keep isl_union_set *domain) {
  isl_union_set_list *list = isl_union_set_list_alloc(m->ctx, m->n_stmt);
  isl_union_set *filter;
  isl_bool empty;
  int k;

  for (k = 0; k < m->n_stmt; ++k) {
    filter = isl_union_set_intersect(
        isl_union_set_copy(domain),
        isl_union_set_from_set(isl_set_copy(m->stmts[k].domain)));
    empty = isl_union_set_is_empty(filter);
    if (empty == isl_bool_false)
      list = isl_union_set_list_add(list, filter);
    else
      isl_union_set_free(filter);
    if (empty < 0)
      return isl_union_set_list_free(list);
  }
  return list;
}

/* Replaces the subtree at band "node" by a sequence of its statements in
 * program order, each under one band: its own rows of the subtree's
 * schedule, so each keeps the loop order and shifts it had. The sequence
 * is valid because every dependence of a chain goes from an md_hom to a
 * later one (or to itself), and each statement keeps its own order. */
static __isl_give isl_schedule_node *
distribute(struct mdh_model *m, __isl_take isl_schedule_node *node) {
  isl_union_map *sched = isl_schedule_node_get_subtree_schedule_union_map(node);
  isl_union_set *domain = isl_schedule_node_get_domain(node);
  isl_union_set_list *filters = statement_filters(m, domain);
  isl_size n = isl_union_set_list_n_union_set(filters);
  isl_multi_union_pw_aff *rows;
  isl_union_set *filter;
  int i;

  isl_union_set_free(domain);
  if (n < 0)
    node = isl_schedule_node_free(node);
  node = isl_schedule_node_cut(node);
  node =
      isl_schedule_node_insert_sequence(node, isl_union_set_list_copy(filters));
  for (i = 0; i < n; ++i) {
    filter = isl_union_set_list_get_union_set(filters, i);
    rows = isl_multi_union_pw_aff_from_union_map(
        isl_union_map_intersect_domain(isl_union_map_copy(sched), filter));
    node = isl_schedule_node_child(isl_schedule_node_child(node, i), 0);
    node = isl_schedule_node_insert_partial_schedule(node, rows);
    node = isl_schedule_node_parent(isl_schedule_node_parent(node));
  }
  isl_union_set_list_free(filters);
  isl_union_map_free(sched);
  return node;
}

/* Distributes the group at "node" (distribute) when it is a band of
 * several statements whose outer member carries a dependence: the fused
 * loop would then be sequential and hold no parallel loop (annotate_for),
 * whereas each statement alone usually has a parallel outer loop. Such
 * bands come from fusing producers with consumers that read them shifted
 * (stencil chains: S1[i] -> [2 + i] after S0[i] -> [i]); the sequential
 * fused loop keeps the intermediate rows in cache, but on more than one
 * core the parallel loops win (Halide's compute_root, parallel schedule). */
static __isl_give isl_schedule_node *
distribute_group(struct mdh_model *m, __isl_take isl_schedule_node *node) {
  isl_union_set *domain;
  isl_size n;
  isl_bool parallel;

  if (isl_schedule_node_get_type(node) != isl_schedule_node_band)
    return node;
  domain = isl_schedule_node_get_domain(node);
  n = isl_union_set_n_set(domain);
  isl_union_set_free(domain);
  if (n < 0)
    return isl_schedule_node_free(node);
  if (n < 2)
    return node;
  parallel = outer_member_is_parallel(m, node);
  if (parallel < 0)
    return isl_schedule_node_free(node);
  return parallel ? node : distribute(m, node);
}

/* Skips the mark nodes at "node". */
static __isl_give isl_schedule_node *
skip_marks(__isl_take isl_schedule_node *node) {
  while (node && isl_schedule_node_get_type(node) == isl_schedule_node_mark)
    node = isl_schedule_node_child(node, 0);
  return node;
}

/* Returns "schedule" with each outermost group distributed where its fused
 * loop would be sequential (distribute_group). A group is the band below
 * the domain (and marks), or below each filter of a sequence or set
 * there. */
static __isl_give isl_schedule *
distribute_groups(struct mdh_model *m, __isl_take isl_schedule *schedule) {
  isl_schedule_node *node = isl_schedule_get_root(schedule);
  enum isl_schedule_node_type type;
  isl_size n, depth;
  int i;

  isl_schedule_free(schedule);
  node = skip_marks(isl_schedule_node_child(node, 0));
  type = isl_schedule_node_get_type(node);
  if (type == isl_schedule_node_sequence || type == isl_schedule_node_set) {
    n = isl_schedule_node_n_children(node);
    depth = isl_schedule_node_get_tree_depth(node);
    for (i = 0; i < n; ++i) {
      node = isl_schedule_node_child(isl_schedule_node_child(node, i), 0);
      node = distribute_group(m, skip_marks(node));
      node = isl_schedule_node_ancestor(
          node, isl_schedule_node_get_tree_depth(node) - depth);
    }
  } else {
    node = distribute_group(m, node);
  }
  schedule = isl_schedule_node_get_schedule(node);
  isl_schedule_node_free(node);
  return schedule;
}

/* Returns the schedule to generate for "func": "schedule" with its groups
 * distributed (distribute_groups) when mdh-schedule computed it and the
 * result is valid, else "schedule" itself (a schedule given by hand is
 * generated as given). */
static __isl_give isl_schedule *
cpu_schedule(struct mdh_model *m, MlirOperation func,
             __isl_take isl_schedule *schedule) {
  isl_schedule *cpu;

  if (!mdh_attr_get_scheduler(func).data)
    return schedule;
  cpu = distribute_groups(m, isl_schedule_copy(schedule));
  if (cpu && mdh_model_schedule_is_valid(m, cpu) == isl_bool_true &&
      first_points_first(m, cpu) == isl_bool_true) {
    isl_schedule_free(schedule);
    return cpu;
  }
  isl_schedule_free(cpu);
  return schedule;
}

/* Generates the code of "func" from its schedule. */
static int codegen_func(isl_ctx *ctx, MlirOperation func) {
  struct mdh_chain *cg = mdh_chain_alloc(ctx, func, "mdh-codegen-cpu");
  struct mdh_ast_target target = {.stmt = &emit_stmt, .user = cg};
  struct mdh_builder b;
  isl_schedule *schedule = NULL;
  isl_ast_node *tree = NULL;
  MlirOperation last;
  isl_bool first_ok;
  int k, ok = 0;

  if (!cg)
    return 0;
  schedule = mdh_chain_read_schedule(cg, func);
  if (!schedule)
    goto done;
  if (mdh_model_schedule_is_valid(cg->m, schedule) != isl_bool_true) {
    mdh_emit_error(func, "mdh-codegen-cpu: the schedule violates a "
                         "dependence of the md_homs");
    goto done;
  }
  first_ok = first_points_first(cg->m, schedule);
  if (first_ok != isl_bool_true) {
    mdh_emit_error(func, "mdh-codegen-cpu: the schedule does not run the "
                         "first point of every reduction first");
    goto done;
  }
  last = mdh_chain_end(cg, func);
  if (mlirOperationIsNull(last))
    goto done;
  schedule = cpu_schedule(cg->m, func, schedule);
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
