/* mdh-emulate-gpu: runs the kernels of mdh-codegen-gpu on the CPU, so that
 * everything but the thin GPU layer is checked numerically without a GPU
 * (DESIGN.md section 4): each gpu.launch becomes loops over its blocks and,
 * inside, over its threads, one thread after another; the launch's ids
 * become the loop indices. Device buffers become host buffers (gpu.alloc,
 * gpu.memcpy and gpu.dealloc become memref.alloc, memref.copy and
 * memref.dealloc).
 *
 * Threads running one after another cannot meet at a barrier, so kernels
 * with gpu.barrier or warp reductions are refused. Block reductions are
 * emulated: threads run from the last to thread 0, each announcing itself
 * with mdh_emu_thread(linear id, threads per block) first, and the host
 * runtime's mdh_block_reduce_* (runtime/device/emulate.c, in libmdh_emulate.so)
 * folds the k-th call of every thread of a block into one value; thread 0,
 * last, gets the whole block's result, which is all that the code generator's
 * block reductions use (only thread 0 stores).
 */

#include "dialect/support.h"
#include "passes/builder.h"
#include "passes/pass.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

#define PASS "mdh-emulate-gpu"

/* What a launch body holds that emulation cares about. */
struct body_scan {
  int barrier;
  int block_reduce;
  MlirOperation culprit;
};

static MlirWalkResult scan_op(MlirOperation op, void *user) {
  struct body_scan *scan = user;
  MlirAttribute callee;
  MlirStringRef name;

  if (mdh_op_is(op, "gpu.barrier") || mdh_op_is(op, "gpu.shuffle")) {
    scan->barrier = 1;
    scan->culprit = op;
    return MlirWalkResultInterrupt;
  }
  if (!mdh_op_is(op, "func.call"))
    return MlirWalkResultAdvance;
  callee = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("callee"));
  name = mlirFlatSymbolRefAttrGetValue(callee);
  if (name.length > 16 && !strncmp(name.data, "mdh_warp_reduce_", 16)) {
    scan->barrier = 1;
    scan->culprit = op;
    return MlirWalkResultInterrupt;
  }
  if (name.length > 17 && !strncmp(name.data, "mdh_block_reduce_", 17))
    scan->block_reduce = 1;
  return MlirWalkResultAdvance;
}

