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
 * A statement instance S[i] writes straight into the output buffers, so
 * that fused consumers read what it wrote:
 *
 *   v = f(inputs at i)
 *   if all pw indices of i are 0:              (the first point)
 *     new = v, or prev (+) v at a scan position p > 0, prev = result at p - 1
 *   else:
 *     new = old (+) v,  old = the result stored at i's result point
 *   store new to every out_view access of each component
 *
 * A component that no out_view stores lives in a temporary shaped like the
 * result. This needs the first point of each reduction to run first, and
 * each scan position after the previous one: the model keeps the scan order
 * in its validity dependences and this pass checks the first-point order on
 * the schedule, reporting an error otherwise.
 */

#include "dialect/support.h"
#include "mdh-c/Dialect.h"
#include "passes/ast_to_mlir.h"
#include "passes/model.h"
#include "passes/pass.h"
#include "passes/polyhedral.h"
#include "passes/stmt.h"

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

#define MAX_RANK MDH_MODEL_MAX_RANK

/* Where result component c of a statement lives: the first out_view access
 * that stores it (or a temporary), and every access that stores it. */
struct component {
  MlirValue buffer;
  MlirAffineMap map; /* null for a temporary (indexed by the result point) */
  int n_stores;
  MlirValue *store_buffers;
  MlirAffineMap *store_maps;
};

/* What the emission of a statement needs. */
struct stmt_info {
  struct mdh_stmt *stmt;
  MlirType fn_type;
  intptr_t n_results;
  MlirAttribute oper;
  int scan_dim;
  struct component *comps;
};

/* Internal data structure of the pass on one function. */
struct codegen {
  struct mdh_model *m;
  struct stmt_info *infos;
  MlirValue *temps;
  int n_temps;
};

/* Appends a store location to "c". */
static void add_store(struct component *c, MlirValue buffer,
                      MlirAffineMap map) {
  c->store_buffers =
      realloc(c->store_buffers, (c->n_stores + 1) * sizeof(MlirValue));
  c->store_maps =
      realloc(c->store_maps, (c->n_stores + 1) * sizeof(MlirAffineMap));
  if (!c->store_buffers || !c->store_maps)
    abort();
  c->store_buffers[c->n_stores] = buffer;
  c->store_maps[c->n_stores++] = map;
  if (mlirValueIsNull(c->buffer)) {
    c->buffer = buffer;
    c->map = map;
  }
}

