/* mdh-codegen-gpu: generates `gpu.launch` kernels from the kernel marks
 * that mdh-map-gpu put into the schedule tree of `mdh.schedule`, one
 * kernel (or, for reductions across blocks, an init or fold kernel more)
 * per mark, in tree order, each from the mapping its mark carries
 * (lib/mapping.h). A kernel of a group fused by mdh-tile-fuse runs a tile
 * per block, its intermediates in shared memory (fused.c); a kernel of
 * several md_homs (a fused band, its mapping over the band's members)
 * runs, in each thread, every statement of the band points the thread
 * owns, in the tree's order (tree.c); a kernel of one md_hom (its mapping
 * over the md_hom's dimensions) is built by one of the strategies below.
 *
 * Host side (where the chain was): every buffer of the chain gets a device
 * copy (device.c: dense, or for different views of one base one copy of
 * the base with the views made again on it; an intermediate between
 * md_homs, a memref.alloc that only the chain uses, is never copied, and
 * one that lives in the shared memory of fused kernels only has none),
 * components that no out_view stores get a device temporary, the kernels
 * run one after another (a dependence between kernels would need a
 * grid-wide barrier inside one: LIFT's G4), and the written buffers are
 * copied back. The upstream pipeline outlines the kernels
 * (gpu-kernel-outlining) and makes the host ops asynchronous
 * (gpu-async-region).
 *
 * Device side, PPCG-style: the statement's domain is restricted to what one
 * thread runs, with the block and thread ids as isl parameters
 * (bx, by, bz, tx, ty, tz). A dimension at the thread level keeps the points
 * i = tx + T*e, at the block level i = bx + G*e and at the global level
 * i = bx*T + tx + G*T*e (LIFT's cyclic loops, Sec. 4.6; kernel.c). isl's
 * AST generator turns that into strided loops with their guards, and the
 * shared translator (ast_to_mlir.c) into scf. A kernel of one md_hom is
 * built by the first strategy of the table below that applies to its
 * mapping (PANAMERA Sec. 5), each in its own file:
 *
 * - tiled (a tile() on a sequential pw dimension): register tiles and
 *   inputs staged in shared memory (tile.c);
 * - block scan (a ps dimension on the threads of a block): scan.c;
 * - reduce (pw dimensions with builtin operators): accumulators, block
 *   reductions, atomics or deterministic partials (reduce.c);
 * - owner: every pw and ps dimension is sequential, so each result point is
 *   computed by one thread, in order, from the schedule tree restricted to
 *   the instances it owns (tree.c), as the kernels of several md_homs are.
 *   This is what custom combine functions and scans (ps) use.
 *
 * What they share (the launch, ids, ownership, accumulators, identities,
 * the translation of a kernel's AST) is in kernel.c; none of them calls
 * into this file.
 *
 * Every kernel allows float multiply-adds to be contracted into fma, as
 * nvcc does by default.
 */

#include "dialect/attrs.h"
#include "lib/fuse.h"
#include "lib/mapping.h"
#include "lib/tree.h"
#include "passes/codegen_gpu/device.h"
#include "passes/codegen_gpu/kernel.h"
#include "passes/pass.h"
#include "support/diag.h"
#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/union_map.h>
#include <isl/union_set.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PASS "mdh-codegen-gpu"

/* The strategies for a kernel of one md_hom, in the order they are tried:
 * the first that applies builds the kernel. Adding one is a row here and
 * its builder in a file of its own (declared in kernel.h). */
enum mdh_gpu_strategy {
  MDH_GPU_TILED,
  MDH_GPU_BLOCK_SCAN,
  MDH_GPU_REDUCE,
  MDH_GPU_OWNER,
  MDH_GPU_N_STRATEGIES
};

static int tiled_applies(const struct mdh_kernel *k) {
  return k->spread.pw_tiles;
}

static int block_scan_applies(const struct mdh_kernel *k) {
  return k->spread.ps_spread;
}

static int reduce_applies(const struct mdh_kernel *k) {
  return mdh_mapping_can_reduce(k->info);
}

static int owner_applies(const struct mdh_kernel *k) {
  (void)k;
  return 1;
}

