/* What the fuzz targets of test/fuzz share: the libFuzzer entry points, a
 * fresh MLIR context per input whose diagnostics are counted (and printed
 * only when replaying), and the verbosity the replay driver sets. */

#ifndef MDH_FUZZ_H
#define MDH_FUZZ_H

#include "mlir-c/IR.h"

#include <stddef.h>
#include <stdint.h>

/* libFuzzer's interface (also called by replay.c without libFuzzer). */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Set by the replay driver: diagnostics and tool messages are printed. A
 * fuzzing run leaves it 0: diagnostics are counted, not printed. */
extern int mdh_fuzz_verbose;

/* Error diagnostics seen since the last mdh_fuzz_context_create: the replay
 * driver checks that a regression input fails with one. */
extern int mdh_fuzz_errors;

/* Creates a context as the mdh tools do (every upstream dialect and pass,
 * the mdh passes) with the mdh dialect loaded and a handler that counts
 * error diagnostics in mdh_fuzz_errors. The caller destroys it. */
MlirContext mdh_fuzz_context_create(void);

#endif
