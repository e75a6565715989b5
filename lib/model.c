/* The polyhedral model of the mdh chains of one function (see model.h).
 *
 * Relations are built in three steps: the domain of a statement from the
 * MDA sizes, the "result relation" of a statement from its combine kinds,
 *
 *   { S[i] -> R[j] : j_d = i_d (cc), j_d = 0 (pw), i_d <= j_d < N_d (ps) }
 *
 * (a ps point contributes to every later position of its scan), and the
 * access relations from the views' affine maps: reads are the inp_view maps
 * on the domain, writes are the out_view maps after the result relation.
 */

#include "lib/model.h"
#include "dialect/dialect.h"

#include "support/ir.h"
#include "support/polyhedral.h"

#include "mlir-c/BuiltinTypes.h"

#include <isl/flow.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/space.h>

#include <stdlib.h>
#include <string.h>

/* Returns the tuple index of "buffer", adding it if it is new. */
static int buffer_index(struct mdh_model *m, MlirValue buffer) {
  int k;

  for (k = 0; k < m->n_buf; ++k)
    if (mdh_values_same_view(m->bufs[k], buffer))
      return k;
  m->bufs = realloc(m->bufs, (m->n_buf + 1) * sizeof(*m->bufs));
  if (!m->bufs)
    abort();
  m->bufs[m->n_buf] = buffer;
  return m->n_buf++;
}

/* Returns the domain { S[i] : 0 <= i_d < N_d } of "stmt", where a dynamic
 * N_d is the parameter "S_n<d>" (S the statement's name). */
static __isl_give isl_set *stmt_domain(isl_ctx *ctx, struct mdh_stmt *stmt) {
  int64_t sizes[MDH_MODEL_MAX_RANK];
  char prefix[32];
  int d;

  for (d = 0; d < stmt->rank; ++d)
    sizes[d] = mdhMdHomGetSize(stmt->hom, d);
  snprintf(prefix, sizeof(prefix), "%s_", stmt->name);
  return isl_set_set_tuple_name(
      mdh_isl_box_params(ctx, stmt->rank, sizes, prefix), stmt->name);
}

/* Returns the result relation of "stmt" (see the top of this file). */
static __isl_give isl_map *result_relation(struct mdh_stmt *stmt) {
  isl_map *rel = isl_map_from_domain(isl_set_copy(stmt->domain));
  int d;

  rel = isl_map_add_dims(rel, isl_dim_out, stmt->rank);
  for (d = 0; d < stmt->rank; ++d) {
    if (stmt->kinds[d] == MdhCombinePW) {
      rel = isl_map_fix_si(rel, isl_dim_out, d, 0);
    } else if (stmt->kinds[d] == MdhCombineCC) {
      rel = isl_map_equate(rel, isl_dim_in, d, isl_dim_out, d);
    } else {
      rel = isl_map_order_le(rel, isl_dim_in, d, isl_dim_out, d);
    }
  }
  /* j_d < N_d, where N_d may be an extent parameter. */
  return isl_map_intersect_range(
      rel, isl_set_reset_tuple_id(isl_set_copy(stmt->domain)));
}

/* Returns the relation of access "a" of "view" to buffer tuple "buf". */
static __isl_give isl_map *access_map(isl_ctx *ctx, MlirOperation view,
                                      intptr_t a, int buf) {
  char name[24];
  isl_map *map = mdh_isl_map_from_affine_map(ctx, mdhViewGetAccess(view, a));

  snprintf(name, sizeof(name), "B%d", buf);
  return isl_map_set_tuple_name(map, isl_dim_out, name);
}

/* Adds the reads of the inp_view "view" of "stmt" to "m->reads". */
static void add_inp_view(struct mdh_model *m, struct mdh_stmt *stmt,
                         MlirOperation view) {
  intptr_t a, n = mdhViewGetNumAccesses(view);
  int buf = buffer_index(m, mdhViewGetBuffer(view));
  isl_map *map;

  for (a = 0; a < n; ++a) {
    map = access_map(m->ctx, view, a, buf);
    map = isl_map_intersect_domain(
        isl_map_set_tuple_name(map, isl_dim_in, stmt->name),
        isl_set_copy(stmt->domain));
    m->reads = isl_union_map_add_map(m->reads, map);
  }
}

