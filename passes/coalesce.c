/* mdh-coalesce: dimension flattening (PANAMERA §3) on the md_homs of every
 * function, before scheduling.
 *
 * A md_hom is given a "plan": a permutation of its dimensions and a grouping
 * of adjacent (permuted) dimensions into merged ones. A group of sizes
 * n_0..n_q becomes one dimension m of size n_0*...*n_q whose row-major
 * delinearization is (PANAMERA Formula (1))
 *
 *   d_t = (m floordiv (n_{t+1}*...*n_q)) mod n_t.
 *
 * Rather than writing that quasi-affine form into the maps, the pass only
 * merges when it disappears: every access must see the group through the
 * row-major linearization sum_t d_t*w_t (w_t = n_{t+1}*...*n_q), times a
 * constant C, so that the access becomes C*m. Accesses that spread a group
 * over several buffer dimensions (M[i][j] for a group (i, j)) need those
 * buffer dimensions collapsed: `memref.collapse_shape` with the
 * reassociation that joins them, created once per buffer right after its
 * definition, and every mdh view of the buffer in the function then reads
 * or writes the collapsed value. The collapsed index sum_t e_t*S_t (S_t the
 * row-major strides of the joined extents) is checked like any other
 * expression, so the buffer's extents must match the group sizes, an offset
 * is allowed on the outer dimension only (it becomes a multiple of the
 * group's size), and a stride, a transposition or an offset on an inner
 * dimension breaks the linearization and is refused. A group that an access
 * does not mention at all (a broadcast, e.g. the vector of a batched
 * matvec) is fine; one it mentions only in part is refused.
 *
 * Plans (PANAMERA §3, Figs. 2 and 3):
 *   - merging: adjacent dimensions of one combine kind, cc or pw. Two ps
 *     dimensions are never merged: a 2-D inclusive scan is not the 1-D scan
 *     of the flattened array;
 *   - reordering to the canonical forms: with cc and pw dimensions
 *     interleaved (Fig. 2d), the cc dimensions are moved outside (x-reduce)
 *     or inside (y-reduce) of the pw ones, keeping the order within each
 *     kind, when that leaves fewer dimensions after merging than the
 *     original order. A md_hom's value is the combination of f over every
 *     point, per dimension; the verifier guarantees one associative and
 *     commutative operator across the pw dimensions (Lemma 10), and the
 *     stable partition keeps the order in which each result point's
 *     reduction visits its points. Md_homs with ps dimensions are not
 *     reordered. Between the two forms, the one whose innermost dimension
 *     is the innermost subscript of more accesses wins (PANAMERA §3.1: the
 *     flattened dims should scan consecutive addresses);
 *   - propagation (PANAMERA §3.2, "reduction propagation"): an elementwise
 *     producer (a md_hom with only cc dimensions) whose output buffer a
 *     coalesced md_hom reads takes the grouping of that buffer's collapse,
 *     so that producer and consumer iterate the intermediate buffer the same
 *     way and the scheduler can fuse them point by point. Consumers are
 *     planned first (reverse program order).
 *
 * A plan is first checked on its md_hom's own accesses, then all plans of a
 * function together, since every md_hom that uses a buffer must go through
 * the same collapsed value (the polyhedral model tells buffers apart by SSA
 * value: reading B in one md_hom and collapse_shape(B) in another would
 * lose the dependence between them). A md_hom whose accesses cannot be
 * written against the collapses that the others need is reset to the
 * identity plan, and the check starts again.
 *
 * Refusals leave a md_hom (and so the IR, when nothing else changes)
 * unchanged; they are not errors, since this is an optimization: index-aware
 * md_homs (the scalar function sees the indices), md_homs without inputs,
 * with different operators across dimensions (mdh.assume_homomorphic), or
 * whose input views are shared with another md_hom. A buffer is never
 * collapsed when its layout is not the identity, its shape is not static,
 * or it has a use other than mdh views and memref.dealloc (that use would
 * see the uncollapsed buffer behind the model's back).
 *
 * Function signatures are unchanged: collapsed views are created inside the
 * function, and outputs written through them land in the original buffers.
 */

#include "dialect/attrs.h"
#include "dialect/dialect.h"
#include "dialect/extents.h"
#include "lib/builder.h"
#include "lib/model.h"
#include "mdh-c/Dialect.h"
#include "passes/pass.h"
#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

#define MAX_RANK MDH_MODEL_MAX_RANK

/* The plan of one md_hom "hom" of "rank" dimensions with the given "sizes"
 * and "kinds". New position k holds old dimension "perm"[k] ("pos" is the
 * inverse); "cut"[k] separates positions k and k + 1 into different merged
 * dimensions; "group"[k] is the merged dimension of position k and
 * "n_groups" their number. "fixed" marks a refused md_hom, whose plan stays
 * the identity. */
struct plan {
  MlirOperation hom;
  int rank;
  int64_t sizes[MAX_RANK];
  MdhCombineKind kinds[MAX_RANK];
  MlirAttribute combine[MAX_RANK];
  int fixed;
  int perm[MAX_RANK];
  int pos[MAX_RANK];
  int cut[MAX_RANK];
  int group[MAX_RANK];
  int n_groups;
};

/* A buffer "value" of static "shape" used by mdh views: "pinned" if it must
 * not be collapsed; "join"[b] collapses its dimensions b and b + 1;
 * "collapsed" is the collapse_shape result once built; "loc_op" the view
 * whose location the collapse takes. */
