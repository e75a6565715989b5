//===-- mdh-c/Passes.h - C API of the mdh passes -----------------*- C -*-===//
//
// Every mdh pass is anchored on builtin.module and visits each function itself
// (scalar functions are module symbols).
//
//===----------------------------------------------------------------------===//

#ifndef MDH_C_PASSES_H
#define MDH_C_PASSES_H

#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Creates the mdh-verify pass; the caller owns it until it is added to a pass
/// manager.
MlirPass mdhCreateVerifyPass(void);

/// Creates the mdh-to-loops pass (reference lowering to scf.for over memrefs).
MlirPass mdhCreateToLoopsPass(void);

/// Creates the mdh-schedule pass (polyhedral model and schedule tree in the
/// function attribute mdh.schedule).
MlirPass mdhCreateSchedulePass(void);

/// Creates the mdh-codegen-cpu pass (schedule tree -> isl AST -> scf loops).
MlirPass mdhCreateCodegenCpuPass(void);

/// Creates the mdh-coalesce pass (PANAMERA dimension flattening: merges
/// adjacent md_hom dimensions of one combine kind whose accesses are
/// contiguous, collapsing the buffers with memref.collapse_shape); the caller
/// owns it until it is added to a pass manager.
MlirPass mdhCreateCoalescePass(void);

/// Registers every mdh pass in MLIR's global pass registry, so that textual
/// pipelines (mlirParsePassPipeline, --pass-pipeline) can name them.
/// Registering twice is a no-op.
void mdhRegisterPasses(void);

/// Number of mdh passes, and the argument (e.g. "mdh-verify") and one-line
/// description of pass "pos" (static strings).
intptr_t mdhGetNumPasses(void);
MlirStringRef mdhGetPassArgument(intptr_t pos);
MlirStringRef mdhGetPassDescription(intptr_t pos);

/// Creates pass "pos" of the list above (caller owns it).
MlirPass mdhCreatePass(intptr_t pos);

#ifdef __cplusplus
}
#endif

#endif // MDH_C_PASSES_H
