/* Embedding mdh-mlir (docs/c-api.md, "Installing and embedding"): builds the dot product
 * d[0] = sum_i x[i] * y[i] as a md_hom through the C API, verifies it,
 * lowers it with the CPU pipeline and runs it. Built against an installed
 * prefix by test/consumer/run.sh, once through the CMake package and once
 * through pkg-config. Prints "dot = 72". */
#include "mdh-c/Dialect.h"
#include "mdh-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The scalar function and the function that will hold the md_hom. */
static const char source[] =
    "func.func private @mul(%a: f32, %b: f32) -> f32 {\n"
    "  %p = arith.mulf %a, %b : f32\n"
    "  return %p : f32\n"
    "}\n"
    "func.func @dot(%x: memref<8xf32>, %y: memref<8xf32>, %d: memref<1xf32>)\n"
    "    attributes {llvm.emit_c_interface} {\n"
    "  return\n"
    "}\n";

/* memref<Nxf32> as the C interface of the lowered function passes it. */
struct memref1 {
  float *allocated, *aligned;
  int64_t offset, size, stride;
};

static void print(MlirStringRef s, void *user) {
  fwrite(s.data, 1, s.length, user);
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirRegisterAllLLVMTranslations(ctx);
  mlirRegisterAllPasses();
  mdhRegisterPasses();
  if (mlirLogicalResultIsFailure(mdhLoadDialect(ctx)))
    return 1;
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(source));
  MlirOperation dot = mlirOperationGetNextInBlock(
      mlirBlockGetFirstOperation(mlirModuleGetBody(module)));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(dot, 0));
  MlirOperation ret = mlirBlockGetFirstOperation(body);
  MlirLocation loc = mlirLocationUnknownGet(ctx);

  /* d[0] = sum_i mul(x[i], y[i]): i is a pw (reduction) dimension. */
  int64_t n = 8, one = 1, component = 0;
  MlirAffineMap id = mlirAffineMapMultiDimIdentityGet(ctx, 1);
  MlirAffineExpr zero = mlirAffineConstantExprGet(ctx, 0);
  MlirAffineMap to0 = mlirAffineMapGet(ctx, 1, 0, 1, &zero);
  MlirType mda = mdhMdaTypeGet(ctx, 1, &n),
           result = mdhMdaTypeGet(ctx, 1, &one);
  MlirOperation vx =
      mdhInpViewCreate(loc, mlirBlockGetArgument(body, 0), mda, 1, &id);
  MlirOperation vy =
      mdhInpViewCreate(loc, mlirBlockGetArgument(body, 1), mda, 1, &id);
  MlirValue views[2] = {mlirOperationGetResult(vx, 0),
                        mlirOperationGetResult(vy, 0)};
  MlirAttribute add = mdhPwAttrGet(
      ctx, mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("add")));
  MlirOperation hom = mdhMdHomCreate(
      loc, 2, views, result, mlirStringRefCreateFromCString("mul"), 1, &add);
  MlirOperation out =
      mdhOutViewCreate(loc, mlirOperationGetResult(hom, 0),
                       mlirBlockGetArgument(body, 2), 1, &to0, &component);
  MlirOperation ops[4] = {vx, vy, hom, out};
  for (int k = 0; k < 4; ++k)
    mlirBlockInsertOwnedOperationBefore(body, ret, ops[k]);
  if (mlirLogicalResultIsFailure(mdhVerify(mlirModuleGetOperation(module))))
    return 1;

  /* Lower with the CPU pipeline (no OpenMP) and run it in the JIT. */
  char *pipeline = mdhCpuPipelineText(false);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString(pipeline), print, stderr)) ||
      mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module))))
    return 1;
  MlirExecutionEngine jit = mlirExecutionEngineCreate(module, 2, 0, NULL, 0, 0);
  void (*fn)(struct memref1 *, struct memref1 *, struct memref1 *);
  *(void **)&fn = mlirExecutionEngineLookup(
      jit, mlirStringRefCreateFromCString("_mlir_ciface_dot"));
  if (!fn)
    return 1;
  float x[8], y[8], d[1] = {0};
  for (int i = 0; i < 8; ++i) {
    x[i] = (float)(i + 1);
    y[i] = 2.0f;
  }
  struct memref1 mx = {x, x, 0, 8, 1}, my = {y, y, 0, 8, 1},
                 md = {d, d, 0, 1, 1};
  fn(&mx, &my, &md);
  printf("dot = %g\n", d[0]);

  mlirExecutionEngineDestroy(jit);
  mlirPassManagerDestroy(pm);
  free(pipeline);
  mlirModuleDestroy(module);
  mlirDialectRegistryDestroy(registry);
  mlirContextDestroy(ctx);
  return d[0] == 72.0f ? 0 : 1;
}
