/* Schedule trees fused after tiling (mdh-tile-fuse): what the pass that
 * builds them and the code generators that read them share.
 *
 * A fused group (basteln, "Modeling the Interplay between Loop Tiling and
 * Fusion in Optimizing Compilers Using Affine Relations", sections 4-5) is a
 * tile band over the group's output statements, a `mdh.tile_buffers` mark
 * right below it, and, if the group has producers, an extension node that
 * adds to each tile the producer instances the tile reads: per tile, a
 * sequence runs the producers and then the output statements, each over
 * its own loops. Neighbouring tiles may run
 * one producer instance each (overlapped tiles, recomputation), which is
 * correct because every intermediate that only the group uses lives, per
 * tile, in a buffer of the tile's footprint.
 */

#ifndef MDH_LIB_FUSE_H
#define MDH_LIB_FUSE_H

#include "lib/ast_to_mlir.h"
#include "lib/model.h"
#include "lib/stmt.h"

#include <isl/aff.h>
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/val.h>

/* Tells whether "schedule" holds extension nodes. */
isl_bool mdh_fuse_has_extension(__isl_keep isl_schedule *schedule);

/* Tells whether the subtree at "node" holds a fused group (a tile_buffers
 * mark). */
isl_bool mdh_fuse_subtree_has_group(__isl_keep isl_schedule_node *node);

/* Returns the instances that the extension nodes of "schedule" add. */
__isl_give isl_union_set *mdh_fuse_extended(__isl_keep isl_schedule *schedule);

/* Tells whether "node" is a `mdh.tile_buffers` mark. */
isl_bool mdh_fuse_is_tile_mark(__isl_keep isl_schedule_node *node);

/* Returns the statement instances that each tile below the tile band at
 * "node" (the tile_buffers mark, whose child is the extension node if the
 * group has producers) runs: tile coordinates (the prefix schedule of
 * "node") -> instances. */
__isl_give isl_union_map *
mdh_fuse_tile_instances(__isl_keep isl_schedule_node *node);

/* Computes the box around the range of "map" for each element of its
 * domain: "*offset" (an affine function of the domain) and "*size" (a
 * constant), from the bounds on each output dimension among the constraints
 * of its simple hull whose difference is constant (isl's
 * isl_map_get_range_simple_fixed_box_hull, which the isl inside libLLVM does
 * not export). Returns isl_stat_error if some dimension has no such pair of
 * bounds. */
isl_stat mdh_fuse_range_box(__isl_keep isl_map *map,
                            __isl_give isl_multi_aff **offset,
                            __isl_give isl_multi_val **size);

/* A buffer of "m" that only the instances of one group access: per tile,
 * its elements "box" (offset, an affine function of the tile
 * coordinates, and size), and its index "buf"; "point" if every access to
 * it lies in one point-wise nest of the tile (mdh_fuse_group_at): one
 * element then holds the value from its write to its reads at one point
 * (element-wise inlining, basteln section 3.4); "outside" if instances
 * outside the tiles also write it (the producer instances no tile needs,
 * which run before the group and need the buffer itself). */
struct mdh_tile_buffer {
  int buf;
  int point;
  int outside;
  isl_multi_aff *offset;
  isl_multi_val *size;
};

/* Computes in "*out" (malloc'ed) the buffers that the instances "inst" (per
 * tile, from mdh_fuse_tile_instances) write and that nothing else accesses:
 * intermediates of "m" of their own memory, with a footprint per tile of
 * fixed size. Returns their number, or -1 when a buffer that the group's
 * producers (the instances "inst" adds to "outs", its output statements)
 * write is not one of them. */
int mdh_fuse_tile_buffers(struct mdh_model *m, __isl_keep isl_union_map *inst,
                          __isl_keep isl_union_set *outs,
                          struct mdh_tile_buffer **out);

/* Frees the "n" buffers "bufs". */
void mdh_fuse_tile_buffers_free(struct mdh_tile_buffer *bufs, int n);

/* Returns the bytes of the "n" tile buffers "bufs" of buffers of "m" (one
 * element for a point buffer). */
int64_t mdh_fuse_tile_bytes(struct mdh_model *m,
                            const struct mdh_tile_buffer *bufs, int n);

/* The most tile buffers one group may have (a code generator's redirects). */
#define MDH_FUSE_MAX_BUFFERS 64

/* The tile buffers of a group, and its output instances -> tile
 * coordinates ("tiles"): the user of its tile_buffers mark in a tree given
 * to the AST generator (mdh_fuse_attach_groups). */
struct mdh_fuse_group {
  int n;
  struct mdh_tile_buffer *bufs;
  isl_union_map *tiles;
};

/* Returns the tile buffers of the group of the tile_buffers mark "node" of
 * a schedule of "m", point buffers marked, or NULL if it has buffers
 * without a fixed footprint, or more than MDH_FUSE_MAX_BUFFERS. */
