/* Preparing a schedule tree for the CPU (mdh-codegen-cpu, docs/cpu.md): each
 * group of the tree gets, where it can, a parallel outer loop of many
 * iterations, by distributing fused md_homs and linearizing short parallel
 * loops; see prepare_group. The result orders every statement instance as a
 * valid schedule must: the caller checks it against the model all the same.
 *
 * The pass does not know the thread count, and these decisions favour the
 * parallel loop. That can cost sequential code: a 3-channel unsharp mask
 * 3 x 2048^2 kept fused over its channels ran in 28 ms on one core (the
 * shifted fusion keeps rows in cache, and LLVM even drops one intermediate
 * buffer), distributed in 47 ms like Halide's compute_root schedule; but
 * fused, two threads were no faster than one, distributed and linearized
 * they take 32 ms (measured on a 2-core AMD EPYC).
 */

#include "passes/codegen_cpu/prepare.h"
#include "dialect/attrs.h"
#include "lib/chain.h"
#include "lib/fuse.h"
#include "lib/tree.h"
#include "passes/codegen_cpu/register_tile.h"

#include "support/ir.h"

#include "mlir-c/BuiltinTypes.h"

#include <isl/aff.h>
#include <isl/id.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/schedule_node.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

/* Returns the memref.alloc (without operands) that defines "value" itself
 * or through one reshape (mdh-coalesce collapses buffers), or a null op. */
MlirOperation mdh_cpu_alloc_of(MlirValue value) {
  MlirOperation op;

  if (!mlirValueIsAOpResult(value))
    return (MlirOperation){NULL};
  op = mlirOpResultGetOwner(value);
  if (mdh_op_is(op, "memref.collapse_shape") ||
      mdh_op_is(op, "memref.expand_shape"))
    return mdh_cpu_alloc_of(mlirOperationGetOperand(op, 0));
  if (mdh_op_is(op, "memref.alloc") && mlirOperationGetNumOperands(op) == 0)
    return op;
  return (MlirOperation){NULL};
}

/* The fewest iterations a parallel loop should have to keep every thread
 * busy: two for each of up to 16 threads. A parallel outer loop with fewer
 * (the 3 channels of an image) is linearized with the parallel loop inside
 * it (linearize). */
#define MIN_PARALLEL_ITERATIONS 32

/* Tells whether member "pos" of band "node" carries no dependence of "m"
 * between the instances of its subtree that agree on the members before
 * it. */
static isl_bool member_is_parallel(struct mdh_model *m,
                                   __isl_keep isl_schedule_node *node,
                                   int pos) {
  isl_multi_union_pw_aff *band;
  isl_union_map *prefix, *deps;
  isl_union_set *domain, *deltas, *equal, *zero;
  isl_space *space;
  isl_bool parallel;
  int d;

  band = isl_schedule_node_band_get_partial_schedule(node);
  band = isl_multi_union_pw_aff_drop_dims(
      band, isl_dim_set, pos + 1,
      isl_multi_union_pw_aff_dim(band, isl_dim_set) - pos - 1);
  prefix = isl_union_map_from_multi_union_pw_aff(band);
  domain = isl_schedule_node_get_domain(node);
  deps = mdh_model_deps_from(m, domain);
  deps = isl_union_map_intersect_range(deps, domain);
  deps = isl_union_map_apply_domain(deps, isl_union_map_copy(prefix));
  deps = isl_union_map_apply_range(deps, prefix);
  deltas = isl_union_map_deltas(deps);
  space = isl_space_set_alloc(m->ctx, 0, pos + 1);
  equal = isl_union_set_from_set(isl_set_universe(isl_space_copy(space)));
  zero = isl_union_set_from_set(isl_set_universe(space));
  for (d = 0; d <= pos; ++d) {
    if (d < pos)
      equal = isl_union_set_from_set(
          isl_set_fix_si(isl_set_from_union_set(equal), isl_dim_set, d, 0));
    zero = isl_union_set_from_set(
        isl_set_fix_si(isl_set_from_union_set(zero), isl_dim_set, d, 0));
  }
  deltas = isl_union_set_intersect(deltas, equal);
  parallel = isl_union_set_is_subset(deltas, zero);
  isl_union_set_free(deltas);
  isl_union_set_free(zero);
  return parallel;
}

/* Sets "lo" and "hi" to the smallest and largest value of member "pos" of
 * band "node" on the instances of its subtree. */
static isl_stat member_range(__isl_keep isl_schedule_node *node, int pos,
                             int64_t *lo, int64_t *hi) {
  isl_multi_union_pw_aff *band;
  isl_union_pw_aff *member;
  isl_union_set *range;
  isl_set *set;
  isl_val *min, *max;
  isl_stat ok;

  band = isl_schedule_node_band_get_partial_schedule(node);
  member = isl_multi_union_pw_aff_get_at(band, pos);
  isl_multi_union_pw_aff_free(band);
  member = isl_union_pw_aff_intersect_domain(
      member, isl_schedule_node_get_domain(node));
  range = isl_union_map_range(isl_union_map_from_union_pw_aff(member));
  set = isl_set_from_union_set(range);
  min = isl_set_dim_min_val(isl_set_copy(set), 0);
  max = isl_set_dim_max_val(set, 0);
  ok = isl_val_is_int(min) == isl_bool_true &&
               isl_val_is_int(max) == isl_bool_true
           ? isl_stat_ok
           : isl_stat_error;
  *lo = ok < 0 ? 0 : isl_val_get_num_si(min);
  *hi = ok < 0 ? -1 : isl_val_get_num_si(max);
  isl_val_free(min);
  isl_val_free(max);
  return ok;
}

