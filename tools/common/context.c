/* The MLIR context of the mdh tools (see context.h). */

#include "tools/common/context.h"

#include "mdh-c/Passes.h"

#include "mlir-c/RegisterEverything.h"

MlirContext mdh_tool_context_create(void) {
  static int passes_registered;
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  MlirContext ctx;

  if (!passes_registered) {
    mlirRegisterAllPasses();
    mdhRegisterPasses();
    passes_registered = 1;
  }
  mlirRegisterAllDialects(registry);
  ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllLLVMTranslations(ctx);
  return ctx;
}
