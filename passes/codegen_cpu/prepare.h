/* Preparing a schedule tree for the CPU (prepare.c), and the buffers that
 * mdh-codegen-cpu may move. */

#ifndef MDH_PASSES_CODEGEN_CPU_PREPARE_H
#define MDH_PASSES_CODEGEN_CPU_PREPARE_H

#include "lib/model.h"
#include "passes/codegen_cpu/register_tile.h"

#include "mlir-c/IR.h"

#include <isl/schedule.h>

/* Returns "schedule", a schedule of "m" from mdh-schedule, with each group
 * given a parallel outer loop of many iterations where it can: fused
 * md_homs whose outer loop is sequential or short are distributed (in an
 * order that keeps few intermediate buffers allocated), statements with a
 * reduction run in register tiles for "target" where they can, short
 * parallel outer loops are linearized with the parallel loop inside them,
 * and element-wise statements run in the epilogue of a register tile where
 * they can and "segment" (the segment of each statement, lib/chain.h) puts
 * them in the tile's segment. Returns NULL on an isl error. */
__isl_give isl_schedule *
mdh_cpu_prepare_schedule(struct mdh_model *m,
                         const struct mdh_cpu_target *target,
                         const int *segment, __isl_take isl_schedule *schedule);

/* Returns the memref.alloc (without operands) that defines "value" itself
 * or through one reshape (mdh-coalesce collapses buffers), or a null op. */
MlirOperation mdh_cpu_alloc_of(MlirValue value);

#endif