/* Tells whether the outer member of band "node" is a parallel loop of at
 * least MIN_PARALLEL_ITERATIONS iterations. */
static isl_bool has_wide_parallel_outer(struct mdh_model *m,
                                        __isl_keep isl_schedule_node *node) {
  int64_t lo, hi;
  isl_bool parallel = member_is_parallel(m, node, 0);

  if (parallel != isl_bool_true)
    return parallel;
  if (member_range(node, 0, &lo, &hi) < 0)
    return isl_bool_error;
  return hi - lo + 1 >= MIN_PARALLEL_ITERATIONS;
}

/* The number of elements of buffer "value" when the function allocates
 * it (mdh_cpu_alloc_of), else 0: the memory of the function's arguments is
 * not the chain's to save. */
static int64_t allocated_elements(MlirValue value) {
  MlirType type = mlirValueGetType(value);
  int64_t n = 1;
  intptr_t d;

  if (mlirOperationIsNull(mdh_cpu_alloc_of(value)))
    return 0;
  for (d = 0; d < mlirShapedTypeGetRank(type); ++d)
    n *= mlirShapedTypeGetDimSize(type, d);
  return n;
}

/* Internal data structure of a memory-aware order of statements
 * (order_statements): the "n" statements "stmts" (indices into the model
 * "m"), "dep"[i * n + j] set when statement j depends on statement i,
 * "uses"[i * m->n_buf + b] when statement i accesses buffer b, "size"[b]
 * (allocated_elements) and the statements "done" so far. */
struct order {
  struct mdh_model *m;
  int n;
  int *stmts;
  char *dep;
  char *uses;
  int64_t *size;
  char *done;
};

/* Internal data structure of note_use: the order and the statement "i"
 * whose accesses are visited. */
struct use_data {
  struct order *o;
  int i;
};

static isl_stat note_use(__isl_take isl_map *map, void *user) {
  struct use_data *data = user;
  const char *name = isl_map_get_tuple_name(map, isl_dim_out);
  int b = name && name[0] == 'B' ? atoi(name + 1) : -1;

  isl_map_free(map);
  if (b >= 0 && b < data->o->m->n_buf)
    data->o->uses[data->i * data->o->m->n_buf + b] = 1;
  return isl_stat_ok;
}

/* Fills "dep" and "uses" of "o" from the model. */
static isl_stat order_fill(struct order *o) {
  struct mdh_model *m = o->m;
  struct use_data data = {o, 0};
  isl_union_map *acc, *from;
  isl_union_set *dom;
  isl_bool empty;
  int j;

  for (data.i = 0; data.i < o->n; ++data.i) {
    dom =
        isl_union_set_from_set(isl_set_copy(m->stmts[o->stmts[data.i]].domain));
    acc = isl_union_map_union(isl_union_map_copy(m->reads),
                              isl_union_map_copy(m->writes));
    acc = isl_union_map_intersect_domain(acc, isl_union_set_copy(dom));
    if (isl_union_map_foreach_map(acc, &note_use, &data) < 0)
      dom = isl_union_set_free(dom);
    isl_union_map_free(acc);
    from = mdh_model_deps_from(m, dom);
    isl_union_set_free(dom);
    for (j = 0; j < o->n; ++j) {
      dom = isl_union_set_from_set(isl_set_copy(m->stmts[o->stmts[j]].domain));
      acc = isl_union_map_intersect_range(isl_union_map_copy(from), dom);
      empty = isl_union_map_is_empty(acc);
      isl_union_map_free(acc);
      if (empty < 0)
        from = isl_union_map_free(from);
      o->dep[data.i * o->n + j] = j != data.i && empty == isl_bool_false;
    }
    isl_union_map_free(from);
    if (!from && o->n > 0)
      return isl_stat_error;
  }
  return isl_stat_ok;
}

/* Returns the growth of the allocated memory that running statement "i" of
 * "o" next causes: the buffers it touches first, minus those it touches
 * last (realize_buffers frees them after its nest). */
static int64_t growth(const struct order *o, int i) {
  int n_buf = o->m->n_buf, b, j, first, last;
  int64_t g = 0;

  for (b = 0; b < n_buf; ++b) {
    if (!o->uses[i * n_buf + b])
      continue;
    first = last = 1;
    for (j = 0; j < o->n; ++j) {
      if (j == i || !o->uses[j * n_buf + b])
        continue;
      if (o->done[j])
        first = 0;
      else
        last = 0;
    }
    g += (first ? o->size[b] : 0) - (last ? o->size[b] : 0);
  }
  return g;
}

