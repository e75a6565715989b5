/* Generic helpers over the MLIR C API (no dialect knowledge). */

#ifndef MDH_SUPPORT_IR_H
#define MDH_SUPPORT_IR_H

#include "support/diag.h"
#include "support/str.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stddef.h>
#include <stdint.h>

/* Returns the named attribute "name" = "attr". */
MlirNamedAttribute mdh_named_attr(MlirContext ctx, const char *name,
                                  MlirAttribute attr);

/* Returns the op named "sym" in the nearest builtin.module around "op" (or
 * "op" itself, if it is one), or null if there is none. */
MlirOperation mdh_lookup_symbol(MlirOperation op, MlirStringRef sym);

/* Returns the symbol name of "func" (empty if it has none). */
MlirStringRef mdh_func_name(MlirOperation func);

/* Returns the `function_type` of the func.func "func". */
MlirType mdh_func_type(MlirOperation func);

/* A list of ops: "n" of them in "ops" (to be freed by the owner). */
struct mdh_op_list {
  MlirOperation *ops;
  size_t n, cap;
};

/* Appends "op" to "list". */
void mdh_op_list_push(struct mdh_op_list *list, MlirOperation op);

/* The ops named "name" found by a pre-order walk. */
struct mdh_op_list mdh_collect_ops(MlirOperation root, const char *name);

/* Returns the value attribute of the arith.constant that defines "value",
 * or null if no arith.constant does. */
MlirAttribute mdh_constant_attr(MlirValue value);

/* Tells whether "op" is named "name". */
int mdh_op_is(MlirOperation op, const char *name);

/* Tells whether "op" makes a view of its first operand, a memref, without
 * touching its elements (memref.subview, cast, reinterpret_cast,
 * collapse_shape, expand_shape, view, transpose, memory_space_cast,
 * assume_alignment). */
int mdh_op_is_memref_view(MlirOperation op);

/* Returns the first op that uses the memref "value", or a view of it (as
 * the source of a view op, mdh_op_is_memref_view), that "allowed" rejects;
 * null if "allowed" accepts every use. View ops are followed, not asked. */
MlirOperation mdh_value_find_use(MlirValue value,
                                 int (*allowed)(MlirOperation user));

/* Returns the memref "value" is a view of, through any number of view ops
 * (mdh_op_is_memref_view), or "value" itself. Distinct function arguments
 * are taken not to alias, as MLIR's own analyses do without an attribute
 * saying otherwise. */
MlirValue mdh_value_base(MlirValue value);

/* Tells whether the memrefs "a" and "b" may share elements: they are views
 * of one base. */
int mdh_values_alias(MlirValue a, MlirValue b);

/* Returns "op", or an op nested in it, that uses one of the "n" memrefs
 * "bufs" through a view of its base (mdh_values_alias), or null. Ops in
 * regions count (an scf.for that loads and stores a buffer has no operand
 * of it), and so do calls that take a view of a buffer; view ops and
 * memref.dim touch no element and do not. */
MlirOperation mdh_op_find_buffer_user(MlirOperation op, const MlirValue *bufs,
                                      size_t n);

/* Tells whether the elements of the memref "value" lie at known places in
 * those of its base (mdh_value_base): element i at base element
 * "offset" + sum_d "strides"[d] * i_d, counted in base elements from the
 * base's aligned pointer, as every view op but memref.view keeps it. Stores
 * them and returns 1 if the layout of "value" is static and no
 * memref.view or change of element type lies between it and its base;
 * else returns 0. "strides" has room for the rank of "value". */
int mdh_value_layout(MlirValue value, int64_t *strides, int64_t *offset);

/* Tells whether "a" and "b" are the same view: equal values, or results of
 * the same view op (name, attributes, result type, other operands) of the
 * same view. */
int mdh_values_same_view(MlirValue a, MlirValue b);

/* Tells whether a result of affine map "map" depends on dimension "d". */
int mdh_affine_map_uses_dim(MlirAffineMap map, int d);

/* Adds to "coef"[i] the coefficient of dimension "lo" + i (i < "n") in
 * affine expression "e" times "scale": "e" is sum_i "coef"[i] x_(lo+i)
 * plus terms free of those dimensions. Returns 0 if "e" uses one of them
 * otherwise (in a mod or a division, times a non-constant) or a
 * coefficient overflows, else 1. */
int mdh_affine_expr_add_coefficients(MlirAffineExpr e, int lo, int n,
                                     int64_t scale, int64_t *coef);

#endif
