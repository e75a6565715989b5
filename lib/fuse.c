/* Schedule trees fused after tiling (fuse.h). */

#include "lib/fuse.h"
#include "dialect/attrs.h"
#include "lib/builder.h"

#include "mlir-c/BuiltinTypes.h"
#include "support/polyhedral.h"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/id.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <stdlib.h>
#include <string.h>

/* The callback of mdh_fuse_has_extension: stops at an extension node. */
static isl_bool not_extension(__isl_keep isl_schedule_node *node, void *user) {
  (void)user;
  return isl_bool_not(isl_bool_ok(isl_schedule_node_get_type(node) ==
                                  isl_schedule_node_extension));
}

isl_bool mdh_fuse_has_extension(__isl_keep isl_schedule *schedule) {
  isl_schedule_node *root = isl_schedule_get_root(schedule);
  isl_bool found = root ? isl_bool_not(isl_schedule_node_every_descendant(
                              root, &not_extension, NULL))
                        : isl_bool_error;

  isl_schedule_node_free(root);
  return found;
}

/* The callback of mdh_fuse_subtree_has_group: stops at a tile_buffers
 * mark. */
static isl_bool not_tile_mark(__isl_keep isl_schedule_node *node, void *user) {
  (void)user;
  return isl_bool_not(mdh_fuse_is_tile_mark(node));
}

isl_bool mdh_fuse_subtree_has_group(__isl_keep isl_schedule_node *node) {
  if (!node)
    return isl_bool_error;
  return isl_bool_not(
      isl_schedule_node_every_descendant(node, &not_tile_mark, NULL));
}

/* The callback of mdh_fuse_extended: adds what the extension "node" adds
 * to "user". */
static isl_bool add_extended(__isl_keep isl_schedule_node *node, void *user) {
  isl_union_set **set = user;

  if (isl_schedule_node_get_type(node) == isl_schedule_node_extension)
    *set = isl_union_set_union(
        *set,
        isl_union_map_range(isl_schedule_node_extension_get_extension(node)));
  return isl_bool_true;
}

__isl_give isl_union_set *mdh_fuse_extended(__isl_keep isl_schedule *schedule) {
  isl_union_set *domain = isl_schedule_get_domain(schedule);
  isl_union_set *set = isl_union_set_empty(isl_union_set_get_space(domain));
  isl_schedule_node *root = isl_schedule_get_root(schedule);

  if (isl_schedule_node_foreach_descendant_top_down(root, &add_extended, &set) <
      0)
    set = isl_union_set_free(set);
  isl_schedule_node_free(root);
  isl_union_set_free(domain);
  return set;
}

isl_bool mdh_fuse_is_tile_mark(__isl_keep isl_schedule_node *node) {
  isl_id *id;
  isl_bool is;

  if (!node)
    return isl_bool_error;
  if (isl_schedule_node_get_type(node) != isl_schedule_node_mark)
    return isl_bool_false;
  id = isl_schedule_node_mark_get_id(node);
  is = isl_bool_ok(id && !strcmp(isl_id_get_name(id), mdh_mark_tile_buffers));
  isl_id_free(id);
  return is;
}

__isl_give isl_union_map *
mdh_fuse_tile_instances(__isl_keep isl_schedule_node *node) {
  isl_union_map *prefix = isl_schedule_node_get_prefix_schedule_union_map(node);
  isl_schedule_node *child = isl_schedule_node_get_child(node, 0);
  isl_union_map *inst = isl_union_map_reverse(prefix);

  if (child && isl_schedule_node_get_type(child) == isl_schedule_node_extension)
    inst = isl_union_map_union(
        inst, isl_schedule_node_extension_get_extension(child));
  if (!child)
    inst = isl_union_map_free(inst);
  isl_schedule_node_free(child);
  return inst;
}

/* The most bounds on one dimension that mdh_fuse_range_box looks at. */
#define MAX_BOUNDS 64

/* Internal data structure of mdh_fuse_range_box for output dimension "pos"
 * of a basic map: its numbers of inputs, outputs, parameters and local
 * variables, the local space "ls" of its domain, and the lower and upper
 * bounds on the output found so far (affine functions of the domain). */
struct bounds {
  int pos;
  isl_size n_in, n_out, n_param, n_div;
  isl_local_space *ls;
  isl_aff *lower[MAX_BOUNDS];
  isl_aff *upper[MAX_BOUNDS];
  int n_lower, n_upper;
};

/* Returns the bound on output data->pos of the constraint "c" whose
 * coefficient of that output is "b" (1 or -1): c is b o + rest >= 0 (or
 * = 0), so o >= -rest if b is 1 and o <= rest if b is -1. */