/* Tells whether every statement that statement "i" of "o" depends on is
 * done. */
static int is_ready(const struct order *o, int i) {
  int j;

  for (j = 0; j < o->n; ++j)
    if (o->dep[j * o->n + i] && !o->done[j])
      return 0;
  return 1;
}

/* Returns the statement of "o" to run next: among those ready, the one
 * that grows the allocated memory least (the first in program order on a
 * tie), or -1. */
static int pick(const struct order *o) {
  int i, best = -1;
  int64_t g, best_g = 0;

  for (i = 0; i < o->n; ++i) {
    if (o->done[i] || !is_ready(o, i))
      continue;
    g = growth(o, i);
    if (best < 0 || g < best_g) {
      best = i;
      best_g = g;
    }
  }
  return best;
}

/* Returns the statements of "m" in "domain", one filter each, in a
 * topological order of their dependences that keeps few intermediate
 * buffers allocated at a time (each lives from the nest that first
 * touches it to the one that last does, realize_buffers): a greedy list
 * schedule that runs next the ready statement growing the allocated
 * memory least. In a Harris corner detector, computing Ixy right after Ix
 * and Iy, before Ixx and Iyy, keeps 4 buffers live instead of 5; each
 * costs a page fault per 4 KiB when fresh. */
static __isl_give isl_union_set_list *
statement_filters(struct mdh_model *m, __isl_keep isl_union_set *domain) {
  isl_union_set_list *list = isl_union_set_list_alloc(m->ctx, m->n_stmt);
  struct order o = {m, 0, NULL, NULL, NULL, NULL, NULL};
  isl_union_set *filter;
  isl_bool empty;
  int k, i;

  o.stmts = calloc(m->n_stmt + 1, sizeof(*o.stmts));
  o.dep = calloc((size_t)m->n_stmt * m->n_stmt + 1, 1);
  o.uses = calloc((size_t)m->n_stmt * m->n_buf + 1, 1);
  o.size = calloc(m->n_buf + 1, sizeof(*o.size));
  o.done = calloc(m->n_stmt + 1, 1);
  if (!o.stmts || !o.dep || !o.uses || !o.size || !o.done)
    abort();
  for (k = 0; k < m->n_stmt; ++k) {
    filter = isl_union_set_intersect(
        isl_union_set_copy(domain),
        isl_union_set_from_set(isl_set_copy(m->stmts[k].domain)));
    empty = isl_union_set_is_empty(filter);
    isl_union_set_free(filter);
    if (empty < 0)
      list = isl_union_set_list_free(list);
    if (empty == isl_bool_false)
      o.stmts[o.n++] = k;
  }
  for (k = 0; k < m->n_buf; ++k)
    o.size[k] = allocated_elements(m->bufs[k]);
  if (order_fill(&o) < 0)
    list = isl_union_set_list_free(list);
  while (list && (i = pick(&o)) >= 0) {
    o.done[i] = 1;
    filter = isl_union_set_intersect(
        isl_union_set_copy(domain),
        isl_union_set_from_set(isl_set_copy(m->stmts[o.stmts[i]].domain)));
    list = isl_union_set_list_add(list, filter);
  }
  free(o.stmts);
  free(o.dep);
  free(o.uses);
  free(o.size);
  free(o.done);
  return list;
}

/* Replaces the subtree at band "node" by a sequence of its statements in
 * the order of statement_filters (mdh_tree_distribute). The sequence is
 * valid because it follows the dependences between the statements, and
 * each statement keeps its own order. */
static __isl_give isl_schedule_node *
distribute(struct mdh_model *m, __isl_take isl_schedule_node *node) {
  isl_union_set *domain = isl_schedule_node_get_domain(node);
  isl_union_set_list *filters = statement_filters(m, domain);

  isl_union_set_free(domain);
  return mdh_tree_distribute(node, filters);
}

/* Replaces the first two members e0, e1 of band "node" by one,
 * (e1_max - e1_min + 1) e0 + e1 - e1_min, when both are parallel and e0
 * has fewer than MIN_PARALLEL_ITERATIONS iterations: the outer parallel
 * loop then has their product of iterations (OpenMP's collapse). The new
 * member orders the instances as the two did (e1 - e1_min stays within
 * [0, e1_max - e1_min]), so the schedule stays valid; isl recovers e0 and
 * e1 by division and remainder, once per iteration of the new loop. */