static const struct {
  const char *name;
  int (*applies)(const struct mdh_kernel *k);
  int (*build)(isl_ctx *ctx, struct mdh_builder *b, struct mdh_kernel *k);
} strategies[MDH_GPU_N_STRATEGIES] = {
    [MDH_GPU_TILED] = {"tiled", &tiled_applies, &mdh_kernel_build_tiled},
    [MDH_GPU_BLOCK_SCAN] = {"block scan", &block_scan_applies,
                            &mdh_kernel_build_scan},
    [MDH_GPU_REDUCE] = {"reduce", &reduce_applies, &mdh_kernel_build_reduce},
    [MDH_GPU_OWNER] = {"owner", &owner_applies, &mdh_kernel_build_owner},
};

/* Builds the kernel(s) of statement "info" at "b" with the first strategy
 * that applies to its "mapping"; the owner strategy follows the schedule
 * tree "schedule". Returns 0, or -1 after a diagnostic. */
static int build_kernels(isl_ctx *ctx, struct mdh_builder *b,
                         struct mdh_chain *chain, struct mdh_stmt_info *info,
                         MlirOperation module,
                         __isl_keep isl_schedule *schedule,
                         __isl_keep isl_union_map *smap, const char *mapping) {
  struct mdh_kernel k;
  int s;

  memset(&k, 0, sizeof(k));
  k.chain = chain;
  k.m = chain->m;
  k.info = info;
  k.module = module;
  k.schedule = schedule;
  mdh_tree_dim_order(smap, info->stmt, k.order);
  if (mdh_kernel_read_mapping(&k, mapping, info->stmt->rank, info->stmt->hom) <
      0)
    return -1;
  for (s = 0; !strategies[s].applies(&k); ++s)
    ;
  return strategies[s].build(ctx, b, &k);
}

/* Marks the float additions, subtractions and multiplications of "op" as
 * contractible, so that the NVPTX backend may fuse them into fma, as nvcc
 * does by default (-fmad=true): a GPU reduction rounds differently from
 * the reference anyway. */
static MlirWalkResult allow_contraction(MlirOperation op, void *user) {
  MlirContext ctx = mlirOperationGetContext(op);

  (void)user;
  if (mdh_op_is(op, "arith.addf") || mdh_op_is(op, "arith.subf") ||
      mdh_op_is(op, "arith.mulf"))
    mlirOperationSetAttributeByName(
        op, mlirStringRefCreateFromCString("fastmath"),
        mlirAttributeParseGet(
            ctx, mlirStringRefCreateFromCString("#arith.fastmath<contract>")));
  return MlirWalkResultAdvance;
}

/* Internal data structure for build_kernel: what every kernel needs, and
 * how many kernel marks were found. */
struct kernels_data {
  isl_ctx *ctx;
  struct mdh_builder *b;
  struct mdh_chain *chain;
  isl_schedule *schedule;
  isl_union_map *smap;
  MlirOperation module;
  MlirOperation func;
  struct mdh_fused_groups fg;
  int n;
};

/* Builds the kernel(s) of the kernel mark "mark" (lib/tree.h) from the
 * mapping the mark carries: a kernel of one md_hom by the first strategy
 * that applies, a kernel of several md_homs from its band (tree.c). */
static isl_stat build_kernel(__isl_keep isl_schedule_node *mark, void *user) {
  struct kernels_data *data = user;
  isl_union_set *domain = isl_schedule_node_get_domain(mark);
  isl_bool empty = isl_union_set_is_empty(domain);
  struct mdh_stmt_info *info = mdh_chain_find_only(data->chain, domain);
  char *mapping;
  isl_bool fused;
  int rc;

  isl_union_set_free(domain);
  if (empty < 0)
    return isl_stat_error;
  /* A kernel of another segment of the chain. */
  if (empty)
    return isl_stat_ok;
  ++data->n;
  mapping = mdh_tree_kernel_mapping(mark);
  if (!mapping) {
    mdh_emit_error(data->func, PASS ": a kernel mark without its mapping "
                                    "('kernel: MAPPING'); run mdh-map-gpu");
    return isl_stat_error;
  }
  fused = mdh_fuse_subtree_has_group(mark);
  if (fused == isl_bool_true)
    rc = mdh_kernel_build_fused(data->ctx, data->b, data->chain, &data->fg,
                                mark, mapping, data->func);
  else if (fused < 0)
    rc = -1;
  else if (info)
    rc = build_kernels(data->ctx, data->b, data->chain, info, data->module,
                       data->schedule, data->smap, mapping);
  else
    rc = mdh_kernel_build_band(data->ctx, data->b, data->chain, data->schedule,
                               mark, mapping, data->func);
  free(mapping);
  return rc < 0 ? isl_stat_error : isl_stat_ok;
}

