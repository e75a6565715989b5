/* The error path from isl and the passes into MLIR diagnostics
 * (support/diag.h). */

#include "support/diag.h"

#include "mlir-c/Diagnostics.h"

#include <isl/options.h>

#include <stdarg.h>
#include <stdio.h>

void mdh_emit_error(MlirOperation op, const char *fmt, ...) {
  va_list ap;
  char buf[1024];

  va_start(ap, fmt);
  vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  mlirEmitError(mlirOperationGetLocation(op), buf);
}

isl_ctx *mdh_isl_ctx_alloc(void) {
  isl_ctx *ctx = isl_ctx_alloc();

  if (ctx)
    isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
  return ctx;
}

const char *mdh_isl_ctx_error(isl_ctx *ctx) {
  const char *msg = isl_ctx_last_error_msg(ctx);

  return msg ? msg : "unknown isl error";
}

void mdh_isl_report(isl_ctx *ctx, MlirOperation op, const char *pass,
                    const char *step) {
  if (isl_ctx_last_error(ctx) != isl_error_quota) {
    mdh_emit_error(op, "%s: isl failed while %s: %s", pass, step,
                   mdh_isl_ctx_error(ctx));
    return;
  }
  mdh_emit_error(op,
                 "%s: isl ran out of its budget of %lu operations while %s; "
                 "raise it (the environment variable MDH_ISL_BUDGET or the "
                 "integer attribute mdh.isl_budget on the function or "
                 "module, 0 for no limit), run without mdh-coalesce, or "
                 "split the chain into several functions",
                 pass, isl_ctx_get_max_operations(ctx), step);
}
