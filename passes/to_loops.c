/* mdh-to-loops: the reference lowering of every mdh chain to sequential
 * scf.for loops over memrefs (MDH paper, Defs. 9, 16 and 21). It is the
 * oracle every other pipeline is compared with, so it favours being
 * obviously right over being fast.
 *
 * For a md_hom with D dimensions and C result components it emits:
 *
 *   1. before the md_hom, one temporary memref T_c per component, shaped
 *      like the md_hom result (size 1 in every pw dimension);
 *   2. a nest over the whole index space that calls the scalar function on
 *      the inputs read through the views and combines the values into T:
 *      the first point of the pw dimensions (all pw indices 0) stores, every
 *      later point combines with what is stored, so no identity element is
 *      needed and user combine functions work;
 *   3. for every ps dimension s, a nest with i_s from 1 that replaces
 *      T[.., i_s, ..] by T[.., i_s - 1, ..] (+) T[.., i_s, ..]: the inclusive
 *      prefix. Reducing the pw dimensions first and scanning after is exact
 *      because all pw and ps dimensions share one associative and
 *      commutative operator (MDH Lemma 10, checked here);
 *   4. before each out_view, a nest over the result index space storing
 *      component components[a] to buffer[accesses[a](i)] (an accumulating
 *      out_view, mdh.accumulate, combines it with what is stored there);
 *   5. after the last out_view, the deallocation of T.
 *
 * So inputs are read where the md_hom stands and outputs written where each
 * out_view stands. The mdh ops are erased afterwards; scalar functions are
 * called, not inlined.
 */

#include "dialect/dialect.h"
#include "lib/builder.h"
#include "lib/extent.h"
#include "lib/stmt.h"
#include "mdh-c/Dialect.h"
#include "passes/pass.h"
#include "support/diag.h"
#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

#define MAX_RANK 64

/* Internal data structure for lowering one md_hom "hom": its index space
 * ("rank", "sizes", "kinds"), the sizes of its result ("result_sizes"),
 * the extents of both when the function runs ("extents",
 * "result_extents", lib/extent.h),
 * its scalar function ("fn_name", "fn_type", "n_results"), the operator
 * shared by its pw/ps dimensions ("oper", null without such dimensions)
 * and the temporaries "temps" (one per result component). */
struct lowering {
  MlirOperation hom;
  intptr_t rank;
  int64_t sizes[MAX_RANK];
  int64_t result_sizes[MAX_RANK];
  MlirValue extents[MAX_RANK];
  MlirValue result_extents[MAX_RANK];
  MdhCombineKind kinds[MAX_RANK];
  MlirStringRef fn_name;
  MlirType fn_type;
  intptr_t n_results;
  MlirAttribute oper;
  MlirValue *temps;
};

/* The body of a loop nest, called with the induction variables "ivs". */
typedef void (*nest_body)(struct mdh_builder *b, const MlirValue *ivs,
                          void *user);

/* Builds a nest of scf.for loops, dimension "depth" to "rank" - 1, with
 * bounds [lbs[d], ubs[d]), and calls "body" in the innermost loop. */
static void build_nest(struct mdh_builder *b, intptr_t depth, intptr_t rank,
                       const int64_t *lbs, const MlirValue *ubs, MlirValue *ivs,
                       nest_body body, void *user) {
  struct mdh_builder inner;
  MlirBlock loop;

  if (depth == rank) {
    body(b, ivs, user);
    return;
  }
  loop = mdh_build_for(b, mdh_build_index(b, lbs[depth]), ubs[depth]);
  inner = mdh_builder_before_terminator(b, loop);
  ivs[depth] = mlirBlockGetArgument(loop, 0);
  build_nest(&inner, depth + 1, rank, lbs, ubs, ivs, body, user);
}

/* Combines "lhs" and "rhs" with the operator of "l" into "out". */
static void combine(struct mdh_builder *b, const struct lowering *l,
                    const MlirValue *lhs, const MlirValue *rhs,
                    MlirValue *out) {
  mdh_build_combine(b, l->oper, l->fn_type, l->n_results, lhs, rhs, out);
}

static void load_temps(struct mdh_builder *b, const struct lowering *l,
                       const MlirValue *idx, MlirValue *out) {
  intptr_t c;

  for (c = 0; c < l->n_results; ++c)
    out[c] = mdh_build_load(b, l->temps[c], l->rank, idx);
}