struct buffer {
  MlirValue value;
  int rank;
  int64_t shape[MAX_RANK];
  int pinned;
  int join[MAX_RANK];
  MlirValue collapsed;
  MlirOperation loc_op;
};

/* An inp_view or out_view "op" of md_hom "hom" (an index into the plans)
 * on buffer "buf". */
struct view {
  MlirOperation op;
  int hom;
  int buf;
  int is_out;
};

/* Internal data structure of the pass on one function. */
struct coalesce {
  MlirContext ctx;
  int n_homs;
  struct plan *plans;
  int n_bufs;
  struct buffer *bufs;
  int n_views;
  struct view *views;
};

/* Derives "pos", "group" and "n_groups" of "p" from "perm" and "cut". */
static void plan_update(struct plan *p) {
  int k;

  p->n_groups = p->rank > 0 ? 1 : 0;
  for (k = 0; k < p->rank; ++k) {
    p->pos[p->perm[k]] = k;
    p->group[k] = p->n_groups - 1;
    if (k + 1 < p->rank && p->cut[k])
      ++p->n_groups;
  }
}

/* Sets "p" to the permutation "perm" without merging. */
static void plan_set_perm(struct plan *p, const int *perm) {
  int k;

  for (k = 0; k < p->rank; ++k) {
    p->perm[k] = perm[k];
    p->cut[k] = 1;
  }
  plan_update(p);
}

static void plan_set_identity(struct plan *p) {
  int perm[MAX_RANK], k;

  for (k = 0; k < p->rank; ++k)
    perm[k] = k;
  plan_set_perm(p, perm);
}

static int plan_is_identity(const struct plan *p) {
  int k;

  for (k = 0; k < p->rank; ++k)
    if (p->perm[k] != k)
      return 0;
  return p->n_groups == p->rank;
}

/* Tells whether old dimension "d" of "p" lies in a merged dimension of more
 * than one dimension. */
static int is_merged(const struct plan *p, int d) {
  int k = p->pos[d];

  return (k > 0 && !p->cut[k - 1]) || (k + 1 < p->rank && !p->cut[k]);
}

/* Returns the row-major weight of old dimension "d" within its merged
 * dimension: the product of the sizes after it in the group. */
static int64_t weight(const struct plan *p, int d) {
  int64_t w = 1;
  int k;

  for (k = p->pos[d]; k + 1 < p->rank && !p->cut[k]; ++k)
    w *= p->sizes[p->perm[k + 1]];
  return w;
}

/* Tells whether old dimension "d" reads as 0 in an access: the pw
 * dimensions of an out_view, which is evaluated on the result index space
 * (index 0 in every pw dimension, MDH Def. 9). */
static int is_zero(const struct plan *p, int is_out, int d) {
  return is_out && p->kinds[d] == MdhCombinePW;
}

/* Internal data structure for decompose: an access expression of md_hom
 * plan "p" (an out_view's when "is_out") as sum coef[d]*d over the merged
 * old dimensions d plus "rest", an expression in the new dimensions ("rest"
 * is null for 0); "rename" maps the old dimensions that are not merged to
 * their new ones; "ok" is cleared when a merged dimension appears other than
 * linearly, or a coefficient overflows. */
struct linear {
  const struct plan *p;
  int is_out;
  MlirContext ctx;
  MlirAffineMap rename;
  int64_t coef[MAX_RANK];
  MlirAffineExpr rest;
  int ok;
};

static void add_rest(struct linear *l, MlirAffineExpr e, int64_t scale) {
  if (scale == 0)
    return;
  if (scale != 1)
    e = mlirAffineMulExprGet(e, mlirAffineConstantExprGet(l->ctx, scale));
  l->rest = l->rest.ptr ? mlirAffineAddExprGet(l->rest, e) : e;
}

/* Tells whether "e" depends on an old dimension that is merged in "l". */
static int involves_merged(const struct linear *l, MlirAffineExpr e) {
  int d;

  for (d = 0; d < l->p->rank; ++d)
    if (!is_zero(l->p, l->is_out, d) && is_merged(l->p, d) &&
        mlirAffineExprIsFunctionOfDim(e, d))
      return 1;
  return 0;
}

/* Adds "scale" * "e" to "l". Sums and products by constants are
 * distributed; any other subexpression must not involve a merged
 * dimension and is renamed whole. */
static void decompose(struct linear *l, MlirAffineExpr e, int64_t scale) {
  MlirAffineExpr lhs, rhs;
  int64_t s;
  int d;

  if (mlirAffineExprIsADim(e)) {
    d = (int)mlirAffineDimExprGetPosition(e);
    if (is_zero(l->p, l->is_out, d))
      return;
    if (!is_merged(l->p, d))
      add_rest(l, mlirAffineMapGetResult(l->rename, d), scale);
    else if (__builtin_add_overflow(l->coef[d], scale, &l->coef[d]))
      l->ok = 0;
  } else if (mlirAffineExprIsAConstant(e)) {
    if (__builtin_mul_overflow(mlirAffineConstantExprGetValue(e), scale, &s))
      l->ok = 0;
    else
      add_rest(l, mlirAffineConstantExprGet(l->ctx, s), 1);
  } else if (mlirAffineExprIsAAdd(e)) {
    decompose(l, mlirAffineBinaryOpExprGetLHS(e), scale);
    decompose(l, mlirAffineBinaryOpExprGetRHS(e), scale);
  } else if (!involves_merged(l, e)) {
    add_rest(l, mlirAffineExprCompose(e, l->rename), scale);
  } else if (mlirAffineExprIsAMul(e)) {
    lhs = mlirAffineBinaryOpExprGetLHS(e);
    rhs = mlirAffineBinaryOpExprGetRHS(e);
    if (mlirAffineExprIsAConstant(lhs) && !mlirAffineExprIsAConstant(rhs)) {
      lhs = rhs;
      rhs = mlirAffineBinaryOpExprGetLHS(e);
    }
    if (!mlirAffineExprIsAConstant(rhs) ||
        __builtin_mul_overflow(mlirAffineConstantExprGetValue(rhs), scale, &s))
      l->ok = 0;
    else
      decompose(l, lhs, s);
  } else {
    l->ok = 0;
  }
}

