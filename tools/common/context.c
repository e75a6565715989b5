/* The MLIR context of the mdh tools (see context.h). */

#include "tools/common/context.h"

#include "mdh-c/Passes.h"

#include "mlir-c/RegisterEverything.h"

#include <pthread.h>

static pthread_once_t passes_once = PTHREAD_ONCE_INIT;

/* Fills MLIR's global pass registry, which has no lock: once, also when
 * threads create contexts at the same time. */
static void register_passes(void) {
  mlirRegisterAllPasses();
  mdhRegisterPasses();
}

MlirContext mdh_tool_context_create(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  MlirContext ctx;

  pthread_once(&passes_once, &register_passes);
  mlirRegisterAllDialects(registry);
  ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllLLVMTranslations(ctx);
  return ctx;
}
