/* The builtin combine operators of the dialect (`#mdh.pw<"NAME">`,
 * `#mdh.ps<"NAME">`, or a per-component array of names): everything the
 * project knows of each, in one table. The verifier, the statement
 * builder, the GPU mapper and code generator and mdh-from-linalg read it;
 * test/operators_test.c checks it against the device runtime's list
 * (runtime/device/mdh_device.h) and identities. A new operator is a row
 * here and its device helpers there.
 *
 * The table lives in dialect/ rather than lib/ because the verifier, below
 * lib/, checks operator names too. */

#ifndef MDH_DIALECT_OPERATORS_H
#define MDH_DIALECT_OPERATORS_H

#include "support/str.h"

#include "mlir-c/IR.h"

#include <stddef.h>
#include <stdint.h>

/* The neutral element of an operator on a type: 0, 1, every bit set, the
 * type's largest value (+inf for floats) or its smallest (-inf). */
enum mdh_identity {
  MDH_IDENTITY_ZERO,
  MDH_IDENTITY_ONE,
  MDH_IDENTITY_ALL_ONES,
  MDH_IDENTITY_HIGHEST,
  MDH_IDENTITY_LOWEST
};

/* One builtin operator: its name in the IR, which is also the <op> of the
 * device runtime's mdh_<helper>_<op>_<type> functions; the arith op that
 * computes it on floats (NULL: integers only) and on integers (signed for
 * min and max, as arith.minsi/maxsi; float min/max are arith.minimumf /
 * maximumf: a NaN operand gives NaN); and its identity. */
struct mdh_operator {
  const char *name;
  const char *float_op;
  const char *int_op;
  enum mdh_identity identity;
};

extern const struct mdh_operator mdh_operators[];
extern const size_t mdh_n_operators;

/* The operator named "name", or NULL. */
const struct mdh_operator *mdh_operator_find(MlirStringRef name);

/* The operator that the arith op named "arith_op" (either of its ops)
 * computes, or NULL. */
const struct mdh_operator *mdh_operator_of_arith(MlirStringRef arith_op);

/* Whether "op" is defined on "type" (integers and index: every operator;
 * floats: those with a float op). */
int mdh_operator_applies(const struct mdh_operator *op, MlirType type);

/* The name of the arith op of "op" on "type", or NULL if it does not
 * apply. */
const char *mdh_operator_arith(const struct mdh_operator *op, MlirType type);

/* The value of the identity of "op" on a float type, and on a signed
 * integer type of "width" bits (1 to 64). */
double mdh_operator_identity_float(const struct mdh_operator *op);
int64_t mdh_operator_identity_int(const struct mdh_operator *op,
                                  unsigned width);

/* Appends to "s" the names of the operators, only those defined on
 * integers only if "integer_only", as "and, or and xor" (or, for all, as
 * the alternatives "add, mul, ... or xor"), for diagnostics. */
void mdh_operator_append_names(struct mdh_str *s, int integer_only);

#endif
