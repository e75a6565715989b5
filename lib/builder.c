/* A small IR builder over the MLIR C API (see builder.h). Ops are created in
 * generic form with their inherent attributes as named attributes. */

#include "lib/builder.h"

#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

struct mdh_builder mdh_builder_before(MlirOperation op) {
  struct mdh_builder b;

  b.ctx = mlirOperationGetContext(op);
  b.loc = mlirOperationGetLocation(op);
  b.block = mlirOperationGetBlock(op);
  b.before = op;
  b.inline_calls = 0;
  return b;
}

struct mdh_builder mdh_builder_before_terminator(struct mdh_builder *parent,
                                                 MlirBlock block) {
  struct mdh_builder b = *parent;

  b.block = block;
  b.before = mlirBlockGetTerminator(block);
  return b;
}

void mdh_build_insert(struct mdh_builder *b, MlirOperation op) {
  if (mlirOperationIsNull(b->before))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, op);
}

MlirOperation mdh_build_op(struct mdh_builder *b, const char *name,
                           intptr_t n_operands, const MlirValue *operands,
                           intptr_t n_results, const MlirType *results,
                           intptr_t n_attrs, const MlirNamedAttribute *attrs) {
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), b->loc);
  MlirOperation op;

  mlirOperationStateAddOperands(&st, n_operands, operands);
  mlirOperationStateAddResults(&st, n_results, results);
  mlirOperationStateAddAttributes(&st, n_attrs, attrs);
  op = mlirOperationCreate(&st);
  mdh_build_insert(b, op);
  return op;
}

MlirValue mdh_build_int(struct mdh_builder *b, MlirType type, int64_t value) {
  MlirNamedAttribute attr =
      mdh_named_attr(b->ctx, "value", mlirIntegerAttrGet(type, value));

  return mlirOperationGetResult(
      mdh_build_op(b, "arith.constant", 0, NULL, 1, &type, 1, &attr), 0);
}

MlirValue mdh_build_index(struct mdh_builder *b, int64_t value) {
  return mdh_build_int(b, mlirIndexTypeGet(b->ctx), value);
}

MlirValue mdh_build_binary(struct mdh_builder *b, const char *name,
                           MlirValue lhs, MlirValue rhs) {
  MlirValue operands[2] = {lhs, rhs};
  MlirType type = mlirValueGetType(lhs);

  return mlirOperationGetResult(
      mdh_build_op(b, name, 2, operands, 1, &type, 0, NULL), 0);
}

/* Builds the comparison "name" (arith.cmpi or arith.cmpf) of "lhs" and
 * "rhs" with the predicate numbered as "predicate" is in "names" (the
 * order of arith's predicate enums), of which there are "n": an i1, or a
 * vector of i1 of the operands' shape. */
static MlirValue build_compare(struct mdh_builder *b, const char *name,
                               const char *const *names, int64_t n,
                               const char *predicate, MlirValue lhs,
                               MlirValue rhs) {
  MlirValue operands[2] = {lhs, rhs};
  MlirType type = mlirValueGetType(lhs);
  MlirType i1 = mlirIntegerTypeGet(b->ctx, 1);
  MlirNamedAttribute attr;
  int64_t p = 0, i, rank, *shape;

  if (mlirTypeIsAVector(type)) {
    rank = mlirShapedTypeGetRank(type);
    shape = malloc(rank * sizeof(*shape));
    if (!shape)
      abort();
    for (i = 0; i < rank; ++i)
      shape[i] = mlirShapedTypeGetDimSize(type, i);
    i1 = mlirVectorTypeGet(rank, shape, i1);
    free(shape);
  }

  for (i = 0; i < n; ++i)
    if (!strcmp(names[i], predicate))
      p = i;
  attr = mdh_named_attr(b->ctx, "predicate",
                        mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), p));
  return mlirOperationGetResult(
      mdh_build_op(b, name, 2, operands, 1, &i1, 1, &attr), 0);
}

MlirValue mdh_build_cmpi(struct mdh_builder *b, const char *predicate,
                         MlirValue lhs, MlirValue rhs) {
  static const char *const names[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                      "sge", "ult", "ule", "ugt", "uge"};

  return build_compare(b, "arith.cmpi", names, 10, predicate, lhs, rhs);
}