static void store_temps(struct mdh_builder *b, const struct lowering *l,
                        const MlirValue *vals, const MlirValue *idx) {
  intptr_t c;

  for (c = 0; c < l->n_results; ++c)
    mdh_build_store(b, vals[c], l->temps[c], l->rank, idx);
}

/* The body of step 2: evaluates the scalar function at "ivs" and stores or
 * combines its results into the temporaries. */
static void compute_point(struct mdh_builder *b, const MlirValue *ivs,
                          void *user) {
  const struct lowering *l = user;
  MlirValue *args =
      malloc((mlirFunctionTypeGetNumInputs(l->fn_type) + 1) * sizeof(*args));
  MlirValue *vals = malloc(3 * l->n_results * sizeof(*vals));
  MlirValue idx[MAX_RANK], first;
  MlirBlock then_b, else_b;
  struct mdh_builder tb, eb;
  intptr_t n;

  if (!args || !vals)
    abort();
  n = mdh_build_read_arguments(b, l->hom, ivs, NULL, 0, args);
  mdh_build_call(b, l->fn_name, l->fn_type, n, args, vals);
  mdh_build_result_point(b, (int)l->rank, l->kinds, ivs, idx);
  first = mdh_build_is_first_point(b, (int)l->rank, l->kinds, ivs);
  if (mlirValueIsNull(first)) {
    store_temps(b, l, vals, idx);
  } else {
    mdh_build_if_else(b, first, &then_b, &else_b);
    tb = mdh_builder_before_terminator(b, then_b);
    store_temps(&tb, l, vals, idx);
    eb = mdh_builder_before_terminator(b, else_b);
    load_temps(&eb, l, idx, vals + l->n_results);
    combine(&eb, l, vals + l->n_results, vals, vals + 2 * l->n_results);
    store_temps(&eb, l, vals + 2 * l->n_results, idx);
  }
  free(args);
  free(vals);
}

/* Internal data structure for scan_point: the lowering and the scanned
 * dimension. */
struct scan_data {
  const struct lowering *l;
  intptr_t dim;
};

/* The body of step 3: T[i] = T[i - e_dim] (+) T[i]. */
static void scan_point(struct mdh_builder *b, const MlirValue *ivs,
                       void *user) {
  struct scan_data *data = user;
  const struct lowering *l = data->l;
  MlirValue prev[MAX_RANK];
  MlirValue *vals = malloc(3 * l->n_results * sizeof(*vals));

  if (!vals)
    abort();
  memcpy(prev, ivs, l->rank * sizeof(*prev));
  prev[data->dim] =
      mdh_build_binary(b, "arith.subi", ivs[data->dim], mdh_build_index(b, 1));
  load_temps(b, l, prev, vals);
  load_temps(b, l, ivs, vals + l->n_results);
  combine(b, l, vals, vals + l->n_results, vals + 2 * l->n_results);
  store_temps(b, l, vals + 2 * l->n_results, ivs);
  free(vals);
}

/* Internal data structure for scatter_point: the lowering and the out_view. */
struct scatter_data {
  const struct lowering *l;
  MlirOperation view;
};

/* The body of step 4 for an accumulating out_view (mdh.accumulate), which
 * stores every component exactly once (mdh-verify): buffer[accesses[a](i)]
 * = old (+) T[i], all components combined at once, "old" being what the
 * accesses of all components hold. */
static void accumulate_point(struct mdh_builder *b, const MlirValue *ivs,
                             const struct scatter_data *data) {
  const struct lowering *l = data->l;
  MlirValue buffer = mdhViewGetBuffer(data->view);
  MlirValue *vals = malloc(3 * l->n_results * sizeof(*vals));
  MlirValue idx[MAX_RANK];
  MlirAffineMap map;
  intptr_t a, c, n = mdhViewGetNumAccesses(data->view);

  if (!vals)
    abort();
  for (a = 0; a < n; ++a) {
    map = mdhViewGetAccess(data->view, a);
    c = mdhOutViewGetComponent(data->view, a);
    mdh_build_affine_map(b, map, ivs, idx);
    vals[c] = mdh_build_load(b, buffer, mlirAffineMapGetNumResults(map), idx);
  }
  load_temps(b, l, ivs, vals + l->n_results);
  combine(b, l, vals, vals + l->n_results, vals + 2 * l->n_results);
  for (a = 0; a < n; ++a) {
    map = mdhViewGetAccess(data->view, a);
    c = mdhOutViewGetComponent(data->view, a);
    mdh_build_affine_map(b, map, ivs, idx);
    mdh_build_store(b, vals[2 * l->n_results + c], buffer,
                    mlirAffineMapGetNumResults(map), idx);
  }
  free(vals);
}

