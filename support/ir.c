/* Generic helpers over the MLIR C API (support/ir.h). */

#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

MlirNamedAttribute mdh_named_attr(MlirContext ctx, const char *name,
                                  MlirAttribute attr) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), attr);
}

int mdh_op_is(MlirOperation op, const char *name) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));

  return s.length == strlen(name) && !memcmp(s.data, name, s.length);
}

MlirOperation mdh_lookup_symbol(MlirOperation op, MlirStringRef sym) {
  MlirOperation module = op, found;
  MlirSymbolTable table;

  while (!mlirOperationIsNull(module) && !mdh_op_is(module, "builtin.module"))
    module = mlirOperationGetParentOperation(module);
  if (mlirOperationIsNull(module) || sym.length == 0)
    return (MlirOperation){NULL};
  table = mlirSymbolTableCreate(module);
  found = mlirSymbolTableLookup(table, sym);
  mlirSymbolTableDestroy(table);
  return found;
}

MlirStringRef mdh_func_name(MlirOperation func) {
  MlirAttribute name = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("sym_name"));

  if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
    return mlirStringRefCreate("", 0);
  return mlirStringAttrGetValue(name);
}

MlirType mdh_func_type(MlirOperation func) {
  return mlirTypeAttrGetValue(mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type")));
}

/* Internal data structure for collect_op: the name sought and the list. */
struct collect_data {
  const char *name;
  struct mdh_op_list list;
};

void mdh_op_list_push(struct mdh_op_list *list, MlirOperation op) {
  if (list->n == list->cap) {
    list->cap = list->cap ? 2 * list->cap : 16;
    list->ops = realloc(list->ops, list->cap * sizeof(*list->ops));
    if (!list->ops)
      abort();
  }
  list->ops[list->n++] = op;
}

static MlirWalkResult collect_op(MlirOperation op, void *user) {
  struct collect_data *data = user;

  if (mdh_op_is(op, data->name))
    mdh_op_list_push(&data->list, op);
  return MlirWalkResultAdvance;
}

struct mdh_op_list mdh_collect_ops(MlirOperation root, const char *name) {
  struct collect_data data = {name, {NULL, 0, 0}};

  mlirOperationWalk(root, &collect_op, &data, MlirWalkPreOrder);
  return data.list;
}

MlirAttribute mdh_constant_attr(MlirValue value) {
  MlirOperation def;

  if (!mlirValueIsAOpResult(value))
    return mlirAttributeGetNull();
  def = mlirOpResultGetOwner(value);
  if (!mdh_op_is(def, "arith.constant"))
    return mlirAttributeGetNull();
  return mlirOperationGetAttributeByName(
      def, mlirStringRefCreateFromCString("value"));
}

int mdh_op_is_memref_view(MlirOperation op) {
  static const char *const views[] = {
      "memref.subview",          "memref.cast",
      "memref.reinterpret_cast", "memref.collapse_shape",
      "memref.expand_shape",     "memref.view",
      "memref.transpose",        "memref.memory_space_cast",
      "memref.assume_alignment"};
  size_t k;

  for (k = 0; k < sizeof(views) / sizeof(views[0]); ++k)
    if (mdh_op_is(op, views[k]))
      return mlirOperationGetNumOperands(op) > 0;
  return 0;
}

MlirOperation mdh_value_find_use(MlirValue value,
                                 int (*allowed)(MlirOperation user)) {
  MlirOpOperand use;
  MlirOperation user, found;
  intptr_t i;

  for (use = mlirValueGetFirstUse(value); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    user = mlirOpOperandGetOwner(use);
    if (!mdh_op_is_memref_view(user) || mlirOpOperandGetOperandNumber(use)) {
      if (!allowed(user))
        return user;
      continue;
    }
    for (i = 0; i < mlirOperationGetNumResults(user); ++i) {
      found = mdh_value_find_use(mlirOperationGetResult(user, i), allowed);
      if (!mlirOperationIsNull(found))
        return found;
    }
  }
  return (MlirOperation){NULL};
}

/* Returns the view op defining "value", or null. */
static MlirOperation view_op(MlirValue value) {
  MlirOperation op;

  if (!mlirValueIsAOpResult(value))
    return (MlirOperation){NULL};
  op = mlirOpResultGetOwner(value);
  return mdh_op_is_memref_view(op) ? op : (MlirOperation){NULL};
}

MlirValue mdh_value_base(MlirValue value) {
  MlirOperation op;

  while (!mlirOperationIsNull(op = view_op(value)))
    value = mlirOperationGetOperand(op, 0);
  return value;
}

int mdh_values_alias(MlirValue a, MlirValue b) {
  return mlirValueEqual(mdh_value_base(a), mdh_value_base(b));
}

/* Internal data structure for find_buffer_use: the buffers and the op
 * found to use one of them. */
struct buffer_use {
  const MlirValue *bufs;
  size_t n;
  MlirOperation user;
};

/* Stops the walk at "op" if it uses a view of a buffer of "user". */
static MlirWalkResult find_buffer_use(MlirOperation op, void *user) {
  struct buffer_use *data = user;
  intptr_t i, n = mlirOperationGetNumOperands(op);
  size_t k;

  if (mdh_op_is_memref_view(op) || mdh_op_is(op, "memref.dim"))
    return MlirWalkResultAdvance;
  for (i = 0; i < n; ++i)
    for (k = 0; k < data->n; ++k)
      if (mdh_values_alias(mlirOperationGetOperand(op, i), data->bufs[k])) {
        data->user = op;
        return MlirWalkResultInterrupt;
      }
  return MlirWalkResultAdvance;
}

MlirOperation mdh_op_find_buffer_user(MlirOperation op, const MlirValue *bufs,
                                      size_t n) {
  struct buffer_use data = {bufs, n, {NULL}};

  mlirOperationWalk(op, &find_buffer_use, &data, MlirWalkPreOrder);
  return data.user;
}

int mdh_value_layout(MlirValue value, int64_t *strides, int64_t *offset) {
  MlirType type = mlirValueGetType(value);
  MlirType elt = mlirShapedTypeGetElementType(type);
  intptr_t d, rank = mlirShapedTypeGetRank(type);
  MlirValue v;
  MlirOperation op;

  for (v = value; !mlirOperationIsNull(op = view_op(v));
       v = mlirOperationGetOperand(op, 0))
    if (mdh_op_is(op, "memref.view"))
      return 0;
  if (!mlirTypeEqual(mlirShapedTypeGetElementType(mlirValueGetType(v)), elt) ||
      mlirLogicalResultIsFailure(
          mlirMemRefTypeGetStridesAndOffset(type, strides, offset)) ||
      mlirShapedTypeIsDynamicStrideOrOffset(*offset))
    return 0;
  for (d = 0; d < rank; ++d)
    if (mlirShapedTypeIsDynamicStrideOrOffset(strides[d]))
      return 0;
  return 1;
}

/* Tells whether the view ops "a" and "b" have the same name, attributes
 * and result types, and the same operands after the first. */
static int same_view_op(MlirOperation a, MlirOperation b) {
  intptr_t i, n = mlirOperationGetNumOperands(a);
  intptr_t n_attr = mlirOperationGetNumAttributes(a);

  if (!mlirIdentifierEqual(mlirOperationGetName(a), mlirOperationGetName(b)) ||
      n != mlirOperationGetNumOperands(b) ||
      n_attr != mlirOperationGetNumAttributes(b) ||
      !mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(a, 0)),
                     mlirValueGetType(mlirOperationGetResult(b, 0))))
    return 0;
  for (i = 1; i < n; ++i)
    if (!mlirValueEqual(mlirOperationGetOperand(a, i),
                        mlirOperationGetOperand(b, i)))
      return 0;
  for (i = 0; i < n_attr; ++i) {
    MlirNamedAttribute x = mlirOperationGetAttribute(a, i);
    MlirAttribute y =
        mlirOperationGetAttributeByName(b, mlirIdentifierStr(x.name));
    if (mlirAttributeIsNull(y) || !mlirAttributeEqual(x.attribute, y))
      return 0;
  }
  return 1;
}