/* Collects the store locations of every component of "info". */
static void collect_components(struct stmt_info *info) {
  MlirOpOperand use;
  MlirOperation view;
  intptr_t a, n;

  info->comps = calloc(info->n_results, sizeof(*info->comps));
  if (!info->comps)
    abort();
  for (use = mlirValueGetFirstUse(mlirOperationGetResult(info->stmt->hom, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    view = mlirOpOperandGetOwner(use);
    n = mdhViewGetNumAccesses(view);
    for (a = 0; a < n; ++a)
      add_store(&info->comps[mdhOutViewGetComponent(view, a)],
                mdhViewGetBuffer(view), mdhViewGetAccess(view, a));
  }
}

/* Reads statement "stmt"; fails (after an error) on what the emission does
 * not support. */
static int read_info(struct stmt_info *info, struct mdh_stmt *stmt) {
  int d, ok;

  info->stmt = stmt;
  info->fn_type = mdh_md_hom_function_type(stmt->hom);
  info->n_results = mlirFunctionTypeGetNumResults(info->fn_type);
  info->oper = mdh_md_hom_operator(stmt->hom, "mdh-codegen-cpu", &ok);
  info->scan_dim = -1;
  info->comps = NULL;
  for (d = 0; d < stmt->rank && ok; ++d) {
    if (stmt->kinds[d] != MdhCombinePS)
      continue;
    if (info->scan_dim >= 0) {
      mdh_emit_error(stmt->hom, "mdh-codegen-cpu supports one scan (ps) "
                                "dimension per md_hom");
      return 0;
    }
    info->scan_dim = d;
  }
  if (ok)
    collect_components(info);
  return ok;
}

/* Loads component "c" of the result at point "r". */
static MlirValue load_component(struct mdh_builder *b,
                                const struct component *c, int rank,
                                const MlirValue *r) {
  MlirValue at[MAX_RANK];

  if (mlirAffineMapIsNull(c->map))
    return mdh_build_load(b, c->buffer, rank, r);
  mdh_build_affine_map(b, c->map, r, at);
  return mdh_build_load(b, c->buffer, mlirAffineMapGetNumResults(c->map), at);
}

/* Stores "v" as component "c" of the result at "r", at every location. */
static void store_component(struct mdh_builder *b, const struct component *c,
                            int rank, const MlirValue *r, MlirValue v) {
  MlirValue at[MAX_RANK];
  int k;

  if (mlirAffineMapIsNull(c->map)) {
    mdh_build_store(b, v, c->buffer, rank, r);
    return;
  }
  for (k = 0; k < c->n_stores; ++k) {
    mdh_build_affine_map(b, c->store_maps[k], r, at);
    mdh_build_store(b, v, c->store_buffers[k],
                    mlirAffineMapGetNumResults(c->store_maps[k]), at);
  }
}

static void load_all(struct mdh_builder *b, const struct stmt_info *info,
                     const MlirValue *r, MlirValue *out) {
  intptr_t c;

  for (c = 0; c < info->n_results; ++c)
    out[c] = load_component(b, &info->comps[c], info->stmt->rank, r);
}

static void store_all(struct mdh_builder *b, const struct stmt_info *info,
                      const MlirValue *r, const MlirValue *v) {
  intptr_t c;

  for (c = 0; c < info->n_results; ++c)
    store_component(b, &info->comps[c], info->stmt->rank, r, v[c]);
}

/* Emits the first point of a result: "v", combined with the previous scan
 * position when there is one and this is not position 0. */
static void emit_first(struct mdh_builder *b, const struct stmt_info *info,
                       const MlirValue *r, MlirValue *v, MlirValue *tmp) {
  MlirValue prev[MAX_RANK], is_later;
  MlirBlock later_b, first_b;
  struct mdh_builder lb, fb;
  int s = info->scan_dim;

  if (s < 0) {
    store_all(b, info, r, v);
    return;
  }
  is_later = mdh_build_cmpi(b, "sgt", r[s], mdh_build_index(b, 0));
  mdh_build_if_else(b, is_later, &later_b, &first_b);
  lb = mdh_builder_before_terminator(b, later_b);
  memcpy(prev, r, info->stmt->rank * sizeof(*prev));
  prev[s] = mdh_build_binary(&lb, "arith.subi", r[s], mdh_build_index(&lb, 1));
  load_all(&lb, info, prev, tmp);
  mdh_build_combine(&lb, info->oper, info->fn_type, info->n_results, tmp, v,
                    tmp + info->n_results);
  store_all(&lb, info, r, tmp + info->n_results);
  fb = mdh_builder_before_terminator(b, first_b);
  store_all(&fb, info, r, v);
}

/* Emits instance "idx" of "info" (see the top of this file). */
static void emit_instance(struct mdh_builder *b, const struct stmt_info *info,
                          const MlirValue *idx) {
  intptr_t n = info->n_results;
  MlirValue *args =
      malloc((mlirFunctionTypeGetNumInputs(info->fn_type) + 1) * sizeof(*args));
  MlirValue *v = malloc(5 * n * sizeof(*v));
  MlirValue r[MAX_RANK], first;
  MlirBlock then_b, else_b;
  struct mdh_builder tb, eb;
  intptr_t na;

  if (!args || !v)
    abort();
  na = mdh_build_read_arguments(b, info->stmt->hom, idx, args);
  mdh_build_call(b, mdhMdHomGetScalarFunction(info->stmt->hom), info->fn_type,
                 na, args, v);
  mdh_build_result_point(b, info->stmt->rank, info->stmt->kinds, idx, r);
  first = mdh_build_is_first_point(b, info->stmt->rank, info->stmt->kinds, idx);
  if (mlirValueIsNull(first)) {
    emit_first(b, info, r, v, v + n);
  } else {
    mdh_build_if_else(b, first, &then_b, &else_b);
    tb = mdh_builder_before_terminator(b, then_b);
    emit_first(&tb, info, r, v, v + n);
    eb = mdh_builder_before_terminator(b, else_b);
    load_all(&eb, info, r, v + n);
    mdh_build_combine(&eb, info->oper, info->fn_type, n, v + n, v, v + 2 * n);
    store_all(&eb, info, r, v + 2 * n);
  }
  free(args);
  free(v);
}

/* The statement callback of the AST translator. */
static int emit_stmt(struct mdh_builder *b, const char *name, int n,
                     const MlirValue *idx, void *user) {
  struct codegen *cg = user;
  struct mdh_stmt *stmt = mdh_model_find_stmt(cg->m, name);

  if (stmt && stmt->rank == n) {
    emit_instance(b, &cg->infos[stmt - cg->m->stmts], idx);
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

/* Annotates each for node with "parallel" when the loop carries no
 * dependence of the model (see the top of this file). */
static __isl_give isl_id *annotate_for(__isl_keep isl_ast_build *build,
                                       void *user) {
  struct codegen *cg = user;
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

/* Checks that the md_homs still carry the statement names of the model. */
static int check_stmt_names(struct mdh_model *m, MlirOperation func) {
  MlirAttribute name;
  int k;

  for (k = 0; k < m->n_stmt; ++k) {
    name = mlirOperationGetAttributeByName(
        m->stmts[k].hom, mlirStringRefCreateFromCString("mdh.stmt"));
    if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name) ||
        !mlirStringRefEqual(mlirStringAttrGetValue(name),
                            mlirStringRefCreateFromCString(m->stmts[k].name))) {
      mdh_emit_error(func, "mdh-codegen-cpu: the md_homs do not match the "
                           "schedule; run mdh-schedule again");
      return 0;
    }
  }
  return 1;
}

/* Reads the schedule stored on "func" and checks that it covers exactly the
 * statements of the model. */
static __isl_give isl_schedule *read_schedule(struct mdh_model *m,
                                              MlirOperation func) {
  MlirAttribute attr = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("mdh.schedule"));
  MlirStringRef text;
  isl_schedule *schedule;
  isl_union_set *domain;
  char *copy;
  isl_bool same;

  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAString(attr)) {
    mdh_emit_error(func, "mdh-codegen-cpu needs the schedule of mdh-schedule "
                         "(the string attribute mdh.schedule)");
    return NULL;
  }
  text = mlirStringAttrGetValue(attr);
  copy = strndup(text.data, text.length);
  schedule = copy ? isl_schedule_read_from_str(m->ctx, copy) : NULL;
  free(copy);
  domain = schedule ? isl_schedule_get_domain(schedule) : NULL;
  same = domain ? isl_union_set_is_equal(domain, m->domain) : isl_bool_error;
  isl_union_set_free(domain);
  if (same == isl_bool_true)
    return schedule;
  mdh_emit_error(func, "mdh-codegen-cpu: mdh.schedule %s",
                 same == isl_bool_false ? "does not cover the md_homs"
                                        : "is not a valid isl schedule");
  return isl_schedule_free(schedule);
}

/* Tells whether "op" is one of the mdh ops. */
static int is_mdh_op(MlirOperation op) {
  return mdhOperationIsAInpView(op) || mdhOperationIsAMdHom(op) ||
         mdhOperationIsAOutView(op);
}

/* Tells whether "op" uses one of the buffers of "m". */
static int uses_buffer(struct mdh_model *m, MlirOperation op) {
  intptr_t i, n = mlirOperationGetNumOperands(op);
  int k;

  for (i = 0; i < n; ++i)
    for (k = 0; k < m->n_buf; ++k)
      if (mlirValueEqual(mlirOperationGetOperand(op, i), m->bufs[k]))
        return 1;
  return 0;
}

/* Tells whether every md_hom of "m" and every out_view of it lies in
 * "block". */
static int chain_in_block(struct mdh_model *m, MlirBlock block) {
  MlirOpOperand use;
  int k;

  for (k = 0; k < m->n_stmt; ++k) {
    if (!mlirBlockEqual(mlirOperationGetBlock(m->stmts[k].hom), block))
      return 0;
    for (use = mlirValueGetFirstUse(mlirOperationGetResult(m->stmts[k].hom, 0));
         !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
      if (!mlirBlockEqual(mlirOperationGetBlock(mlirOpOperandGetOwner(use)),
                          block))
        return 0;
  }
  return 1;
}

/* Returns the last mdh op of the chain of "func" after checking that its
 * md_homs and out_views lie in one block and that no other op between the
 * first md_hom and that last op uses their buffers: the generated code
 * replaces the whole chain right after its last op. */
static MlirOperation chain_end(struct mdh_model *m, MlirOperation func) {
  MlirOperation first = m->stmts[0].hom, op, last = first;
  MlirBlock block = mlirOperationGetBlock(first);

  if (!chain_in_block(m, block)) {
    mdh_emit_error(func, "mdh-codegen-cpu needs the md_homs of a function "
                         "and their out_views in one block");
    return (MlirOperation){NULL};
  }
  for (op = first; !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (is_mdh_op(op))
      last = op;
  for (op = first; !mlirOperationEqual(op, last);
       op = mlirOperationGetNextInBlock(op)) {
    if (is_mdh_op(op) || !uses_buffer(m, op))
      continue;
    mdh_emit_error(op, "mdh-codegen-cpu cannot move the mdh ops of the "
                       "function across this op, which uses their buffers");
    return (MlirOperation){NULL};
  }
  return last;
}

/* Allocates, at "b", a temporary for every component that no out_view
 * stores; "cg->temps" keeps them for deallocation. */
static void alloc_temps(struct codegen *cg, struct mdh_builder *b) {
  int64_t sizes[MAX_RANK];
  struct stmt_info *info;
  MlirType type;
  MlirValue result;
  intptr_t c;
  int k, d;

  for (k = 0; k < cg->m->n_stmt; ++k) {
    info = &cg->infos[k];
    result = mlirOperationGetResult(info->stmt->hom, 0);
    for (d = 0; d < info->stmt->rank; ++d)
      sizes[d] = mdhMdaTypeGetSize(mlirValueGetType(result), d);
    for (c = 0; c < info->n_results; ++c) {
      if (info->comps[c].n_stores > 0)
        continue;
      type = mlirMemRefTypeContiguousGet(
          mlirFunctionTypeGetResult(info->fn_type, c), info->stmt->rank, sizes,
          mlirAttributeGetNull());
      info->comps[c].buffer = mdh_build_alloc(b, type);
      cg->temps = realloc(cg->temps, (cg->n_temps + 1) * sizeof(MlirValue));
      if (!cg->temps)
        abort();
      cg->temps[cg->n_temps++] = info->comps[c].buffer;
    }
  }
}

/* Builds the AST of "schedule" with parallel loops annotated. */
static __isl_give isl_ast_node *build_ast(struct codegen *cg,
                                          __isl_take isl_schedule *schedule) {
  isl_ast_build *build = isl_ast_build_alloc(cg->m->ctx);
  isl_ast_node *tree;

  build = isl_ast_build_set_before_each_for(build, &annotate_for, cg);
  tree = isl_ast_build_node_from_schedule(build, schedule);
  isl_ast_build_free(build);
  return tree;
}

/* Erases the mdh ops of "m" (out_views, md_homs, then unused inp_views). */
static void erase_chain(struct mdh_model *m) {
  MlirOpOperand use;
  MlirOperation view;
  intptr_t v;
  int k;

  for (k = 0; k < m->n_stmt; ++k) {
    MlirOperation hom = m->stmts[k].hom;
    while (!mlirOpOperandIsNull(
        use = mlirValueGetFirstUse(mlirOperationGetResult(hom, 0))))
      mlirOperationDestroy(mlirOpOperandGetOwner(use));
    for (v = mlirOperationGetNumOperands(hom) - 1; v >= 0; --v) {
      view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
      mlirOperationSetOperand(hom, v, mdhViewGetBuffer(view));
      if (mlirOpOperandIsNull(
              mlirValueGetFirstUse(mlirOperationGetResult(view, 0))))
        mlirOperationDestroy(view);
    }
    mlirOperationDestroy(hom);
  }
}

static void free_infos(struct codegen *cg) {
  intptr_t c;
  int k;

  for (k = 0; k < cg->m->n_stmt && cg->infos; ++k) {
    for (c = 0; c < cg->infos[k].n_results && cg->infos[k].comps; ++c) {
      free(cg->infos[k].comps[c].store_buffers);
      free(cg->infos[k].comps[c].store_maps);
    }
    free(cg->infos[k].comps);
  }
  free(cg->infos);
  free(cg->temps);
}

/* Removes the scheduling attributes of "func": the schedule is consumed,
 * and the influence tree and the scheduler's note refer to md_homs that no
 * longer exist. */
static void remove_schedule_attrs(MlirOperation func) {
  static const char *const names[] = {"mdh.schedule", "mdh.scheduler",
                                      "mdh.influence"};
  size_t k;

  for (k = 0; k < sizeof(names) / sizeof(names[0]); ++k)
    mlirOperationRemoveAttributeByName(
        func, mlirStringRefCreateFromCString(names[k]));
}

/* Generates the code of "func" from its schedule. */
static int codegen_func(isl_ctx *ctx, MlirOperation func) {
  struct codegen cg = {NULL, NULL, NULL, 0};
  struct mdh_ast_target target = {&emit_stmt, &cg};
  struct mdh_builder b;
  isl_schedule *schedule = NULL;
  isl_ast_node *tree = NULL;
  MlirOperation last;
  isl_bool first_ok;
  int k, ok = 0;

  cg.m = mdh_model_extract(ctx, func);
  if (!cg.m)
    return 0;
  cg.infos = calloc(cg.m->n_stmt, sizeof(*cg.infos));
  if (!cg.infos)
    abort();
  for (k = 0; k < cg.m->n_stmt; ++k)
    if (!read_info(&cg.infos[k], &cg.m->stmts[k]))
      goto done;
  schedule = read_schedule(cg.m, func);
  if (!schedule || !check_stmt_names(cg.m, func))
    goto done;
  if (mdh_model_schedule_is_valid(cg.m, schedule) != isl_bool_true) {
    mdh_emit_error(func, "mdh-codegen-cpu: the schedule violates a "
                         "dependence of the md_homs");
    goto done;
  }
  first_ok = first_points_first(cg.m, schedule);
  if (first_ok != isl_bool_true) {
    mdh_emit_error(func, "mdh-codegen-cpu: the schedule does not run the "
                         "first point of every reduction first");
    goto done;
  }
  last = chain_end(cg.m, func);
  if (mlirOperationIsNull(last))
    goto done;
  tree = build_ast(&cg, isl_schedule_copy(schedule));
  b = mdh_builder_before(last);
  b.inline_calls = 1;
  b.before = mlirOperationGetNextInBlock(last);
  alloc_temps(&cg, &b);
  if (!tree || mdh_ast_to_mlir(&b, tree, &target) < 0)
    goto done;
  for (k = 0; k < cg.n_temps; ++k)
    mdh_build_dealloc(&b, cg.temps[k]);
  erase_chain(cg.m);
  remove_schedule_attrs(func);
  ok = 1;
done:
  isl_ast_node_free(tree);
  isl_schedule_free(schedule);
  free_infos(&cg);
  mdh_model_free(cg.m);
  return ok;
}

MlirLogicalResult mdh_codegen_cpu_run(MlirOperation module) {
  return mdh_model_run_per_function(module, &codegen_func);
}