/* Adds the accumulation of "stmt" through the out_view "view": a write and,
 * when the statement reduces or scans, a read of the same elements. */
static void add_out_view(struct mdh_model *m, struct mdh_stmt *stmt,
                         MlirOperation view, int accumulates) {
  intptr_t a, n = mdhViewGetNumAccesses(view);
  int buf = buffer_index(m, mdhViewGetBuffer(view));
  isl_map *rel = result_relation(stmt), *map;

  for (a = 0; a < n; ++a) {
    map = isl_map_apply_range(isl_map_copy(rel),
                              access_map(m->ctx, view, a, buf));
    if (accumulates)
      m->reads = isl_union_map_add_map(m->reads, isl_map_copy(map));
    m->writes = isl_union_map_add_map(m->writes, map);
  }
  isl_map_free(rel);
}

/* Adds the accesses of "stmt" through all its views: the reads of its
 * inp_views and the accumulation through its out_views. */
static void add_accesses(struct mdh_model *m, struct mdh_stmt *stmt) {
  size_t n_inputs, v;
  struct mdh_op_list views = mdh_md_hom_views(stmt->hom, &n_inputs);
  int d, accumulates = 0;

  for (d = 0; d < stmt->rank; ++d)
    accumulates |= stmt->kinds[d] != MdhCombineCC;
  for (v = 0; v < views.n; ++v) {
    if (v < n_inputs)
      add_inp_view(m, stmt, views.ops[v]);
    else
      add_out_view(m, stmt, views.ops[v], accumulates);
  }
  free(views.ops);
}

/* Returns the original order { S_k[i] -> [k, i_s.., i_o.., 0..] } of "stmt",
 * at position "k", padded to "depth" dimensions after k: its scan (ps)
 * dimensions i_s come first, then the others i_o, each in their order. The
 * results are accumulated in place, and a scan position starts from the
 * finished one before it, so every point of one scan position must precede
 * the next position; with a reduction (pw) dimension outside a scan
 * dimension, the lexicographic order of the points would break that. */
static __isl_give isl_map *original_order(struct mdh_stmt *stmt, int k,
                                          int depth) {
  isl_map *map = isl_map_from_domain(isl_set_copy(stmt->domain));
  int d, pos = 1, scan;

  map = isl_map_add_dims(map, isl_dim_out, 1 + depth);
  map = isl_map_fix_si(map, isl_dim_out, 0, k);
  for (scan = 1; scan >= 0; --scan)
    for (d = 0; d < stmt->rank; ++d)
      if ((stmt->kinds[d] == MdhCombinePS) == scan)
        map = isl_map_equate(map, isl_dim_in, d, isl_dim_out, pos++);
  for (; pos <= depth; ++pos)
    map = isl_map_fix_si(map, isl_dim_out, pos, 0);
  return map;
}

/* Returns the may-dependences from "sources" to "sinks" in the original
 * order "order". */
static __isl_give isl_union_map *may_deps(__isl_keep isl_union_map *order,
                                          __isl_keep isl_union_map *sinks,
                                          __isl_keep isl_union_map *sources) {
  isl_union_access_info *info;
  isl_union_flow *flow;
  isl_union_map *deps;

  info = isl_union_access_info_from_sink(isl_union_map_copy(sinks));
  info =
      isl_union_access_info_set_may_source(info, isl_union_map_copy(sources));
  info =
      isl_union_access_info_set_schedule_map(info, isl_union_map_copy(order));
  flow = isl_union_access_info_compute_flow(info);
  deps = isl_union_flow_get_may_dependence(flow);
  isl_union_flow_free(flow);
  return deps;
}

/* Returns the pairs of instances of each statement that lie at the same
 * position of every scan (ps) dimension. */
static __isl_give isl_union_map *same_scan_position(struct mdh_model *m) {
  isl_union_map *pairs = isl_union_map_empty(isl_space_params_alloc(m->ctx, 0));
  struct mdh_stmt *stmt;
  isl_map *map;
  int k, d;

  for (k = 0; k < m->n_stmt; ++k) {
    stmt = &m->stmts[k];
    map = isl_map_from_domain_and_range(isl_set_copy(stmt->domain),
                                        isl_set_copy(stmt->domain));
    for (d = 0; d < stmt->rank; ++d)
      if (stmt->kinds[d] == MdhCombinePS)
        map = isl_map_equate(map, isl_dim_in, d, isl_dim_out, d);
    pairs = isl_union_map_add_map(pairs, map);
  }
  return pairs;
}

