/* mdh-fuzz-opt: parses the input as MLIR in a fresh context, then runs one
 * pipeline the input chooses and translates what reached the LLVM dialect to
 * LLVM IR, as mdh-opt and mdh-run would (checking the text first for what
 * crashes MLIR's parser, tools/common/guard.h).
 *
 * Input: one selector byte, then the module's text. The selector is a digit
 * (other bytes count from '0' modulo 256, then modulo 10) and picks
 * (pipeline, variant):
 *
 *   0      mdh-verify
 *   5      mdh-from-linalg + mdh-cpu-pipeline (linalg raised into mdh)
 *   1 / 6  mdh-to-loops + the upstream lowering (mdh-run's reference)
 *   2 / 7  mdh-cpu-pipeline, sequential / openmp=true
 *   3 / 8  mdh-gpu-emulated-pipeline, atomic / deterministic reductions
 *   4 / 9  mdh-gpu-pipeline{format=llvm}, atomic / deterministic: the whole
 *          NVVM lowering with the device runtime linked, stopping at LLVM
 *          bitcode (no ptxas, no GPU)
 *
 * so seed files read "2<module text>". Every pipeline runs under an isl
 * budget of 1e7 operations (a tenth of the default, 14 times the largest
 * measured need), which keeps each input far below the fuzzer's timeout. */

#include "test/fuzz/fuzz.h"
#include "tools/common/guard.h"

#include "mdh-c/Passes.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Target/LLVMIR.h"

#include "llvm-c/Core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest module text; longer inputs are ignored (the fuzzer runs with
 * -max_len at most this). */
#define MAX_TEXT 8192

#define ISL_BUDGET "isl-budget=10000000"

/* The pipelines of the selector byte; all but mdh-verify end in the LLVM
 * dialect. */
static const char *const pipelines[10] = {
    "builtin.module(mdh-verify)",
    "builtin.module(mdh-to-loops,arith-expand,"
    "convert-scf-to-cf,expand-strided-metadata,finalize-memref-to-llvm,"
    "convert-to-llvm,reconcile-unrealized-casts,mdh-check-lowered)",
    "builtin.module(mdh-cpu-pipeline{" ISL_BUDGET "})",
    "builtin.module(mdh-gpu-emulated-pipeline{" ISL_BUDGET "})",
    "builtin.module(mdh-gpu-pipeline{format=llvm " ISL_BUDGET "})",
    "builtin.module(mdh-from-linalg,mdh-cpu-pipeline{" ISL_BUDGET "})",
    "builtin.module(mdh-to-loops,arith-expand,"
    "convert-scf-to-cf,expand-strided-metadata,finalize-memref-to-llvm,"
    "convert-to-llvm,reconcile-unrealized-casts,mdh-check-lowered)",
    "builtin.module(mdh-cpu-pipeline{openmp=true " ISL_BUDGET "})",
    "builtin.module(mdh-gpu-emulated-pipeline{reduction-mode="
    "deterministic " ISL_BUDGET "})",
    "builtin.module(mdh-gpu-pipeline{format=llvm "
    "reduction-mode=deterministic " ISL_BUDGET "})",
};

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  setenv("MDH_ISL_BUDGET", "10000000", 0);
  return 0;
}

static void ignore_chunk(MlirStringRef s, void *user) {
  (void)s;
  (void)user;
}

/* Translates "module" (in the LLVM dialect) to LLVM IR and drops it. */
static void translate(MlirOperation module) {
  LLVMContextRef llvm_ctx = LLVMContextCreate();
  LLVMModuleRef ir = mlirTranslateModuleToLLVMIR(module, llvm_ctx);

  if (ir)
    LLVMDisposeModule(ir);
  LLVMContextDispose(llvm_ctx);
}

/* Runs pipeline "sel" on "module"; returns whether it succeeded. */
static int run_pipeline(MlirContext ctx, MlirModule module, int sel) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  const char *text = pipelines[sel];
  int ok;

  ok = mlirLogicalResultIsSuccess(mlirParsePassPipeline(
      opm, mlirStringRefCreateFromCString(text), ignore_chunk, NULL));
  if (!ok) {
    fprintf(stderr, "mdh-fuzz-opt: bad pipeline '%s'\n", text);
    abort();
  }
  ok = mlirLogicalResultIsSuccess(
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  mlirPassManagerDestroy(pm);
  return ok;
}

/* MLIR's lexer reads the text up to a NUL byte that must follow it, as in
 * the tools' file buffers: the fuzzer's input has none. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MlirContext ctx;
  MlirModule module;
  char *text;
  int sel;

  if (size < 1 || size - 1 > MAX_TEXT)
    return 0;
  sel = (uint8_t)(data[0] - '0') % 10;
  text = malloc(size);
  if (!text)
    abort();
  memcpy(text, data + 1, size - 1);
  text[size - 1] = '\0';
  ctx = mdh_fuzz_context_create();
  if (mlirContextIsNull(ctx))
    abort();
  module = (MlirModule){NULL};
  if (mlirLogicalResultIsSuccess(
          mdh_source_check(ctx, "input", text, size - 1, 1)))
    module = mlirModuleCreateParse(ctx, mlirStringRefCreate(text, size - 1));
  if (!mlirModuleIsNull(module)) {
    if (run_pipeline(ctx, module, sel) && sel != 0)
      translate(mlirModuleGetOperation(module));
    mlirModuleDestroy(module);
  }
  mlirContextDestroy(ctx);
  free(text);
  return 0;
}
