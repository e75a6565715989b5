/* What the fuzz targets share (see fuzz.h). */

#include "test/fuzz/fuzz.h"
#include "tools/common/context.h"

#include "mdh-c/Dialect.h"

#include "mlir-c/Diagnostics.h"

#include <stdio.h>

int mdh_fuzz_verbose;
int mdh_fuzz_errors;

static void print_chunk(MlirStringRef s, void *user) {
  fwrite(s.data, 1, s.length, user);
}

/* Counts "diag" if it is an error, prints it when replaying, and handles it
 * either way: thousands of fuzz inputs a second must not fill the log. */
static MlirLogicalResult handle_diagnostic(MlirDiagnostic diag, void *user) {
  (void)user;
  if (mlirDiagnosticGetSeverity(diag) == MlirDiagnosticError)
    ++mdh_fuzz_errors;
  if (mdh_fuzz_verbose) {
    mlirDiagnosticPrint(diag, print_chunk, stderr);
    fputc('\n', stderr);
  }
  return mlirLogicalResultSuccess();
}

MlirContext mdh_fuzz_context_create(void) {
  MlirContext ctx = mdh_tool_context_create();

  mdh_fuzz_errors = 0;
  mlirContextAttachDiagnosticHandler(ctx, handle_diagnostic, NULL, NULL);
  if (mlirLogicalResultIsFailure(mdhLoadDialect(ctx))) {
    fprintf(stderr, "mdh-fuzz: cannot load the mdh dialect\n");
    mlirContextDestroy(ctx);
    return (MlirContext){NULL};
  }
  return ctx;
}
