/* What every strategy of mdh-codegen-gpu uses (kernel.h): reading a
 * kernel's mapping, the launch and its ids, thread ownership, the
 * accumulators, identities, and the translation of a kernel's isl AST.
 *
 * Ownership is a set of constraints on the value x of a dimension (a
 * md_hom's own, or a band member's for a kernel of several md_homs) with T
 * threads, G blocks and register tile R (LIFT's cyclic loops, Sec. 4.6):
 *
 *   thread.D(T)      x = tx + T e            ((x - tx) mod T = 0)
 *   block.D(G)       x = bx + G e            ((x - bx) mod G = 0)
 *   global.D(T,G)    x = T R bx + tx + T r + T R G e,  0 <= r < R
 *                    ((x - tx) mod T = 0 and
 *                     (floor((x - tx) / (T R)) - bx) mod G = 0)
 *
 * Every x has exactly one owner, whatever its range, so shifted band
 * members need no offsets. The register tile R sizes the blocks' tiles;
 * the tiled strategy (tile.c) deals a block tile's points to its threads
 * in runs of its own. With vec(V), the
 * constraints are on floor(x / V) instead of x: a thread owns runs of V
 * neighbouring points.
 */

#include "passes/codegen_gpu/kernel.h"
#include "dialect/operators.h"
#include "lib/ast_to_mlir.h"
#include "support/diag.h"
#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/LLVM.h"

#include <isl/aff.h>
#include <isl/local_space.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PASS "mdh-codegen-gpu"

MlirType mdh_kernel_component_type(const struct mdh_stmt_info *info,
                                   intptr_t c) {
  return mlirFunctionTypeGetResult(info->fn_type, c);
}

/* Records in "k->spread" how the mapping of "k" spreads each kind of
 * dimension. */
static void read_spread(struct mdh_kernel *k) {
  struct mdh_kernel_spread *s = &k->spread;
  const struct mdh_dim_map *dm;
  int d;

  for (d = 0; d < k->map.rank; ++d) {
    dm = &k->map.dims[d];
    if (k->info->stmt->kinds[d] == MdhCombineCC) {
      s->cc_threads |= mdh_dim_map_spreads_threads(dm);
    } else if (k->info->stmt->kinds[d] == MdhCombinePS) {
      s->ps_spread |= dm->level != MDH_LEVEL_SEQ;
    } else {
      s->pw_threads |= mdh_dim_map_spreads_threads(dm);
      s->pw_blocks |= mdh_dim_map_spreads_blocks(dm);
    }
  }
  s->pw_tiles = mdh_mapping_stages_tiles(&k->map, k->info->stmt->kinds);
}

int mdh_kernel_read_mapping(struct mdh_kernel *k, const char *text, int rank,
                            MlirOperation loc) {
  const struct mdh_stmt_info *info = k->info;
  char err[256];
  int d;

  if (mdh_mapping_parse(text, strlen(text), rank, &k->map, err, sizeof(err)) <
          0 ||
      mdh_mapping_check_limits(&k->map, err, sizeof(err)) < 0 ||
      mdh_mapping_check_vec(&k->map, info, err, sizeof(err)) < 0 ||
      (info && (mdh_mapping_check_tiles(&k->map, info, err, sizeof(err)) < 0 ||
                mdh_mapping_check_scan(&k->map, info, err, sizeof(err)) < 0))) {
    mdh_emit_error(loc, PASS ": invalid kernel mapping '%s': %s", text, err);
    return -1;
  }
  for (d = 0; d < k->map.rank; ++d) {
    if (k->map.dims[d].threads <= 0 || k->map.dims[d].blocks <= 0 ||
        (!info && k->map.dims[d].tile != 1)) {
      mdh_emit_error(loc,
                     PASS ": kernel mapping '%s': sizes of %s %d open%s; run "
                          "mdh-map-gpu",
                     text, info ? "dimension" : "band member", d,
                     info ? "" : " or tiled");
      return -1;
    }
  }
  mdh_mapping_launch_sizes(&k->map, k->grid, k->block);
  if (!info)
    return 0;
  read_spread(k);
  if ((k->spread.pw_threads || k->spread.pw_blocks) &&
      !mdh_mapping_can_reduce(info)) {
    mdh_emit_error(loc, PASS ": this md_hom's pw/ps dimensions must be seq "
                             "(a scan, a combine function or a type without "
                             "runtime reductions runs in the thread that owns "
                             "each result point)");
    return -1;
  }
  return 0;
}

