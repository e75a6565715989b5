/* Kernels of the groups that mdh-tile-fuse fused (basteln, "Modeling the
 * Interplay between Loop Tiling and Fusion in Optimizing Compilers Using
 * Affine Relations", section 6.4, on the GPU): one kernel per group, whose
 * blocks take the tiles and whose threads run each tile's loop nests one
 * after another, a barrier after each, with the group's intermediates in
 * shared memory (one buffer of the tile's footprint each, sized by
 * mdh-tile-fuse{target=gpu} to fit a block's static shared memory), or in
 * a register of each thread for those that one point-wise nest reads
 * where it wrote them (point buffers, lib/fuse.h).
 *
 * The mapping of the kernel mark is over the members of the tile band
 * (lib/mapping.h): a member at the block or global level along D gives the
 * tiles to the blocks along D, cyclically (tile q to block q mod G); its
 * threads along D spread the points of each statement's dimension that
 * follows the member (follows()), cyclically (point i to thread i mod T);
 * a statement without such a dimension runs on the threads of index 0
 * along D. Each thread thus runs, per tile, every instance of a statement
 * at the points it owns, in the statement's own loop order, reductions
 * included: an instance reads only what the nests before it wrote (behind
 * a barrier) or what its own thread wrote at the same point.
 *
 * The code is the isl AST of a tree of the kernel's own (kernel_tree),
 * with the block ids as parameters (as in tree.c): a statement over the
 * block's tiles, the tile_buffers mark, and an extension adding each
 * tile's instances, outputs included, in a sequence of the tile's loop
 * nests, each below a filter on the thread ids and followed by a sync
 * statement, which every thread runs once per tile and which becomes
 * gpu.barrier (PPCG's insert_sync, gpu.c). isl hoists a guard that all
 * parts of a sequence share above it; the syncs share none, so no guard on
 * a thread id ever encloses a barrier (synchronizability by construction),
 * and the barrier after the last nest keeps a block's next tile from
 * overwriting buffers still read.
 */

#include "dialect/attrs.h"
#include "lib/fuse.h"
#include "passes/codegen_gpu/kernel.h"
#include "support/diag.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/aff.h>
#include <isl/ast_build.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

#define PASS "mdh-codegen-gpu"

/* The names of the statements of a fused kernel's tree that are no md_hom:
 * the tiles, and the syncs (barriers). */
#define TILE "mdh_tile"
#define SYNC "mdh_sync"

/* Internal data structure of a fused kernel: the kernel, the tile buffers
 * of its group, the values that hold them ("shared": the launch's
 * workgroup attributions, a register of each thread for a point buffer),
 * and the redirects of the accesses to them. */
struct fused {
  struct mdh_kernel k;
  struct mdh_fuse_group *group;
  MlirValue shared[MDH_FUSE_MAX_BUFFERS];
  int n_redirects;
  struct mdh_redirect redirects[MDH_FUSE_MAX_BUFFERS];
  MlirValue offsets[MDH_FUSE_MAX_BUFFERS][MDH_MODEL_MAX_RANK];
};

/* The most statements of one group's tile (producers and outputs). */
#define MAX_PARTS 64

/* The loop nests of a tile in the order they run: the instances of each
 * ("filter"), its loops ("loops", NULL without dimensions) and, for a nest
 * of several statements (mdh-tile-fuse's point-wise nests), the sequence
 * of their instances at each point ("inner", else NULL). */
struct parts {
  int n;
  isl_union_set *filter[MAX_PARTS];
  isl_multi_union_pw_aff *loops[MAX_PARTS];
  isl_union_set_list *inner[MAX_PARTS];
};

static void parts_clear(struct parts *p) {
  int i;

  for (i = 0; i < p->n; ++i) {
    isl_union_set_free(p->filter[i]);
    isl_multi_union_pw_aff_free(p->loops[i]);
    isl_union_set_list_free(p->inner[i]);
  }
  p->n = 0;
}

/* Sets "*inner" to the filters of the children of the sequence "node"
 * (of statements at one point of a nest), which must be leaves; returns
 * 0, or -1 on a tree of another shape. */