static __isl_give isl_schedule_node *
linearize(struct mdh_model *m, __isl_take isl_schedule_node *node) {
  isl_multi_union_pw_aff *band;
  isl_union_pw_aff *outer, *inner;
  isl_union_set *domain;
  int64_t lo0, hi0, lo1, hi1;

  if (isl_schedule_node_band_n_member(node) < 2 ||
      member_range(node, 0, &lo0, &hi0) < 0 ||
      hi0 - lo0 + 1 >= MIN_PARALLEL_ITERATIONS ||
      member_range(node, 1, &lo1, &hi1) < 0 ||
      member_is_parallel(m, node, 0) != isl_bool_true ||
      member_is_parallel(m, node, 1) != isl_bool_true)
    return node;
  band = isl_schedule_node_band_get_partial_schedule(node);
  domain = isl_schedule_node_get_domain(node);
  outer =
      isl_union_pw_aff_scale_val(isl_multi_union_pw_aff_get_at(band, 0),
                                 isl_val_int_from_si(m->ctx, hi1 - lo1 + 1));
  inner = isl_union_pw_aff_sub(
      isl_multi_union_pw_aff_get_at(band, 1),
      isl_union_pw_aff_val_on_domain(domain, isl_val_int_from_si(m->ctx, lo1)));
  band = isl_multi_union_pw_aff_set_at(band, 0,
                                       isl_union_pw_aff_add(outer, inner));
  band = isl_multi_union_pw_aff_drop_dims(band, isl_dim_set, 1, 1);
  node = isl_schedule_node_delete(node);
  return isl_schedule_node_insert_partial_schedule(node, band);
}

/* Tells whether a statement of "m" in "domain" runs in register tiles for
 * "target" (lib/register_tile.h) when alone in its band. */
static isl_bool has_register_tile(struct mdh_model *m,
                                  const struct mdh_cpu_target *target,
                                  __isl_keep isl_union_set *domain) {
  struct mdh_register_tile t;
  isl_union_set *set;
  isl_bool empty;
  int k;

  for (k = 0; k < m->n_stmt; ++k) {
    set = isl_union_set_intersect(
        isl_union_set_copy(domain),
        isl_union_set_from_set(isl_set_copy(m->stmts[k].domain)));
    empty = isl_union_set_is_empty(set);
    isl_union_set_free(set);
    if (empty < 0)
      return isl_bool_error;
    if (!empty && mdh_register_tile_choose(m, k, target, &t) == 0)
      return isl_bool_true;
  }
  return isl_bool_false;
}

/* Tells whether "node" is a register_tile mark. */
static isl_bool not_register_tile(__isl_keep isl_schedule_node *node,
                                  void *user) {
  isl_id *id;
  isl_bool is;

  (void)user;
  if (isl_schedule_node_get_type(node) != isl_schedule_node_mark)
    return isl_bool_true;
  id = isl_schedule_node_mark_get_id(node);
  is = isl_bool_ok(id && !strcmp(isl_id_get_name(id), mdh_mark_register_tile));
  isl_id_free(id);
  return isl_bool_not(is);
}

/* Tells whether the subtree at "node" holds a register tile, one built
 * with its epilogue by group_epilogues. */
static isl_bool has_register_tile_mark(__isl_keep isl_schedule_node *node) {
  return isl_bool_not(
      isl_schedule_node_every_descendant(node, &not_register_tile, NULL));
}

/* Tells whether an ancestor of "node" satisfies "is". */
static isl_bool has_ancestor(__isl_keep isl_schedule_node *node,
                             isl_bool (*is)(__isl_keep isl_schedule_node *)) {
  isl_size depth = isl_schedule_node_get_tree_depth(node);
  isl_schedule_node *up;
  isl_bool found = isl_bool_false;
  int gen;

  if (depth < 0)
    return isl_bool_error;
  for (gen = 1; gen <= depth && found == isl_bool_false; ++gen) {
    up = isl_schedule_node_ancestor(isl_schedule_node_copy(node), gen);
    found = is(up);
    isl_schedule_node_free(up);
  }
  return found;
}

/* Tells whether "node" lies below the tile_buffers mark of a fused group. */
static isl_bool in_fused_tile(__isl_keep isl_schedule_node *node) {
  return has_ancestor(node, &mdh_fuse_is_tile_mark);
}

static isl_bool is_register_tile_mark(__isl_keep isl_schedule_node *node) {
  return isl_bool_not(not_register_tile(node, NULL));
}

/* Tells whether "node" is in a register tile or holds one. */
static isl_bool touches_register_tile(__isl_keep isl_schedule_node *node) {
  isl_bool in = has_ancestor(node, &is_register_tile_mark);

  return in == isl_bool_false ? has_register_tile_mark(node) : in;
}

/* Internal data structure of group_epilogues: for each child of the
 * sequence its filter and the schedule of its subtree ("rows", the
 * band's members and the positions in sequences below it, as
 * mdh_tree_distribute flattens them), for each statement of the model the child
 * that holds it ("owner", -1: none) and its role ("role": -1 none, else
 * the group it belongs to), and the "n_group" register tiles "groups". */
struct grouping {
  int n;
  isl_union_set **filter;
  isl_union_map **rows;
  int *owner;
  int *role;
  int n_group;
  struct mdh_register_tile *groups;
};

static void grouping_clear(struct grouping *g) {
  int i;

  for (i = 0; i < g->n; ++i) {
    isl_union_set_free(g->filter[i]);
    isl_union_map_free(g->rows[i]);
  }
  free(g->filter);
  free(g->rows);
  free(g->owner);
  free(g->role);
  free(g->groups);
}

/* Tells whether "node" is a band, sequence, set, filter or leaf: a tree
 * that its subtree schedule describes whole. */
