/* Register tiles on the CPU (lib/register_tile.h) in the tree and the
 * code (register_tile.c): prepare.c tiles the statement's band and marks the
 * tiles (mdh_cpu_register_tile), codegen_cpu.c annotates the marks of the
 * AST (mdh_cpu_annotate_register_tile) and generates each tile
 * (mdh_cpu_generate_register_tile). */

#ifndef MDH_PASSES_CODEGEN_CPU_REGISTER_TILE_H
#define MDH_PASSES_CODEGEN_CPU_REGISTER_TILE_H

#include "lib/ast_to_mlir.h"
#include "lib/chain.h"
#include "lib/model.h"
#include "lib/register_tile.h"
#include "lib/stmt.h"

#include "mlir-c/IR.h"

#include <isl/ast_build.h>
#include <isl/schedule_node.h>

/* Tiles "node", a band of one statement of "m", for register tiles where
 * the statement has a reduction and a parallel dimension that every access
 * of its result and inputs walks contiguously or not at all: an outer band
 * of cache tiles and register tiles (split before its row tiles by a
 * pack_panels mark where the tile packs inputs and "may_pack" lets it),
 * then a register_tile mark above the band itself. Returns the outer band
 * when it does, with "*tiled" set to 1 if the band starts with a batch
 * dimension, else -1; returns "node" unchanged otherwise, "*tiled" set to
 * 0. */
__isl_give isl_schedule_node *
mdh_cpu_register_tile(struct mdh_model *m, const struct mdh_cpu_target *target,
                      __isl_take isl_schedule_node *node, int may_pack,
                      int *tiled);

/* Builds at "node", a leaf whose instances are those of the statement of
 * "tile" and of its epilogue (lib/register_tile.h), the register tile of
 * the statement with the epilogue: the outer band of the tile over all of
 * them (each instance of the epilogue in the tile that holds the last
 * point of the reduction of its result point), then the register_tile
 * mark (owning a copy of "tile") above a sequence of the statement and the
 * members, in program order, each with its band of "bands" (taken; the
 * statement's first). The mark generates the epilogue in vector registers
 * after the tile's last block; the sequence is its untiled code. Sets
 * "*tiled" as mdh_cpu_register_tile does and returns the outer part. */
__isl_give isl_schedule_node *
mdh_cpu_register_tile_group(struct mdh_model *m,
                            __isl_take isl_schedule_node *node,
                            const struct mdh_register_tile *tile,
                            isl_multi_union_pw_aff **bands, int *tiled);

/* The after_each_mark callback of the AST build: gives a register_tile or
 * pack_panels mark the bounds of its tile, or of its tiles, in the
 * iterators around it. */
__isl_give isl_ast_node *
mdh_cpu_annotate_register_tile(__isl_take isl_ast_node *node,
                               __isl_keep isl_ast_build *build);

/* Tells whether "node" is an annotated register_tile mark. */
int mdh_cpu_is_register_tile(__isl_keep isl_ast_node *node);

/* Tells whether "node" is an annotated pack_panels mark. */
int mdh_cpu_is_pack_panels(__isl_keep isl_ast_node *node);

/* The panels that a pack_panels mark packed, for the register tiles below
 * it: "v"[k] for each packed input access k (lib/register_tile.h), the
 * number of the first tile of vec that they hold (its first point over
 * the tile's lanes) and the first point "lo" of the mark's points. */
struct mdh_cpu_panels {
  MlirValue v[MDH_REGISTER_TILE_MAX_ACCESSES];
  MlirValue first_tile;
  MlirValue lo[MDH_MODEL_MAX_RANK];
};

/* Generates the pack_panels mark "node" at "b" in "scope": the panels,
 * buffers allocated at "alloc" (which the caller frees), filled from the
 * inputs; sets "*in" to build the mark's child after them. Returns -1
 * after a diagnostic. */
int mdh_cpu_generate_pack_panels(struct mdh_builder *b,
                                 struct mdh_builder *alloc,
                                 __isl_keep isl_ast_node *node,
                                 struct mdh_ast_scope *scope,
                                 struct mdh_chain *cg,
                                 struct mdh_cpu_panels *panels,
                                 struct mdh_builder *in);

/* Generates the register_tile mark "node" at "b" in "scope": full tiles in
 * vector registers, partial ones through the mark's child; where a
 * pack_panels mark is around it, its packed inputs from "panels"; in a
 * tile of a fused group, the accesses of the "n_redirects" "redirects"
 * (lib/stmt.h) to the group's tile buffers. Sets "*desc" to what the tile
 * is, a readable string attribute. Returns -1 after a diagnostic. */
int mdh_cpu_generate_register_tile(struct mdh_builder *b,
                                   __isl_keep isl_ast_node *node,
                                   struct mdh_ast_scope *scope,
                                   struct mdh_chain *cg,
                                   const struct mdh_cpu_panels *panels,
                                   const struct mdh_redirect *redirects,
                                   int n_redirects, MlirAttribute *desc);

#endif
