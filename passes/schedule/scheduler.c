/* The influenced scheduler: one ILP per schedule row, Pluto/isl style, with
 * the influence constraints of an influence tree (constraint-injection
 * paper, section III).
 *
 * Row d of statement S is phi_S(i) = T[S][d] . (i, 1). The ILP of a row has
 * the non-negative integer unknowns
 *
 *   [w, sum_c, per statement: its iterator coefficients in REVERSE order,
 *    its constant]
 *
 * and is solved by isl_basic_set_lexmin: the proximity bound w first, then
 * the sum of all iterator coefficients, then each statement's coefficients,
 * innermost iterator first, so that outer loops stay outer (isl's order;
 * with the natural order, lexmin prefers inner iterators outside).
 *
 * Constraints (paper eqs. 1-4 and I):
 *   validity   phi_T(t) - phi_S(s) >= 0 on every validity dependence live at
 *              the start of the current band (so a band is permutable);
 *   proximity  phi_T(t) - phi_S(s) <= w on every dependence still live;
 *   coincidence phi_T(t) = phi_S(s) on every live dependence, reductions
 *              included; tried first and dropped when infeasible (isl);
 *   progression for each statement whose rows do not yet have full rank:
 *              sum of its iterator coefficients >= 1, and r.h >= 0 and
 *              sum_r r.h >= 1 over a basis r of the null space of its rows
 *              (Pluto's linear independence, paper eq. 4);
 *   influence  the rows of the current tree node.
 * The dependence constraints are linearised with the affine form of Farkas'
 * lemma without multipliers: isl_set_coefficients of a dependence gives the
 * (rational) set of (c_0, c_s, c_t) with c_0 + c_s.s + c_t.t >= 0 on it,
 * whose constraints we rewrite over the unknowns with a substitution matrix.
 *
 * Algorithm 1's fallbacks, in order: retry without progression when no
 * dependence is left (the tree asks for a further row); the right sibling;
 * a new band without the dependences the current band already carries; the
 * closest right sibling of an ancestor (rows below it withdrawn); a scalar
 * row ordering the strongly connected components. When the whole tree
 * fails, the schedule is computed again without influence.
 *
 * Decisions where the paper is silent (choices of ours): a scalar row does not
 * use up a tree depth (the tree constrains linear rows only); a snapshot of
 * the whole state is kept per depth for backtracking; a node's depth is the
 * index of the linear row it constrains. One addition: before a linear row,
 * statements whose rows have full rank are split from the live statements
 * they depend on by a scalar row (Pluto's cut between SCCs of different
 * dimensionality), so that a finished producer runs once before the inner
 * loops of its consumer instead of under a guard inside them (paper Fig. 2c).
 * Another: statements that the tree makes run a reduction loop outside a
 * parallel one are split the same way from those that read their result
 * (runs_reduction_outside), and fusion rows between statements that a
 * scalar row has ordered apart no longer apply.
 */

#include "passes/schedule/scheduler.h"

#include "support/polyhedral.h"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/mat.h>
#include <isl/point.h>
#include <isl/polynomial.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The default bound on the ILP solves of one scheduling attempt. */
#define DEFAULT_MAX_SOLVES 2000

/* A schedule row: "scalar" rows order groups of statements (sequence
 * nodes); linear rows belong to band "band". "coef" (owned by the state)
 * holds, per statement at its offset, the iterator coefficients and the
 * constant. */
struct row {
  int scalar;
  int band;
  int coincident;
};

/* The state of Algorithm 1 that backtracking restores: "n_row" rows (of
 * which "depth" linear), their coefficients "coef" (n_row x n_col), the
 * current "band", the validity dependences live at its start "band_val",
 * the validity and all dependences not yet strongly satisfied ("val_live",
 * "all_live"), the current tree "node" and the last node met, "met". */
struct state {
  int n_row;
  int depth;
  struct row *rows;
  int64_t *coef;
  int band;
  isl_union_map *band_val;
  isl_union_map *val_live;
  isl_union_map *all_live;
  struct mdh_infl_node *node;
  struct mdh_infl_node *met;
};

/* Internal data structure of one scheduling run: the model "m", the column
 * offset "off" of each statement in a row, the row width "n_col", the number
 * of ILP unknowns "n_var", the room for rows "max_row", one snapshot per
 * depth, the number of ILP solves so far, and the Farkas coefficient sets
 * computed so far, "coef[i]" of dependence "dep[i]", "n_coef" of them (room
 * for "max_coef"): every solve needs those of the live dependences again,
 * and isl_set_coefficients of a dependence with divs (from mod or division
 * in accesses) takes long enough that recomputing it in each of up to
 * DEFAULT_MAX_SOLVES solves took minutes (found by mdh-fuzz-opt). */
struct sched {
  struct mdh_model *m;
  isl_ctx *ctx;
  int *off;
  int n_col;
  int n_var;
  int max_row;
  struct state cur;
  struct state *snap;
  int n_solve;
  int max_solves;
  isl_map **dep;
  isl_basic_set **coef;
  int n_coef, max_coef;
};

static int rank_of(struct sched *sc, int s) { return sc->m->stmts[s].rank; }

/* The ILP unknown of column "c" of statement "s" (see the top). */
static int var_of(struct sched *sc, int s, int c) {
  int rank = rank_of(sc, s);

  return 2 + sc->off[s] + (c < rank ? rank - 1 - c : rank);
}

static int64_t *row_coef(struct sched *sc, struct state *st, int r) {
  return st->coef + (size_t)r * sc->n_col;
}

static void state_init(struct sched *sc, struct state *st) {
  memset(st, 0, sizeof(*st));
  st->rows = calloc(sc->max_row, sizeof(*st->rows));
  st->coef = calloc((size_t)sc->max_row * sc->n_col, sizeof(*st->coef));
  if (!st->rows || !st->coef)
    abort();
}

static void state_clear(struct state *st) {
  free(st->rows);
  free(st->coef);
  isl_union_map_free(st->band_val);
  isl_union_map_free(st->val_live);
  isl_union_map_free(st->all_live);
  memset(st, 0, sizeof(*st));
}

/* Copies "src" into "dst", which must have been initialised. */
static void state_copy(struct sched *sc, struct state *dst,
                       const struct state *src) {
  memcpy(dst->rows, src->rows, sc->max_row * sizeof(*src->rows));
  memcpy(dst->coef, src->coef,
         (size_t)sc->max_row * sc->n_col * sizeof(*src->coef));
  dst->n_row = src->n_row;
  dst->depth = src->depth;
  dst->band = src->band;
  isl_union_map_free(dst->band_val);
  isl_union_map_free(dst->val_live);
  isl_union_map_free(dst->all_live);
  dst->band_val = isl_union_map_copy(src->band_val);
  dst->val_live = isl_union_map_copy(src->val_live);
  dst->all_live = isl_union_map_copy(src->all_live);
  dst->node = src->node;
  dst->met = src->met;
}