/* Internal data structure for split_by_buffer: the accesses of each
 * buffer, "per_buf"[b], and the statements that access b, "uses"[b *
 * n_stmt + k]. */
struct by_buffer {
  struct mdh_model *m;
  isl_union_map **per_buf;
  char *uses;
};

/* Adds access relation "map" to the accesses of its buffer. */
static isl_stat add_to_buffer(__isl_take isl_map *map, void *user) {
  struct by_buffer *data = user;
  int k =
      mdh_model_stmt_index(data->m, isl_map_get_tuple_name(map, isl_dim_in));
  const char *name = isl_map_get_tuple_name(map, isl_dim_out);
  int b = name && (name[0] == 'B' || name[0] == 'M') ? atoi(name + 1) : -1;

  if (k < 0 || b < 0 || b >= data->m->n_buf) {
    isl_map_free(map);
    return isl_stat_error;
  }
  data->uses[(size_t)b * data->m->n_stmt + k] = 1;
  data->per_buf[b] = isl_union_map_add_map(data->per_buf[b], map);
  return isl_stat_ok;
}

/* Returns the accesses "acc" split by buffer (an array of n_buf union maps)
 * and marks in "uses" the statements accessing each buffer. */
static isl_union_map **split_by_buffer(struct mdh_model *m,
                                       __isl_keep isl_union_map *acc,
                                       char *uses) {
  struct by_buffer data = {m, calloc(m->n_buf + 1, sizeof(isl_union_map *)),
                           uses};
  int b;

  if (!data.per_buf)
    abort();
  for (b = 0; b < m->n_buf; ++b)
    data.per_buf[b] = isl_union_map_empty(isl_space_params_alloc(m->ctx, 0));
  if (isl_union_map_foreach_map(acc, &add_to_buffer, &data) < 0)
    for (b = 0; b < m->n_buf; ++b)
      data.per_buf[b] = isl_union_map_free(data.per_buf[b]);
  return data.per_buf;
}

static void free_per_buffer(struct mdh_model *m, isl_union_map **per_buf) {
  int b;

  for (b = 0; b < m->n_buf; ++b)
    isl_union_map_free(per_buf[b]);
  free(per_buf);
}

/* Returns the flow, anti and output dependences through buffer "b", whose
 * reads are "reads" and writes "writes", in the original order of the
 * statements marked in "uses" ("order"[k] that of statement k). */
static __isl_give isl_union_map *buffer_deps(struct mdh_model *m,
                                             __isl_keep isl_union_map *reads,
                                             __isl_keep isl_union_map *writes,
                                             const char *uses,
                                             isl_map **order) {
  isl_union_map *sched = isl_union_map_empty(isl_space_params_alloc(m->ctx, 0));
  isl_union_map *flow, *anti, *output;
  int k;

  for (k = 0; k < m->n_stmt; ++k)
    if (uses[k])
      sched = isl_union_map_add_map(sched, isl_map_copy(order[k]));
  flow = may_deps(sched, reads, writes);
  anti = may_deps(sched, writes, reads);
  output = may_deps(sched, writes, writes);
  isl_union_map_free(sched);
  return isl_union_map_union(isl_union_map_union(flow, anti), output);
}

/* Sets "m->mem" (struct mdh_model): buffers are views of one base when
 * their bases (mdh_value_base) are equal. */
static void find_memories(struct mdh_model *m) {
  MlirValue *base = malloc((m->n_buf + 1) * sizeof(*base));
  int j, k;

  m->mem = malloc((m->n_buf + 1) * sizeof(*m->mem));
  if (!base || !m->mem)
    abort();
  for (k = 0; k < m->n_buf; ++k) {
    base[k] = mdh_value_base(m->bufs[k]);
    for (j = 0; j < k && !mlirValueEqual(base[j], base[k]); ++j)
      ;
    m->mem[k] = j;
  }
  free(base);
}

int mdh_model_shares_memory(const struct mdh_model *m, int b) {
  int k;

  for (k = 0; k < m->n_buf; ++k)
    if (k != b && m->mem[k] == m->mem[b])
      return 1;
  return 0;
}