static isl_bool is_plain(__isl_keep isl_schedule_node *node, void *user) {
  enum isl_schedule_node_type type = isl_schedule_node_get_type(node);

  (void)user;
  return isl_bool_ok(
      type == isl_schedule_node_band || type == isl_schedule_node_sequence ||
      type == isl_schedule_node_set || type == isl_schedule_node_filter ||
      type == isl_schedule_node_leaf);
}

/* Sets "user" (an int, -1 at first) to the number of schedule dimensions
 * of "map", or to -2 if an earlier map had another number. */
static isl_stat same_dims(__isl_take isl_map *map, void *user) {
  int *n = user;
  isl_size dims = isl_map_dim(map, isl_dim_out);

  isl_map_free(map);
  if (dims < 0)
    return isl_stat_error;
  if (*n == -1)
    *n = dims;
  else if (*n != dims)
    *n = -2;
  return isl_stat_ok;
}

/* Reads the children of sequence "node" into "g"; returns 0 unless each
 * is a filter above a band whose subtree holds bands, sequences and
 * filters only, with as many schedule dimensions for each statement (as
 * mdh-schedule builds them). */
static int grouping_read(struct mdh_model *m, struct grouping *g,
                         __isl_keep isl_schedule_node *node) {
  isl_schedule_node *child;
  isl_union_set *set;
  isl_bool empty;
  int i, k, dims, ok = 1;

  g->n = isl_schedule_node_n_children(node);
  g->filter = calloc(g->n + 1, sizeof(*g->filter));
  g->rows = calloc(g->n + 1, sizeof(*g->rows));
  g->owner = malloc((m->n_stmt + 1) * sizeof(*g->owner));
  g->role = malloc((m->n_stmt + 1) * sizeof(*g->role));
  g->groups = calloc(m->n_stmt + 1, sizeof(*g->groups));
  if (!g->filter || !g->rows || !g->owner || !g->role || !g->groups)
    abort();
  for (k = 0; k < m->n_stmt; ++k)
    g->owner[k] = g->role[k] = -1;
  for (i = 0; i < g->n && ok; ++i) {
    child = isl_schedule_node_get_child(node, i);
    g->filter[i] = isl_schedule_node_filter_get_filter(child);
    child = isl_schedule_node_child(child, 0);
    ok = isl_schedule_node_get_type(child) == isl_schedule_node_band &&
         isl_schedule_node_every_descendant(child, &is_plain, NULL) ==
             isl_bool_true;
    if (ok)
      g->rows[i] = isl_schedule_node_get_subtree_schedule_union_map(child);
    isl_schedule_node_free(child);
    dims = -1;
    ok = ok && isl_union_map_foreach_map(g->rows[i], &same_dims, &dims) >= 0 &&
         dims >= 0;
    for (k = 0; k < m->n_stmt && ok; ++k) {
      set = isl_union_set_intersect(
          isl_union_set_copy(g->filter[i]),
          isl_union_set_from_set(isl_set_copy(m->stmts[k].domain)));
      empty = isl_union_set_is_empty(set);
      isl_union_set_free(set);
      ok = empty >= 0 && (empty == isl_bool_true || g->owner[k] < 0);
      if (empty == isl_bool_false)
        g->owner[k] = i;
    }
  }
  return ok;
}

/* Returns "rows" on "filter" as a band. */
static __isl_give isl_multi_union_pw_aff *
rows_band(__isl_keep isl_union_map *rows, __isl_take isl_union_set *filter) {
  return isl_multi_union_pw_aff_from_union_map(
      isl_union_map_intersect_domain(isl_union_map_copy(rows), filter));
}

/* Finds in "g" the statements that run in register tiles for "target"
 * with an epilogue of statements of the sequence
 * (mdh_register_tile_add_epilogue), each statement in one group at most;
 * without panels unless "may_pack". Returns the number of groups. */
static int find_groups(struct mdh_model *m, const struct mdh_cpu_target *target,
                       const int *segment, int may_pack, struct grouping *g) {
  struct mdh_register_tile *t;
  int *cands = malloc((m->n_stmt + 1) * sizeof(*cands));
  int s, k, n;

  if (!cands)
    abort();
  for (s = 0; s < m->n_stmt; ++s) {
    t = &g->groups[g->n_group];
    if (g->owner[s] < 0 || g->role[s] >= 0 ||
        mdh_register_tile_choose(m, s, target, t) < 0)
      continue;
    if (!may_pack)
      mdh_register_tile_no_panels(t);
    for (k = n = 0; k < m->n_stmt; ++k)
      if (k != s && g->owner[k] >= 0 && g->role[k] < 0 &&
          (!segment || segment[k] == segment[s]))
        cands[n++] = k;
    if (mdh_register_tile_add_epilogue(m, target, t, cands, n) == 0)
      continue;
    g->role[s] = g->n_group;
    for (k = 0; k < t->n_epilogue; ++k)
      g->role[t->epilogue[k]] = g->n_group;
    g->n_group++;
  }
  free(cands);
  return g->n_group;
}

/* Internal data structure of the children of a regrouped sequence: their
 * filters, and for each its band, or the group whose register tile it is
 * ("group" >= 0: "band" unused). */
