/* Diagnostics of the mdh tools: printed like mlir-opt's (location, severity,
 * message, source line and caret), or collected and matched against the
 * `expected-error {{...}}` directives of the input (--verify-diagnostics). */

#ifndef MDH_TOOLS_DIAGNOSTICS_H
#define MDH_TOOLS_DIAGNOSTICS_H

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>

struct mdh_diag_engine;

/* Creates an engine for the source "text" of "filename" (both kept by
 * reference). With "verify", diagnostics are collected instead of printed. */
struct mdh_diag_engine *mdh_diag_engine_create(const char *filename,
                                               const char *text, int verify);
void mdh_diag_engine_destroy(struct mdh_diag_engine *engine);

/* Attaches the engine to "ctx"; diagnostics located in "alias" (a temporary
 * copy of the input) are reported as located in the input file. */
MlirDiagnosticHandlerID mdh_diag_engine_attach(struct mdh_diag_engine *engine,
                                               MlirContext ctx);
void mdh_diag_engine_set_alias(struct mdh_diag_engine *engine,
                               const char *alias);

/* Matches the collected diagnostics against the input's directives; prints
 * every mismatch to stderr. Returns 0 when all match, -1 otherwise. */
int mdh_diag_engine_verify(struct mdh_diag_engine *engine);

#endif
