/* mdh-check-lowered: the last pass of the mdh pipelines. It fails at the
 * first op the pipeline left unlowered, so that a pipeline never exits 0
 * with output that mlir-translate rejects (issue 13, item 5): an upstream
 * conversion that gives up on a type (a strided memref in gpu.alloc, say)
 * leaves builtin.unrealized_conversion_cast behind without failing, and
 * gpu-module-to-binary reports some errors without failing the pass.
 *
 * What a lowered module may hold is what mlir-translate --mlir-to-llvmir
 * takes from our pipelines: the llvm and omp dialects, gpu.binary with the
 * gpu.launch_func ops that call its kernels, and the module itself. Directly
 * in a module only declarations: an executable op there (a top-level
 * vector.print becomes an llvm.call outside any function) has no place in
 * LLVM IR, and the translation fails on it after leaking what it built.
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

/* Tells whether "op", directly in a module, declares something: it is a
 * symbol (llvm.func, llvm.mlir.global, gpu.binary, ...), holds regions, or is
 * one of the module-level lists of the llvm dialect. */
static int is_declaration(MlirOperation op) {
  return !mlirAttributeIsNull(mlirOperationGetAttributeByName(
             op, mlirStringRefCreateFromCString("sym_name"))) ||
         mlirOperationGetNumRegions(op) > 0 ||
         mdh_op_is(op, "llvm.mlir.global_ctors") ||
         mdh_op_is(op, "llvm.mlir.global_dtors") ||
         mdh_op_is(op, "llvm.module_flags") ||
         mdh_op_is(op, "llvm.linker_options");
}

/* Tells whether "op" is directly in a builtin.module. */
static int is_at_module_level(MlirOperation op) {
  MlirOperation parent = mlirOperationGetParentOperation(op);

  return !mlirOperationIsNull(parent) && mdh_op_is(parent, "builtin.module");
}

/* Stops the walk at the first op that is not lowered, after an error. */
static MlirWalkResult check_op(MlirOperation op, void *user) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  int *failed = user;

  if (is_lowered(op) && is_at_module_level(op) && !is_declaration(op)) {
    mdh_emit_error(op,
                   "mdh-check-lowered: this '%.*s' op is at module level, "
                   "outside any function: LLVM IR has no place for it",
                   (int)name.length, name.data);
    *failed = 1;
    return MlirWalkResultInterrupt;
  }
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
