/* mdh-codegen-gpu: generates `gpu.launch` kernels from the kernel marks
 * that mdh-map-gpu put into the schedule tree of `mdh.schedule`, one
 * kernel (or, for reductions across blocks, an init or fold kernel more)
 * per mark, in tree order. A kernel of several md_homs (a fused band, its
 * mapping in the mark) runs, in each thread, every statement of the band
 * points the thread owns, in the tree's order (tree.c); a kernel of one
 * md_hom follows that md_hom's `mdh.mapping` (lib/mapping.h).
 *
 * Host side (where the chain was): every buffer of the chain gets a device
 * copy (device.c: dense, or for different views of one base one copy of
 * the base with the views made again on it; an intermediate between
 * md_homs, a memref.alloc that only the chain uses, is never copied),
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
 * i = bx*T + tx + G*T*e (LIFT's cyclic loops, Sec. 4.6). isl's AST generator
 * turns that into strided loops with their guards, and the shared
 * translator (ast_to_mlir.c) into scf. Four strategies for a kernel of one
 * md_hom (PANAMERA Sec. 5), the last two in their own files:
 *
 * - owner: every pw and ps dimension is sequential, so each result point is
 *   computed by one thread, in order; its instances are emitted exactly as
 *   on the CPU (chain.c: write to the result point, or combine with it).
 *   What the thread runs is the schedule tree restricted to the instances
 *   it owns (tree.c), so its loops are the tree's. The kernels of several
 *   md_homs use this strategy too.
 *   This is what custom combine functions and scans (ps) use: a scan runs
 *   sequentially in the thread that owns its cc point.
 * - reduce (pw dimensions with builtin operators): per thread, the statement
 *   becomes I[c] (accumulator := identity), A[c,p] (accumulator (+)= f) and
 *   F[c] (finish), scheduled [c,0], [c,1,p], [c,2], the c and p loops each
 *   in the order of the md_hom's band in the tree. The accumulator is a
 *   private memref that LLVM keeps in registers. F combines the threads of
 *   a block with the runtime's block reduction when some pw dimension is
 *   spread over threads and no cc dimension is (every thread of the block
 *   then runs the same cc points, so every thread reaches the barriers
 *   inside: synchronizability by construction); otherwise each thread has
 *   its own partial. Where several blocks, or threads without a block
 *   reduction, contribute to one result point, F combines with the
 *   runtime's atomics into the output, which an init kernel first sets to
 *   the operator's identity (so that e.g. max over negative data is right);
 *   else the one owner (the block's thread 0, or the thread) stores. In the
 *   deterministic reduction mode (mdh.reduction_mode), each part of the
 *   grid writes its partial to a device buffer instead, and a second kernel
 *   folds the parts of every result point in part order: the result no
 *   longer depends on the order in which atomics land.
 * - tiled (a tile() on a sequential pw dimension): register tiles and
 *   inputs staged in shared memory, see tile.c.
 * - block scan (a ps dimension on the threads of a block): see scan.c.
 *
 * Every kernel allows float multiply-adds to be contracted into fma, as
 * nvcc does by default.
 */

#include "dialect/attrs.h"
#include "lib/ast_to_mlir.h"
#include "lib/mapping.h"
#include "lib/stmt.h"
#include "lib/tree.h"
#include "mdh-c/Dialect.h"
#include "passes/codegen_gpu/device.h"
#include "passes/codegen_gpu/kernel.h"
#include "passes/pass.h"
#include "support/ir.h"
#include "support/polyhedral.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

#include <isl/aff.h>
#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANK MDH_MODEL_MAX_RANK
#define N_IDS MDH_KERNEL_N_IDS
#define PASS "mdh-codegen-gpu"

static MlirValue build_gpu_alloc(struct mdh_builder *b, MlirType type);

/* Threads per block of the init kernels. */
#define INIT_THREADS 256

MlirType mdh_kernel_component_type(const struct mdh_stmt_info *info,
                                   intptr_t c) {
  return mlirFunctionTypeGetResult(info->fn_type, c);
}

/* Tells whether the mdh.reduction_mode nearest to "op" (on its function or
 * module; mdh-map-gpu checked the values) is "deterministic". */
static int is_deterministic(MlirOperation op) {
  MlirOperation owner;
  MlirAttribute attr = mdh_attr_find_reduction_mode(op, &owner);

  return !mlirAttributeIsNull(attr) && mlirAttributeIsAString(attr) &&
         mlirStringRefEqual(mlirStringAttrGetValue(attr),
                            mlirStringRefCreateFromCString("deterministic"));
}

/* Reads the mapping of the statement of "k" and chooses the strategy;
 * fails after a diagnostic. */
