/* What the tools share about tuning records (support/tuning.h): the
 * signature that keys a function's entries, and applying a record to a
 * module (mdh-run --tuning). */

#ifndef MDH_TOOLS_TUNED_H
#define MDH_TOOLS_TUNED_H

#include "mlir-c/IR.h"

#include <stddef.h>

/* Returns the function "name" of "module", or a null operation. */
MlirOperation mdh_tool_find_func(MlirModule module, const char *name);

/* Returns the printed type of "func" (a func.func), the signature of its
 * record entries, e.g. "(memref<37x23xf32>, memref<23xf32>) -> ()", owned
 * by the caller; NULL if "func" has no type. */
char *mdh_tool_func_signature(MlirOperation func);

/* Applies the entries of the tuning record "path" for function "entry" of
 * "module" (its name, signature and "pipeline") on device "device" (NULL:
 * the one device the record holds entries for) to "module": the kernels'
 * mappings as its mdh.mapping_index unless "has_mapping" (the driver's
 * own option) or the module carries one, the fusion mode as its
 * mdh.fusion unless "has_fusion" or it carries one. Prints what it
 * applies to stderr. Returns the number of entries applied, or -1 with a
 * message in "err". */
int mdh_tool_apply_tuning(MlirModule module, const char *path,
                          const char *entry, const char *pipeline,
                          const char *device, int has_mapping, int has_fusion,
                          char *err, size_t err_len);

#endif
