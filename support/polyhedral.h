/* Shared polyhedral helpers: conversions between MLIR and isl objects. */

#ifndef MDH_SUPPORT_POLYHEDRAL_H
#define MDH_SUPPORT_POLYHEDRAL_H

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/set.h>

/* Returns the box { [i_0, .., i_{n-1}] : 0 <= i_d < sizes[d] }. */
__isl_give isl_set *mdh_isl_box(isl_ctx *ctx, int n, const int64_t *sizes);

/* Tells whether "expr" divides by a value isl and the lowerings cannot use:
 * a zero or non-constant divisor, or a negative modulus; stores it in
 * "divisor" (0 when not constant). */
int mdh_affine_expr_find_bad_divisor(MlirAffineExpr expr, int64_t *divisor);

/* Returns the relation { [d_0, ..] -> [r_0, ..] } of the symbol-free affine
 * map "map", or NULL if it uses symbols or a divisor that
 * mdh_affine_expr_find_bad_divisor rejects. */
__isl_give isl_map *mdh_isl_map_from_affine_map(isl_ctx *ctx,
                                                MlirAffineMap map);

#endif
