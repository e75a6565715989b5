/* Statement bodies shared by the lowerings of a md_hom (see stmt.h). */

#include "lib/stmt.h"
#include "dialect/attrs.h"
#include "dialect/operators.h"

#include "mdh-c/Dialect.h"
#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

#define MAX_RANK 64

MlirValue mdh_redirect_access(struct mdh_builder *b, MlirValue buffer,
                              intptr_t n, MlirValue *idx,
                              const struct mdh_redirect *redirects,
                              int n_redirects) {
  const struct mdh_redirect *r;
  intptr_t i;

  for (r = redirects; r < redirects + n_redirects; ++r) {
    if (!mlirValueEqual(r->buffer, buffer))
      continue;
    for (i = 0; i < n; ++i)
      idx[i] = r->offset
                   ? mdh_build_binary(b, "arith.subi", idx[i], r->offset[i])
                   : mdh_build_index(b, 0);
    return r->copy;
  }
  return buffer;
}

intptr_t mdh_build_read_arguments(struct mdh_builder *b, MlirOperation hom,
                                  const MlirValue *ivs,
                                  const struct mdh_redirect *redirects,
                                  int n_redirects, MlirValue *args) {
  intptr_t n = 0, v, a, na, na_idx, rank = mdhMdHomGetRank(hom);
  MlirOperation view;
  MlirAffineMap map;
  MlirValue idx[MAX_RANK];
  MlirValue buffer;

  if (mdhMdHomIsIndexAware(hom))
    for (; n < rank; ++n)
      args[n] = ivs[n];
  for (v = 0; v < mlirOperationGetNumOperands(hom); ++v) {
    view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, v));
    buffer = mdhViewGetBuffer(view);
    na = mdhViewGetNumAccesses(view);
    for (a = 0; a < na; ++a) {
      map = mdhViewGetAccess(view, a);
      mdh_build_affine_map(b, map, ivs, idx);
      na_idx = mlirAffineMapGetNumResults(map);
      args[n++] = mdh_build_load(
          b,
          mdh_redirect_access(b, buffer, na_idx, idx, redirects, n_redirects),
          na_idx, idx);
    }
  }
  return n;
}

/* Returns the name of the arith op of builtin operator "name" on "type". */
static const char *arith_op(MlirStringRef name, MlirType type) {
  const struct mdh_operator *op = mdh_operator_find(name);

  return op ? mdh_operator_arith(op, type) : NULL;
}

void mdh_build_combine(struct mdh_builder *b, MlirAttribute oper,
                       MlirType fn_type, intptr_t n, const MlirValue *lhs,
                       const MlirValue *rhs, MlirValue *out) {
  intptr_t c;
  MlirValue *args;
  MlirAttribute name;

  if (mlirAttributeIsAFlatSymbolRef(oper)) {
    args = malloc(2 * n * sizeof(*args));
    if (!args)
      abort();
    memcpy(args, lhs, n * sizeof(*args));
    memcpy(args + n, rhs, n * sizeof(*args));
    /* A combine function returns the scalar function's result types. */
    mdh_build_call(b, mlirFlatSymbolRefAttrGetValue(oper), fn_type, 2 * n, args,
                   out);
    free(args);
    return;
  }
  for (c = 0; c < n; ++c) {
    name =
        mlirAttributeIsAArray(oper) ? mlirArrayAttrGetElement(oper, c) : oper;
    out[c] = mdh_build_binary(
        b, arith_op(mlirStringAttrGetValue(name), mlirValueGetType(lhs[c])),
        lhs[c], rhs[c]);
  }
}

MlirAttribute mdh_md_hom_operator(MlirOperation hom, const char *pass,
                                  int *ok) {
  MlirAttribute common = {NULL}, oper;
  intptr_t d, rank = mdhMdHomGetRank(hom);

  *ok = 1;
  for (d = 0; d < rank; ++d) {
    oper = mdhCombineAttrGetOperator(mdhMdHomGetCombineOp(hom, d));
    if (mlirAttributeIsNull(oper))
      continue;
    if (mlirAttributeIsNull(common)) {
      common = oper;
    } else if (!mlirAttributeEqual(common, oper)) {
      if (pass)
        mdh_emit_error(hom,
                       "%s supports one operator across the pw and ps "
                       "dimensions of a md_hom; dimension %ld uses another",
                       pass, (long)d);
      *ok = 0;
      return (MlirAttribute){NULL};
    }
  }
  return common;
}