struct regrouped {
  isl_union_set_list *filters;
  int n;
  int *group;
  isl_multi_union_pw_aff **band;
};

/* Adds a child of filter "filter" to "r": group "group", or the band of
 * "rows" on "filter". */
static void regrouped_add(struct regrouped *r, __isl_take isl_union_set *filter,
                          int group, __isl_keep isl_union_map *rows) {
  r->band[r->n] =
      group < 0 ? rows_band(rows, isl_union_set_copy(filter)) : NULL;
  r->filters = isl_union_set_list_add(r->filters, filter);
  r->group[r->n++] = group;
}

/* Returns the instances of group "k" of "g": its statement's and its
 * epilogue's. */
static __isl_give isl_union_set *group_domain(struct mdh_model *m,
                                              const struct grouping *g, int k) {
  isl_union_set *set = isl_union_set_empty(isl_union_set_get_space(m->domain));
  int s;

  for (s = 0; s < m->n_stmt; ++s)
    if (g->role[s] == k)
      set = isl_union_set_add_set(set, isl_set_copy(m->stmts[s].domain));
  return set;
}

/* Tells whether group "k" of "g" has its statement in child "i". */
static int group_in_child(const struct grouping *g, int k, int i) {
  return g->owner[g->groups[k].stmt] == i;
}

/* Adds to "r" the statements of child "i" of "g", which holds the
 * statement of a group: distributed (prepare_group would distribute it
 * anyway) in an order of their dependences (statement_filters) that
 * also orders the members of its groups, each group in place of its
 * last statement there (members of other children included: the group
 * runs them all at once). */
static void distribute_child(struct mdh_model *m, const struct grouping *g,
                             int i, struct regrouped *r) {
  isl_union_set_list *stmts;
  isl_union_set *domain = isl_union_set_copy(g->filter[i]), *f;
  int *last = malloc((g->n_group + 1) * sizeof(*last));
  int *stmt, j, k, n;

  if (!last)
    abort();
  for (k = 0; k < g->n_group; ++k)
    last[k] = -1;
  for (k = 0; k < g->n_group; ++k)
    if (group_in_child(g, k, i))
      domain = isl_union_set_union(domain, group_domain(m, g, k));
  stmts = statement_filters(m, domain);
  isl_union_set_free(domain);
  n = isl_union_set_list_n_union_set(stmts);
  stmt = malloc((n > 0 ? n : 1) * sizeof(*stmt));
  if (!stmt)
    abort();
  for (j = 0; j < n; ++j) {
    f = isl_union_set_list_get_union_set(stmts, j);
    stmt[j] = mdh_model_only_stmt(m, f);
    if (stmt[j] >= 0 && g->role[stmt[j]] >= 0)
      last[g->role[stmt[j]]] = j;
    isl_union_set_free(f);
  }
  for (j = 0; j < n; ++j) {
    k = stmt[j] < 0 ? -1 : g->role[stmt[j]];
    if (k < 0)
      regrouped_add(r, isl_union_set_list_get_union_set(stmts, j), -1,
                    g->rows[i]);
    else if (group_in_child(g, k, i) && last[k] == j)
      regrouped_add(r, group_domain(m, g, k), k, NULL);
  }
  isl_union_set_list_free(stmts);
  free(stmt);
  free(last);
}

/* Fills "r" with the children of the sequence of "g" regrouped: a child
 * holding the statement of a group is distributed (distribute_child);
 * the members of an epilogue leave the other children. */
static void regroup(struct mdh_model *m, const struct grouping *g,
                    struct regrouped *r) {
  isl_union_set *rest;
  isl_bool empty;
  int i, k, s, has_tile;

  for (i = 0; i < g->n; ++i) {
    for (k = has_tile = 0; k < g->n_group; ++k)
      has_tile |= group_in_child(g, k, i);
    if (has_tile) {
      distribute_child(m, g, i, r);
      continue;
    }
    rest = isl_union_set_intersect(isl_union_set_copy(g->filter[i]),
                                   isl_union_set_copy(m->domain));
    for (s = 0; s < m->n_stmt; ++s)
      if (g->owner[s] == i && g->role[s] >= 0)
        rest = isl_union_set_subtract(
            rest, isl_union_set_from_set(isl_set_copy(m->stmts[s].domain)));
    empty = isl_union_set_is_empty(rest);
    if (empty == isl_bool_false)
      regrouped_add(r, rest, -1, g->rows[i]);
    else
      isl_union_set_free(rest);
  }
}

/* Builds the register tile of group "k" of "g" at "node", a leaf below its
 * filter (mdh_cpu_register_tile_group), its tile band linearized when it
 * starts with a batch dimension, unless "fused" (in the tile of a fused
 * group, whose tile loop is the parallel one). */