/* The body of step 4: buffer[accesses[a](i)] = T_{components[a]}[i]. */
static void scatter_point(struct mdh_builder *b, const MlirValue *ivs,
                          void *user) {
  struct scatter_data *data = user;
  const struct lowering *l = data->l;
  MlirValue buffer = mdhViewGetBuffer(data->view), value;
  MlirValue idx[MAX_RANK];
  MlirAffineMap map;
  intptr_t a, n = mdhViewGetNumAccesses(data->view);

  if (mdhOutViewIsAccumulating(data->view)) {
    accumulate_point(b, ivs, data);
    return;
  }
  for (a = 0; a < n; ++a) {
    map = mdhViewGetAccess(data->view, a);
    value = mdh_build_load(b, l->temps[mdhOutViewGetComponent(data->view, a)],
                           l->rank, ivs);
    mdh_build_affine_map(b, map, ivs, idx);
    mdh_build_store(b, value, buffer, mlirAffineMapGetNumResults(map), idx);
  }
}

/* Reads everything the lowering of "hom" needs into "l". */
static int read_md_hom(struct lowering *l, MlirOperation hom) {
  MlirType result = mlirValueGetType(mlirOperationGetResult(hom, 0));
  intptr_t d;
  int ok;

  l->hom = hom;
  l->rank = mdhMdHomGetRank(hom);
  for (d = 0; d < l->rank; ++d) {
    l->sizes[d] = mdhMdHomGetSize(hom, d);
    l->result_sizes[d] = mdhMdaTypeGetSize(result, d);
    l->kinds[d] = mdhCombineAttrGetKind(mdhMdHomGetCombineOp(hom, d));
  }
  l->fn_name = mdhMdHomGetScalarFunction(hom);
  l->fn_type = mdh_md_hom_function_type(hom);
  l->n_results = mlirFunctionTypeGetNumResults(l->fn_type);
  l->oper = mdh_md_hom_operator(hom, "mdh-to-loops", &ok);
  return ok;
}

/* Allocates the temporaries of "l" before "hom". */
static void alloc_temps(struct mdh_builder *b, struct lowering *l) {
  intptr_t c;

  l->temps = malloc(l->n_results * sizeof(*l->temps));
  if (!l->temps)
    abort();
  for (c = 0; c < l->n_results; ++c)
    l->temps[c] = mdh_build_alloc_extents(
        b, "memref.alloc", mlirFunctionTypeGetResult(l->fn_type, c), l->rank,
        l->result_sizes, l->result_extents);
}

/* Emits steps 1-3 of the lowering before the md_hom. */
static void lower_compute(struct lowering *l) {
  struct mdh_builder b = mdh_builder_before(l->hom);
  int64_t zeros[MAX_RANK] = {0}, lbs[MAX_RANK];
  MlirValue ivs[MAX_RANK];
  struct scan_data scan;
  intptr_t d;

  alloc_temps(&b, l);
  build_nest(&b, 0, l->rank, zeros, l->extents, ivs, &compute_point, l);
  for (d = 0; d < l->rank; ++d) {
    if (l->kinds[d] != MdhCombinePS || (l->sizes[d] >= 0 && l->sizes[d] < 2))
      continue;
    memcpy(lbs, zeros, sizeof(lbs));
    lbs[d] = 1;
    scan.l = l;
    scan.dim = d;
    build_nest(&b, 0, l->rank, lbs, l->result_extents, ivs, &scan_point, &scan);
  }
}

/* Emits step 4 before "view". */
static void lower_out_view(struct lowering *l, MlirOperation view) {
  struct mdh_builder b = mdh_builder_before(view);
  int64_t zeros[MAX_RANK] = {0};
  MlirValue ivs[MAX_RANK];
  struct scatter_data data = {l, view};

  build_nest(&b, 0, l->rank, zeros, l->result_extents, ivs, &scatter_point,
             &data);
}

