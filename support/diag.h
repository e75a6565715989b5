/* The one error path: MLIR diagnostics at the offending op, and isl's own
 * message carried into them. */

#ifndef MDH_SUPPORT_DIAG_H
#define MDH_SUPPORT_DIAG_H

#include "mlir-c/IR.h"

#include <isl/ctx.h>

/* Reports "msg" (printf-style) as an error at the location of "op". */
void mdh_emit_error(MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Creates an isl context whose errors are reported to the caller (NULL or -1
 * results) rather than printed; mdh_isl_ctx_error() then tells what went
 * wrong. */
isl_ctx *mdh_isl_ctx_alloc(void);

/* Returns the message of the last isl error on "ctx", or "unknown isl error".
 */
const char *mdh_isl_ctx_error(isl_ctx *ctx);

/* Reports at "op" that isl failed in "pass" while "step" (a phrase such as
 * "computing the schedule"): when it ran out of the operations budget of
 * "ctx", what to do about it; else isl's own message. */
void mdh_isl_report(isl_ctx *ctx, MlirOperation op, const char *pass,
                    const char *step);

#endif
