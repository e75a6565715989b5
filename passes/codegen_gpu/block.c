/* The block-level ASTs of mdh-codegen-gpu's tiled strategy and block
 * scan: loops over the tiles of a block, whose bounds depend on the block
 * ids only, so that every thread of a block runs the same iterations and
 * meets every barrier in them (synchronizability by construction, where
 * a thread-level AST could put a thread's guard around a barrier). */

#include "passes/codegen_gpu/kernel.h"
#include "support/ir.h"

#include <isl/ast_build.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <stdlib.h>

/* Appends the tile indices of "k" to "s": the cc ones, or all if "all". */
static void append_tiles(struct mdh_str *s, const struct mdh_kernel *k,
                         int all) {
  int d, first = 1;

  for (d = 0; d < k->info->stmt->rank; ++d) {
    if (!all && !mdh_kernel_is_cc(k, d))
      continue;
    mdh_str_printf(s, first ? "t%d" : ", t%d", d);
    first = 0;
  }
}

/* Appends the statement of "part" over the tile indices (the cc ones, or
 * all) with their bounds, for tiles of "step" points: the tiles of a
 * dimension with blocks are dealt out to the blocks cyclically. */
static void append_domain(struct mdh_str *s, const struct mdh_kernel *k,
                          const int64_t *step,
                          const struct mdh_block_part *part) {
  const struct mdh_dim_map *dm;
  long long n, blocks;
  int d;

  mdh_str_printf(s, "%c_%s[", part->name, k->info->stmt->name);
  append_tiles(s, k, part->all);
  mdh_str_append(s, "] : 0 = 0", 9);
  for (d = 0; d < k->info->stmt->rank; ++d) {
    if (!part->all && !mdh_kernel_is_cc(k, d))
      continue;
    dm = &k->map.dims[d];
    n = mdhMdHomGetSize(k->info->stmt->hom, d);
    blocks = dm->blocks;
    mdh_str_printf(s, " and 0 <= t%d < %lld", d, (n + step[d] - 1) / step[d]);
    if (mdh_dim_map_has_blocks(dm))
      mdh_str_printf(s, " and exists (e%d : t%d = b%c + %lld e%d)", d, d,
                     "xyz"[dm->hw], blocks, d);
  }
}

/* Appends the schedule of the statement of "part": the cc tiles, its
 * phase, then the other tiles (or zeros) and its position. */
static void append_schedule(struct mdh_str *s, const struct mdh_kernel *k,
                            const struct mdh_block_part *part) {
  int d;

  mdh_str_printf(s, "%c_%s[", part->name, k->info->stmt->name);
  append_tiles(s, k, part->all);
  mdh_str_append(s, "] -> [", 6);
  for (d = 0; d < k->info->stmt->rank; ++d)
    if (mdh_kernel_is_cc(k, d))
      mdh_str_printf(s, "t%d, ", d);
  mdh_str_printf(s, "%d", part->phase);
  for (d = 0; d < k->info->stmt->rank; ++d)
    if (!mdh_kernel_is_cc(k, d))
      mdh_str_printf(s, part->all ? ", t%d" : ", 0", d);
  mdh_str_printf(s, ", %d]", part->pos);
}

__isl_give isl_ast_node *
mdh_kernel_block_ast(isl_ctx *ctx, const struct mdh_kernel *k,
                     const int64_t *step, const struct mdh_block_part *parts,
                     int n_parts) {
  struct mdh_str dom, sched;
  isl_union_set *domain;
  isl_union_map *schedule;
  isl_ast_build *build;
  isl_ast_node *tree;
  char *params;
  int i;

  mdh_str_init(&dom);
  mdh_str_init(&sched);
  mdh_str_printf(&dom, "[bx, by, bz, tx, ty, tz] -> { ");
  mdh_str_printf(&sched, "[bx, by, bz, tx, ty, tz] -> { ");
  for (i = 0; i < n_parts; ++i) {
    if (i > 0) {
      mdh_str_append(&dom, "; ", 2);
      mdh_str_append(&sched, "; ", 2);
    }
    append_domain(&dom, k, step, &parts[i]);
    append_schedule(&sched, k, &parts[i]);
  }
  mdh_str_append(&dom, " }", 2);
  mdh_str_append(&sched, " }", 2);
  params = mdh_kernel_context_string(k);
  domain = isl_union_set_read_from_str(ctx, dom.data);
  schedule = isl_union_map_read_from_str(ctx, sched.data);
  schedule = isl_union_map_intersect_domain(schedule, domain);
  build = isl_ast_build_from_context(isl_set_read_from_str(ctx, params));
  tree = isl_ast_build_node_from_schedule_map(build, schedule);
  isl_ast_build_free(build);
  free(params);
  mdh_str_clear(&dom);
  mdh_str_clear(&sched);
  return tree;
}