static int read_kernel(struct mdh_kernel *k) {
  MlirOperation hom = k->info->stmt->hom;
  MlirAttribute attr = mdh_attr_get_mapping(hom);
  MlirStringRef text;
  const struct mdh_dim_map *dm;
  int d, pw_threads = 0, pw_blocks = 0, cc_threads = 0, pw_tiles = 0;
  char err[256];

  if (mlirAttributeIsNull(attr) || !mlirAttributeIsAString(attr)) {
    mdh_emit_error(hom, PASS " needs the mapping of mdh-map-gpu (the string "
                             "attribute mdh.mapping)");
    return 0;
  }
  text = mlirStringAttrGetValue(attr);
  if (mdh_mapping_parse(text.data, text.length, k->info->stmt->rank, &k->map,
                        err, sizeof(err)) < 0 ||
      mdh_mapping_check_limits(&k->map, err, sizeof(err)) < 0 ||
      mdh_mapping_check_tiles(&k->map, k->info, err, sizeof(err)) < 0 ||
      mdh_mapping_check_scan(&k->map, k->info, err, sizeof(err)) < 0) {
    mdh_emit_error(hom, PASS ": invalid mdh.mapping: %s", err);
    return 0;
  }
  for (d = 0; d < k->map.rank; ++d) {
    dm = &k->map.dims[d];
    if (dm->threads <= 0 || dm->blocks <= 0) {
      mdh_emit_error(hom,
                     PASS ": mdh.mapping leaves the size of dimension "
                          "%d open; run mdh-map-gpu",
                     d);
      return 0;
    }
    if (k->info->stmt->kinds[d] == MdhCombineCC) {
      cc_threads |= mdh_dim_map_spreads_threads(dm);
      continue;
    }
    if (k->info->stmt->kinds[d] == MdhCombinePS) {
      k->block_scan |= dm->level != MDH_LEVEL_SEQ;
      continue;
    }
    pw_threads |= mdh_dim_map_spreads_threads(dm);
    pw_blocks |= mdh_dim_map_spreads_blocks(dm);
    pw_tiles |= dm->level == MDH_LEVEL_SEQ && dm->tile > 1;
  }
  mdh_mapping_launch_sizes(&k->map, k->grid, k->block);
  k->reduce = mdh_mapping_can_reduce(k->info);
  if ((pw_threads || pw_blocks) && !k->reduce) {
    mdh_emit_error(hom, PASS ": this md_hom's pw/ps dimensions must be seq "
                             "(a scan, a combine function or a type without "
                             "runtime reductions runs in the thread that owns "
                             "each result point)");
    return 0;
  }
  k->tiled = pw_tiles;
  k->block_reduce = k->reduce && pw_threads && !cc_threads;
  k->atomic = k->reduce && ((pw_threads && !k->block_reduce) || pw_blocks);
  k->deterministic = k->atomic && is_deterministic(hom);
  return 1;
}

/* Tells whether dimension "d" of "k" belongs to "part": 0 the cc
 * dimensions, 1 the others, -1 all. */
static int in_part(const struct mdh_kernel *k, int d, int part) {
  return part < 0 || mdh_kernel_is_cc(k, d) == (part == 0);
}

int mdh_kernel_is_cc(const struct mdh_kernel *k, int d) {
  return k->info->stmt->kinds[d] == MdhCombineCC;
}

/* The position of dimension "d" of "k" among the dimensions of "part". */
static int part_pos(const struct mdh_kernel *k, int d, int part) {
  int e, pos = 0;

  for (e = 0; e < d; ++e)
    pos += in_part(k, e, part);
  return pos;
}

/* The rank of dimension "d" in the loop order: distributed dimensions
 * first (they run few iterations per thread), then sequential cc, ps and
 * pw ones. A scan position must hold its whole reduction before the next
 * position starts from it, so scans go outside reductions. */
static int order_key(const struct mdh_kernel *k, int d) {
  if (k->map.dims[d].level != MDH_LEVEL_SEQ)
    return 0;
  if (k->info->stmt->kinds[d] == MdhCombineCC)
    return 1;
  return k->info->stmt->kinds[d] == MdhCombinePS ? 2 : 3;
}

/* The number of pw/ps dimensions of "k". */
static int n_inner(const struct mdh_kernel *k) {
  int d, n = 0;

  for (d = 0; d < k->info->stmt->rank; ++d)
    n += !in_part(k, d, 0);
  return n;
}

/* Returns the statement "name" of the reduce strategy over the dimensions
 * of "part" of "k": the domain of the md_hom's statement projected onto
 * them. */
static __isl_give isl_set *part_set(const struct mdh_kernel *k,
                                    const char *name, int part) {
  isl_set *set = isl_set_copy(k->info->stmt->domain);
  int d;

  for (d = k->info->stmt->rank - 1; d >= 0; --d)
    if (!in_part(k, d, part))
      set = isl_set_project_out(set, isl_dim_set, d, 1);
  return isl_set_set_tuple_name(set, name);
}

/* Returns the instances of "set", the statement over "part" of "k", that
 * the thread owns under the mapping of those dimensions. */
static __isl_give isl_union_set *owned_part(const struct mdh_kernel *k,
                                            __isl_take isl_set *set, int part) {
  struct mdh_dim_map dims[MAX_RANK];
  int d, n = 0;

  for (d = 0; d < k->info->stmt->rank; ++d)
    if (in_part(k, d, part))
      dims[n++] = k->map.dims[d];
  return mdh_kernel_owned_set(set, dims, k->param_ids);
}

/* Sets the outputs of "ma" from "*pos" on to the loops of the dimensions
 * of "part" of "k", in loop order (by order_key, then in the order of the
 * schedule tree's band), and advances "*pos"; the statement (the domain of
 * "ma") is over the dimensions of "stmt". */
static __isl_give isl_multi_aff *set_loops(__isl_take isl_multi_aff *ma,
                                           const struct mdh_kernel *k, int stmt,
                                           int part, int *pos) {
  int key, j, d;

  for (key = 0; key < 4; ++key) {
    for (j = 0; j < k->info->stmt->rank; ++j) {
      d = k->order[j];
      if (!in_part(k, d, part) || order_key(k, d) != key)
        continue;
      ma = mdh_isl_multi_aff_set_var(ma, (*pos)++, part_pos(k, d, stmt));
    }
  }
  return ma;
}