static int collect_inner(__isl_keep isl_schedule_node *node,
                         isl_union_set_list **inner) {
  isl_size n = isl_schedule_node_n_children(node);
  isl_schedule_node *child;
  int i, rc = 0;

  *inner = isl_union_set_list_alloc(isl_schedule_node_get_ctx(node), n);
  for (i = 0; i < n && rc == 0; ++i) {
    child = isl_schedule_node_get_child(node, i);
    *inner = isl_union_set_list_add(*inner,
                                    isl_schedule_node_filter_get_filter(child));
    child = isl_schedule_node_child(child, 0);
    if (isl_schedule_node_get_type(child) != isl_schedule_node_leaf)
      rc = -1;
    isl_schedule_node_free(child);
  }
  return rc;
}

/* Collects into "p" the statements below "node" (in a tile of a fused
 * group: sequences of filters, each over the loops of one statement or of
 * a point-wise nest), in tree order; returns 0, or -1 on a tree of another
 * shape. */
static int collect_parts(__isl_keep isl_schedule_node *node, struct parts *p) {
  isl_schedule_node *child;
  isl_size n;
  int i, rc = 0;

  switch (isl_schedule_node_get_type(node)) {
  case isl_schedule_node_filter:
    child = isl_schedule_node_get_child(node, 0);
    if (isl_schedule_node_get_type(child) == isl_schedule_node_band ||
        isl_schedule_node_get_type(child) == isl_schedule_node_leaf) {
      if (p->n == MAX_PARTS) {
        isl_schedule_node_free(child);
        return -1;
      }
      p->filter[p->n] = isl_schedule_node_filter_get_filter(node);
      p->loops[p->n] = NULL;
      p->inner[p->n] = NULL;
      if (isl_schedule_node_get_type(child) == isl_schedule_node_band) {
        p->loops[p->n] = isl_schedule_node_band_get_partial_schedule(child);
        child = isl_schedule_node_child(child, 0);
        if (isl_schedule_node_get_type(child) == isl_schedule_node_sequence)
          rc = collect_inner(child, &p->inner[p->n]);
      }
      p->n++;
    } else {
      rc = collect_parts(child, p);
    }
    isl_schedule_node_free(child);
    return rc;
  case isl_schedule_node_sequence:
  case isl_schedule_node_extension:
    n = isl_schedule_node_n_children(node);
    for (i = 0; i < n && rc == 0; ++i) {
      child = isl_schedule_node_get_child(node, i);
      rc = collect_parts(child, p);
      isl_schedule_node_free(child);
    }
    return rc;
  default:
    return -1;
  }
}

/* Returns the threads of "f" along hardware dimension "hw" (1 if none). */
static int64_t threads_along(const struct fused *f, int hw) {
  return f->k.block[hw];
}

/* Returns the parameter set where "id" is 0. */
static __isl_give isl_set *zero_id(__isl_keep isl_id *id) {
  isl_space *space = isl_space_params_alloc(isl_id_get_ctx(id), 1);

  space = isl_space_set_dim_id(space, isl_dim_param, 0, isl_id_copy(id));
  return isl_set_fix_si(isl_set_universe(space), isl_dim_param, 0, 0);
}

/* Returns the width (maximum minus minimum) of "aff" on "set", or -1 if it
 * is unbounded there. */
static int64_t width(__isl_keep isl_set *set, __isl_take isl_aff *aff) {
  isl_val *lo = isl_set_min_val(set, aff);
  isl_val *hi = isl_set_max_val(set, aff);
  int64_t w = -1;

  if (lo && hi && isl_val_is_int(lo) && isl_val_is_int(hi))
    w = isl_val_get_num_si(hi) - isl_val_get_num_si(lo);
  isl_val_free(lo);
  isl_val_free(hi);
  isl_aff_free(aff);
  return w;
}

/* Tells whether dimension "d" of statement "stmt" follows member "m" of
 * the tile coordinates in "ext" (tile -> instances): its distance to the
 * member varies less than the dimension itself over the instances of all
 * tiles (a producer's rows follow the output's row tiles, halo included;
 * its columns do not). */