/* Returns the map renaming the old dimensions of "p" to the new ones (the
 * merged ones and the zero ones to 0; decompose never renames the former). */
static MlirAffineMap rename_map(MlirContext ctx, const struct plan *p,
                                int is_out) {
  MlirAffineExpr exprs[MAX_RANK];
  int d;

  for (d = 0; d < p->rank; ++d)
    exprs[d] = is_zero(p, is_out, d) || is_merged(p, d)
                   ? mlirAffineConstantExprGet(ctx, 0)
                   : mlirAffineDimExprGet(ctx, p->group[p->pos[d]]);
  return mlirAffineMapGet(ctx, p->n_groups, 0, p->rank, exprs);
}

/* Adds C*m_g to the rest of "l" for every merged dimension g whose old
 * dimensions appear as C times their row-major linearization; clears "ok"
 * if one appears otherwise. Returns the expression. */
static MlirAffineExpr finish(struct linear *l) {
  const struct plan *p = l->p;
  int64_t c, w;
  int k, last, d;

  for (k = 0; k < p->rank; k = last + 1) {
    for (last = k; last + 1 < p->rank && !p->cut[last]; ++last)
      ;
    if (last == k)
      continue;
    c = l->coef[p->perm[last]];
    for (d = k; d < last; ++d)
      if (__builtin_mul_overflow(c, weight(p, p->perm[d]), &w) ||
          w != l->coef[p->perm[d]])
        l->ok = 0;
    add_rest(l, mlirAffineDimExprGet(l->ctx, p->group[k]), c);
  }
  return l->rest.ptr ? l->rest : mlirAffineConstantExprGet(l->ctx, 0);
}

/* Returns access "map" of a view of "p" (an out_view if "is_out") on buffer
 * "buf" rewritten for the plan and the buffer's collapse, or a null map if
 * it cannot be written affinely. */
static MlirAffineMap rewrite_access(MlirContext ctx, const struct plan *p,
                                    int is_out, const struct buffer *buf,
                                    MlirAffineMap map) {
  MlirAffineExpr exprs[MAX_RANK];
  struct linear l;
  int n = (int)mlirAffineMapGetNumResults(map), b, e, t, n_out = 0;
  int64_t stride;

  if (n > MAX_RANK)
    return (MlirAffineMap){NULL};
  l.p = p;
  l.is_out = is_out;
  l.ctx = ctx;
  l.rename = rename_map(ctx, p, is_out);
  l.ok = 1;
  for (b = 0; b < n; b = e + 1) {
    for (e = b; e + 1 < n && buf->join[e]; ++e)
      ;
    memset(l.coef, 0, sizeof(l.coef));
    l.rest.ptr = NULL;
    stride = 1;
    for (t = e; t >= b; --t) {
      if (t < e && __builtin_mul_overflow(stride, buf->shape[t + 1], &stride))
        l.ok = 0;
      decompose(&l, mlirAffineMapGetResult(map, t), stride);
    }
    exprs[n_out++] = finish(&l);
  }
  if (!l.ok)
    return (MlirAffineMap){NULL};
  return mlirAffineMapGet(ctx, p->n_groups, 0, n_out, exprs);
}

/* Sets the joins that the access "map" of a view of "p" needs on "buf":
 * the buffer dimensions between the first and last result that involve a
 * merged dimension, for each merged dimension. */
static void require_joins(const struct plan *p, int is_out, struct buffer *buf,
                          MlirAffineMap map) {
  int n = (int)mlirAffineMapGetNumResults(map), k, last, d, r, lo, hi;

  for (k = 0; k < p->rank; k = last + 1) {
    for (last = k; last + 1 < p->rank && !p->cut[last]; ++last)
      ;
    if (last == k)
      continue;
    lo = n;
    hi = -1;
    for (r = 0; r < n; ++r)
      for (d = k; d <= last; ++d)
        if (!is_zero(p, is_out, p->perm[d]) &&
            mlirAffineExprIsFunctionOfDim(mlirAffineMapGetResult(map, r),
                                          p->perm[d])) {
          lo = r < lo ? r : lo;
          hi = r > hi ? r : hi;
        }
    for (r = lo; r < hi && r + 1 < MAX_RANK; ++r)
      buf->join[r] = 1;
  }
}

static int buffer_is_joined(const struct buffer *buf) {
  int b;

  for (b = 0; b + 1 < buf->rank; ++b)
    if (buf->join[b])
      return 1;
  return 0;
}

