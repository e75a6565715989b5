/* mdh-tuning (passes/tuning.c): a tuning record applied to a module. */

#ifndef MDH_PASSES_TUNING_H
#define MDH_PASSES_TUNING_H

#include "mlir-c/IR.h"

/* Called with each choice applied, as text ("@f kernel 0 takes mapping
 * 3"). */
typedef void (*mdh_tuning_note_fn)(const char *text, void *user);

/* Applies the entries of the tuning record "file" for "pipeline" ("gpu",
 * "gpu-emulated" or "cpu") on "device" (NULL or "": the record's only
 * one) to the functions of "module" (passes/tuning.c says which win),
 * telling "note" (if any) each. Returns the number applied, or -1 after an
 * error at "module". */
int mdh_tuning_apply(MlirOperation module, const char *file, const char *device,
                     const char *pipeline, int keep_fusion,
                     mdh_tuning_note_fn note, void *user);

#endif
