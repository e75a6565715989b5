/* Register tiles on the CPU: a statement with a reduction runs, block by
 * block of its result, in vector registers that accumulate the block over a
 * range of the reduction, as an expert's GEMM micro-kernel does. This layer
 * decides which statements get one and of which shape (for mdh-codegen-cpu,
 * which builds them, and mdh-tile-fuse, which leaves them unfused);
 * passes/codegen_cpu/register_tile.c builds the tree and the code. */

#ifndef MDH_LIB_REGISTER_TILE_H
#define MDH_LIB_REGISTER_TILE_H

#include "dialect/operators.h"
#include "lib/model.h"

#include "mlir-c/IR.h"

#include <stdint.h>

/* The most vectors in a row of a register tile: BLIS's single precision
 * micro-kernels have 2 to 4; beyond that the edge tiles grow without saving
 * loads. */
#define MDH_REGISTER_TILE_MAX_VECTORS 4

/* The most input accesses of a statement a register tile handles. */
#define MDH_REGISTER_TILE_MAX_ACCESSES 16

/* The most points of a slide dimension (struct mdh_register_tile): a step
 * runs them unrolled and keeps an input that depends on slide but not on
 * the rows (a convolution's weights) live once per point, beside the
 * accumulators; 7 takes the window of a 7 x 7 convolution. */
#define MDH_REGISTER_TILE_MAX_SLIDE 7

/* The most values (arguments and results) of a scalar function that a
 * register tile vectorizes, and the most operands, results and attributes
 * of one of its ops. */
#define MDH_REGISTER_TILE_MAX_VALUES 256
#define MDH_REGISTER_TILE_MAX_OP_VALUES 8

/* Tells whether scalar function "fn" stays within those limits. */
int mdh_register_tile_body_fits(MlirOperation fn);

/* The most element-wise statements in the epilogue of a register tile,
 * and the most results (out_view accesses) that they and the tile's
 * statement write. */
#define MDH_REGISTER_TILE_MAX_EPILOGUE 8
#define MDH_REGISTER_TILE_MAX_WRITES 32

/* What the register tiles are sized for: the width of a vector register in
 * bits, the number of vector registers, and the data cache sizes in bytes
 * (level 1 and 2, per core). */
struct mdh_cpu_target {
  int vector_bits;
  int n_registers;
  int64_t l1_bytes;
  int64_t l2_bytes;
};

/* Sets "target" for "func": the vector width of `mdh.vector_bits` on it or
 * an ancestor, else the host's; the cache sizes of `mdh.cache_bytes` on it
 * or an ancestor, else those the OS reports. Returns -1 after an error at
 * the attribute's owner when one is malformed. */
int mdh_cpu_target_init(struct mdh_cpu_target *target, MlirOperation func);

/* A statement's register tile: the statement (index into the model), the
 * dimension "vec" whose "vectors" x "width" points a tile holds in vector
 * registers, the dimension "row" whose "rows" points each have such a
 * row of registers (-1 and 1 row: none), the reduction dimension
 * "block_dim" that the outer band blocks by "block" points for the level 1
 * cache (-1: none), the rows "row_block" of a block for the level 2 cache,
 * the extents of the statement's dimensions, and the statement's
 * accesses: for each input access whether it is a vector (walks "vec"
 * contiguously), whether its vectors cross cache lines ("unaligned": it
 * reaches along vec by a reduction dimension too) and whether it depends
 * on "row". Where "reduces", vec is a
 * reduction dimension whose points the lanes share out (each lane a partial
 * result, folded at the end), not a parallel one. "mask" tells whether the
 * scalar function may run on lanes outside the index space (masked loads
 * give them 0: not when it divides integers). "pack" tells for each input
 * access whether it is copied, for each block of the reduction and tile of
 * vec, into a contiguous panel that the row tiles of a row block read
 * (mdh_register_tile_panel_points): the packed B panels of BLIS. Where
 * "whole_panels", one buffer holds the panels of every tile of vec over
 * the whole reduction, packed once before the row blocks (BLIS packs a B
 * block once for all the blocks of A), reading the input's rows whole.
 * "name" is the statement's name. The "n_epilogue" statements "epilogue"
 * (indices into the model, in program order) are element-wise statements
 * that run on each tile's results after its last block of the reduction,
 * in vector registers (mdh_register_tile_add_epilogue); "drop"[0] tells
 * that the statement's own stores are dead there, "drop"[i] those of
 * epilogue[i - 1]. "slide" is a reduction dimension (-1: none) that some
 * input accesses depend on only through its sum with "row" (the window
 * rows of a convolution along the image's rows, in[i + r, j + s]): a step
 * of the tile runs all its points, unrolled, and each element such an
 * access reads there is loaded once, for every row and point that reads
 * it; "on_slide" tells for each input access whether it depends on slide.
 * The points of slide then combine, for each point of the other reduction
 * dimensions, in an order other than the program's (each result's sum of
 * products is reassociated, as the GPU's reductions are). */