int mdh_kernel_is_cc(const struct mdh_kernel *k, int d) {
  return k->info->stmt->kinds[d] == MdhCombineCC;
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

MlirAttribute mdh_kernel_workgroup_space(MlirContext ctx) {
  return mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString("#gpu.address_space<workgroup>"));
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

int mdh_kernel_translate(isl_ctx *ctx, struct mdh_kernel *k,
                         struct mdh_builder *kb, MlirBlock body,
                         __isl_keep isl_ast_node *tree,
                         int (*stmt)(struct mdh_builder *b, const char *name,
                                     int n, const MlirValue *idx, void *user),
                         void *user) {
  return mdh_kernel_translate_marks(ctx, k, kb, body, tree, stmt, NULL, user);
}

int mdh_kernel_translate_marks(
    isl_ctx *ctx, struct mdh_kernel *k, struct mdh_builder *kb, MlirBlock body,
    __isl_keep isl_ast_node *tree,
    int (*stmt)(struct mdh_builder *b, const char *name, int n,
                const MlirValue *idx, void *user),
    int (*mark)(struct mdh_builder *b, __isl_keep isl_ast_node *node,
                struct mdh_ast_scope *scope, void *user),
    void *user) {
  struct mdh_ast_params params = {0, 0, NULL, NULL};
  struct mdh_ast_target target = {stmt, mark, user, &params};
  int h, rc;

  mdh_kernel_alloc_ids(ctx, k);
  /* The block and thread ids, and the extents of dynamic dimensions (host
   * values, which kernel outlining passes to the kernel). */
  for (h = 0; h < MDH_KERNEL_N_IDS; ++h) {
    k->ids[h] = mlirBlockGetArgument(body, h);
    mdh_ast_params_add(&params, isl_id_copy(k->param_ids[h]), k->ids[h]);
  }
  mdh_chain_add_params(k->chain, &params);
  rc = mdh_ast_to_mlir(kb, tree, &target);
  mdh_ast_params_clear(&params);
  mdh_kernel_free_ids(k);
  return rc;
}

MlirValue mdh_kernel_build_linear_id(struct mdh_builder *b,
                                     const struct mdh_kernel *k) {
  MlirValue lin = k->ids[5];
  int h;

  for (h = 1; h >= 0; --h)
    lin = mdh_build_binary(
        b, "arith.addi",
        mdh_build_binary(b, "arith.muli", lin, mdh_build_index(b, k->block[h])),
        k->ids[3 + h]);
  return lin;
}

/* Returns the instances of "domain" where "x" is a multiple of "n". */
static __isl_give isl_union_set *multiple_of(__isl_take isl_union_set *domain,
                                             __isl_take isl_union_pw_aff *x,
                                             int64_t n) {
  isl_ctx *ctx = isl_union_set_get_ctx(domain);

  x = isl_union_pw_aff_mod_val(x, isl_val_int_from_si(ctx, n));
  return isl_union_set_intersect(domain, isl_union_pw_aff_zero_union_set(x));
}

/* Returns the id parameter "id" as a function on "domain". */
static __isl_give isl_union_pw_aff *param(__isl_keep isl_union_set *domain,
                                          __isl_keep isl_id *id) {
  return isl_union_pw_aff_param_on_domain_id(isl_union_set_copy(domain),
                                             isl_id_copy(id));
}

/* Returns the instances of "domain" whose value "x" the thread of the ids
 * "ids" (bx, by, bz, tx, ty, tz) owns under "dm" (see the top of this
 * file). */
__isl_give isl_union_set *mdh_kernel_owned(__isl_take isl_union_set *domain,
                                           __isl_take isl_union_pw_aff *x,
                                           const struct mdh_dim_map *dm,
                                           isl_id *const *ids) {
  isl_ctx *ctx = isl_union_set_get_ctx(domain);
  isl_union_pw_aff *tx, *bx, *q;

  if (dm->vec > 1 && dm->level != MDH_LEVEL_SEQ)
    x = isl_union_pw_aff_floor(
        isl_union_pw_aff_scale_down_val(x, isl_val_int_from_si(ctx, dm->vec)));
  switch (dm->level) {
  case MDH_LEVEL_SEQ:
    isl_union_pw_aff_free(x);
    return domain;
  case MDH_LEVEL_THREAD:
    tx = param(domain, ids[3 + dm->hw]);
    return multiple_of(domain, isl_union_pw_aff_sub(x, tx), dm->threads);
  case MDH_LEVEL_BLOCK:
    bx = param(domain, ids[dm->hw]);
    return multiple_of(domain, isl_union_pw_aff_sub(x, bx), dm->blocks);
  case MDH_LEVEL_GLOBAL:
    tx = param(domain, ids[3 + dm->hw]);
    bx = param(domain, ids[dm->hw]);
    x = isl_union_pw_aff_sub(x, tx);
    q = isl_union_pw_aff_floor(isl_union_pw_aff_scale_down_val(
        isl_union_pw_aff_copy(x),
        isl_val_int_from_si(ctx, dm->threads * dm->tile)));
    domain = multiple_of(domain, x, dm->threads);
    return multiple_of(domain, isl_union_pw_aff_sub(q, bx), dm->blocks);
  }
  isl_union_pw_aff_free(x);
  return isl_union_set_free(domain);
}

/* Returns the elements of "set" that the thread of the ids "ids" owns, set
 * dimension d being distributed under "dims[d]": "set" restricted by
 * mdh_kernel_owned on each of its dimensions in turn. */
__isl_give isl_union_set *mdh_kernel_owned_set(__isl_take isl_set *set,
                                               const struct mdh_dim_map *dims,
                                               isl_id *const *ids) {
  isl_space *space = isl_set_get_space(set);
  isl_size n = isl_set_dim(set, isl_dim_set);
  isl_union_set *domain = isl_union_set_from_set(set);
  isl_pw_aff *x;
  int d;

  if (n < 0)
    domain = isl_union_set_free(domain);
  for (d = 0; d < n; ++d) {
    x = isl_pw_aff_var_on_domain(
        isl_local_space_from_space(isl_space_copy(space)), isl_dim_set, d);
    domain = mdh_kernel_owned(domain, isl_union_pw_aff_from_pw_aff(x), &dims[d],
                              ids);
  }
  isl_space_free(space);
  return domain;
}

/* Returns the context of a kernel of "k": its ids "k->param_ids" within
 * the launch sizes, and the extents of dynamic dimensions positive. */
__isl_give isl_set *mdh_kernel_context(isl_ctx *ctx,
                                       const struct mdh_kernel *k) {
  isl_space *space = isl_space_params_alloc(ctx, MDH_KERNEL_N_IDS);
  isl_set *set;
  int i;

  for (i = 0; i < MDH_KERNEL_N_IDS; ++i)
    space = isl_space_set_dim_id(space, isl_dim_param, i,
                                 isl_id_copy(k->param_ids[i]));
  set = isl_set_universe(space);
  for (i = 0; i < MDH_KERNEL_N_IDS; ++i) {
    set = isl_set_lower_bound_si(set, isl_dim_param, i, 0);
    set = isl_set_upper_bound_si(set, isl_dim_param, i,
                                 (i < 3 ? k->grid[i] : k->block[i - 3]) - 1);
  }
  return isl_set_intersect_params(set, mdh_model_context(k->m));
}

/* Allocates the parameter ids bx, by, bz, tx, ty, tz of "k" in "ctx", in
 * the order of gpu.launch's block arguments; isl keeps one id per name, so
 * every allocation gives the same ids. */
void mdh_kernel_alloc_ids(isl_ctx *ctx, struct mdh_kernel *k) {
  static const char *const names[MDH_KERNEL_N_IDS] = {"bx", "by", "bz",
                                                      "tx", "ty", "tz"};
  int h;

  for (h = 0; h < MDH_KERNEL_N_IDS; ++h)
    k->param_ids[h] = isl_id_alloc(ctx, names[h], NULL);
}

/* Frees the parameter ids of "k". */
void mdh_kernel_free_ids(struct mdh_kernel *k) {
  int h;

  for (h = 0; h < MDH_KERNEL_N_IDS; ++h)
    k->param_ids[h] = isl_id_free(k->param_ids[h]);
}

MlirValue mdh_kernel_call_runtime(struct mdh_kernel *k, struct mdh_builder *b,
                                  const char *what, const char *op,
                                  MlirType type, intptr_t n_args,
                                  const MlirValue *args) {
  MlirType arg_types[MDH_KERNEL_MAX_RUNTIME_ARGS], result = type;
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

MlirValue mdh_kernel_element_pointer(struct mdh_builder *b, MlirValue memref,
                                     intptr_t n, const MlirValue *idx) {
  MlirType type = mlirValueGetType(memref);
  MlirType elem = mlirShapedTypeGetElementType(type);
  MlirType index = mlirIndexTypeGet(b->ctx),
           i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirType results[2 + 2 * MDH_MODEL_MAX_RANK];
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

MlirValue mdh_kernel_build_global_x(struct mdh_builder *b, MlirBlock body,
                                    int64_t threads) {
  return mdh_build_binary(b, "arith.addi",
                          mdh_build_binary(b, "arith.muli",
                                           mlirBlockGetArgument(body, 0),
                                           mdh_build_index(b, threads)),
                          mlirBlockGetArgument(body, 3));
}
