/* Register tiles on the CPU (see register_tile.h).
 *
 * The MDH de-composition ("(De/Re)-Composition of Data-Parallel
 * Computations via Multi-Dimensional Homomorphisms", section 3) splits a
 * md_hom's index space over the levels of the machine; on a CPU core the
 * innermost levels are the vector lanes and the vector registers. A
 * statement with a reduction (pw dimensions) whose result is walked
 * contiguously by a parallel dimension "vec" keeps a block of "rows" x
 * ("vectors" x "width") result elements in registers: "width" lanes of
 * "vec" per register, "vectors" registers side by side, one row of them per
 * point of a second parallel dimension "row". Each step of the reduction
 * then loads each input once per register it feeds: an input that walks
 * "vec" contiguously as a vector, one that does not as a scalar broadcast
 * to every lane, and it feeds every row it does not depend on. This is the
 * micro-kernel of GotoBLAS and BLIS ("Anatomy of High-Performance Matrix
 * Multiplication", Goto and van de Geijn; "BLIS: A Framework for Rapidly
 * Instantiating BLAS Functionality", section 3), here for any md_hom of
 * that form: MatMul, batched MatMul, convolutions, contractions.
 *
 * The tree: the statement's band B (mdh-schedule's order of its points)
 * gets an outer band of tiles above it, in the order of the BLIS loops
 * around the micro-kernel (batch dimensions, row blocks for the level 2
 * cache, a block of the reduction for level 1, register tiles along "vec",
 * register tiles along "row"; the row tiles before those along vec where
 * the rows share no input's vectors), and a register_tile mark between the
 * two.
 * The first member is parallel (OpenMP over row blocks); the reduction
 * blocks run in order, so each element's reduction runs in program order.
 * Where the tile packs inputs, a pack_panels mark splits the outer band
 * after its batch dimensions (whole panels; above the band without them)
 * or before its row tiles: there the inputs that every row shares are
 * copied into panels, a row of the tile's lanes per point of the
 * reduction, which the row tiles below then read contiguously (the packed
 * B of "Anatomy of High-Performance Matrix Multiplication", Goto and van
 * de Geijn, packed once for all the row blocks as there, or once per row
 * block).
 * mdh-codegen-cpu generates a tile as vector code (loads, broadcasts, the
 * vectorized scalar function, vector.fma for a sum of products) with the
 * accumulators carried by scf.for; the tiles at the edges of the index
 * space as variants with fewer rows or a masked last vector, any other
 * shape through B, as the untiled code would. Where a reduction
 * dimension slides (lib/register_tile.h), a step runs its points unrolled
 * and loads each element that the rows and points read once. In a tile
 * of a fused group (mdh-tile-fuse), the accesses to the group's tile
 * buffers go to them. Where "vec" is a reduction
 * dimension instead (lib/register_tile.h), the lanes split it and are
 * folded at the end, in parallel chunks where no parallel loop is around.
 *
 * A tile holding the first point of its reduction starts from the
 * operator's identity (-0.0 for a float sum: -0.0 + x is x for every x,
 * -0.0 included), any other from what the earlier tiles stored, so the
 * points combine in program order: the results are those of the untiled
 * code, except that a float sum of products rounds once per fused
 * multiply-add, and that the points of a sliding dimension combine before
 * the next point of the reductions inside it (a reassociated float sum).
 */

#include "passes/codegen_cpu/register_tile.h"
#include "dialect/attrs.h"
#include "dialect/operators.h"
#include "lib/stmt.h"
#include "mdh-c/Dialect.h"
#include "support/ir.h"
#include "support/str.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/aff.h>
#include <isl/ast.h>
#include <isl/id.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_RANK MDH_MODEL_MAX_RANK

/* A reduction along vec of at least MIN_CHUNKED_POINTS points outside any
 * parallel loop runs in MAX_CHUNKS parallel chunks (build_chunks), and so
 * does the outermost reduction dimension of a tile outside any parallel
 * loop that reads as many elements (build_split): 2^16 f32 (256 KiB) take
 * about 7 microseconds at the 35 GB/s one core of the bench machine reads,
 * well above what starting an OpenMP region costs. */
#define MIN_CHUNKED_POINTS 65536
#define MAX_CHUNKS 16

/* The most entries of a table of offsets (build_collapsed): 16 KiB of
 * int32, half the level 1 data cache of the smallest x86 cores this runs
 * on (32 KiB: Zen 3, Skylake), so that the table stays there beside the
 * tile's operands. */
#define MAX_OFFSET_TABLE 4096

/* The register tile of an AST mark: the tile, whether it holds points
 * (isl may generate the mark where it is empty, its child then guarded)
 * and the bounds of its points in each dimension, as expressions of the
 * iterators around the mark. */
struct tile_ast {
  struct mdh_register_tile tile;
  isl_ast_expr *exists;
  isl_ast_expr *lo[MAX_RANK];
  isl_ast_expr *hi[MAX_RANK];
  int covered;
};

/* Sets "rows" and "lanes" to the points that each variant of the
 * generated code of "t" (generate_variants) spans along its row dimension
 * and along vec, and returns their number: the full tile first, then those
 * of the edges of the index space (the tile band starts at 0, so they span
 * the extents modulo the tile's); a tile that reduces along vec spans its
 * whole extent. */
static int variant_shapes(const struct mdh_register_tile *t, int64_t rows[4],
                          int64_t lanes[4]) {
  int64_t n = (int64_t)t->vectors * t->width;
  int64_t row_sizes[2] = {t->rows,
                          t->row >= 0 ? t->extent[t->row] % t->rows : 0};
  int64_t lane_sizes[2] = {t->reduces ? t->extent[t->vec] : n,
                           !t->reduces && t->mask ? t->extent[t->vec] % n : 0};
  int i, j, k = 0;

  for (i = 0; i < 2; ++i)
    for (j = 0; j < 2; ++j)
      if (row_sizes[i] != 0 && lane_sizes[j] != 0) {
        rows[k] = row_sizes[i];
        lanes[k++] = lane_sizes[j];
      }
  return k;
}

/* ---- the tree ---------------------------------------------------------- */

/* Tells whether the last member of "ma" takes one value for each value
 * of the members before it on "domain": isl generates no loop for it,
 * and it would then generate the code below it statement by statement,
 * each with a copy of the marks there. */
static isl_bool is_degenerate(__isl_keep isl_multi_aff *ma,
                              __isl_keep isl_set *domain) {
  isl_size n = isl_multi_aff_dim(ma, isl_dim_out);
  isl_map *map = isl_map_from_multi_aff(isl_multi_aff_copy(ma));
  isl_bool single;

  map = isl_map_intersect_domain(map, isl_set_copy(domain));
  map = isl_map_from_range(isl_map_range(map));
  map = isl_map_move_dims(map, isl_dim_in, 0, isl_dim_out, 0, n - 1);
  single = isl_map_is_single_valued(map);
  isl_map_free(map);
  return single;
}

/* Appends "aff" to "list", a prefix of the outer band of a tile with an
 * epilogue on "domain", unless it is degenerate after it
 * (is_degenerate): the tile's mark must stay above its statement and the
 * epilogue together. Returns whether it was appended (-1 on error). */
static int add_unless_degenerate(isl_aff_list **list, __isl_take isl_aff *aff,
                                 __isl_keep isl_set *domain) {
  isl_aff_list *longer = isl_aff_list_add(isl_aff_list_copy(*list), aff);
  isl_space *space = isl_space_map_from_domain_and_range(
      isl_set_get_space(domain),
      isl_space_set_alloc(isl_set_get_ctx(domain), 0,
                          isl_aff_list_n_aff(longer)));
  isl_multi_aff *ma =
      isl_multi_aff_from_aff_list(space, isl_aff_list_copy(longer));
  isl_bool degenerate = is_degenerate(ma, domain);

  isl_multi_aff_free(ma);
  if (degenerate != isl_bool_false) {
    isl_aff_list_free(longer);
    return degenerate == isl_bool_true ? 0 : -1;
  }
  isl_aff_list_free(*list);
  *list = longer;
  return 1;
}

/* The members of the outer band of a tile (see the top of this file):
 * their functions "list" on the statement's instances and the number
 * "n_batch" of batch members among the first. */
struct outer {
  isl_aff_list *list;
  int n_batch;
};

/* Appends floor(x_d / "size") of the statement of "t", "stmt", to "o",
 * where "t" has an epilogue only if it is not degenerate (and counts it as
 * a batch member if "batch"). */
static void outer_add(struct outer *o, const struct mdh_register_tile *t,
                      struct mdh_stmt *stmt, int d, int64_t size, int batch) {
  isl_aff *aff = isl_aff_var_on_domain(
      isl_local_space_from_space(isl_set_get_space(stmt->domain)), isl_dim_set,
      d);
  int added = 1;

  if (size > 1)
    aff = isl_aff_floor(isl_aff_scale_down_ui(aff, (unsigned)size));
  if (t->n_epilogue == 0)
    o->list = isl_aff_list_add(o->list, aff);
  else
    added = add_unless_degenerate(&o->list, aff, stmt->domain);
  if (added < 0)
    o->list = isl_aff_list_free(o->list);
  o->n_batch += batch && added > 0;
}

/* Returns the outer band of "t" on the instances of "stmt" (see the top
 * of this file), in that order where the rows share vectors (the row tiles
 * then reuse them from the level 1 cache), else with the row tiles before
 * the tiles of vec: each row then reads its own vectors (a convolution
 * along the image's rows), which the tiles of vec walk contiguously,
 * where row tiles down a column of them would load a new cache line at
 * every row (convchain's 5 x 5 convolution 2048^2 on one core of the
 * bench machine: 4.4 ms, 3.0 along the rows), setting "*n_batch" to the number
 * of its batch members and
 * "*split" to the member before which a pack_panels mark packs the panels
 * of the row tiles of a row block (the row tiles, or without rows the
 * tiles of vec; past the end if there is none). */
static __isl_give isl_multi_aff *
outer_multi_aff(const struct mdh_register_tile *t, struct mdh_stmt *stmt,
                int *n_batch, int *split) {
  isl_ctx *ctx = isl_set_get_ctx(stmt->domain);
  struct outer o = {isl_aff_list_alloc(ctx, stmt->rank + 3), 0};
  int rows_outside = t->row >= 0 && mdh_register_tile_shared_vectors(t) == 0;
  isl_space *space;
  isl_size n;
  int d;

  for (d = 0; d < stmt->rank; ++d)
    if (stmt->kinds[d] == MdhCombineCC && d != t->vec && d != t->row)
      outer_add(&o, t, stmt, d, 1, 1);
  if (t->row >= 0)
    outer_add(&o, t, stmt, t->row, t->row_block, 0);
  if (t->block_dim >= 0)
    outer_add(&o, t, stmt, t->block_dim, t->block, 0);
  /* Without rows, the panels go before the tiles of vec. */
  if (rows_outside)
    outer_add(&o, t, stmt, t->row, t->rows, 0);
  n = isl_aff_list_n_aff(o.list);
  if (!t->reduces)
    outer_add(&o, t, stmt, t->vec, (int64_t)t->vectors * t->width, 0);
  if (t->row >= 0 && !rows_outside) {
    n = isl_aff_list_n_aff(o.list);
    outer_add(&o, t, stmt, t->row, t->rows, 0);
  }
  /* Where that member is degenerate, no panels of their own (split past
   * the end). Only tiles with rows that do not reduce along vec pack. */
  if (isl_aff_list_n_aff(o.list) == n)
    n = isl_aff_list_n_aff(o.list) + 1;
  *n_batch = o.n_batch;
  *split = n;
  space = isl_space_map_from_domain_and_range(
      isl_set_get_space(stmt->domain),
      isl_space_set_alloc(ctx, 0, isl_aff_list_n_aff(o.list)));
  return isl_multi_aff_from_aff_list(space, o.list);
}

/* Returns the map from the instances of element-wise statement "x" (the
 * result space of "t") to the last point of the reduction of "t" at the
 * same result point, the instance after which "x" runs in the epilogue. */
static __isl_give isl_multi_aff *
to_last_point(const struct mdh_register_tile *t, struct mdh_stmt *stmt,
              struct mdh_stmt *x) {
  isl_space *space = isl_space_map_from_domain_and_range(
      isl_set_get_space(x->domain), isl_set_get_space(stmt->domain));
  isl_local_space *ls =
      isl_local_space_from_space(isl_set_get_space(x->domain));
  isl_multi_aff *ma = isl_multi_aff_zero(space);
  isl_aff *aff;
  int d, n = 0;

  for (d = 0; d < stmt->rank; ++d) {
    if (stmt->kinds[d] == MdhCombineCC)
      aff = isl_aff_var_on_domain(isl_local_space_copy(ls), isl_dim_set, n++);
    else
      aff = isl_aff_val_on_domain(
          isl_local_space_copy(ls),
          isl_val_int_from_si(isl_set_get_ctx(x->domain), t->extent[d] - 1));
    ma = isl_multi_aff_set_aff(ma, d, aff);
  }
  isl_local_space_free(ls);
  return ma;
}

/* Returns the outer band of "t" (see the top of this file) on the
 * instances "instances" of its statement and of its epilogue, which runs
 * in the tile that holds the last point of the reduction of its result
 * point; sets "*n_batch" and "*split" as outer_multi_aff does. */
static __isl_give isl_multi_union_pw_aff *
outer_band(struct mdh_model *m, const struct mdh_register_tile *t,
           __isl_take isl_union_set *instances, int *n_batch, int *split) {
  struct mdh_stmt *stmt = &m->stmts[t->stmt], *x;
  isl_multi_aff *ma = outer_multi_aff(t, stmt, n_batch, split), *pulled;
  isl_union_map *umap =
      isl_union_map_from_map(isl_map_from_multi_aff(isl_multi_aff_copy(ma)));
  int i;

  for (i = 0; i < t->n_epilogue; ++i) {
    x = &m->stmts[t->epilogue[i]];
    pulled = isl_multi_aff_pullback_multi_aff(isl_multi_aff_copy(ma),
                                              to_last_point(t, stmt, x));
    umap = isl_union_map_add_map(umap, isl_map_from_multi_aff(pulled));
  }
  isl_multi_aff_free(ma);
  umap = isl_union_map_intersect_domain(umap, instances);
  return isl_multi_union_pw_aff_from_union_map(umap);
}

static void tile_free(void *user) { free(user); }

/* Tells whether "t" packs an input into panels. */
static int packs(const struct mdh_register_tile *t) {
  int k;

  for (k = 0; k < t->n_access; ++k)
    if (t->pack[k])
      return 1;
  return 0;
}

/* Inserts a pack_panels mark owning "t", a copy of the tile, into
 * "node", the outer band of a tile, whose first "n_batch" members are
 * the batch dimensions. With whole panels, after those (above the band
 * without them): the panels of all the tiles of vec and blocks of the
 * reduction, packed once for each batch point. Otherwise before member
 * "rows", the row tiles (the band's last): the panels of a block of the
 * reduction and a tile of vec, packed once for the row tiles of a row
 * block. Returns the outer part. */
