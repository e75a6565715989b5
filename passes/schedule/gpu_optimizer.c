/* The GPU optimizer that builds the influence tree (constraint-injection
 * paper, section IV).
 *
 * Algorithm 2: for each statement, the innermost schedule dimensions are
 * chosen one by one, innermost first, by
 *
 *   cost(d) = w1 |V_w| + w2 |V_r| + w3 / M + w4 |C| + w5 F N / L
 *
 * with W = (5, 3, 1, 1, 1) and the thread limit L = 1024 (divided by the
 * trip count of each chosen dimension). V_w, V_r: the stores and loads that
 * vector types (float2/float4) can serve along d, counted for the innermost
 * choice only; M: the smallest non-zero stride along d (in elements, from
 * the access map and the memref strides; invariant accesses are broadcasts
 * and left out); C: the accesses of stride M when M = 1; F: N < L. Two
 * readings of ours, where the printed formula contradicts the text: the
 * text wants C to break ties between stride-1 candidates (so |C| counts
 * only when M = 1, otherwise many far accesses would outweigh one contiguous
 * access), and it wants the last term to favour "high contribution to the
 * number of threads not exceeding L", a tie-breaker of weight 1, so we use
 * N / L (the printed L / N would give a 2-iteration dimension 512 points).
 *
 * A scenario holds at most three dimensions per statement. The paper keeps
 * the best eight; as its listing yields one per statement, we search with a
 * beam (two best choices per step, four partial scenarios kept) and combine
 * the per-statement bests with single-statement alternatives, best total
 * first. Each scenario becomes constraints (section IV-C): the dimension
 * chosen r-th from the inside gets coefficient 1 in row n-1-r of its
 * n-dimensional statement and the other chosen dimensions 0 there; rows
 * above the scenario give the chosen dimensions 0. Variants, by priority
 * (section IV-D): each scenario with fusion constraints (corresponding
 * iterators of dependent statements get equal coefficients in their common
 * rows), then each scenario alone, then each scenario's innermost dimension
 * alone. Chains sharing a prefix share tree nodes.
 */

#include "passes/schedule/gpu_optimizer.h"
#include "dialect/dialect.h"
#include "dialect/extents.h"
#include "lib/builder.h"

#include "passes/schedule/scheduler.h"
#include "support/polyhedral.h"

#include "mlir-c/BuiltinTypes.h"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

#define THREAD_LIMIT 1024.0
#define MAX_SCENARIO 3
#define BEAM_BRANCH 2
#define BEAM_KEEP 4
#define TOP_SCENARIOS 8

static const double weights[5] = {5, 3, 1, 1, 1};

/* What the cost function needs of one access of a statement: whether it
 * writes, the element distance "stride[d]" of one step along iteration
 * dimension d (INT64_MAX if not affine), and the vector width (4, 2 or 0)
 * it allows along d, "vector[d]". */
struct access {
  int is_write;
  int64_t *stride;
  int *vector;
};

/* The accesses of one statement. */
struct stmt_accesses {
  int n;
  struct access *a;
};

/* A (partial) scenario: "n" dimensions, innermost first, and its score. */
struct scenario {
  int n;
  int dim[MAX_SCENARIO];
  double score;
};

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);

  if (!p)
    abort();
  return p;
}

/* Returns the largest vector width (4 or 2) of 64 or 128 bits that the
 * access "ma" (one subscript per buffer dimension) allows along dimension
 * "d" of size "n": the last subscript is d + c with c aligned, it is
 * contiguous, no other subscript depends on d, and the trip count, the
 * buffer's last extent, its other strides and its offset are multiples of
 * the width. Returns 0 if none. */
static int vector_width(__isl_keep isl_multi_aff *ma, int d, int64_t n,
                        MlirType type, const int64_t *strides, int64_t offset) {
  int rank = (int)mlirShapedTypeGetRank(type),
      bits = mdh_type_bits(mlirShapedTypeGetElementType(type));
  int w, b, ok;

  for (w = 4; w >= 2; w -= 2) {
    ok = rank > 0 && (bits * w == 64 || bits * w == 128) && n % w == 0 &&
         !mlirShapedTypeIsDynamicStrideOrOffset(offset) && offset % w == 0 &&
         strides[rank - 1] == 1 &&
         !mlirShapedTypeIsDynamicDim(type, rank - 1) &&
         mlirShapedTypeGetDimSize(type, rank - 1) % w == 0;
    for (b = 0; ok && b < rank; ++b) {
      isl_aff *aff = isl_multi_aff_get_at(ma, b);
      isl_val *c = isl_aff_get_coefficient_val(aff, isl_dim_in, d);
      isl_val *k = isl_aff_get_constant_val(aff);
      if (b == rank - 1)
        ok = isl_val_is_one(c) && isl_val_get_num_si(k) % w == 0;
      else
        ok = isl_val_is_zero(c) &&
             !mlirShapedTypeIsDynamicStrideOrOffset(strides[b]) &&
             strides[b] % w == 0;
      isl_val_free(c);
      isl_val_free(k);
      isl_aff_free(aff);
    }
    if (ok)
      return w;
  }
  return 0;
}