/* Tells whether the instances "domain" of a kernel mark lie in more than one
 * of the "n_seg" segments "segs" of the chain of "m". */
static int spans_segments(struct mdh_model *m, const struct mdh_segment *segs,
                          int n_seg, __isl_keep isl_union_set *domain) {
  int s, found = 0;
  isl_union_set *part;
  isl_bool empty;

  for (s = 0; s < n_seg; ++s) {
    part = mdh_model_stmts_domain(m, segs[s].first, segs[s].n);
    part = isl_union_set_intersect(part, isl_union_set_copy(domain));
    empty = isl_union_set_is_empty(part);
    isl_union_set_free(part);
    found += empty == isl_bool_false;
  }
  return found > 1;
}

/* Internal data structure for check_kernel. */
struct check_data {
  struct mdh_model *m;
  const struct mdh_segment *segs;
  int n_seg;
  MlirOperation func;
};

/* Fails after a diagnostic if the kernel mark "mark" holds md_homs of two
 * segments: the ops between them would have to run inside the kernel. */
static isl_stat check_kernel(__isl_keep isl_schedule_node *mark, void *user) {
  struct check_data *data = user;
  isl_union_set *domain = isl_schedule_node_get_domain(mark);
  int spans = spans_segments(data->m, data->segs, data->n_seg, domain);

  isl_union_set_free(domain);
  if (!spans)
    return isl_stat_ok;
  mdh_emit_error(data->func, PASS ": a kernel of mdh.schedule holds md_homs "
                                  "on both sides of an op that uses their "
                                  "buffers; run mdh-schedule and mdh-map-gpu "
                                  "again");
  return isl_stat_error;
}

/* Generates at "seg" (the segment of the chain whose code goes after its
 * last op) the device copies of its buffers, the kernels of "schedule" (of
 * the whole function) for its md_homs, and the copies back; "part" is the
 * model of the segment. Returns 0, or -1 after a diagnostic. */
/* Tells whether every use of "value" is a gpu.dealloc. */
static int only_freed(MlirValue value) {
  MlirOpOperand use;

  for (use = mlirValueGetFirstUse(value); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use))
    if (!mdh_op_is(mlirOpOperandGetOwner(use), "gpu.dealloc"))
      return 0;
  return 1;
}

/* Erases the device buffers among the ops from "first" up to "end" that
 * no kernel uses, with their gpu.dealloc: an intermediate whose elements
 * every kernel keeps in registers or shared memory (ew3's two, 256 MB
 * each, that the whole call allocated for nothing). */
static void erase_unused_buffers(MlirOperation first, MlirOperation end) {
  MlirOperation op, next;
  MlirOpOperand use;
  MlirValue buf;

  for (op = first; !mlirOperationIsNull(op) && !mlirOperationEqual(op, end);
       op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (!mdh_op_is(op, "gpu.alloc") || mlirOperationGetNumResults(op) != 1)
      continue;
    buf = mlirOperationGetResult(op, 0);
    if (!only_freed(buf))
      continue;
    while (!mlirOpOperandIsNull(use = mlirValueGetFirstUse(buf))) {
      if (mlirOperationEqual(mlirOpOperandGetOwner(use), next))
        next = mlirOperationGetNextInBlock(next);
      mlirOperationDestroy(mlirOpOperandGetOwner(use));
    }
    mlirOperationDestroy(op);
  }
}