static __isl_give isl_schedule_node *
mark_panels(__isl_take isl_schedule_node *node, struct mdh_register_tile *t,
            int n_batch, int rows) {
  isl_size n = isl_schedule_node_band_n_member(node);
  int whole = t->whole_panels, split = whole ? n_batch : rows;
  isl_id *id =
      isl_id_alloc(isl_schedule_node_get_ctx(node), mdh_mark_pack_panels, t);

  if (!id)
    free(t);
  id = isl_id_set_free_user(id, &tile_free);
  if (whole && split == 0)
    return isl_schedule_node_insert_mark(node, id);
  if (split <= 0 || split >= n) {
    isl_id_free(id);
    return node;
  }
  node = isl_schedule_node_band_split(node, split);
  node = isl_schedule_node_insert_mark(isl_schedule_node_child(node, 0), id);
  return isl_schedule_node_parent(node);
}

/* Inserts above "node", whose instances are "domain", the register_tile
 * mark owning "t" and the outer band of "t" (split by a pack_panels mark
 * where "t" packs inputs). Sets "*tiled" as mdh_cpu_register_tile does and
 * returns the outer part. */
static __isl_give isl_schedule_node *
insert_tile(struct mdh_model *m, __isl_take isl_schedule_node *node,
            struct mdh_register_tile *t, __isl_take isl_union_set *domain,
            int *tiled) {
  struct mdh_register_tile *panels = NULL;
  isl_multi_union_pw_aff *band;
  isl_id *id;
  int n_batch, split;

  band = outer_band(m, t, domain, &n_batch, &split);
  *tiled = n_batch ? 1 : -1;
  if (packs(t)) {
    panels = malloc(sizeof(*panels));
    if (!panels)
      abort();
    *panels = *t;
  }
  /* The mark owns "t" and frees it with itself, also when inserting it
   * fails: nothing reads "t" after. */
  id = isl_id_alloc(m->ctx, mdh_mark_register_tile, t);
  if (!id)
    free(t);
  id = isl_id_set_free_user(id, &tile_free);
  node = isl_schedule_node_insert_mark(node, id);
  node = isl_schedule_node_insert_partial_schedule(node, band);
  if (panels)
    node = mark_panels(node, panels, n_batch, split);
  return node;
}

__isl_give isl_schedule_node *
mdh_cpu_register_tile(struct mdh_model *m, const struct mdh_cpu_target *target,
                      __isl_take isl_schedule_node *node, int may_pack,
                      int *tiled) {
  isl_union_set *domain = isl_schedule_node_get_domain(node);
  struct mdh_register_tile *t;
  int s = mdh_model_only_stmt(m, domain);

  *tiled = 0;
  t = calloc(1, sizeof(*t));
  if (!t)
    abort();
  if (s < 0 || mdh_register_tile_choose(m, s, target, t) < 0) {
    free(t);
    isl_union_set_free(domain);
    return node;
  }
  if (!may_pack)
    mdh_register_tile_no_panels(t);
  return insert_tile(m, node, t, domain, tiled);
}

__isl_give isl_schedule_node *
mdh_cpu_register_tile_group(struct mdh_model *m,
                            __isl_take isl_schedule_node *node,
                            const struct mdh_register_tile *tile,
                            isl_multi_union_pw_aff **bands, int *tiled) {
  struct mdh_register_tile *t = malloc(sizeof(*t));
  isl_union_set_list *filters;
  isl_union_set *domain;
  int i, n = tile->n_epilogue + 1, s;

  if (!t)
    abort();
  *t = *tile;
  filters = isl_union_set_list_alloc(m->ctx, n);
  for (i = 0; i < n; ++i) {
    s = i == 0 ? t->stmt : t->epilogue[i - 1];
    filters = isl_union_set_list_add(
        filters, isl_union_set_from_set(isl_set_copy(m->stmts[s].domain)));
  }
  domain = isl_union_set_list_union(isl_union_set_list_copy(filters));
  node = isl_schedule_node_insert_sequence(node, filters);
  for (i = 0; i < n; ++i) {
    node = isl_schedule_node_child(isl_schedule_node_child(node, i), 0);
    node = isl_schedule_node_insert_partial_schedule(node, bands[i]);
    node = isl_schedule_node_parent(isl_schedule_node_parent(node));
  }
  return insert_tile(m, node, t, domain, tiled);
}

/* ---- the AST ------------------------------------------------------------ */

static void tile_ast_free(void *user) {
  struct tile_ast *ann = user;
  int d;

  isl_ast_expr_free(ann->exists);
  for (d = 0; d < ann->tile.rank; ++d) {
    isl_ast_expr_free(ann->lo[d]);
    isl_ast_expr_free(ann->hi[d]);
  }
  free(ann);
}

/* Internal data structure of statement_part: the statement's name and
 * its part of the map. */
struct named_part {
  const char *name;
  isl_map *part;
};

static isl_stat keep_named(__isl_take isl_map *map, void *user) {
  struct named_part *data = user;
  const char *name = isl_map_get_tuple_name(map, isl_dim_in);

  if (!data->part && name && !strcmp(name, data->name))
    data->part = map;
  else
    isl_map_free(map);
  return isl_stat_ok;
}

/* Returns the part of "umap" on the instances of the statement named
 * "name" (those of a register tile, beside its epilogue's), or NULL. */
static __isl_give isl_map *statement_part(__isl_take isl_union_map *umap,
                                          const char *name) {
  struct named_part data = {name, NULL};

  if (isl_union_map_foreach_map(umap, &keep_named, &data) < 0)
    data.part = isl_map_free(data.part);
  isl_union_map_free(umap);
  return data.part;
}

/* Returns the number of points less one that each tile spans in
 * dimension "d", on the tiles (the points of the domain of "inst", the
 * instances of a register tile's statement for each point of the schedule
 * around its mark). */
static __isl_give isl_pw_aff *span_of(__isl_keep isl_map *inst, int d) {
  return isl_pw_aff_sub(isl_map_dim_max(isl_map_copy(inst), d),
                        isl_map_dim_min(isl_map_copy(inst), d));
}

/* Returns the tiles where "span" (span_of) is "size" points. */
static __isl_give isl_set *spanning(__isl_keep isl_pw_aff *span, int64_t size) {
  isl_val *v = isl_val_int_from_si(isl_pw_aff_get_ctx(span), size - 1);
  isl_set *dom = isl_pw_aff_domain(isl_pw_aff_copy(span));

  return isl_pw_aff_eq_set(isl_pw_aff_copy(span),
                           isl_pw_aff_val_on_domain(dom, v));
}

/* Tells whether every tile of "t" ("inst" as in span_of) has the shape
 * of one of its variants (variant_shapes): then the mark's untiled code
 * never runs and is not generated, and nor are the stores of intermediates
 * that only it would make (the buffers of dead results then have no
 * use). */
static isl_bool covers(__isl_keep isl_map *inst,
                       const struct mdh_register_tile *t) {
  int64_t rows[4], lanes[4];
  isl_pw_aff *vec = span_of(inst, t->vec);
  isl_pw_aff *row = t->row >= 0 ? span_of(inst, t->row) : NULL;
  isl_set *covered, *part, *tiles;
  isl_bool ok;
  int k, n = variant_shapes(t, rows, lanes);

  covered = isl_set_empty(isl_space_domain(isl_map_get_space(inst)));
  for (k = 0; k < n; ++k) {
    part = spanning(vec, lanes[k]);
    if (row)
      part = isl_set_intersect(part, spanning(row, rows[k]));
    covered = isl_set_union(covered, part);
  }
  tiles = isl_map_domain(isl_map_copy(inst));
  ok = isl_set_is_subset(tiles, covered);
  isl_set_free(tiles);
  isl_set_free(covered);
  isl_pw_aff_free(vec);
  isl_pw_aff_free(row);
  return ok;
}

__isl_give isl_ast_node *
mdh_cpu_annotate_register_tile(__isl_take isl_ast_node *node,
                               __isl_keep isl_ast_build *build) {
  isl_id *id = isl_ast_node_mark_get_id(node);
  const char *name = id ? isl_id_get_name(id) : NULL;
  struct mdh_register_tile *t = NULL;
  struct tile_ast *ann;
  isl_map *inst;
  int d;

  if (name && !strcmp(name, mdh_mark_register_tile))
    name = mdh_mark_register_tile;
  else if (name && !strcmp(name, mdh_mark_pack_panels))
    name = mdh_mark_pack_panels;
  else
    name = NULL;
  if (name)
    t = isl_id_get_user(id);
  isl_id_free(id);
  if (!t)
    return node;
  ann = calloc(1, sizeof(*ann));
  if (!ann)
    abort();
  ann->tile = *t;
  inst = isl_map_reverse(
      statement_part(isl_ast_build_get_schedule(build), t->name));
  ann->exists =
      isl_ast_build_expr_from_set(build, isl_map_domain(isl_map_copy(inst)));
  for (d = 0; d < t->rank; ++d) {
    ann->lo[d] = isl_ast_build_expr_from_pw_aff(
        build, isl_map_dim_min(isl_map_copy(inst), d));
    ann->hi[d] = isl_ast_build_expr_from_pw_aff(
        build, isl_map_dim_max(isl_map_copy(inst), d));
  }
  /* Where isl cannot tell, the untiled code stays. */
  if (name == mdh_mark_register_tile)
    ann->covered = covers(inst, t) == isl_bool_true;
  isl_map_free(inst);
  id = isl_id_alloc(isl_ast_build_get_ctx(build), name, ann);
  id = isl_id_set_free_user(id, &tile_ast_free);
  return isl_ast_node_set_annotation(node, id);
}

/* Returns the annotation of "node" if it is a mark "name" (register_tile
 * or pack_panels), or NULL. */
static const struct tile_ast *annotation(__isl_keep isl_ast_node *node,
                                         const char *name) {
  isl_id *ann = isl_ast_node_get_annotation(node);
  const struct tile_ast *t = NULL;

  if (ann && !strcmp(isl_id_get_name(ann), name))
    t = isl_id_get_user(ann);
  isl_id_free(ann);
  return t;
}

int mdh_cpu_is_register_tile(__isl_keep isl_ast_node *node) {
  return annotation(node, mdh_mark_register_tile) != NULL;
}

int mdh_cpu_is_pack_panels(__isl_keep isl_ast_node *node) {
  return annotation(node, mdh_mark_pack_panels) != NULL;
}

/* ---- the code ------------------------------------------------------------ */

/* Internal data structure of the generation of one tile: the tile, the
 * rows and vectors of the variant being generated, the points of vec that
 * the lanes of a tile that reduces along it take (from "lane_lo",
 * "lane_points" of them), the masks of the lanes of each vector that lie in
 * the index space (null: all), its statement, the point being generated
 * ("idx": the tile's lower bounds, the reduction loops' iterators), the
 * vector type "acc_type" of the accumulators, the operator, the callee,
 * the reduction dimension that build_split shared out (-1: none), and for
 * each input access that build_collapsed addresses flat, a 1-D view of its
 * buffer "flat" and the offset "flat_off" in it of the collapsed loop's
 * point (else null); the panels of the packed inputs (null: none packed)
 * and the panel rows "pstride" between neighbouring points of each
 * reduction dimension; in a tile of a fused group, the "n_redirects"
 * "redirects" of the buffers that the group keeps in tile buffers. */
struct tile_gen {
  const struct mdh_register_tile *t;
  int rows, vectors;
  MlirValue lane_lo;
  int64_t lane_points;
  MlirValue masks[MDH_REGISTER_TILE_MAX_VECTORS];
  const struct mdh_stmt_info *info;
  MlirValue lo[MAX_RANK], hi[MAX_RANK];
  MlirValue idx[MAX_RANK];
  MlirType acc_type;
  const struct mdh_operator *op;
  MlirOperation fn;
  int split;
  MlirValue flat[MDH_REGISTER_TILE_MAX_ACCESSES];
  MlirValue flat_off[MDH_REGISTER_TILE_MAX_ACCESSES];
  const struct mdh_cpu_panels *panels;
  const struct mdh_redirect *redirects;
  int n_redirects;
  struct mdh_chain *cg;
  int64_t pstride[MAX_RANK];
  int64_t panel_points;
  MlirValue panel_base;
};

/* Returns vector<"width" x elem> for the element type "elem". */
static MlirType vector_of(const struct tile_gen *g, MlirType elem) {
  int64_t width = g->t->width;

  return mlirVectorTypeGet(1, &width, elem);
}

/* Broadcasts scalar "v" to every lane. */
static MlirValue broadcast(const struct tile_gen *g, struct mdh_builder *b,
                           MlirValue v) {
  MlirType type = vector_of(g, mlirValueGetType(v));

  return mlirOperationGetResult(
      mdh_build_op(b, "vector.broadcast", 1, &v, 1, &type, 0, NULL), 0);
}

/* Sets "at" to the point of row "r" and vector "q" of the tile ("idx" in
 * the other dimensions). */
static void tile_point(const struct tile_gen *g, struct mdh_builder *b, int r,
                       int q, MlirValue *at) {
  const struct mdh_register_tile *t = g->t;

  memcpy(at, g->idx, t->rank * sizeof(*at));
  if (t->row >= 0 && r > 0)
    at[t->row] =
        mdh_build_binary(b, "arith.addi", g->lo[t->row], mdh_build_index(b, r));
  if (q > 0)
    at[t->vec] = mdh_build_binary(b, "arith.addi", g->idx[t->vec],
                                  mdh_build_index(b, (int64_t)q * t->width));
}

/* Loads a vector of "buffer" at its "n" indices "idx", only the lanes of
 * "mask" if not null (the others 0). */
static MlirValue load_vector_at(const struct tile_gen *g, struct mdh_builder *b,
                                MlirValue buffer, intptr_t n,
                                const MlirValue *idx, MlirValue mask) {
  MlirValue operands[3 + MAX_RANK];
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(buffer));
  MlirType type = vector_of(g, elem);
  MlirNamedAttribute zero = mdh_named_attr(
      b->ctx, "value",
      mlirTypeIsAFloat(elem) ? mlirFloatAttrDoubleGet(b->ctx, elem, 0.0)
                             : mlirIntegerAttrGet(elem, 0));

  operands[0] = buffer;
  memcpy(operands + 1, idx, n * sizeof(*idx));
  if (mlirValueIsNull(mask))
    return mlirOperationGetResult(
        mdh_build_op(b, "vector.load", n + 1, operands, 1, &type, 0, NULL), 0);
  operands[n + 1] = mask;
  operands[n + 2] = broadcast(
      g, b,
      mlirOperationGetResult(
          mdh_build_op(b, "arith.constant", 0, NULL, 1, &elem, 1, &zero), 0));
  return mlirOperationGetResult(
      mdh_build_op(b, "vector.maskedload", n + 3, operands, 1, &type, 0, NULL),
      0);
}

/* Returns the memref that an access of "buffer" goes to: in a tile of a
 * fused group, the tile buffer that stands for it (lib/fuse.h), else
 * "buffer". */
static MlirValue tile_buffer(const struct tile_gen *g, MlirValue buffer) {
  return mdh_redirect_access(NULL, buffer, 0, NULL, g->redirects,
                             g->n_redirects);
}

/* Sets "idx" to the indices that access "map" of "buffer" gives at point
 * "at" and returns the memref they index: "buffer", or the tile buffer
 * standing for it, "idx" then relative to the tile's offset. */
static MlirValue map_access(const struct tile_gen *g, struct mdh_builder *b,
                            MlirValue buffer, MlirAffineMap map,
                            const MlirValue *at, MlirValue *idx) {
  mdh_build_affine_map(b, map, at, idx);
  return mdh_redirect_access(b, buffer, mlirAffineMapGetNumResults(map), idx,
                             g->redirects, g->n_redirects);
}