MlirValue mdh_build_cmpf(struct mdh_builder *b, const char *predicate,
                         MlirValue lhs, MlirValue rhs) {
  static const char *const names[] = {
      "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
      "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};

  return build_compare(b, "arith.cmpf", names, 16, predicate, lhs, rhs);
}

/* Returns "memref" followed by the "n" "indices" in a new array. */
static MlirValue *with_indices(MlirValue first, MlirValue memref, intptr_t n,
                               const MlirValue *indices, intptr_t *count) {
  MlirValue *ops = malloc((n + 2) * sizeof(*ops));
  intptr_t k = 0, i;

  if (!ops)
    abort();
  if (!mlirValueIsNull(first))
    ops[k++] = first;
  ops[k++] = memref;
  for (i = 0; i < n; ++i)
    ops[k++] = indices[i];
  *count = k;
  return ops;
}

MlirValue mdh_build_load(struct mdh_builder *b, MlirValue memref, intptr_t n,
                         const MlirValue *indices) {
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(memref));
  intptr_t count;
  MlirValue *ops = with_indices((MlirValue){NULL}, memref, n, indices, &count);
  MlirOperation op =
      mdh_build_op(b, "memref.load", count, ops, 1, &elem, 0, NULL);

  free(ops);
  return mlirOperationGetResult(op, 0);
}

void mdh_build_store(struct mdh_builder *b, MlirValue value, MlirValue memref,
                     intptr_t n, const MlirValue *indices) {
  intptr_t count;
  MlirValue *ops = with_indices(value, memref, n, indices, &count);

  mdh_build_op(b, "memref.store", count, ops, 0, NULL, 0, NULL);
  free(ops);
}

MlirValue mdh_build_dim(struct mdh_builder *b, MlirValue memref, intptr_t d) {
  MlirValue operands[2] = {memref, mdh_build_index(b, d)};
  MlirType index = mlirIndexTypeGet(b->ctx);

  return mlirOperationGetResult(
      mdh_build_op(b, "memref.dim", 2, operands, 1, &index, 0, NULL), 0);
}

MlirValue mdh_build_alloc_sized(struct mdh_builder *b, const char *name,
                                MlirType type, intptr_t n,
                                const MlirValue *sizes) {
  int gpu = !strcmp(name, "gpu.alloc");
  /* gpu.alloc: async dependencies, dynamic sizes, symbols; memref.alloc and
   * memref.alloca: dynamic sizes, symbols. */
  int32_t segments[3] = {0, 0, 0};
  MlirNamedAttribute attr;

  segments[gpu] = (int32_t)n;
  attr = mdh_named_attr(b->ctx, "operandSegmentSizes",
                        mlirDenseI32ArrayGet(b->ctx, 2 + gpu, segments));
  return mlirOperationGetResult(
      mdh_build_op(b, name, n, sizes, 1, &type, 1, &attr), 0);
}

MlirValue mdh_build_alloc_extents(struct mdh_builder *b, const char *name,
                                  MlirType elem, intptr_t rank,
                                  const int64_t *sizes,
                                  const MlirValue *extents) {
  int64_t *shape = malloc((rank + 1) * sizeof(*shape));
  MlirValue *dyn = malloc((rank + 1) * sizeof(*dyn)), result;
  intptr_t d, n = 0;

  if (!shape || !dyn)
    abort();
  for (d = 0; d < rank; ++d) {
    shape[d] = sizes[d] < 0 ? mlirShapedTypeGetDynamicSize() : sizes[d];
    if (sizes[d] < 0)
      dyn[n++] = extents[d];
  }
  result = mdh_build_alloc_sized(
      b, name,
      mlirMemRefTypeContiguousGet(elem, rank, shape, mlirAttributeGetNull()), n,
      dyn);
  free(shape);
  free(dyn);
  return result;
}

MlirValue mdh_build_alloc_like(struct mdh_builder *b, const char *name,
                               MlirType type, MlirValue like) {
  intptr_t rank = mlirShapedTypeGetRank(type), d, n = 0;
  MlirValue *sizes = malloc((rank + 1) * sizeof(*sizes));
  MlirValue result;

  if (!sizes)
    abort();
  for (d = 0; d < rank; ++d)
    if (mlirShapedTypeIsDynamicDim(type, d))
      sizes[n++] = mdh_build_dim(b, like, d);
  result = mdh_build_alloc_sized(b, name, type, n, sizes);
  free(sizes);
  return result;
}

