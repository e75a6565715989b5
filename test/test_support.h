/* What the C unit tests share (each test is one translation unit). */

#ifndef MDH_TEST_SUPPORT_H
#define MDH_TEST_SUPPORT_H

#include "mdh-c/Dialect.h"

#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"

/* Returns a context with every upstream dialect and mdh loaded, or a null
 * context if mdh does not load. */
static inline MlirContext mdh_test_context(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  MlirContext ctx;

  mlirRegisterAllDialects(registry);
  ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  if (mlirLogicalResultIsFailure(mdhLoadDialect(ctx))) {
    mlirContextDestroy(ctx);
    return (MlirContext){NULL};
  }
  return ctx;
}

/* Returns the first public op of "module": the function under test (the
 * scalar functions before it are private). */
static inline MlirOperation mdh_test_main_func(MlirModule module) {
  MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(module));

  while (!mlirOperationIsNull(op) &&
         !mlirAttributeIsNull(mlirOperationGetAttributeByName(
             op, mlirStringRefCreateFromCString("sym_visibility"))))
    op = mlirOperationGetNextInBlock(op);
  return op;
}

#endif
