/* The MLIR context of the mdh tools. */

#ifndef MDH_TOOLS_CONTEXT_H
#define MDH_TOOLS_CONTEXT_H

#include "mlir-c/IR.h"

/* Registers every upstream pass and the mdh passes (once per process, also
 * when threads call this at the same time), and creates a context with every
 * upstream dialect registered and the LLVM translations.
 * The caller loads the mdh dialect (mdhLoadDialect) once its diagnostic
 * handler is attached. */
MlirContext mdh_tool_context_create(void);

#endif