static isl_bool follows(__isl_keep isl_union_map *ext,
                        const struct mdh_stmt *stmt, int m, int d) {
  isl_union_map *part = isl_union_map_intersect_range(
      isl_union_map_copy(ext),
      isl_union_set_from_set(isl_set_copy(stmt->domain)));
  isl_local_space *ls;
  isl_map *map;
  isl_set *pairs;
  isl_aff *x;
  isl_size n_tile;
  int64_t dist, own;

  if (isl_union_map_n_map(part) != 1) {
    isl_union_map_free(part);
    return isl_bool_false;
  }
  map = isl_map_from_union_map(part);
  n_tile = isl_map_dim(map, isl_dim_in);
  pairs = isl_map_wrap(map);
  ls = isl_local_space_from_space(isl_set_get_space(pairs));
  x = isl_aff_var_on_domain(isl_local_space_copy(ls), isl_dim_set, n_tile + d);
  own = width(pairs, isl_aff_copy(x));
  dist =
      width(pairs, isl_aff_sub(x, isl_aff_var_on_domain(ls, isl_dim_set, m)));
  isl_set_free(pairs);
  return isl_bool_ok(dist >= 0 && own >= 0 && dist < own);
}

/* Returns the instances of statement "stmt" that the thread of the ids of
 * "f" owns (see the top of this file), "ext" giving its instances per tile:
 * along each hardware dimension of threads, its dimension that follows
 * the tile member there is spread over the threads, or, if none does, it
 * runs on the threads of index 0. */
static __isl_give isl_union_set *thread_points(struct fused *f,
                                               const struct mdh_stmt *stmt,
                                               __isl_keep isl_union_map *ext) {
  isl_union_set *set =
      isl_union_set_from_set(isl_set_universe(isl_set_get_space(stmt->domain)));
  isl_space *space = isl_set_get_space(stmt->domain);
  struct mdh_dim_map dm = {MDH_LEVEL_THREAD, 0, 1, 1, 1, 1};
  isl_bool found;
  isl_pw_aff *x;
  int m, d, hw;

  for (hw = 0; hw < 3 && set; ++hw) {
    if (threads_along(f, hw) <= 1)
      continue;
    for (m = 0; m < f->k.map.rank; ++m)
      if (f->k.map.dims[m].hw == hw &&
          mdh_dim_map_has_threads(&f->k.map.dims[m]))
        break;
    found = isl_bool_false;
    for (d = 0; m < f->k.map.rank && d < stmt->rank && !found; ++d)
      if (stmt->kinds[d] == MdhCombineCC)
        found = follows(ext, stmt, m, d);
    if (found < 0) {
      set = isl_union_set_free(set);
    } else if (found) {
      dm.hw = hw;
      dm.threads = threads_along(f, hw);
      x = isl_pw_aff_var_on_domain(
          isl_local_space_from_space(isl_space_copy(space)), isl_dim_set,
          d - 1);
      set = mdh_kernel_owned(set, isl_union_pw_aff_from_pw_aff(x), &dm,
                             f->k.param_ids);
    } else {
      set =
          isl_union_set_intersect_params(set, zero_id(f->k.param_ids[3 + hw]));
    }
  }
  isl_space_free(space);
  return set;
}

/* Returns the instances of the statements of "filter" (a loop nest of a
 * tile) that the thread of the ids of "f" owns (thread_points), "ext"
 * giving their instances per tile. */
static __isl_give isl_union_set *part_owned(struct fused *f,
                                            __isl_keep isl_union_set *filter,
                                            __isl_keep isl_union_map *ext) {
  isl_union_set *owned = isl_union_set_empty(isl_union_set_get_space(filter));
  isl_union_set *s;
  isl_bool empty;
  int k;

  for (k = 0; k < f->k.m->n_stmt && owned; ++k) {
    s = isl_union_set_intersect(
        isl_union_set_copy(filter),
        isl_union_set_from_set(isl_set_copy(f->k.m->stmts[k].domain)));
    empty = isl_union_set_is_empty(s);
    isl_union_set_free(s);
    if (empty < 0)
      owned = isl_union_set_free(owned);
    else if (!empty)
      owned =
          isl_union_set_union(owned, thread_points(f, &f->k.m->stmts[k], ext));
  }
  return owned;
}

