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

#include "mlir-c/IR.h"

#include <isl/ast_build.h>
#include <isl/schedule_node.h>

/* Tiles "node", a band of one statement of "m", for register tiles where
 * the statement has a reduction and a parallel dimension that every access
 * of its result and inputs walks contiguously or not at all: an outer band
 * of cache tiles and register tiles, then a register_tile mark above the
 * band itself. Returns the outer band when it does, with "*tiled" set to 1
 * if the band starts with a batch dimension, else -1; returns "node"
 * unchanged otherwise, "*tiled" set to 0. */
__isl_give isl_schedule_node *
mdh_cpu_register_tile(struct mdh_model *m, const struct mdh_cpu_target *target,
                      __isl_take isl_schedule_node *node, int *tiled);

/* The after_each_mark callback of the AST build: gives a register_tile
 * mark the bounds of its tile in the iterators around it. */
__isl_give isl_ast_node *
mdh_cpu_annotate_register_tile(__isl_take isl_ast_node *node,
                               __isl_keep isl_ast_build *build);

/* Tells whether "node" is an annotated register_tile mark. */
int mdh_cpu_is_register_tile(__isl_keep isl_ast_node *node);

/* Generates the register_tile mark "node" at "b" in "scope": full tiles in
 * vector registers, partial ones through the mark's child. Sets "*desc" to
 * what the tile is, a readable string attribute. Returns -1 after a
 * diagnostic. */
int mdh_cpu_generate_register_tile(struct mdh_builder *b,
                                   __isl_keep isl_ast_node *node,
                                   struct mdh_ast_scope *scope,
                                   struct mdh_chain *cg, MlirAttribute *desc);

#endif