/* Returns the schedule of the statement of space "space" over "part" of
 * "k": the cc loops, then "pos" and, if "part" holds every dimension, the
 * loops of the others; every schedule has as many outputs after "pos" as
 * there are pw/ps dimensions, the missing ones zero. */
static __isl_give isl_map *part_schedule(const struct mdh_kernel *k,
                                         __isl_take isl_space *space, int part,
                                         int pos) {
  int width = n_inner(k), n_cc = k->info->stmt->rank - width, at = 0;
  isl_multi_aff *ma;

  space = isl_space_add_dims(isl_space_from_domain(space), isl_dim_out,
                             n_cc + 1 + width);
  ma = isl_multi_aff_zero(space);
  ma = set_loops(ma, k, part, 0, &at);
  ma = mdh_isl_multi_aff_set_cst(ma, at++, pos);
  if (part < 0)
    ma = set_loops(ma, k, part, 1, &at);
  return isl_map_from_multi_aff(ma);
}

/* Returns the schedule of statement "prefix"_S of the reduce strategy over
 * "part" of "k", at position "pos", on the instances the thread owns. */
static __isl_give isl_union_map *
reduce_part(const struct mdh_kernel *k, const char *prefix, int part, int pos) {
  char name[40];
  isl_set *set;
  isl_map *schedule;

  snprintf(name, sizeof(name), "%s_%s", prefix, k->info->stmt->name);
  set = part_set(k, name, part);
  schedule = part_schedule(k, isl_set_get_space(set), part, pos);
  return isl_union_map_intersect_domain(isl_union_map_from_map(schedule),
                                        owned_part(k, set, part));
}

/* Builds the isl AST of what one thread of "k" runs in the reduce
 * strategy: I_S over the cc dimensions at [c, 0], A_S over all at
 * [c, 1, p] and F_S over the cc dimensions at [c, 2] (see the top of this
 * file), with the ids as parameters in the context of the launch. The
 * schedule takes the parameters in the context's order (bx, .., tz), which
 * fixes the order of the conditions in isl's guards. */
static __isl_give isl_ast_node *build_ast(isl_ctx *ctx, struct mdh_kernel *k) {
  isl_union_map *schedule;
  isl_set *context;
  isl_ast_build *build;
  isl_ast_node *tree;

  mdh_kernel_alloc_ids(ctx, k);
  schedule = reduce_part(k, "I", 0, 0);
  schedule = isl_union_map_union(schedule, reduce_part(k, "A", -1, 1));
  schedule = isl_union_map_union(schedule, reduce_part(k, "F", 0, 2));
  context = mdh_kernel_context(ctx, k);
  schedule = isl_union_map_align_params(schedule, isl_set_get_space(context));
  build = isl_ast_build_from_context(context);
  tree = isl_ast_build_node_from_schedule_map(build, schedule);
  isl_ast_build_free(build);
  mdh_kernel_free_ids(k);
  return tree;
}

MlirValue mdh_build_identity(struct mdh_builder *b, const char *op,
                             MlirType type) {
  MlirAttribute value;
  unsigned w;
  int64_t v = 0;

  if (mlirTypeIsAFloat(type)) {
    double x = !strcmp(op, "mul")   ? 1.0
               : !strcmp(op, "min") ? INFINITY
               : !strcmp(op, "max") ? -INFINITY
                                    : 0.0;
    value = mlirFloatAttrDoubleGet(b->ctx, type, x);
  } else {
    w = mlirIntegerTypeGetWidth(type);
    if (!strcmp(op, "mul"))
      v = 1;
    else if (!strcmp(op, "min"))
      v = w == 64 ? INT64_MAX : INT32_MAX;
    else if (!strcmp(op, "max"))
      v = w == 64 ? INT64_MIN : INT32_MIN;
    else if (!strcmp(op, "and"))
      v = -1;
    value = mlirIntegerAttrGet(type, v);
  }
  MlirNamedAttribute attr = mdh_named_attr(b->ctx, "value", value);
  return mlirOperationGetResult(
      mdh_build_op(b, "arith.constant", 0, NULL, 1, &type, 1, &attr), 0);
}

/* Calls the runtime function mdh_<what>_<op>_<type>. */
static MlirValue call_runtime(struct mdh_kernel *k, struct mdh_builder *b,
                              const char *what, const char *op, MlirType type,
                              intptr_t n_args, const MlirValue *args) {
  MlirType arg_types[2], result = type;
  char name[64];
  intptr_t i, n_results = strcmp(what, "atomic") ? 1 : 0;
  MlirNamedAttribute attr;
  MlirOperation call;

  snprintf(name, sizeof(name), "mdh_%s_%s_%s", what, op,
           mdh_runtime_type(type));
  for (i = 0; i < n_args; ++i)
    arg_types[i] = mlirValueGetType(args[i]);
  mdh_declare_function(
      k->module, name,
      mlirFunctionTypeGet(b->ctx, n_args, arg_types, n_results, &result));
  attr = mdh_named_attr(
      b->ctx, "callee",
      mlirFlatSymbolRefAttrGet(b->ctx, mlirStringRefCreateFromCString(name)));
  call =
      mdh_build_op(b, "func.call", n_args, args, n_results, &result, 1, &attr);
  return n_results ? mlirOperationGetResult(call, 0) : (MlirValue){NULL};
}

int64_t mdh_element_bytes(MlirType type) {
  if (mlirTypeIsAFloat(type))
    return (mlirFloatTypeGetWidth(type) + 7) / 8;
  if (mlirTypeIsAInteger(type))
    return (mlirIntegerTypeGetWidth(type) + 7) / 8;
  return 8;
}

