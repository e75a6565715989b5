/* Shared polyhedral helpers: MLIR affine maps as isl relations. */

#include "support/polyhedral.h"
#include "support/ir.h"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/id.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include "mlir-c/AffineExpr.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>

__isl_give isl_id *mdh_isl_size_id(isl_ctx *ctx, const char *prefix, int d) {
  char name[64];

  snprintf(name, sizeof(name), "%sn%d", prefix, d);
  return isl_id_alloc(ctx, name, NULL);
}

__isl_give isl_set *mdh_isl_set_bound_by_param(__isl_take isl_set *set, int d,
                                               __isl_take isl_id *id,
                                               int at_least) {
  isl_constraint *c;
  int p;

  set = isl_set_add_dims(set, isl_dim_param, 1);
  p = isl_set_dim(set, isl_dim_param) - 1;
  set = isl_set_set_dim_id(set, isl_dim_param, p, id);
  c = isl_constraint_alloc_inequality(
      isl_local_space_from_space(isl_set_get_space(set)));
  /* at_least: i_d - p >= 0; else p - i_d - 1 >= 0. */
  c = isl_constraint_set_coefficient_si(c, isl_dim_param, p, at_least ? -1 : 1);
  c = isl_constraint_set_coefficient_si(c, isl_dim_set, d, at_least ? 1 : -1);
  c = isl_constraint_set_constant_si(c, at_least ? 0 : -1);
  return isl_set_add_constraint(set, c);
}

__isl_give isl_set *mdh_isl_box_params(isl_ctx *ctx, int n,
                                       const int64_t *sizes,
                                       const char *prefix) {
  isl_set *box = isl_set_universe(isl_space_set_alloc(ctx, 0, n));
  int d;

  for (d = 0; d < n; ++d) {
    box = isl_set_lower_bound_si(box, isl_dim_set, d, 0);
    if (sizes[d] >= 0) {
      box = isl_set_upper_bound_val(box, isl_dim_set, d,
                                    isl_val_int_from_si(ctx, sizes[d] - 1));
      continue;
    }
    /* i_d < n_d, with n_d a parameter (PPCG's parametric domains). */
    box =
        mdh_isl_set_bound_by_param(box, d, mdh_isl_size_id(ctx, prefix, d), 0);
  }
  return box;
}

__isl_give isl_set *mdh_isl_box(isl_ctx *ctx, int n, const int64_t *sizes) {
  return mdh_isl_box_params(ctx, n, sizes, "");
}

__isl_give isl_val *mdh_isl_set_dim_bound(__isl_keep isl_set *set, int r,
                                          int max) {
  isl_aff *obj = isl_aff_var_on_domain(
      isl_local_space_from_space(isl_set_get_space(set)), isl_dim_set, r);
  isl_val *v = max ? isl_set_max_val(set, obj) : isl_set_min_val(set, obj);

  isl_aff_free(obj);
  return v;
}

/* Returns "ma" with its output "pos" set to its input dimension "var". */
__isl_give isl_multi_aff *
mdh_isl_multi_aff_set_var(__isl_take isl_multi_aff *ma, int pos, int var) {
  isl_local_space *ls =
      isl_local_space_from_space(isl_multi_aff_get_domain_space(ma));

  return isl_multi_aff_set_aff(ma, pos,
                               isl_aff_var_on_domain(ls, isl_dim_set, var));
}

/* Returns "ma" with its output "pos" set to the constant "v". */
__isl_give isl_multi_aff *
mdh_isl_multi_aff_set_cst(__isl_take isl_multi_aff *ma, int pos, int v) {
  isl_local_space *ls =
      isl_local_space_from_space(isl_multi_aff_get_domain_space(ma));

  return isl_multi_aff_set_aff(
      ma, pos, isl_aff_set_constant_si(isl_aff_zero_on_domain(ls), v));
}

int mdh_affine_expr_find_bad_divisor(MlirAffineExpr expr, int64_t *divisor) {
  MlirAffineExpr rhs;
  int64_t v;

  if (!mlirAffineExprIsABinary(expr))
    return 0;
  if (mdh_affine_expr_find_bad_divisor(mlirAffineBinaryOpExprGetLHS(expr),
                                       divisor) ||
      mdh_affine_expr_find_bad_divisor(mlirAffineBinaryOpExprGetRHS(expr),
                                       divisor))
    return 1;
  if (mlirAffineExprIsAAdd(expr) || mlirAffineExprIsAMul(expr))
    return 0;
  rhs = mlirAffineBinaryOpExprGetRHS(expr);
  v = mlirAffineExprIsAConstant(rhs) ? mlirAffineConstantExprGetValue(rhs) : 0;
  *divisor = v;
  return v == 0 || (v < 0 && mlirAffineExprIsAMod(expr));
}