MlirValue mdh_build_inp_view(struct mdh_builder *b, MlirValue buffer,
                             MlirAffineMap map, MlirType mda) {
  MlirOperation view = mdhInpViewCreate(b->loc, buffer, mda, 1, &map);

  mdh_build_insert(b, view);
  return mlirOperationGetResult(view, 0);
}

MlirOperation mdh_build_out_view(struct mdh_builder *b, MlirValue result,
                                 MlirValue buffer, MlirAffineMap map,
                                 int64_t component) {
  MlirOperation view =
      mdhOutViewCreate(b->loc, result, buffer, 1, &map, &component);

  mdh_build_insert(b, view);
  return view;
}

MlirValue mdh_build_md_hom(struct mdh_builder *b, int n, const MlirValue *views,
                           MlirOperation fn, int rank, const int64_t *sizes,
                           const MlirAttribute *combine, int index_aware) {
  int64_t *result_sizes = malloc((rank + 1) * sizeof(*result_sizes));
  MlirOperation hom;
  int d;

  if (!result_sizes)
    abort();
  for (d = 0; d < rank; ++d)
    result_sizes[d] =
        mdhCombineAttrGetKind(combine[d]) == MdhCombinePW ? 1 : sizes[d];
  hom = mdhMdHomCreate(b->loc, n, views,
                       mdhMdaTypeGet(b->ctx, rank, result_sizes),
                       mdh_func_name(fn), rank, combine);
  free(result_sizes);
  if (n == 0)
    mdhMdHomSetSizes(hom, rank, sizes);
  if (index_aware)
    mdhMdHomSetIndexAware(hom, true);
  mdh_build_insert(b, hom);
  return mlirOperationGetResult(hom, 0);
}

MlirType mdh_md_hom_function_type(MlirOperation hom) {
  return mdh_func_type(mdh_lookup_symbol(hom, mdhMdHomGetScalarFunction(hom)));
}

int mdh_md_hom_tile_sizes(MlirOperation hom, const char *pass, int64_t *sizes) {
  MlirAttribute attr = mdh_attr_get_tile_sizes(hom);
  intptr_t d, rank = mdhMdHomGetRank(hom);

  if (mlirAttributeIsNull(attr))
    return 0;
  if (!mlirAttributeIsADenseI64Array(attr) ||
      mlirDenseArrayGetNumElements(attr) != rank) {
    if (pass)
      mdh_emit_error(hom,
                     "%s: mdh.tile_sizes must be an array<i64> of %ld sizes, "
                     "one per dimension",
                     pass, (long)rank);
    return -1;
  }
  for (d = 0; d < rank; ++d) {
    sizes[d] = mlirDenseI64ArrayGetElement(attr, d);
    if (sizes[d] < 0) {
      if (pass)
        mdh_emit_error(hom, "%s: mdh.tile_sizes holds a negative size (%lld)",
                       pass, (long long)sizes[d]);
      return -1;
    }
  }
  return 1;
}

void mdh_build_result_point(struct mdh_builder *b, int rank,
                            const MdhCombineKind *kinds, const MlirValue *ivs,
                            MlirValue *out) {
  int d;

  for (d = 0; d < rank; ++d)
    out[d] = kinds[d] == MdhCombinePW ? mdh_build_index(b, 0) : ivs[d];
}

MlirValue mdh_build_is_first_point(struct mdh_builder *b, int rank,
                                   const MdhCombineKind *kinds,
                                   const MlirValue *ivs) {
  MlirValue first = {NULL}, eq;
  int d;

  for (d = 0; d < rank; ++d) {
    if (kinds[d] != MdhCombinePW)
      continue;
    eq = mdh_build_cmpi(b, "eq", ivs[d], mdh_build_index(b, 0));
    first = mlirValueIsNull(first)
                ? eq
                : mdh_build_binary(b, "arith.andi", first, eq);
  }
  return first;
}

MlirValue mdh_build_identity(struct mdh_builder *b, const char *op,
                             MlirType type) {
  const struct mdh_operator *oper =
      mdh_operator_find(mlirStringRefCreateFromCString(op));
  MlirAttribute value;
  MlirNamedAttribute attr;

  if (mlirTypeIsAFloat(type))
    value = mlirFloatAttrDoubleGet(
        b->ctx, type, oper ? mdh_operator_identity_float(oper) : 0.0);
  else
    value = mlirIntegerAttrGet(
        type,
        oper ? mdh_operator_identity_int(oper, mlirIntegerTypeGetWidth(type))
             : 0);
  attr = mdh_named_attr(b->ctx, "value", value);
  return mlirOperationGetResult(
      mdh_build_op(b, "arith.constant", 0, NULL, 1, &type, 1, &attr), 0);
}
