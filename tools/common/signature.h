/* The signature of an entry function as text, which an object made by
 * `mdh-run --emit-object` carries for mdh-exec (that has no MLIR to read the
 * function type from). The object exports it as a NUL-terminated constant
 * string named MDH_SIGNATURE_PREFIX followed by the entry's name, e.g.
 * `mdh_signature_matvec`:
 *
 *   v1 memref<37x23xf32> memref<23xf32> memref<f32>
 *
 * "v1", then one MLIR memref type per argument in order, each after a single
 * space: its static sizes, each followed by "x", then its element type (f16,
 * bf16, f32, f64, i1, i8, i16, i32, i64 or index). Memory layout is the
 * identity (row-major), as mdh-run requires. */

#ifndef MDH_TOOLS_SIGNATURE_H
#define MDH_TOOLS_SIGNATURE_H

#include "tools/common/args.h"

#include <stddef.h>

#define MDH_SIGNATURE_PREFIX "mdh_signature_"

/* Returns the signature text of "args" (elements, ranks and shapes), owned
 * by the caller, or NULL if out of memory. */
char *mdh_signature_format(const struct mdh_args *args);

/* Parses "text" into "args" (elements, ranks and shapes; no data). Returns -1
 * with a message in "err" if "text" is not a signature. */
int mdh_signature_parse(const char *text, struct mdh_args *args, char *err,
                        size_t err_len);

#endif