/* Returns an !llvm.ptr to element "idx" of "memref" (any strided layout),
 * for the runtime's atomics. */
static MlirValue build_element_pointer(struct mdh_builder *b, MlirValue memref,
                                       intptr_t n, const MlirValue *idx) {
  MlirType type = mlirValueGetType(memref);
  MlirType elem = mlirShapedTypeGetElementType(type);
  MlirType index = mlirIndexTypeGet(b->ctx),
           i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirType results[2 + 2 * MAX_RANK];
  MlirValue lin, addr, base;
  MlirOperation meta;
  MlirType ptr = mlirLLVMPointerTypeGet(b->ctx, 0);
  intptr_t i;

  results[0] = mlirMemRefTypeContiguousGet(elem, 0, NULL,
                                           mlirMemRefTypeGetMemorySpace(type));
  for (i = 1; i < 2 + 2 * n; ++i)
    results[i] = index;
  meta = mdh_build_op(b, "memref.extract_strided_metadata", 1, &memref,
                      2 + 2 * n, results, 0, NULL);
  lin = mlirOperationGetResult(meta, 1);
  for (i = 0; i < n; ++i)
    lin = mdh_build_binary(
        b, "arith.addi", lin,
        mdh_build_binary(b, "arith.muli", idx[i],
                         mlirOperationGetResult(meta, 2 + n + i)));
  base = mlirOperationGetResult(meta, 0);
  addr = mlirOperationGetResult(
      mdh_build_op(b, "memref.extract_aligned_pointer_as_index", 1, &base, 1,
                   &index, 0, NULL),
      0);
  addr = mdh_build_binary(
      b, "arith.addi", addr,
      mdh_build_binary(b, "arith.muli", lin,
                       mdh_build_index(b, mdh_element_bytes(elem))));
  addr = mlirOperationGetResult(
      mdh_build_op(b, "arith.index_cast", 1, &addr, 1, &i64, 0, NULL), 0);
  return mlirOperationGetResult(
      mdh_build_op(b, "llvm.inttoptr", 1, &addr, 1, &ptr, 0, NULL), 0);
}

/* Combines "v" atomically into the element "idx" of "memref". */
static void build_atomic(struct mdh_kernel *k, struct mdh_builder *b,
                         const char *op, MlirValue memref, intptr_t n,
                         const MlirValue *idx, MlirValue v) {
  MlirValue args[2];

  args[0] = build_element_pointer(b, memref, n, idx);
  args[1] = v;
  call_runtime(k, b, "atomic", op, mlirValueGetType(v), 2, args);
}

/* Combines "v" atomically into component "c" of the result at "r", at
 * every location that stores it. */
static void atomic_component(struct mdh_kernel *k, struct mdh_builder *b,
                             intptr_t c, const MlirValue *r, MlirValue v) {
  const struct mdh_component *comp = &k->info->comps[c];
  const char *op = mdh_component_operator(k->info, c);
  MlirValue at[MAX_RANK];
  int s;

  if (mlirAffineMapIsNull(comp->map)) {
    build_atomic(k, b, op, comp->buffer, k->info->stmt->rank, r, v);
    return;
  }
  for (s = 0; s < comp->n_stores; ++s) {
    mdh_build_affine_map(b, comp->store_maps[s], r, at);
    build_atomic(k, b, op, comp->store_buffers[s],
                 mlirAffineMapGetNumResults(comp->store_maps[s]), at, v);
  }
}

/* The full index point of a cc-only statement instance "cc" (pw indices 0,
 * which is also its result point). */
static void cc_point(struct mdh_builder *b, const struct mdh_kernel *k,
                     const MlirValue *cc, MlirValue *point) {
  int d, n = 0;

  for (d = 0; d < k->info->stmt->rank; ++d)
    point[d] = in_part(k, d, 0) ? cc[n++] : mdh_build_index(b, 0);
}

/* The digits of the part of the grid that a thread's partials belong to:
 * the blocks along pw dimensions and, without a block reduction, their
 * threads; digit i has "radix[i]" values, given by launch id "id[i]".
 * Returns the number of digits. */
static int part_digits(const struct mdh_kernel *k, int64_t *radix, int *id) {
  const struct mdh_dim_map *dm;
  int d, n = 0;

  for (d = 0; d < k->map.rank; ++d) {
    dm = &k->map.dims[d];
    if (in_part(k, d, 0))
      continue;
    if (mdh_dim_map_has_blocks(dm)) {
      radix[n] = dm->blocks;
      id[n++] = dm->hw;
    }
    if (mdh_dim_map_has_threads(dm) && !k->block_reduce) {
      radix[n] = dm->threads;
      id[n++] = 3 + dm->hw;
    }
  }
  return n;
}

/* The number of parts that contribute to one result point. */
static int64_t count_parts(const struct mdh_kernel *k) {
  int64_t radix[2 * MAX_RANK], n = 1;
  int id[2 * MAX_RANK], i, digits = part_digits(k, radix, id);

  for (i = 0; i < digits; ++i)
    n *= radix[i];
  return n;
}

/* The part of this thread, in [0, count_parts). */
static MlirValue build_part(struct mdh_builder *b, const struct mdh_kernel *k) {
  int64_t radix[2 * MAX_RANK];
  int id[2 * MAX_RANK], i, digits = part_digits(k, radix, id);
  MlirValue p = mdh_build_index(b, 0);

  for (i = 0; i < digits; ++i)
    p = mdh_build_binary(
        b, "arith.addi",
        mdh_build_binary(b, "arith.muli", p, mdh_build_index(b, radix[i])),
        k->ids[id[i]]);
  return p;
}