/* Replaces the launch "launch" by loops over its blocks and threads. */
static int emulate_launch(MlirOperation launch, MlirOperation module) {
  MlirRegion region = mlirOperationGetRegion(launch, 0);
  MlirBlock body = mlirRegionGetFirstBlock(region), inner;
  struct mdh_builder b = mdh_builder_before(launch), lb;
  struct body_scan scan = {0, 0, {NULL}};
  MlirValue grid[3], block[3], ids[6], zero, n, last, lin, rest, args[2];
  MlirOperation op, next, term;
  MlirNamedAttribute callee;
  MlirType index_pair[2];
  int h;

  if (mlirOperationGetNumOperands(launch) != 6 ||
      !mlirBlockIsNull(mlirBlockGetNextInRegion(body))) {
    mdh_emit_error(launch, PASS " handles synchronous launches of one block "
                                "without clusters or dynamic shared memory");
    return -1;
  }
  mlirOperationWalk(launch, &scan_op, &scan, MlirWalkPreOrder);
  if (scan.barrier) {
    mdh_emit_error(scan.culprit, PASS " runs threads one after another and "
                                      "cannot run barriers or warp shuffles");
    return -1;
  }
  for (h = 0; h < 3; ++h) {
    grid[h] = mlirOperationGetOperand(launch, h);
    block[h] = mlirOperationGetOperand(launch, 3 + h);
  }
  zero = mdh_build_index(&b, 0);
  lb = b;
  for (h = 2; h >= 0; --h) {
    inner = mdh_build_for(&lb, zero, grid[h]);
    lb = mdh_builder_before_terminator(&lb, inner);
    ids[h] = mlirBlockGetArgument(inner, 0);
  }
  /* Threads from the last to thread 0 (see the top of this file). */
  n = mdh_build_binary(&lb, "arith.muli",
                       mdh_build_binary(&lb, "arith.muli", block[0], block[1]),
                       block[2]);
  inner = mdh_build_for(&lb, zero, n);
  lb = mdh_builder_before_terminator(&lb, inner);
  last = mdh_build_binary(&lb, "arith.subi", n, mdh_build_index(&lb, 1));
  lin =
      mdh_build_binary(&lb, "arith.subi", last, mlirBlockGetArgument(inner, 0));
  rest = lin;
  for (h = 0; h < 3; ++h) {
    ids[3 + h] =
        h == 2 ? rest : mdh_build_binary(&lb, "arith.remsi", rest, block[h]);
    if (h < 2)
      rest = mdh_build_binary(&lb, "arith.divsi", rest, block[h]);
  }
  if (scan.block_reduce) {
    index_pair[0] = index_pair[1] = mlirIndexTypeGet(b.ctx);
    mdh_declare_function(module, "mdh_emu_thread",
                         mlirFunctionTypeGet(b.ctx, 2, index_pair, 0, NULL));
    args[0] = lin;
    args[1] = n;
    callee = mdh_named_attr(
        b.ctx, "callee",
        mlirFlatSymbolRefAttrGet(
            b.ctx, mlirStringRefCreateFromCString("mdh_emu_thread")));
    mdh_build_op(&lb, "func.call", 2, args, 0, NULL, 1, &callee);
  }
  for (h = 0; h < 6; ++h)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, h), ids[h]);
  for (h = 0; h < 3; ++h) {
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, 6 + h), grid[h]);
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, 9 + h), block[h]);
  }
  term =
      mlirBlockGetTerminator(mlirOperationGetBlock(mlirOpResultGetOwner(lin)));
  for (op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (mlirOperationIsNull(next))
      break; /* gpu.terminator */
    mlirOperationMoveBefore(op, term);
  }
  mlirOperationDestroy(launch);
  return 0;
}

/* Replaces the synchronous gpu memory op "op" by its host counterpart. */
static int emulate_memory(MlirOperation op) {
  struct mdh_builder b = mdh_builder_before(op);
  MlirValue operands[2];
  MlirType type;

  if (mdh_op_is(op, "gpu.alloc")) {
    if (mlirOperationGetNumOperands(op) != 0 ||
        mlirOperationGetNumResults(op) != 1)
      goto unsupported;
    type = mlirValueGetType(mlirOperationGetResult(op, 0));
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0),
                                  mdh_build_alloc(&b, type));
  } else if (mdh_op_is(op, "gpu.memcpy")) {
    if (mlirOperationGetNumOperands(op) != 2 ||
        mlirOperationGetNumResults(op) != 0)
      goto unsupported;
    operands[0] = mlirOperationGetOperand(op, 1);
    operands[1] = mlirOperationGetOperand(op, 0);
    mdh_build_op(&b, "memref.copy", 2, operands, 0, NULL, 0, NULL);
  } else {
    if (mlirOperationGetNumOperands(op) != 1 ||
        mlirOperationGetNumResults(op) != 0)
      goto unsupported;
    mdh_build_dealloc(&b, mlirOperationGetOperand(op, 0));
  }
  mlirOperationDestroy(op);
  return 0;
unsupported:
  mdh_emit_error(op, PASS " handles synchronous gpu.alloc, gpu.memcpy and "
                          "gpu.dealloc only");
  return -1;
}

MlirLogicalResult mdh_emulate_gpu_run(MlirOperation module) {
  static const char *const memory_ops[] = {"gpu.alloc", "gpu.memcpy",
                                           "gpu.dealloc"};
  struct mdh_op_list list = mdh_collect_ops(module, "gpu.launch");
  size_t i, k;
  int rc = 0;

  for (i = 0; i < list.n && rc == 0; ++i)
    rc = emulate_launch(list.ops[i], module);
  free(list.ops);
  for (k = 0; k < 3 && rc == 0; ++k) {
    list = mdh_collect_ops(module, memory_ops[k]);
    for (i = 0; i < list.n && rc == 0; ++i)
      rc = emulate_memory(list.ops[i]);
    free(list.ops);
  }
  return rc == 0 ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
