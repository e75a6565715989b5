/* mdh-emulate-gpu: runs the kernels of mdh-codegen-gpu on the CPU, so that
 * everything but the thin GPU layer is checked numerically without a GPU
 * (docs/passes.md). Each gpu.launch becomes loops over its blocks, z
 * outermost, and each block runs its threads in one of two ways:
 *
 *   - one after another, in a loop over the threads, when they never meet
 *     (no gpu.barrier, no workgroup memory): fast and deterministic;
 *   - all at once, as an OpenMP team of as many threads as the block has
 *     (`omp.parallel num_threads(T)`), when they do: gpu.barrier becomes
 *     omp.barrier, and each workgroup attribution becomes one host buffer,
 *     allocated before the loops and shared by the blocks, which run one
 *     after another.
 *
 * The launch's ids become the loop indices, or the team thread's number
 * split into x (fastest), y and z as CUDA numbers a block's threads. What a
 * thread allocates for itself (memref.alloca at the top of the body, private
 * attributions) lives where a thread's frame does: before the loops when
 * threads run one after another (an alloca in the thread loop would grow the
 * stack with every thread), in the team's body otherwise. Device buffers
 * become host buffers (gpu.alloc, gpu.memcpy and gpu.dealloc become
 * memref.alloc, memref.copy and memref.dealloc).
 *
 * Asynchronous copies (nvgpu.device_async_copy) complete where they start,
 * and their commits and waits go (run_async_copies_now).
 *
 * Warp shuffles (gpu.shuffle, mdh_warp_reduce_*) are refused: no threads
 * form warps here. Block reductions (mdh_block_reduce_*) come from the host
 * runtime (runtime/device/emulate.c, in libmdh_emulate.so). Run one after
 * another, threads go from the last to thread 0, each announcing itself
 * with mdh_emu_thread(linear id, threads per block) first, and the runtime
 * folds the k-th call of every thread of a block into one value; thread 0,
 * last, gets the whole block's result, which is all that the code
 * generator's block reductions use (only thread 0 stores). In a team the
 * calls go to mdh_emu_omp_block_reduce_* instead, which meet at OpenMP
 * barriers and give every thread the result, as on a GPU. A team's threads
 * get their number from mdh_emu_omp_thread(T), which stops the program when
 * OpenMP gave the team other than T threads. So the result needs
 * convert-openmp-to-llvm, and libomp.so.5 and libmdh_emulate.so to run
 * (mdh-gpu-emulated-pipeline, mdh-run --pipeline=gpu-emulated).
 */

#include "lib/builder.h"
#include "passes/pass.h"
#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

#define PASS "mdh-emulate-gpu"

/* The leading arguments of a launch body: block ids, thread ids, grid sizes
 * and block sizes, x, y and z each; the attributions follow. */
#define N_IDS 12

/* What a launch body holds that emulation cares about: "barrier" tells
 * whether its threads meet at a gpu.barrier, "block_reduce" whether it calls
 * block reductions, and "refused" is its first op that no emulation runs
 * (null if none). */
struct body_scan {
  int barrier;
  int block_reduce;
  MlirOperation refused;
};

/* The gpu.launch "op" as emulation rebuilds it: its "body", its "grid" and
 * "block" sizes, and the attributions among the body's arguments after the
 * first N_IDS: "n_workgroup" workgroup ones, then "n_private" private ones. */
struct launch {
  MlirOperation op;
  MlirBlock body;
  MlirValue grid[3];
  MlirValue block[3];
  intptr_t n_workgroup;
  intptr_t n_private;
};

/* Tells whether "name" is "prefix" followed by something. */
static int has_prefix(MlirStringRef name, const char *prefix) {
  size_t n = strlen(prefix);

  return name.length > n && !strncmp(name.data, prefix, n);
}

