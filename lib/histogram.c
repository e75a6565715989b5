/* Recognising histograms among md_homs (histogram.h). */

#include "lib/histogram.h"
#include "lib/mapping.h"
#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

/* How deep depends_on follows definitions before it gives up (and answers
 * yes): scalar functions are a few ops. */
#define MAX_DEPTH 64

/* The predicate number of `eq` in arith.cmpi (arith::CmpIPredicate). */
#define CMPI_EQ 0

/* Tells whether "value" may depend on "arg", a block argument of the
 * function body: through the operands of the ops that define it, or
 * through anything the walk does not follow (regions, depth). */
static int depends_on(MlirValue value, MlirValue arg, int depth) {
  MlirOperation def;
  intptr_t i;

  if (mlirValueEqual(value, arg))
    return 1;
  if (!mlirValueIsAOpResult(value))
    return 0;
  def = mlirOpResultGetOwner(value);
  if (depth > MAX_DEPTH || mlirOperationGetNumRegions(def) > 0)
    return 1;
  for (i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (depends_on(mlirOperationGetOperand(def, i), arg, depth + 1))
      return 1;
  return 0;
}

/* Tells whether "value" is "arg" or arith.index_cast of it. */
static int is_bin_index(MlirValue value, MlirValue arg) {
  MlirOperation def;

  if (mlirValueEqual(value, arg))
    return 1;
  if (!mlirValueIsAOpResult(value))
    return 0;
  def = mlirOpResultGetOwner(value);
  return mdh_op_is(def, "arith.index_cast") &&
         mlirValueEqual(mlirOperationGetOperand(def, 0), arg);
}

/* Tells whether "value" is an arith.constant zero. */
static int is_zero(MlirValue value) {
  MlirAttribute attr = mdh_constant_attr(value);

  if (mlirAttributeIsNull(attr))
    return 0;
  if (mlirAttributeIsAInteger(attr))
    return mlirIntegerAttrGetValueInt(attr) == 0;
  return mlirAttributeIsAFloat(attr) && mlirFloatAttrGetValueDouble(attr) == 0;
}

int mdh_histogram_parts(MlirValue result, MlirValue bin_arg, MlirValue *v,
                        MlirValue *w) {
  MlirOperation select, cmp;
  MlirAttribute pred;
  MlirValue p, q;

  if (!mlirValueIsAOpResult(result))
    return -1;
  select = mlirOpResultGetOwner(result);
  if (!mdh_op_is(select, "arith.select") ||
      !mlirValueIsAOpResult(mlirOperationGetOperand(select, 0)) ||
      !is_zero(mlirOperationGetOperand(select, 2)))
    return -1;
  cmp = mlirOpResultGetOwner(mlirOperationGetOperand(select, 0));
  pred = mlirOperationGetAttributeByName(
      cmp, mlirStringRefCreateFromCString("predicate"));
  if (!mdh_op_is(cmp, "arith.cmpi") || mlirAttributeIsNull(pred) ||
      !mlirAttributeIsAInteger(pred) ||
      mlirIntegerAttrGetValueInt(pred) != CMPI_EQ)
    return -1;
  p = mlirOperationGetOperand(cmp, 0);
  q = mlirOperationGetOperand(cmp, 1);
  if (is_bin_index(q, bin_arg))
    *v = p;
  else if (is_bin_index(p, bin_arg))
    *v = q;
  else
    return -1;
  *w = mlirOperationGetOperand(select, 1);
  return 0;
}

/* Tells whether no view of "hom" reads its inputs at an index that depends
 * on dimension "d". */
static int inputs_ignore(MlirOperation hom, int d) {
  MlirOperation view;
  intptr_t i, a;

  for (i = 0; i < mlirOperationGetNumOperands(hom); ++i) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, i));
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a)
      if (mdh_affine_map_uses_dim(mdhViewGetAccess(view, a), d))
        return 0;
  }
  return 1;
}

/* Tells whether the "bins" values 0 .. bins-1 stay distinct and
 * non-negative when cast to the type of "v". */
static int bins_fit(MlirValue v, int64_t bins) {
  MlirType type = mlirValueGetType(v);
  unsigned width;

  if (mlirTypeIsAIndex(type))
    return 1;
  if (!mlirTypeIsAInteger(type))
    return 0;
  width = mlirIntegerTypeGetWidth(type);
  return width >= 64 || (width > 1 && bins <= ((int64_t)1 << (width - 1)));
}

int mdh_histogram_match(const struct mdh_stmt_info *info, int *bin_dim) {
  MlirOperation hom = info->stmt->hom, fn, ret;
  const char *op;
  MlirBlock body;
  MlirValue bin, v, w;
  int d, n_cc = 0, n_pw = 0;

  if (!mdhMdHomIsIndexAware(hom) || info->n_results != 1)
    return 0;
  op = mdh_component_operator(info, 0);
  if (!op || strcmp(op, "add") ||
      !mdh_runtime_type(mlirFunctionTypeGetResult(info->fn_type, 0)))
    return 0;
  for (d = 0; d < info->stmt->rank; ++d) {
    if (info->stmt->kinds[d] == MdhCombinePS)
      return 0;
    if (info->stmt->kinds[d] == MdhCombineCC) {
      *bin_dim = d;
      ++n_cc;
    } else {
      ++n_pw;
    }
  }
  if (n_cc != 1 || n_pw == 0 || !inputs_ignore(hom, *bin_dim))
    return 0;
  fn = mdh_lookup_symbol(hom, mdhMdHomGetScalarFunction(hom));
  if (mlirOperationIsNull(fn) || !mdh_op_is(fn, "func.func"))
    return 0;
  body = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  if (mlirBlockIsNull(body) ||
      !mlirBlockIsNull(mlirBlockGetNextInRegion(body)) ||
      mlirBlockGetNumArguments(body) <= *bin_dim)
    return 0;
  ret = mlirBlockGetTerminator(body);
  if (mlirOperationIsNull(ret) || mlirOperationGetNumOperands(ret) != 1)
    return 0;
  bin = mlirBlockGetArgument(body, *bin_dim);
  return mdh_histogram_parts(mlirOperationGetOperand(ret, 0), bin, &v, &w) ==
             0 &&
         !depends_on(v, bin, 0) && !depends_on(w, bin, 0) &&
         bins_fit(v, mdhMdHomGetSize(hom, *bin_dim));
}
