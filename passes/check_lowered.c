/* mdh-check-lowered: the last pass of the mdh pipelines. It fails at the
 * first op the pipeline left unlowered, so that a pipeline never exits 0
 * with output that mlir-translate rejects (issue 13, item 5): an upstream
 * conversion that gives up on a type (a strided memref in gpu.alloc, say)
 * leaves builtin.unrealized_conversion_cast behind without failing, and
 * gpu-module-to-binary reports some errors without failing the pass.
 *
 * What a lowered module may hold is what mlir-translate --mlir-to-llvmir
 * takes from our pipelines: the llvm and omp dialects, gpu.binary with the
 * gpu.launch_func ops that call its kernels, and the module itself.
 */

#include "passes/pass.h"
#include "support/ir.h"

#include <string.h>

/* Tells whether "op" may stay in a lowered module. */
static int is_lowered(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));

  if ((name.length > 5 && !memcmp(name.data, "llvm.", 5)) ||
      (name.length > 4 && !memcmp(name.data, "omp.", 4)))
    return 1;
  return mdh_op_is(op, "builtin.module") || mdh_op_is(op, "gpu.binary") ||
         mdh_op_is(op, "gpu.launch_func");
}

/* Stops the walk at the first op that is not lowered, after an error. */
static MlirWalkResult check_op(MlirOperation op, void *user) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  int *failed = user;

  if (is_lowered(op))
    return MlirWalkResultAdvance;
  mdh_emit_error(op,
                 "mdh-check-lowered: the pipeline left this '%.*s' op "
                 "unlowered%s",
                 (int)name.length, name.data,
                 mdh_op_is(op, "builtin.unrealized_conversion_cast")
                     ? " (a conversion could not handle one of its types)"
                     : "");
  *failed = 1;
  return MlirWalkResultInterrupt;
}

MlirLogicalResult mdh_check_lowered_run(MlirOperation module) {
  int failed = 0;

  mlirOperationWalk(module, &check_op, &failed, MlirWalkPreOrder);
  return failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}