/* Loads a vector of "buffer" through access "map" at point "at", only the
 * lanes of "mask" if not null (the others 0). */
static MlirValue load_vector(const struct tile_gen *g, struct mdh_builder *b,
                             MlirValue buffer, MlirAffineMap map,
                             const MlirValue *at, MlirValue mask) {
  MlirValue idx[MAX_RANK];

  buffer = map_access(g, b, buffer, map, at, idx);
  return load_vector_at(g, b, buffer, mlirAffineMapGetNumResults(map), idx,
                        mask);
}

/* Loads the element of "buffer" at access "map" of point "at". */
static MlirValue load_scalar(const struct tile_gen *g, struct mdh_builder *b,
                             MlirValue buffer, MlirAffineMap map,
                             const MlirValue *at) {
  MlirValue idx[MAX_RANK];

  buffer = map_access(g, b, buffer, map, at, idx);
  return mdh_build_load(b, buffer, mlirAffineMapGetNumResults(map), idx);
}

/* Stores vector "v" to "buffer" at its "n" indices "idx", only the lanes
 * of "mask" if not null. */
static void store_vector_at(struct mdh_builder *b, MlirValue v,
                            MlirValue buffer, intptr_t n, const MlirValue *idx,
                            MlirValue mask) {
  MlirValue operands[3 + MAX_RANK];

  if (mlirValueIsNull(mask)) {
    operands[0] = v;
    operands[1] = buffer;
    memcpy(operands + 2, idx, n * sizeof(*idx));
    mdh_build_op(b, "vector.store", n + 2, operands, 0, NULL, 0, NULL);
    return;
  }
  operands[0] = buffer;
  memcpy(operands + 1, idx, n * sizeof(*idx));
  operands[n + 1] = mask;
  operands[n + 2] = v;
  mdh_build_op(b, "vector.maskedstore", n + 3, operands, 0, NULL, 0, NULL);
}

/* Stores vector "v" to "buffer" through access "map" at point "at", only
 * the lanes of "mask" if not null. */
static void store_vector(const struct tile_gen *g, struct mdh_builder *b,
                         MlirValue v, MlirValue buffer, MlirAffineMap map,
                         const MlirValue *at, MlirValue mask) {
  MlirValue idx[MAX_RANK];

  buffer = map_access(g, b, buffer, map, at, idx);
  store_vector_at(b, v, buffer, mlirAffineMapGetNumResults(map), idx, mask);
}

/* Tells whether input access "k" of "g" is read from a packed panel. */
static int is_packed(const struct tile_gen *g, int k) {
  return g->panels && g->t->pack[k];
}

/* Returns the lanes of a panel row of "t": its tile's along vec. */
static int64_t panel_lanes(const struct mdh_register_tile *t) {
  return (int64_t)t->vectors * t->width;
}

/* Returns, built at "b", what panel_index adds to a point's index along
 * vec: minus the tile's first lane (its number times the lanes), plus,
 * in whole panels, the offset of the tile's panel from the first one. */
static MlirValue panel_base(const struct tile_gen *g, struct mdh_builder *b) {
  const struct mdh_register_tile *t = g->t;
  MlirValue lanes = mdh_build_index(b, panel_lanes(t));
  MlirValue tile = mdh_build_binary(b, "arith.divui", g->lo[t->vec], lanes);
  MlirValue base =
      mdh_build_binary(b, "arith.subi", mdh_build_index(b, 0),
                       mdh_build_binary(b, "arith.muli", tile, lanes));

  if (!t->whole_panels)
    return base;
  return mdh_build_binary(
      b, "arith.addi", base,
      mdh_build_binary(
          b, "arith.muli",
          mdh_build_binary(b, "arith.subi", tile, g->panels->first_tile),
          mdh_build_index(b, panel_lanes(t) * g->panel_points)));
}

/* Sets "idx" to the index of point "at" in the panel of packed input
 * access "k" and "*buffer" to the panel; returns 1. The panel holds, for
 * each tile of vec from the first one of "g->panels" (one tile unless
 * whole), the tile's lanes of each point of the reduction from the
 * panels' first one, row after row (mdh_register_tile_panel_points), from
 * the tile's first lane (plus the offset of a collapsed loop's point,
 * build_collapsed). */
static intptr_t panel_index(const struct tile_gen *g, struct mdh_builder *b,
                            int k, const MlirValue *at, MlirValue *buffer,
                            MlirValue *idx) {
  const struct mdh_register_tile *t = g->t;
  MlirValue v = mdh_build_binary(b, "arith.addi", at[t->vec], g->panel_base);
  int e;

  for (e = 0; e < t->rank; ++e)
    if (g->info->stmt->kinds[e] == MdhCombinePW)
      v = mdh_build_binary(
          b, "arith.addi", v,
          mdh_build_binary(
              b, "arith.muli",
              mdh_build_binary(b, "arith.subi", at[e], g->panels->lo[e]),
              mdh_build_index(b, panel_lanes(t) * g->pstride[e])));
  if (!mlirValueIsNull(g->flat_off[k]))
    v = mdh_build_binary(b, "arith.addi", v, g->flat_off[k]);
  *buffer = g->panels->v[k];
  idx[0] = v;
  return 1;
}

/* Sets "idx" to the indices of access "a" of "view", input access "k" of
 * the tile, at point "at" and "*buffer" to the buffer they index; returns
 * their number. Where build_collapsed addresses the access flat, that is
 * one index of the flat view "g->flat[k]": the point's element plus the
 * offset of the collapsed loop's point. */
static intptr_t access_indices(const struct tile_gen *g, struct mdh_builder *b,
                               MlirOperation view, intptr_t a, int k,
                               const MlirValue *at, MlirValue *buffer,
                               MlirValue *idx) {
  MlirAffineMap map = mdhViewGetAccess(view, a);
  intptr_t j, n = mlirAffineMapGetNumResults(map);
  int64_t strides[MAX_RANK], offset;
  MlirValue flat;

  if (is_packed(g, k))
    return panel_index(g, b, k, at, buffer, idx);
  *buffer = map_access(g, b, mdhViewGetBuffer(view), map, at, idx);
  if (mlirValueIsNull(g->flat_off[k]))
    return n;
  mlirMemRefTypeGetStridesAndOffset(mlirValueGetType(*buffer), strides,
                                    &offset);
  flat = g->flat_off[k];
  for (j = 0; j < n; ++j)
    flat = mdh_build_binary(
        b, "arith.addi", flat,
        strides[j] == 1 ? idx[j]
                        : mdh_build_binary(b, "arith.muli", idx[j],
                                           mdh_build_index(b, strides[j])));
  *buffer = g->flat[k];
  idx[0] = flat;
  return 1;
}

/* Reads input access "k" of "view" at row "r", vector "q" and, where "g"
 * has a slide dimension, its point "e" (0 otherwise): a vector, or a
 * scalar broadcast to every lane. */
static MlirValue read_input(const struct tile_gen *g, struct mdh_builder *b,
                            MlirOperation view, intptr_t a, int k, int r, int q,
                            int e) {
  MlirValue buffer, at[MAX_RANK], idx[MAX_RANK];
  intptr_t n;

  tile_point(g, b, r, q, at);
  if (e > 0)
    at[g->t->slide] = mdh_build_binary(b, "arith.addi", g->lo[g->t->slide],
                                       mdh_build_index(b, e));
  n = access_indices(g, b, view, a, k, at, &buffer, idx);
  if (g->t->vector[k])
    return load_vector_at(g, b, buffer, n, idx, g->masks[q]);
  return broadcast(g, b, mdh_build_load(b, buffer, n, idx));
}

/* Reads every input of the tile at the current reduction point into
 * "args" (access k, row r, vector q at args[(k * rows + r) * vectors +
 * q]): each load once, shared by the rows and vectors it does not depend
 * on. */
static void read_inputs(const struct tile_gen *g, struct mdh_builder *b,
                        MlirValue *args) {
  const struct mdh_register_tile *t = g->t;
  MlirOperation hom = g->info->stmt->hom, view;
  intptr_t v, a;
  int k = 0, r, q, nr, nq;

  for (v = 0; v < mlirOperationGetNumOperands(hom); ++v) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a, ++k) {
      nr = t->on_row[k] ? g->rows : 1;
      nq = t->vector[k] ? g->vectors : 1;
      for (r = 0; r < g->rows; ++r)
        for (q = 0; q < g->vectors; ++q)
          args[(k * g->rows + r) * g->vectors + q] =
              r < nr && q < nq
                  ? read_input(g, b, view, a, k, r, q, 0)
                  : args[(k * g->rows + r % nr) * g->vectors + q % nq];
    }
  }
}

/* ---- prefetching the next tile of a fused group ------------------------ */

/* The cache level that prefetch_next_tile fills: LLVM's locality hint 1,
 * prefetcht2 on x86, into L2 and not L1 (Intel 64 and IA-32 Architectures
 * Optimization Reference Manual, "Software Prefetching": the next tile's
 * inputs are read only after the current tile, whose own tile buffers
 * need L1). */
#define PREFETCH_LOCALITY 1

/* Returns the statement of "g"'s chain that writes buffer "buffer"
 * through the identity access (its points are the buffer's elements), or
 * NULL. */
static const struct mdh_stmt_info *identity_writer(const struct tile_gen *g,
                                                   MlirValue buffer) {
  const struct mdh_stmt_info *info;
  int s;
  intptr_t c;

  for (s = 0; s < g->cg->m->n_stmt; ++s) {
    info = &g->cg->infos[s];
    for (c = 0; c < info->n_results; ++c)
      if (mlirValueEqual(info->comps[c].buffer, buffer) &&
          !mlirAffineMapIsNull(info->comps[c].map) &&
          mlirAffineMapIsIdentity(info->comps[c].map) &&
          mlirAffineMapGetNumDims(info->comps[c].map) == info->stmt->rank)
        return info;
  }
  return NULL;
}

/* Returns the redirect of "g" that stands for "buffer", or NULL. */
static const struct mdh_redirect *redirect_of(const struct tile_gen *g,
                                              MlirValue buffer) {
  int i;

  for (i = 0; i < g->n_redirects; ++i)
    if (mlirValueEqual(g->redirects[i].buffer, buffer))
      return &g->redirects[i];
  return NULL;
}

/* Returns the dimension along which the tile buffer of "r" moves from tile
 * to tile, taken as the last one that is smaller than the buffer's (the
 * tile band's innermost member tiles the buffer's last tiled dimension),
 * with its size in "*size"; or -1 where the tile buffer is the whole
 * buffer. */
static int moving_dim(const struct mdh_redirect *r, int64_t *size) {
  MlirType whole = mlirValueGetType(r->buffer);
  MlirType part = mlirValueGetType(r->copy);
  intptr_t j, n = mlirShapedTypeGetRank(whole);

  if (mlirShapedTypeGetRank(part) != n)
    return -1;
  for (j = n - 1; j >= 0; --j) {
    *size = mlirShapedTypeGetDimSize(part, j);
    if (mlirShapedTypeIsDynamicDim(whole, j) ||
        *size < mlirShapedTypeGetDimSize(whole, j))
      return (int)j;
  }
  return -1;
}

/* Returns "v" clamped to the indices of dimension "j" of "buffer", so that
 * a prefetch past the edge of the last tile stays an address of it. */
static MlirValue clamp_index(struct mdh_builder *b, MlirValue buffer,
                             intptr_t j, MlirValue v) {
  MlirType type = mlirValueGetType(buffer);
  MlirValue last =
      mlirShapedTypeIsDynamicDim(type, j)
          ? mdh_build_binary(b, "arith.subi", mdh_build_dim(b, buffer, j),
                             mdh_build_index(b, 1))
          : mdh_build_index(b, mlirShapedTypeGetDimSize(type, j) - 1);

  v = mdh_build_binary(b, "arith.minsi", v, last);
  return mdh_build_binary(b, "arith.maxsi", v, mdh_build_index(b, 0));
}

/* Prefetches what producer "p" reads from memory (not from tile buffers)
 * at its point "at". */
static void prefetch_reads(const struct tile_gen *g, struct mdh_builder *b,
                           const struct mdh_stmt_info *p, const MlirValue *at) {
  MlirOperation hom = p->stmt->hom, view;
  MlirValue buffer, operands[1 + MAX_RANK];
  MlirAffineMap map;
  MlirNamedAttribute attrs[3];
  intptr_t v, a, j, n;

  attrs[0] = mdh_named_attr(b->ctx, "isWrite", mlirBoolAttrGet(b->ctx, 0));
  attrs[1] = mdh_named_attr(
      b->ctx, "localityHint",
      mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 32), PREFETCH_LOCALITY));
  attrs[2] = mdh_named_attr(b->ctx, "isDataCache", mlirBoolAttrGet(b->ctx, 1));
  for (v = 0; v < mlirOperationGetNumOperands(hom); ++v) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
    buffer = mdhViewGetBuffer(view);
    if (redirect_of(g, buffer))
      continue;
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a) {
      map = mdhViewGetAccess(view, a);
      n = mlirAffineMapGetNumResults(map);
      mdh_build_affine_map(b, map, at, operands + 1);
      for (j = 0; j < n; ++j)
        operands[1 + j] = clamp_index(b, buffer, j, operands[1 + j]);
      operands[0] = buffer;
      mdh_build_op(b, "memref.prefetch", 1 + n, operands, 0, NULL, 3, attrs);
    }
  }
}

/* In a register tile of a fused group, prefetches into the cache what the
 * group's producers will read from memory for the next tile, so that
 * streaming it overlaps this tile's arithmetic instead of following it (a
 * fused convolution's producer otherwise waits on memory while the
 * multiply-adds wait on the producer; software pipelining of a fused
 * tile, as Halide's prefetch directive on the producer's input does). For
 * each input read as vectors from a tile buffer whose producer writes
 * its points element for element: at each row and vector of the tile (the
 * reduction at its first point), the producer's point one tile buffer
 * further along the dimension the tiles move along; its memory inputs
 * there are prefetched. Over the tiles of the register tile's consumer
 * these cover the next tile's footprint but for the overlap with this
 * one, which this tile has just read. Only performance depends on it. */
static void prefetch_next_tile(const struct tile_gen *g,
                               struct mdh_builder *b) {
  const struct mdh_register_tile *t = g->t;
  MlirOperation hom = g->info->stmt->hom, view;
  const struct mdh_redirect *red;
  const struct mdh_stmt_info *p;
  MlirValue at[MAX_RANK], pt[MAX_RANK];
  MlirAffineMap map;
  int64_t size;
  intptr_t v, a;
  int k = 0, r, q, j;

  for (v = 0; g->n_redirects > 0 && v < mlirOperationGetNumOperands(hom); ++v) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a, ++k) {
      red = redirect_of(g, mdhViewGetBuffer(view));
      if (!t->vector[k] || is_packed(g, k) || !red)
        continue;
      p = identity_writer(g, red->buffer);
      j = moving_dim(red, &size);
      if (!p || j < 0)
        continue;
      map = mdhViewGetAccess(view, a);
      for (r = 0; r < (t->on_row[k] ? g->rows : 1); ++r)
        for (q = 0; q < g->vectors; ++q) {
          tile_point(g, b, r, q, at);
          mdh_build_affine_map(b, map, at, pt);
          pt[j] = mdh_build_binary(b, "arith.addi", pt[j],
                                   mdh_build_index(b, size));
          prefetch_reads(g, b, p, pt);
        }
    }
  }
}

