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

#include "lib/model.h"

#include <isl/aff.h>
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
 * coordinates, and size), and its index "buf". */
struct mdh_tile_buffer {
  int buf;
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

/* Returns "schedule" with every extension node deleted: each group's
 * producers then run only where the tree keeps them outside the group (the
 * instances no tile needs). The result has a schedule map (isl refuses one
 * of a tree with extension nodes). */
__isl_give isl_schedule *
mdh_fuse_without_extensions(__isl_take isl_schedule *schedule);

/* Tells whether the fused tree "schedule" respects the dependences of "m":
 * outside the groups, and between groups and the rest, as its tree without
 * extensions orders them; within a group, each tile runs every producer
 * instance that its instances depend on, before them, and the producers
 * write only tile buffers. */
isl_bool mdh_fuse_schedule_is_valid(struct mdh_model *m,
                                    __isl_keep isl_schedule *schedule);

#endif
