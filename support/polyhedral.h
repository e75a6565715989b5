/* Shared polyhedral helpers: conversions between MLIR and isl objects, and
 * small isl constructions. */

#ifndef MDH_SUPPORT_POLYHEDRAL_H
#define MDH_SUPPORT_POLYHEDRAL_H

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/union_map.h>

/* The extent that cost models (the scheduler's proximity, the GPU
 * optimizer and mapper) assume for a dynamic dimension: what they need is
 * "large", as Polly and PPCG assume of parameters; 1024 is the size of the
 * bench/ kernels (bench/README.md). Never used where correctness depends
 * on the extent. */
#define MDH_NOMINAL_EXTENT 1024

/* Returns "map" with every parameter (an extent) fixed to
 * MDH_NOMINAL_EXTENT, for cost models. */
__isl_give isl_map *mdh_isl_map_fix_nominal(__isl_take isl_map *map);
__isl_give isl_set *mdh_isl_set_fix_nominal(__isl_take isl_set *set);

/* Returns the parameter that stands for the extent of dynamic dimension "d"
 * of an index space: "<prefix>n<d>" (the model prefixes the statement's
 * name, "S0_n1"; a single md_hom's analysis uses "n1"). */
__isl_give isl_id *mdh_isl_size_id(isl_ctx *ctx, const char *prefix, int d);

/* Returns "set" in a new parameter "id" with dimension "d" at least the
 * parameter (if "at_least") or below it. */
__isl_give isl_set *mdh_isl_set_bound_by_param(__isl_take isl_set *set, int d,
                                               __isl_take isl_id *id,
                                               int at_least);

/* Returns the box { [i_0, .., i_{n-1}] : 0 <= i_d < sizes[d] }, where a
 * dynamic size (-1) is the parameter mdh_isl_size_id(prefix, d). */
__isl_give isl_set *mdh_isl_box_params(isl_ctx *ctx, int n,
                                       const int64_t *sizes,
                                       const char *prefix);

/* The same with the parameters "n<d>". */
__isl_give isl_set *mdh_isl_box(isl_ctx *ctx, int n, const int64_t *sizes);

/* Returns the maximum (if "max") or minimum of dimension "r" of "set": an
 * integer, an infinity if unbounded, NaN if "set" is empty. */
__isl_give isl_val *mdh_isl_set_dim_bound(__isl_keep isl_set *set, int r,
                                          int max);

/* Tells whether "umap" (consumed) is empty; an error counts as "no". */
int mdh_isl_union_map_is_empty(__isl_take isl_union_map *umap);

/* Tells whether "uset" (consumed) is empty; an error counts as "no". */
int mdh_isl_union_set_is_empty(__isl_take isl_union_set *uset);

/* Returns "ma" with its output "pos" set to its input dimension "var"
 * (set_var) or to the constant "v" (set_cst). */
__isl_give isl_multi_aff *
mdh_isl_multi_aff_set_var(__isl_take isl_multi_aff *ma, int pos, int var);
__isl_give isl_multi_aff *
mdh_isl_multi_aff_set_cst(__isl_take isl_multi_aff *ma, int pos, int v);

/* Tells whether "expr" divides by a value isl and the lowerings cannot use:
 * a zero or non-constant divisor, or a negative modulus; stores it in
 * "divisor" (0 when not constant). */
int mdh_affine_expr_find_bad_divisor(MlirAffineExpr expr, int64_t *divisor);

/* Returns the relation { [d_0, ..] -> [r_0, ..] } of the symbol-free affine
 * map "map", or NULL if it uses symbols or a divisor that
 * mdh_affine_expr_find_bad_divisor rejects. */
__isl_give isl_map *mdh_isl_map_from_affine_map(isl_ctx *ctx,
                                                MlirAffineMap map);

/* The same as a function, one single-piece quasi-affine expression per
 * result (mod and divisions as isl divs), or NULL. A function wanted as an
 * isl_pw_multi_aff should come from this, not from the relation: isl
 * recovers a function from a relation by parametric integer programming,
 * which can run for minutes on nested mod and floordiv (found by
 * mdh-fuzz-opt: `i + k mod 1024 + k mod 3 floordiv 2 - k`). */
__isl_give isl_multi_pw_aff *
mdh_isl_multi_pw_aff_from_affine_map(isl_ctx *ctx, MlirAffineMap map);

/* Returns the relation { [i] -> [o + sum_d s_d i_d] } from the elements of
 * the memref "value" to their places in its base (mdh_value_layout: offset
 * o and strides s counted from the base's aligned pointer), so that
 * elements of different views of one buffer compare. Where the layout is
 * not known statically, returns { [i] -> [a] } (any place) and sets
 * "*exact" to 0; else sets it to 1. */
__isl_give isl_map *mdh_isl_map_view_memory(isl_ctx *ctx, MlirValue value,
                                            int *exact);

#endif