/* Returns the index of the statement named "name", or -1. */
static int stmt_index(struct sched *sc, const char *name) {
  return mdh_model_stmt_index(sc->m, name);
}

/* Returns the matrix of the iterator coefficients of the linear rows of
 * statement "s". */
static __isl_give isl_mat *linear_rows(struct sched *sc, struct state *st,
                                       int s) {
  int rank = rank_of(sc, s), r, c, n = 0;
  isl_mat *h = isl_mat_alloc(sc->ctx, st->depth, rank);

  for (r = 0; r < st->n_row; ++r) {
    if (st->rows[r].scalar)
      continue;
    for (c = 0; c < rank; ++c)
      h = isl_mat_set_element_si(h, n, c,
                                 (int)row_coef(sc, st, r)[sc->off[s] + c]);
    ++n;
  }
  return h;
}

/* Tells whether the linear rows of "s" do not yet have full column rank. */
static int needs_row(struct sched *sc, struct state *st, int s) {
  isl_mat *h = linear_rows(sc, st, s);
  isl_size rank = isl_mat_rank(h);

  isl_mat_free(h);
  return rank < rank_of(sc, s);
}

static int all_full_rank(struct sched *sc, struct state *st) {
  int s;

  for (s = 0; s < sc->m->n_stmt; ++s)
    if (needs_row(sc, st, s))
      return 0;
  return 1;
}

/* An ILP under construction: its equalities and inequalities over
 * (1, unknowns), one row of 1 + n_var entries each. The constraints are
 * collected here and handed to isl once (lp_to_set): adding them one by one
 * simplifies the whole set at every step, quadratic in their number, which
 * dominated the compile time of long chains (issue 17). The integer set, and
 * so its lexicographic minimum, is the same. */
struct lp {
  int width;
  int n[2];
  int cap[2];
  int64_t *rows[2];
};

static void lp_init(struct sched *sc, struct lp *lp) {
  memset(lp, 0, sizeof(*lp));
  lp->width = 1 + sc->n_var;
}

static void lp_clear(struct lp *lp) {
  free(lp->rows[0]);
  free(lp->rows[1]);
}

/* Returns a zeroed new row of the equalities (if "is_eq") or inequalities
 * of "lp". */
static int64_t *lp_add_row(struct lp *lp, int is_eq) {
  int64_t *row;

  if (lp->n[is_eq] == lp->cap[is_eq]) {
    lp->cap[is_eq] = 2 * lp->cap[is_eq] + 16;
    lp->rows[is_eq] =
        realloc(lp->rows[is_eq],
                (size_t)lp->cap[is_eq] * lp->width * sizeof(*lp->rows[0]));
    if (!lp->rows[is_eq])
      abort();
  }
  row = lp->rows[is_eq] + (size_t)lp->n[is_eq]++ * lp->width;
  memset(row, 0, lp->width * sizeof(*row));
  return row;
}

/* Adds the constraint "coefs" . (1, x) >= 0 (= 0 if "is_eq") to "lp";
 * "coefs" has 1 + n_var entries. */
static void lp_add(struct lp *lp, const int64_t *coefs, int is_eq) {
  memcpy(lp_add_row(lp, is_eq), coefs, lp->width * sizeof(*coefs));
}

/* Returns the rows "n" x "width" of "rows" as an isl matrix. */
static __isl_give isl_mat *rows_to_mat(isl_ctx *ctx, const int64_t *rows, int n,
                                       int width) {
  isl_mat *mat = isl_mat_alloc(ctx, n, width);
  int i, j;

  for (i = 0; i < n; ++i)
    for (j = 0; j < width; ++j) {
      int64_t v = rows[(size_t)i * width + j];
      if (v >= INT_MIN && v <= INT_MAX)
        mat = isl_mat_set_element_si(mat, i, j, (int)v);
      else
        mat = isl_mat_set_element_val(mat, i, j, isl_val_int_from_si(ctx, v));
    }
  return mat;
}

/* Returns the integer set of the constraints of "lp", in the space of the
 * unknowns. */
static __isl_give isl_basic_set *lp_to_set(struct sched *sc, struct lp *lp) {
  isl_mat *eq = rows_to_mat(sc->ctx, lp->rows[1], lp->n[1], lp->width);
  isl_mat *ineq = rows_to_mat(sc->ctx, lp->rows[0], lp->n[0], lp->width);

  return isl_basic_set_from_constraint_matrices(
      isl_space_set_alloc(sc->ctx, 0, sc->n_var), eq, ineq, isl_dim_cst,
      isl_dim_set, isl_dim_div, isl_dim_param);
}

/* Starts "lp" with every unknown non-negative and sum_c defined. */
static void lp_start(struct sched *sc, struct lp *lp) {
  int64_t *c;
  int s, k, v;

  lp_init(sc, lp);
  for (v = 0; v < sc->n_var; ++v)
    lp_add_row(lp, 0)[1 + v] = 1;
  c = lp_add_row(lp, 1);
  c[1 + 1] = -1;
  for (s = 0; s < sc->m->n_stmt; ++s)
    for (k = 0; k < rank_of(sc, s); ++k)
      c[1 + var_of(sc, s, k)] = 1;
}

/* Makes room for one more entry in the Farkas cache; returns 0 if memory
 * runs out (the entry is then not cached). */
static int cache_room(struct sched *sc) {
  int max = sc->max_coef ? 2 * sc->max_coef : 16;
  isl_map **dep;
  isl_basic_set **coef;

  if (sc->n_coef < sc->max_coef)
    return 1;
  dep = realloc(sc->dep, max * sizeof(*dep));
  if (dep)
    sc->dep = dep;
  coef = realloc(sc->coef, max * sizeof(*coef));
  if (coef)
    sc->coef = coef;
  if (!dep || !coef)
    return 0;
  sc->max_coef = max;
  return 1;
}

/* Returns the (flattened, rational) set of (c_0, c) with c_0 + c.x >= 0 on
 * "set", or NULL if the result has divs. isl_set_coefficients refuses local
 * variables (a dependence through "j mod 3"), so they are eliminated first
 * (isl_set_remove_divs: Fourier-Motzkin, the rational projection, a
 * superset of "set"), which keeps every constraint derived from the
 * coefficients sound (Farkas' lemma on an over-approximation of the
 * dependence, as isl's scheduler does). Lifting them to set dimensions
 * and keeping the coefficients without them gives the same set, but took
 * 5.5 s on a convolution reading through ceildiv and floordiv
 * (test/fuzz/regressions/opt/ok-conv-ceildiv-slow-farkas), against
 * milliseconds this way. */