/* The linear index of result point "r" among n_result_points. */
static MlirValue build_flat_point(struct mdh_builder *b,
                                  const struct mdh_kernel *k,
                                  const MlirValue *r) {
  MlirValue flat = mdh_build_index(b, 0);
  int d;

  for (d = 0; d < k->info->stmt->rank; ++d)
    if (in_part(k, d, 0))
      flat = mdh_build_binary(
          b, "arith.addi",
          mdh_build_binary(
              b, "arith.muli", flat,
              mdh_build_index(b, mdhMdHomGetSize(k->info->stmt->hom, d))),
          r[d]);
  return flat;
}

MlirValue mdh_kernel_load_acc(struct mdh_builder *b, const struct mdh_kernel *k,
                              intptr_t c, int64_t r) {
  MlirValue at = mdh_build_index(b, r);

  return mdh_build_load(b, k->acc[c], 1, &at);
}

void mdh_kernel_store_acc(struct mdh_builder *b, const struct mdh_kernel *k,
                          intptr_t c, int64_t r, MlirValue v) {
  MlirValue at = mdh_build_index(b, r);

  mdh_build_store(b, v, k->acc[c], 1, &at);
}

/* I[c]: every accumulator := the identity of its operator. */
static void emit_init(struct mdh_builder *b, struct mdh_kernel *k) {
  intptr_t c;

  for (c = 0; c < k->info->n_results; ++c)
    mdh_kernel_store_acc(
        b, k, c, 0,
        mdh_build_identity(b, mdh_component_operator(k->info, c),
                           mdh_kernel_component_type(k->info, c)));
}

/* A[c,p]: accumulator (+)= f(inputs at the point). */
static void emit_accumulate(struct mdh_builder *b, struct mdh_kernel *k,
                            const MlirValue *idx) {
  struct mdh_stmt_info *info = k->info;
  intptr_t n = info->n_results, c;
  MlirValue *v = malloc(3 * n * sizeof(*v));

  if (!v)
    abort();
  mdh_chain_build_value(b, info, idx, NULL, 0, v);
  for (c = 0; c < n; ++c)
    v[n + c] = mdh_kernel_load_acc(b, k, c, 0);
  mdh_build_combine(b, info->oper, info->fn_type, n, v + n, v, v + 2 * n);
  for (c = 0; c < n; ++c)
    mdh_kernel_store_acc(b, k, c, 0, v[2 * n + c]);
  free(v);
}

/* Tells whether the thread is thread 0 of its block. */
static MlirValue build_is_leader(struct mdh_builder *b, struct mdh_kernel *k) {
  MlirValue zero = mdh_build_index(b, 0), all = {NULL}, eq;
  int h;

  for (h = 0; h < 3; ++h) {
    eq = mdh_build_cmpi(b, "eq", k->ids[3 + h], zero);
    all = h ? mdh_build_binary(b, "arith.andi", all, eq) : eq;
  }
  return all;
}

/* F[c]: combine the block's partials if needed, then store (one owner) or
 * combine atomically into the result. */
static void emit_finish(struct mdh_builder *b, struct mdh_kernel *k,
                        const MlirValue *cc) {
  struct mdh_stmt_info *info = k->info;
  MlirValue v[MAX_RANK], r[MAX_RANK], at[2];
  struct mdh_builder tb = *b;
  intptr_t c;

  for (c = 0; c < info->n_results; ++c) {
    v[c] = mdh_kernel_load_acc(b, k, c, 0);
    if (k->block_reduce)
      v[c] = call_runtime(k, b, "block_reduce", mdh_component_operator(info, c),
                          mdh_kernel_component_type(info, c), 1, &v[c]);
  }
  if (k->block_reduce)
    tb = mdh_build_if(b, build_is_leader(b, k));
  cc_point(&tb, k, cc, r);
  if (!k->atomic) {
    mdh_chain_store_all(&tb, info, r, v);
    return;
  }
  if (k->deterministic) {
    at[0] = build_part(&tb, k);
    at[1] = build_flat_point(&tb, k, r);
    for (c = 0; c < info->n_results; ++c)
      mdh_build_store(&tb, v[c], k->partials[c], 2, at);
    return;
  }
  for (c = 0; c < info->n_results; ++c)
    atomic_component(k, &tb, c, r, v[c]);
}

/* The statement callback of the AST translator for kernels. */
static int emit_stmt(struct mdh_builder *b, const char *name, int n,
                     const MlirValue *idx, void *user) {
  struct mdh_kernel *k = user;
  const char *stmt = k->info->stmt->name;

  if (!k->reduce && n == k->info->stmt->rank && !strcmp(name, stmt)) {
    mdh_chain_emit_instance(b, k->info, idx);
    return 0;
  }
  if (k->reduce && strlen(name) > 2 && !strcmp(name + 2, stmt)) {
    if (name[0] == 'I')
      emit_init(b, k);
    else if (name[0] == 'A')
      emit_accumulate(b, k, idx);
    else
      emit_finish(b, k, idx);
    return 0;
  }
  mlirEmitError(b->loc, "isl AST calls an unknown statement");
  return -1;
}

