/* Shared polyhedral helpers: MLIR affine maps as isl relations. */

#include "passes/polyhedral.h"

#include <isl/aff.h>
#include <isl/local_space.h>
#include <isl/options.h>
#include <isl/space.h>
#include <isl/val.h>

#include "mlir-c/AffineExpr.h"

isl_ctx *mdh_isl_ctx_alloc(void) {
  isl_ctx *ctx = isl_ctx_alloc();

  if (ctx)
    isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
  return ctx;
}

const char *mdh_isl_ctx_error(isl_ctx *ctx) {
  const char *msg = isl_ctx_last_error_msg(ctx);

  return msg ? msg : "unknown isl error";
}

__isl_give isl_set *mdh_isl_box(isl_ctx *ctx, int n, const int64_t *sizes) {
  isl_set *box = isl_set_universe(isl_space_set_alloc(ctx, 0, n));
  int d;

  for (d = 0; d < n; ++d) {
    box = isl_set_lower_bound_si(box, isl_dim_set, d, 0);
    box = isl_set_upper_bound_val(box, isl_dim_set, d,
                                  isl_val_int_from_si(ctx, sizes[d] - 1));
  }
  return box;
}

/* Returns the positive constant right-hand side of a division or modulo
 * "expr", or NULL. */
static __isl_give isl_val *positive_divisor(isl_ctx *ctx, MlirAffineExpr expr) {
  MlirAffineExpr rhs = mlirAffineBinaryOpExprGetRHS(expr);
  int64_t v;

  if (!mlirAffineExprIsAConstant(rhs))
    return NULL;
  v = mlirAffineConstantExprGetValue(rhs);
  if (v <= 0)
    return NULL;
  return isl_val_int_from_si(ctx, v);
}

static __isl_give isl_pw_aff *pw_aff_from_expr(__isl_keep isl_space *space,
                                               MlirAffineExpr expr);

/* Translates a binary affine expression; "div" is its constant divisor for
 * mod, floordiv and ceildiv. */
static __isl_give isl_pw_aff *pw_aff_from_binary(__isl_keep isl_space *space,
                                                 MlirAffineExpr expr) {
  isl_ctx *ctx = isl_space_get_ctx(space);
  isl_pw_aff *lhs, *rhs;
  isl_val *div;

  lhs = pw_aff_from_expr(space, mlirAffineBinaryOpExprGetLHS(expr));
  if (mlirAffineExprIsAAdd(expr) || mlirAffineExprIsAMul(expr)) {
    rhs = pw_aff_from_expr(space, mlirAffineBinaryOpExprGetRHS(expr));
    if (mlirAffineExprIsAAdd(expr))
      return isl_pw_aff_add(lhs, rhs);
    return isl_pw_aff_mul(lhs, rhs);
  }
  div = positive_divisor(ctx, expr);
  if (!div)
    return isl_pw_aff_free(lhs);
  if (mlirAffineExprIsAMod(expr))
    return isl_pw_aff_mod_val(lhs, div);
  lhs = isl_pw_aff_scale_down_val(lhs, div);
  if (mlirAffineExprIsAFloorDiv(expr))
    return isl_pw_aff_floor(lhs);
  return isl_pw_aff_ceil(lhs);
}

/* Translates "expr" into a piecewise quasi-affine function on "space". */
static __isl_give isl_pw_aff *pw_aff_from_expr(__isl_keep isl_space *space,
                                               MlirAffineExpr expr) {
  isl_ctx *ctx = isl_space_get_ctx(space);
  isl_local_space *ls = isl_local_space_from_space(isl_space_copy(space));
  int64_t v;

  if (mlirAffineExprIsADim(expr))
    return isl_pw_aff_var_on_domain(ls, isl_dim_set,
                                    mlirAffineDimExprGetPosition(expr));
  if (mlirAffineExprIsAConstant(expr)) {
    v = mlirAffineConstantExprGetValue(expr);
    return isl_pw_aff_from_aff(
        isl_aff_val_on_domain(ls, isl_val_int_from_si(ctx, v)));
  }
  isl_local_space_free(ls);
  if (mlirAffineExprIsABinary(expr))
    return pw_aff_from_binary(space, expr);
  return NULL;
}

__isl_give isl_map *mdh_isl_map_from_affine_map(isl_ctx *ctx,
                                                MlirAffineMap map) {
  intptr_t n_dim = mlirAffineMapGetNumDims(map);
  intptr_t n_res = mlirAffineMapGetNumResults(map);
  isl_space *space;
  isl_multi_pw_aff *mpa;
  intptr_t r;

  if (mlirAffineMapGetNumSymbols(map) != 0)
    return NULL;
  space = isl_space_set_alloc(ctx, 0, n_dim);
  mpa = isl_multi_pw_aff_zero(isl_space_map_from_domain_and_range(
      isl_space_copy(space), isl_space_set_alloc(ctx, 0, n_res)));
  for (r = 0; r < n_res; ++r)
    mpa = isl_multi_pw_aff_set_pw_aff(
        mpa, r, pw_aff_from_expr(space, mlirAffineMapGetResult(map, r)));
  isl_space_free(space);
  return isl_map_from_multi_pw_aff(mpa);
}