/* Returns the callee of the func.call "call". */
static MlirStringRef callee_of(MlirOperation call) {
  return mlirFlatSymbolRefAttrGetValue(mlirOperationGetAttributeByName(
      call, mlirStringRefCreateFromCString("callee")));
}

/* Records in the body_scan "user" what "op" means for emulation; stops at
 * the first op that is refused. */
static MlirWalkResult scan_op(MlirOperation op, void *user) {
  struct body_scan *scan = user;
  int call = mdh_op_is(op, "func.call");

  if (mdh_op_is(op, "gpu.barrier"))
    scan->barrier = 1;
  if (call && has_prefix(callee_of(op), "mdh_block_reduce_"))
    scan->block_reduce = 1;
  if (!mdh_op_is(op, "gpu.shuffle") &&
      !(call && has_prefix(callee_of(op), "mdh_warp_reduce_")))
    return MlirWalkResultAdvance;
  scan->refused = op;
  return MlirWalkResultInterrupt;
}

/* Tells whether every attribution of "l" has a static shape, which a host
 * buffer for it needs; reports the first that has not. */
static int has_static_attributions(const struct launch *l) {
  intptr_t i, n = N_IDS + l->n_workgroup + l->n_private;

  for (i = N_IDS; i < n; ++i) {
    if (mlirShapedTypeHasStaticShape(
            mlirValueGetType(mlirBlockGetArgument(l->body, i))))
      continue;
    mdh_emit_error(l->op, PASS " handles attributions of static shape only");
    return 0;
  }
  return 1;
}

/* Reads the gpu.launch "op" into "l". Returns -1 after reporting a launch
 * that emulation cannot run: asynchronous, with clusters or dynamic shared
 * memory, with a body of several blocks or dynamically shaped attributions. */
static int read_launch(MlirOperation op, struct launch *l) {
  MlirAttribute n_workgroup = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("workgroup_attributions"));
  int h;

  l->op = op;
  l->body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirOperationGetNumOperands(op) != 6 ||
      !mlirBlockIsNull(mlirBlockGetNextInRegion(l->body))) {
    mdh_emit_error(op, PASS " handles synchronous launches of one block "
                            "without clusters or dynamic shared memory");
    return -1;
  }
  for (h = 0; h < 3; ++h) {
    l->grid[h] = mlirOperationGetOperand(op, h);
    l->block[h] = mlirOperationGetOperand(op, 3 + h);
  }
  l->n_workgroup = mlirAttributeIsNull(n_workgroup)
                       ? 0
                       : mlirIntegerAttrGetValueInt(n_workgroup);
  l->n_private = mlirBlockGetNumArguments(l->body) - N_IDS - l->n_workgroup;
  return has_static_attributions(l) ? 0 : -1;
}

/* Returns the memref type "type" of a GPU memory space in the default
 * (host) memory space. */