MlirValue mdh_build_alloc(struct mdh_builder *b, MlirType type) {
  return mdh_build_alloc_sized(b, "memref.alloc", type, 0, NULL);
}

MlirValue mdh_build_alloca(struct mdh_builder *b, MlirType type) {
  return mdh_build_alloc_sized(b, "memref.alloca", type, 0, NULL);
}

void mdh_build_dealloc(struct mdh_builder *b, MlirValue memref) {
  mdh_build_op(b, "memref.dealloc", 1, &memref, 0, NULL, 0, NULL);
}

/* Returns a region of one block ending in `scf.yield`, with "n_args"
 * arguments of type "arg_type"; the block is stored in "block". */
static MlirRegion yield_region(struct mdh_builder *b, intptr_t n_args,
                               MlirType arg_type, MlirBlock *block) {
  MlirRegion region = mlirRegionCreate();
  MlirBlock body = mlirBlockCreate(n_args, &arg_type, &b->loc);
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString("scf.yield"), b->loc);

  mlirRegionAppendOwnedBlock(region, body);
  mlirBlockAppendOwnedOperation(body, mlirOperationCreate(&st));
  *block = body;
  return region;
}

MlirBlock mdh_build_for(struct mdh_builder *b, MlirValue lb, MlirValue ub) {
  return mdh_build_for_step(b, lb, ub, mdh_build_index(b, 1));
}

MlirBlock mdh_build_for_step(struct mdh_builder *b, MlirValue lb, MlirValue ub,
                             MlirValue step) {
  MlirValue operands[3] = {lb, ub, step};
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString("scf.for"), b->loc);
  MlirBlock body;
  MlirRegion region = yield_region(b, 1, mlirIndexTypeGet(b->ctx), &body);

  mlirOperationStateAddOperands(&st, 3, operands);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  mdh_build_insert(b, mlirOperationCreate(&st));
  return body;
}

MlirBlock mdh_build_parallel(struct mdh_builder *b, MlirValue lb, MlirValue ub,
                             MlirValue step) {
  MlirValue operands[3] = {lb, ub, step};
  int32_t segments[4] = {1, 1, 1, 0};
  MlirNamedAttribute attr = mdh_named_attr(
      b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 4, segments));
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString("scf.parallel"), b->loc);
  MlirType index = mlirIndexTypeGet(b->ctx);
  MlirRegion region = mlirRegionCreate();
  MlirBlock body = mlirBlockCreate(1, &index, &b->loc);
  MlirOperationState reduce = mlirOperationStateGet(
      mlirStringRefCreateFromCString("scf.reduce"), b->loc);

  mlirRegionAppendOwnedBlock(region, body);
  mlirBlockAppendOwnedOperation(body, mlirOperationCreate(&reduce));
  mlirOperationStateAddOperands(&st, 3, operands);
  mlirOperationStateAddAttributes(&st, 1, &attr);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  mdh_build_insert(b, mlirOperationCreate(&st));
  return body;
}

void mdh_build_if_else(struct mdh_builder *b, MlirValue cond, MlirBlock *then_b,
                       MlirBlock *else_b) {
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString("scf.if"), b->loc);
  MlirRegion regions[2];

  regions[0] = yield_region(b, 0, mlirIndexTypeGet(b->ctx), then_b);
  regions[1] = yield_region(b, 0, mlirIndexTypeGet(b->ctx), else_b);
  mlirOperationStateAddOperands(&st, 1, &cond);
  mlirOperationStateAddOwnedRegions(&st, 2, regions);
  mdh_build_insert(b, mlirOperationCreate(&st));
}

struct mdh_builder mdh_build_if(struct mdh_builder *b, MlirValue cond) {
  MlirBlock then_b, else_b;

  mdh_build_if_else(b, cond, &then_b, &else_b);
  return mdh_builder_before_terminator(b, then_b);
}

/* Copies the body of "callee", if it is a function of one block, to the
 * insertion point of "b" with its arguments replaced by "args", and stores
 * the values it returns in "results". Returns 0, or -1 (nothing built) if
 * "callee" is not such a function. The body is moved out of a clone, since
 * the C API has no clone with a value mapping. */