/* Internal data structure of the vectorized scalar function: its values
 * (block arguments and op results) and what each became. */
struct value_map {
  int n;
  MlirValue from[MDH_REGISTER_TILE_MAX_VALUES];
  MlirValue to[MDH_REGISTER_TILE_MAX_VALUES];
};

static MlirValue value_map_find(const struct value_map *vm, MlirValue v) {
  int i;

  for (i = 0; i < vm->n; ++i)
    if (mlirValueEqual(vm->from[i], v))
      return vm->to[i];
  return (MlirValue){NULL};
}

static int value_map_add(struct value_map *vm, MlirValue from, MlirValue to) {
  if (vm->n == MDH_REGISTER_TILE_MAX_VALUES)
    return -1;
  vm->from[vm->n] = from;
  vm->to[vm->n++] = to;
  return 0;
}

/* Builds the op "op" of the scalar function lane by lane: a constant is
 * built once and broadcast, any other op on the vectors of its operands,
 * with its attributes, giving vectors of its result types. */
static int vectorize_op(const struct tile_gen *g, struct mdh_builder *b,
                        MlirOperation op, struct value_map *vm) {
  intptr_t n_ops = mlirOperationGetNumOperands(op), i;
  intptr_t n_res = mlirOperationGetNumResults(op);
  intptr_t n_attrs = mlirOperationGetNumAttributes(op);
  MlirValue operands[MDH_REGISTER_TILE_MAX_OP_VALUES];
  MlirType types[MDH_REGISTER_TILE_MAX_OP_VALUES];
  MlirNamedAttribute attrs[MDH_REGISTER_TILE_MAX_OP_VALUES];
  MlirOperation copy;

  if (n_ops > MDH_REGISTER_TILE_MAX_OP_VALUES ||
      n_res > MDH_REGISTER_TILE_MAX_OP_VALUES ||
      n_attrs > MDH_REGISTER_TILE_MAX_OP_VALUES)
    return -1;
  if (mdh_op_is(op, "arith.constant")) {
    copy = mlirOperationClone(op);
    mdh_build_insert(b, copy);
    return value_map_add(vm, mlirOperationGetResult(op, 0),
                         broadcast(g, b, mlirOperationGetResult(copy, 0)));
  }
  for (i = 0; i < n_ops; ++i) {
    operands[i] = value_map_find(vm, mlirOperationGetOperand(op, i));
    if (mlirValueIsNull(operands[i]))
      return -1;
  }
  for (i = 0; i < n_res; ++i)
    types[i] = vector_of(g, mlirValueGetType(mlirOperationGetResult(op, i)));
  for (i = 0; i < n_attrs; ++i)
    attrs[i] = mlirOperationGetAttribute(op, i);
  copy = mdh_build_op(b, mlirIdentifierStr(mlirOperationGetName(op)).data,
                      n_ops, operands, n_res, types, n_attrs, attrs);
  for (i = 0; i < n_res; ++i)
    if (value_map_add(vm, mlirOperationGetResult(op, i),
                      mlirOperationGetResult(copy, i)) < 0)
      return -1;
  return 0;
}

/* Builds scalar function "fn" lane by lane on the vectors "args"; returns
 * its result, or a null value if an op does not vectorize. */
static MlirValue call_vectorized(const struct tile_gen *g,
                                 struct mdh_builder *b, MlirOperation fn,
                                 const MlirValue *args) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  struct value_map vm = {0};
  MlirOperation op;
  intptr_t i;

  for (i = 0; i < mlirBlockGetNumArguments(body); ++i)
    if (value_map_add(&vm, mlirBlockGetArgument(body, i), args[i]) < 0)
      return (MlirValue){NULL};
  for (op = mlirBlockGetFirstOperation(body); !mdh_op_is(op, "func.return");
       op = mlirOperationGetNextInBlock(op))
    if (vectorize_op(g, b, op, &vm) < 0)
      return (MlirValue){NULL};
  return value_map_find(&vm, mlirOperationGetOperand(op, 0));
}

/* Returns the identity of the tile's operator as a vector: -0.0 for a
 * float sum (see the top of this file). */
static MlirValue identity(const struct tile_gen *g, struct mdh_builder *b) {
  MlirType elem = mlirShapedTypeGetElementType(g->acc_type);
  MlirNamedAttribute attr;

  if (!mlirTypeIsAFloat(elem) || strcmp(g->op->name, "add"))
    return broadcast(g, b, mdh_build_identity(b, g->op->name, elem));
  attr = mdh_named_attr(b->ctx, "value",
                        mlirFloatAttrDoubleGet(b->ctx, elem, -0.0));
  return broadcast(
      g, b,
      mlirOperationGetResult(
          mdh_build_op(b, "arith.constant", 0, NULL, 1, &elem, 1, &attr), 0));
}

/* Builds the scalar function lane by lane on the vectors "args" and
 * combines its result into "acc": one vector.fma for a float sum of
 * products. Returns the new accumulator, or a null value if an op does
 * not vectorize. */
static MlirValue apply(const struct tile_gen *g, struct mdh_builder *b,
                       const MlirValue *args, MlirValue acc, MlirValue mask) {
  MlirValue v = call_vectorized(g, b, g->fn, args), operands[3];
  MlirOperation def;

  if (mlirValueIsNull(v))
    return v;
  def = mlirOpResultGetOwner(v);
  if (g->t->reduces && !mlirValueIsNull(mask)) {
    v = mdh_build_select(b, mask, v, identity(g, b));
  } else if (!strcmp(g->op->name, "add") &&
             mlirTypeIsAFloat(mlirShapedTypeGetElementType(g->acc_type)) &&
             mdh_op_is(def, "arith.mulf") &&
             mlirOpOperandIsNull(mlirValueGetFirstUse(v))) {
    operands[0] = mlirOperationGetOperand(def, 0);
    operands[1] = mlirOperationGetOperand(def, 1);
    operands[2] = acc;
    v = mlirOperationGetResult(
        mdh_build_op(b, "vector.fma", 3, operands, 1, &g->acc_type, 0, NULL),
        0);
    mlirOperationDestroy(def);
    return v;
  }
  return mdh_build_binary(
      b, mdh_operator_arith(g->op, mlirShapedTypeGetElementType(g->acc_type)),
      acc, v);
}

/* The values that input accesses read in a step of a tile with a slide
 * dimension (lib/register_tile.h), each loaded when first used: for access
 * k, "v"[(k * "keys" + key) * "vectors" + q] holds the value of vector q
 * (0 for a scalar) at "key": the row plus the point of slide where the
 * access depends on their sum, else the row or the point it depends on
 * (or 0). */
struct slide_values {
  int keys, vectors;
  MlirValue *v;
};

/* Returns the value of input access "a" of "view", access "k" of "g", at
 * row "r", point "e" of the slide dimension and vector "q", from "sv" or
 * loaded there at "b". The point of slide "e" at row "r" reads what
 * point 0 reads at row "r" + "e" where the access depends on their sum. */
static MlirValue slide_value(const struct tile_gen *g, struct mdh_builder *b,
                             struct slide_values *sv, MlirOperation view,
                             intptr_t a, int k, int r, int e, int q) {
  const struct mdh_register_tile *t = g->t;
  int key, vq = t->vector[k] ? q : 0;
  MlirValue *v;

  if (t->on_row[k] && t->on_slide[k])
    r += e, e = 0;
  if (!t->on_row[k])
    r = 0;
  if (!t->on_slide[k])
    e = 0;
  key = r + e;
  v = &sv->v[((size_t)k * sv->keys + key) * sv->vectors + vq];
  if (mlirValueIsNull(*v))
    *v = read_input(g, b, view, a, k, r, vq, e);
  return *v;
}

/* Builds one step of the reduction of a tile with a slide dimension at
 * "b" (lib/register_tile.h): every point of slide, unrolled, for every
 * row and vector, combined into "acc". The rows and points that read one
 * element of an access run one after the other (row r and point e for
 * each diagonal r + e in turn), so that each loaded vector is live for
 * only as long as they use it. */
static int build_slide_step(const struct tile_gen *g, struct mdh_builder *b,
                            MlirValue *acc) {
  const struct mdh_register_tile *t = g->t;
  int points = (int)t->extent[t->slide], r, e, q, k, diag, rc = 0;
  struct slide_values sv = {g->rows + points - 1, g->vectors, NULL};
  MlirValue fn_args[MDH_REGISTER_TILE_MAX_ACCESSES];
  MlirOperation hom = g->info->stmt->hom, view;
  intptr_t v, a;

  sv.v = calloc((size_t)t->n_access * sv.keys * sv.vectors, sizeof(*sv.v));
  if (!sv.v)
    abort();
  for (diag = 0; diag < sv.keys && rc == 0; ++diag)
    for (q = 0; q < g->vectors && rc == 0; ++q)
      for (e = diag < g->rows ? 0 : diag - g->rows + 1;
           e <= diag && e < points && rc == 0; ++e) {
        r = diag - e;
        for (v = 0, k = 0; v < mlirOperationGetNumOperands(hom); ++v) {
          view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
          for (a = 0; a < mdhViewGetNumAccesses(view); ++a, ++k)
            fn_args[k] = slide_value(g, b, &sv, view, a, k, r, e, q);
        }
        acc[r * g->vectors + q] =
            apply(g, b, fn_args, acc[r * g->vectors + q], g->masks[q]);
        if (mlirValueIsNull(acc[r * g->vectors + q]))
          rc = -1;
      }
  free(sv.v);
  return rc;
}

/* Builds one step of the reduction at "b": reads the inputs, applies the
 * scalar function for every row and vector and combines into "acc" (the
 * rows x vectors accumulators, updated). */
static int build_step(const struct tile_gen *g, struct mdh_builder *b,
                      MlirValue *acc) {
  const struct mdh_register_tile *t = g->t;
  int n = g->rows * g->vectors, r, q, k;
  MlirValue *args, fn_args[MDH_REGISTER_TILE_MAX_ACCESSES];
  int rc = 0;

  if (t->slide >= 0)
    return build_slide_step(g, b, acc);
  args = malloc((size_t)(t->n_access + 1) * n * sizeof(*args));
  if (!args)
    abort();
  read_inputs(g, b, args);
  for (r = 0; r < g->rows && rc == 0; ++r)
    for (q = 0; q < g->vectors && rc == 0; ++q) {
      for (k = 0; k < t->n_access; ++k)
        fn_args[k] = args[(k * g->rows + r) * g->vectors + q];
      acc[r * g->vectors + q] =
          apply(g, b, fn_args, acc[r * g->vectors + q], g->masks[q]);
      if (mlirValueIsNull(acc[r * g->vectors + q]))
        rc = -1;
    }
  free(args);
  return rc;
}

/* Opens `scf.for %iv = lb to ub step "step" iter_args(acc)` at "b": sets
 * "in" to build its body, "*iv" to its iterator and the "n" accumulators
 * "acc" to its arguments; returns the loop, which close_loop closes. */
static MlirOperation open_loop(struct mdh_builder *b, MlirValue lb,
                               MlirValue ub, int64_t step, int n,
                               MlirValue *acc, struct mdh_builder *in,
                               MlirValue *iv) {
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString("scf.for"), b->loc);
  MlirValue *operands = malloc((n + 3) * sizeof(*operands));
  MlirType *types = malloc((n + 1) * sizeof(*types));
  MlirLocation *locs = malloc((n + 1) * sizeof(*locs));
  MlirRegion region = mlirRegionCreate();
  MlirOperation loop;
  MlirBlock body;
  int i;

  if (!operands || !types || !locs)
    abort();
  operands[0] = lb;
  operands[1] = ub;
  operands[2] = mdh_build_index(b, step);
  types[0] = mlirIndexTypeGet(b->ctx);
  locs[0] = b->loc;
  for (i = 0; i < n; ++i) {
    operands[3 + i] = acc[i];
    types[1 + i] = mlirValueGetType(acc[i]);
    locs[1 + i] = b->loc;
  }
  body = mlirBlockCreate(n + 1, types, locs);
  mlirRegionAppendOwnedBlock(region, body);
  mlirOperationStateAddOperands(&st, n + 3, operands);
  mlirOperationStateAddResults(&st, n, types + 1);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  loop = mlirOperationCreate(&st);
  mdh_build_insert(b, loop);
  free(operands);
  free(types);
  free(locs);
  *in = *b;
  in->block = body;
  in->before = (MlirOperation){NULL};
  *iv = mlirBlockGetArgument(body, 0);
  for (i = 0; i < n; ++i)
    acc[i] = mlirBlockGetArgument(body, i + 1);
  return loop;
}

/* Closes "loop" of open_loop, whose body "in" built: yields the "n"
 * accumulators "acc" and sets them to the loop's results. */
static void close_loop(struct mdh_builder *in, MlirOperation loop, int n,
                       MlirValue *acc) {
  int i;

  mdh_build_op(in, "scf.yield", n, acc, 0, NULL, 0, NULL);
  for (i = 0; i < n; ++i)
    acc[i] = mlirOperationGetResult(loop, i);
}

/* Builds the loops over the reduction dimensions from "d" on at "b", the
 * accumulators "acc" carried through them (and updated to their results),
 * with one step of the reduction innermost. A run of dimensions that the
 * tile spans whole is one loop (build_collapsed). */
/* Returns the mask of the first "lanes" lanes of a vector of "g". */
static MlirValue lane_mask(const struct tile_gen *g, struct mdh_builder *b,
                           int lanes) {
  MlirType type = vector_of(g, mlirIntegerTypeGet(b->ctx, 1));
  int values[64];
  MlirNamedAttribute attr;
  int i;

  for (i = 0; i < g->t->width && i < 64; ++i)
    values[i] = i < lanes;
  attr = mdh_named_attr(
      b->ctx, "value", mlirDenseElementsAttrBoolGet(type, g->t->width, values));
  return mlirOperationGetResult(
      mdh_build_op(b, "arith.constant", 0, NULL, 1, &type, 1, &attr), 0);
}

static int build_lanes(struct tile_gen *g, struct mdh_builder *b, int d,
                       MlirValue *acc);
static int build_collapsed(struct tile_gen *g, struct mdh_builder *b, int d,
                           MlirValue *acc);

/* Returns the dimension after the run of reduction dimensions from "d" on
 * that build_collapsed runs as one loop: "d" itself, then those that a tile
 * spans whole (not blocked, not split over lanes; the slide dimension
 * among them, at one point of the loop: each step runs it whole). */
static int next_collapsed(const struct tile_gen *g, int d) {
  const struct mdh_register_tile *t = g->t;

  if (d < t->rank && !(t->reduces && d == t->vec))
    ++d;
  while (d < t->rank && g->info->stmt->kinds[d] == MdhCombinePW &&
         d != t->block_dim && !(t->reduces && d == t->vec))
    ++d;
  return d;
}

/* Returns the points of reduction dimension "e" in the loop of
 * build_collapsed: one for the slide dimension, which each step runs
 * whole, else its extent, or its block if "e" is the blocked dimension. */
static int64_t run_extent(const struct tile_gen *g, int e) {
  const struct mdh_register_tile *t = g->t;

  if (e == t->slide)
    return 1;
  if (e == t->block_dim && t->block < t->extent[e])
    return t->block;
  return t->extent[e];
}