/* Returns the tiles that the block of the ids of "f" owns: the tile
 * coordinates "tiles" (the values of the tile band "band") of its own. */
static __isl_give isl_set *block_tiles(struct fused *f,
                                       __isl_keep isl_schedule_node *band,
                                       __isl_take isl_set *tiles) {
  isl_ctx *ctx = isl_set_get_ctx(tiles);
  isl_union_set *owned = isl_union_set_from_set(isl_set_copy(tiles));
  isl_space *space = isl_set_get_space(tiles);
  struct mdh_dim_map dm;
  isl_pw_aff *q;
  int64_t size, count;
  int m;

  for (m = 0; m < f->k.map.rank && owned; ++m) {
    dm = f->k.map.dims[m];
    if (dm.level != MDH_LEVEL_BLOCK && dm.level != MDH_LEVEL_GLOBAL)
      continue;
    if (mdh_fuse_tile_size(band, m, &size, &count) < 0) {
      owned = isl_union_set_free(owned);
      break;
    }
    dm.level = MDH_LEVEL_BLOCK;
    q = isl_pw_aff_floor(isl_pw_aff_scale_down_val(
        isl_pw_aff_var_on_domain(
            isl_local_space_from_space(isl_space_copy(space)), isl_dim_set, m),
        isl_val_int_from_si(ctx, size)));
    owned = mdh_kernel_owned(owned, isl_union_pw_aff_from_pw_aff(q), &dm,
                             f->k.param_ids);
  }
  isl_space_free(space);
  isl_set_free(tiles);
  return owned ? isl_set_from_union_set(owned) : NULL;
}

/* Returns the instance of sync statement "i". */
static __isl_give isl_set *sync_instance(isl_ctx *ctx, int i) {
  isl_set *sync = isl_set_universe(isl_space_set_alloc(ctx, 0, 1));

  sync = isl_set_fix_si(sync, isl_dim_set, 0, i);
  return isl_set_set_tuple_name(sync, SYNC);
}

/* Returns the graft of the code of a tile: an extension adding to each
 * tile "tiles" (a set of tile coordinates) the instances "ext" (tile ->
 * instances: the group's producers and outputs) and one sync statement
 * after each statement, in a sequence of the statements "p", each below a
 * filter on the thread ids (thread_points) and over its own loops. */
static __isl_give isl_schedule_node *tile_graft(struct fused *f,
                                                __isl_keep isl_set *tiles,
                                                __isl_take isl_union_map *ext,
                                                struct parts *p) {
  isl_ctx *ctx = isl_set_get_ctx(tiles);
  isl_union_set_list *filters = isl_union_set_list_alloc(ctx, 2 * p->n);
  isl_union_map *inst = isl_union_map_copy(ext);
  isl_schedule_node *node;
  isl_union_set *owned;
  isl_set *sync;
  int i, up;

  for (i = 0; i < p->n; ++i) {
    sync = sync_instance(ctx, i);
    ext = isl_union_map_union(
        ext,
        isl_union_map_from_map(isl_map_from_domain_and_range(
            isl_set_universe(isl_set_get_space(tiles)), isl_set_copy(sync))));
    filters = isl_union_set_list_add(filters, isl_union_set_copy(p->filter[i]));
    filters = isl_union_set_list_add(filters, isl_union_set_from_set(sync));
  }
  node = isl_schedule_node_from_extension(ext);
  node = isl_schedule_node_insert_sequence(isl_schedule_node_child(node, 0),
                                           filters);
  for (i = 0; i < p->n && node; ++i) {
    owned = part_owned(f, p->filter[i], inst);
    node = isl_schedule_node_child(isl_schedule_node_child(node, 2 * i), 0);
    node = isl_schedule_node_insert_filter(node, owned);
    up = 2;
    if (p->loops[i]) {
      node = isl_schedule_node_insert_partial_schedule(
          isl_schedule_node_child(node, 0),
          isl_multi_union_pw_aff_copy(p->loops[i]));
      ++up;
    }
    if (p->inner[i]) {
      node = isl_schedule_node_insert_sequence(
          isl_schedule_node_child(node, 0),
          isl_union_set_list_copy(p->inner[i]));
      ++up;
    }
    while (up-- > 0)
      node = isl_schedule_node_parent(node);
  }
  isl_union_map_free(inst);
  return isl_schedule_node_parent(node);
}