/* Returns the relation from the elements of buffer "k" of "m", a view that
 * shares its base with another buffer, to the memory "M<g>" of that base:
 * { B_k[i] -> M_g[o + sum_d s_d i_d] } with the view's offset o and strides
 * s counted from the base's aligned pointer (mdh_value_layout), so that
 * dependences between different views of one buffer come out of the
 * dataflow analysis exactly (issue 13, item 2). A view whose layout is not
 * known statically (dynamic strides, memref.view) may touch any element of
 * the memory: its dependences are over-approximated, and the schedule
 * keeps its accesses in program order with every other view's. */
static __isl_give isl_map *memory_map(struct mdh_model *m, int k, int g) {
  char in[24], out[24];
  isl_map *map;
  int exact;

  snprintf(in, sizeof(in), "B%d", k);
  snprintf(out, sizeof(out), "M%d", g);
  map = mdh_isl_map_view_memory(m->ctx, m->bufs[k], &exact);
  map = isl_map_set_tuple_name(map, isl_dim_in, in);
  return isl_map_set_tuple_name(map, isl_dim_out, out);
}

__isl_give isl_space *mdh_model_buffer_space(struct mdh_model *m, int k) {
  int rank = (int)mlirShapedTypeGetRank(mlirValueGetType(m->bufs[k]));
  isl_space *space = isl_space_set_alloc(m->ctx, 0, rank);
  char name[24];

  snprintf(name, sizeof(name), "B%d", k);
  return isl_space_set_tuple_name(space, isl_dim_set, name);
}

/* Returns the relation { B_k[i] -> B_k[i] } of buffer "k" of "m". */
static __isl_give isl_map *buffer_identity(struct mdh_model *m, int k) {
  return isl_map_identity(isl_space_map_from_set(mdh_model_buffer_space(m, k)));
}

/* Returns "acc" with every access to a buffer that shares its base with
 * another buffer of "m" taken to the memory of that base (memory_map);
 * accesses to a buffer of its own stay as they are. */
static __isl_give isl_union_map *to_memory(struct mdh_model *m,
                                           __isl_take isl_union_map *acc) {
  isl_union_map *map;
  int k, shared = 0;

  for (k = 0; k < m->n_buf; ++k)
    shared |= m->mem[k] != k;
  if (!shared)
    return acc;
  map = isl_union_map_empty(isl_space_params_alloc(m->ctx, 0));
  for (k = 0; k < m->n_buf; ++k)
    map = isl_union_map_add_map(map, mdh_model_shares_memory(m, k)
                                         ? memory_map(m, k, m->mem[k])
                                         : buffer_identity(m, k));
  return isl_union_map_apply_range(acc, map);
}

/* Computes the dependences of "m" (see struct mdh_model), one buffer (or
 * memory of several views of one base, to_memory) at a time: a statement
 * depends only on those that access a buffer it accesses, and a dataflow
 * problem over all statements at once is quadratic in their number (issue 17).
 * "order"[k] is the original order of statement k. */
static void compute_dependences(struct mdh_model *m, isl_map **order) {
  char *uses = calloc((size_t)(m->n_buf + 1) * (m->n_stmt + 1), 1);
  isl_union_map **reads, **writes, *acc;
  int b;

  if (!uses)
    abort();
  find_memories(m);
  acc = to_memory(m, isl_union_map_copy(m->reads));
  reads = split_by_buffer(m, acc, uses);
  isl_union_map_free(acc);
  acc = to_memory(m, isl_union_map_copy(m->writes));
  writes = split_by_buffer(m, acc, uses);
  isl_union_map_free(acc);
  m->deps = isl_union_map_empty(isl_space_params_alloc(m->ctx, 0));
  for (b = 0; b < m->n_buf; ++b)
    m->deps = isl_union_map_union(
        m->deps, buffer_deps(m, reads[b], writes[b],
                             uses + (size_t)b * m->n_stmt, order));
  free_per_buffer(m, reads);
  free_per_buffer(m, writes);
  free(uses);
  m->reductions = isl_union_map_intersect(isl_union_map_copy(m->deps),
                                          same_scan_position(m));
  m->validity = isl_union_map_subtract(isl_union_map_copy(m->deps),
                                       isl_union_map_copy(m->reductions));
}