MlirBlock mdh_kernel_build_launch(struct mdh_builder *b, const int64_t grid[3],
                                  const int64_t block[3], int n_shared,
                                  const MlirType *shared) {
  int32_t segments[11] = {0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0};
  MlirNamedAttribute attrs[2] = {
      mdh_named_attr(b->ctx, "operandSegmentSizes",
                     mlirDenseI32ArrayGet(b->ctx, 11, segments)),
      mdh_named_attr(
          b->ctx, "workgroup_attributions",
          mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), n_shared))};
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString("gpu.launch"), b->loc);
  MlirOperationState term = mlirOperationStateGet(
      mlirStringRefCreateFromCString("gpu.terminator"), b->loc);
  MlirType index = mlirIndexTypeGet(b->ctx);
  MlirType *arg_types = malloc((12 + n_shared) * sizeof(*arg_types));
  MlirLocation *locs = malloc((12 + n_shared) * sizeof(*locs));
  MlirValue sizes[6];
  MlirRegion region = mlirRegionCreate();
  MlirBlock body;
  int i;

  if (!arg_types || !locs)
    abort();
  for (i = 0; i < 12 + n_shared; ++i) {
    arg_types[i] = i < 12 ? index : shared[i - 12];
    locs[i] = b->loc;
  }
  for (i = 0; i < 3; ++i) {
    sizes[i] = mdh_build_index(b, grid[i]);
    sizes[3 + i] = mdh_build_index(b, block[i]);
  }
  body = mlirBlockCreate(12 + n_shared, arg_types, locs);
  free(arg_types);
  free(locs);
  mlirRegionAppendOwnedBlock(region, body);
  mlirBlockAppendOwnedOperation(body, mlirOperationCreate(&term));
  mlirOperationStateAddOperands(&st, 6, sizes);
  mlirOperationStateAddAttributes(&st, n_shared ? 2 : 1, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  mdh_build_insert(b, mlirOperationCreate(&st));
  return body;
}

void mdh_kernel_alloc_accumulators(struct mdh_builder *b, struct mdh_kernel *k,
                                   int64_t n) {
  int32_t segments[2] = {0, 0};
  MlirNamedAttribute attr = mdh_named_attr(
      b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 2, segments));
  MlirType type;
  intptr_t c;

  for (c = 0; c < k->info->n_results; ++c) {
    type = mlirMemRefTypeContiguousGet(mdh_kernel_component_type(k->info, c), 1,
                                       &n, mlirAttributeGetNull());
    k->acc[c] = mlirOperationGetResult(
        mdh_build_op(b, "memref.alloca", 0, NULL, 1, &type, 1, &attr), 0);
  }
}

/* The number of result points of "k" (the product of its cc sizes). */
static int64_t n_result_points(const struct mdh_kernel *k) {
  int64_t n = 1;
  int d;

  for (d = 0; d < k->info->stmt->rank; ++d)
    if (in_part(k, d, 0))
      n *= mdhMdHomGetSize(k->info->stmt->hom, d);
  return n;
}

/* Builds a kernel over the result points of "k", one per thread of a
 * flat grid (grid-stride); "emit" emits point "r" (a full index point, pw
 * indices 0) of linear index "flat". */
static void
build_result_kernel(struct mdh_builder *b, struct mdh_kernel *k,
                    void (*emit)(struct mdh_builder *b, struct mdh_kernel *k,
                                 MlirValue flat, const MlirValue *r)) {
  int64_t points = n_result_points(k);
  int64_t blocks = (points + INIT_THREADS - 1) / INIT_THREADS;
  int64_t grid[3] = {1, 1, 1}, block[3] = {INIT_THREADS, 1, 1};
  MlirValue cc[MAX_RANK], r[MAX_RANK], flat, rest, size;
  struct mdh_builder kb, lb;
  MlirBlock body, loop;
  int d, n = 0;

  grid[0] = blocks < 65535 ? blocks : 65535;
  body = mdh_kernel_build_launch(b, grid, block, 0, NULL);
  kb = mdh_builder_before_terminator(b, body);
  flat = mdh_build_binary(&kb, "arith.addi",
                          mdh_build_binary(&kb, "arith.muli",
                                           mlirBlockGetArgument(body, 0),
                                           mdh_build_index(&kb, INIT_THREADS)),
                          mlirBlockGetArgument(body, 3));
  loop = mdh_build_for_step(&kb, flat, mdh_build_index(&kb, points),
                            mdh_build_index(&kb, grid[0] * INIT_THREADS));
  lb = mdh_builder_before_terminator(&kb, loop);
  flat = rest = mlirBlockGetArgument(loop, 0);
  for (d = k->info->stmt->rank - 1; d >= 0; --d) {
    if (!in_part(k, d, 0))
      continue;
    size = mdh_build_index(&lb, mdhMdHomGetSize(k->info->stmt->hom, d));
    cc[d] = mdh_build_binary(&lb, "arith.remsi", rest, size);
    rest = mdh_build_binary(&lb, "arith.divsi", rest, size);
  }
  for (d = 0; d < k->info->stmt->rank; ++d)
    if (in_part(k, d, 0))
      cc[n++] = cc[d];
  cc_point(&lb, k, cc, r);
  emit(&lb, k, flat, r);
}

/* The init kernel's point: every component := the identity. */
static void emit_identity(struct mdh_builder *b, struct mdh_kernel *k,
                          MlirValue flat, const MlirValue *r) {
  MlirValue v[MAX_RANK];
  intptr_t c;

  (void)flat;
  for (c = 0; c < k->info->n_results; ++c)
    v[c] = mdh_build_identity(b, mdh_component_operator(k->info, c),
                              mdh_kernel_component_type(k->info, c));
  mdh_chain_store_all(b, k->info, r, v);
}