static __isl_give isl_aff *bound_of(struct bounds *data,
                                    __isl_keep isl_constraint *c, int b) {
  isl_aff *aff = isl_aff_zero_on_domain(isl_local_space_copy(data->ls));
  isl_val *v;
  int i;

  for (i = 0; i < data->n_in; ++i) {
    v = isl_constraint_get_coefficient_val(c, isl_dim_in, i);
    aff = isl_aff_set_coefficient_val(aff, isl_dim_in, i,
                                      b > 0 ? isl_val_neg(v) : v);
  }
  for (i = 0; i < data->n_param; ++i) {
    v = isl_constraint_get_coefficient_val(c, isl_dim_param, i);
    aff = isl_aff_set_coefficient_val(aff, isl_dim_param, i,
                                      b > 0 ? isl_val_neg(v) : v);
  }
  v = isl_constraint_get_constant_val(c);
  return isl_aff_set_constant_val(aff, b > 0 ? isl_val_neg(v) : v);
}

/* Records the bound on output data->pos that "c" gives, if it has a unit
 * coefficient there and involves no other output and no local variable
 * (an equality is both a lower and an upper bound). */
static isl_stat add_bound(__isl_take isl_constraint *c, void *user) {
  struct bounds *data = user;
  isl_val *v = isl_constraint_get_coefficient_val(c, isl_dim_out, data->pos);
  int b = isl_val_is_one(v) ? 1 : isl_val_is_negone(v) ? -1 : 0;
  int eq = isl_constraint_is_equality(c) == isl_bool_true;
  isl_aff *bound;

  isl_val_free(v);
  if (b && !isl_constraint_involves_dims(c, isl_dim_out, 0, data->pos) &&
      !isl_constraint_involves_dims(c, isl_dim_out, data->pos + 1,
                                    data->n_out - data->pos - 1) &&
      !isl_constraint_involves_dims(c, isl_dim_div, 0, data->n_div)) {
    bound = bound_of(data, c, b);
    if ((b > 0 || eq) && data->n_lower < MAX_BOUNDS)
      data->lower[data->n_lower++] = isl_aff_copy(bound);
    if ((b < 0 || eq) && data->n_upper < MAX_BOUNDS)
      data->upper[data->n_upper++] = isl_aff_copy(bound);
    isl_aff_free(bound);
  }
  isl_constraint_free(c);
  return isl_stat_ok;
}

/* Sets "*lower" to the lower bound in "data" whose distance to an upper
 * bound is the smallest constant, and returns that distance plus one (-1 if
 * no pair is a constant apart). */
static int64_t tightest(struct bounds *data, isl_aff **lower) {
  int64_t best = -1, n;
  isl_aff *d;
  isl_val *v;
  int i, j;

  for (i = 0; i < data->n_lower; ++i)
    for (j = 0; j < data->n_upper; ++j) {
      d = isl_aff_sub(isl_aff_copy(data->upper[j]),
                      isl_aff_copy(data->lower[i]));
      if (isl_aff_is_cst(d) == isl_bool_true) {
        v = isl_aff_get_constant_val(d);
        n = isl_val_get_num_si(v) + 1;
        isl_val_free(v);
        if (n > 0 && (best < 0 || n < best)) {
          best = n;
          isl_aff_free(*lower);
          *lower = isl_aff_copy(data->lower[i]);
        }
      }
      isl_aff_free(d);
    }
  return best;
}

isl_stat mdh_fuse_range_box(__isl_keep isl_map *map,
                            __isl_give isl_multi_aff **offset,
                            __isl_give isl_multi_val **size) {
  isl_basic_map *hull = isl_map_simple_hull(isl_map_copy(map));
  isl_space *space = isl_map_get_space(map);
  struct bounds data;
  isl_aff *lower;
  int64_t n;
  int i, ok = hull != NULL;

  *offset = isl_multi_aff_zero(isl_space_copy(space));
  *size = isl_multi_val_zero(isl_space_range(isl_space_copy(space)));
  data.n_in = isl_basic_map_dim(hull, isl_dim_in);
  data.n_out = isl_basic_map_dim(hull, isl_dim_out);
  data.n_param = isl_basic_map_dim(hull, isl_dim_param);
  data.n_div = isl_basic_map_dim(hull, isl_dim_div);
  data.ls = isl_local_space_from_space(isl_space_domain(space));
  for (data.pos = 0; ok && data.pos < data.n_out; ++data.pos) {
    data.n_lower = data.n_upper = 0;
    lower = NULL;
    ok = isl_basic_map_foreach_constraint(hull, &add_bound, &data) >= 0;
    n = ok ? tightest(&data, &lower) : -1;
    for (i = 0; i < data.n_lower; ++i)
      isl_aff_free(data.lower[i]);
    for (i = 0; i < data.n_upper; ++i)
      isl_aff_free(data.upper[i]);
    ok = n > 0;
    if (ok) {
      *offset = isl_multi_aff_set_at(*offset, data.pos, lower);
      *size = isl_multi_val_set_at(
          *size, data.pos, isl_val_int_from_si(isl_map_get_ctx(map), n));
    } else {
      isl_aff_free(lower);
    }
  }
  isl_local_space_free(data.ls);
  isl_basic_map_free(hull);
  if (ok && *offset && *size)
    return isl_stat_ok;
  *offset = isl_multi_aff_free(*offset);
  *size = isl_multi_val_free(*size);
  return isl_stat_error;
}