/* Returns "stride" + "c" * "step", or INT64_MAX (unknown) if that
 * overflows. */
static int64_t add_stride(int64_t stride, int64_t c, int64_t step) {
  int64_t product, sum;

  if (__builtin_mul_overflow(c, step, &product) ||
      __builtin_add_overflow(stride, product, &sum) || sum == INT64_MIN)
    return INT64_MAX;
  return sum;
}

/* Fills "acc" for the access function "fn" of a statement of "rank"
 * dimensions with sizes "sizes" to a buffer of memref type "type". A
 * write's stride along a reduction dimension ("pw[d]") is 0: every point of
 * it writes the same element. A stride through a dynamic stride of the
 * buffer (memref<?x?xf32>) is unknown (INT64_MAX), as one through a div. */
static void describe_access(struct access *acc, __isl_take isl_multi_pw_aff *fn,
                            MlirType type, int rank, const int64_t *sizes,
                            const int *pw, int is_write) {
  int n = (int)mlirShapedTypeGetRank(type), d, b;
  int64_t *strides = xcalloc(n, sizeof(*strides)), offset = 0;
  isl_pw_multi_aff *pma = fn ? isl_pw_multi_aff_from_multi_pw_aff(fn) : NULL;
  isl_multi_aff *ma = NULL;
  int affine = mlirTypeIsAMemRef(type) &&
               mlirLogicalResultIsSuccess(
                   mlirMemRefTypeGetStridesAndOffset(type, strides, &offset)) &&
               pma && isl_pw_multi_aff_isa_multi_aff(pma) == isl_bool_true;

  acc->is_write = is_write;
  acc->stride = xcalloc(rank, sizeof(*acc->stride));
  acc->vector = xcalloc(rank, sizeof(*acc->vector));
  if (affine)
    ma = isl_pw_multi_aff_as_multi_aff(pma);
  else
    isl_pw_multi_aff_free(pma);
  for (d = 0; d < rank; ++d) {
    acc->stride[d] = affine ? 0 : INT64_MAX;
    for (b = 0; affine && b < n; ++b) {
      isl_aff *aff = isl_multi_aff_get_at(ma, b);
      isl_val *c = isl_aff_get_coefficient_val(aff, isl_dim_in, d);
      if (!isl_val_is_zero(c) &&
          (isl_aff_dim(aff, isl_dim_div) > 0 ||
           mlirShapedTypeIsDynamicStrideOrOffset(strides[b])))
        acc->stride[d] = INT64_MAX;
      else if (acc->stride[d] != INT64_MAX)
        acc->stride[d] =
            add_stride(acc->stride[d], isl_val_get_num_si(c), strides[b]);
      isl_val_free(c);
      isl_aff_free(aff);
    }
    if (is_write && pw[d])
      acc->stride[d] = 0;
    if (affine && acc->stride[d] && acc->stride[d] != INT64_MAX)
      acc->vector[d] = vector_width(ma, d, sizes[d], type, strides, offset);
  }
  isl_multi_aff_free(ma);
  free(strides);
}

/* Appends the accesses of "view" (writing if "is_write") to "out". */
static void add_view(struct stmt_accesses *out, isl_ctx *ctx,
                     const struct mdh_stmt *stmt, MlirOperation view,
                     int is_write) {
  intptr_t a, n = mdhViewGetNumAccesses(view);
  MlirType type = mlirValueGetType(mdhViewGetBuffer(view));
  int64_t sizes[MDH_MODEL_MAX_RANK];
  int pw[MDH_MODEL_MAX_RANK], d;

  for (d = 0; d < stmt->rank; ++d) {
    sizes[d] = mdh_extents_nominal_size(stmt->hom, d);
    pw[d] = stmt->kinds[d] == MdhCombinePW;
  }
  out->a = realloc(out->a, (out->n + n + 1) * sizeof(*out->a));
  if (!out->a)
    abort();
  for (a = 0; a < n; ++a)
    describe_access(
        &out->a[out->n++],
        mdh_isl_multi_pw_aff_from_affine_map(ctx, mdhViewGetAccess(view, a)),
        type, stmt->rank, sizes, pw, is_write);
}