static __isl_give isl_basic_set *coefficients(__isl_take isl_set *set) {
  isl_basic_set *f;
  isl_size n_param = isl_set_dim(set, isl_dim_param);
  isl_size n_set = isl_set_dim(set, isl_dim_set);
  int i;

  /* The extents of dynamic dimensions (parameters) become variables at the
   * end, their coefficients fixed to 0: a schedule does not depend on
   * them, and each constraint holds for every extent. */
  set = isl_set_move_dims(isl_set_flatten(set), isl_dim_set, n_set,
                          isl_dim_param, 0, n_param);
  f = isl_basic_set_flatten(isl_set_coefficients(isl_set_remove_divs(set)));
  for (i = 0; i < n_param; ++i)
    f = isl_basic_set_fix_si(f, isl_dim_set, 1 + n_set + i, 0);
  f = isl_basic_set_project_out(f, isl_dim_set, 1 + n_set, n_param);
  if (isl_basic_set_dim(f, isl_dim_div) != 0)
    f = isl_basic_set_free(f);
  return f;
}

/* Returns the (flattened, rational) coefficient set of dependence "dep",
 * from the run's cache when it was computed before, or NULL if it has
 * divs. */
static __isl_give isl_basic_set *farkas_coefficients(struct sched *sc,
                                                     __isl_take isl_map *dep) {
  isl_basic_set *f;
  int i;

  for (i = 0; i < sc->n_coef; ++i)
    if (sc->dep[i] == dep ||
        isl_map_plain_is_equal(sc->dep[i], dep) == isl_bool_true) {
      isl_map_free(dep);
      return isl_basic_set_copy(sc->coef[i]);
    }
  f = coefficients(isl_map_wrap(isl_map_copy(dep)));
  if (!f || !cache_room(sc)) {
    isl_map_free(dep);
    return f;
  }
  sc->dep[sc->n_coef] = dep;
  sc->coef[sc->n_coef++] = isl_basic_set_copy(f);
  return f;
}

/* Internal data structure for add_farkas_map: the run, the LP being built
 * and the kind of constraint: the Farkas coefficients of
 * "omega" * w + "sigma" * (phi_T(t) - phi_S(s)). */
struct farkas_data {
  struct sched *sc;
  struct lp *lp;
  int omega, sigma;
};

/* Adds to data->lp the constraint a . (1, c_0, c_s, c_t) >= 0 (= 0 if
 * "is_eq") of the Farkas coefficients of a dependence from "s" to "t",
 * rewritten over the unknowns: c_0 = omega w + sigma (const_t - const_s),
 * c_s = -sigma phi_S's iterator coefficients, c_t = sigma phi_T's. */
static void add_farkas_row(struct farkas_data *data, int s, int t,
                           const int64_t *a, int is_eq) {
  struct sched *sc = data->sc;
  int ns = rank_of(sc, s), nt = rank_of(sc, t), k;
  int64_t *row = lp_add_row(data->lp, is_eq);

  row[0] = a[0];
  row[1 + 0] += data->omega * a[1];
  row[1 + var_of(sc, t, nt)] += data->sigma * a[1];
  row[1 + var_of(sc, s, ns)] -= data->sigma * a[1];
  for (k = 0; k < ns; ++k)
    row[1 + var_of(sc, s, k)] -= data->sigma * a[2 + k];
  for (k = 0; k < nt; ++k)
    row[1 + var_of(sc, t, k)] += data->sigma * a[2 + ns + k];
}

/* Adds the rows of "mat" (the equalities if "is_eq", else inequalities of a
 * Farkas coefficient set) of a dependence from "s" to "t" to data->lp.
 * Returns -1 if an entry is not a small integer. */
static int add_farkas_mat(struct farkas_data *data, int s, int t,
                          __isl_keep isl_mat *mat, int is_eq) {
  isl_size n = isl_mat_rows(mat), w = isl_mat_cols(mat);
  int64_t *a = calloc(w > 0 ? w : 1, sizeof(*a));
  int i, j, ok = n >= 0 && w >= 0;

  if (!a)
    abort();
  for (i = 0; ok && i < n; ++i) {
    for (j = 0; ok && j < w; ++j) {
      isl_val *v = isl_mat_get_element_val(mat, i, j);
      ok = v && isl_val_is_int(v) && isl_val_cmp_si(v, INT32_MAX) < 0 &&
           isl_val_cmp_si(v, -INT32_MAX) > 0;
      if (ok)
        a[j] = isl_val_get_num_si(v);
      isl_val_free(v);
    }
    if (ok)
      add_farkas_row(data, s, t, a, is_eq);
  }
  free(a);
  return ok ? 0 : -1;
}

/* Adds the Farkas constraints of dependence "dep" to data->lp. The
 * coefficient set is rational and lives in [c_0, c_s, c_t]; its
 * constraints become integer constraints on the unknowns. */
static isl_stat add_farkas_map(__isl_take isl_map *dep, void *user) {
  struct farkas_data *data = user;
  struct sched *sc = data->sc;
  int s = stmt_index(sc, isl_map_get_tuple_name(dep, isl_dim_in));
  int t = stmt_index(sc, isl_map_get_tuple_name(dep, isl_dim_out));
  isl_basic_set *f;
  isl_mat *eq, *ineq;
  int ok;

  if (s < 0 || t < 0) {
    isl_map_free(dep);
    return isl_stat_error;
  }
  /* A distance that grows with an extent is bounded by no constant w:
   * proximity, which only steers the choice among valid rows, looks at
   * nominal extents. */
  if (data->omega && isl_map_dim(dep, isl_dim_param) > 0)
    dep = mdh_isl_map_fix_nominal(dep);
  f = farkas_coefficients(sc, dep);
  eq = isl_basic_set_equalities_matrix(f, isl_dim_cst, isl_dim_set,
                                       isl_dim_param, isl_dim_div);
  ineq = isl_basic_set_inequalities_matrix(f, isl_dim_cst, isl_dim_set,
                                           isl_dim_param, isl_dim_div);
  isl_basic_set_free(f);
  ok = eq && ineq && add_farkas_mat(data, s, t, eq, 1) == 0 &&
       add_farkas_mat(data, s, t, ineq, 0) == 0;
  isl_mat_free(eq);
  isl_mat_free(ineq);
  return ok ? isl_stat_ok : isl_stat_error;
}