static int codegen_segment(struct kernels_data *data, struct mdh_model *part,
                           const struct mdh_segment *seg,
                           __isl_keep isl_schedule *schedule) {
  struct mdh_chain *chain = data->chain;
  struct mdh_device_copies dev = {0};
  struct mdh_builder b = mdh_builder_before(seg->last);
  MlirOperation op;
  char *tile_only;
  int k, first_temp = chain->n_temps, rc = -1;

  b.inline_calls = 1;
  b.before = mlirOperationGetNextInBlock(seg->last);
  data->b = &b;
  if (part == chain->m)
    data->schedule = isl_schedule_copy(schedule);
  else
    data->schedule = isl_schedule_intersect_domain(
        isl_schedule_copy(schedule),
        mdh_model_stmts_domain(chain->m, seg->first, seg->n));
  tile_only = calloc(part->n_buf + 1, 1);
  if (!tile_only)
    abort();
  if (!data->schedule ||
      mdh_fused_groups_read(&data->fg, part, data->schedule, tile_only) < 0 ||
      !mdh_chain_build_extent_checks(chain, &b, seg->first, seg->n) ||
      mdh_device_copies_build(&dev, &b, part, tile_only,
                              mdh_attr_is_device_resident(data->func),
                              PASS) < 0)
    goto done;
  mdh_chain_alloc_temps(chain, &b, "gpu.alloc", seg->first, seg->n);
  if (mdh_tree_foreach_kernel(data->schedule, &build_kernel, data) < 0)
    goto done;
  mdh_device_copies_use(&dev);
  for (op = mlirOperationGetNextInBlock(seg->last);
       !mlirOperationIsNull(op) && !mlirOperationEqual(op, b.before);
       op = mlirOperationGetNextInBlock(op))
    if (mdh_op_is(op, "gpu.launch"))
      mlirOperationWalk(op, &allow_contraction, NULL, MlirWalkPreOrder);
  mdh_device_copies_finish(&dev, &b);
  for (k = first_temp; k < chain->n_temps; ++k)
    mdh_build_op(&b, "gpu.dealloc", 1, &chain->temps[k], 0, NULL, 0, NULL);
  erase_unused_buffers(mlirOperationGetNextInBlock(seg->last), b.before);
  rc = 0;
done:
  free(tile_only);
  mdh_fused_groups_clear(&data->fg);
  mdh_device_copies_clear(&dev);
  data->schedule = isl_schedule_free(data->schedule);
  return rc;
}

/* Tells whether "user" leaves the elements of a memref it takes alone on
 * the host: the mdh views (the kernels access them) and memref.dim. */
static int touches_no_element(MlirOperation user) {
  return mdh_op_is(user, "mdh.inp_view") || mdh_op_is(user, "mdh.out_view") ||
         mdh_op_is(user, "memref.dim");
}

/* Checks that no op of the device-resident "func" accesses the elements of
 * its memref arguments on the host, where they are device memory. */
static int check_resident(MlirOperation func) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation op;
  MlirValue arg;
  intptr_t i;

  for (i = 0; i < mlirBlockGetNumArguments(entry); ++i) {
    arg = mlirBlockGetArgument(entry, i);
    if (!mlirTypeIsAMemRef(mlirValueGetType(arg)))
      continue;
    op = mdh_value_find_use(arg, &touches_no_element);
    if (!mlirOperationIsNull(op)) {
      mdh_emit_error(op,
                     PASS ": in a device-resident function "
                          "(mdh.device_resident), argument %ld is device "
                          "memory, which this op would access on the host",
                     (long)i);
      return 0;
    }
  }
  return 1;
}

/* Generates the kernels of "func" and the host code around them, segment
 * by segment (lib/chain.h): ops between the md_homs that use their
 * buffers stay in program order between the segments' code, which copies
 * its buffers to the device and back around its kernels. */
