/* Schedule-tree helpers (tree.h). */

#include "lib/tree.h"
#include "dialect/attrs.h"

#include <isl/aff.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/printer.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <stdlib.h>
#include <string.h>

char *mdh_tree_to_yaml(__isl_keep isl_schedule *schedule) {
  isl_printer *p = isl_printer_to_str(isl_schedule_get_ctx(schedule));
  char *text;

  p = isl_printer_set_yaml_style(p, ISL_YAML_STYLE_BLOCK);
  p = isl_printer_print_schedule(p, schedule);
  text = isl_printer_get_str(p);
  isl_printer_free(p);
  return text;
}

void mdh_tree_store(MlirOperation func, __isl_keep isl_schedule *schedule) {
  char *yaml = mdh_tree_to_yaml(schedule);

  if (yaml)
    mdh_attr_set_schedule(func, yaml);
  free(yaml);
}

/* Returns the name of the mark "node" after the kernel mark's name: "" or
 * ": MAPPING"; NULL if "node" is no kernel mark. */
static const char *kernel_suffix(__isl_keep isl_schedule_node *node) {
  isl_id *id;
  const char *name;
  size_t n = strlen(mdh_mark_kernel);

  if (isl_schedule_node_get_type(node) != isl_schedule_node_mark)
    return NULL;
  id = isl_schedule_node_mark_get_id(node);
  name = isl_id_get_name(id);
  isl_id_free(id);
  if (!name || strncmp(name, mdh_mark_kernel, n) || (name[n] && name[n] != ':'))
    return NULL;
  return name + n;
}

isl_bool mdh_tree_is_kernel(__isl_keep isl_schedule_node *node) {
  if (!node)
    return isl_bool_error;
  return isl_bool_ok(kernel_suffix(node) != NULL);
}

char *mdh_tree_kernel_mapping(__isl_keep isl_schedule_node *node) {
  const char *suffix = node ? kernel_suffix(node) : NULL;

  if (!suffix || suffix[0] != ':')
    return NULL;
  return strdup(suffix[1] == ' ' ? suffix + 2 : suffix + 1);
}

__isl_give isl_schedule_node *
mdh_tree_insert_mark(__isl_take isl_schedule_node *node,
                     __isl_take isl_id *id) {
  if (isl_schedule_node_get_type(node) == isl_schedule_node_leaf)
    node = isl_schedule_node_insert_partial_schedule(
        node, isl_multi_union_pw_aff_from_union_map(isl_union_map_from_domain(
                  isl_schedule_node_get_domain(node))));
  return isl_schedule_node_insert_mark(node, id);
}

__isl_give isl_schedule_node *
mdh_tree_insert_kernel(__isl_take isl_schedule_node *node,
                       const char *mapping) {
  isl_ctx *ctx = isl_schedule_node_get_ctx(node);
  size_t n = strlen(mdh_mark_kernel) + (mapping ? strlen(mapping) + 2 : 0);
  char *name = malloc(n + 1);
  isl_id *id;

  if (!name)
    return isl_schedule_node_free(node);
  strcpy(name, mdh_mark_kernel);
  if (mapping) {
    strcat(name, ": ");
    strcat(name, mapping);
  }
  id = isl_id_alloc(ctx, name, NULL);
  free(name);
  return mdh_tree_insert_mark(node, id);
}

/* The callback of mdh_tree_remove_kernels: deletes "node" if it is a
 * kernel mark. */
static __isl_give isl_schedule_node *
remove_kernel(__isl_take isl_schedule_node *node, void *user) {
  isl_bool kernel = mdh_tree_is_kernel(node);

  (void)user;
  if (kernel < 0)
    return isl_schedule_node_free(node);
  return kernel ? isl_schedule_node_delete(node) : node;
}

__isl_give isl_schedule *
mdh_tree_remove_kernels(__isl_take isl_schedule *schedule) {
  return isl_schedule_map_schedule_node_bottom_up(schedule, &remove_kernel,
                                                  NULL);
}

/* Internal data structure for mdh_tree_complete_kernels. */
struct complete_data {
  char *(*fn)(__isl_keep isl_union_set *domain, void *user);
  void *user;
};

/* The callback of mdh_tree_complete_kernels: replaces "node", a kernel mark
 * without a mapping, by one with the mapping data->fn gives. */
static __isl_give isl_schedule_node *
complete_kernel(__isl_take isl_schedule_node *node, void *user) {
  struct complete_data *data = user;
  const char *suffix = node ? kernel_suffix(node) : NULL;
  isl_union_set *domain;
  char *mapping;

  if (!suffix || suffix[0])
    return node;
  domain = isl_schedule_node_get_domain(node);
  mapping = domain ? data->fn(domain, data->user) : NULL;
  isl_union_set_free(domain);
  if (!mapping)
    return isl_schedule_node_free(node);
  node = isl_schedule_node_delete(node);
  node = mdh_tree_insert_kernel(node, mapping);
  free(mapping);
  return node;
}

__isl_give isl_schedule *mdh_tree_complete_kernels(
    __isl_take isl_schedule *schedule,
    char *(*fn)(__isl_keep isl_union_set *domain, void *user), void *user) {
  struct complete_data data = {fn, user};

  return isl_schedule_map_schedule_node_bottom_up(schedule, &complete_kernel,
                                                  &data);
}