static __isl_give isl_pw_aff *pw_aff_from_expr(__isl_keep isl_space *space,
                                               MlirAffineExpr expr);

/* Translates a binary affine expression; "div" is its constant divisor for
 * mod, floordiv and ceildiv. */
static __isl_give isl_pw_aff *pw_aff_from_binary(__isl_keep isl_space *space,
                                                 MlirAffineExpr expr) {
  isl_ctx *ctx = isl_space_get_ctx(space);
  isl_pw_aff *lhs, *rhs;
  MlirAffineExpr rhs_expr;
  isl_val *div;
  int64_t v;

  lhs = pw_aff_from_expr(space, mlirAffineBinaryOpExprGetLHS(expr));
  if (mlirAffineExprIsAAdd(expr) || mlirAffineExprIsAMul(expr)) {
    rhs = pw_aff_from_expr(space, mlirAffineBinaryOpExprGetRHS(expr));
    if (mlirAffineExprIsAAdd(expr))
      return isl_pw_aff_add(lhs, rhs);
    return isl_pw_aff_mul(lhs, rhs);
  }
  rhs_expr = mlirAffineBinaryOpExprGetRHS(expr);
  v = mlirAffineExprIsAConstant(rhs_expr)
          ? mlirAffineConstantExprGetValue(rhs_expr)
          : 0;
  if (v == 0 || (v < 0 && mlirAffineExprIsAMod(expr)))
    return isl_pw_aff_free(lhs);
  if (mlirAffineExprIsAMod(expr))
    return isl_pw_aff_mod_val(lhs, isl_val_int_from_si(ctx, v));
  /* floor(a / -c) = floor(-a / c), and likewise for ceil. */
  if (v < 0)
    lhs = isl_pw_aff_neg(lhs);
  div = isl_val_int_from_si(ctx, v < 0 ? -v : v);
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

__isl_give isl_multi_pw_aff *
mdh_isl_multi_pw_aff_from_affine_map(isl_ctx *ctx, MlirAffineMap map) {
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
  return mpa;
}

__isl_give isl_map *mdh_isl_map_from_affine_map(isl_ctx *ctx,
                                                MlirAffineMap map) {
  isl_multi_pw_aff *mpa = mdh_isl_multi_pw_aff_from_affine_map(ctx, map);

  return mpa ? isl_map_from_multi_pw_aff(mpa) : NULL;
}

__isl_give isl_map *mdh_isl_map_fix_nominal(__isl_take isl_map *map) {
  isl_size n = isl_map_dim(map, isl_dim_param);
  int i;

  for (i = 0; i < n; ++i)
    map = isl_map_fix_si(map, isl_dim_param, i, MDH_NOMINAL_EXTENT);
  return map;
}

__isl_give isl_set *mdh_isl_set_fix_nominal(__isl_take isl_set *set) {
  return isl_map_range(mdh_isl_map_fix_nominal(isl_map_from_range(set)));
}

__isl_give isl_map *mdh_isl_map_view_memory(isl_ctx *ctx, MlirValue value,
                                            int *exact) {
  int rank = (int)mlirShapedTypeGetRank(mlirValueGetType(value));
  int64_t *strides = malloc((rank + 1) * sizeof(*strides)), offset;
  isl_aff *aff;
  int d;

  if (!strides)
    abort();
  *exact = mdh_value_layout(value, strides, &offset);
  if (!*exact) {
    free(strides);
    return isl_map_universe(isl_space_alloc(ctx, 0, rank, 1));
  }
  aff = isl_aff_val_on_domain(
      isl_local_space_from_space(isl_space_set_alloc(ctx, 0, rank)),
      isl_val_int_from_si(ctx, offset));
  for (d = 0; d < rank; ++d)
    aff = isl_aff_set_coefficient_val(aff, isl_dim_in, d,
                                      isl_val_int_from_si(ctx, strides[d]));
  free(strides);
  return isl_map_from_aff(aff);
}

int mdh_isl_union_map_is_empty(__isl_take isl_union_map *umap) {
  isl_bool empty = isl_union_map_is_empty(umap);

  isl_union_map_free(umap);
  return empty == isl_bool_true;
}

int mdh_isl_union_set_is_empty(__isl_take isl_union_set *uset) {
  isl_bool empty = isl_union_set_is_empty(uset);

  isl_union_set_free(uset);
  return empty == isl_bool_true;
}