/* Collects the loads (inp_views) and stores (out_views) of "stmt". */
static void collect_accesses(struct stmt_accesses *out, isl_ctx *ctx,
                             const struct mdh_stmt *stmt) {
  size_t n_inputs, v;
  struct mdh_op_list views = mdh_md_hom_views(stmt->hom, &n_inputs);

  memset(out, 0, sizeof(*out));
  for (v = 0; v < views.n; ++v)
    add_view(out, ctx, stmt, views.ops[v], v >= n_inputs);
  free(views.ops);
}

static void free_accesses(struct stmt_accesses *acc) {
  int k;

  for (k = 0; k < acc->n; ++k) {
    free(acc->a[k].stride);
    free(acc->a[k].vector);
  }
  free(acc->a);
}

/* The cost of placing dimension "d" (of "n" iterations) at the current
 * depth, "innermost" or not, with "limit" threads left (see the top). */
static double cost(const struct stmt_accesses *acc, int d, int64_t n,
                   double limit, int innermost) {
  int64_t m = INT64_MAX, stride;
  int vw = 0, vr = 0, c = 0, k;

  for (k = 0; k < acc->n; ++k) {
    stride =
        acc->a[k].stride[d] < 0 ? -acc->a[k].stride[d] : acc->a[k].stride[d];
    if (stride && stride < m)
      m = stride;
    if (innermost && acc->a[k].vector[d])
      ++*(acc->a[k].is_write ? &vw : &vr);
  }
  for (k = 0; m == 1 && k < acc->n; ++k)
    if (acc->a[k].stride[d] == 1 || acc->a[k].stride[d] == -1)
      ++c;
  return weights[0] * vw + weights[1] * vr +
         (m == INT64_MAX ? 0 : weights[2] / (double)m) + weights[3] * c +
         (n < limit ? weights[4] * (double)n / THREAD_LIMIT : 0);
}

static int scenario_has(const struct scenario *sc, int d) {
  int k;

  for (k = 0; k < sc->n; ++k)
    if (sc->dim[k] == d)
      return 1;
  return 0;
}

static int by_score(const void *a, const void *b) {
  double x = ((const struct scenario *)a)->score;
  double y = ((const struct scenario *)b)->score;

  return x < y ? 1 : x > y ? -1 : 0;
}

/* Extends "sc" by its BEAM_BRANCH best next dimensions into "out". */
static int extend(const struct stmt_accesses *acc, const struct mdh_stmt *stmt,
                  const struct scenario *sc, struct scenario *out) {
  struct scenario cand[MDH_MODEL_MAX_RANK];
  double limit = THREAD_LIMIT;
  int n = 0, d, k;

  for (k = 0; k < sc->n; ++k)
    limit /= (double)mdh_extents_nominal_size(stmt->hom, sc->dim[k]);
  for (d = 0; d < stmt->rank; ++d) {
    if (scenario_has(sc, d))
      continue;
    cand[n] = *sc;
    cand[n].dim[cand[n].n++] = d;
    cand[n].score += cost(acc, d, mdh_extents_nominal_size(stmt->hom, d),
                          limit < 1 ? 1 : limit, sc->n == 0);
    ++n;
  }
  qsort(cand, n, sizeof(*cand), &by_score);
  n = n < BEAM_BRANCH ? n : BEAM_BRANCH;
  memcpy(out, cand, n * sizeof(*cand));
  return n;
}

/* Computes the best scenarios of "stmt" into "out" (at most BEAM_KEEP,
 * best first); returns how many. */
static int stmt_scenarios(const struct stmt_accesses *acc,
                          const struct mdh_stmt *stmt, struct scenario *out) {
  struct scenario beam[BEAM_KEEP], next[BEAM_KEEP * BEAM_BRANCH];
  int n_beam = 1, n_next, len, k;
  int len_max = stmt->rank < MAX_SCENARIO ? stmt->rank : MAX_SCENARIO;

  memset(beam, 0, sizeof(beam));
  for (len = 0; len < len_max; ++len) {
    n_next = 0;
    for (k = 0; k < n_beam; ++k)
      n_next += extend(acc, stmt, &beam[k], &next[n_next]);
    qsort(next, n_next, sizeof(*next), &by_score);
    n_beam = n_next < BEAM_KEEP ? n_next : BEAM_KEEP;
    memcpy(beam, next, n_beam * sizeof(*beam));
  }
  memcpy(out, beam, n_beam * sizeof(*beam));
  return n_beam;
}