/* Returns the tree of the kernel of "f" whose tile band is "band": a
 * statement "mdh_tile" over the tiles of the block, scheduled by its
 * coordinates, a tile_buffers mark carrying the group, and below it the
 * code of each tile (tile_graft), where every statement of the tile comes
 * from the extension, the outputs too. */
static __isl_give isl_schedule *
kernel_tree(struct fused *f, __isl_keep isl_schedule_node *band) {
  isl_schedule_node *mark = isl_schedule_node_get_child(band, 0);
  isl_schedule_node *ext_node = isl_schedule_node_get_child(mark, 0);
  isl_union_map *tiles = isl_union_map_copy(f->group->tiles);
  isl_union_map *ext;
  struct parts p = {0};
  isl_schedule_node *node, *graft;
  isl_schedule *schedule = NULL;
  isl_set *tile_set;
  isl_id *id;
  int ok;

  ext = isl_union_map_reverse(isl_union_map_copy(tiles));
  if (isl_schedule_node_get_type(ext_node) == isl_schedule_node_extension)
    ext = isl_union_map_union(
        ext, isl_schedule_node_extension_get_extension(ext_node));
  ok = collect_parts(ext_node, &p) == 0 && p.n > 0;
  isl_schedule_node_free(ext_node);
  isl_schedule_node_free(mark);
  tile_set = isl_set_from_union_set(isl_union_map_range(tiles));
  tile_set = ok ? block_tiles(f, band, tile_set) : isl_set_free(tile_set);
  if (!tile_set) {
    isl_union_map_free(ext);
    parts_clear(&p);
    return NULL;
  }
  graft = tile_graft(f, tile_set, ext, &p);
  parts_clear(&p);
  /* The tile statement: the tile coordinates' set, named. */
  tile_set = isl_set_set_tuple_name(tile_set, TILE);
  isl_union_map_free(f->group->tiles);
  f->group->tiles = isl_union_map_from_map(isl_map_reset_tuple_id(
      isl_set_identity(isl_set_copy(tile_set)), isl_dim_out));
  schedule = isl_schedule_from_domain(isl_union_set_from_set(tile_set));
  node = isl_schedule_node_child(isl_schedule_get_root(schedule), 0);
  isl_schedule_free(schedule);
  node = isl_schedule_node_insert_partial_schedule(
      node, isl_multi_union_pw_aff_from_union_map(
                isl_union_map_copy(f->group->tiles)));
  id = isl_id_alloc(isl_schedule_node_get_ctx(node), mdh_mark_tile_buffers,
                    f->group);
  node = isl_schedule_node_insert_mark(isl_schedule_node_child(node, 0), id);
  node =
      isl_schedule_node_graft_before(isl_schedule_node_child(node, 0), graft);
  schedule = isl_schedule_node_get_schedule(node);
  isl_schedule_node_free(node);
  return schedule;
}

/* Returns the AST of what one thread of "f" runs: the tree of
 * kernel_tree. */
static __isl_give isl_ast_node *build_ast(isl_ctx *ctx, struct fused *f,
                                          __isl_keep isl_schedule_node *band) {
  isl_schedule *s = kernel_tree(f, band);
  isl_ast_build *build;
  isl_ast_node *tree;

  if (!s)
    return NULL;
  build = isl_ast_build_from_context(mdh_kernel_context(ctx, &f->k));
  build =
      isl_ast_build_set_after_each_mark(build, &mdh_fuse_annotate_mark, NULL);
  tree = isl_ast_build_node_from_schedule(build, s);
  isl_ast_build_free(build);
  return tree;
}