/* Reads the md_hom "hom" into statement "k" of "m". */
static void read_stmt(struct mdh_model *m, int k, MlirOperation hom) {
  struct mdh_stmt *stmt = &m->stmts[k];
  int d;

  stmt->hom = hom;
  snprintf(stmt->name, sizeof(stmt->name), "S%d", k);
  stmt->rank = (int)mdhMdHomGetRank(hom);
  for (d = 0; d < stmt->rank; ++d)
    stmt->kinds[d] = mdhCombineAttrGetKind(mdhMdHomGetCombineOp(hom, d));
  stmt->domain = stmt_domain(m->ctx, stmt);
  m->domain = isl_union_set_add_set(m->domain, isl_set_copy(stmt->domain));
}

/* Allocates an empty model of "n" statements. */
static struct mdh_model *model_alloc(isl_ctx *ctx, int n) {
  struct mdh_model *m = calloc(1, sizeof(*m));
  isl_space *space = isl_space_params_alloc(ctx, 0);

  if (!m)
    abort();
  m->ctx = ctx;
  m->n_stmt = n;
  m->stmts = calloc(n ? n : 1, sizeof(*m->stmts));
  if (!m->stmts)
    abort();
  m->domain = isl_union_set_empty(isl_space_copy(space));
  m->reads = isl_union_map_empty(isl_space_copy(space));
  m->writes = isl_union_map_empty(isl_space_copy(space));
  m->order = isl_union_map_empty(space);
  return m;
}

struct mdh_model *mdh_model_extract(isl_ctx *ctx, MlirOperation func) {
  struct mdh_op_list homs = mdh_collect_md_homs(func);
  struct mdh_model *m;
  isl_map **order;
  int k, depth = 0;

  m = model_alloc(ctx, (int)homs.n);
  order = calloc(homs.n + 1, sizeof(*order));
  if (!order)
    abort();
  for (k = 0; k < (int)homs.n; ++k) {
    read_stmt(m, k, homs.ops[k]);
    if (m->stmts[k].rank > depth)
      depth = m->stmts[k].rank;
  }
  free(homs.ops);
  for (k = 0; k < m->n_stmt; ++k) {
    add_accesses(m, &m->stmts[k]);
    order[k] = original_order(&m->stmts[k], k, depth);
    m->order = isl_union_map_add_map(m->order, isl_map_copy(order[k]));
  }
  compute_dependences(m, order);
  for (k = 0; k < m->n_stmt; ++k)
    isl_map_free(order[k]);
  free(order);
  if (!m->domain || !m->reads || !m->writes || !m->order || !m->deps ||
      !m->reductions || !m->validity) {
    mdh_isl_report(ctx, m->n_stmt > 0 ? m->stmts[0].hom : func, "mdh",
                   "building the polyhedral model (dependences)");
    return mdh_model_free(m);
  }
  return m;
}

struct mdh_model *mdh_model_free(struct mdh_model *m) {
  int k;

  if (!m)
    return NULL;
  for (k = 0; k < m->n_stmt; ++k)
    isl_set_free(m->stmts[k].domain);
  free(m->stmts);
  free(m->bufs);
  free(m->mem);
  isl_union_set_free(m->domain);
  isl_union_map_free(m->reads);
  isl_union_map_free(m->writes);
  isl_union_map_free(m->order);
  isl_union_map_free(m->deps);
  isl_union_map_free(m->reductions);
  isl_union_map_free(m->validity);
  if (m->deps_from)
    for (k = 0; k < m->n_stmt; ++k)
      isl_union_map_free(m->deps_from[k]);
  free(m->deps_from);
  free(m);
  return NULL;
}

/* Statements are named "S<k>" in program order, and a slice keeps the
 * names of its statements: the number locates the statement at once, so
 * that looking up every map of a long chain stays linear. */
struct mdh_stmt *mdh_model_find_stmt(struct mdh_model *m, const char *name) {
  int k;

  if (name && name[0] == 'S' && m->n_stmt > 0) {
    k = atoi(name + 1) - atoi(m->stmts[0].name + 1);
    if (k >= 0 && k < m->n_stmt && !strcmp(m->stmts[k].name, name))
      return &m->stmts[k];
  }
  for (k = 0; name && k < m->n_stmt; ++k)
    if (!strcmp(m->stmts[k].name, name))
      return &m->stmts[k];
  return NULL;
}