/* A choice of one scenario per statement and its total score. */
struct choice {
  int *pick;
  double score;
};

static int by_total(const void *a, const void *b) {
  double x = ((const struct choice *)a)->score;
  double y = ((const struct choice *)b)->score;

  return x < y ? 1 : x > y ? -1 : 0;
}

/* Fills "out" with at most TOP_SCENARIOS choices, best first: every
 * statement's best, then the best with one statement's alternative. */
static int choose(int n_stmt, struct scenario (*per)[BEAM_KEEP],
                  const int *n_per, struct choice *out) {
  struct choice *all = xcalloc(1 + n_stmt * BEAM_KEEP, sizeof(*all));
  int n = 0, s, t, k;

  for (s = -1; s < n_stmt; ++s)
    for (k = s < 0 ? 0 : 1; k < (s < 0 ? 1 : n_per[s]); ++k) {
      all[n].pick = xcalloc(n_stmt, sizeof(int));
      if (s >= 0)
        all[n].pick[s] = k;
      for (t = 0; t < n_stmt; ++t)
        all[n].score += per[t][all[n].pick[t]].score;
      ++n;
    }
  qsort(all + 1, n - 1, sizeof(*all), &by_total);
  for (k = TOP_SCENARIOS; k < n; ++k)
    free(all[k].pick);
  n = n < TOP_SCENARIOS ? n : TOP_SCENARIOS;
  memcpy(out, all, n * sizeof(*all));
  free(all);
  return n;
}

/* Adds the row coef * T[s][d][c] + cst = 0 to "node". */
static void add_fix(struct mdh_infl_node *node, int s, int d, int c,
                    int64_t value) {
  struct mdh_infl_term t = {s, d, c, 1};

  mdh_infl_node_add_row(node, 1, &t, -value, 1);
}

/* Adds to "node" (row "d") the constraints of scenario "sc" of statement
 * "s" of "rank" dimensions, keeping only its "keep" innermost dimensions. */
static void add_scenario(struct mdh_infl_node *node, int s, int rank, int d,
                         const struct scenario *sc, int keep) {
  int m = sc->n < keep ? sc->n : keep, q, r = rank - 1 - d;

  if (d >= rank)
    return;
  for (q = 0; q < m; ++q)
    add_fix(node, s, d, sc->dim[q], r < m && q == r);
}

/* Pairs (a of S, b of T) of iterators that dependences keep equal. */
struct tie {
  int s, t, a, b;
};

/* Internal data structure for collect_ties. */
struct tie_data {
  struct mdh_model *m;
  struct tie *ties;
  int n;
};

static int has_tie(const struct tie_data *data, int s, int t, int a, int b) {
  int k;

  for (k = 0; k < data->n; ++k)
    if (data->ties[k].s == s && data->ties[k].t == t && data->ties[k].a == a &&
        data->ties[k].b == b)
      return 1;
  return 0;
}

/* Adds the iterator pairs that "dep" keeps equal to data->ties. */
static isl_stat collect_ties(__isl_take isl_map *dep, void *user) {
  struct tie_data *data = user;
  struct mdh_stmt *s =
      mdh_model_find_stmt(data->m, isl_map_get_tuple_name(dep, isl_dim_in));
  struct mdh_stmt *t =
      mdh_model_find_stmt(data->m, isl_map_get_tuple_name(dep, isl_dim_out));
  int a, b;

  for (a = 0; s && t && s != t && a < s->rank; ++a)
    for (b = 0; b < t->rank; ++b) {
      isl_map *eq = isl_map_equate(isl_map_universe(isl_map_get_space(dep)),
                                   isl_dim_in, a, isl_dim_out, b);
      isl_bool sub = isl_map_is_subset(dep, eq);
      isl_map_free(eq);
      if (sub < 0) {
        isl_map_free(dep);
        return isl_stat_error;
      }
      if (!sub || has_tie(data, (int)(s - data->m->stmts),
                          (int)(t - data->m->stmts), a, b))
        continue;
      data->ties = realloc(data->ties, (data->n + 1) * sizeof(*data->ties));
      if (!data->ties)
        abort();
      data->ties[data->n++] = (struct tie){(int)(s - data->m->stmts),
                                           (int)(t - data->m->stmts), a, b};
    }
  isl_map_free(dep);
  return isl_stat_ok;
}

/* Adds the fusion rows of row "d": tied iterators get equal coefficients
 * where both statements have row "d". */
