/* The block-level ASTs of mdh-codegen-gpu's tiled strategy and block
 * scan: loops over the tiles of a block, whose bounds depend on the block
 * ids only, so that every thread of a block runs the same iterations and
 * meets every barrier in them (synchronizability by construction, where
 * a thread-level AST could put a thread's guard around a barrier). */

#include "passes/codegen_gpu/kernel.h"
#include "support/polyhedral.h"

#include <isl/aff.h>
#include <isl/ast_build.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <stdio.h>

#define MAX_RANK MDH_MODEL_MAX_RANK

/* Tells whether the statement of "part" has a tile index for dimension "d"
 * of "k": every dimension if "part->all", else the cc ones. */
static int has_tile(const struct mdh_kernel *k,
                    const struct mdh_block_part *part, int d) {
  return part->all || mdh_kernel_is_cc(k, d);
}

/* The position of the tile index of dimension "d" of "k" in the statement
 * of "part". */
static int tile_pos(const struct mdh_kernel *k,
                    const struct mdh_block_part *part, int d) {
  int e, pos = 0;

  for (e = 0; e < d; ++e)
    pos += has_tile(k, part, e);
  return pos;
}

/* Returns the statement "name"_S of "part" over the tile indices of "k",
 * for tiles of "step" points: the box of the tiles of its dimensions. */
static __isl_give isl_set *tile_set(isl_ctx *ctx, const struct mdh_kernel *k,
                                    const int64_t *step,
                                    const struct mdh_block_part *part) {
  int64_t tiles[MAX_RANK], n;
  char name[40];
  int d, n_tiles = 0;

  for (d = 0; d < k->info->stmt->rank; ++d) {
    if (!has_tile(k, part, d))
      continue;
    n = mdhMdHomGetSize(k->info->stmt->hom, d);
    tiles[n_tiles++] = (n + step[d] - 1) / step[d];
  }
  snprintf(name, sizeof(name), "%c_%s", part->name, k->info->stmt->name);
  return isl_set_set_tuple_name(mdh_isl_box(ctx, n_tiles, tiles), name);
}

/* Returns the tiles of "set", the statement of "part" of "k", that the
 * block owns: the tiles of a dimension with blocks are dealt out to the
 * blocks cyclically, t = b + G e (block.D(G) on the tile index, kernel.c);
 * the tiles of the other dimensions all belong to every block. */
static __isl_give isl_union_set *
owned_tiles(const struct mdh_kernel *k, __isl_take isl_set *set,
            const struct mdh_block_part *part) {
  struct mdh_dim_map dims[MAX_RANK];
  int d, n = 0;

  for (d = 0; d < k->info->stmt->rank; ++d) {
    if (!has_tile(k, part, d))
      continue;
    dims[n] = k->map.dims[d];
    dims[n++].level = mdh_dim_map_has_blocks(&k->map.dims[d]) ? MDH_LEVEL_BLOCK
                                                              : MDH_LEVEL_SEQ;
  }
  return mdh_kernel_owned_set(set, dims, k->param_ids);
}

/* Returns the schedule of the statement of space "space", of "part" of
 * "k": the cc tiles, its phase, then the other tiles (or zeros) and its
 * position. */
static __isl_give isl_map *tile_schedule(const struct mdh_kernel *k,
                                         __isl_take isl_space *space,
                                         const struct mdh_block_part *part) {
  int rank = k->info->stmt->rank, d, at = 0;
  isl_multi_aff *ma;

  space =
      isl_space_add_dims(isl_space_from_domain(space), isl_dim_out, rank + 2);
  ma = isl_multi_aff_zero(space);
  for (d = 0; d < rank; ++d)
    if (mdh_kernel_is_cc(k, d))
      ma = mdh_isl_multi_aff_set_var(ma, at++, tile_pos(k, part, d));
  ma = mdh_isl_multi_aff_set_cst(ma, at++, part->phase);
  for (d = 0; d < rank; ++d) {
    if (mdh_kernel_is_cc(k, d))
      continue;
    if (part->all)
      ma = mdh_isl_multi_aff_set_var(ma, at, tile_pos(k, part, d));
    ++at;
  }
  ma = mdh_isl_multi_aff_set_cst(ma, at, part->pos);
  return isl_map_from_multi_aff(ma);
}

/* Returns the schedule of the statement of "part" of "k", for tiles of
 * "step" points, on the tiles that the block owns. */
static __isl_give isl_union_map *block_part(isl_ctx *ctx,
                                            const struct mdh_kernel *k,
                                            const int64_t *step,
                                            const struct mdh_block_part *part) {
  isl_set *set = tile_set(ctx, k, step, part);
  isl_map *schedule = tile_schedule(k, isl_set_get_space(set), part);

  return isl_union_map_intersect_domain(isl_union_map_from_map(schedule),
                                        owned_tiles(k, set, part));
}

/* Builds the AST of the statements "parts" of "k" over its tiles of
 * "step" points, with the block ids as parameters in the context of the
 * launch. The schedule starts from the context's parameters (bx, .., tz),
 * so that isl orders the conditions of its guards by them. */
__isl_give isl_ast_node *
mdh_kernel_block_ast(isl_ctx *ctx, struct mdh_kernel *k, const int64_t *step,
                     const struct mdh_block_part *parts, int n_parts) {
  isl_union_map *schedule;
  isl_set *context;
  isl_ast_build *build;
  isl_ast_node *tree;
  int i;

  mdh_kernel_alloc_ids(ctx, k);
  context = mdh_kernel_context(ctx, k);
  schedule = isl_union_map_empty(isl_set_get_space(context));
  for (i = 0; i < n_parts; ++i)
    schedule =
        isl_union_map_union(schedule, block_part(ctx, k, step, &parts[i]));
  build = isl_ast_build_from_context(context);
  tree = isl_ast_build_node_from_schedule_map(build, schedule);
  isl_ast_build_free(build);
  mdh_kernel_free_ids(k);
  return tree;
}