int mdh_model_stmt_index(struct mdh_model *m, const char *name) {
  struct mdh_stmt *stmt = mdh_model_find_stmt(m, name);

  return stmt ? (int)(stmt - m->stmts) : -1;
}

int mdh_model_only_stmt(struct mdh_model *m, __isl_keep isl_union_set *domain) {
  isl_set *set;
  int k;

  if (isl_union_set_n_set(domain) != 1)
    return -1;
  set = isl_set_from_union_set(isl_union_set_copy(domain));
  k = mdh_model_stmt_index(m, isl_set_get_tuple_name(set));
  isl_set_free(set);
  return k;
}

char *mdh_model_kinds_string(const struct mdh_model *m) {
  static const char letters[] = {'c', 'p', 's'};
  struct mdh_str s;
  int k, d;

  mdh_str_init(&s);
  mdh_str_append(&s, "", 0);
  for (k = 0; k < m->n_stmt; ++k) {
    mdh_str_printf(&s, "%s%s=", k ? " " : "", m->stmts[k].name);
    for (d = 0; d < m->stmts[k].rank; ++d)
      mdh_str_append(&s, &letters[m->stmts[k].kinds[d]], 1);
  }
  return s.data;
}

/* Returns the statements "first" up to "first + n" of "m" as a model of
 * their own: their domains, accesses and order, and the dependences among
 * them. A dependence from one of them to a statement outside is left out:
 * whoever schedules the parts of a chain separately must order the parts
 * (program order does, since every dependence goes forward in it). */
__isl_give isl_union_map *mdh_model_accesses_to(struct mdh_model *m,
                                                __isl_keep isl_union_map *acc,
                                                int k) {
  return isl_union_map_intersect_range(
      isl_union_map_copy(acc),
      isl_union_set_from_set(isl_set_universe(mdh_model_buffer_space(m, k))));
}

__isl_give isl_union_set *mdh_model_stmts_domain(struct mdh_model *m, int first,
                                                 int n) {
  isl_union_set *dom = isl_union_set_empty(isl_union_set_get_space(m->domain));
  int k;

  for (k = first; k < first + n; ++k)
    dom = isl_union_set_add_set(dom, isl_set_copy(m->stmts[k].domain));
  return dom;
}

struct mdh_model *mdh_model_slice(struct mdh_model *m, int first, int n) {
  struct mdh_model *part = model_alloc(m->ctx, n);
  isl_union_set *dom;
  int k;

  for (k = 0; k < n; ++k) {
    part->stmts[k] = m->stmts[first + k];
    part->stmts[k].domain = isl_set_copy(m->stmts[first + k].domain);
    part->domain = isl_union_set_add_set(part->domain,
                                         isl_set_copy(part->stmts[k].domain));
  }
  part->n_buf = m->n_buf;
  part->bufs = malloc((m->n_buf ? m->n_buf : 1) * sizeof(*part->bufs));
  if (!part->bufs)
    abort();
  part->mem = malloc((m->n_buf ? m->n_buf : 1) * sizeof(*part->mem));
  if (!part->mem)
    abort();
  if (m->n_buf) {
    memcpy(part->bufs, m->bufs, m->n_buf * sizeof(*m->bufs));
    memcpy(part->mem, m->mem, m->n_buf * sizeof(*m->mem));
  }
  dom = part->domain;
  part->reads = isl_union_map_union(
      part->reads, isl_union_map_intersect_domain(isl_union_map_copy(m->reads),
                                                  isl_union_set_copy(dom)));
  part->writes = isl_union_map_union(
      part->writes,
      isl_union_map_intersect_domain(isl_union_map_copy(m->writes),
                                     isl_union_set_copy(dom)));
  part->order = isl_union_map_union(
      part->order, isl_union_map_intersect_domain(isl_union_map_copy(m->order),
                                                  isl_union_set_copy(dom)));
  part->deps = isl_union_map_intersect_range(
      isl_union_map_intersect_domain(isl_union_map_copy(m->deps),
                                     isl_union_set_copy(dom)),
      isl_union_set_copy(dom));
  part->reductions = isl_union_map_intersect_domain(
      isl_union_map_copy(m->reductions), isl_union_set_copy(dom));
  part->validity = isl_union_map_subtract(isl_union_map_copy(part->deps),
                                          isl_union_map_copy(part->reductions));
  if (!part->domain || !part->reads || !part->writes || !part->order ||
      !part->deps || !part->reductions || !part->validity)
    return mdh_model_free(part);
  return part;
}