/* The combine kernel's point (deterministic mode): every component := the
 * partials of the parts folded in part order. */
static void emit_fold(struct mdh_builder *b, struct mdh_kernel *k,
                      MlirValue flat, const MlirValue *r) {
  struct mdh_stmt_info *info = k->info;
  MlirValue v[3 * MAX_RANK], at[2], acc[MAX_RANK], zero;
  struct mdh_builder lb;
  MlirBlock loop;
  intptr_t c, n = info->n_results;
  int64_t one = 1;

  zero = mdh_build_index(b, 0);
  at[0] = zero;
  at[1] = flat;
  for (c = 0; c < n; ++c) {
    acc[c] = mdh_build_alloca(
        b, mlirMemRefTypeContiguousGet(mdh_kernel_component_type(info, c), 1,
                                       &one, mlirAttributeGetNull()));
    mdh_build_store(b, mdh_build_load(b, k->partials[c], 2, at), acc[c], 1,
                    &zero);
  }
  loop =
      mdh_build_for(b, mdh_build_index(b, 1), mdh_build_index(b, k->n_parts));
  lb = mdh_builder_before_terminator(b, loop);
  at[0] = mlirBlockGetArgument(loop, 0);
  for (c = 0; c < n; ++c) {
    v[c] = mdh_build_load(&lb, acc[c], 1, &zero);
    v[n + c] = mdh_build_load(&lb, k->partials[c], 2, at);
  }
  mdh_build_combine(&lb, info->oper, info->fn_type, n, v, v + n, v + 2 * n);
  for (c = 0; c < n; ++c)
    mdh_build_store(&lb, v[2 * n + c], acc[c], 1, &zero);
  for (c = 0; c < n; ++c)
    v[c] = mdh_build_load(b, acc[c], 1, &zero);
  mdh_chain_store_all(b, info, r, v);
}

/* Allocates the partials of the deterministic mode: per component, one
 * device buffer of parts x result points. */
static void alloc_partials(struct mdh_builder *b, struct mdh_kernel *k) {
  int64_t shape[2] = {k->n_parts, n_result_points(k)};
  intptr_t c;

  for (c = 0; c < k->info->n_results; ++c)
    k->partials[c] = build_gpu_alloc(
        b, mlirMemRefTypeContiguousGet(mdh_kernel_component_type(k->info, c), 2,
                                       shape, mlirAttributeGetNull()));
}

int mdh_kernel_translate(isl_ctx *ctx, struct mdh_kernel *k,
                         struct mdh_builder *kb, MlirBlock body,
                         __isl_keep isl_ast_node *tree,
                         int (*stmt)(struct mdh_builder *b, const char *name,
                                     int n, const MlirValue *idx, void *user),
                         void *user) {
  struct mdh_ast_params params = {0, 0, NULL, NULL};
  struct mdh_ast_target target = {stmt, user, &params};
  int h, rc;

  mdh_kernel_alloc_ids(ctx, k);
  /* The block and thread ids, and the extents of dynamic dimensions (host
   * values, which kernel outlining passes to the kernel). */
  for (h = 0; h < N_IDS; ++h) {
    k->ids[h] = mlirBlockGetArgument(body, h);
    mdh_ast_params_add(&params, isl_id_copy(k->param_ids[h]), k->ids[h]);
  }
  mdh_chain_add_params(k->chain, &params);
  rc = mdh_ast_to_mlir(kb, tree, &target);
  mdh_ast_params_clear(&params);
  mdh_kernel_free_ids(k);
  return rc;
}

/* Builds the kernel(s) of statement "info" at "b"; the owner strategy
 * follows the schedule tree "schedule". */
static int build_kernels(isl_ctx *ctx, struct mdh_builder *b,
                         struct mdh_chain *chain, struct mdh_stmt_info *info,
                         MlirOperation module,
                         __isl_keep isl_schedule *schedule,
                         __isl_keep isl_union_map *smap) {
  struct mdh_kernel k;
  struct mdh_builder kb;
  isl_ast_node *tree;
  MlirBlock body;
  intptr_t c;
  int rc;

  memset(&k, 0, sizeof(k));
  k.chain = chain;
  k.m = chain->m;
  k.info = info;
  k.module = module;
  mdh_tree_dim_order(smap, info->stmt, k.order);
  if (!read_kernel(&k))
    return -1;
  if (k.tiled)
    return mdh_kernel_build_tiled(ctx, b, &k);
  if (k.block_scan)
    return mdh_kernel_build_scan(ctx, b, &k);
  if (k.atomic && !k.deterministic)
    build_result_kernel(b, &k, &emit_identity);
  if (k.deterministic) {
    k.n_parts = count_parts(&k);
    alloc_partials(b, &k);
  }
  tree =
      k.reduce ? build_ast(ctx, &k) : mdh_kernel_owner_ast(ctx, &k, schedule);
  if (!tree) {
    mdh_isl_report(ctx, info->stmt->hom, PASS, "building the kernel");
    return -1;
  }
  body = mdh_kernel_build_launch(b, k.grid, k.block, 0, NULL);
  kb = mdh_builder_before_terminator(b, body);
  if (k.reduce)
    mdh_kernel_alloc_accumulators(&kb, &k, 1);
  rc = mdh_kernel_translate(ctx, &k, &kb, body, tree, &emit_stmt, &k);
  isl_ast_node_free(tree);
  if (rc == 0 && k.deterministic) {
    build_result_kernel(b, &k, &emit_fold);
    for (c = 0; c < info->n_results; ++c)
      mdh_build_op(b, "gpu.dealloc", 1, &k.partials[c], 0, NULL, 0, NULL);
  }
  return rc;
}