/* Recomputes the joins of every buffer from the views of the md_homs
 * selected by "only" (every md_hom if "only" is negative). Returns the
 * index of a md_hom that needs a pinned buffer joined, or -1. */
static int compute_joins(struct coalesce *c, int only) {
  struct view *v;
  struct buffer *buf;
  intptr_t a;
  int i, bad = -1;

  for (i = 0; i < c->n_bufs; ++i)
    memset(c->bufs[i].join, 0, sizeof(c->bufs[i].join));
  for (i = 0; i < c->n_views; ++i) {
    v = &c->views[i];
    if (only >= 0 && v->hom != only)
      continue;
    buf = &c->bufs[v->buf];
    for (a = 0; a < mdhViewGetNumAccesses(v->op); ++a)
      require_joins(&c->plans[v->hom], v->is_out, buf,
                    mdhViewGetAccess(v->op, a));
    if (buf->pinned && buffer_is_joined(buf) && bad < 0)
      bad = v->hom;
  }
  return bad;
}

/* Tells whether every access of every view of md_hom "h" can be rewritten
 * for its plan and the current joins. */
static int views_ok(struct coalesce *c, int h) {
  struct view *v;
  intptr_t a;
  int i;

  for (i = 0; i < c->n_views; ++i) {
    v = &c->views[i];
    if (v->hom != h)
      continue;
    for (a = 0; a < mdhViewGetNumAccesses(v->op); ++a)
      if (mlirAffineMapIsNull(rewrite_access(c->ctx, &c->plans[h], v->is_out,
                                             &c->bufs[v->buf],
                                             mdhViewGetAccess(v->op, a))))
        return 0;
  }
  return 1;
}

/* Tells whether the plan of md_hom "h" is valid on its own accesses. */
static int plan_ok_alone(struct coalesce *c, int h) {
  return compute_joins(c, h) < 0 && views_ok(c, h);
}

/* Merges greedily, outer to inner, each pair of adjacent positions of one
 * kind (not ps) of the plan of "h" that keeps the plan valid on its own. */
static void merge_greedily(struct coalesce *c, int h) {
  struct plan *p = &c->plans[h];
  int k;

  for (k = 0; k + 1 < p->rank; ++k) {
    if (p->kinds[p->perm[k]] != p->kinds[p->perm[k + 1]] ||
        p->kinds[p->perm[k]] == MdhCombinePS)
      continue;
    p->cut[k] = 0;
    plan_update(p);
    if (plan_ok_alone(c, h))
      continue;
    p->cut[k] = 1;
    plan_update(p);
  }
}

/* Counts the accesses of "h" whose innermost subscript involves old
 * dimension "d". */
static int inner_score(struct coalesce *c, int h, int d) {
  const struct plan *p = &c->plans[h];
  MlirAffineMap map;
  intptr_t a, n;
  int i, score = 0;

  for (i = 0; i < c->n_views; ++i) {
    if (c->views[i].hom != h || is_zero(p, c->views[i].is_out, d))
      continue;
    for (a = 0; a < mdhViewGetNumAccesses(c->views[i].op); ++a) {
      map = mdhViewGetAccess(c->views[i].op, a);
      n = mlirAffineMapGetNumResults(map);
      if (n > 0 &&
          mlirAffineExprIsFunctionOfDim(mlirAffineMapGetResult(map, n - 1), d))
        ++score;
    }
  }
  return score;
}

/* Stores in "perm" the stable partition of the dimensions of "p" with the
 * dimensions of kind "first" before the others. */
static void partition(const struct plan *p, MdhCombineKind first, int *perm) {
  int k = 0, d;

  for (d = 0; d < p->rank; ++d)
    if (p->kinds[d] == first)
      perm[k++] = d;
  for (d = 0; d < p->rank; ++d)
    if (p->kinds[d] != first)
      perm[k++] = d;
}

/* Tells whether "p" mixes cc and pw dimensions (and has no ps one), the
 * case where reordering to a canonical form may help. */
static int may_reorder(const struct plan *p) {
  int d, cc = 0, pw = 0;

  for (d = 0; d < p->rank; ++d) {
    if (p->kinds[d] == MdhCombinePS)
      return 0;
    cc |= p->kinds[d] == MdhCombineCC;
    pw |= p->kinds[d] == MdhCombinePW;
  }
  return cc && pw;
}

/* Plans md_hom "h" on its own: the identity order, or the x-reduce or
 * y-reduce order if it leaves fewer dimensions after merging (ties between
 * those go to the better innermost subscript, then to x-reduce). */
static void plan_alone(struct coalesce *c, int h) {
  struct plan *p = &c->plans[h], best;
  int perms[2][MAX_RANK], i, score, best_score = -1, identity_groups;

  plan_set_identity(p);
  if (p->fixed)
    return;
  merge_greedily(c, h);
  if (!may_reorder(p))
    return;
  best = *p;
  identity_groups = p->n_groups;
  partition(p, MdhCombineCC, perms[0]);
  partition(p, MdhCombinePW, perms[1]);
  for (i = 0; i < 2; ++i) {
    plan_set_perm(p, perms[i]);
    merge_greedily(c, h);
    if (p->n_groups >= identity_groups)
      continue;
    score = inner_score(c, h, p->perm[p->rank - 1]);
    if (best_score < 0 || p->n_groups < best.n_groups ||
        (p->n_groups == best.n_groups && score > best_score)) {
      best = *p;
      best_score = score;
    }
  }
  *p = best;
}