static isl_stat add_farkas(struct sched *sc, struct lp *lp,
                           __isl_keep isl_union_map *deps, int omega,
                           int sigma) {
  struct farkas_data data = {sc, lp, omega, sigma};

  return isl_union_map_foreach_map(deps, &add_farkas_map, &data);
}

/* Adds the progression constraints of statement "s" (see the top). The null
 * space basis vectors are oriented with their first non-zero entry
 * positive, so that the constraints are deterministic. */
static isl_stat add_progression(struct sched *sc, struct state *st,
                                struct lp *lp, int s) {
  int rank = rank_of(sc, s), c, r;
  isl_mat *kernel = st->depth ? isl_mat_right_kernel(linear_rows(sc, st, s))
                              : isl_mat_identity(sc->ctx, rank);
  isl_size n = isl_mat_cols(kernel);
  int64_t *sum = calloc(1 + sc->n_var, sizeof(*sum));
  int64_t *one = calloc(1 + sc->n_var, sizeof(*one));
  int64_t *v = calloc(1 + sc->n_var, sizeof(*v));

  if (!sum || !one || !v)
    abort();
  for (r = 0; r < n; ++r) {
    int sign = 0;
    memset(v, 0, (1 + sc->n_var) * sizeof(*v));
    for (c = 0; c < rank; ++c) {
      isl_val *e = isl_mat_get_element_val(kernel, c, r);
      long x = isl_val_get_num_si(e);
      isl_val_free(e);
      if (!sign && x)
        sign = x > 0 ? 1 : -1;
      v[1 + var_of(sc, s, c)] = x;
    }
    for (c = 0; c < rank; ++c) {
      v[1 + var_of(sc, s, c)] *= sign;
      sum[1 + var_of(sc, s, c)] += v[1 + var_of(sc, s, c)];
    }
    lp_add(lp, v, 0);
  }
  sum[0] = -1;
  lp_add(lp, sum, 0);
  one[0] = -1;
  for (c = 0; c < rank; ++c)
    one[1 + var_of(sc, s, c)] = 1;
  lp_add(lp, one, 0);
  isl_mat_free(kernel);
  free(sum);
  free(one);
  free(v);
  return n < 0 ? isl_stat_error : isl_stat_ok;
}

/* Returns the row index of linear row "d". */
static int linear_row_index(struct state *st, int d) {
  int r;

  for (r = 0; r < st->n_row; ++r)
    if (!st->rows[r].scalar && d-- == 0)
      return r;
  return -1;
}

/* Tells whether a scalar row of "st" already orders statements "s" and "t"
 * apart. */
static int separated(struct sched *sc, struct state *st, int s, int t) {
  int r;

  for (r = 0; r < st->n_row; ++r)
    if (st->rows[r].scalar &&
        row_coef(sc, st, r)[sc->off[s] + rank_of(sc, s)] !=
            row_coef(sc, st, r)[sc->off[t] + rank_of(sc, t)])
      return 1;
  return 0;
}

/* Tells whether "row" ties statements that a scalar row of "st" has
 * already ordered apart: fusion constraints (gpu_optimizer.c) are for
 * statements that share the band, and no longer apply to them. */
static int ties_separated(struct sched *sc, struct state *st,
                          const struct mdh_infl_row *row) {
  int i, j;

  for (i = 0; i < row->n_term; ++i)
    for (j = i + 1; j < row->n_term; ++j)
      if (row->terms[i].stmt != row->terms[j].stmt &&
          separated(sc, st, row->terms[i].stmt, row->terms[j].stmt))
        return 1;
  return 0;
}

/* Adds the rows of "node" to "lp", but those tying statements already
 * ordered apart; terms on earlier rows take their values. Returns 0 when a
 * row that became constant is violated, 1 otherwise. */
static int add_influence(struct sched *sc, struct state *st, struct lp *lp,
                         struct mdh_infl_node *node) {
  int64_t *v = calloc(1 + sc->n_var, sizeof(*v));
  int k, j, feasible = 1;

  if (!v)
    abort();
  for (k = 0; node && feasible && k < node->n_row; ++k) {
    const struct mdh_infl_row *row = &node->rows[k];
    int n_var = 0;
    if (ties_separated(sc, st, row))
      continue;
    memset(v, 0, (1 + sc->n_var) * sizeof(*v));
    v[0] = row->cst;
    for (j = 0; j < row->n_term; ++j) {
      const struct mdh_infl_term *t = &row->terms[j];
      if (t->dim == st->depth) {
        v[1 + var_of(sc, t->stmt, t->col)] += t->coef;
        ++n_var;
      } else {
        int r = linear_row_index(st, t->dim);
        v[0] += t->coef * row_coef(sc, st, r)[sc->off[t->stmt] + t->col];
      }
    }
    if (n_var)
      lp_add(lp, v, row->is_eq);
    else if (row->is_eq ? v[0] != 0 : v[0] < 0)
      feasible = 0;
  }
  free(v);
  return feasible;
}

/* Replaces "bset" by its points with unknown "k" at its integer minimum;
 * returns an empty set if there are none. */
static __isl_give isl_basic_set *fix_min(__isl_take isl_basic_set *bset,
                                         int k) {
  isl_space *space = isl_basic_set_get_space(bset);
  isl_aff *x = isl_aff_neg(
      isl_aff_var_on_domain(isl_local_space_from_space(space), isl_dim_set, k));
  isl_val *max = isl_basic_set_max_val(bset, x);

  isl_aff_free(x);
  if (max && isl_val_is_nan(max)) {
    isl_val_free(max);
    space = isl_basic_set_get_space(bset);
    isl_basic_set_free(bset);
    return isl_basic_set_empty(space);
  }
  return isl_basic_set_fix_val(bset, isl_dim_set, k, isl_val_neg(max));
}

/* Returns the lexicographic minimum of the integer points of "bset" (all
 * unknowns non-negative), or an empty set. The two leading unknowns, the
 * proximity bound w and the coefficient sum, are minimised first, each as
 * a single integer program (isl_basic_set_max_val: an LP, then a search by
 * basis reduction), and fixed; isl_basic_set_lexmin (parametric integer
 * programming) then solves the rest. On the whole problem its cutting
 * planes took 14 s on each of two 22-unknown row ILPs of six md_homs
 * (lit/mdh-schedule/Inputs/slow-ilp.mlir); this way both take milliseconds,
 * the minimum, being unique, is the same, and the chains of bench/scale
 * schedule as fast as before. Minimising every unknown that way was as fast
 * on the slow ILPs but 50% slower on the chains. */