static __isl_give isl_schedule_node *
build_group(struct mdh_model *m, const struct grouping *g, int k, int fused,
            __isl_take isl_schedule_node *node) {
  const struct mdh_register_tile *t = &g->groups[k];
  isl_multi_union_pw_aff *bands[MDH_REGISTER_TILE_MAX_EPILOGUE + 1];
  int i, s, tiled;

  for (i = 0; i <= t->n_epilogue; ++i) {
    s = i == 0 ? t->stmt : t->epilogue[i - 1];
    bands[i] =
        rows_band(g->rows[g->owner[s]],
                  isl_union_set_from_set(isl_set_copy(m->stmts[s].domain)));
  }
  node = mdh_cpu_register_tile_group(m, node, t, bands, &tiled);
  return tiled > 0 && !fused ? linearize(m, node) : node;
}

/* Regroups sequence "node", whose children are bands as mdh-schedule
 * builds them, so that statements with register tiles run element-wise
 * statements around them in their epilogue (regroup,
 * mdh_register_tile_add_epilogue), where the schedule that results
 * respects the dependences; returns "node" unchanged otherwise. In
 * PolyBench's gemm (U = beta C; T = alpha A B; C = U + T, LARGE), U and C
 * are then computed from the tile's registers: 52-60 ms on one Zen 3 core,
 * against 71-93 ms with the steps in loops of their own and 50-55 ms for
 * the product alone. "fused" tells whether "node" is in the tile of a
 * fused group (build_group; its tiles read their inputs without panels). */
static __isl_give isl_schedule_node *
group_epilogues(struct mdh_model *m, const struct mdh_cpu_target *target,
                const int *segment, int fused,
                __isl_take isl_schedule_node *node) {
  struct grouping g = {0};
  struct regrouped r = {0};
  isl_schedule_node *orig;
  isl_schedule *schedule;
  isl_size depth = isl_schedule_node_get_tree_depth(node);
  isl_bool valid;
  int j;

  if (!grouping_read(m, &g, node) ||
      find_groups(m, target, segment, !fused, &g) == 0) {
    grouping_clear(&g);
    return node;
  }
  r.filters = isl_union_set_list_alloc(m->ctx, m->n_stmt);
  r.group = malloc((m->n_stmt + 1) * sizeof(*r.group));
  r.band = calloc(m->n_stmt + 1, sizeof(*r.band));
  if (!r.group || !r.band)
    abort();
  regroup(m, &g, &r);
  orig = isl_schedule_node_copy(node);
  node = isl_schedule_node_cut(node);
  node = isl_schedule_node_insert_sequence(node, r.filters);
  for (j = 0; j < r.n; ++j) {
    node = isl_schedule_node_child(isl_schedule_node_child(node, j), 0);
    if (r.group[j] >= 0)
      node = build_group(m, &g, r.group[j], fused, node);
    else
      node = isl_schedule_node_insert_partial_schedule(node, r.band[j]);
    node = isl_schedule_node_ancestor(
        node, isl_schedule_node_get_tree_depth(node) - depth);
  }
  free(r.group);
  free(r.band);
  grouping_clear(&g);
  schedule = isl_schedule_node_get_schedule(node);
  valid = mdh_chain_schedule_is_valid(m, schedule);
  isl_schedule_free(schedule);
  if (valid != isl_bool_true) {
    isl_schedule_node_free(node);
    return orig;
  }
  isl_schedule_node_free(orig);
  return node;
}

/* Skips the mark nodes at "node". */
static __isl_give isl_schedule_node *
skip_marks(__isl_take isl_schedule_node *node) {
  while (node && isl_schedule_node_get_type(node) == isl_schedule_node_mark)
    node = isl_schedule_node_child(node, 0);
  return node;
}

/* Internal data structure of tile_contraction and fused_epilogues. */
struct group_target {
  struct mdh_model *m;
  const struct mdh_cpu_target *target;
  const int *segment;
};

/* Regroups "node", where it is a sequence in the tile of a fused group,
 * into register tiles with their epilogues (group_epilogues): the ReLU
 * of a quantize -> conv -> ReLU chain is then applied to the
 * convolution's registers before they are stored, and the convolution's
 * tile buffer is no longer read, as in the unfused code; applied after
 * the tile buffer, the ReLU made the fused code slower than the unfused
 * one. */
static __isl_give isl_schedule_node *
fused_epilogues(__isl_take isl_schedule_node *node, void *user) {
  struct group_target *data = user;
  isl_bool fused;

  if (isl_schedule_node_get_type(node) != isl_schedule_node_sequence)
    return node;
  fused = in_fused_tile(node);
  if (fused < 0)
    return isl_schedule_node_free(node);
  if (!fused)
    return node;
  return group_epilogues(data->m, data->target, data->segment, 1, node);
}

/* Gives "node", where it is the band of one statement in the tile of a
 * fused group, its register tile (mdh_cpu_register_tile): a contraction
 * that mdh-tile-fuse fused with its producers (the convolution of a
 * quantize -> conv -> ReLU chain) then runs in each tile of its group in
 * vector registers, reading its inputs from the producers' tile buffers,
 * as it would alone. Without panels: the tile's inputs are in cache
 * already. A band that fused_epilogues tiled is kept. */