/* Tells whether every dimension of "p" is cc: an elementwise md_hom. */
static int is_elementwise(const struct plan *p) {
  int d;

  for (d = 0; d < p->rank; ++d)
    if (p->kinds[d] != MdhCombineCC)
      return 0;
  return 1;
}

/* Returns the first md_hom after "h" (in program order) with a merging
 * plan that reads buffer "buf", or -1. */
static int coalesced_consumer(struct coalesce *c, int h, int buf) {
  int i, best = -1;

  for (i = 0; i < c->n_views; ++i) {
    struct view *v = &c->views[i];

    if (v->buf != buf || v->is_out || v->hom <= h ||
        c->plans[v->hom].n_groups == c->plans[v->hom].rank)
      continue;
    if (best < 0 || v->hom < best)
      best = v->hom;
  }
  return best;
}

/* Gives elementwise md_hom "h" the grouping that the joins "join" of the
 * buffer it writes through access "map" induce (PANAMERA §3.2): its
 * dimensions in the buffer's order, those of joined buffer dimensions
 * merged. Returns 0 (plan unspecified) if "map" is not a permutation-like
 * access on the joined dimensions or the plan is invalid on its own. */
static int plan_induced(struct coalesce *c, int h, MlirAffineMap map,
                        const int *join) {
  struct plan *p = &c->plans[h];
  int perm[MAX_RANK], at[MAX_RANK], placed[MAX_RANK] = {0};
  int n = (int)mlirAffineMapGetNumResults(map), b, d, k = 0;
  MlirAffineExpr e;

  if (n > MAX_RANK)
    return 0;
  for (b = 0; b < n; ++b) {
    e = mlirAffineMapGetResult(map, b);
    at[b] = -1;
    if (!mlirAffineExprIsADim(e))
      continue;
    d = (int)mlirAffineDimExprGetPosition(e);
    if (placed[d])
      continue;
    placed[d] = 1;
    at[b] = k;
    perm[k++] = d;
  }
  for (d = 0; d < p->rank; ++d)
    if (!placed[d])
      perm[k++] = d;
  plan_set_perm(p, perm);
  for (b = 0; b + 1 < n; ++b) {
    if (!join[b])
      continue;
    if (at[b] < 0 || at[b + 1] != at[b] + 1)
      return 0;
    p->cut[at[b]] = 0;
  }
  plan_update(p);
  return plan_ok_alone(c, h);
}

/* Propagates the grouping of a coalesced consumer to elementwise md_hom
 * "h" through the first of its output buffers that such a consumer reads.
 * Returns 1 if "h" got a plan this way. */
static int propagate(struct coalesce *c, int h) {
  int join[MAX_RANK];
  struct view *v;
  int i, consumer;

  if (c->plans[h].fixed || !is_elementwise(&c->plans[h]))
    return 0;
  for (i = 0; i < c->n_views; ++i) {
    v = &c->views[i];
    if (v->hom != h || !v->is_out)
      continue;
    consumer = coalesced_consumer(c, h, v->buf);
    if (consumer < 0)
      continue;
    compute_joins(c, consumer);
    if (!buffer_is_joined(&c->bufs[v->buf]))
      continue;
    memcpy(join, c->bufs[v->buf].join, sizeof(join));
    if (plan_induced(c, h, mdhViewGetAccess(v->op, 0), join))
      return 1;
  }
  plan_set_identity(&c->plans[h]);
  return 0;
}

/* Pins the buffers of the views of md_hom "h". */
static void pin_buffers(struct coalesce *c, int h) {
  int i;

  for (i = 0; i < c->n_views; ++i)
    if (c->views[i].hom == h)
      c->bufs[c->views[i].buf].pinned = 1;
}

/* Tells whether buffer "b" carries a dependence between md_homs: at least
 * two md_homs use it and one of them writes it. */
static int is_shared(struct coalesce *c, int b) {
  int i, hom = -1, shared = 0, written = 0;

  for (i = 0; i < c->n_views; ++i) {
    if (c->views[i].buf != b)
      continue;
    if (hom >= 0 && c->views[i].hom != hom)
      shared = 1;
    hom = c->views[i].hom;
    written |= c->views[i].is_out;
  }
  return shared && written;
}

/* Tells whether the access "map" of a view of "p" (an out_view if "is_out")
 * walks each run of joined dimensions of "buf" with at most one merged
 * dimension of "p": no run mentions two of its (merged or not) dimensions
 * that lie in different merged dimensions. */
static int walks_joins_alike(const struct plan *p, int is_out,
                             const struct buffer *buf, MlirAffineMap map) {
  int n = (int)mlirAffineMapGetNumResults(map), b, e, t, d, group;

  for (b = 0; b < n; b = e + 1) {
    for (e = b; e + 1 < n && e + 1 < MAX_RANK && buf->join[e]; ++e)
      ;
    group = -1;
    for (t = b; t <= e; ++t)
      for (d = 0; d < p->rank; ++d) {
        if (is_zero(p, is_out, d) ||
            !mlirAffineExprIsFunctionOfDim(mlirAffineMapGetResult(map, t), d))
          continue;
        if (group >= 0 && group != p->group[p->pos[d]])
          return 0;
        group = p->group[p->pos[d]];
      }
  }
  return 1;
}