static MlirValue build_gpu_alloc(struct mdh_builder *b, MlirType type) {
  return mdh_build_alloc_sized(b, "gpu.alloc", type, 0, NULL);
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
  int n;
};

/* Returns the statement of the kernel mark "mark" of a kernel of one
 * md_hom, or NULL after a diagnostic. */
static struct mdh_stmt_info *
kernel_statement(struct kernels_data *data,
                 __isl_keep isl_schedule_node *mark) {
  isl_union_set *domain = isl_schedule_node_get_domain(mark);
  struct mdh_stmt_info *info = NULL;
  isl_set *set;

  if (isl_union_set_n_set(domain) == 1) {
    set = isl_set_from_union_set(domain);
    info = mdh_chain_find(data->chain, isl_set_get_tuple_name(set),
                          isl_set_dim(set, isl_dim_set));
    isl_set_free(set);
  } else {
    isl_union_set_free(domain);
  }
  if (!info)
    mdh_emit_error(data->func, PASS ": a kernel mark without a mapping must "
                                    "hold exactly one md_hom; run mdh-map-gpu");
  return info;
}

/* Builds the kernel(s) of the kernel mark "mark" (lib/tree.h): a kernel of
 * several md_homs from its band mapping (tree.c), a kernel of one md_hom
 * by the strategy its mapping asks for. */
static isl_stat build_kernel(__isl_keep isl_schedule_node *mark, void *user) {
  struct kernels_data *data = user;
  char *mapping = mdh_tree_kernel_mapping(mark);
  struct mdh_stmt_info *info;
  int rc;

  ++data->n;
  if (mapping) {
    rc = mdh_kernel_build_band(data->ctx, data->b, data->chain, data->schedule,
                               mark, mapping, data->func);
    free(mapping);
    return rc < 0 ? isl_stat_error : isl_stat_ok;
  }
  info = kernel_statement(data, mark);
  if (!info || build_kernels(data->ctx, data->b, data->chain, info,
                             data->module, data->schedule, data->smap) < 0)
    return isl_stat_error;
  return isl_stat_ok;
}

/* Builds the kernels of "schedule" in tree order; fails after a diagnostic
 * if one fails or the tree has no kernel marks. */
static int build_all_kernels(struct kernels_data *data) {
  if (mdh_tree_foreach_kernel(data->schedule, &build_kernel, data) < 0)
    return -1;
  if (data->n > 0)
    return 0;
  mdh_emit_error(data->func, PASS " needs the kernels of mdh-map-gpu (kernel "
                                  "marks in mdh.schedule)");
  return -1;
}

/* Generates the kernels of "func" and the host code around them. */
static int codegen_func(isl_ctx *ctx, MlirOperation func) {
  struct mdh_chain *chain = mdh_chain_alloc(ctx, func, PASS);
  struct kernels_data data;
  isl_schedule *schedule = NULL;
  struct mdh_device_copies dev = {0};
  MlirOperation module, last, op;
  struct mdh_builder b;
  int k, ok = 0;

  if (!chain)
    return 0;
  schedule = mdh_chain_read_schedule(chain, func);
  if (!schedule || !mdh_chain_check_schedule(chain, schedule, func))
    goto done;
  last = mdh_chain_end(chain, func);
  if (mlirOperationIsNull(last))
    goto done;
  module = mlirOperationGetParentOperation(func);
  b = mdh_builder_before(last);
  b.inline_calls = 1;
  b.before = mlirOperationGetNextInBlock(last);
  if (!mdh_chain_build_extent_checks(chain, &b))
    goto done;
  if (mdh_device_copies_build(&dev, &b, chain->m, PASS) < 0)
    goto done;
  mdh_chain_alloc_temps(chain, &b, "gpu.alloc");
  data = (struct kernels_data){
      ctx,    &b,   chain, schedule, isl_schedule_get_map(schedule),
      module, func, 0};
  k = build_all_kernels(&data);
  isl_union_map_free(data.smap);
  if (k < 0)
    goto done;
  mdh_device_copies_use(&dev);
  for (op = dev.first; !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (mdh_op_is(op, "gpu.launch"))
      mlirOperationWalk(op, &allow_contraction, NULL, MlirWalkPreOrder);
  mdh_device_copies_finish(&dev, &b);
  for (k = 0; k < chain->n_temps; ++k)
    mdh_build_op(&b, "gpu.dealloc", 1, &chain->temps[k], 0, NULL, 0, NULL);
  mdh_chain_erase(chain, func);
  ok = 1;
done:
  mdh_device_copies_clear(&dev);
  isl_schedule_free(schedule);
  mdh_chain_free(chain);
  return ok;
}

/* Stores in "*v" the value of "value" if an arith.constant defines it;
 * returns whether one does. */
static int constant_of(MlirValue value, int64_t *v) {
  MlirOperation def;
  MlirAttribute attr;

  if (!mlirValueIsAOpResult(value))
    return 0;
  def = mlirOpResultGetOwner(value);
  if (!mdh_op_is(def, "arith.constant"))
    return 0;
  attr = mlirOperationGetAttributeByName(
      def, mlirStringRefCreateFromCString("value"));
  if (!mlirAttributeIsAInteger(attr))
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