/* Fills "tb" with the box of the elements of buffer "k" that the
 * instances "inst" (per tile) access through "acc"; returns 0, or -1 if
 * the box has no fixed size. */
static int footprint(struct mdh_model *m, int k, __isl_keep isl_union_map *inst,
                     __isl_take isl_union_map *acc,
                     struct mdh_tile_buffer *tb) {
  isl_union_map *all = isl_union_map_apply_range(isl_union_map_copy(inst), acc);
  isl_union_map *fp = mdh_model_accesses_to(m, all, k);
  isl_map *map;
  isl_stat ok;

  isl_union_map_free(all);
  map = isl_map_from_union_map(isl_union_map_coalesce(fp));
  ok = mdh_fuse_range_box(map, &tb->offset, &tb->size);
  isl_map_free(map);
  tb->buf = k;
  return ok < 0 ? -1 : 0;
}

/* Tells whether buffer "k" of "m" is an intermediate of its own memory
 * that the statements "group" write, and whose elements that the
 * instances "tile" (those the tiles run) access no statement outside
 * "group" accesses ("acc" holding the accesses of "k"): none at all, or
 * other elements only (a producer whose consumers outside the group read
 * instances the group does not run, basteln section 5.3, condition
 * (21)). */
static int is_private(struct mdh_model *m, int k,
                      __isl_keep isl_union_map *writes,
                      __isl_keep isl_union_map *acc,
                      __isl_keep isl_union_set *group,
                      __isl_keep isl_union_set *tile) {
  isl_union_map *others;
  isl_union_set *mine;

  if (!mdh_model_is_intermediate(m, m->bufs[k]) ||
      mdh_model_shares_memory(m, k) ||
      mdh_isl_union_map_is_empty(isl_union_map_intersect_domain(
          isl_union_map_copy(writes), isl_union_set_copy(group))))
    return 0;
  others = isl_union_map_subtract_domain(isl_union_map_copy(acc),
                                         isl_union_set_copy(group));
  if (mdh_isl_union_map_is_empty(isl_union_map_copy(others))) {
    isl_union_map_free(others);
    return 1;
  }
  mine = isl_union_map_range(isl_union_map_intersect_domain(
      isl_union_map_copy(acc), isl_union_set_copy(tile)));
  return mdh_isl_union_set_is_empty(
      isl_union_set_intersect(isl_union_map_range(others), mine));
}

int mdh_fuse_tile_buffers(struct mdh_model *m, __isl_keep isl_union_map *inst,
                          __isl_keep isl_union_set *outs,
                          struct mdh_tile_buffer **out) {
  isl_union_set *tile = isl_union_map_range(isl_union_map_copy(inst));
  isl_union_set *group = isl_union_set_universe(isl_union_set_copy(tile));
  isl_union_set *prods =
      isl_union_set_subtract(isl_union_set_copy(group),
                             isl_union_set_universe(isl_union_set_copy(outs)));
  isl_union_map *acc, *buf_acc, *buf_writes;
  int k, n = 0, produced, ok = 1;

  *out = calloc(m->n_buf + 1, sizeof(**out));
  if (!*out)
    abort();
  acc = isl_union_map_union(isl_union_map_copy(m->reads),
                            isl_union_map_copy(m->writes));
  for (k = 0; k < m->n_buf && ok; ++k) {
    buf_writes = mdh_model_accesses_to(m, m->writes, k);
    buf_acc = mdh_model_accesses_to(m, acc, k);
    produced = !mdh_isl_union_map_is_empty(isl_union_map_intersect_domain(
        isl_union_map_copy(buf_writes), isl_union_set_copy(prods)));
    if (is_private(m, k, buf_writes, buf_acc, group, tile) &&
        footprint(m, k, inst, isl_union_map_copy(buf_acc), &(*out)[n]) == 0)
      n++;
    else
      ok = !produced;
    isl_union_map_free(buf_writes);
    isl_union_map_free(buf_acc);
  }
  isl_union_map_free(acc);
  isl_union_set_free(tile);
  isl_union_set_free(group);
  isl_union_set_free(prods);
  if (!ok) {
    mdh_fuse_tile_buffers_free(*out, n + 1);
    *out = NULL;
    return -1;
  }
  return n;
}

