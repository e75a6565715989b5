/* What mdh-tune needs of a module for its tuning records
 * (support/tuning.h): the entry function and the signature that keys its
 * entries, its type as MLIR prints it (as mdh-tuning, passes/tuning.c,
 * prints it to match them). */

#ifndef MDH_TOOLS_TUNED_H
#define MDH_TOOLS_TUNED_H

#include "mlir-c/IR.h"

/* Returns the function "name" of "module", or a null operation. */
MlirOperation mdh_tool_find_func(MlirModule module, const char *name);

/* Returns the printed type of "func" (a func.func), the signature of its
 * record entries, e.g. "(memref<37x23xf32>, memref<23xf32>) -> ()", owned
 * by the caller; NULL if "func" has no type. */
char *mdh_tool_func_signature(MlirOperation func);

#endif