/* Returns a joined buffer that carries a dependence between md_homs which
 * do not walk it alike (walks_joins_alike), or -1.
 *
 * Propagation (PANAMERA §3.2) gives producer and consumer of an
 * intermediate buffer one grouping, so that their dependences stay uniform
 * (a shift along the same merged dimension) and the scheduler fuses them
 * point by point. When one of them walks the collapsed buffer with one
 * merged dimension and the other with several (the producer of a flattened
 * elementwise consumer keeps its rows, as in a blur or a padded
 * convolution), a row of one is a range of the other's flattened dimension:
 * the scheduler can then only fuse them with a skewed outer band (e.g.
 * S1[n, k, p] -> 1198n + 156k + 19p beside S2[i] -> i) that serializes the
 * chain and whose isl AST may take minutes to build. Such a chain is worse
 * than left alone, so the buffer is not collapsed. */
static int unlike_buffer(struct coalesce *c) {
  struct view *v;
  intptr_t a;
  int i;

  for (i = 0; i < c->n_views; ++i) {
    v = &c->views[i];
    if (!buffer_is_joined(&c->bufs[v->buf]) || !is_shared(c, v->buf))
      continue;
    for (a = 0; a < mdhViewGetNumAccesses(v->op); ++a)
      if (!walks_joins_alike(&c->plans[v->hom], v->is_out, &c->bufs[v->buf],
                             mdhViewGetAccess(v->op, a)))
        return v->buf;
  }
  return -1;
}

/* Checks all plans together against the joins they need, resetting a
 * md_hom whose accesses do not fit to the identity plan, until they do and
 * every buffer between md_homs is walked alike by them (unlike_buffer;
 * such a buffer is pinned). A md_hom with the identity plan fits any joins
 * unless a coefficient overflows; its buffers are then pinned. Each round
 * refuses a md_hom or pins a buffer, so this ends. */
static void reconcile(struct coalesce *c) {
  int h, bad;

  for (;;) {
    bad = compute_joins(c, -1);
    for (h = 0; bad < 0 && h < c->n_homs; ++h)
      if (!views_ok(c, h))
        bad = h;
    if (bad < 0 && (h = unlike_buffer(c)) >= 0) {
      c->bufs[h].pinned = 1;
      continue;
    }
    if (bad < 0)
      return;
    if (plan_is_identity(&c->plans[bad]))
      pin_buffers(c, bad);
    c->plans[bad].fixed = 1;
    plan_set_identity(&c->plans[bad]);
  }
}

/* Tells whether the pw and ps dimensions of "p" share one operator. */
static int one_operator(const struct plan *p) {
  MlirAttribute common = {NULL}, oper;
  int d;

  for (d = 0; d < p->rank; ++d) {
    oper = mdhCombineAttrGetOperator(p->combine[d]);
    if (mlirAttributeIsNull(oper))
      continue;
    if (mlirAttributeIsNull(common))
      common = oper;
    else if (!mlirAttributeEqual(common, oper))
      return 0;
  }
  return 1;
}

/* Tells whether every input of "hom" is an inp_view used by "hom" only. */
static int owns_views(MlirOperation hom) {
  MlirOpOperand use;
  MlirValue view;
  intptr_t i;

  for (i = 0; i < mlirOperationGetNumOperands(hom); ++i) {
    view = mlirOperationGetOperand(hom, i);
    if (!mlirValueIsAOpResult(view) ||
        !mdhOperationIsAInpView(mlirOpResultGetOwner(view)))
      return 0;
    for (use = mlirValueGetFirstUse(view); !mlirOpOperandIsNull(use);
         use = mlirOpOperandGetNextUse(use))
      if (!mlirOperationEqual(mlirOpOperandGetOwner(use), hom))
        return 0;
  }
  return 1;
}

/* Reads md_hom "hom" into "p" and decides whether it is refused outright. */
static void read_plan(struct plan *p, MlirOperation hom) {
  intptr_t rank = mdhMdHomGetRank(hom);
  int d;

  p->hom = hom;
  p->rank = (int)rank;
  for (d = 0; d < p->rank; ++d) {
    p->sizes[d] = mdhMdHomGetSize(hom, d);
    p->combine[d] = mdhMdHomGetCombineOp(hom, d);
    p->kinds[d] = mdhCombineAttrGetKind(p->combine[d]);
  }
  /* A merged index over a dynamic extent would need division by a value
   * known only at run time: not an affine map. */
  p->fixed = mdh_extents_any_dynamic(hom) || p->rank < 2 ||
             mdhMdHomIsIndexAware(hom) ||
             mlirOperationGetNumOperands(hom) == 0 || !one_operator(p) ||
             !owns_views(hom);
  plan_set_identity(p);
}

/* Tells whether "use" of a buffer is one that sees it through the mdh views
 * (or frees it): an inp_view used by md_homs only, an out_view's buffer, a
 * memref.dealloc. */