static MlirType host_type(MlirType type) {
  intptr_t rank = mlirShapedTypeGetRank(type), d;
  int64_t *shape = malloc((rank ? rank : 1) * sizeof(*shape));
  MlirType host;

  if (!shape)
    abort();
  for (d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(type, d);
  host =
      mlirMemRefTypeGet(mlirShapedTypeGetElementType(type), rank, shape,
                        mlirMemRefTypeGetLayout(type), mlirAttributeGetNull());
  free(shape);
  return host;
}

/* Tells whether "user" passes the memref of its operand "n" on as its one
 * result: a view of it, or a choice between it and another
 * (`arith.select`, the tiles of a double-buffered tiled kernel). */
static int forwards_memref(MlirOperation user, unsigned n) {
  if (mlirOperationGetNumResults(user) != 1)
    return 0;
  if (mdh_op_is(user, "arith.select"))
    return n > 0;
  return mdh_op_is_memref_view(user) && n == 0;
}

/* Gives the views of "value" (a host buffer now), and their views, host
 * types: the view ops keep their result types, which name the memory space
 * of the attribution they viewed (a transposed shared tile). */
static void retype_views(MlirValue value) {
  MlirOpOperand use;
  MlirOperation user;
  MlirValue result;

  for (use = mlirValueGetFirstUse(value); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    user = mlirOpOperandGetOwner(use);
    if (!forwards_memref(user, mlirOpOperandGetOperandNumber(use)))
      continue;
    result = mlirOperationGetResult(user, 0);
    mlirValueSetType(result, host_type(mlirValueGetType(result)));
    retype_views(result);
  }
}

/* Replaces the "n" attributions of "l" from attribution "first" on by host
 * buffers allocated at "b". */
static void allocate_attributions(struct mdh_builder *b, const struct launch *l,
                                  intptr_t first, intptr_t n) {
  MlirValue arg, host;
  intptr_t i;

  for (i = first; i < first + n; ++i) {
    arg = mlirBlockGetArgument(l->body, N_IDS + i);
    host = mdh_build_alloca(b, host_type(mlirValueGetType(arg)));
    mlirValueReplaceAllUsesOfWith(arg, host);
    retype_views(host);
  }
}

/* Moves the memref.alloca ops of static shape at the top of the body of "l"
 * before the launch: threads that run one after another can share them, and
 * in the thread loop each would grow the stack by one buffer per thread. */
static void hoist_allocas(const struct launch *l) {
  MlirOperation op, next;

  for (op = mlirBlockGetFirstOperation(l->body); !mlirOperationIsNull(op);
       op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (mdh_op_is(op, "memref.alloca") && mlirOperationGetNumOperands(op) == 0)
      mlirOperationMoveBefore(op, l->op);
  }
}

/* Builds the loops over the blocks of "l" at "b", z outermost, and stores
 * their indices in "ids" (x, y, z); returns a builder inside the innermost
 * loop. */
static struct mdh_builder build_block_loops(struct mdh_builder *b,
                                            const struct launch *l,
                                            MlirValue *ids) {
  MlirValue zero = mdh_build_index(b, 0);
  struct mdh_builder lb = *b;
  MlirBlock inner;
  int h;

  for (h = 2; h >= 0; --h) {
    inner = mdh_build_for(&lb, zero, l->grid[h]);
    lb = mdh_builder_before_terminator(&lb, inner);
    ids[h] = mlirBlockGetArgument(inner, 0);
  }
  return lb;
}

/* Builds the number of threads of a block of "l". */
static MlirValue build_block_volume(struct mdh_builder *b,
                                    const struct launch *l) {
  return mdh_build_binary(
      b, "arith.muli",
      mdh_build_binary(b, "arith.muli", l->block[0], l->block[1]), l->block[2]);
}

/* Splits the linear thread id "lin" of a block of "l" into the thread ids
 * "ids" (x, y, z), x fastest, as CUDA numbers a block's threads. */
static void build_thread_ids(struct mdh_builder *b, const struct launch *l,
                             MlirValue lin, MlirValue *ids) {
  MlirValue rest = lin;
  int h;

  for (h = 0; h < 2; ++h) {
    ids[h] = mdh_build_binary(b, "arith.remsi", rest, l->block[h]);
    rest = mdh_build_binary(b, "arith.divsi", rest, l->block[h]);
  }
  ids[2] = rest;
}

/* Builds a call of the runtime function "name", declared in "module", from
 * "n_args" index arguments "args" to "n_results" (0 or 1) index results
 * stored in "results". */
static void build_runtime_call(struct mdh_builder *b, MlirOperation module,
                               const char *name, intptr_t n_args,
                               const MlirValue *args, intptr_t n_results,
                               MlirValue *results) {
  MlirType index[2] = {mlirIndexTypeGet(b->ctx), mlirIndexTypeGet(b->ctx)};
  MlirType type = mlirFunctionTypeGet(b->ctx, n_args, index, n_results, index);

  mdh_declare_function(module, name, type);
  mdh_build_call(b, mlirStringRefCreateFromCString(name), type, n_args, args,
                 results);
}

/* Replaces the ids and sizes of the body of "l" by "ids" (block ids, then
 * thread ids) and the launch's operands, and moves the body's ops but its
 * terminator to "b". */
static void move_body(const struct launch *l, const MlirValue *ids,
                      struct mdh_builder *b) {
  MlirOperation op, next;
  int h;

  for (h = 0; h < 6; ++h)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(l->body, h), ids[h]);
  for (h = 0; h < 3; ++h) {
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(l->body, 6 + h),
                                  l->grid[h]);
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(l->body, 9 + h),
                                  l->block[h]);
  }
  for (op = mlirBlockGetFirstOperation(l->body); !mlirOperationIsNull(op);
       op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (mlirOperationIsNull(next))
      break; /* gpu.terminator */
    mlirOperationRemoveFromParent(op);
    mdh_build_insert(b, op);
  }
}