static __isl_give isl_set *lexmin(__isl_take isl_basic_set *bset) {
  isl_size n = isl_basic_set_dim(bset, isl_dim_set);
  int k;

  if (n < 0)
    bset = isl_basic_set_free(bset);
  for (k = 0; k < 2 && k < n; ++k)
    bset = fix_min(bset, k);
  return isl_basic_set_lexmin(bset);
}

/* Stores coordinate "v" of "pt" in "out". Returns 1, or -1 if it is not a
 * small integer (rows are kept in 32-bit range for isl_aff). */
static int read_coordinate(__isl_keep isl_point *pt, int v, int64_t *out) {
  isl_val *x = isl_point_get_coordinate_val(pt, isl_dim_set, v);
  int ok = x && isl_val_is_int(x) && isl_val_cmp_si(x, INT32_MAX) < 0;

  if (ok)
    *out = isl_val_get_num_si(x);
  isl_val_free(x);
  return ok ? 1 : -1;
}

/* Solves the ILP of the next row of "st" under "node", with the coincidence
 * constraints if "coincident" and the progression constraints if
 * "progression". Stores the row in "out" (n_col entries). Returns 1 if
 * found, 0 if infeasible, -1 on error. */
static int solve_once(struct sched *sc, struct state *st,
                      struct mdh_infl_node *node, int progression,
                      int coincident, int64_t *out) {
  struct lp lp;
  isl_stat ok = isl_stat_ok;
  isl_set *opt;
  isl_point *pt;
  int s, c;
  int found;

  if (++sc->n_solve > sc->max_solves)
    return 0;
  lp_start(sc, &lp);
  if (!add_influence(sc, st, &lp, node)) {
    lp_clear(&lp);
    return 0;
  }
  for (s = 0; ok >= 0 && progression && s < sc->m->n_stmt; ++s)
    if (needs_row(sc, st, s))
      ok = add_progression(sc, st, &lp, s);
  if (ok >= 0)
    ok = add_farkas(sc, &lp, st->band_val, 0, 1);
  if (ok >= 0)
    ok = add_farkas(sc, &lp, st->all_live, 1, -1);
  if (ok >= 0 && coincident)
    ok = add_farkas(sc, &lp, st->all_live, 0, 1);
  if (ok >= 0 && coincident)
    ok = add_farkas(sc, &lp, st->all_live, 0, -1);
  opt = ok >= 0 ? lexmin(lp_to_set(sc, &lp)) : NULL;
  lp_clear(&lp);
  found = isl_set_is_empty(opt);
  if (found < 0 || found) {
    isl_set_free(opt);
    return found < 0 ? -1 : 0;
  }
  pt = isl_set_sample_point(opt);
  found = pt ? 1 : -1;
  for (s = 0; found > 0 && s < sc->m->n_stmt; ++s)
    for (c = 0; found > 0 && c <= rank_of(sc, s); ++c)
      found = read_coordinate(pt, var_of(sc, s, c), &out[sc->off[s] + c]);
  isl_point_free(pt);
  return found;
}

/* Solves the next row, first with coincidence (unless the node asks for
 * it, then only with it). "coincident" tells which one succeeded. */
static int solve(struct sched *sc, struct state *st, struct mdh_infl_node *node,
                 int progression, int64_t *out, int *coincident) {
  int r = solve_once(sc, st, node, progression, 1, out);

  *coincident = 1;
  if (r != 0 || (node && node->coincident))
    return r;
  *coincident = 0;
  return solve_once(sc, st, node, progression, 0, out);
}

/* Returns phi_S of row "coef" for statement "s" on its universe. */
static __isl_give isl_aff *row_aff(struct sched *sc, const int64_t *coef,
                                   int s) {
  int rank = rank_of(sc, s), c;
  isl_aff *aff = isl_aff_zero_on_domain(
      isl_local_space_from_space(isl_set_get_space(sc->m->stmts[s].domain)));

  for (c = 0; c < rank; ++c)
    aff = isl_aff_set_coefficient_si(aff, isl_dim_in, c,
                                     (int)coef[sc->off[s] + c]);
  return isl_aff_set_constant_si(aff, (int)coef[sc->off[s] + rank]);
}

/* Returns { S[i] -> [phi_S(i)] } of row "coef" over the domains of all
 * statements. */
static __isl_give isl_union_map *row_map(struct sched *sc,
                                         const int64_t *coef) {
  isl_union_map *map = isl_union_map_empty(isl_space_params_alloc(sc->ctx, 0));
  int s;

  for (s = 0; s < sc->m->n_stmt; ++s)
    map = isl_union_map_add_map(
        map, isl_map_intersect_domain(isl_map_from_aff(row_aff(sc, coef, s)),
                                      isl_set_copy(sc->m->stmts[s].domain)));
  return map;
}

/* Appends row "coef" to "st" and keeps only the dependence pairs the row
 * does not separate (validity guarantees the others are carried). A scalar
 * row starts a new band. */
static void add_row(struct sched *sc, struct state *st, const int64_t *coef,
                    int scalar, int coincident) {
  isl_union_map *phi = row_map(sc, coef);
  isl_union_map *inverse = isl_union_map_reverse(isl_union_map_copy(phi));
  isl_union_map *same = isl_union_map_apply_range(phi, inverse);

  memcpy(row_coef(sc, st, st->n_row), coef, sc->n_col * sizeof(*coef));
  st->rows[st->n_row].scalar = scalar;
  st->rows[st->n_row].band = st->band;
  st->rows[st->n_row].coincident = coincident;
  st->n_row++;
  st->val_live =
      isl_union_map_intersect(st->val_live, isl_union_map_copy(same));
  st->all_live = isl_union_map_intersect(st->all_live, same);
  if (scalar) {
    st->band++;
    isl_union_map_free(st->band_val);
    st->band_val = isl_union_map_copy(st->val_live);
  } else {
    st->depth++;
  }
}

/* Starts a new band: the dependences carried so far no longer constrain
 * it (Algorithm 1, "discard permutability"). */
static void new_band(struct state *st) {
  st->band++;
  isl_union_map_free(st->band_val);
  st->band_val = isl_union_map_copy(st->val_live);
}

/* Internal data structure for collect_edge: the run and the adjacency
 * matrix of statements with a live dependence. */
struct edge_data {
  struct sched *sc;
  char *edge;
};