/* Collects the out_views of "hom" in block order into "*views" (to be
 * freed); returns their number, or -1 (with an error) if one of them lies
 * outside the md_hom's block. */
static intptr_t collect_out_views(MlirOperation hom, MlirOperation **views) {
  MlirValue result = mlirOperationGetResult(hom, 0);
  MlirOperation op;
  MlirOpOperand use;
  intptr_t n = 0, found = 0;

  for (use = mlirValueGetFirstUse(result); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use))
    ++n;
  *views = malloc((n ? n : 1) * sizeof(**views));
  if (!*views)
    abort();
  for (op = mlirOperationGetNextInBlock(hom);
       !mlirOperationIsNull(op) && found < n;
       op = mlirOperationGetNextInBlock(op))
    if (mdhOperationIsAOutView(op) &&
        mlirValueEqual(mlirOperationGetOperand(op, 0), result))
      (*views)[found++] = op;
  if (found == n)
    return n;
  free(*views);
  mdh_emit_error(hom, "mdh-to-loops needs the out_views of a md_hom in the "
                      "md_hom's block");
  return -1;
}

/* A builder inserting right after "op". */
static struct mdh_builder builder_after(MlirOperation op) {
  MlirOperation next = mlirOperationGetNextInBlock(op);
  struct mdh_builder b = mdh_builder_before(op);

  b.before = next;
  return b;
}

/* Lowers "hom" and erases it and its out_views; an out_view's buffer may be
 * defined after "hom", so its extent is checked at the out_view. */
static int lower_md_hom(isl_ctx *ctx, MlirOperation hom) {
  struct lowering l;
  struct mdh_builder b;
  MlirOperation *views;
  intptr_t n, i, c;

  if (!read_md_hom(&l, hom))
    return 0;
  n = collect_out_views(hom, &views);
  if (n < 0)
    return 0;
  b = mdh_builder_before(hom);
  if (mdh_build_input_extent_checks(&b, ctx, hom, l.extents) < 0) {
    mdh_emit_error(hom, "mdh-to-loops: %s", mdh_isl_ctx_error(ctx));
    free(views);
    return 0;
  }
  for (i = 0; i < l.rank; ++i)
    l.result_extents[i] =
        l.kinds[i] == MdhCombinePW ? mdh_build_index(&b, 1) : l.extents[i];
  for (i = 0; i < n; ++i) {
    b = mdh_builder_before(views[i]);
    if (mdh_build_view_extent_checks(&b, ctx, views[i], l.extents) < 0) {
      mdh_emit_error(views[i], "mdh-to-loops: %s", mdh_isl_ctx_error(ctx));
      free(views);
      return 0;
    }
  }
  lower_compute(&l);
  for (i = 0; i < n; ++i)
    lower_out_view(&l, views[i]);
  b = n ? builder_after(views[n - 1]) : mdh_builder_before(hom);
  for (c = 0; c < l.n_results; ++c)
    mdh_build_dealloc(&b, l.temps[c]);
  for (i = 0; i < n; ++i)
    mlirOperationDestroy(views[i]);
  mlirOperationDestroy(hom);
  free(views);
  free(l.temps);
  return 1;
}

MlirLogicalResult mdh_to_loops_run(MlirOperation module) {
  struct mdh_op_list homs, views;
  isl_ctx *ctx;
  size_t i;
  int ok = 1;

  if (mlirLogicalResultIsFailure(mdhVerify(module)))
    return mlirLogicalResultFailure();
  ctx = mdh_isl_ctx_alloc();
  if (!ctx)
    abort();
  homs = mdh_collect_md_homs(module);
  for (i = 0; i < homs.n && ok; ++i)
    ok = lower_md_hom(ctx, homs.ops[i]);
  free(homs.ops);
  isl_ctx_free(ctx);
  if (!ok)
    return mlirLogicalResultFailure();
  views = mdh_collect_inp_views(module);
  for (i = 0; i < views.n; ++i)
    if (mlirOpOperandIsNull(
            mlirValueGetFirstUse(mlirOperationGetResult(views.ops[i], 0))))
      mlirOperationDestroy(views.ops[i]);
  free(views.ops);
  return mlirLogicalResultSuccess();
}