/* Runs the threads of each block of "l" one after another, from the last
 * to thread 0, announced to the runtime when "block_reduce" (see the top of
 * this file). */
static void emulate_sequentially(const struct launch *l, MlirOperation module,
                                 int block_reduce) {
  struct mdh_builder b = mdh_builder_before(l->op), lb;
  MlirValue ids[6], args[2], last;
  MlirBlock inner;

  hoist_allocas(l);
  allocate_attributions(&b, l, l->n_workgroup, l->n_private);
  args[1] = build_block_volume(&b, l);
  lb = build_block_loops(&b, l, ids);
  inner = mdh_build_for(&lb, mdh_build_index(&lb, 0), args[1]);
  lb = mdh_builder_before_terminator(&lb, inner);
  last = mdh_build_binary(&lb, "arith.subi", args[1], mdh_build_index(&lb, 1));
  args[0] =
      mdh_build_binary(&lb, "arith.subi", last, mlirBlockGetArgument(inner, 0));
  build_thread_ids(&lb, l, args[0], ids + 3);
  if (block_reduce)
    build_runtime_call(&lb, module, "mdh_emu_thread", 2, args, 0, NULL);
  move_body(l, ids, &lb);
}

/* Builds `omp.parallel num_threads("n")` at "b" with a body of just its
 * omp.terminator; returns a builder before that terminator. */
static struct mdh_builder build_team(struct mdh_builder *b, MlirValue n) {
  int32_t segments[6] = {0, 0, 0, 1, 0, 0};
  MlirNamedAttribute attr = mdh_named_attr(
      b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 6, segments));
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString("omp.parallel"), b->loc);
  MlirOperationState term = mlirOperationStateGet(
      mlirStringRefCreateFromCString("omp.terminator"), b->loc);
  MlirRegion region = mlirRegionCreate();
  MlirBlock body = mlirBlockCreate(0, NULL, NULL);

  mlirRegionAppendOwnedBlock(region, body);
  mlirBlockAppendOwnedOperation(body, mlirOperationCreate(&term));
  mlirOperationStateAddOperands(&st, 1, &n);
  mlirOperationStateAddAttributes(&st, 1, &attr);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  mdh_build_insert(b, mlirOperationCreate(&st));
  return mdh_builder_before_terminator(b, body);
}

/* Replaces every gpu.barrier of "l" by omp.barrier, where the threads of a
 * team meet as a block's do at gpu.barrier. */
static void replace_barriers(const struct launch *l) {
  struct mdh_op_list list = mdh_collect_ops(l->op, "gpu.barrier");
  struct mdh_builder b;
  size_t i;

  for (i = 0; i < list.n; ++i) {
    b = mdh_builder_before(list.ops[i]);
    mdh_build_op(&b, "omp.barrier", 0, NULL, 0, NULL, 0, NULL);
    mlirOperationDestroy(list.ops[i]);
  }
  free(list.ops);
}