/* The statement callback: every statement writes its instances as on the
 * CPU, its accesses to the group's intermediates going to shared memory;
 * the sync statements are barriers. */
static int emit_stmt(struct mdh_builder *b, const char *name, int n,
                     const MlirValue *idx, void *user) {
  struct fused *f = user;

  if (!strcmp(name, SYNC)) {
    mdh_build_op(b, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
    return 0;
  }
  if (!strcmp(name, TILE))
    return 0;
  return mdh_chain_emit_call(b, f->k.chain, name, n, idx, f->redirects,
                             f->n_redirects);
}

/* The mark callback: a tile_buffers mark redirects the accesses to the
 * group's intermediates to the shared buffers at the tile's offsets; every
 * mark generates its child. */
static int generate_mark(struct mdh_builder *b, __isl_keep isl_ast_node *node,
                         struct mdh_ast_scope *scope, void *user) {
  struct fused *f = user;
  const struct mdh_fuse_offsets *offs = mdh_fuse_mark_offsets(node);
  isl_ast_node *child = isl_ast_node_mark_get_node(node);
  int i, rc = 0;

  if (offs && offs->group->n != f->group->n) {
    mlirEmitError(b->loc, PASS ": a fused kernel with another group's tile");
    rc = -1;
  }
  for (i = 0; offs && i < offs->group->n && rc == 0; ++i)
    rc = mdh_fuse_redirect(b, scope, f->k.m, offs, i, f->shared[i],
                           &f->redirects[i], f->offsets[i]);
  f->n_redirects = offs && rc == 0 ? offs->group->n : 0;
  if (rc == 0)
    rc = mdh_ast_scope_node(scope, b, child);
  f->n_redirects = 0;
  isl_ast_node_free(child);
  return rc;
}

/* Reads the tile band below "mark" into "*band" and takes the next group
 * of "fg" into f->group; returns 0, or -1 after a diagnostic at "loc". */
static int read_group(struct fused *f, struct mdh_fused_groups *fg,
                      __isl_keep isl_schedule_node *mark,
                      isl_schedule_node **band, MlirOperation loc) {
  isl_schedule_node *tile;
  int64_t bytes;

  *band = isl_schedule_node_get_child(mark, 0);
  tile = *band && isl_schedule_node_get_type(*band) == isl_schedule_node_band
             ? isl_schedule_node_get_child(*band, 0)
             : NULL;
  if (!tile || mdh_fuse_is_tile_mark(tile) != isl_bool_true ||
      fg->next >= fg->n) {
    isl_schedule_node_free(tile);
    mdh_emit_error(loc, PASS ": the kernel mark of a fused group must sit "
                             "right above its tile band");
    return -1;
  }
  isl_schedule_node_free(tile);
  f->group = fg->groups[fg->next];
  fg->groups[fg->next++] = NULL;
  bytes = mdh_fuse_tile_bytes(f->k.m, f->group->bufs, f->group->n);
  if (bytes > MDH_GPU_MAX_SHARED_BYTES) {
    mdh_emit_error(loc,
                   PASS ": the tile buffers of a fused group take %lld bytes "
                        "of shared memory, more than a block's %d; fuse "
                        "with mdh-tile-fuse{target=gpu} or smaller tiles",
                   (long long)bytes, MDH_GPU_MAX_SHARED_BYTES);
    return -1;
  }
  return 0;
}

/* Fails after a diagnostic at "loc" if two tile dimensions of the mapping
 * "text" of "k" share a hardware dimension: each would take its own tiles
 * of the same block ids, and the block would run the tiles where both
 * agree only. */
static int check_mapping(const struct mdh_kernel *k, const char *text,
                         MlirOperation loc) {
  int m, n, used[3] = {0, 0, 0};

  for (m = 0; m < k->map.rank; ++m) {
    n = k->map.dims[m].level == MDH_LEVEL_SEQ ? -1 : k->map.dims[m].hw;
    if (n < 0)
      continue;
    if (used[n]++) {
      mdh_emit_error(loc,
                     PASS ": kernel mapping '%s' of a fused group puts two "
                          "tile dimensions on one hardware dimension",
                     text);
      return -1;
    }
  }
  return 0;
}

int mdh_kernel_build_fused(isl_ctx *ctx, struct mdh_builder *b,
                           struct mdh_chain *chain, struct mdh_fused_groups *fg,
                           __isl_keep isl_schedule_node *mark,
                           const char *mapping, MlirOperation loc) {
  struct fused *f = calloc(1, sizeof(*f));
  MlirType types[MDH_FUSE_MAX_BUFFERS];
  MlirAttribute space;
  int n_shared = 0;
  isl_schedule_node *band = NULL;
  struct mdh_builder kb;
  isl_ast_node *tree = NULL;
  MlirBlock body;
  int i, rc = -1;

  if (!f)
    abort();
  f->k.chain = chain;
  f->k.m = chain->m;
  if (read_group(f, fg, mark, &band, loc) < 0 ||
      mdh_kernel_read_mapping(&f->k, mapping,
                              isl_schedule_node_band_n_member(band), loc) < 0 ||
      check_mapping(&f->k, mapping, loc) < 0)
    goto done;
  mdh_kernel_alloc_ids(ctx, &f->k);
  tree = build_ast(ctx, f, band);
  mdh_kernel_free_ids(&f->k);
  if (!tree) {
    mdh_isl_report(ctx, loc, PASS, "building the fused kernel");
    goto done;
  }
  /* The tile buffers in shared memory, the point buffers in registers. */
  space = mdh_kernel_workgroup_space(b->ctx);
  for (i = 0; i < f->group->n; ++i)
    if (!f->group->bufs[i].point)
      types[n_shared++] =
          mdh_fuse_buffer_type(f->k.m, &f->group->bufs[i], space);
  body = mdh_kernel_build_launch(b, f->k.grid, f->k.block, n_shared, types);
  kb = mdh_builder_before_terminator(b, body);
  for (n_shared = 0, i = 0; i < f->group->n; ++i)
    f->shared[i] =
        f->group->bufs[i].point
            ? mdh_build_alloca(&kb,
                               mdh_fuse_buffer_type(f->k.m, &f->group->bufs[i],
                                                    mlirAttributeGetNull()))
            : mlirBlockGetArgument(body, 12 + n_shared++);
  rc = mdh_kernel_translate_marks(ctx, &f->k, &kb, body, tree, &emit_stmt,
                                  &generate_mark, f);
done:
  isl_ast_node_free(tree);
  isl_schedule_node_free(band);
  mdh_fuse_group_free(f->group);
  free(f);
  return rc;
}

/* Internal data structure of mdh_fused_groups_read. */
struct read_data {
  struct mdh_fused_groups *fg;
  char *tile_only;
};

/* Appends "group" to data->fg and marks in data->tile_only its buffers
 * that no instance outside its tiles writes. */
static isl_stat add_group(struct mdh_fuse_group *group, void *user) {
  struct read_data *data = user;
  struct mdh_fused_groups *fg = data->fg;
  int i;

  for (i = 0; i < group->n; ++i)
    if (!group->bufs[i].outside)
      data->tile_only[group->bufs[i].buf] = 1;
  fg->groups = realloc(fg->groups, (fg->n + 1) * sizeof(*fg->groups));
  if (!fg->groups)
    abort();
  fg->groups[fg->n++] = group;
  return isl_stat_ok;
}

int mdh_fused_groups_read(struct mdh_fused_groups *fg, struct mdh_model *m,
                          __isl_keep isl_schedule *schedule, char *tile_only) {
  struct read_data data = {fg, tile_only};

  return mdh_fuse_foreach_group(m, schedule, &add_group, &data) < 0 ? -1 : 0;
}

void mdh_fused_groups_clear(struct mdh_fused_groups *fg) {
  int i;

  for (i = 0; i < fg->n; ++i)
    mdh_fuse_group_free(fg->groups[i]);
  free(fg->groups);
  fg->groups = NULL;
  fg->n = fg->next = 0;
}