static int build_nest(struct tile_gen *g, struct mdh_builder *b, int d,
                      MlirValue *acc) {
  int n = g->rows * g->vectors, rc;
  struct mdh_builder in;
  MlirOperation loop;

  while (d < g->t->rank &&
         (g->info->stmt->kinds[d] != MdhCombinePW || d == g->t->slide))
    ++d;
  if (d == g->t->rank)
    return build_step(g, b, acc);
  if (next_collapsed(g, d) > d + 1)
    return build_collapsed(g, b, d, acc);
  if (d == g->t->vec)
    return build_lanes(g, b, d, acc);
  loop = open_loop(
      b, g->lo[d],
      mdh_build_binary(b, "arith.addi", g->hi[d], mdh_build_index(b, 1)), 1, n,
      acc, &in, &g->idx[d]);
  rc = build_nest(g, &in, d + 1, acc);
  close_loop(&in, loop, n, acc);
  return rc;
}

/* The flat addressing of a collapsed loop (build_collapsed) over the
 * reduction dimensions "d" to "end" (exclusive): the loop's counter t
 * runs over at most "points" points, dimension e < end at (t /
 * "stride"[e - d]) mod "extent"[e - d] (for d, the most points of it in a
 * tile). For each input access k: its offset in the elements of its
 * buffer per point of each dimension ("coef"[k], all 0 where it does not
 * depend on the run), and how to get its offset at t: "alpha"[k] t where
 * that is the offset (alpha != 0), else a table of the offsets of every t
 * ("table"[k], shared by accesses of equal "coef"). */
struct flat_plan {
  int d, end;
  int64_t points;
  int64_t extent[MAX_RANK];
  int64_t stride[MAX_RANK];
  int64_t coef[MDH_REGISTER_TILE_MAX_ACCESSES][MAX_RANK];
  int64_t alpha[MDH_REGISTER_TILE_MAX_ACCESSES];
  MlirValue table[MDH_REGISTER_TILE_MAX_ACCESSES];
};

/* Tells whether memref type "type" has a static shape and layout with
 * non-negative strides; sets "strides". */
static int static_layout(MlirType type, int64_t *strides) {
  intptr_t j, rank = mlirShapedTypeGetRank(type);
  int64_t offset;

  if (!mlirShapedTypeHasStaticShape(type) || rank > MAX_RANK ||
      mlirLogicalResultIsFailure(
          mlirMemRefTypeGetStridesAndOffset(type, strides, &offset)) ||
      mlirShapedTypeIsDynamicStrideOrOffset(offset))
    return 0;
  for (j = 0; j < rank; ++j)
    if (mlirShapedTypeIsDynamicStrideOrOffset(strides[j]) || strides[j] < 0)
      return 0;
  return 1;
}

/* Sets "coef" to the offsets in the elements of "buffer" (that of "view"
 * or the tile buffer standing for it) of access "a" of "view" per point of
 * the dimensions of "p". Returns 0 if they are not constant, or the
 * buffer's layout is not static. */
static int flat_coefficients(const struct flat_plan *p, MlirOperation view,
                             intptr_t a, MlirValue buffer, int64_t *coef) {
  MlirAffineMap map = mdhViewGetAccess(view, a);
  int64_t strides[MAX_RANK];
  intptr_t j;
  int e;

  memset(coef, 0, MAX_RANK * sizeof(*coef));
  for (e = p->d; e < p->end; ++e)
    if (mdh_affine_map_uses_dim(map, e))
      break;
  if (e == p->end)
    return 1;
  if (!static_layout(mlirValueGetType(buffer), strides))
    return 0;
  for (j = 0; j < mlirAffineMapGetNumResults(map); ++j)
    if (!mdh_affine_expr_add_coefficients(mlirAffineMapGetResult(map, j), p->d,
                                          p->end - p->d, strides[j], coef))
      return 0;
  return 1;
}

/* Sets "coef" to the offsets in its panel of a packed input per point of
 * the dimensions of "p" (panel_index). */
static void panel_coefficients(const struct tile_gen *g,
                               const struct flat_plan *p, int64_t *coef) {
  int e;

  memset(coef, 0, MAX_RANK * sizeof(*coef));
  for (e = p->d; e < p->end; ++e)
    coef[e - p->d] = panel_lanes(g->t) * g->pstride[e];
}

/* Tells whether the offsets of "coef" are all 0. */
static int flat_is_zero(const struct flat_plan *p, const int64_t *coef) {
  int e;

  for (e = 0; e < p->end - p->d; ++e)
    if (coef[e])
      return 0;
  return 1;
}

/* Returns alpha where "coef" makes the offset alpha t at the loop's point
 * t, else 0. */
static int64_t flat_alpha(const struct flat_plan *p, const int64_t *coef) {
  int64_t alpha = coef[p->end - 1 - p->d], x;
  int e;

  for (e = 0; e < p->end - p->d; ++e)
    if (__builtin_mul_overflow(alpha, p->stride[e], &x) || x != coef[e])
      return 0;
  return alpha;
}

/* Tells whether the offsets of "coef" at every point of the loop of "p"
 * fit 32 bits: the sum of the largest products with each coefficient. */
static int flat_fits_32_bits(const struct flat_plan *p, const int64_t *coef) {
  int64_t sum = 0, x;
  int e;

  for (e = 0; e < p->end - p->d; ++e)
    if (__builtin_mul_overflow(coef[e] < 0 ? -coef[e] : coef[e],
                               p->extent[e] - 1, &x) ||
        __builtin_add_overflow(sum, x, &sum))
      return 0;
  return sum <= INT32_MAX;
}

/* Returns the op of the function around "b", if any, else a null op. */
static MlirOperation enclosing_func(struct mdh_builder *b) {
  MlirOperation op = mlirBlockGetParentOperation(b->block);

  while (!mlirOperationIsNull(op) && !mdh_op_is(op, "func.func"))
    op = mlirOperationGetParentOperation(op);
  return op;
}

/* Returns the symbol table op around the function around "b", if any, else
 * a null op. */
static MlirOperation enclosing_symbol_table(struct mdh_builder *b) {
  MlirOperation func = enclosing_func(b), op;
  MlirSymbolTable table;

  if (mlirOperationIsNull(func))
    return func;
  op = mlirOperationGetParentOperation(func);
  if (mlirOperationIsNull(op))
    return op;
  table = mlirSymbolTableCreate(op);
  if (mlirSymbolTableIsNull(table))
    return (MlirOperation){NULL};
  mlirSymbolTableDestroy(table);
  return op;
}

/* Returns the name of a constant memref.global of type "type" and value
 * "value" in the symbol table around "b", made before the function around
 * "b" unless one is there. */
static MlirAttribute offsets_global(struct mdh_builder *b, MlirType type,
                                    MlirAttribute value) {
  MlirOperation func = enclosing_func(b), module = enclosing_symbol_table(b);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirStringRef init = mlirStringRefCreateFromCString("initial_value");
  MlirNamedAttribute attrs[6];
  MlirOperationState st;
  MlirOperation op;
  MlirSymbolTable table;
  MlirAttribute name;

  for (op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (mdh_op_is(op, "memref.global") &&
        mlirAttributeEqual(mlirOperationGetAttributeByName(op, init), value) &&
        !mlirAttributeIsNull(mlirOperationGetAttributeByName(
            op, mlirStringRefCreateFromCString("constant"))))
      return mlirOperationGetAttributeByName(
          op, mlirStringRefCreateFromCString("sym_name"));
  attrs[0] = mdh_named_attr(
      b->ctx, "sym_name",
      mlirStringAttrGet(b->ctx,
                        mlirStringRefCreateFromCString("__mdh_offsets")));
  attrs[1] = mdh_named_attr(
      b->ctx, "sym_visibility",
      mlirStringAttrGet(b->ctx, mlirStringRefCreateFromCString("private")));
  attrs[2] = mdh_named_attr(b->ctx, "type", mlirTypeAttrGet(type));
  attrs[3] = mdh_named_attr(b->ctx, "initial_value", value);
  attrs[4] = mdh_named_attr(b->ctx, "constant", mlirUnitAttrGet(b->ctx));
  /* A cache line. */
  attrs[5] =
      mdh_named_attr(b->ctx, "alignment",
                     mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 64));
  st = mlirOperationStateGet(mlirStringRefCreateFromCString("memref.global"),
                             mlirLocationUnknownGet(b->ctx));
  mlirOperationStateAddAttributes(&st, 6, attrs);
  op = mlirOperationCreate(&st);
  /* The table inserts the op (at the end of the module) and renames it if
   * its name is taken; a table of a block with two ops of one name would
   * be invalid. */
  table = mlirSymbolTableCreate(module);
  name = mlirSymbolTableInsert(table, op);
  mlirSymbolTableDestroy(table);
  mlirOperationMoveBefore(op, func);
  return name;
}

/* Builds at "b" a memref of the offsets of "coef" at every point of the
 * loop of "p" (which flat_fits_32_bits), a constant global of the symbol
 * table around "b" (enclosing_symbol_table). */
static MlirValue offset_table(const struct flat_plan *p, struct mdh_builder *b,
                              const int64_t *coef) {
  MlirType i32 = mlirIntegerTypeGet(b->ctx, 32), type;
  MlirAttribute value, name;
  MlirNamedAttribute attr;
  int32_t *offsets = malloc(p->points * sizeof(*offsets));
  int64_t t, n = p->points, x;
  int e;

  if (!offsets)
    abort();
  for (t = 0; t < n; ++t) {
    for (x = 0, e = 0; e < p->end - p->d; ++e)
      x += coef[e] * (t / p->stride[e] % p->extent[e]);
    offsets[t] = (int32_t)x;
  }
  type = mlirRankedTensorTypeGet(1, &n, i32, mlirAttributeGetNull());
  value = mlirDenseElementsAttrInt32Get(type, n, offsets);
  free(offsets);
  type = mlirMemRefTypeContiguousGet(i32, 1, &n, mlirAttributeGetNull());
  name = offsets_global(b, type, value);
  attr = mdh_named_attr(
      b->ctx, "name",
      mlirFlatSymbolRefAttrGet(b->ctx, mlirStringAttrGetValue(name)));
  return mlirOperationGetResult(
      mdh_build_op(b, "memref.get_global", 0, NULL, 1, &type, 1, &attr), 0);
}

/* Builds at "b" a 1-D view of every element of "buffer" (static_layout),
 * from its first: element i of "buffer" is element sum_j strides_j i_j. */
static MlirValue flat_view(struct mdh_builder *b, MlirValue buffer) {
  MlirType type = mlirValueGetType(buffer), view_type;
  intptr_t j, rank = mlirShapedTypeGetRank(type);
  int64_t strides[MAX_RANK], offset, span = 1, one = 1;
  MlirNamedAttribute attrs[4];
  int32_t segments[4] = {1, 0, 0, 0};

  mlirMemRefTypeGetStridesAndOffset(type, strides, &offset);
  for (j = 0; j < rank; ++j)
    span += (mlirShapedTypeGetDimSize(type, j) - 1) * strides[j];
  view_type =
      mlirMemRefTypeGet(mlirShapedTypeGetElementType(type), 1, &span,
                        mlirStridedLayoutAttrGet(b->ctx, offset, 1, &one),
                        mlirMemRefTypeGetMemorySpace(type));
  attrs[0] = mdh_named_attr(b->ctx, "operandSegmentSizes",
                            mlirDenseI32ArrayGet(b->ctx, 4, segments));
  attrs[1] = mdh_named_attr(b->ctx, "static_offsets",
                            mlirDenseI64ArrayGet(b->ctx, 1, &offset));
  attrs[2] = mdh_named_attr(b->ctx, "static_sizes",
                            mlirDenseI64ArrayGet(b->ctx, 1, &span));
  attrs[3] = mdh_named_attr(b->ctx, "static_strides",
                            mlirDenseI64ArrayGet(b->ctx, 1, &one));
  return mlirOperationGetResult(mdh_build_op(b, "memref.reinterpret_cast", 1,
                                             &buffer, 1, &view_type, 4, attrs),
                                0);
}

/* Sets "p" to the flat addressing of the loop of build_collapsed over the
 * reduction dimensions "d" to "end" of "g" (those after "d" spanned whole,
 * "d" by at most its block) and builds at "b" what it needs outside the
 * loop: the flat views of the buffers (in "g->flat", where not set by an
 * enclosing loop) and the offset tables. Returns 0, having built nothing,
 * if an access cannot be addressed flat or a table would have more than
 * MAX_OFFSET_TABLE entries or offsets beyond 32 bits. */
static int plan_flat(struct tile_gen *g, struct mdh_builder *b, int d, int end,
                     struct flat_plan *p) {
  const struct mdh_register_tile *t = g->t;
  MlirOperation hom = g->info->stmt->hom, view;
  MlirValue buffers[MDH_REGISTER_TILE_MAX_ACCESSES];
  intptr_t v, a;
  int k = 0, j, e;

  p->d = d;
  p->end = end;
  p->points = 1;
  for (e = end - 1; e >= d; --e) {
    p->extent[e - d] = run_extent(g, e);
    p->stride[e - d] = p->points;
    if (__builtin_mul_overflow(p->points, p->extent[e - d], &p->points))
      return 0;
  }
  for (v = 0; v < mlirOperationGetNumOperands(hom); ++v) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a, ++k) {
      buffers[k] = tile_buffer(g, mdhViewGetBuffer(view));
      if (is_packed(g, k))
        panel_coefficients(g, p, p->coef[k]);
      else if (!flat_coefficients(p, view, a, buffers[k], p->coef[k]))
        return 0;
      p->alpha[k] = flat_alpha(p, p->coef[k]);
      if (!p->alpha[k] && !flat_is_zero(p, p->coef[k]) &&
          (p->points > MAX_OFFSET_TABLE || !flat_fits_32_bits(p, p->coef[k]) ||
           mlirOperationIsNull(enclosing_symbol_table(b))))
        return 0;
    }
  }
  for (k = 0; k < t->n_access; ++k) {
    p->table[k] = (MlirValue){NULL};
    if (p->alpha[k] || flat_is_zero(p, p->coef[k]))
      continue;
    for (j = 0; j < k && mlirValueIsNull(p->table[k]); ++j)
      if (!memcmp(p->coef[j], p->coef[k], sizeof(p->coef[k])))
        p->table[k] = p->table[j];
    if (mlirValueIsNull(p->table[k]))
      p->table[k] = offset_table(p, b, p->coef[k]);
  }
  for (k = 0; k < t->n_access; ++k)
    if (!flat_is_zero(p, p->coef[k]) && mlirValueIsNull(g->flat[k]) &&
        !is_packed(g, k))
      g->flat[k] = flat_view(b, buffers[k]);
  return 1;
}

/* Sets the offsets of the flat addressing "p" at the loop's point "t", at
 * "b" in the loop's body, adding to those of an enclosing loop. */