void mdh_fuse_tile_buffers_free(struct mdh_tile_buffer *bufs, int n) {
  int i;

  for (i = 0; bufs && i < n; ++i) {
    isl_multi_aff_free(bufs[i].offset);
    isl_multi_val_free(bufs[i].size);
  }
  free(bufs);
}

int64_t mdh_fuse_tile_bytes(struct mdh_model *m,
                            const struct mdh_tile_buffer *bufs, int n) {
  int64_t bytes = 0, size;
  isl_size dim;
  isl_val *v;
  int i, j;

  for (i = 0; i < n; ++i) {
    MlirType type = mlirValueGetType(m->bufs[bufs[i].buf]);

    size = mdh_element_bytes(mlirShapedTypeGetElementType(type));
    dim = bufs[i].point ? 0 : isl_multi_val_size(bufs[i].size);
    for (j = 0; j < dim; ++j) {
      v = isl_multi_val_get_at(bufs[i].size, j);
      size *= isl_val_get_num_si(v);
      isl_val_free(v);
    }
    bytes += size;
  }
  return bytes;
}

/* The callback of mdh_fuse_without_extensions. */
static __isl_give isl_schedule_node *
delete_extension(__isl_take isl_schedule_node *node, void *user) {
  (void)user;
  if (isl_schedule_node_get_type(node) == isl_schedule_node_extension)
    return isl_schedule_node_delete(node);
  return node;
}

__isl_give isl_schedule *
mdh_fuse_without_extensions(__isl_take isl_schedule *schedule) {
  return isl_schedule_map_schedule_node_bottom_up(schedule, &delete_extension,
                                                  NULL);
}

__isl_give isl_union_map *
mdh_fuse_schedule_map(__isl_keep isl_schedule *schedule) {
  isl_schedule *plain =
      mdh_fuse_without_extensions(isl_schedule_copy(schedule));
  isl_union_map *map = isl_schedule_get_map(plain);

  isl_schedule_free(plain);
  return map;
}

/* Internal data structure of mdh_fuse_schedule_is_valid: the model, the
 * schedule map of the tree without extensions, the instances that only
 * extensions run and the result so far. */
struct valid_data {
  struct mdh_model *m;
  isl_union_map *plain;
  isl_union_set *extended;
  isl_bool ok;
};

/* Tells whether the instances "set" all run before (after, if "after") every
 * instance of "outs" in the schedule map "plain". */
static isl_bool all_on_one_side(__isl_keep isl_union_map *plain,
                                __isl_take isl_union_set *set,
                                __isl_keep isl_union_set *outs, int after) {
  isl_union_map *s =
      isl_union_map_intersect_domain(isl_union_map_copy(plain), set);
  isl_union_map *o = isl_union_map_intersect_domain(isl_union_map_copy(plain),
                                                    isl_union_set_copy(outs));
  isl_union_map *wrong = after ? isl_union_map_lex_le_union_map(s, o)
                               : isl_union_map_lex_ge_union_map(s, o);
  isl_bool empty = isl_union_map_is_empty(wrong);

  isl_union_map_free(wrong);
  return empty;
}

/* Checks the group of the tile_buffers mark "node": every dependence of a
 * producer instance (one an extension adds) is covered by the tile and
 * ordered by the sequence below the extension, comes from instances that run
 * before the group or goes to ones that run after it, and the producers
 * write only tile buffers. */