/* Internal data structure for mdh_model_schedule_orders: the model, the
 * schedule map of each of its statements (others the schedule may have are
 * not looked at) and the result so far. */
struct valid_data {
  struct mdh_model *m;
  isl_map **sched;
  isl_bool ok;
};

static int stmt_of(struct valid_data *data, __isl_keep isl_map *map,
                   enum isl_dim_type type) {
  return mdh_model_stmt_index(data->m, isl_map_get_tuple_name(map, type));
}

static isl_stat store_sched(__isl_take isl_map *map, void *user) {
  struct valid_data *data = user;
  int k = stmt_of(data, map, isl_dim_in);

  if (k < 0) {
    isl_map_free(map);
    return isl_stat_ok;
  }
  data->sched[k] = map;
  return isl_stat_ok;
}

/* Checks that the schedule runs every source of "dep" before its sink. One
 * map of pairs at a time: the lexicographic order between the schedules of
 * all pairs of statements at once is quadratic in their number (issue 17). */
static isl_stat check_dep(__isl_take isl_map *dep, void *user) {
  struct valid_data *data = user;
  int s = stmt_of(data, dep, isl_dim_in), t = stmt_of(data, dep, isl_dim_out);
  isl_map *before;

  if (s < 0 || t < 0 || !data->sched[s] || !data->sched[t]) {
    isl_map_free(dep);
    return isl_stat_error;
  }
  before = isl_map_lex_lt_map(isl_map_copy(data->sched[s]),
                              isl_map_copy(data->sched[t]));
  data->ok = isl_map_is_subset(dep, before);
  isl_map_free(dep);
  isl_map_free(before);
  return data->ok == isl_bool_true ? isl_stat_ok : isl_stat_error;
}

isl_bool mdh_model_schedule_orders(struct mdh_model *m,
                                   __isl_keep isl_schedule *schedule,
                                   __isl_keep isl_union_map *pairs) {
  isl_union_map *map = isl_schedule_get_map(schedule);
  struct valid_data data = {m, calloc(m->n_stmt + 1, sizeof(isl_map *)),
                            isl_bool_error};
  int k;

  if (!data.sched)
    abort();
  if (isl_union_map_foreach_map(map, &store_sched, &data) >= 0) {
    data.ok = isl_bool_true;
    isl_union_map_foreach_map(pairs, &check_dep, &data);
  }
  for (k = 0; k < m->n_stmt; ++k)
    isl_map_free(data.sched[k]);
  free(data.sched);
  isl_union_map_free(map);
  return data.ok;
}

isl_bool mdh_model_schedule_is_valid(struct mdh_model *m,
                                     __isl_keep isl_schedule *schedule) {
  return mdh_model_schedule_orders(m, schedule, m->validity);
}

/* Internal data structure for mdh_model_deps_from: the model and the
 * dependences found so far. */
struct deps_from_data {
  struct mdh_model *m;
  isl_union_map *deps;
};

/* Adds dependence "dep" to the index of its source statement. */
static isl_stat index_dep(__isl_take isl_map *dep, void *user) {
  struct mdh_model *m = user;
  int k = mdh_model_stmt_index(m, isl_map_get_tuple_name(dep, isl_dim_in));

  if (k < 0) {
    isl_map_free(dep);
    return isl_stat_error;
  }
  m->deps_from[k] = isl_union_map_add_map(m->deps_from[k], dep);
  return isl_stat_ok;
}

/* Builds m->deps_from. */
static isl_stat index_deps(struct mdh_model *m) {
  int k;

  m->deps_from = calloc(m->n_stmt + 1, sizeof(*m->deps_from));
  if (!m->deps_from)
    abort();
  for (k = 0; k < m->n_stmt; ++k)
    m->deps_from[k] = isl_union_map_empty(isl_space_params_alloc(m->ctx, 0));
  return isl_union_map_foreach_map(m->deps, &index_dep, m);
}