static isl_stat collect_edge(__isl_take isl_map *map, void *user) {
  struct edge_data *data = user;
  int n = data->sc->m->n_stmt;
  int s = stmt_index(data->sc, isl_map_get_tuple_name(map, isl_dim_in));
  int t = stmt_index(data->sc, isl_map_get_tuple_name(map, isl_dim_out));
  isl_bool empty = isl_map_is_empty(map);

  isl_map_free(map);
  if (s < 0 || t < 0 || empty < 0)
    return isl_stat_error;
  if (!empty && s != t)
    data->edge[s * n + t] = 1;
  return isl_stat_ok;
}

/* The statements whose edges a scalar row cuts (split): all of them; those
 * between a statement of full rank and one without (Pluto's cut between
 * SCCs of different dimensionality); or those leaving a statement that the
 * influence tree makes run a reduction loop outside a parallel one
 * (runs_reduction_outside). */
enum cut { CUT_ALL, CUT_RANK, CUT_REDUCTION };

/* Tells whether "cut" counts the edge from "i" to "j", given the mark of
 * each statement (full rank, or reduction outside). */
static int cuts(enum cut cut, const int *mark, int i, int j) {
  if (cut == CUT_RANK)
    return mark[i] != mark[j];
  if (cut == CUT_REDUCTION)
    return mark[i];
  return 1;
}

/* Computes in "level" a scalar value per statement that orders the
 * strongly connected components of the live validity dependences: the
 * longest path to a statement, where an edge between components counts 1
 * if "cut" counts it. Stores in "edge" the live edges. Returns the number
 * of distinct levels or -1. */
static int compute_levels(struct sched *sc, struct state *st, enum cut cut,
                          char *edge, int *level, const int *mark) {
  int n = sc->m->n_stmt, i, j, k, changed, count = 0;
  char *reach = calloc((size_t)n * n, 1);
  struct edge_data data = {sc, edge};

  if (!reach)
    abort();
  memset(edge, 0, (size_t)n * n);
  if (isl_union_map_foreach_map(st->val_live, &collect_edge, &data) < 0) {
    free(reach);
    return -1;
  }
  memcpy(reach, edge, (size_t)n * n);
  for (k = 0; k < n; ++k)
    for (i = 0; i < n; ++i)
      for (j = 0; j < n; ++j)
        if (reach[i * n + k] && reach[k * n + j])
          reach[i * n + j] = 1;
  memset(level, 0, n * sizeof(*level));
  do {
    changed = 0;
    for (i = 0; i < n; ++i)
      for (j = 0; j < n; ++j) {
        int same = reach[i * n + j] && reach[j * n + i];
        int w = same ? 0 : cuts(cut, mark, i, j);
        if ((edge[i * n + j] || same) && level[j] < level[i] + w) {
          level[j] = level[i] + w;
          changed = 1;
        }
      }
  } while (changed);
  free(reach);
  for (i = 0; i <= n; ++i)
    for (j = 0; j < n; ++j)
      if (level[j] == i) {
        ++count;
        break;
      }
  return count;
}

/* Appends a scalar row with value "level" per statement. */
static void add_scalar_row(struct sched *sc, struct state *st,
                           const int *level) {
  int64_t *coef = calloc(sc->n_col, sizeof(*coef));
  int s;

  if (!coef)
    abort();
  for (s = 0; s < sc->m->n_stmt; ++s)
    coef[sc->off[s] + rank_of(sc, s)] = level[s];
  add_row(sc, st, coef, 1, 0);
  free(coef);
}

/* Returns the dimension of statement "s" that "node" sets to 1 alone in
 * the row it constrains (a scenario's choice, gpu_optimizer.c), or -1. A
 * user's tree may also constrain earlier rows from a node: those do not
 * tell the order below it. */
static int chosen_dim(struct mdh_infl_node *node, int s) {
  int k;

  for (k = 0; k < node->n_row; ++k) {
    const struct mdh_infl_row *row = &node->rows[k];
    if (row->is_eq && row->n_term == 1 && row->terms[0].stmt == s &&
        row->terms[0].dim == node->depth && row->terms[0].coef == 1 &&
        row->cst == -1)
      return row->terms[0].col;
  }
  return -1;
}

/* Tells whether the rows that "node" and its first descendants ask for
 * make statement "s" run one of its reduction (pw or ps) loops outside one
 * of its parallel (cc) loops: a matrix product ordered i, k, j for its
 * stride-1 accesses. A statement that reads the result of "s" could then
 * share the rows down to the reduction loop only, and below it only by a
 * shift of the reduction's extent (the consumer runs after the last
 * iteration of the loop), which serializes the two and, when the consumer
 * is fused with that order, puts the reduction innermost in the variants
 * that follow. */
static int runs_reduction_outside(struct sched *sc, struct mdh_infl_node *node,
                                  int s) {
  int d, reduction = 0;

  for (; node; node = mdh_infl_node_first_child(node)) {
    d = chosen_dim(node, s);
    if (d < 0)
      continue;
    if (sc->m->stmts[s].kinds[d] != MdhCombineCC)
      reduction = 1;
    else if (reduction)
      return 1;
  }
  return 0;
}

/* Orders the strongly connected components of the live dependences by a
 * scalar row, cutting the edges "cut" counts (compute_levels), and only if
 * that separates the two ends of some such live edge. CUT_ALL is Algorithm
 * 1's last resort; CUT_RANK and CUT_REDUCTION are cuts made before a
 * linear row (see the top). Returns 1 if a row was added, 0 if not, -1 on
 * error. */
static int split(struct sched *sc, struct state *st, enum cut cut) {
  int n = sc->m->n_stmt, s, t, r = 0, count;
  char *edge = calloc((size_t)n * n, 1);
  int *level = calloc(n, sizeof(*level));
  int *mark = calloc(n, sizeof(*mark));

  if (!edge || !level || !mark)
    abort();
  for (s = 0; s < n; ++s)
    mark[s] = cut == CUT_REDUCTION ? runs_reduction_outside(sc, st->node, s)
                                   : !needs_row(sc, st, s);
  count = compute_levels(sc, st, cut, edge, level, mark);
  if (count < 0)
    r = -1;
  for (s = 0; count > 1 && s < n; ++s)
    for (t = 0; t < n; ++t)
      if (edge[s * n + t] && level[s] != level[t] && cuts(cut, mark, s, t))
        r = 1;
  if (r == 1)
    add_scalar_row(sc, st, level);
  free(edge);
  free(level);
  free(mark);
  return r;
}