static void flat_offsets(struct tile_gen *g, struct mdh_builder *b,
                         const struct flat_plan *p, MlirValue t) {
  MlirType index = mlirIndexTypeGet(b->ctx);
  MlirValue offsets[MDH_REGISTER_TILE_MAX_ACCESSES], v;
  int k, j;

  for (k = 0; k < g->t->n_access; ++k) {
    offsets[k] = (MlirValue){NULL};
    if (flat_is_zero(p, p->coef[k]))
      continue;
    for (j = 0; j < k && mlirValueIsNull(offsets[k]); ++j)
      if (!memcmp(p->coef[j], p->coef[k], sizeof(p->coef[k])))
        offsets[k] = offsets[j];
    if (!mlirValueIsNull(offsets[k]))
      continue;
    if (p->alpha[k] == 1) {
      offsets[k] = t;
    } else if (p->alpha[k]) {
      offsets[k] =
          mdh_build_binary(b, "arith.muli", t, mdh_build_index(b, p->alpha[k]));
    } else {
      v = mdh_build_load(b, p->table[k], 1, &t);
      offsets[k] = mlirOperationGetResult(
          mdh_build_op(b, "arith.index_cast", 1, &v, 1, &index, 0, NULL), 0);
    }
  }
  for (k = 0; k < g->t->n_access; ++k)
    if (!mlirValueIsNull(offsets[k]))
      g->flat_off[k] =
          mlirValueIsNull(g->flat_off[k])
              ? offsets[k]
              : mdh_build_binary(b, "arith.addi", g->flat_off[k], offsets[k]);
}

/* Builds one loop over the reduction dimensions from "d" to the end of
 * their run (next_collapsed) at "b": a block of channels and the 3 x 3
 * window of a convolution as one loop of 9 steps per channel. Nested
 * loops, each carrying the 26 accumulators of a 13 x 2 tile, made LLVM
 * shuffle and spill the accumulators at every step, and so did the window
 * unrolled (ResNet-50's conv3_x: 134 GFLOP/s either way on one core of the
 * bench machine). Recovering each index by division and remainder took 27
 * integer instructions a step against 24 FMAs with AVX-512 (45 against 9
 * with AVX2), and indices carried by the loop and stepped like an odometer
 * were slower still (53 ms against 47 ms on conv3_x): LLVM then no longer
 * sees that the weights' offset is the loop's own counter, and reloads the
 * rows' addresses from the stack. So the inputs are addressed flat where
 * their buffers' layouts are static (plan_flat): each access at its
 * element at the run's first point plus its offset at the loop's point,
 * the counter times a constant where the run walks it in order (the
 * weights), else a load from a table of the offsets (the image). Only "d"
 * may span a tile partly (the blocked dimension is the outermost
 * reduction dimension). */
static int build_collapsed(struct tile_gen *g, struct mdh_builder *b, int d,
                           MlirValue *acc) {
  int end = next_collapsed(g, d), n = g->rows * g->vectors, e, rc, flat;
  MlirValue saved[2][MDH_REGISTER_TILE_MAX_ACCESSES];
  int64_t points = 1, stride;
  struct flat_plan plan;
  struct mdh_builder in;
  MlirOperation loop;
  MlirValue iv, v;

  for (e = d + 1; e < end; ++e)
    points *= run_extent(g, e);
  memcpy(saved[0], g->flat, sizeof(g->flat));
  memcpy(saved[1], g->flat_off, sizeof(g->flat_off));
  flat = plan_flat(g, b, d, end, &plan);
  v = mdh_build_binary(b, "arith.subi", g->hi[d], g->lo[d]);
  v = mdh_build_binary(b, "arith.addi", v, mdh_build_index(b, 1));
  loop = open_loop(
      b, mdh_build_index(b, 0),
      mdh_build_binary(b, "arith.muli", v, mdh_build_index(b, points)), 1, n,
      acc, &in, &iv);
  if (flat) {
    flat_offsets(g, &in, &plan, iv);
    for (e = d; e < end; ++e)
      g->idx[e] = g->lo[e];
  }
  for (e = end - 1, stride = 1; e >= d && !flat; stride *= run_extent(g, e--)) {
    if (e == g->t->slide)
      continue;
    v = stride > 1 ? mdh_build_binary(&in, "arith.divui", iv,
                                      mdh_build_index(&in, stride))
                   : iv;
    if (e > d)
      v = mdh_build_binary(&in, "arith.remui", v,
                           mdh_build_index(&in, g->t->extent[e]));
    g->idx[e] = mdh_build_binary(&in, "arith.addi", g->lo[e], v);
  }
  rc = build_nest(g, &in, end, acc);
  memcpy(g->flat, saved[0], sizeof(g->flat));
  memcpy(g->flat_off, saved[1], sizeof(g->flat_off));
  close_loop(&in, loop, n, acc);
  return rc;
}

/* Builds the loop over reduction dimension "d", the vec of "g" whose points
 * the lanes share out, at "b" (see build_nest): "vectors" x "width" points
 * per iteration, then the points left over in masked vectors (a lane
 * outside the index space contributes the identity, apply). */
static int build_lanes(struct tile_gen *g, struct mdh_builder *b, int d,
                       MlirValue *acc) {
  int64_t lanes = (int64_t)g->vectors * g->t->width;
  int64_t full = g->lane_points / lanes * lanes, tail = g->lane_points - full;
  int n = g->rows * g->vectors, q, rc = 0;
  struct mdh_builder in;
  MlirOperation loop;
  int64_t left;

  if (full > 0) {
    loop = open_loop(
        b, g->lane_lo,
        mdh_build_binary(b, "arith.addi", g->lane_lo, mdh_build_index(b, full)),
        lanes, n, acc, &in, &g->idx[d]);
    rc = build_nest(g, &in, d + 1, acc);
    close_loop(&in, loop, n, acc);
  }
  if (tail == 0 || rc < 0)
    return rc;
  g->idx[d] =
      mdh_build_binary(b, "arith.addi", g->lane_lo, mdh_build_index(b, full));
  for (q = 0; q < g->vectors; ++q) {
    left = tail - (int64_t)q * g->t->width;
    g->masks[q] = lane_mask(g, b, (int)(left < 0 ? 0 : left));
  }
  rc = build_nest(g, b, d + 1, acc);
  for (q = 0; q < g->vectors; ++q)
    g->masks[q] = (MlirValue){NULL};
  return rc;
}

/* Sets "at" to the result point of row "r" and vector "q": the tile's, with
 * index 0 in the reduction dimensions. */
static void result_point(const struct tile_gen *g, struct mdh_builder *b, int r,
                         int q, MlirValue *at) {
  tile_point(g, b, r, q, at);
  mdh_build_result_point(b, g->t->rank, g->info->stmt->kinds, at, at);
}

/* Tells whether every tile of "g" holds the first point of its
 * reduction: its lower bound is the constant 0 in every pw dimension (the
 * reduction is not blocked). */
static int always_first(const struct tile_gen *g) {
  MlirAttribute lo;
  int d;

  for (d = 0; d < g->t->rank; ++d) {
    if (g->info->stmt->kinds[d] != MdhCombinePW)
      continue;
    lo = mdh_constant_attr(g->lo[d]);
    if (mlirAttributeIsNull(lo) || !mlirAttributeIsAInteger(lo) ||
        mlirIntegerAttrGetValueInt(lo) != 0)
      return 0;
  }
  return 1;
}

/* Sets the accumulators "acc" to their start: the identity in a tile that
 * holds the first point of the reduction, else what the output holds
 * (always, for an accumulating output). Where every tile holds the first
 * point, the output is not read at all: loads whose results a select
 * drops would still touch it (an intermediate that the epilogue keeps
 * from being written would page-fault on every call). */
static void init_accumulators(const struct tile_gen *g, struct mdh_builder *b,
                              MlirValue *acc) {
  const struct mdh_component *c = &g->info->comps[0];
  MlirValue first = {NULL}, id, at[MAX_RANK];
  int r, q;

  if (g->t->reduces || (!g->info->accumulate && always_first(g))) {
    id = identity(g, b);
    for (r = 0; r < g->rows * g->vectors; ++r)
      acc[r] = id;
    return;
  }
  if (!g->info->accumulate)
    first =
        mdh_build_is_first_point(b, g->t->rank, g->info->stmt->kinds, g->lo);
  id = mlirValueIsNull(first) ? first : identity(g, b);
  for (r = 0; r < g->rows; ++r)
    for (q = 0; q < g->vectors; ++q) {
      result_point(g, b, r, q, at);
      acc[r * g->vectors + q] =
          load_vector(g, b, c->buffer, c->map, at, g->masks[q]);
      if (mlirValueIsNull(first))
        continue;
      acc[r * g->vectors + q] =
          mdh_build_select(b, first, id, acc[r * g->vectors + q]);
    }
}

/* Returns the "vectors" accumulators "acc" of a row of a tile whose lanes
 * share out a reduction folded into one value (vector.reduction). */
static MlirValue fold_row(const struct tile_gen *g, struct mdh_builder *b,
                          const MlirValue *acc) {
  MlirType elem = mlirShapedTypeGetElementType(g->acc_type);
  const char *arith = mdh_operator_arith(g->op, elem);
  MlirNamedAttribute kind;
  MlirValue v = acc[0];
  char text[64];
  int q;

  for (q = 1; q < g->vectors; ++q)
    v = mdh_build_binary(b, arith, v, acc[q]);
  snprintf(text, sizeof(text), "#vector.kind<%s>",
           strcmp(g->op->name, "min") && strcmp(g->op->name, "max")
               ? g->op->name
               : arith + strlen("arith."));
  kind = mdh_named_attr(
      b->ctx, "kind",
      mlirAttributeParseGet(b->ctx, mlirStringRefCreateFromCString(text)));
  return mlirOperationGetResult(
      mdh_build_op(b, "vector.reduction", 1, &v, 1, &elem, 1, &kind), 0);
}

/* Stores "v", the result of row "r" of a tile that reduces along vec,
 * combined with the output if it accumulates, to every location of the
 * result. */
static void store_result(const struct tile_gen *g, struct mdh_builder *b, int r,
                         MlirValue v) {
  const struct mdh_component *c = &g->info->comps[0];
  const char *arith =
      mdh_operator_arith(g->op, mlirShapedTypeGetElementType(g->acc_type));
  MlirValue at[MAX_RANK], idx[MAX_RANK], buffer;
  int k;

  result_point(g, b, r, 0, at);
  if (g->info->accumulate)
    v = mdh_build_binary(b, arith, load_scalar(g, b, c->buffer, c->map, at), v);
  for (k = 0; k < c->n_stores; ++k) {
    buffer = map_access(g, b, c->store_buffers[k], c->store_maps[k], at, idx);
    mdh_build_store(b, v, buffer, mlirAffineMapGetNumResults(c->store_maps[k]),
                    idx);
  }
}

/* Stores the accumulators "acc" of a tile that does not reduce along vec
 * to every location of the result. */
static void store_vectors(const struct tile_gen *g, struct mdh_builder *b,
                          const MlirValue *acc) {
  const struct mdh_component *c = &g->info->comps[0];
  MlirValue at[MAX_RANK];
  int r, q, k;

  for (r = 0; r < g->rows; ++r)
    for (q = 0; q < g->vectors; ++q) {
      result_point(g, b, r, q, at);
      for (k = 0; k < c->n_stores; ++k)
        store_vector(g, b, acc[r * g->vectors + q], c->store_buffers[k],
                     c->store_maps[k], at, g->masks[q]);
    }
}

/* The results at one vector of the result space that an epilogue has in
 * registers: "n" vectors "value" of the elements that "map" gives in
 * "buffer" there. */
struct point_values {
  int n;
  MlirValue buffer[MDH_REGISTER_TILE_MAX_WRITES];
  MlirAffineMap map[MDH_REGISTER_TILE_MAX_WRITES];
  MlirValue value[MDH_REGISTER_TILE_MAX_WRITES];
};

/* Adds a result to "pv"; mdh_register_tile_add_epilogue admits no more
 * than fit. */
static void point_values_add(struct point_values *pv, MlirValue buffer,
                             MlirAffineMap map, MlirValue value) {
  if (pv->n == MDH_REGISTER_TILE_MAX_WRITES)
    abort();
  pv->buffer[pv->n] = buffer;
  pv->map[pv->n] = map;
  pv->value[pv->n++] = value;
}

/* Reads "buffer" through "map" at point "at" of the result space, vector
 * "q" of the tile: from "pv" if the epilogue computed it, else from memory
 * (a vector along "vec", or a scalar broadcast to every lane). */
static MlirValue epilogue_read(const struct tile_gen *g, struct mdh_builder *b,
                               const struct point_values *pv, MlirValue buffer,
                               MlirAffineMap map, const MlirValue *at, int vec,
                               int q) {
  int i;

  for (i = pv->n - 1; i >= 0; --i)
    if (mlirValueEqual(pv->buffer[i], buffer) &&
        mlirAffineMapEqual(pv->map[i], map))
      return pv->value[i];
  if (mdh_affine_map_uses_dim(map, vec))
    return load_vector(g, b, buffer, map, at, g->masks[q]);
  return broadcast(g, b, load_scalar(g, b, buffer, map, at));
}

/* Runs member "i" of the epilogue of "g" at point "at" of the result
 * space, vector "q" of the tile (lib/register_tile.h): its scalar
 * function on what it reads, stored unless dead, and recorded in "pv".
 * Returns -1 if it does not vectorize. */
static int run_member(const struct tile_gen *g, struct mdh_builder *b, int i,
                      const MlirValue *at, int vec, int q,
                      struct point_values *pv) {
  struct mdh_stmt *stmt = &g->cg->m->stmts[g->t->epilogue[i]];
  struct mdh_stmt_info *info = mdh_chain_find(g->cg, stmt->name, stmt->rank);
  const struct mdh_component *c = &info->comps[0];
  MlirOperation hom = stmt->hom, view;
  MlirValue args[MDH_REGISTER_TILE_MAX_ACCESSES], v;
  intptr_t o, a;
  int n = 0, k;

  for (o = 0; o < mlirOperationGetNumOperands(hom); ++o) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, o));
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a)
      args[n++] = epilogue_read(g, b, pv, mdhViewGetBuffer(view),
                                mdhViewGetAccess(view, a), at, vec, q);
  }
  v = call_vectorized(
      g, b, mdh_lookup_symbol(hom, mdhMdHomGetScalarFunction(hom)), args);
  if (mlirValueIsNull(v))
    return -1;
  for (k = 0; k < c->n_stores; ++k) {
    if (!g->t->drop[i + 1])
      store_vector(g, b, v, c->store_buffers[k], c->store_maps[k], at,
                   g->masks[q]);
    point_values_add(pv, c->store_buffers[k], c->store_maps[k], v);
  }
  return 0;
}

/* Builds "the tile holds the last point of the reduction": its upper
 * bound is the last index of every pw dimension. */
static MlirValue holds_last_point(const struct tile_gen *g,
                                  struct mdh_builder *b) {
  MlirValue cond = {NULL}, eq;
  int d;

  for (d = 0; d < g->t->rank; ++d) {
    if (g->info->stmt->kinds[d] == MdhCombineCC)
      continue;
    eq = mdh_build_cmpi(b, "eq", g->hi[d],
                        mdh_build_index(b, g->t->extent[d] - 1));
    cond = mlirValueIsNull(cond) ? eq
                                 : mdh_build_binary(b, "arith.andi", cond, eq);
  }
  return cond;
}

/* Stores the accumulators "acc" of a tile with an epilogue: where the tile
 * holds the last point of the reduction, the epilogue's members run on
 * the results in registers, in program order, vector by vector (each
 * vector of the result space is one point of theirs per lane); the
 * results that only the epilogue reads are not stored. Returns -1 if a
 * member does not vectorize. */