/* Adds the dependences from the instances of "set" to data->deps. */
static isl_stat add_deps_from(__isl_take isl_set *set, void *user) {
  struct deps_from_data *data = user;
  struct mdh_stmt *stmt =
      mdh_model_find_stmt(data->m, isl_set_get_tuple_name(set));

  if (stmt)
    data->deps = isl_union_map_union(
        data->deps,
        isl_union_map_intersect_domain(
            isl_union_map_copy(data->m->deps_from[stmt - data->m->stmts]),
            isl_union_set_from_set(set)));
  else
    isl_set_free(set);
  return isl_stat_ok;
}

__isl_give isl_union_map *
mdh_model_deps_from(struct mdh_model *m, __isl_keep isl_union_set *domain) {
  struct deps_from_data data = {m, NULL};

  if (!m->deps_from && index_deps(m) < 0)
    return NULL;
  data.deps = isl_union_map_empty(isl_space_params_alloc(m->ctx, 0));
  if (isl_union_set_foreach_set(domain, &add_deps_from, &data) < 0)
    return isl_union_map_free(data.deps);
  return data.deps;
}

__isl_give isl_union_map *mdh_model_deps_between(struct mdh_model *m,
                                                 __isl_keep isl_union_set *from,
                                                 __isl_keep isl_union_set *to) {
  return isl_union_map_intersect_range(mdh_model_deps_from(m, from),
                                       isl_union_set_copy(to));
}

__isl_give isl_set *mdh_model_context(struct mdh_model *m) {
  isl_set *context = isl_set_universe(isl_space_params_alloc(m->ctx, 0));
  int k;

  for (k = 0; k < m->n_stmt; ++k)
    context = isl_set_intersect_params(
        context, isl_set_params(isl_set_copy(m->stmts[k].domain)));
  return context;
}

/* Tells whether the mdh view "view" belongs to a md_hom of "m" (or to
 * none: an input view no md_hom reads). A part of a function's chain (a
 * segment, lib/chain.h) has the md_homs of the part only. */
static int view_in_model(MlirOperation view, const struct mdh_model *m) {
  MlirOperation hom = {NULL};
  MlirOpOperand use;
  int k;

  if (mdhOperationIsAOutView(view)) {
    hom = mlirOpResultGetOwner(mlirOperationGetOperand(view, 0));
  } else {
    use = mlirValueGetFirstUse(mlirOperationGetResult(view, 0));
    if (mlirOpOperandIsNull(use))
      return 1;
    hom = mlirOpOperandGetOwner(use);
  }
  for (k = 0; k < m->n_stmt; ++k)
    if (mlirOperationEqual(hom, m->stmts[k].hom))
      return 1;
  return 0;
}

/* Tells whether every use of "value" is a mdh view of a md_hom of "m", a
 * memref.dealloc or a view op whose result is used only so. */
static int used_only_by_chain(MlirValue value, const struct mdh_model *m) {
  MlirOpOperand use;
  MlirOperation owner;

  for (use = mlirValueGetFirstUse(value); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    owner = mlirOpOperandGetOwner(use);
    if ((mdhOperationIsAInpView(owner) || mdhOperationIsAOutView(owner)) &&
        view_in_model(owner, m))
      continue;
    if (mdh_op_is(owner, "memref.dealloc"))
      continue;
    if (!mdh_op_is_memref_view(owner) ||
        !used_only_by_chain(mlirOperationGetResult(owner, 0), m))
      return 0;
  }
  return 1;
}

int mdh_model_is_intermediate(const struct mdh_model *m, MlirValue buf) {
  MlirValue base = mdh_value_base(buf);

  return mlirValueIsAOpResult(base) &&
         mdh_op_is(mlirOpResultGetOwner(base), "memref.alloc") &&
         used_only_by_chain(base, m);
}

int64_t mdh_stmt_extent(const struct mdh_stmt *stmt, int d) {
  isl_val *max = mdh_isl_set_dim_bound(stmt->domain, d, 1);
  int64_t n = -1;

  if (max && isl_val_is_int(max))
    n = isl_val_get_num_si(max) + 1;
  isl_val_free(max);
  return n;
}

int64_t mdh_stmt_reduction_points(const struct mdh_stmt *stmt) {
  int64_t points = 1, n;
  int d;

  for (d = 0; d < stmt->rank; ++d) {
    if (stmt->kinds[d] == MdhCombineCC)
      continue;
    n = mdh_stmt_extent(stmt, d);
    if (n < 0)
      return -1;
    points *= n;
  }
  return points;
}
