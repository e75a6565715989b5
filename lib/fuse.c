/* Schedule trees fused after tiling (fuse.h). */

#include "lib/fuse.h"
#include "dialect/attrs.h"

#include <isl/fixed_box.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/set.h>
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
  isl_bool found = isl_bool_false;
  isl_schedule_node *root = isl_schedule_get_root(schedule);

  if (!root)
    return isl_bool_error;
  /* isl's walk stops with an error where the callback says "stop". */
  if (isl_schedule_node_every_descendant(root, &not_extension, NULL) ==
      isl_bool_false)
    found = isl_bool_true;
  isl_schedule_node_free(root);
  return found;
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

/* Returns the universe of the statements of the instances "set". */
static __isl_give isl_union_set *statements(__isl_take isl_union_set *set) {
  return isl_union_set_universe(set);
}

/* Tells whether "umap" is empty (an error counts as "no"). */
static int is_empty(__isl_take isl_union_map *umap) {
  isl_bool empty = isl_union_map_is_empty(umap);

  isl_union_map_free(umap);
  return empty == isl_bool_true;
}

/* Fills "tb" with the box of the elements of buffer "k" that the
 * instances "inst" (per tile) access through "acc"; returns 0, or -1 if
 * the box has no fixed size. */
static int footprint(struct mdh_model *m, int k, __isl_keep isl_union_map *inst,
                     __isl_take isl_union_map *acc,
                     struct mdh_tile_buffer *tb) {
  isl_union_map *fp = isl_union_map_apply_range(isl_union_map_copy(inst), acc);
  isl_map *map;
  isl_fixed_box *box;
  isl_bool valid;

  fp = isl_union_map_intersect_range(
      fp,
      isl_union_set_from_set(isl_set_universe(mdh_model_buffer_space(m, k))));
  map = isl_map_from_union_map(isl_union_map_coalesce(fp));
  box = isl_map_get_range_simple_fixed_box_hull(map);
  isl_map_free(map);
  valid = isl_fixed_box_is_valid(box);
  tb->buf = k;
  tb->offset = valid == isl_bool_true ? isl_fixed_box_get_offset(box) : NULL;
  tb->size = valid == isl_bool_true ? isl_fixed_box_get_size(box) : NULL;
  isl_fixed_box_free(box);
  return valid == isl_bool_true ? 0 : -1;
}

/* Tells whether buffer "k" of "m" is an intermediate of its own memory
 * that the statements "group" write and nothing else accesses ("acc"
 * holding the accesses of "k"). */
static int is_private(struct mdh_model *m, int k,
                      __isl_keep isl_union_map *writes,
                      __isl_keep isl_union_map *acc,
                      __isl_keep isl_union_set *group) {
  return mdh_model_is_intermediate(m, m->bufs[k]) &&
         !mdh_model_shares_memory(m, k) &&
         !is_empty(isl_union_map_intersect_domain(isl_union_map_copy(writes),
                                                  isl_union_set_copy(group))) &&
         is_empty(isl_union_map_subtract_domain(isl_union_map_copy(acc),
                                                isl_union_set_copy(group)));
}

int mdh_fuse_tile_buffers(struct mdh_model *m, __isl_keep isl_union_map *inst,
                          __isl_keep isl_union_set *outs,
                          struct mdh_tile_buffer **out) {
  isl_union_set *group =
      statements(isl_union_map_range(isl_union_map_copy(inst)));
  isl_union_set *prods = isl_union_set_subtract(
      isl_union_set_copy(group), statements(isl_union_set_copy(outs)));
  isl_union_map *acc, *buf_acc, *buf_writes;
  isl_union_set *elems;
  int k, n = 0, produced, ok = 1;

  *out = calloc(m->n_buf + 1, sizeof(**out));
  if (!*out)
    abort();
  acc = isl_union_map_union(isl_union_map_copy(m->reads),
                            isl_union_map_copy(m->writes));
  for (k = 0; k < m->n_buf && ok; ++k) {
    elems =
        isl_union_set_from_set(isl_set_universe(mdh_model_buffer_space(m, k)));
    buf_writes = isl_union_map_intersect_range(isl_union_map_copy(m->writes),
                                               isl_union_set_copy(elems));
    buf_acc = isl_union_map_intersect_range(isl_union_map_copy(acc), elems);
    produced = !is_empty(isl_union_map_intersect_domain(
        isl_union_map_copy(buf_writes), isl_union_set_copy(prods)));
    if (is_private(m, k, buf_writes, buf_acc, group) &&
        footprint(m, k, inst, isl_union_map_copy(buf_acc), &(*out)[n]) == 0)
      n++;
    else
      ok = !produced;
    isl_union_map_free(buf_writes);
    isl_union_map_free(buf_acc);
  }
  isl_union_map_free(acc);
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

/* Internal data structure of mdh_fuse_schedule_is_valid: the model, the
 * schedule map of the tree without extensions, the instances that only
 * extensions run and the result so far. */
struct valid_data {
  struct mdh_model *m;
  isl_union_map *plain;
  isl_union_set *extended;
  isl_bool ok;
};

/* Returns the dependences of "deps" from "from" to "to". */
static __isl_give isl_union_map *deps_between(__isl_keep isl_union_map *deps,
                                              __isl_keep isl_union_set *from,
                                              __isl_keep isl_union_set *to) {
  return isl_union_map_intersect_range(
      isl_union_map_intersect_domain(isl_union_map_copy(deps),
                                     isl_union_set_copy(from)),
      isl_union_set_copy(to));
}

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
  into = deps_between(m->deps, group, prods);
  ok = isl_union_map_is_subset(into, deps_between(m->deps, prods, prods));
  isl_union_map_free(into);
  into = deps_between(m->deps, prods, group);
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
        data->plain, isl_union_map_domain(deps_between(m->deps, rest, prods)),
        outs, 0);
  if (ok == isl_bool_true)
    ok = all_on_one_side(
        data->plain, isl_union_map_range(deps_between(m->deps, prods, rest)),
        outs, 1);
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