/* Returns the closest right sibling of an ancestor of "node", or NULL. */
static struct mdh_infl_node *
ancestor_right_sibling(struct mdh_infl_node *node) {
  struct mdh_infl_node *sib;

  for (node = node ? node->parent : NULL; node; node = node->parent)
    if ((sib = mdh_infl_node_right_sibling(node)))
      return sib;
  return NULL;
}

/* Tells whether some dependence live at the start of the band is now
 * strongly satisfied. */
static int band_carries(struct state *st) {
  isl_bool eq = isl_union_map_is_equal(st->val_live, st->band_val);

  return eq < 0 ? -1 : !eq;
}

/* Computes the next linear row and appends it, or returns 0 if the ILP of
 * the current node is infeasible, -1 on error. Progression is dropped when
 * only the tree asks for another row (Algorithm 1, line 13): when no
 * dependence is left, reduction self-dependences included (they are
 * dependences too; only validity relaxes them). */
static int next_row(struct sched *sc, struct state *st) {
  int64_t *coef = calloc(sc->n_col, sizeof(*coef));
  int coincident, r;

  if (!coef)
    abort();
  r = solve(sc, st, st->node, 1, coef, &coincident);
  if (r == 0 && st->node &&
      isl_union_map_is_empty(st->all_live) == isl_bool_true)
    r = solve(sc, st, st->node, 0, coef, &coincident);
  if (r > 0) {
    add_row(sc, st, coef, 0, coincident);
    if (st->node)
      st->met = st->node;
    st->node = mdh_infl_node_first_child(st->node);
  }
  free(coef);
  return r;
}

/* Handles an infeasible row with Algorithm 1's fallbacks (see the top).
 * Returns 1 if scheduling can go on, 0 if not, -1 on error. */
static int backtrack(struct sched *sc) {
  struct state *st = &sc->cur;
  struct mdh_infl_node *sib = mdh_infl_node_right_sibling(st->node);
  int r;

  if (sib) {
    state_copy(sc, st, &sc->snap[st->depth]);
    st->node = sib;
    return 1;
  }
  r = band_carries(st);
  if (r)
    return r < 0 ? -1 : (new_band(st), 1);
  sib = ancestor_right_sibling(st->node);
  if (sib) {
    state_copy(sc, st, &sc->snap[sib->depth]);
    st->node = sib;
    return 1;
  }
  return split(sc, st, CUT_ALL);
}

/* Algorithm 1 on sc->cur. Returns 1 on success, 0 if no schedule was
 * found, -1 on error. */
static int run(struct sched *sc) {
  struct state *st = &sc->cur;
  int fresh = 1, r;

  for (;;) {
    if (st->n_row >= sc->max_row - 1 || sc->n_solve > sc->max_solves)
      return 0;
    if (!st->node && all_full_rank(sc, st)) {
      r = isl_union_map_is_empty(st->val_live);
      if (r)
        return r;
      if ((r = split(sc, st, CUT_ALL)) <= 0)
        return r;
      continue;
    }
    if ((r = split(sc, st, CUT_RANK)) < 0 ||
        (!r && (r = split(sc, st, CUT_REDUCTION)) < 0))
      return -1;
    if (r)
      continue;
    if (fresh)
      state_copy(sc, &sc->snap[st->depth], st);
    fresh = 0;
    r = next_row(sc, st);
    if (r > 0)
      fresh = 1;
    else if (r < 0 || (r = backtrack(sc)) <= 0)
      return r;
  }
}

/* Returns the filter of the statements with "in[s]": their universes (the
 * domain node restricts them), as isl prints its own filters. */
static __isl_give isl_union_set *filter_of(struct sched *sc, const int *in) {
  isl_union_set *set = isl_union_set_empty(isl_space_params_alloc(sc->ctx, 0));
  int s;

  for (s = 0; s < sc->m->n_stmt; ++s)
    if (in[s])
      set = isl_union_set_add_set(
          set, isl_set_universe(isl_set_get_space(sc->m->stmts[s].domain)));
  return set;
}

/* Tells whether row "r" is the same constant for all statements with
 * "in[s]" (it neither orders nor enumerates them). */
static int row_is_constant(struct sched *sc, int r, const int *in) {
  const int64_t *coef = row_coef(sc, &sc->cur, r);
  int s, c, first = -1;

  for (s = 0; s < sc->m->n_stmt; ++s) {
    if (!in[s])
      continue;
    for (c = 0; c < rank_of(sc, s); ++c)
      if (coef[sc->off[s] + c])
        return 0;
    if (first < 0)
      first = s;
    else if (coef[sc->off[s] + rank_of(sc, s)] !=
             coef[sc->off[first] + rank_of(sc, first)])
      return 0;
  }
  return 1;
}

/* Returns row "r" over the statements with "in[s]". */
static __isl_give isl_union_pw_aff *row_upa(struct sched *sc, int r,
                                            const int *in) {
  const int64_t *coef = row_coef(sc, &sc->cur, r);
  isl_union_pw_aff *upa =
      isl_union_pw_aff_empty(isl_space_params_alloc(sc->ctx, 0));
  int s;

  for (s = 0; s < sc->m->n_stmt; ++s)
    if (in[s])
      upa = isl_union_pw_aff_add_pw_aff(
          upa, isl_pw_aff_from_aff(row_aff(sc, coef, s)));
  return upa;
}

static __isl_give isl_schedule_node *build(struct sched *sc,
                                           __isl_take isl_schedule_node *node,
                                           const int *in, int r);

/* Inserts a sequence ordering the statements of "in" by the scalar row
 * "r" and builds each child from row r + 1. */
static __isl_give isl_schedule_node *
build_sequence(struct sched *sc, __isl_take isl_schedule_node *node,
               const int *in, int r) {
  const int64_t *coef = row_coef(sc, &sc->cur, r);
  int n = sc->m->n_stmt, s, v, k = 0;
  int *group = calloc(n, sizeof(*group));
  isl_union_set_list *filters = isl_union_set_list_alloc(sc->ctx, n);

  if (!group)
    abort();
  for (v = 0; v <= n; ++v) {
    int any = 0;
    for (s = 0; s < n; ++s)
      group[s] = in[s] && coef[sc->off[s] + rank_of(sc, s)] == v;
    for (s = 0; s < n; ++s)
      any |= group[s];
    if (any)
      filters = isl_union_set_list_add(filters, filter_of(sc, group));
  }
  node = isl_schedule_node_insert_sequence(node, filters);
  for (v = 0; v <= n; ++v) {
    int any = 0;
    for (s = 0; s < n; ++s)
      any |= group[s] = in[s] && coef[sc->off[s] + rank_of(sc, s)] == v;
    if (!any)
      continue;
    node = isl_schedule_node_child(isl_schedule_node_child(node, k++), 0);
    node = build(sc, node, group, r + 1);
    node = isl_schedule_node_parent(isl_schedule_node_parent(node));
  }
  free(group);
  return node;
}