static __isl_give isl_schedule_node *
tile_contraction(__isl_take isl_schedule_node *node, void *user) {
  struct group_target *data = user;
  isl_bool fused, tiled;
  int done;

  if (isl_schedule_node_get_type(node) != isl_schedule_node_band)
    return node;
  fused = in_fused_tile(node);
  if (fused != isl_bool_true)
    return fused < 0 ? isl_schedule_node_free(node) : node;
  tiled = touches_register_tile(node);
  if (tiled != isl_bool_false)
    return tiled < 0 ? isl_schedule_node_free(node) : node;
  return mdh_cpu_register_tile(data->m, data->target, node, 0, &done);
}

/* Prepares the group at "node" (below marks) for the CPU, so that its loop
 * nest has a parallel outer loop of many iterations where it can:
 *
 * - a band of several statements whose outer member is not such a loop is
 *   distributed (distribute): fusing producers with consumers that read
 *   them shifted (stencil chains: S1[i] -> [2 + i] after S0[i] -> [i])
 *   makes the fused loop carry a dependence, and it would hold no parallel
 *   loop (annotate_for); each statement alone usually has a parallel outer
 *   loop. The sequential fused loop keeps the intermediate rows in cache,
 *   but on more than one core the parallel loops win (Halide's
 *   compute_root, parallel schedule). The same holds when the fused outer
 *   loop is parallel but short (3 channels on 2 threads leave one idle a
 *   third of the time). So is a band holding a statement that runs in
 *   register tiles alone, which beat the fusion (PolyBench's gemm, beta C
 *   fused with the rows of A B: 124 ms on one core of the bench machine,
 *   13 ms distributed);
 * - a band of one statement gets register tiles where it can
 *   (mdh_cpu_register_tile), its tile band then being the one linearized
 *   when it starts with a batch dimension (its row blocks are enough
 *   iterations otherwise);
 * - a band of one statement (or one kept fused) gets its two outer members
 *   linearized when the outer one is short (linearize);
 * - a sequence or set is prepared child by child;
 * - a group fused by mdh-tile-fuse keeps its loops, but for register
 *   tiles of its contractions, with their element-wise consumers as
 *   epilogues where they can (fused_epilogues), else alone
 *   (tile_contraction). */
static __isl_give isl_schedule_node *
prepare_group(struct mdh_model *m, const struct mdh_cpu_target *target,
              const int *segment, __isl_take isl_schedule_node *node) {
  enum isl_schedule_node_type type;
  isl_union_set *domain;
  isl_size n, depth;
  isl_bool wide;
  int i, tiled = 0;

  node = skip_marks(node);
  type = isl_schedule_node_get_type(node);
  if (type == isl_schedule_node_band) {
    /* A group of mdh-tile-fuse has its tile loop parallel already (its
     * contractions get register tiles); a register tile with its epilogue
     * was prepared by group_epilogues. */
    if (mdh_fuse_subtree_has_group(node) != isl_bool_false) {
      struct group_target data = {m, target, segment};

      node = isl_schedule_node_map_descendant_bottom_up(node, &fused_epilogues,
                                                        &data);
      return isl_schedule_node_map_descendant_bottom_up(node, &tile_contraction,
                                                        &data);
    }
    if (has_register_tile_mark(node) != isl_bool_false)
      return node;
    domain = isl_schedule_node_get_domain(node);
    n = isl_union_set_n_set(domain);
    wide = n > 1 ? has_wide_parallel_outer(m, node) : isl_bool_true;
    if (n > 1 && wide == isl_bool_true)
      wide = isl_bool_not(has_register_tile(m, target, domain));
    isl_union_set_free(domain);
    if (n < 0 || wide < 0)
      return isl_schedule_node_free(node);
    if (n == 1)
      node = mdh_cpu_register_tile(m, target, node, 1, &tiled);
    if (tiled < 0)
      return node;
    if (wide || tiled)
      return linearize(m, node);
    node = distribute(m, node);
    type = isl_schedule_node_get_type(node);
  }
  if (type != isl_schedule_node_sequence && type != isl_schedule_node_set)
    return node;
  /* Not in a fused group's tile: the band above that tile returned. */
  if (type == isl_schedule_node_sequence)
    node = group_epilogues(m, target, segment, 0, node);
  n = isl_schedule_node_n_children(node);
  depth = isl_schedule_node_get_tree_depth(node);
  for (i = 0; i < n; ++i) {
    node = isl_schedule_node_child(isl_schedule_node_child(node, i), 0);
    node = prepare_group(m, target, segment, node);
    node = isl_schedule_node_ancestor(
        node, isl_schedule_node_get_tree_depth(node) - depth);
  }
  return node;
}

/* Returns "schedule" prepared for the CPU from the group below its domain
 * (prepare_group). */
__isl_give isl_schedule *mdh_cpu_prepare_schedule(
    struct mdh_model *m, const struct mdh_cpu_target *target,
    const int *segment, __isl_take isl_schedule *schedule) {
  isl_schedule_node *node = isl_schedule_get_root(schedule);

  isl_schedule_free(schedule);
  node = prepare_group(m, target, segment, isl_schedule_node_child(node, 0));
  schedule = isl_schedule_node_get_schedule(node);
  isl_schedule_node_free(node);
  return schedule;
}