struct mdh_fuse_group *mdh_fuse_group_at(__isl_keep isl_schedule_node *node,
                                         struct mdh_model *m);
void mdh_fuse_group_free(struct mdh_fuse_group *group);

/* Calls "fn" on the tile buffers of every group of "schedule" (of "m"),
 * in tree order, which "fn" takes (and frees); stops at the first failure,
 * or at a group whose buffers have no fixed footprint. The tile buffers
 * depend on the uses of the buffers in the IR (mdh_model_is_intermediate):
 * a code generator reads them before it adds any. */
isl_stat
mdh_fuse_foreach_group(struct mdh_model *m, __isl_keep isl_schedule *schedule,
                       isl_stat (*fn)(struct mdh_fuse_group *group, void *user),
                       void *user);

/* Returns the most bytes of tile buffers that a group of "schedule" (of
 * "m") needs per tile (0 without groups), or -1 if a group has buffers
 * without a fixed footprint. */
int64_t mdh_fuse_max_tile_bytes(struct mdh_model *m,
                                __isl_keep isl_schedule *schedule);

/* Reads the tile size "*size" (the stride of its values) and the number of
 * tiles "*count" of member "m" of the tile band "band" of a group; returns
 * 0, or -1 if they are not static. */
int mdh_fuse_tile_size(__isl_keep isl_schedule_node *band, int m, int64_t *size,
                       int64_t *count);

/* Returns "schedule" with the id of each tile_buffers mark carrying the
 * tile buffers of its group (struct mdh_fuse_group, freed with the id), or
 * NULL if a group has buffers without a fixed footprint, or more than
 * MDH_FUSE_MAX_BUFFERS. */
__isl_give isl_schedule *
mdh_fuse_attach_groups(__isl_take isl_schedule *schedule, struct mdh_model *m);

/* The offsets of the tile buffers of one tile: expressions in the iterators
 * around the tile_buffers mark of the AST, MDH_MODEL_MAX_RANK per buffer,
 * buffer i's from exprs[i * MDH_MODEL_MAX_RANK] ("n_exprs" in all). */
struct mdh_fuse_offsets {
  struct mdh_fuse_group *group;
  int n_exprs;
  isl_ast_expr **exprs;
};

/* An after_each_mark callback of the AST build of a tree from
 * mdh_fuse_attach_groups: annotates each tile_buffers mark with the offsets
 * of its tile buffers (struct mdh_fuse_offsets). */
__isl_give isl_ast_node *mdh_fuse_annotate_mark(__isl_take isl_ast_node *node,
                                                __isl_keep isl_ast_build *build,
                                                void *user);

/* Returns the offsets that annotate the tile_buffers mark "node" of the AST
 * (NULL if it has none). */
const struct mdh_fuse_offsets *
mdh_fuse_mark_offsets(__isl_keep isl_ast_node *node);

/* Points "r" at "copy", the buffer of tile buffer "i" of "offs" (of
 * buffers of "m") in the tile whose code goes to "b" in "scope", its
 * offsets built into "offsets" (MDH_MODEL_MAX_RANK values; none for a
 * point buffer, accessed at index 0). Returns 0, or -1 after a
 * diagnostic. */
int mdh_fuse_redirect(struct mdh_builder *b, struct mdh_ast_scope *scope,
                      struct mdh_model *m, const struct mdh_fuse_offsets *offs,
                      int i, MlirValue copy, struct mdh_redirect *r,
                      MlirValue *offsets);

/* Returns the memref type of tile buffer "tb" of a buffer of "m" in the
 * memory space "space" (null: the default): the box, or one element of
 * the buffer's rank for a point buffer. */
MlirType mdh_fuse_buffer_type(struct mdh_model *m,
                              const struct mdh_tile_buffer *tb,
                              MlirAttribute space);

/* Returns "schedule" with every extension node deleted: each group's
 * producers then run only where the tree keeps them outside the group (the
 * instances no tile needs). The result has a schedule map (isl refuses one
 * of a tree with extension nodes). */
__isl_give isl_schedule *
mdh_fuse_without_extensions(__isl_take isl_schedule *schedule);

/* Returns the schedule map of "schedule", of its tree without extension
 * nodes if it has any (the loop order of each statement as the tree gives
 * it outside the tiles of the groups). */
__isl_give isl_union_map *
mdh_fuse_schedule_map(__isl_keep isl_schedule *schedule);

/* Tells whether the fused tree "schedule" respects the dependences of "m":
 * outside the groups, and between groups and the rest, as its tree without
 * extensions orders them; within a group, each tile runs every producer
 * instance that its instances depend on, before them, and the producers
 * write only tile buffers. */
isl_bool mdh_fuse_schedule_is_valid(struct mdh_model *m,
                                    __isl_keep isl_schedule *schedule);

#endif