int mdh_values_same_view(MlirValue a, MlirValue b) {
  MlirOperation x, y;

  while (!mlirValueEqual(a, b)) {
    x = view_op(a);
    y = view_op(b);
    if (mlirOperationIsNull(x) || mlirOperationIsNull(y) || !same_view_op(x, y))
      return 0;
    a = mlirOperationGetOperand(x, 0);
    b = mlirOperationGetOperand(y, 0);
  }
  return 1;
}

int mdh_affine_map_uses_dim(MlirAffineMap map, int d) {
  intptr_t i;

  for (i = 0; i < mlirAffineMapGetNumResults(map); ++i)
    if (mlirAffineExprIsFunctionOfDim(mlirAffineMapGetResult(map, i), d))
      return 1;
  return 0;
}

/* Tells whether "e" uses one of the "n" dimensions from "lo" on. */
static int uses_dims(MlirAffineExpr e, int lo, int n) {
  int i;

  for (i = 0; i < n; ++i)
    if (mlirAffineExprIsFunctionOfDim(e, lo + i))
      return 1;
  return 0;
}

int mdh_affine_expr_add_coefficients(MlirAffineExpr e, int lo, int n,
                                     int64_t scale, int64_t *coef) {
  MlirAffineExpr lhs, rhs;
  int64_t c;
  int d;

  if (!uses_dims(e, lo, n))
    return 1;
  if (mlirAffineExprIsADim(e)) {
    d = (int)mlirAffineDimExprGetPosition(e) - lo;
    return !__builtin_add_overflow(coef[d], scale, &coef[d]);
  }
  if (mlirAffineExprIsAAdd(e))
    return mdh_affine_expr_add_coefficients(mlirAffineBinaryOpExprGetLHS(e), lo,
                                            n, scale, coef) &&
           mdh_affine_expr_add_coefficients(mlirAffineBinaryOpExprGetRHS(e), lo,
                                            n, scale, coef);
  if (!mlirAffineExprIsAMul(e))
    return 0;
  lhs = mlirAffineBinaryOpExprGetLHS(e);
  rhs = mlirAffineBinaryOpExprGetRHS(e);
  if (mlirAffineExprIsAConstant(lhs)) {
    lhs = rhs;
    rhs = mlirAffineBinaryOpExprGetLHS(e);
  }
  return mlirAffineExprIsAConstant(rhs) &&
         !__builtin_mul_overflow(mlirAffineConstantExprGetValue(rhs), scale,
                                 &c) &&
         mdh_affine_expr_add_coefficients(lhs, lo, n, c, coef);
}