static isl_bool check_group(struct valid_data *data,
                            __isl_keep isl_schedule_node *node) {
  struct mdh_model *m = data->m;
  isl_union_map *inst = mdh_fuse_tile_instances(node);
  isl_union_set *outs = isl_schedule_node_get_domain(node);
  isl_schedule_node *seq = isl_schedule_node_get_child(node, 0);
  isl_union_set *group, *prods, *rest;
  isl_union_map *into, *sub, *order, *need;
  struct mdh_tile_buffer *bufs;
  isl_bool ok = isl_bool_error;
  int n;

  if (isl_schedule_node_get_type(seq) == isl_schedule_node_extension)
    seq = isl_schedule_node_child(seq, 0);
  sub = isl_schedule_node_get_subtree_schedule_union_map(seq);
  isl_schedule_node_free(seq);
  group = isl_union_map_range(isl_union_map_copy(inst));
  prods = isl_union_set_subtract(isl_union_set_copy(group),
                                 isl_union_set_copy(outs));
  data->extended =
      isl_union_set_union(data->extended, isl_union_set_copy(prods));
  rest = isl_union_set_subtract(isl_union_set_copy(m->domain),
                                isl_union_set_copy(group));
  n = inst ? mdh_fuse_tile_buffers(m, inst, outs, &bufs) : -1;
  if (n >= 0)
    mdh_fuse_tile_buffers_free(bufs, n);
  if (n < 0 || !sub)
    goto done;
  /* Within the group, only producers are sources of dependences on
   * producers, the tile runs the sources it needs, in sequence order. */
  into = mdh_model_deps_between(m, group, prods);
  need = mdh_model_deps_between(m, prods, prods);
  ok = isl_union_map_is_subset(into, need);
  isl_union_map_free(into);
  isl_union_map_free(need);
  into = mdh_model_deps_between(m, prods, group);
  need = isl_union_map_apply_range(
      isl_union_map_copy(inst),
      isl_union_map_reverse(isl_union_map_copy(into)));
  if (ok == isl_bool_true)
    ok = isl_union_map_is_subset(need, inst);
  isl_union_map_free(need);
  order = isl_union_map_lex_lt_union_map(isl_union_map_copy(sub),
                                         isl_union_map_copy(sub));
  if (ok == isl_bool_true)
    ok = isl_union_map_is_subset(into, order);
  isl_union_map_free(order);
  isl_union_map_free(into);
  /* The rest runs around the group. */
  if (ok == isl_bool_true)
    ok = all_on_one_side(
        data->plain,
        isl_union_map_domain(mdh_model_deps_between(m, rest, prods)), outs, 0);
  if (ok == isl_bool_true)
    ok = all_on_one_side(
        data->plain,
        isl_union_map_range(mdh_model_deps_between(m, prods, rest)), outs, 1);
done:
  isl_union_map_free(sub);
  isl_union_map_free(inst);
  isl_union_set_free(outs);
  isl_union_set_free(group);
  isl_union_set_free(prods);
  isl_union_set_free(rest);
  return ok;
}

/* The callback of mdh_fuse_schedule_is_valid: checks the group below
 * "node" if it is a tile_buffers mark. */
static isl_bool visit_group(__isl_keep isl_schedule_node *node, void *user) {
  struct valid_data *data = user;
  isl_bool mark = mdh_fuse_is_tile_mark(node);

  if (mark != isl_bool_true || data->ok != isl_bool_true)
    return isl_bool_ok(mark == isl_bool_false && data->ok == isl_bool_true);
  data->ok = check_group(data, node);
  return isl_bool_false;
}

isl_bool mdh_fuse_schedule_is_valid(struct mdh_model *m,
                                    __isl_keep isl_schedule *schedule) {
  isl_schedule *plain =
      mdh_fuse_without_extensions(isl_schedule_copy(schedule));
  isl_schedule_node *root = isl_schedule_get_root(schedule);
  struct valid_data data = {
      m, isl_schedule_get_map(plain),
      isl_union_set_empty(isl_union_set_get_space(m->domain)), isl_bool_true};
  isl_union_map *pairs;

  if (!root || !data.plain)
    data.ok = isl_bool_error;
  if (root && isl_schedule_node_foreach_descendant_top_down(root, &visit_group,
                                                            &data) < 0)
    data.ok = isl_bool_error;
  isl_schedule_node_free(root);
  if (data.ok == isl_bool_true) {
    pairs = isl_union_map_subtract_range(
        isl_union_map_subtract_domain(isl_union_map_copy(m->validity),
                                      isl_union_set_copy(data.extended)),
        isl_union_set_copy(data.extended));
    data.ok = mdh_model_schedule_orders(m, plain, pairs);
    isl_union_map_free(pairs);
  }
  isl_union_map_free(data.plain);
  isl_union_set_free(data.extended);
  isl_schedule_free(plain);
  return data.ok;
}

void mdh_fuse_group_free(struct mdh_fuse_group *group) {
  if (!group)
    return;
  mdh_fuse_tile_buffers_free(group->bufs, group->n > 0 ? group->n : 0);
  isl_union_map_free(group->tiles);
  free(group);
}

