/* Schedule-tree helpers shared by the passes that read and write
 * `mdh.schedule`: its YAML form, and the `kernel` marks that delimit the
 * subtrees becoming one GPU kernel each (PPCG's gpu_tree.c keeps the same
 * kind of mark-delimited regions).
 *
 * Invariant of a marked tree (mdh-map-gpu establishes it): every statement
 * instance lies below exactly one kernel mark, and no kernel mark lies
 * below a band, so that running the kernels one after another in tree
 * order respects every dependence the tree respects. The instances that
 * the extension node of a fused group (lib/fuse.h) adds to its tiles are
 * the exception: an instance recomputed by several tiles runs in the
 * group's kernel once per tile, into each tile's own buffers, and the
 * instances no tile needs run in a kernel of their own before it.
 */

#ifndef MDH_LIB_TREE_H
#define MDH_LIB_TREE_H

#include "lib/model.h"

#include "mlir-c/IR.h"

#include <isl/schedule.h>
#include <isl/schedule_node.h>

/* Returns "schedule" in isl's block YAML form, to be freed by the caller. */
char *mdh_tree_to_yaml(__isl_keep isl_schedule *schedule);

/* Stores "schedule" as the `mdh.schedule` of "func". */
void mdh_tree_store(MlirOperation func, __isl_keep isl_schedule *schedule);

/* Tells whether "node" is a kernel mark. */
isl_bool mdh_tree_is_kernel(__isl_keep isl_schedule_node *node);

/* Returns a copy of the mapping carried by the kernel mark "node" (NULL if
 * it carries none), to be freed by the caller. The mapping of a kernel of
 * one md_hom is over the md_hom's dimensions, that of a kernel of several
 * over the members of the band below the mark (lib/mapping.h). */
char *mdh_tree_kernel_mapping(__isl_keep isl_schedule_node *node);

/* Returns "schedule" with a mapping in every kernel mark that lacks one:
 * "fn" is called with the mark's instances and returns the mapping
 * (malloc'ed), or NULL after a diagnostic, which makes this function
 * return NULL. */
__isl_give isl_schedule *mdh_tree_complete_kernels(
    __isl_take isl_schedule *schedule,
    char *(*fn)(__isl_keep isl_union_set *domain, void *user), void *user);

/* Inserts the mark "id" above "node". isl's reader wants a child below
 * every mark ("expecting child"), so a leaf (below md_homs without
 * dimensions, D = 0) gets a band without members first: every tree the
 * passes store in mdh.schedule reads back. */
__isl_give isl_schedule_node *
mdh_tree_insert_mark(__isl_take isl_schedule_node *node, __isl_take isl_id *id);

/* Inserts a kernel mark above "node", with "mapping" (or none if NULL). */
__isl_give isl_schedule_node *
mdh_tree_insert_kernel(__isl_take isl_schedule_node *node, const char *mapping);

/* Returns "schedule" without its kernel marks. */
__isl_give isl_schedule *
mdh_tree_remove_kernels(__isl_take isl_schedule *schedule);

/* Calls "fn" on every kernel mark of "schedule" in tree order (the order in
 * which their code runs); stops at the first failure. */
isl_stat mdh_tree_foreach_kernel(
    __isl_keep isl_schedule *schedule,
    isl_stat (*fn)(__isl_keep isl_schedule_node *mark, void *user), void *user);

/* Replaces the subtree at "node" by a sequence of "filters" (a partition
 * of its instances, in the order they are to run), each over one band:
 * the rows of the subtree's schedule for its instances, so that each keeps
 * the loop order and shifts it had. The caller ensures the order of
 * "filters" respects the dependences between them. Returns the sequence
 * node. */
__isl_give isl_schedule_node *
mdh_tree_distribute(__isl_take isl_schedule_node *node,
                    __isl_take isl_union_set_list *filters);

/* Stores in "order" the dimensions of "stmt" in the order in which the
 * rows of "schedule" (a schedule map of the tree, or NULL) first depend on
 * them; dimensions no row depends on come last. Falls back to the
 * dimension order. */
void mdh_tree_dim_order(__isl_keep isl_union_map *schedule,
                        const struct mdh_stmt *stmt, int *order);

#endif