static int codegen_func(isl_ctx *ctx, MlirOperation func) {
  struct mdh_chain *chain = mdh_chain_alloc(ctx, func, PASS);
  struct mdh_segment *segs = NULL;
  struct kernels_data data = {0};
  struct check_data check;
  isl_schedule *schedule = NULL;
  struct mdh_model *part;
  int s, n_seg = 0, ok = 0;

  if (!chain)
    return 0;
  schedule = mdh_chain_read_schedule(chain, func);
  if (!schedule || !mdh_chain_check_schedule(chain, schedule, func))
    goto done;
  if (mdh_attr_is_device_resident(func) && !check_resident(func))
    goto done;
  n_seg = mdh_model_segments(chain->m, func, PASS, &segs);
  if (n_seg < 0)
    goto done;
  check = (struct check_data){chain->m, segs, n_seg, func};
  if (n_seg > 1 && mdh_tree_foreach_kernel(schedule, &check_kernel, &check) < 0)
    goto done;
  data = (struct kernels_data){ctx,
                               NULL,
                               chain,
                               NULL,
                               mdh_fuse_schedule_map(schedule),
                               mlirOperationGetParentOperation(func),
                               func,
                               {0, 0, NULL},
                               0};
  for (s = 0; s < n_seg; ++s) {
    part = n_seg == 1 ? chain->m
                      : mdh_model_slice(chain->m, segs[s].first, segs[s].n);
    if (!part || codegen_segment(&data, part, &segs[s], schedule) < 0)
      break;
    if (part != chain->m)
      mdh_model_free(part);
  }
  if (s < n_seg) {
    if (part && part != chain->m)
      mdh_model_free(part);
    goto done;
  }
  if (data.n == 0) {
    mdh_emit_error(func, PASS " needs the kernels of mdh-map-gpu (kernel "
                              "marks in mdh.schedule)");
    goto done;
  }
  mdh_chain_erase(chain, func);
  ok = 1;
done:
  isl_union_map_free(data.smap);
  free(segs);
  isl_schedule_free(schedule);
  mdh_chain_free(chain);
  return ok;
}

/* Stores in "*v" the value of "value" if an arith.constant defines it;
 * returns whether one does. */
static int constant_of(MlirValue value, int64_t *v) {
  MlirAttribute attr = mdh_constant_attr(value);

  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAInteger(attr))
    return 0;
  *v = mlirIntegerAttrGetValueInt(attr);
  return 1;
}

/* Checks a gpu.launch that the module holds already (the user's, not
 * ours) when its sizes are constants: beyond the hardware's limits, the
 * NVVM back end fails later without a location (a block of 2^31 threads
 * overflows nvvm.maxntid; found by mdh-fuzz-opt). Sizes known only when
 * the function runs are left to the runtime. */
static MlirWalkResult check_launch(MlirOperation op, void *user) {
  MlirAttribute seg = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("operandSegmentSizes"));
  int64_t sizes[6] = {1, 1, 1, 1, 1, 1};
  int *failed = user, k, first;
  char err[256];

  if (!mdh_op_is(op, "gpu.launch") || !mlirAttributeIsADenseI32Array(seg) ||
      mlirDenseArrayGetNumElements(seg) < 7)
    return MlirWalkResultAdvance;
  /* Operands: async dependencies, then grid x, y, z and block x, y, z. */
  first = mlirDenseI32ArrayGetElement(seg, 0);
  for (k = 0; k < 6; ++k)
    if (!constant_of(mlirOperationGetOperand(op, first + k), &sizes[k]))
      sizes[k] = 1;
  for (k = 0; k < 6; ++k)
    if (sizes[k] < 1)
      break;
  if (k < 6)
    snprintf(err, sizeof(err),
             "the launch has %lld %s along %c; at least 1 is needed",
             (long long)sizes[k], k < 3 ? "blocks" : "threads", "xyz"[k % 3]);
  else if (mdh_gpu_check_launch(sizes, sizes + 3, err, sizeof(err)) == 0)
    return MlirWalkResultAdvance;
  mdh_emit_error(op, "mdh-codegen-gpu: %s", err);
  *failed = 1;
  return MlirWalkResultInterrupt;
}

MlirLogicalResult mdh_codegen_gpu_run(MlirOperation module) {
  int failed = 0;

  mlirOperationWalk(module, &check_launch, &failed, MlirWalkPreOrder);
  if (failed)
    return mlirLogicalResultFailure();
  return mdh_pass_run_per_function(module, &codegen_func);
}