/* Collects into the list "user" the statements of "node" if it is a
 * point-wise nest: a band whose child is a sequence (of statements at each
 * point). */
static isl_bool find_nests(__isl_keep isl_schedule_node *node, void *user) {
  isl_union_set_list **nests = user;
  isl_schedule_node *child;
  isl_bool nest;

  if (isl_schedule_node_get_type(node) != isl_schedule_node_band)
    return isl_bool_true;
  child = isl_schedule_node_get_child(node, 0);
  nest = isl_bool_ok(isl_schedule_node_get_type(child) ==
                     isl_schedule_node_sequence);
  isl_schedule_node_free(child);
  if (nest)
    *nests = isl_union_set_list_add(
        *nests, isl_union_set_universe(isl_multi_union_pw_aff_domain(
                    isl_schedule_node_band_get_partial_schedule(node))));
  return isl_bool_true;
}

/* Marks the tile buffers of "group" below the tile_buffers mark "node"
 * that every access of "m" reaches within one point-wise nest: the nests
 * of mdh-tile-fuse run a statement right after those it reads, at the
 * same point of their loops, so one element carries each value. */
static void mark_points(__isl_keep isl_schedule_node *node, struct mdh_model *m,
                        struct mdh_fuse_group *group) {
  isl_union_set_list *nests = isl_union_set_list_alloc(m->ctx, 4);
  isl_union_map *acc = isl_union_map_union(isl_union_map_copy(m->reads),
                                           isl_union_map_copy(m->writes));
  isl_union_set *stmts, *nest;
  isl_size n;
  int i, j;

  if (isl_schedule_node_foreach_descendant_top_down(node, &find_nests, &nests) <
      0)
    n = 0;
  else
    n = isl_union_set_list_n_union_set(nests);
  for (i = 0; i < group->n && n > 0; ++i) {
    stmts = isl_union_set_universe(isl_union_map_domain(
        mdh_model_accesses_to(m, acc, group->bufs[i].buf)));
    for (j = 0; j < n && !group->bufs[i].point; ++j) {
      nest = isl_union_set_list_get_union_set(nests, j);
      group->bufs[i].point =
          isl_union_set_is_subset(stmts, nest) == isl_bool_true;
      isl_union_set_free(nest);
    }
    isl_union_set_free(stmts);
  }
  isl_union_map_free(acc);
  isl_union_set_list_free(nests);
}

/* Marks the tile buffers of "group" that instances of "m" outside its
 * tiles (the range of "inst", tile -> instances) also write. */
static void mark_outside(struct mdh_model *m, __isl_keep isl_union_map *inst,
                         struct mdh_fuse_group *group) {
  isl_union_set *in_tiles = isl_union_map_range(isl_union_map_copy(inst));
  isl_union_set *writers;
  isl_bool in;
  int i;

  for (i = 0; i < group->n; ++i) {
    writers = isl_union_map_domain(
        mdh_model_accesses_to(m, m->writes, group->bufs[i].buf));
    in = isl_union_set_is_subset(writers, in_tiles);
    group->bufs[i].outside = in != isl_bool_true;
    isl_union_set_free(writers);
  }
  isl_union_set_free(in_tiles);
}

struct mdh_fuse_group *mdh_fuse_group_at(__isl_keep isl_schedule_node *node,
                                         struct mdh_model *m) {
  struct mdh_fuse_group *group = calloc(1, sizeof(*group));
  isl_union_map *inst = mdh_fuse_tile_instances(node);
  isl_union_set *outs = isl_schedule_node_get_domain(node);

  if (!group)
    abort();
  group->n = inst ? mdh_fuse_tile_buffers(m, inst, outs, &group->bufs) : -1;
  group->tiles = isl_schedule_node_get_prefix_schedule_union_map(node);
  isl_union_set_free(outs);
  if (group->n >= 0 && group->n <= MDH_FUSE_MAX_BUFFERS && group->tiles) {
    mark_points(node, m, group);
    mark_outside(m, inst, group);
    isl_union_map_free(inst);
    return group;
  }
  isl_union_map_free(inst);
  mdh_fuse_group_free(group);
  return NULL;
}

static void group_free(void *user) { mdh_fuse_group_free(user); }

/* Internal data structure of mdh_fuse_foreach_group. */
struct foreach_data {
  struct mdh_model *m;
  isl_stat (*fn)(struct mdh_fuse_group *group, void *user);
  void *user;
};