struct mdh_register_tile {
  int stmt;
  int rank;
  int vec, row;
  int reduces;
  int mask;
  int rows, vectors, width;
  int block_dim;
  int64_t block, row_block;
  int64_t extent[MDH_MODEL_MAX_RANK];
  int n_access;
  char vector[MDH_REGISTER_TILE_MAX_ACCESSES];
  char unaligned[MDH_REGISTER_TILE_MAX_ACCESSES];
  char on_row[MDH_REGISTER_TILE_MAX_ACCESSES];
  char pack[MDH_REGISTER_TILE_MAX_ACCESSES];
  int whole_panels;
  char name[24];
  int n_epilogue;
  int epilogue[MDH_REGISTER_TILE_MAX_EPILOGUE];
  char drop[MDH_REGISTER_TILE_MAX_EPILOGUE + 1];
  int slide;
  char on_slide[MDH_REGISTER_TILE_MAX_ACCESSES];
};

/* Returns the points of the reduction in a panel of "t" (those of its
 * block dimension, the whole extent with whole panels, times the extents
 * of the other reduction dimensions of "kinds"), the rows of a packed
 * panel, or -1 if they overflow, and sets "strides"[d] of each reduction
 * dimension d to the panel rows between its neighbouring points. */
int64_t mdh_register_tile_panel_points(const struct mdh_register_tile *t,
                                       const MdhCombineKind *kinds,
                                       int64_t *strides);

/* Returns the tiles of vec of "t" whose panels a packed buffer holds: all
 * of them where "t" has whole panels, else one. */
int64_t mdh_register_tile_panel_tiles(const struct mdh_register_tile *t);

/* Makes "t" read its inputs where they are, without panels: inside a
 * fused group's tile, whose buffers are in cache already. */
void mdh_register_tile_no_panels(struct mdh_register_tile *t);

/* Returns the number of input accesses of "t" that each point of the
 * reduction reads as vectors shared by the rows of a tile (B of A B). */
int mdh_register_tile_shared_vectors(const struct mdh_register_tile *t);

/* Chooses the register tile of statement "s" of "m" for "target" in "t":
 * the statement has a reduction (pw dimensions, no scan), one result, a
 * builtin operator, constant extents, a scalar function of arith and math
 * ops, and a parallel dimension of at least one vector's lanes that every
 * store of its result walks contiguously and every input access walks
 * contiguously or not at all. Returns -1 where there is none. */
int mdh_register_tile_choose(struct mdh_model *m, int s,
                             const struct mdh_cpu_target *target,
                             struct mdh_register_tile *t);

/* Returns the input of md_hom "hom" (an operand index) that alone keeps
 * it from a register tile for "target" and would not if it were packed:
 * copied, before "hom", into a buffer whose last index is "*vec", a
 * parallel dimension that every store walks contiguously (B of A B^T).
 * Its access must be a projected permutation of constant extents whose
 * every element "hom" reads at least 16 times. Returns -1 if
 * "hom" gets a register tile as it is, or none with one input packed. */
int mdh_register_tile_pack_operand(MlirOperation hom,
                                   const struct mdh_cpu_target *target,
                                   int *vec);

/* Adds to the epilogue of "t", a register tile of "m" that its
 * statement's band alone would get, the element-wise statements among the
 * "n" statements "cands" (indices into "m", in program order) that can run
 * on each tile's results once the tile holds the last point of their
 * reduction, in the tile's vector registers: the element-wise steps around
 * a contraction as a prologue or epilogue of its tile, the contraction
 * keeping its loop order (the elem+matmul groups of "Basteln:
 * Post-tiling fusion", sections 3.4 and 5). A statement joins when its
 * index space is the result space of the tile's statement (each point the
 * result point of the same indices) and every access of it walks the
 * tile's vector dimension contiguously or not at all:
 * - after the statement, when it reads a result of the statement or of an
 *   earlier member at the point that wrote it (a consumer: C = U + T);
 * - before it, when nothing but later members reads its results, each at
 *   the point that wrote it, and they are intermediates (a producer that
 *   is inlined: U = beta C).
 * A member may read what a later member writes only at the point that
 * writes it (it reads the old value first). Sets the "drop" flags; where
 * the statement's own results die, the tile may then run its whole
 * reduction at once (no partial results to store) for "target".
 * Returns the number of members; the caller checks the schedule that runs
 * them there against the dependences. */
int mdh_register_tile_add_epilogue(struct mdh_model *m,
                                   const struct mdh_cpu_target *target,
                                   struct mdh_register_tile *t,
                                   const int *cands, int n);

/* Returns access "map" of the result of "stmt" as a map over its result
 * space: its cc dimensions in order, its pw indices 0 (a result point,
 * MDH Def. 9), the index space of an epilogue. */
MlirAffineMap mdh_register_tile_result_map(MlirAffineMap map,
                                           const struct mdh_stmt *stmt);

/* Returns the builtin operator of "hom" that a register tile can combine
 * with on "type", else NULL. */
const struct mdh_operator *mdh_register_tile_operator(MlirOperation hom,
                                                      MlirType type);

#endif