/* Inserts the band of the linear rows from "r" up to the next scalar row or
 * band change (members constant over "in" left out) and builds below it. */
static __isl_give isl_schedule_node *
build_band(struct sched *sc, __isl_take isl_schedule_node *node, const int *in,
           int r) {
  struct state *st = &sc->cur;
  int end = r, n = 0, k;
  int *coincident = calloc(st->n_row, sizeof(*coincident));
  isl_union_pw_aff_list *list = isl_union_pw_aff_list_alloc(sc->ctx, 1);

  if (!coincident)
    abort();
  while (end < st->n_row && !st->rows[end].scalar &&
         st->rows[end].band == st->rows[r].band)
    ++end;
  for (k = r; k < end; ++k) {
    if (row_is_constant(sc, k, in))
      continue;
    coincident[n++] = st->rows[k].coincident;
    list = isl_union_pw_aff_list_add(list, row_upa(sc, k, in));
  }
  node = build(sc, node, in, end);
  if (!n) {
    isl_union_pw_aff_list_free(list);
    free(coincident);
    return node;
  }
  node = isl_schedule_node_insert_partial_schedule(
      node, isl_multi_union_pw_aff_from_union_pw_aff_list(
                isl_space_set_alloc(sc->ctx, 0, n), list));
  node = isl_schedule_node_band_set_permutable(node, 1);
  for (k = 0; k < n; ++k)
    node = isl_schedule_node_band_member_set_coincident(node, k, coincident[k]);
  free(coincident);
  return node;
}

/* Builds the schedule of rows "r".. of the statements of "in" at the leaf
 * "node". A scalar row that does not separate "in" is skipped. */
static __isl_give isl_schedule_node *build(struct sched *sc,
                                           __isl_take isl_schedule_node *node,
                                           const int *in, int r) {
  if (r >= sc->cur.n_row)
    return node;
  if (!sc->cur.rows[r].scalar)
    return build_band(sc, node, in, r);
  if (row_is_constant(sc, r, in))
    return build(sc, node, in, r + 1);
  return build_sequence(sc, node, in, r);
}

/* Returns the isl schedule of the rows of sc->cur. */
static __isl_give isl_schedule *to_schedule(struct sched *sc) {
  int *all = malloc(sc->m->n_stmt * sizeof(*all));
  isl_schedule_node *node;
  isl_schedule *schedule;
  int s;

  if (!all)
    abort();
  for (s = 0; s < sc->m->n_stmt; ++s)
    all[s] = 1;
  schedule = isl_schedule_from_domain(isl_union_set_copy(sc->m->domain));
  node = isl_schedule_get_root(schedule);
  isl_schedule_free(schedule);
  node = isl_schedule_node_child(node, 0);
  node = build(sc, node, all, 0);
  schedule = isl_schedule_node_get_schedule(node);
  isl_schedule_node_free(node);
  free(all);
  return schedule;
}

/* Runs Algorithm 1 from scratch under "tree" (NULL: none). */
static int attempt(struct sched *sc, struct mdh_infl_node *tree) {
  int d;

  state_clear(&sc->cur);
  state_init(sc, &sc->cur);
  sc->cur.band_val = isl_union_map_copy(sc->m->validity);
  sc->cur.val_live = isl_union_map_copy(sc->m->validity);
  sc->cur.all_live = isl_union_map_copy(sc->m->deps);
  sc->cur.node = mdh_infl_node_first_child(tree);
  for (d = 0; d < sc->max_row; ++d) {
    state_clear(&sc->snap[d]);
    state_init(sc, &sc->snap[d]);
  }
  sc->n_solve = 0;
  return run(sc);
}

static int sched_init(struct sched *sc, struct mdh_model *m, int max_solves) {
  int s, max_rank = 0;

  memset(sc, 0, sizeof(*sc));
  sc->m = m;
  sc->ctx = m->ctx;
  sc->max_solves = max_solves > 0 ? max_solves : DEFAULT_MAX_SOLVES;
  sc->off = calloc(m->n_stmt + 1, sizeof(*sc->off));
  if (!sc->off)
    abort();
  for (s = 0; s < m->n_stmt; ++s) {
    sc->off[s + 1] = sc->off[s] + m->stmts[s].rank + 1;
    if (m->stmts[s].rank > max_rank)
      max_rank = m->stmts[s].rank;
  }
  sc->n_col = sc->off[m->n_stmt];
  sc->n_var = 2 + sc->n_col;
  sc->max_row = 2 * max_rank + 2 * m->n_stmt + 8;
  sc->snap = calloc(sc->max_row, sizeof(*sc->snap));
  if (!sc->snap)
    abort();
  return 0;
}

static void sched_clear(struct sched *sc) {
  int d;

  for (d = 0; d < sc->n_coef; ++d) {
    isl_map_free(sc->dep[d]);
    isl_basic_set_free(sc->coef[d]);
  }
  free(sc->dep);
  free(sc->coef);
  state_clear(&sc->cur);
  for (d = 0; d < sc->max_row; ++d)
    state_clear(&sc->snap[d]);
  free(sc->snap);
  free(sc->off);
}

__isl_give isl_schedule *mdh_sched_compute(struct mdh_model *m,
                                           struct mdh_infl_node *tree,
                                           int max_solves, char **how) {
  struct sched sc;
  isl_schedule *schedule = NULL;
  int r = 0;

  *how = NULL;
  sched_init(&sc, m, max_solves);
  if (tree && tree->n_child)
    r = attempt(&sc, tree);
  if (r > 0) {
    char *path = mdh_infl_node_path(sc.cur.met);
    struct mdh_str s;
    mdh_str_init(&s);
    mdh_str_printf(&s, "influence %s", path);
    free(path);
    *how = s.data;
  } else if (r == 0) {
    r = attempt(&sc, NULL);
    if (r > 0)
      *how = strdup("plain");
  }
  if (r > 0)
    schedule = to_schedule(&sc);
  sched_clear(&sc);
  return schedule;
}

void mdh_sched_infl_stmts(const struct mdh_model *m, const char **names,
                          int *ranks, struct mdh_infl_stmts *stmts) {
  int s;

  for (s = 0; s < m->n_stmt; ++s) {
    names[s] = m->stmts[s].name;
    ranks[s] = m->stmts[s].rank;
  }
  stmts->n = m->n_stmt;
  stmts->names = names;
  stmts->ranks = ranks;
}