static int build_inlined(struct mdh_builder *b, MlirOperation callee,
                         intptr_t n_args, const MlirValue *args,
                         MlirValue *results) {
  MlirOperation clone, op, next;
  MlirBlock body;
  intptr_t i;

  if (mlirOperationIsNull(callee) || !mdh_op_is(callee, "func.func"))
    return -1;
  body = mlirRegionGetFirstBlock(mlirOperationGetRegion(callee, 0));
  if (mlirBlockIsNull(body) ||
      !mlirBlockIsNull(mlirBlockGetNextInRegion(body)) ||
      mlirBlockGetNumArguments(body) != n_args)
    return -1;
  clone = mlirOperationClone(callee);
  body = mlirRegionGetFirstBlock(mlirOperationGetRegion(clone, 0));
  for (i = 0; i < n_args; ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, i), args[i]);
  for (op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (mlirOperationIsNull(next)) {
      for (i = 0; i < mlirOperationGetNumOperands(op); ++i)
        results[i] = mlirOperationGetOperand(op, i);
      break;
    }
    mlirOperationRemoveFromParent(op);
    mdh_build_insert(b, op);
  }
  mlirOperationDestroy(clone);
  return 0;
}

void mdh_build_call(struct mdh_builder *b, MlirStringRef callee,
                    MlirType fn_type, intptr_t n_args, const MlirValue *args,
                    MlirValue *results) {
  intptr_t n = mlirFunctionTypeGetNumResults(fn_type), i;
  MlirType *types = malloc((n ? n : 1) * sizeof(*types));
  MlirNamedAttribute attr = mdh_named_attr(
      b->ctx, "callee", mlirFlatSymbolRefAttrGet(b->ctx, callee));
  MlirOperation call;

  if (!types)
    abort();
  if (b->inline_calls &&
      build_inlined(
          b, mdh_lookup_symbol(mlirBlockGetParentOperation(b->block), callee),
          n_args, args, results) == 0) {
    free(types);
    return;
  }
  for (i = 0; i < n; ++i)
    types[i] = mlirFunctionTypeGetResult(fn_type, i);
  call = mdh_build_op(b, "func.call", n_args, args, n, types, 1, &attr);
  for (i = 0; i < n; ++i)
    results[i] = mlirOperationGetResult(call, i);
  free(types);
}

MlirValue mdh_build_select(struct mdh_builder *b, MlirValue cond,
                           MlirValue then, MlirValue other) {
  MlirValue operands[3] = {cond, then, other};
  MlirType type = mlirValueGetType(then);

  return mlirOperationGetResult(
      mdh_build_op(b, "arith.select", 3, operands, 1, &type, 0, NULL), 0);
}

/* Builds "lhs mod rhs" with a non-negative result for a positive "rhs". */
static MlirValue build_mod(struct mdh_builder *b, MlirValue lhs,
                           MlirValue rhs) {
  MlirValue rem = mdh_build_binary(b, "arith.remsi", lhs, rhs);
  MlirValue neg = mdh_build_cmpi(b, "slt", rem, mdh_build_index(b, 0));
  MlirValue fixed = mdh_build_binary(b, "arith.addi", rem, rhs);

  return mdh_build_select(b, neg, fixed, rem);
}

MlirValue mdh_build_affine_expr(struct mdh_builder *b, MlirAffineExpr expr,
                                const MlirValue *dims) {
  MlirValue lhs, rhs;

  if (mlirAffineExprIsADim(expr))
    return dims[mlirAffineDimExprGetPosition(expr)];
  if (mlirAffineExprIsAConstant(expr))
    return mdh_build_index(b, mlirAffineConstantExprGetValue(expr));
  lhs = mdh_build_affine_expr(b, mlirAffineBinaryOpExprGetLHS(expr), dims);
  rhs = mdh_build_affine_expr(b, mlirAffineBinaryOpExprGetRHS(expr), dims);
  if (mlirAffineExprIsAAdd(expr))
    return mdh_build_binary(b, "arith.addi", lhs, rhs);
  if (mlirAffineExprIsAMul(expr))
    return mdh_build_binary(b, "arith.muli", lhs, rhs);
  if (mlirAffineExprIsAMod(expr))
    return build_mod(b, lhs, rhs);
  if (mlirAffineExprIsAFloorDiv(expr))
    return mdh_build_binary(b, "arith.floordivsi", lhs, rhs);
  return mdh_build_binary(b, "arith.ceildivsi", lhs, rhs);
}