static int store_with_epilogue(const struct tile_gen *g, struct mdh_builder *b,
                               const MlirValue *acc) {
  const struct mdh_stmt *stmt = g->info->stmt;
  const struct mdh_component *c = &g->info->comps[0];
  struct mdh_builder cur = *b, last;
  struct point_values pv;
  MlirValue at[MAX_RANK], rat[MAX_RANK];
  MlirBlock then_b, else_b;
  int r, q, i, k, d, n, vec;

  mdh_build_if_else(&cur, holds_last_point(g, &cur), &then_b, &else_b);
  last = mdh_builder_before_terminator(&cur, then_b);
  cur = mdh_builder_before_terminator(&cur, else_b);
  store_vectors(g, &cur, acc);
  if (!g->t->drop[0])
    store_vectors(g, &last, acc);
  for (d = n = 0; d < g->t->vec; ++d)
    n += stmt->kinds[d] == MdhCombineCC;
  vec = n;
  for (r = 0; r < g->rows; ++r)
    for (q = 0; q < g->vectors; ++q) {
      result_point(g, &last, r, q, at);
      for (d = n = 0; d < stmt->rank; ++d)
        if (stmt->kinds[d] == MdhCombineCC)
          rat[n++] = at[d];
      pv.n = 0;
      for (k = 0; k < c->n_stores; ++k)
        point_values_add(&pv, c->store_buffers[k],
                         mdh_register_tile_result_map(c->store_maps[k], stmt),
                         acc[r * g->vectors + q]);
      for (i = 0; i < g->t->n_epilogue; ++i)
        if (run_member(g, &last, i, rat, vec, q, &pv) < 0)
          return -1;
    }
  return 0;
}

/* Stores the accumulators "acc" to every location of the result; returns
 * -1 if an epilogue does not vectorize. */
static int store_accumulators(const struct tile_gen *g, struct mdh_builder *b,
                              const MlirValue *acc) {
  int r;

  if (g->t->reduces) {
    for (r = 0; r < g->rows; ++r)
      store_result(g, b, r, fold_row(g, b, acc + r * g->vectors));
    return 0;
  }
  if (g->t->n_epilogue > 0)
    return store_with_epilogue(g, b, acc);
  store_vectors(g, b, acc);
  return 0;
}

/* Tells whether the code at "b" runs in a parallel loop. */
static int in_parallel_loop(struct mdh_builder *b) {
  MlirOperation op;

  for (op = mlirBlockGetParentOperation(b->block); !mlirOperationIsNull(op);
       op = mlirOperationGetParentOperation(op))
    if (mdh_op_is(op, "scf.parallel"))
      return 1;
  return 0;
}

/* Builds, at "b", the partial results of chunk "c" of the "n_chunks"
 * chunks of "chunk" points of vec (the last holds the rest) into row "c"
 * of "partials". */
static int build_chunk(struct tile_gen *g, struct mdh_builder *b, MlirValue c,
                       int64_t chunk, int64_t n_chunks, MlirValue partials) {
  int n = g->rows * g->vectors, r, last, rc = 0;
  MlirValue *acc = malloc(n * sizeof(*acc)), at[2];
  MlirBlock blocks[2];
  struct mdh_builder in;

  if (!acc)
    abort();
  g->lane_lo = mdh_build_binary(
      b, "arith.addi", g->lo[g->t->vec],
      mdh_build_binary(b, "arith.muli", c, mdh_build_index(b, chunk)));
  mdh_build_if_else(
      b, mdh_build_cmpi(b, "eq", c, mdh_build_index(b, n_chunks - 1)),
      &blocks[1], &blocks[0]);
  for (last = 0; last < 2 && rc == 0; ++last) {
    in = mdh_builder_before_terminator(b, blocks[last]);
    g->lane_points =
        last ? g->t->extent[g->t->vec] - (n_chunks - 1) * chunk : chunk;
    init_accumulators(g, &in, acc);
    rc = build_nest(g, &in, 0, acc);
    for (r = 0; r < g->rows && rc == 0; ++r) {
      at[0] = c;
      at[1] = mdh_build_index(&in, r);
      mdh_build_store(&in, fold_row(g, &in, acc + r * g->vectors), partials, 2,
                      at);
    }
  }
  free(acc);
  return rc;
}

/* Builds at "b" a buffer for "size" partial results of each of "n_chunks"
 * chunks, of the tile's element type, and a parallel loop over the
 * chunks; sets "in" to build the loop's body and "c" to its iterator.
 * Returns the buffer. */
static MlirValue open_chunks(const struct tile_gen *g, struct mdh_builder *b,
                             int64_t n_chunks, int64_t size,
                             struct mdh_builder *in, MlirValue *c) {
  int64_t shape[2] = {n_chunks, size};
  MlirType elem = mlirShapedTypeGetElementType(g->acc_type);
  MlirValue partials = mdh_build_alloca(
      b, mlirMemRefTypeContiguousGet(elem, 2, shape, mlirAttributeGetNull()));
  MlirBlock body =
      mdh_build_parallel(b, mdh_build_index(b, 0), mdh_build_index(b, n_chunks),
                         mdh_build_index(b, 1));

  *in = mdh_builder_before_terminator(b, body);
  *c = mlirBlockGetArgument(body, 0);
  return partials;
}

/* Builds the tile of "g", which reduces along vec over "points" points
 * outside any parallel loop, at "b" in parallel chunks: each folds its
 * points into a partial result per row, and the partials combine in the
 * order of the chunks, the same for any number of threads. The chunks are
 * whole vectors of the tile, MAX_CHUNKS at most: two for each of up to 8
 * threads. */
static int build_chunks(struct tile_gen *g, struct mdh_builder *b) {
  int64_t lanes = (int64_t)g->vectors * g->t->width;
  int64_t extent = g->t->extent[g->t->vec];
  int64_t chunk =
      ((extent + MAX_CHUNKS - 1) / MAX_CHUNKS + lanes - 1) / lanes * lanes;
  int64_t n_chunks = (extent + chunk - 1) / chunk;
  const char *arith =
      mdh_operator_arith(g->op, mlirShapedTypeGetElementType(g->acc_type));
  MlirValue partials, at[2], v;
  struct mdh_builder in;
  int64_t c;
  int r, rc;

  partials = open_chunks(g, b, n_chunks, g->rows, &in, &v);
  rc = build_chunk(g, &in, v, chunk, n_chunks, partials);
  for (r = 0; r < g->rows && rc == 0; ++r) {
    for (c = 0; c < n_chunks; ++c) {
      at[0] = mdh_build_index(b, c);
      at[1] = mdh_build_index(b, r);
      at[0] = mdh_build_load(b, partials, 2, at);
      v = c == 0 ? at[0] : mdh_build_binary(b, arith, v, at[0]);
    }
    store_result(g, b, r, v);
  }
  return rc;
}

/* Returns the reduction dimension of "t" that build_split shares out over
 * parallel chunks, or -1 if none: where the tile spans the whole reduction
 * (no block of it), its lanes walk a parallel dimension, the outermost
 * reduction dimension has at least MAX_CHUNKS points, and the tile reads
 * at least MIN_CHUNKED_POINTS elements of each input that walks vec. Only
 * outside any parallel loop (build_tile): there the tile is the whole
 * result, or one of a few in sequence (a column sum of 16 columns, A^T x
 * of a tall A), and its reduction the only parallelism left. */
static int split_dim(const struct mdh_register_tile *t,
                     const MdhCombineKind *kinds) {
  int64_t points = (int64_t)t->rows * t->vectors * t->width;
  int d, outer = -1;

  if (t->reduces || t->block_dim >= 0 || packs(t))
    return -1;
  for (d = t->rank - 1; d >= 0; --d)
    if (kinds[d] == MdhCombinePW) {
      points *= t->extent[d];
      outer = d;
    }
  if (outer < 0 || outer == t->slide || t->extent[outer] < MAX_CHUNKS ||
      points < MIN_CHUNKED_POINTS)
    return -1;
  return outer;
}

/* Builds the tile of "g" at "b" with its reduction dimension "d" in
 * MAX_CHUNKS parallel chunks: each accumulates its points of d from the
 * identity into a row of partial results, and the partials combine in the
 * order of the chunks into what the tile would have started from, the
 * same for any number of threads (a tile that splits d holds its first
 * point). */
static int build_split(struct tile_gen *g, struct mdh_builder *b, int d) {
  int64_t extent = g->t->extent[d];
  int64_t chunk = (extent + MAX_CHUNKS - 1) / MAX_CHUNKS;
  int64_t n_chunks = (extent + chunk - 1) / chunk;
  int n = g->rows * g->vectors, i, rc;
  const char *arith =
      mdh_operator_arith(g->op, mlirShapedTypeGetElementType(g->acc_type));
  MlirValue *acc = malloc(n * sizeof(*acc)), lo = g->lo[d], hi = g->hi[d];
  MlirValue partials, c, at[3];
  struct mdh_builder in;
  MlirOperation loop;

  if (!acc)
    abort();
  partials = open_chunks(g, b, n_chunks, (int64_t)n * g->t->width, &in, &c);
  g->lo[d] = g->idx[d] = mdh_build_binary(
      &in, "arith.addi", lo,
      mdh_build_binary(&in, "arith.muli", c, mdh_build_index(&in, chunk)));
  g->hi[d] =
      mdh_build_binary(&in, "arith.minui", hi,
                       mdh_build_binary(&in, "arith.addi", g->lo[d],
                                        mdh_build_index(&in, chunk - 1)));
  for (i = 0; i < n; ++i)
    acc[i] = identity(g, &in);
  rc = build_nest(g, &in, 0, acc);
  at[0] = c;
  for (i = 0; i < n && rc == 0; ++i) {
    at[1] = mdh_build_index(&in, (int64_t)i * g->t->width);
    store_vector_at(&in, acc[i], partials, 2, at, (MlirValue){NULL});
  }
  g->lo[d] = lo;
  g->hi[d] = hi;
  memcpy(g->idx, g->lo, g->t->rank * sizeof(*g->idx));
  g->split = d;
  if (rc == 0) {
    init_accumulators(g, b, acc);
    loop = open_loop(b, mdh_build_index(b, 0), mdh_build_index(b, n_chunks), 1,
                     n, acc, &in, &at[0]);
    for (i = 0; i < n; ++i) {
      at[1] = mdh_build_index(&in, (int64_t)i * g->t->width);
      at[2] = load_vector(g, &in, partials,
                          mlirAffineMapMultiDimIdentityGet(b->ctx, 2), at,
                          (MlirValue){NULL});
      acc[i] = mdh_build_binary(&in, arith, acc[i], at[2]);
    }
    close_loop(&in, loop, n, acc);
    rc = store_accumulators(g, b, acc);
  }
  free(acc);
  return rc;
}

/* Builds the tile of "g" at "b". */
static int build_tile(struct tile_gen *g, struct mdh_builder *b) {
  int n = g->rows * g->vectors, rc, d;
  MlirValue *acc;

  g->lane_lo = g->lo[g->t->vec];
  g->lane_points = g->t->extent[g->t->vec];
  prefetch_next_tile(g, b);
  if (g->t->reduces && g->lane_points >= MIN_CHUNKED_POINTS &&
      !in_parallel_loop(b))
    return build_chunks(g, b);
  d = split_dim(g->t, g->info->stmt->kinds);
  if (d >= 0 && !in_parallel_loop(b))
    return build_split(g, b, d);
  acc = malloc(n * sizeof(*acc));
  if (!acc)
    abort();
  init_accumulators(g, b, acc);
  rc = build_nest(g, b, 0, acc);
  if (rc == 0)
    rc = store_accumulators(g, b, acc);
  free(acc);
  return rc;
}

/* Builds "hi - lo == size - 1" of dimension "d" of "g": the tile spans
 * "size" points of it. */
static MlirValue spans(struct tile_gen *g, struct mdh_builder *b, int d,
                       int64_t size) {
  return mdh_build_cmpi(b, "eq",
                        mdh_build_binary(b, "arith.subi", g->hi[d], g->lo[d]),
                        mdh_build_index(b, size - 1));
}

/* Returns the description of "t" of statement "name" as a string: the
 * statement, then "rows dR x R, " (without a row dimension, nothing), "dV
 * x N vector<WxT>", the reduction block and the row block, with
 * dimensions named d0, d1, ... */
static MlirAttribute describe(MlirContext ctx, const struct mdh_model *m,
                              const struct mdh_register_tile *t,
                              const char *name, MlirType elem, int split,
                              int packed) {
  struct mdh_str s;
  MlirAttribute attr;
  int k;

  mdh_str_init(&s);
  mdh_str_printf(&s, "%s: ", name);
  if (t->row >= 0)
    mdh_str_printf(&s, "rows d%d x %d, ", t->row, t->rows);
  mdh_str_printf(&s, "d%d x %d vector<%dx", t->vec, t->vectors, t->width);
  mdh_str_append_type(&s, elem);
  mdh_str_printf(&s, ">%s", t->reduces ? " (lanes split the reduction)" : "");
  if (t->slide >= 0)
    mdh_str_printf(&s, ", d%d slides", t->slide);
  if (t->block_dim >= 0)
    mdh_str_printf(&s, ", d%d blocks of %lld", t->block_dim,
                   (long long)t->block);
  if (t->row >= 0)
    mdh_str_printf(&s, ", d%d blocks of %lld", t->row, (long long)t->row_block);
  if (split >= 0)
    mdh_str_printf(&s, ", d%d in parallel chunks", split);
  for (k = 0; k < t->n_access; ++k)
    if (t->pack[k] && packed)
      mdh_str_printf(&s, ", input %d packed in panels", k);
  if (t->n_epilogue > 0)
    mdh_str_printf(&s, ", epilogue");
  for (k = 0; k < t->n_epilogue; ++k)
    mdh_str_printf(&s, " %s%s", m->stmts[t->epilogue[k]].name,
                   t->drop[k + 1] ? " (dead)" : "");
  if (t->n_epilogue > 0 && t->drop[0])
    mdh_str_printf(&s, ", %s dead after it", name);
  attr = mlirStringAttrGet(ctx, mlirStringRefCreate(s.data, s.len));
  mdh_str_clear(&s);
  return attr;
}

/* Generates, at "b", the variants of the tile of "g" in turn
 * (variant_shapes): each runs where the tile spans the variant's rows and
 * lanes, with a masked last vector for the lanes (on a 56-column
 * convolution, 48 + 8 lanes rather than 48 lanes and 8 columns of scalar
 * code); the last variant's "else" runs the mark's "child" (the untiled
 * code), unless "covered" (every tile is of a variant's shape), where the
 * last variant runs unguarded. Returns -1 after a diagnostic. */