static int is_view_use(MlirOpOperand use) {
  MlirOperation owner = mlirOpOperandGetOwner(use);
  MlirOpOperand u;

  if (mdhOperationIsAInpView(owner)) {
    u = mlirValueGetFirstUse(mlirOperationGetResult(owner, 0));
    if (mlirOpOperandIsNull(u))
      return 0;
    for (; !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
      if (!mdhOperationIsAMdHom(mlirOpOperandGetOwner(u)))
        return 0;
    return 1;
  }
  if (mdhOperationIsAOutView(owner))
    return mlirOpOperandGetOperandNumber(use) == 1;
  return mdh_op_is(owner, "memref.dealloc");
}

/* Tells whether "value" must not be collapsed: not a memref of static shape
 * and identity layout, or used other than through mdh views. */
static int must_pin(MlirValue value) {
  MlirType type = mlirValueGetType(value);
  MlirOpOperand use;

  if (!mlirTypeIsAMemRef(type) || !mlirShapedTypeHasStaticShape(type) ||
      mlirShapedTypeGetRank(type) > MAX_RANK ||
      !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(type)))
    return 1;
  for (use = mlirValueGetFirstUse(value); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use))
    if (!is_view_use(use))
      return 1;
  return 0;
}

/* Returns the index of buffer "value" in "c", adding it if it is new. */
static int buffer_index(struct coalesce *c, MlirValue value, MlirOperation op) {
  struct buffer *buf;
  MlirType type = mlirValueGetType(value);
  int i;

  for (i = 0; i < c->n_bufs; ++i)
    if (mlirValueEqual(c->bufs[i].value, value))
      return i;
  c->bufs = realloc(c->bufs, (c->n_bufs + 1) * sizeof(*c->bufs));
  if (!c->bufs)
    abort();
  buf = &c->bufs[c->n_bufs];
  memset(buf, 0, sizeof(*buf));
  buf->value = value;
  buf->loc_op = op;
  buf->pinned = must_pin(value);
  buf->rank = 0;
  if (mlirTypeIsAShaped(type) && mlirShapedTypeHasRank(type))
    buf->rank = (int)mlirShapedTypeGetRank(type);
  buf->rank = buf->rank > MAX_RANK ? MAX_RANK : buf->rank;
  for (i = 0; i < buf->rank; ++i)
    buf->shape[i] = buf->pinned ? 1 : mlirShapedTypeGetDimSize(type, i);
  return c->n_bufs++;
}

static void add_view(struct coalesce *c, MlirOperation op, int hom,
                     int is_out) {
  struct view *v;
  int i;

  for (i = 0; i < c->n_views; ++i)
    if (mlirOperationEqual(c->views[i].op, op))
      return;
  c->views = realloc(c->views, (c->n_views + 1) * sizeof(*c->views));
  if (!c->views)
    abort();
  v = &c->views[c->n_views++];
  v->op = op;
  v->hom = hom;
  v->is_out = is_out;
  v->buf = buffer_index(c, mdhViewGetBuffer(op), op);
}

/* Collects the views of md_hom "h": its input views, then the out_views of
 * its result. */
static void collect_views(struct coalesce *c, int h) {
  size_t n_inputs, v;
  struct mdh_op_list views = mdh_md_hom_views(c->plans[h].hom, &n_inputs);

  for (v = 0; v < views.n; ++v)
    add_view(c, views.ops[v], h, v >= n_inputs);
  free(views.ops);
}

/* Returns a builder right after the definition of "value". */
static struct mdh_builder builder_at_definition(MlirValue value,
                                                MlirOperation loc_op) {
  struct mdh_builder b = mdh_builder_before(loc_op);
  MlirOperation owner;

  if (mlirValueIsABlockArgument(value)) {
    b.block = mlirBlockArgumentGetOwner(value);
    b.before = mlirBlockGetFirstOperation(b.block);
  } else {
    owner = mlirOpResultGetOwner(value);
    b.block = mlirOperationGetBlock(owner);
    b.before = mlirOperationGetNextInBlock(owner);
  }
  return b;
}

/* Builds `memref.collapse_shape` of "buf" with the reassociation of its
 * joins, right after the buffer's definition. */
static void build_collapse(MlirContext ctx, struct buffer *buf) {
  struct mdh_builder b = builder_at_definition(buf->value, buf->loc_op);
  MlirAttribute groups[MAX_RANK], dims[MAX_RANK];
  int64_t shape[MAX_RANK];
  MlirType type = mlirValueGetType(buf->value), result;
  MlirNamedAttribute attr;
  int d = 0, n = 0, k;

  while (d < buf->rank) {
    k = 0;
    shape[n] = 1;
    do {
      shape[n] *= buf->shape[d];
      dims[k++] = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), d);
    } while (buf->join[d++] && d < buf->rank);
    groups[n++] = mlirArrayAttrGet(ctx, k, dims);
  }
  result =
      mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(type), n, shape,
                                  mlirMemRefTypeGetMemorySpace(type));
  attr = mdh_named_attr(ctx, "reassociation", mlirArrayAttrGet(ctx, n, groups));
  b.loc = mlirOperationGetLocation(buf->loc_op);
  buf->collapsed =
      mlirOperationGetResult(mdh_build_op(&b, "memref.collapse_shape", 1,
                                          &buf->value, 1, &result, 1, &attr),
                             0);
}

/* Returns the sizes of the merged dimensions of "p" in "sizes"; with
 * "result", 1 in the pw ones (the md_hom's result type). */
static void merged_sizes(const struct plan *p, int result, int64_t *sizes) {
  int k;

  for (k = 0; k < p->n_groups; ++k)
    sizes[k] = 1;
  for (k = 0; k < p->rank; ++k)
    if (!result || p->kinds[p->perm[k]] != MdhCombinePW)
      sizes[p->group[k]] *= p->sizes[p->perm[k]];
}