void mdh_build_affine_map(struct mdh_builder *b, MlirAffineMap map,
                          const MlirValue *dims, MlirValue *results) {
  intptr_t r, n = mlirAffineMapGetNumResults(map);

  for (r = 0; r < n; ++r)
    results[r] = mdh_build_affine_expr(b, mlirAffineMapGetResult(map, r), dims);
}

void mdh_declare_function(MlirOperation module, const char *name,
                          MlirType type) {
  MlirContext ctx = mlirOperationGetContext(module);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirStringRef sym = mlirStringRefCreateFromCString(name);
  MlirNamedAttribute attrs[3];
  MlirOperationState st;
  MlirRegion region;

  if (!mlirOperationIsNull(mdh_lookup_symbol(module, sym)))
    return;
  attrs[0] = mdh_named_attr(ctx, "sym_name", mlirStringAttrGet(ctx, sym));
  attrs[1] = mdh_named_attr(ctx, "function_type", mlirTypeAttrGet(type));
  attrs[2] = mdh_named_attr(
      ctx, "sym_visibility",
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("private")));
  st = mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"),
                             mlirLocationUnknownGet(ctx));
  mlirOperationStateAddAttributes(&st, 3, attrs);
  region = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  mlirBlockInsertOwnedOperation(body, 0, mlirOperationCreate(&st));
}

MlirOperation mdh_build_private_function(MlirSymbolTable table, MlirContext ctx,
                                         const char *name, int n_args,
                                         const MlirType *args, int n_results,
                                         const MlirType *results,
                                         MlirBlock *entry) {
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirLocation *locs = malloc((n_args + 1) * sizeof(*locs));
  MlirType type = mlirFunctionTypeGet(ctx, n_args, args, n_results, results);
  MlirNamedAttribute attrs[3];
  MlirOperationState st;
  MlirRegion region = mlirRegionCreate();
  MlirOperation func;
  int i;

  if (!locs)
    abort();
  for (i = 0; i < n_args; ++i)
    locs[i] = loc;
  *entry = mlirBlockCreate(n_args, args, locs);
  free(locs);
  mlirRegionAppendOwnedBlock(region, *entry);
  attrs[0] = mdh_named_attr(
      ctx, "sym_name",
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(name)));
  attrs[1] = mdh_named_attr(ctx, "function_type", mlirTypeAttrGet(type));
  attrs[2] = mdh_named_attr(
      ctx, "sym_visibility",
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("private")));
  st = mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), loc);
  mlirOperationStateAddAttributes(&st, 3, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  func = mlirOperationCreate(&st);
  mlirSymbolTableInsert(table, func);
  return func;
}

void mdh_build_return(MlirContext ctx, MlirBlock entry, int n,
                      const MlirValue *values) {
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString("func.return"),
                            mlirLocationUnknownGet(ctx));

  mlirOperationStateAddOperands(&st, n, values);
  mlirBlockAppendOwnedOperation(entry, mlirOperationCreate(&st));
}

MlirOperation mdh_identity_function(struct mdh_identity_functions *ids,
                                    MlirType type) {
  MlirContext ctx = mlirTypeGetContext(type);
  MlirBlock entry;
  MlirValue x;
  int k;

  for (k = 0; k < ids->n; ++k)
    if (mlirTypeEqual(ids->types[k], type))
      return ids->fns[k];
  ids->types = realloc(ids->types, (k + 1) * sizeof(*ids->types));
  ids->fns = realloc(ids->fns, (k + 1) * sizeof(*ids->fns));
  if (!ids->types || !ids->fns)
    abort();
  ids->types[k] = type;
  ids->fns[k] = mdh_build_private_function(ids->table, ctx, ids->name, 1, &type,
                                           1, &type, &entry);
  x = mlirBlockGetArgument(entry, 0);
  mdh_build_return(ctx, entry, 1, &x);
  return ids->fns[ids->n++];
}

void mdh_identity_functions_clear(struct mdh_identity_functions *ids) {
  free(ids->types);
  free(ids->fns);
  ids->types = NULL;
  ids->fns = NULL;
  ids->n = 0;
}

int mdh_type_bits(MlirType type) {
  if (mlirTypeIsAFloat(type))
    return (int)mlirFloatTypeGetWidth(type);
  if (mlirTypeIsAInteger(type))
    return (int)mlirIntegerTypeGetWidth(type);
  return 0;
}

int64_t mdh_element_bytes(MlirType type) {
  int bits = mdh_type_bits(type);

  return bits ? (bits + 7) / 8 : 8;
}