/* Makes the block reductions of "l" call their team versions of the same
 * type, mdh_emu_omp_block_reduce_*, declared in "module". */
static void use_team_reductions(const struct launch *l, MlirOperation module) {
  struct mdh_op_list list = mdh_collect_ops(l->op, "func.call");
  MlirContext ctx = mlirOperationGetContext(module);
  MlirStringRef callee;
  struct mdh_str name;
  size_t i;

  for (i = 0; i < list.n; ++i) {
    callee = callee_of(list.ops[i]);
    if (!has_prefix(callee, "mdh_block_reduce_"))
      continue;
    mdh_str_init(&name);
    mdh_str_printf(&name, "mdh_emu_omp_%.*s", (int)callee.length - 4,
                   callee.data + 4);
    mdh_declare_function(module, name.data,
                         mdh_func_type(mdh_lookup_symbol(module, callee)));
    mlirOperationSetAttributeByName(
        list.ops[i], mlirStringRefCreateFromCString("callee"),
        mlirFlatSymbolRefAttrGet(ctx,
                                 mlirStringRefCreateFromCString(name.data)));
    mdh_str_clear(&name);
  }
  free(list.ops);
}

/* Runs each block of "l" as an OpenMP team of as many threads as the block
 * has (see the top of this file). */
static void emulate_with_team(const struct launch *l, MlirOperation module,
                              int block_reduce) {
  struct mdh_builder b = mdh_builder_before(l->op), lb, tb;
  MlirValue ids[6], n, lin;

  allocate_attributions(&b, l, 0, l->n_workgroup);
  n = build_block_volume(&b, l);
  lb = build_block_loops(&b, l, ids);
  tb = build_team(&lb, n);
  build_runtime_call(&tb, module, "mdh_emu_omp_thread", 1, &n, 1, &lin);
  build_thread_ids(&tb, l, lin, ids + 3);
  allocate_attributions(&tb, l, l->n_workgroup, l->n_private);
  replace_barriers(l);
  if (block_reduce)
    use_team_reductions(l, module);
  move_body(l, ids, &tb);
}

/* Destroys every "name" op inside "op". */
static void destroy_ops(MlirOperation op, const char *name) {
  struct mdh_op_list list = mdh_collect_ops(op, name);
  size_t i;

  for (i = 0; i < list.n; ++i)
    mlirOperationDestroy(list.ops[i]);
  free(list.ops);
}

/* Replaces the asynchronous copy "copy" (nvgpu.device_async_copy, whose
 * token nothing uses) by a load of its source and a store into its
 * destination: one element, or a vector of them. */
static void copy_now(MlirOperation copy) {
  struct mdh_builder b = mdh_builder_before(copy);
  MlirValue dst = mlirOperationGetOperand(copy, 0);
  MlirType type = mlirValueGetType(dst), vec;
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirValue src = mlirOperationGetOperand(copy, 1 + rank);
  intptr_t src_rank = mlirShapedTypeGetRank(mlirValueGetType(src)), j;
  int64_t n = mlirIntegerAttrGetValueInt(mlirOperationGetAttributeByName(
      copy, mlirStringRefCreateFromCString("dstElements")));
  /* The operands of a vector.load (memref, indices) and of a vector.store
   * (value, memref, indices). */
  MlirValue *load = malloc((1 + src_rank) * sizeof(*load));
  MlirValue *store = malloc((2 + rank) * sizeof(*store));

  if (!load || !store)
    abort();
  load[0] = src;
  for (j = 0; j < src_rank; ++j)
    load[1 + j] = mlirOperationGetOperand(copy, 2 + rank + j);
  store[1] = dst;
  for (j = 0; j < rank; ++j)
    store[2 + j] = mlirOperationGetOperand(copy, 1 + j);
  if (n == 1) {
    store[0] = mdh_build_load(&b, src, src_rank, load + 1);
    mdh_build_store(&b, store[0], dst, rank, store + 2);
  } else {
    vec = mlirVectorTypeGet(1, &n, mlirShapedTypeGetElementType(type));
    store[0] = mlirOperationGetResult(
        mdh_build_op(&b, "vector.load", 1 + src_rank, load, 1, &vec, 0, NULL),
        0);
    mdh_build_op(&b, "vector.store", 2 + rank, store, 0, NULL, 0, NULL);
  }
  mlirOperationDestroy(copy);
  free(load);
  free(store);
}