static void add_ties(struct mdh_infl_node *node, struct mdh_model *m,
                     const struct tie_data *ties, int d) {
  int k;

  for (k = 0; k < ties->n; ++k) {
    const struct tie *t = &ties->ties[k];
    struct mdh_infl_term terms[2] = {{t->s, d, t->a, 1}, {t->t, d, t->b, -1}};
    if (d < m->stmts[t->s].rank && d < m->stmts[t->t].rank)
      mdh_infl_node_add_row(node, 2, terms, 0, 1);
  }
}

/* Returns the textual form of the rows of "node", to compare nodes. */
static char *node_key(const struct mdh_infl_node *node,
                      const struct mdh_infl_stmts *stmts) {
  struct mdh_str s;

  mdh_str_init(&s);
  mdh_infl_node_print(node, stmts, &s);
  return s.data;
}

/* Inserts the chain "chain[0..depth)" below "root", sharing the nodes equal
 * to an existing prefix; frees the nodes not used. */
static void insert_chain(struct mdh_infl_node *root,
                         struct mdh_infl_node **chain, int depth,
                         const struct mdh_infl_stmts *stmts) {
  struct mdh_infl_node *at = root;
  int d, k;

  for (d = 0; d < depth; ++d) {
    char *key = node_key(chain[d], stmts);
    struct mdh_infl_node *next = NULL;
    for (k = 0; !next && k < at->n_child; ++k) {
      char *other = node_key(at->child[k], stmts);
      if (!strcmp(key, other))
        next = at->child[k];
      free(other);
    }
    free(key);
    if (next) {
      mdh_infl_node_free(chain[d]);
    } else {
      mdh_infl_node_add_child(at, chain[d]);
      next = chain[d];
    }
    at = next;
  }
}

/* Adds the chain of choice "ch" to "root": variant 0 with fusion rows,
 * variant 1 the scenarios alone, variant 2 their innermost dimensions. */
static void add_variant(struct mdh_infl_node *root, struct mdh_model *m,
                        struct scenario (*per)[BEAM_KEEP],
                        const struct choice *ch, const struct tie_data *ties,
                        int variant, const struct mdh_infl_stmts *stmts) {
  struct mdh_infl_node *chain[MDH_MODEL_MAX_RANK];
  int depth = 0, s, d;

  for (s = 0; s < m->n_stmt; ++s)
    if (m->stmts[s].rank > depth)
      depth = m->stmts[s].rank;
  for (d = 0; d < depth; ++d) {
    chain[d] = mdh_infl_node_alloc(d);
    for (s = 0; s < m->n_stmt; ++s)
      add_scenario(chain[d], s, m->stmts[s].rank, d, &per[s][ch->pick[s]],
                   variant == 2 ? 1 : MAX_SCENARIO);
    if (variant == 0)
      add_ties(chain[d], m, ties, d);
  }
  insert_chain(root, chain, depth, stmts);
}

struct mdh_infl_node *mdh_gpu_optimizer_tree(struct mdh_model *m) {
  struct mdh_infl_node *root = mdh_infl_node_alloc(-1);
  struct stmt_accesses *acc = xcalloc(m->n_stmt, sizeof(*acc));
  struct scenario(*per)[BEAM_KEEP] = xcalloc(m->n_stmt, sizeof(*per));
  int *n_per = xcalloc(m->n_stmt, sizeof(*n_per));
  const char **names = xcalloc(m->n_stmt, sizeof(*names));
  int *ranks = xcalloc(m->n_stmt, sizeof(*ranks));
  struct choice choices[TOP_SCENARIOS];
  struct tie_data ties = {m, NULL, 0};
  struct mdh_infl_stmts stmts;
  int s, n, k, variant;

  mdh_sched_infl_stmts(m, names, ranks, &stmts);
  for (s = 0; s < m->n_stmt; ++s) {
    collect_accesses(&acc[s], m->ctx, &m->stmts[s]);
    n_per[s] = stmt_scenarios(&acc[s], &m->stmts[s], per[s]);
  }
  if (isl_union_map_foreach_map(m->deps, &collect_ties, &ties) < 0)
    ties.n = 0;
  n = choose(m->n_stmt, per, n_per, choices);
  for (variant = 0; variant < 3; ++variant)
    for (k = 0; k < n; ++k)
      add_variant(root, m, per, &choices[k], &ties, variant, &stmts);
  for (k = 0; k < n; ++k)
    free(choices[k].pick);
  for (s = 0; s < m->n_stmt; ++s)
    free_accesses(&acc[s]);
  free(ties.ties);
  free(acc);
  free(per);
  free(n_per);
  free(names);
  free(ranks);
  return root;
}