static int generate_variants(struct tile_gen *g, struct mdh_builder *b,
                             struct mdh_ast_scope *scope,
                             __isl_keep isl_ast_node *child, int covered) {
  const struct mdh_register_tile *t = g->t;
  int64_t rows[4], lanes[4];
  struct mdh_builder cur = *b, in;
  MlirBlock then_b, else_b;
  MlirValue cond;
  int i, d, q, rc = 0, n = variant_shapes(t, rows, lanes);

  for (i = 0; i < n && rc == 0; ++i) {
    in = cur;
    if (!covered || i < n - 1) {
      cond = spans(g, &cur, t->vec, lanes[i]);
      if (t->row >= 0)
        cond = mdh_build_binary(&cur, "arith.andi", cond,
                                spans(g, &cur, t->row, rows[i]));
      mdh_build_if_else(&cur, cond, &then_b, &else_b);
      in = mdh_builder_before_terminator(&cur, then_b);
      cur = mdh_builder_before_terminator(&cur, else_b);
    }
    g->rows = (int)rows[i];
    g->vectors =
        t->reduces ? t->vectors : (int)((lanes[i] + t->width - 1) / t->width);
    for (q = 0; q < g->vectors; ++q)
      g->masks[q] = (MlirValue){NULL};
    if (!t->reduces && lanes[i] % t->width)
      g->masks[g->vectors - 1] = lane_mask(g, &in, (int)(lanes[i] % t->width));
    for (d = 0; d < t->rank; ++d)
      g->idx[d] = g->lo[d];
    rc = build_tile(g, &in);
  }
  if (rc < 0) {
    mlirEmitError(b->loc, "mdh-codegen-cpu: the scalar function of a "
                          "register tile did not vectorize");
    return -1;
  }
  return covered ? 0 : mdh_ast_scope_node(scope, &cur, child);
}

/* Returns the vector of the lane numbers 0, 1, ... of "g" (index). */
static MlirValue lane_numbers(const struct tile_gen *g, struct mdh_builder *b) {
  MlirType type = vector_of(g, mlirIndexTypeGet(b->ctx));
  MlirAttribute values[64];
  MlirNamedAttribute attr;
  int i;

  for (i = 0; i < g->t->width && i < 64; ++i)
    values[i] = mlirIntegerAttrGet(mlirIndexTypeGet(b->ctx), i);
  attr = mdh_named_attr(b->ctx, "value",
                        mlirDenseElementsAttrGet(type, g->t->width, values));
  return mlirOperationGetResult(
      mdh_build_op(b, "arith.constant", 0, NULL, 1, &type, 1, &attr), 0);
}

/* Returns the mask of the lanes of "g" whose numbers ("lanes",
 * lane_numbers) are at least "first" and at most "last". */
static MlirValue lanes_within(const struct tile_gen *g, struct mdh_builder *b,
                              MlirValue lanes, MlirValue first,
                              MlirValue last) {
  return mdh_build_binary(
      b, "arith.andi", mdh_build_cmpi(b, "sge", lanes, broadcast(g, b, first)),
      mdh_build_cmpi(b, "sle", lanes, broadcast(g, b, last)));
}

/* Builds at "b" the copy into "panel" of packed input access "a" of
 * "view", access "k" of "g", at point "at" of the reduction, panel row
 * "row" of a tile: the lanes of the tiles of vec from "first" + "from" to
 * "first" + "to" (exclusive), one after the other along the input's row.
 * With "lanes" (lane_numbers), the lanes outside the points of the
 * pack_panels mark (g->lo, g->hi) are 0; without, every lane is within
 * them. */
static void build_panel_tiles(struct tile_gen *g, struct mdh_builder *b,
                              MlirOperation view, intptr_t a, MlirValue panel,
                              MlirValue *at, MlirValue row, MlirValue first,
                              MlirValue from, MlirValue to, MlirValue lanes) {
  const struct mdh_register_tile *t = g->t;
  MlirAffineMap map = mdhViewGetAccess(view, a);
  MlirValue idx[MAX_RANK], v, j, start, mask = {NULL};
  MlirBlock body = mdh_build_for(b, from, to);
  struct mdh_builder in = mdh_builder_before_terminator(b, body);
  int q;

  j = mlirBlockGetArgument(body, 0);
  start = mdh_build_binary(&in, "arith.muli",
                           mdh_build_binary(&in, "arith.addi", first, j),
                           mdh_build_index(&in, panel_lanes(t)));
  row = mdh_build_binary(
      &in, "arith.muli",
      mdh_build_binary(&in, "arith.addi", row,
                       mdh_build_binary(&in, "arith.muli", j,
                                        mdh_build_index(&in, g->panel_points))),
      mdh_build_index(&in, panel_lanes(t)));
  for (q = 0; q < t->vectors; ++q) {
    at[t->vec] = mdh_build_binary(&in, "arith.addi", start,
                                  mdh_build_index(&in, (int64_t)q * t->width));
    if (!mlirValueIsNull(lanes)) {
      mask = lanes_within(
          g, &in, lanes,
          mdh_build_binary(&in, "arith.subi", g->lo[t->vec], at[t->vec]),
          mdh_build_binary(&in, "arith.subi", g->hi[t->vec], at[t->vec]));
      /* A vector past the index space loads no lane, from within it. */
      at[t->vec] =
          mdh_build_binary(&in, "arith.minsi", at[t->vec], g->hi[t->vec]);
    }
    v = load_vector(g, &in, mdhViewGetBuffer(view), map, at, mask);
    idx[0] = mdh_build_binary(&in, "arith.addi", row,
                              mdh_build_index(&in, (int64_t)q * t->width));
    store_vector_at(&in, v, panel, 1, idx, (MlirValue){NULL});
  }
}

/* Builds at "b" the copy into "panel" of packed input access "a" of
 * "view", access "k" of "g" whose bounds (lo, hi) are those of the points
 * of a pack_panels mark, the tiles of vec from "first" on that they span:
 * for each point of the reduction (nested loops in the order of the
 * dimensions, the outermost parallel outside a parallel loop: whole
 * panels are packed before it), the tiles that lie whole within the
 * points in plain vector loads (masked loads cost more, and all but the
 * last tile of vec are whole where the first starts at its first lane),
 * then the others in masked ones. */
static void build_panel(struct tile_gen *g, struct mdh_builder *b,
                        MlirOperation view, intptr_t a, MlirValue panel,
                        MlirValue first) {
  const struct mdh_register_tile *t = g->t;
  const MdhCombineKind *kinds = g->info->stmt->kinds;
  MlirValue lanes = mdh_build_index(b, panel_lanes(t));
  MlirValue lo = g->lo[t->vec], hi = g->hi[t->vec], n, whole, row, ub;
  MlirValue at[MAX_RANK];
  int parallel = !in_parallel_loop(b);
  struct mdh_builder in = *b;
  MlirBlock body;
  int e;

  n = mdh_build_binary(
      b, "arith.subi",
      mdh_build_binary(b, "arith.addi",
                       mdh_build_binary(b, "arith.divui", hi, lanes),
                       mdh_build_index(b, 1)),
      first);
  whole = mdh_build_select(
      b,
      mdh_build_cmpi(b, "eq", mdh_build_binary(b, "arith.remui", lo, lanes),
                     mdh_build_index(b, 0)),
      mdh_build_binary(
          b, "arith.divui",
          mdh_build_binary(b, "arith.addi",
                           mdh_build_binary(b, "arith.subi", hi, lo),
                           mdh_build_index(b, 1)),
          lanes),
      mdh_build_index(b, 0));
  memcpy(at, g->lo, t->rank * sizeof(*at));
  row = mdh_build_index(b, 0);
  for (e = 0; e < t->rank; ++e) {
    if (kinds[e] != MdhCombinePW)
      continue;
    ub = mdh_build_binary(&in, "arith.addi", g->hi[e], mdh_build_index(&in, 1));
    body = parallel
               ? mdh_build_parallel(&in, g->lo[e], ub, mdh_build_index(&in, 1))
               : mdh_build_for(&in, g->lo[e], ub);
    parallel = 0;
    in = mdh_builder_before_terminator(&in, body);
    at[e] = mlirBlockGetArgument(body, 0);
    row = mdh_build_binary(
        &in, "arith.addi", row,
        mdh_build_binary(&in, "arith.muli",
                         mdh_build_binary(&in, "arith.subi", at[e], g->lo[e]),
                         mdh_build_index(&in, g->pstride[e])));
  }
  build_panel_tiles(g, &in, view, a, panel, at, row, first,
                    mdh_build_index(&in, 0), whole, (MlirValue){NULL});
  build_panel_tiles(g, &in, view, a, panel, at, row, first, whole, n,
                    lane_numbers(g, &in));
}

/* Tells whether the mark of "ann" holds instances of its statement, after
 * an error at "b" if not: isl split the statement and its epilogue apart,
 * and no code would be right. */
static int holds_statement(struct mdh_builder *b, const struct tile_ast *ann) {
  if (ann->exists)
    return 1;
  mlirEmitError(b->loc, "mdh-codegen-cpu: a register tile's mark was "
                        "generated apart from its statement");
  return 0;
}

/* Tells whether "g" redirects to one element (a point buffer of a fused
 * group, lib/fuse.h) a buffer that its statement reads or writes, after
 * an error at "b" if so: its vectors would all go to that element.
 * mdh-tile-fuse keeps those buffers within point-wise nests, which have no
 * reduction and so no register tile. */
static int touches_point_buffer(const struct tile_gen *g,
                                struct mdh_builder *b) {
  const struct mdh_component *c = &g->info->comps[0];
  MlirOperation hom = g->info->stmt->hom, view;
  const struct mdh_redirect *r;
  intptr_t v;
  int k, hit;

  for (r = g->redirects; r < g->redirects + g->n_redirects; ++r) {
    if (r->offset)
      continue;
    hit = mlirValueEqual(r->buffer, c->buffer);
    for (k = 0; k < c->n_stores; ++k)
      hit |= mlirValueEqual(r->buffer, c->store_buffers[k]);
    for (v = 0; v < mlirOperationGetNumOperands(hom); ++v) {
      view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
      hit |= mlirValueEqual(r->buffer, mdhViewGetBuffer(view));
    }
    if (hit) {
      mlirEmitError(b->loc, "mdh-codegen-cpu: a register tile accesses a "
                            "fused group's one-element buffer");
      return 1;
    }
  }
  return 0;
}

int mdh_cpu_generate_pack_panels(struct mdh_builder *b,
                                 struct mdh_builder *alloc,
                                 __isl_keep isl_ast_node *node,
                                 struct mdh_ast_scope *scope,
                                 struct mdh_chain *cg,
                                 struct mdh_cpu_panels *panels,
                                 struct mdh_builder *in) {
  const struct tile_ast *ann = annotation(node, mdh_mark_pack_panels);
  const struct mdh_register_tile *t = &ann->tile;
  struct mdh_stmt *stmt = &cg->m->stmts[t->stmt];
  struct tile_gen g = {.t = t, .split = -1};
  MlirOperation hom = stmt->hom, view;
  MlirValue exists;
  int64_t n;
  intptr_t v, a;
  int d, k = 0;

  memset(panels, 0, sizeof(*panels));
  g.info = mdh_chain_find(cg, stmt->name, stmt->rank);
  g.panel_points = mdh_register_tile_panel_points(t, stmt->kinds, g.pstride);
  n = g.panel_points * mdh_register_tile_panel_tiles(t) * panel_lanes(t);
  for (v = 0; v < mlirOperationGetNumOperands(hom); ++v) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a, ++k)
      if (t->pack[k])
        panels->v[k] = mdh_build_alloc(
            alloc, mlirMemRefTypeContiguousGet(
                       mlirShapedTypeGetElementType(
                           mlirValueGetType(mdhViewGetBuffer(view))),
                       1, &n, mlirAttributeGetNull()));
  }
  if (!holds_statement(b, ann))
    return -1;
  exists = mdh_ast_scope_expr(scope, b, ann->exists);
  if (mlirValueIsNull(exists))
    return -1;
  if (mlirTypeIsAIndex(mlirValueGetType(exists)))
    exists = mdh_build_cmpi(b, "ne", exists, mdh_build_index(b, 0));
  *in = mdh_build_if(b, exists);
  for (d = 0; d < t->rank; ++d) {
    g.lo[d] = mdh_ast_scope_expr(scope, in, ann->lo[d]);
    g.hi[d] = mdh_ast_scope_expr(scope, in, ann->hi[d]);
    if (mlirValueIsNull(g.lo[d]) || mlirValueIsNull(g.hi[d]))
      return -1;
  }
  panels->first_tile = mdh_build_binary(in, "arith.divui", g.lo[t->vec],
                                        mdh_build_index(in, panel_lanes(t)));
  memcpy(panels->lo, g.lo, t->rank * sizeof(*g.lo));
  for (v = 0, k = 0; v < mlirOperationGetNumOperands(hom); ++v) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a, ++k)
      if (t->pack[k])
        build_panel(&g, in, view, a, panels->v[k], panels->first_tile);
  }
  return 0;
}

int mdh_cpu_generate_register_tile(struct mdh_builder *b,
                                   __isl_keep isl_ast_node *node,
                                   struct mdh_ast_scope *scope,
                                   struct mdh_chain *cg,
                                   const struct mdh_cpu_panels *panels,
                                   const struct mdh_redirect *redirects,
                                   int n_redirects, MlirAttribute *desc) {
  const struct tile_ast *ann = annotation(node, mdh_mark_register_tile);
  const struct mdh_register_tile *t = &ann->tile;
  struct mdh_stmt *stmt = &cg->m->stmts[t->stmt];
  struct tile_gen g = {.t = t,
                       .split = -1,
                       .panels = panels,
                       .redirects = redirects,
                       .n_redirects = n_redirects,
                       .cg = cg};
  isl_ast_node *child = isl_ast_node_mark_get_node(node);
  struct mdh_builder in;
  MlirValue exists;
  int64_t sizes[MAX_RANK];
  int d, rc;

  *desc = mlirAttributeGetNull();
  if (mdh_md_hom_tile_sizes(stmt->hom, "mdh-codegen-cpu", sizes) < 0)
    return isl_ast_node_free(child), -1;
  g.info = mdh_chain_find(cg, stmt->name, stmt->rank);
  g.panel_points = mdh_register_tile_panel_points(t, stmt->kinds, g.pstride);
  g.fn = mdh_lookup_symbol(stmt->hom, mdhMdHomGetScalarFunction(stmt->hom));
  g.acc_type = vector_of(&g, mlirFunctionTypeGetResult(g.info->fn_type, 0));
  g.op = mdh_register_tile_operator(
      stmt->hom, mlirFunctionTypeGetResult(g.info->fn_type, 0));
  if (!holds_statement(b, ann) || touches_point_buffer(&g, b))
    return isl_ast_node_free(child), -1;
  exists = mdh_ast_scope_expr(scope, b, ann->exists);
  if (mlirValueIsNull(exists))
    return isl_ast_node_free(child), -1;
  /* A universe is the integer 1. */
  if (mlirTypeIsAIndex(mlirValueGetType(exists)))
    exists = mdh_build_cmpi(b, "ne", exists, mdh_build_index(b, 0));
  in = mdh_build_if(b, exists);
  for (d = 0; d < t->rank; ++d) {
    g.lo[d] = g.idx[d] = mdh_ast_scope_expr(scope, &in, ann->lo[d]);
    g.hi[d] = mdh_ast_scope_expr(scope, &in, ann->hi[d]);
    if (mlirValueIsNull(g.lo[d]) || mlirValueIsNull(g.hi[d]))
      return isl_ast_node_free(child), -1;
  }
  if (panels)
    g.panel_base = panel_base(&g, &in);
  rc = generate_variants(&g, &in, scope, child, ann->covered);
  *desc = describe(b->ctx, cg->m, t, stmt->name,
                   mlirShapedTypeGetElementType(g.acc_type), g.split,
                   panels != NULL);
  isl_ast_node_free(child);
  return rc;
}