/* Makes the asynchronous copies of "op" (the double-buffered steps of
 * tiled kernels) complete where they start and drops their commits and
 * waits: each thread waits for its own copies before the barrier that
 * shows them to the others, so copying at once changes what no other
 * thread can see. */
static void run_async_copies_now(MlirOperation op) {
  struct mdh_op_list list;
  size_t i;

  destroy_ops(op, "nvvm.cp.async.wait.group");
  destroy_ops(op, "nvvm.cp.async.commit.group");
  list = mdh_collect_ops(op, "nvgpu.device_async_copy");
  for (i = 0; i < list.n; ++i)
    copy_now(list.ops[i]);
  free(list.ops);
}

/* Replaces the launch "op" by loops over its blocks that run their threads
 * one after another or as a team (see the top of this file). Returns -1
 * after reporting a launch that cannot be emulated. */
static int emulate_launch(MlirOperation op, MlirOperation module) {
  struct body_scan scan = {0, 0, {NULL}};
  struct launch l;

  if (read_launch(op, &l) < 0)
    return -1;
  run_async_copies_now(op);
  mlirOperationWalk(op, &scan_op, &scan, MlirWalkPreOrder);
  if (!mlirOperationIsNull(scan.refused)) {
    mdh_emit_error(scan.refused, PASS " cannot run warp shuffles: its "
                                      "threads form no warps");
    return -1;
  }
  if (scan.barrier || l.n_workgroup > 0)
    emulate_with_team(&l, module, scan.block_reduce);
  else
    emulate_sequentially(&l, module, scan.block_reduce);
  mlirOperationDestroy(op);
  return 0;
}

/* Tells whether the operands of gpu.alloc "op" are all dynamic sizes (no
 * asynchronous dependencies, no symbols). */
static int alloc_sizes_only(MlirOperation op) {
  MlirAttribute seg = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("operandSegmentSizes"));

  return mlirAttributeIsADenseI32Array(seg) &&
         mlirDenseArrayGetNumElements(seg) == 3 &&
         mlirDenseI32ArrayGetElement(seg, 0) == 0 &&
         mlirDenseI32ArrayGetElement(seg, 2) == 0;
}

/* Builds the host allocation of "type" with the dynamic sizes of gpu.alloc
 * "op". */
static MlirValue host_alloc(struct mdh_builder *b, MlirType type,
                            MlirOperation op) {
  intptr_t n = mlirOperationGetNumOperands(op), k;
  MlirValue *sizes = malloc((n + 1) * sizeof(*sizes));
  MlirValue result;

  if (!sizes)
    abort();
  for (k = 0; k < n; ++k)
    sizes[k] = mlirOperationGetOperand(op, k);
  result = mdh_build_alloc_sized(b, "memref.alloc", type, n, sizes);
  free(sizes);
  return result;
}

/* Replaces the synchronous gpu memory op "op" by its host counterpart. */
static int emulate_memory(MlirOperation op) {
  struct mdh_builder b = mdh_builder_before(op);
  MlirValue operands[2];
  MlirType type;

  if (mdh_op_is(op, "gpu.alloc")) {
    if (!alloc_sizes_only(op) || mlirOperationGetNumResults(op) != 1)
      goto unsupported;
    type = mlirValueGetType(mlirOperationGetResult(op, 0));
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0),
                                  host_alloc(&b, type, op));
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
