/* What the code generators share (see chain.h).
 *
 * A statement instance S[i] writes straight into the output buffers, so
 * that later instances and fused consumers read what it wrote:
 *
 *   v = f(inputs at i)
 *   if all pw indices of i are 0:              (the first point)
 *     new = v, or prev (+) v at a scan position p > 0, prev = result at p - 1
 *   else:
 *     new = old (+) v,  old = the result stored at i's result point
 *   store new to every out_view access of each component
 *
 * An accumulating out_view (mdh.accumulate) has no first point: every point
 * combines with what the output holds, the buffer's value at the start.
 *
 * A component that no out_view stores lives in a temporary shaped like the
 * result. This needs the first point of each reduction to run first, and
 * each scan position after the previous one (the code generators ensure
 * it: mdh-codegen-cpu checks the schedule, mdh-codegen-gpu runs every
 * reduction that uses this emission sequentially in one thread).
 */

#include "lib/chain.h"
#include "dialect/attrs.h"
#include "lib/fuse.h"

#include "lib/extent.h"
#include "lib/stmt.h"
#include "mdh-c/Dialect.h"
#include "support/diag.h"
#include "support/ir.h"
#include "support/polyhedral.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/map.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANK MDH_MODEL_MAX_RANK

/* Appends a store location to "c". */
static void add_store(struct mdh_component *c, MlirValue buffer,
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
static void collect_components(struct mdh_stmt_info *info) {
  MlirOpOperand use;
  MlirOperation view;
  intptr_t a, n;

  info->comps = calloc(info->n_results, sizeof(*info->comps));
  if (!info->comps)
    abort();
  for (use = mlirValueGetFirstUse(mlirOperationGetResult(info->stmt->hom, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    view = mlirOpOperandGetOwner(use);
    info->accumulate |= mdh_attr_get_accumulate(view);
    n = mdhViewGetNumAccesses(view);
    for (a = 0; a < n; ++a)
      add_store(&info->comps[mdhOutViewGetComponent(view, a)],
                mdhViewGetBuffer(view), mdhViewGetAccess(view, a));
  }
}

/* Reads statement "stmt"; fails (after an error) on what the emission does
 * not support. */
static int read_info(struct mdh_stmt_info *info, struct mdh_stmt *stmt,
                     const char *pass) {
  int d, ok;

  info->stmt = stmt;
  info->fn_type = mdh_md_hom_function_type(stmt->hom);
  info->n_results = mlirFunctionTypeGetNumResults(info->fn_type);
  info->oper = mdh_md_hom_operator(stmt->hom, pass, &ok);
  info->scan_dim = -1;
  info->accumulate = 0;
  info->comps = NULL;
  for (d = 0; d < stmt->rank && ok; ++d) {
    if (stmt->kinds[d] != MdhCombinePS)
      continue;
    if (info->scan_dim >= 0) {
      mdh_emit_error(stmt->hom,
                     "%s supports one scan (ps) dimension per md_hom", pass);
      return 0;
    }
    info->scan_dim = d;
  }
  if (ok)
    collect_components(info);
  return ok;
}

/* Internal data structure of the emission of one statement's results:
 * the redirects of their accesses (none outside a kernel that keeps some
 * intermediates in registers). */
struct redirects {
  const struct mdh_redirect *r;
  int n;
};

static const struct redirects no_redirects = {NULL, 0};

/* Returns the memref element "idx" of "buffer" (rank "n") is accessed in
 * through "red", rewriting "idx" for it. */
static MlirValue access(struct mdh_builder *b, MlirValue buffer, intptr_t n,
                        MlirValue *idx, const struct redirects *red) {
  return mdh_redirect_access(b, buffer, n, idx, red->r, red->n);
}

/* Loads component "c" of the result at point "r". */
static MlirValue load_component(struct mdh_builder *b,
                                const struct mdh_component *c, int rank,
                                const MlirValue *r,
                                const struct redirects *red) {
  MlirValue at[MAX_RANK];
  intptr_t n = rank;

  if (mlirAffineMapIsNull(c->map)) {
    memcpy(at, r, rank * sizeof(*at));
  } else {
    mdh_build_affine_map(b, c->map, r, at);
    n = mlirAffineMapGetNumResults(c->map);
  }
  return mdh_build_load(b, access(b, c->buffer, n, at, red), n, at);
}

/* Stores "v" as component "c" of the result at "r", at every location. */
static void store_component(struct mdh_builder *b,
                            const struct mdh_component *c, int rank,
                            const MlirValue *r, MlirValue v,
                            const struct redirects *red) {
  MlirValue at[MAX_RANK];
  intptr_t n;
  int k;

  if (mlirAffineMapIsNull(c->map)) {
    memcpy(at, r, rank * sizeof(*at));
    mdh_build_store(b, v, access(b, c->buffer, rank, at, red), rank, at);
    return;
  }
  for (k = 0; k < c->n_stores; ++k) {
    mdh_build_affine_map(b, c->store_maps[k], r, at);
    n = mlirAffineMapGetNumResults(c->store_maps[k]);
    mdh_build_store(b, v, access(b, c->store_buffers[k], n, at, red), n, at);
  }
}

static void load_all(struct mdh_builder *b, const struct mdh_stmt_info *info,
                     const MlirValue *r, MlirValue *out,
                     const struct redirects *red) {
  intptr_t c;

  for (c = 0; c < info->n_results; ++c)
    out[c] = load_component(b, &info->comps[c], info->stmt->rank, r, red);
}

static void store_all(struct mdh_builder *b, const struct mdh_stmt_info *info,
                      const MlirValue *r, const MlirValue *v,
                      const struct redirects *red) {
  intptr_t c;

  for (c = 0; c < info->n_results; ++c)
    store_component(b, &info->comps[c], info->stmt->rank, r, v[c], red);
}

int64_t mdh_stmt_info_point_bytes(const struct mdh_stmt_info *info) {
  int64_t bytes = 0;
  intptr_t c;

  for (c = 0; c < info->n_results; ++c)
    bytes += mdh_element_bytes(mlirFunctionTypeGetResult(info->fn_type, c));
  return bytes;
}

void mdh_chain_load_all(struct mdh_builder *b, const struct mdh_stmt_info *info,
                        const MlirValue *r, MlirValue *out) {
  load_all(b, info, r, out, &no_redirects);
}

void mdh_chain_store_all(struct mdh_builder *b,
                         const struct mdh_stmt_info *info, const MlirValue *r,
                         const MlirValue *v) {
  store_all(b, info, r, v, &no_redirects);
}

static void write_result(struct mdh_builder *b,
                         const struct mdh_stmt_info *info, const MlirValue *r,
                         const MlirValue *v, const struct redirects *red) {
  intptr_t n = info->n_results;
  MlirValue *w;

  if (!info->accumulate) {
    store_all(b, info, r, v, red);
    return;
  }
  w = malloc(2 * n * sizeof(*w));
  if (!w)
    abort();
  load_all(b, info, r, w, red);
  mdh_build_combine(b, info->oper, info->fn_type, n, w, v, w + n);
  store_all(b, info, r, w + n, red);
  free(w);
}

void mdh_chain_write_result(struct mdh_builder *b,
                            const struct mdh_stmt_info *info,
                            const MlirValue *r, const MlirValue *v) {
  write_result(b, info, r, v, &no_redirects);
}

/* Emits the first point of a result: "v", combined with the previous scan
 * position when there is one and this is not position 0. */
static void emit_first(struct mdh_builder *b, const struct mdh_stmt_info *info,
                       const MlirValue *r, MlirValue *v, MlirValue *tmp,
                       const struct redirects *red) {
  MlirValue prev[MAX_RANK], is_later;
  MlirBlock later_b, first_b;
  struct mdh_builder lb, fb;
  int s = info->scan_dim;

  if (s < 0) {
    write_result(b, info, r, v, red);
    return;
  }
  is_later = mdh_build_cmpi(b, "sgt", r[s], mdh_build_index(b, 0));
  mdh_build_if_else(b, is_later, &later_b, &first_b);
  lb = mdh_builder_before_terminator(b, later_b);
  memcpy(prev, r, info->stmt->rank * sizeof(*prev));
  prev[s] = mdh_build_binary(&lb, "arith.subi", r[s], mdh_build_index(&lb, 1));
  load_all(&lb, info, prev, tmp, red);
  mdh_build_combine(&lb, info->oper, info->fn_type, info->n_results, tmp, v,
                    tmp + info->n_results);
  store_all(&lb, info, r, tmp + info->n_results, red);
  fb = mdh_builder_before_terminator(b, first_b);
  store_all(&fb, info, r, v, red);
}

/* Emits instance "idx" of "info" (see the top of this file). */
void mdh_chain_build_value(struct mdh_builder *b,
                           const struct mdh_stmt_info *info,
                           const MlirValue *idx,
                           const struct mdh_redirect *redirects,
                           int n_redirects, MlirValue *v) {
  MlirValue *args =
      malloc((mlirFunctionTypeGetNumInputs(info->fn_type) + 1) * sizeof(*args));
  intptr_t na;

  if (!args)
    abort();
  na = mdh_build_read_arguments(b, info->stmt->hom, idx, redirects, n_redirects,
                                args);
  mdh_build_call(b, mdhMdHomGetScalarFunction(info->stmt->hom), info->fn_type,
                 na, args, v);
  free(args);
}

void mdh_chain_emit_instance(struct mdh_builder *b,
                             const struct mdh_stmt_info *info,
                             const MlirValue *idx) {
  mdh_chain_emit_instance_redirected(b, info, idx, NULL, 0);
}

void mdh_chain_emit_instance_redirected(struct mdh_builder *b,
                                        const struct mdh_stmt_info *info,
                                        const MlirValue *idx,
                                        const struct mdh_redirect *redirects,
                                        int n_redirects) {
  struct redirects red = {redirects, n_redirects};
  intptr_t n = info->n_results;
  MlirValue *v = malloc(5 * n * sizeof(*v));
  MlirValue r[MAX_RANK], first;
  MlirBlock then_b, else_b;
  struct mdh_builder tb, eb;

  if (!v)
    abort();
  mdh_chain_build_value(b, info, idx, redirects, n_redirects, v);
  mdh_build_result_point(b, info->stmt->rank, info->stmt->kinds, idx, r);
  first = info->accumulate ? (MlirValue){NULL}
                           : mdh_build_is_first_point(b, info->stmt->rank,
                                                      info->stmt->kinds, idx);
  if (mlirValueIsNull(first)) {
    emit_first(b, info, r, v, v + n, &red);
  } else {
    mdh_build_if_else(b, first, &then_b, &else_b);
    tb = mdh_builder_before_terminator(b, then_b);
    emit_first(&tb, info, r, v, v + n, &red);
    eb = mdh_builder_before_terminator(b, else_b);
    load_all(&eb, info, r, v + n, &red);
    mdh_build_combine(&eb, info->oper, info->fn_type, n, v + n, v, v + 2 * n);
    store_all(&eb, info, r, v + 2 * n, &red);
  }
  free(v);
}

int mdh_chain_emit_call(struct mdh_builder *b, struct mdh_chain *chain,
                        const char *name, int n, const MlirValue *idx,
                        const struct mdh_redirect *redirects, int n_redirects) {
  struct mdh_stmt_info *info = mdh_chain_find(chain, name, n);

  if (!info) {
    mlirEmitError(b->loc, "isl AST calls an unknown statement");
    return -1;
  }
  mdh_chain_emit_instance_redirected(b, info, idx, redirects, n_redirects);
  return 0;
}

/* Checks that the md_homs still carry the statement names of the model. */
static int check_stmt_names(struct mdh_model *m, MlirOperation func,
                            const char *pass) {
  MlirStringRef name;
  int k;

  for (k = 0; k < m->n_stmt; ++k) {
    name = mdh_attr_get_stmt(m->stmts[k].hom);
    if (!name.data || !mlirStringRefEqual(name, mlirStringRefCreateFromCString(
                                                    m->stmts[k].name))) {
      mdh_emit_error(func,
                     "%s: the md_homs do not match the schedule; run "
                     "mdh-schedule again",
                     pass);
      return 0;
    }
  }
  return 1;
}

/* Reads the schedule stored on "func" and checks that it covers exactly the
 * statements of the model. */
__isl_give isl_schedule *mdh_chain_read_schedule(struct mdh_chain *chain,
                                                 MlirOperation func) {
  struct mdh_model *m = chain->m;
  MlirStringRef text = mdh_attr_get_schedule(func);
  isl_schedule *schedule;
  isl_union_set *domain;
  char *copy;
  isl_bool same;

  if (!text.data) {
    mdh_emit_error(func,
                   "%s needs the schedule of mdh-schedule (the string "
                   "attribute mdh.schedule)",
                   chain->pass);
    return NULL;
  }
  copy = strndup(text.data, text.length);
  schedule = copy ? isl_schedule_read_from_str(m->ctx, copy) : NULL;
  free(copy);
  domain = schedule ? isl_schedule_get_domain(schedule) : NULL;
  same = domain ? isl_union_set_is_equal(domain, m->domain) : isl_bool_error;
  isl_union_set_free(domain);
  if (same == isl_bool_true && check_stmt_names(m, func, chain->pass))
    return schedule;
  if (same != isl_bool_true)
    mdh_emit_error(func, "%s: mdh.schedule %s", chain->pass,
                   same == isl_bool_false ? "does not cover the md_homs"
                                          : "is not a valid isl schedule");
  return isl_schedule_free(schedule);
}

/* Tells whether "op" is one of the mdh ops. */
static int is_mdh_op(MlirOperation op) {
  return mdhOperationIsAInpView(op) || mdhOperationIsAMdHom(op) ||
         mdhOperationIsAOutView(op);
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

/* Reports that "pass" cannot keep the op "op", which uses the chain's
 * buffers, in program order between mdh ops; returns -1. */
static int refuse_crossing(MlirOperation op, MlirOperation user,
                           const char *pass) {
  mdh_emit_error(op,
                 "%s cannot move the mdh ops of the function across this "
                 "op, which uses their buffers%s",
                 pass, mlirOperationEqual(op, user) ? "" : " in its regions");
  return -1;
}

/* Adds to "segs" (with "*n" of them, room for one more) a segment that
 * starts with statement "k". */
static void start_segment(struct mdh_segment *segs, int *n, int k,
                          MlirOperation op) {
  segs[*n].first = k;
  segs[*n].n = 0;
  segs[*n].last = op;
  ++*n;
}

int mdh_model_in_one_block(struct mdh_model *m) {
  return chain_in_block(m, mlirOperationGetBlock(m->stmts[0].hom));
}

int mdh_model_segments(struct mdh_model *m, MlirOperation func,
                       const char *pass, struct mdh_segment **segs) {
  MlirOperation first = m->stmts[0].hom, op, last = first, user, cut = {NULL};
  MlirOperation cut_user = {NULL};
  MlirBlock block = mlirOperationGetBlock(first);
  struct mdh_segment *s;
  int n = 0, k = 0;

  *segs = NULL;
  if (!chain_in_block(m, block)) {
    mdh_emit_error(func,
                   "%s needs the md_homs of a function and their out_views "
                   "in one block",
                   pass);
    return -1;
  }
  s = malloc((m->n_stmt + 1) * sizeof(*s));
  if (!s)
    abort();
  for (op = first; !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (is_mdh_op(op))
      last = op;
  start_segment(s, &n, 0, first);
  for (op = first;; op = mlirOperationGetNextInBlock(op)) {
    if (!is_mdh_op(op)) {
      user = mdh_op_find_buffer_user(op, m->bufs, m->n_buf);
      if (!mlirOperationIsNull(user) && mlirOperationIsNull(cut) &&
          s[n - 1].n > 0) {
        cut = op;
        cut_user = user;
      }
    } else if (mdhOperationIsAMdHom(op)) {
      if (k >= m->n_stmt || !mlirOperationEqual(op, m->stmts[k].hom)) {
        free(s);
        mdh_emit_error(op,
                       "%s: internal error: the md_homs of the model are "
                       "not in program order",
                       pass);
        return -1;
      }
      if (!mlirOperationIsNull(cut))
        start_segment(s, &n, k, op);
      cut = (MlirOperation){NULL};
      s[n - 1].n++;
      k++;
    } else if (mdhOperationIsAOutView(op) && !mlirOperationIsNull(cut)) {
      free(s);
      return refuse_crossing(cut, cut_user, pass);
    }
    if (is_mdh_op(op) && mlirOperationIsNull(cut))
      s[n - 1].last = op;
    if (mlirOperationEqual(op, last))
      break;
  }
  *segs = s;
  return n;
}

int mdh_chain_build_extent_checks(struct mdh_chain *chain,
                                  struct mdh_builder *b, int first, int n) {
  int k;

  for (k = first; k < first + n; ++k)
    if (mdh_build_extent_checks(b, chain->m->ctx, chain->m->stmts[k].hom,
                                chain->infos[k].extents) < 0) {
      mdh_isl_report(chain->m->ctx, chain->m->stmts[k].hom, chain->pass,
                     "bounding the accesses of its views");
      return 0;
    }
  return 1;
}

void mdh_chain_alloc_temps(struct mdh_chain *cg, struct mdh_builder *b,
                           const char *alloc, int first, int n) {
  int64_t sizes[MAX_RANK];
  struct mdh_stmt_info *info;
  MlirValue result;
  intptr_t c;
  int k, d;

  for (k = first; k < first + n; ++k) {
    info = &cg->infos[k];
    result = mlirOperationGetResult(info->stmt->hom, 0);
    for (d = 0; d < info->stmt->rank; ++d)
      sizes[d] = mdhMdaTypeGetSize(mlirValueGetType(result), d);
    for (c = 0; c < info->n_results; ++c) {
      if (info->comps[c].n_stores > 0)
        continue;
      info->comps[c].buffer = mdh_build_alloc_extents(
          b, alloc, mlirFunctionTypeGetResult(info->fn_type, c),
          info->stmt->rank, sizes, info->extents);
      cg->temps = realloc(cg->temps, (cg->n_temps + 1) * sizeof(MlirValue));
      if (!cg->temps)
        abort();
      cg->temps[cg->n_temps++] = info->comps[c].buffer;
    }
  }
}

void mdh_chain_add_params(struct mdh_chain *chain,
                          struct mdh_ast_params *params) {
  char prefix[32];
  int k, d;

  for (k = 0; k < chain->m->n_stmt; ++k) {
    struct mdh_stmt *stmt = &chain->m->stmts[k];
    snprintf(prefix, sizeof(prefix), "%s_", stmt->name);
    for (d = 0; d < stmt->rank; ++d)
      if (mdhMdHomGetSize(stmt->hom, d) < 0 &&
          !mlirValueIsNull(chain->infos[k].extents[d]))
        mdh_ast_params_add(params, mdh_isl_size_id(chain->m->ctx, prefix, d),
                           chain->infos[k].extents[d]);
  }
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

struct mdh_chain *mdh_chain_free(struct mdh_chain *cg) {
  intptr_t c;
  int k;

  if (!cg)
    return NULL;
  for (k = 0; cg->m && k < cg->m->n_stmt && cg->infos; ++k) {
    for (c = 0; c < cg->infos[k].n_results && cg->infos[k].comps; ++c) {
      free(cg->infos[k].comps[c].store_buffers);
      free(cg->infos[k].comps[c].store_maps);
    }
    free(cg->infos[k].comps);
  }
  free(cg->infos);
  free(cg->temps);
  mdh_model_free(cg->m);
  free(cg);
  return NULL;
}

void mdh_chain_erase(struct mdh_chain *chain, MlirOperation func) {
  erase_chain(chain->m);
  /* The schedule is consumed, and the influence tree and the scheduler's
   * note refer to md_homs that no longer exist. */
  mdh_attr_remove_scheduling(func);
}

struct mdh_chain *mdh_chain_alloc(isl_ctx *ctx, MlirOperation func,
                                  const char *pass) {
  struct mdh_chain *chain = calloc(1, sizeof(*chain));
  int k;

  if (!chain)
    abort();
  chain->pass = pass;
  chain->m = mdh_model_extract(ctx, func);
  if (!chain->m)
    return mdh_chain_free(chain);
  chain->infos = calloc(chain->m->n_stmt, sizeof(*chain->infos));
  if (!chain->infos)
    abort();
  for (k = 0; k < chain->m->n_stmt; ++k)
    if (!read_info(&chain->infos[k], &chain->m->stmts[k], pass))
      return mdh_chain_free(chain);
  return chain;
}

struct mdh_stmt_info *mdh_chain_find(struct mdh_chain *chain, const char *name,
                                     int n) {
  struct mdh_stmt *stmt = mdh_model_find_stmt(chain->m, name);

  if (!stmt || stmt->rank != n)
    return NULL;
  return &chain->infos[stmt - chain->m->stmts];
}

struct mdh_stmt_info *mdh_chain_find_only(struct mdh_chain *chain,
                                          __isl_keep isl_union_set *domain) {
  int k = mdh_model_only_stmt(chain->m, domain);

  return k < 0 ? NULL : &chain->infos[k];
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

isl_bool mdh_chain_first_points_first(struct mdh_model *m,
                                      __isl_keep isl_schedule *schedule) {
  isl_union_map *pairs = first_point_pairs(m);
  isl_bool ok = mdh_model_schedule_orders(m, schedule, pairs);

  isl_union_map_free(pairs);
  return ok;
}

/* Tells whether "schedule" respects the dependences of "m", as a fused
 * tree (lib/fuse.h) if it has extension nodes. */
static isl_bool orders_deps(struct mdh_model *m,
                            __isl_keep isl_schedule *schedule) {
  isl_bool fused = mdh_fuse_has_extension(schedule);

  if (fused < 0)
    return isl_bool_error;
  return fused ? mdh_fuse_schedule_is_valid(m, schedule)
               : mdh_model_schedule_is_valid(m, schedule);
}

/* Tells whether "schedule" runs the first point of every reduction first
 * (reductions are never recomputed in tiles, so the tree without its
 * extension nodes tells). */
static isl_bool orders_first_points(struct mdh_model *m,
                                    __isl_keep isl_schedule *schedule) {
  isl_schedule *plain =
      mdh_fuse_without_extensions(isl_schedule_copy(schedule));
  isl_bool ok = mdh_chain_first_points_first(m, plain);

  isl_schedule_free(plain);
  return ok;
}

isl_bool mdh_chain_schedule_is_valid(struct mdh_model *m,
                                     __isl_keep isl_schedule *schedule) {
  isl_bool ok = orders_deps(m, schedule);

  return ok == isl_bool_true ? orders_first_points(m, schedule) : ok;
}

int mdh_chain_check_schedule(struct mdh_chain *chain,
                             __isl_keep isl_schedule *schedule,
                             MlirOperation func) {
  if (orders_deps(chain->m, schedule) != isl_bool_true) {
    mdh_emit_error(func,
                   "%s: the schedule violates a dependence of the "
                   "md_homs",
                   chain->pass);
    return 0;
  }
  if (orders_first_points(chain->m, schedule) != isl_bool_true) {
    mdh_emit_error(func,
                   "%s: the schedule does not run the first point of "
                   "every reduction first",
                   chain->pass);
    return 0;
  }
  return 1;
}