/* Rewrites view "v" for its md_hom's plan and its buffer's collapse. */
static void rewrite_view(struct coalesce *c, struct view *v) {
  const struct plan *p = &c->plans[v->hom];
  struct buffer *buf = &c->bufs[v->buf];
  intptr_t a, n = mdhViewGetNumAccesses(v->op);
  MlirAttribute *maps = malloc((n ? n : 1) * sizeof(*maps));
  int64_t sizes[MAX_RANK];

  if (!maps)
    abort();
  for (a = 0; a < n; ++a)
    maps[a] = mlirAffineMapAttrGet(
        rewrite_access(c->ctx, p, v->is_out, buf, mdhViewGetAccess(v->op, a)));
  mlirOperationSetAttributeByName(v->op,
                                  mlirStringRefCreateFromCString("accesses"),
                                  mlirArrayAttrGet(c->ctx, n, maps));
  free(maps);
  if (!mlirValueIsNull(buf->collapsed))
    mlirOperationSetOperand(v->op, v->is_out ? 1 : 0, buf->collapsed);
  if (v->is_out)
    return;
  merged_sizes(p, 0, sizes);
  mlirValueSetType(mlirOperationGetResult(v->op, 0),
                   mdhMdaTypeGet(c->ctx, p->n_groups, sizes));
}

/* Rewrites the combine ops and the result type of md_hom plan "p". */
static void rewrite_md_hom(MlirContext ctx, const struct plan *p) {
  MlirAttribute combine[MAX_RANK];
  int64_t sizes[MAX_RANK];
  int k;

  for (k = p->rank - 1; k >= 0; --k)
    combine[p->group[k]] = p->combine[p->perm[k]];
  mlirOperationSetAttributeByName(p->hom,
                                  mlirStringRefCreateFromCString("combine_ops"),
                                  mlirArrayAttrGet(ctx, p->n_groups, combine));
  merged_sizes(p, 1, sizes);
  mlirValueSetType(mlirOperationGetResult(p->hom, 0),
                   mdhMdaTypeGet(ctx, p->n_groups, sizes));
}

/* Applies the plans and joins of "c" to the IR. */
static void apply(struct coalesce *c) {
  int i;

  compute_joins(c, -1);
  for (i = 0; i < c->n_bufs; ++i)
    if (buffer_is_joined(&c->bufs[i]))
      build_collapse(c->ctx, &c->bufs[i]);
  for (i = 0; i < c->n_views; ++i)
    if (!plan_is_identity(&c->plans[c->views[i].hom]) ||
        !mlirValueIsNull(c->bufs[c->views[i].buf].collapsed))
      rewrite_view(c, &c->views[i]);
  for (i = 0; i < c->n_homs; ++i)
    if (!plan_is_identity(&c->plans[i]))
      rewrite_md_hom(c->ctx, &c->plans[i]);
}

/* Plans every md_hom of "c", consumers before producers. */
static void plan_all(struct coalesce *c) {
  int h;

  for (h = c->n_homs - 1; h >= 0; --h)
    if (!propagate(c, h))
      plan_alone(c, h);
  reconcile(c);
}

/* Tells whether the md_hom "hom" or a buffer of its views has more than
 * MAX_RANK dimensions. */
static int too_many_dims(MlirOperation hom) {
  size_t n_inputs, v;
  struct mdh_op_list views = mdh_md_hom_views(hom, &n_inputs);
  int large = mdhMdHomGetRank(hom) > MAX_RANK;

  for (v = 0; !large && v < views.n; ++v)
    large = mlirShapedTypeGetRank(
                mlirValueGetType(mdhViewGetBuffer(views.ops[v]))) > MAX_RANK;
  free(views.ops);
  return large;
}

/* Tells whether "func" is to be left alone: a md_hom or buffer of more
 * than MAX_RANK dimensions, or a user's influence tree, schedule or tile
 * sizes (`mdh.tile_sizes`), which name the md_homs' dimensions as they
 * are. */
static int leave_alone(MlirOperation func, const struct mdh_op_list *homs) {
  size_t i;

  if (mdh_attr_has_user_schedule(func))
    return 1;
  for (i = 0; i < homs->n; ++i)
    if (too_many_dims(homs->ops[i]) ||
        !mlirAttributeIsNull(mdh_attr_get_tile_sizes(homs->ops[i])))
      return 1;
  return 0;
}

/* Coalesces the md_homs of "func" (the isl context is unused) unless it is
 * to be left alone (see leave_alone). */
static int coalesce_func(isl_ctx *ctx, MlirOperation func) {
  struct mdh_op_list homs = mdh_collect_md_homs(func);
  struct coalesce c;
  int h;

  (void)ctx;
  if (leave_alone(func, &homs)) {
    free(homs.ops);
    return 1;
  }
  memset(&c, 0, sizeof(c));
  c.ctx = mlirOperationGetContext(func);
  c.n_homs = (int)homs.n;
  c.plans = calloc(homs.n ? homs.n : 1, sizeof(*c.plans));
  if (!c.plans)
    abort();
  for (h = 0; h < c.n_homs; ++h)
    read_plan(&c.plans[h], homs.ops[h]);
  for (h = 0; h < c.n_homs; ++h)
    collect_views(&c, h);
  plan_all(&c);
  apply(&c);
  free(homs.ops);
  free(c.plans);
  free(c.bufs);
  free(c.views);
  return 1;
}

MlirLogicalResult mdh_coalesce_run(MlirOperation module) {
  return mdh_pass_run_per_function(module, &coalesce_func);
}