/* Calls data->fn on the group of "node" if it is a tile_buffers mark. */
static isl_bool visit_mark(__isl_keep isl_schedule_node *node, void *user) {
  struct foreach_data *data = user;
  struct mdh_fuse_group *group;
  isl_bool is = mdh_fuse_is_tile_mark(node);

  if (is != isl_bool_true)
    return isl_bool_not(is);
  group = mdh_fuse_group_at(node, data->m);
  if (!group || data->fn(group, data->user) < 0)
    return isl_bool_error;
  return isl_bool_false;
}

isl_stat
mdh_fuse_foreach_group(struct mdh_model *m, __isl_keep isl_schedule *schedule,
                       isl_stat (*fn)(struct mdh_fuse_group *group, void *user),
                       void *user) {
  struct foreach_data data = {m, fn, user};

  return isl_schedule_foreach_schedule_node_top_down(schedule, &visit_mark,
                                                     &data);
}

/* Internal data structure of mdh_fuse_max_tile_bytes. */
struct bytes_data {
  struct mdh_model *m;
  int64_t max;
};

/* Raises data->max to the bytes of "group" (which it frees). */
static isl_stat group_bytes(struct mdh_fuse_group *group, void *user) {
  struct bytes_data *data = user;
  int64_t bytes = mdh_fuse_tile_bytes(data->m, group->bufs, group->n);

  if (bytes > data->max)
    data->max = bytes;
  mdh_fuse_group_free(group);
  return isl_stat_ok;
}

int64_t mdh_fuse_max_tile_bytes(struct mdh_model *m,
                                __isl_keep isl_schedule *schedule) {
  struct bytes_data data = {m, 0};

  if (mdh_fuse_foreach_group(m, schedule, &group_bytes, &data) < 0)
    return -1;
  return data.max;
}

/* The callback of mdh_fuse_attach_groups: replaces the tile_buffers mark
 * "node" by one whose id carries the tile buffers of its group. */
static __isl_give isl_schedule_node *
attach_group(__isl_take isl_schedule_node *node, void *user) {
  struct mdh_model *m = user;
  struct mdh_fuse_group *group;
  isl_id *id;

  if (mdh_fuse_is_tile_mark(node) != isl_bool_true)
    return node;
  group = mdh_fuse_group_at(node, m);
  if (!group)
    return isl_schedule_node_free(node);
  id = isl_id_alloc(m->ctx, mdh_mark_tile_buffers, group);
  if (!id)
    group_free(group);
  id = isl_id_set_free_user(id, &group_free);
  node = isl_schedule_node_delete(node);
  return isl_schedule_node_insert_mark(node, id);
}

__isl_give isl_schedule *
mdh_fuse_attach_groups(__isl_take isl_schedule *schedule, struct mdh_model *m) {
  return isl_schedule_map_schedule_node_bottom_up(schedule, &attach_group, m);
}

static void offsets_free(void *user) {
  struct mdh_fuse_offsets *offs = user;
  int i;

  for (i = 0; i < offs->n_exprs; ++i)
    isl_ast_expr_free(offs->exprs[i]);
  free(offs->exprs);
  free(offs);
}

/* Returns the tile coordinates of "group" as a function of the schedule
 * dimensions of "build" at its tile_buffers mark: those of the tile band,
 * unless the AST generator dropped some (a kernel's tile band is fixed by
 * the block ids; the coordinates are then functions of them). */
static __isl_give isl_pw_multi_aff *
tile_of_build(struct mdh_fuse_group *group, __isl_keep isl_ast_build *build) {
  isl_union_map *sched = isl_ast_build_get_schedule(build);
  isl_union_map *to_tile = isl_union_map_apply_range(
      isl_union_map_reverse(sched), isl_union_map_copy(group->tiles));

  return isl_pw_multi_aff_from_map(isl_map_from_union_map(to_tile));
}