/* Internal data structure for mdh_tree_foreach_kernel. */
struct foreach_kernel_data {
  isl_stat (*fn)(__isl_keep isl_schedule_node *mark, void *user);
  void *user;
  isl_stat status;
};

/* Calls data->fn on "node" if it is a kernel mark (and does not descend
 * below it: kernels do not nest). */
static isl_bool visit_kernel(__isl_keep isl_schedule_node *node, void *user) {
  struct foreach_kernel_data *data = user;
  isl_bool kernel;

  if (data->status < 0)
    return isl_bool_false;
  kernel = mdh_tree_is_kernel(node);
  if (kernel < 0 || (kernel && data->fn(node, data->user) < 0)) {
    data->status = isl_stat_error;
    return isl_bool_false;
  }
  return isl_bool_not(kernel);
}

isl_stat mdh_tree_foreach_kernel(
    __isl_keep isl_schedule *schedule,
    isl_stat (*fn)(__isl_keep isl_schedule_node *mark, void *user),
    void *user) {
  struct foreach_kernel_data data = {fn, user, isl_stat_ok};

  if (isl_schedule_foreach_schedule_node_top_down(schedule, &visit_kernel,
                                                  &data) < 0)
    return isl_stat_error;
  return data.status;
}

/* Internal data structure of mdh_tree_dim_order: the statement's "rank",
 * the "order" found so far, of "n" dimensions. */
struct order_data {
  int rank;
  int *order;
  int n;
};

/* Reads the order from the piece "ma" of a statement's schedule: the order
 * in which its rows first depend on the dimensions. */
static isl_stat order_from_piece(__isl_take isl_set *set,
                                 __isl_take isl_multi_aff *ma, void *user) {
  struct order_data *data = user;
  isl_size n_out = isl_multi_aff_dim(ma, isl_dim_out);
  int placed[MDH_MODEL_MAX_RANK] = {0};
  isl_aff *aff;
  isl_val *v;
  int o, d;

  isl_set_free(set);
  if (data->n > 0 || n_out < 0) {
    isl_multi_aff_free(ma);
    return isl_stat_ok;
  }
  for (o = 0; o < n_out; ++o) {
    aff = isl_multi_aff_get_aff(ma, o);
    for (d = 0; d < data->rank; ++d) {
      v = isl_aff_get_coefficient_val(aff, isl_dim_in, d);
      if (v && !isl_val_is_zero(v) && !placed[d]) {
        placed[d] = 1;
        data->order[data->n++] = d;
      }
      isl_val_free(v);
    }
    isl_aff_free(aff);
  }
  for (d = 0; d < data->rank; ++d)
    if (!placed[d])
      data->order[data->n++] = d;
  isl_multi_aff_free(ma);
  return isl_stat_ok;
}

void mdh_tree_dim_order(__isl_keep isl_union_map *schedule,
                        const struct mdh_stmt *stmt, int *order) {
  struct order_data data = {stmt->rank, order, 0};
  isl_union_map *umap;
  isl_pw_multi_aff *pma;
  int d;

  if (schedule) {
    umap = isl_union_map_intersect_domain(
        isl_union_map_copy(schedule),
        isl_union_set_from_set(isl_set_copy(stmt->domain)));
    /* A statement the map lacks (one that runs only in fused tiles). */
    if (isl_union_map_n_map(umap) != 1)
      umap = isl_union_map_free(umap);
    pma = umap ? isl_pw_multi_aff_from_map(isl_map_from_union_map(umap)) : NULL;
    if (pma)
      isl_pw_multi_aff_foreach_piece(pma, &order_from_piece, &data);
    isl_pw_multi_aff_free(pma);
  }
  if (data.n == stmt->rank)
    return;
  for (d = 0; d < stmt->rank; ++d)
    order[d] = d;
}

__isl_give isl_schedule_node *
mdh_tree_distribute(__isl_take isl_schedule_node *node,
                    __isl_take isl_union_set_list *filters) {
  isl_union_map *sched = isl_schedule_node_get_subtree_schedule_union_map(node);
  isl_size n = isl_union_set_list_n_union_set(filters);
  isl_multi_union_pw_aff *rows;
  isl_union_set *filter;
  int i;

  if (n < 0)
    node = isl_schedule_node_free(node);
  node = isl_schedule_node_cut(node);
  node =
      isl_schedule_node_insert_sequence(node, isl_union_set_list_copy(filters));
  for (i = 0; i < n; ++i) {
    filter = isl_union_set_list_get_union_set(filters, i);
    rows = isl_multi_union_pw_aff_from_union_map(
        isl_union_map_intersect_domain(isl_union_map_copy(sched), filter));
    node = isl_schedule_node_child(isl_schedule_node_child(node, i), 0);
    node = isl_schedule_node_insert_partial_schedule(node, rows);
    node = isl_schedule_node_parent(isl_schedule_node_parent(node));
  }
  isl_union_set_list_free(filters);
  isl_union_map_free(sched);
  return node;
}