__isl_give isl_ast_node *mdh_fuse_annotate_mark(__isl_take isl_ast_node *node,
                                                __isl_keep isl_ast_build *build,
                                                void *user) {
  isl_id *id = isl_ast_node_mark_get_id(node);
  int tile = id && !strcmp(isl_id_get_name(id), mdh_mark_tile_buffers);
  struct mdh_fuse_group *group = tile ? isl_id_get_user(id) : NULL;
  struct mdh_fuse_offsets *offs;
  isl_pw_multi_aff *offset, *to_tile;
  isl_size dim;
  int i, j;

  (void)user;
  isl_id_free(id);
  if (!group)
    return node;
  offs = calloc(1, sizeof(*offs));
  if (!offs)
    abort();
  offs->exprs =
      calloc(group->n * MDH_MODEL_MAX_RANK + 1, sizeof(isl_ast_expr *));
  if (!offs->exprs)
    abort();
  offs->group = group;
  offs->n_exprs = group->n * MDH_MODEL_MAX_RANK;
  to_tile = tile_of_build(group, build);
  for (i = 0; i < group->n && to_tile; ++i) {
    offset = isl_pw_multi_aff_pullback_pw_multi_aff(
        isl_pw_multi_aff_from_multi_aff(
            isl_multi_aff_copy(group->bufs[i].offset)),
        isl_pw_multi_aff_copy(to_tile));
    dim = isl_pw_multi_aff_dim(offset, isl_dim_out);
    for (j = 0; j < dim && j < MDH_MODEL_MAX_RANK; ++j)
      offs->exprs[i * MDH_MODEL_MAX_RANK + j] = isl_ast_build_expr_from_pw_aff(
          build, isl_pw_multi_aff_get_pw_aff(offset, j));
    isl_pw_multi_aff_free(offset);
  }
  isl_pw_multi_aff_free(to_tile);
  id = isl_id_alloc(isl_ast_build_get_ctx(build), mdh_mark_tile_buffers, offs);
  id = isl_id_set_free_user(id, &offsets_free);
  return isl_ast_node_set_annotation(node, id);
}

const struct mdh_fuse_offsets *
mdh_fuse_mark_offsets(__isl_keep isl_ast_node *node) {
  isl_id *ann = isl_ast_node_get_annotation(node);
  const struct mdh_fuse_offsets *offs = NULL;

  if (ann && !strcmp(isl_id_get_name(ann), mdh_mark_tile_buffers))
    offs = isl_id_get_user(ann);
  isl_id_free(ann);
  return offs;
}

int mdh_fuse_redirect(struct mdh_builder *b, struct mdh_ast_scope *scope,
                      struct mdh_model *m, const struct mdh_fuse_offsets *offs,
                      int i, MlirValue copy, struct mdh_redirect *r,
                      MlirValue *offsets) {
  const struct mdh_tile_buffer *tb = &offs->group->bufs[i];
  isl_size dim = isl_multi_val_size(tb->size);
  int j;

  r->buffer = m->bufs[tb->buf];
  r->copy = copy;
  r->offset = tb->point ? NULL : offsets;
  for (j = 0; j < dim && !tb->point; ++j) {
    offsets[j] =
        mdh_ast_scope_expr(scope, b, offs->exprs[i * MDH_MODEL_MAX_RANK + j]);
    if (mlirValueIsNull(offsets[j]))
      return -1;
  }
  return 0;
}

MlirType mdh_fuse_buffer_type(struct mdh_model *m,
                              const struct mdh_tile_buffer *tb,
                              MlirAttribute space) {
  MlirType type = mlirValueGetType(m->bufs[tb->buf]);
  int64_t shape[MDH_MODEL_MAX_RANK];
  isl_size n = isl_multi_val_size(tb->size);
  isl_val *v;
  int i;

  for (i = 0; i < n; ++i) {
    v = isl_multi_val_get_at(tb->size, i);
    shape[i] = tb->point ? 1 : isl_val_get_num_si(v);
    isl_val_free(v);
  }
  return mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(type), n,
                                     shape, space);
}

int mdh_fuse_tile_size(__isl_keep isl_schedule_node *band, int m, int64_t *size,
                       int64_t *count) {
  isl_union_set *domain = isl_schedule_node_get_domain(band);
  isl_multi_union_pw_aff *mupa =
      isl_schedule_node_band_get_partial_schedule(band);
  isl_union_pw_aff *upa = isl_multi_union_pw_aff_get_union_pw_aff(mupa, m);
  isl_set *set;
  isl_val *stride, *lo, *hi;
  int ok;

  isl_multi_union_pw_aff_free(mupa);
  set = isl_set_from_union_set(
      isl_union_set_apply(domain, isl_union_map_from_union_pw_aff(upa)));
  set = mdh_isl_set_fix_nominal(set);
  stride = isl_set_get_stride(set, 0);
  lo = isl_set_dim_min_val(isl_set_copy(set), 0);
  hi = isl_set_dim_max_val(set, 0);
  ok = stride && lo && hi && isl_val_is_int(stride) && isl_val_is_int(lo) &&
       isl_val_is_int(hi) && isl_val_is_pos(stride);
  if (ok) {
    *size = isl_val_get_num_si(stride);
    *count = (isl_val_get_num_si(hi) - isl_val_get_num_si(lo)) / *size + 1;
  }
  isl_val_free(stride);
  isl_val_free(lo);
  isl_val_free(hi);
  return ok ? 0 : -1;
}
