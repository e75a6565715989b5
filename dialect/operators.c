/* The builtin combine operators (operators.h). */

#include "dialect/operators.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

/* The operators of the MDH paper's examples (Sec. 2: addition, product,
 * minimum, maximum, and the bitwise ones of the histogram variants), as
 * the dialect contract lists them. */
const struct mdh_operator mdh_operators[] = {
    {"add", "arith.addf", "arith.addi", MDH_IDENTITY_ZERO},
    {"mul", "arith.mulf", "arith.muli", MDH_IDENTITY_ONE},
    {"min", "arith.minimumf", "arith.minsi", MDH_IDENTITY_HIGHEST},
    {"max", "arith.maximumf", "arith.maxsi", MDH_IDENTITY_LOWEST},
    {"and", NULL, "arith.andi", MDH_IDENTITY_ALL_ONES},
    {"or", NULL, "arith.ori", MDH_IDENTITY_ZERO},
    {"xor", NULL, "arith.xori", MDH_IDENTITY_ZERO},
};

const size_t mdh_n_operators = sizeof(mdh_operators) / sizeof(mdh_operators[0]);

static int ref_is(MlirStringRef ref, const char *s) {
  return s && ref.length == strlen(s) && !strncmp(ref.data, s, ref.length);
}

const struct mdh_operator *mdh_operator_find(MlirStringRef name) {
  size_t i;

  for (i = 0; i < mdh_n_operators; ++i)
    if (ref_is(name, mdh_operators[i].name))
      return &mdh_operators[i];
  return NULL;
}

const struct mdh_operator *mdh_operator_of_arith(MlirStringRef arith_op) {
  size_t i;

  for (i = 0; i < mdh_n_operators; ++i)
    if (ref_is(arith_op, mdh_operators[i].float_op) ||
        ref_is(arith_op, mdh_operators[i].int_op))
      return &mdh_operators[i];
  return NULL;
}

int mdh_operator_applies(const struct mdh_operator *op, MlirType type) {
  if (mlirTypeIsAInteger(type) || mlirTypeIsAIndex(type))
    return 1;
  return op->float_op && mlirTypeIsAFloat(type);
}

const char *mdh_operator_arith(const struct mdh_operator *op, MlirType type) {
  if (!mdh_operator_applies(op, type))
    return NULL;
  return mlirTypeIsAFloat(type) ? op->float_op : op->int_op;
}

double mdh_operator_identity_float(const struct mdh_operator *op) {
  switch (op->identity) {
  case MDH_IDENTITY_ONE:
    return 1.0;
  case MDH_IDENTITY_HIGHEST:
    return INFINITY;
  case MDH_IDENTITY_LOWEST:
    return -INFINITY;
  default:
    return 0.0;
  }
}

int64_t mdh_operator_identity_int(const struct mdh_operator *op,
                                  unsigned width) {
  int64_t high = width >= 64 ? INT64_MAX : (INT64_C(1) << (width - 1)) - 1;

  switch (op->identity) {
  case MDH_IDENTITY_ONE:
    return 1;
  case MDH_IDENTITY_ALL_ONES:
    return -1;
  case MDH_IDENTITY_HIGHEST:
    return high;
  case MDH_IDENTITY_LOWEST:
    return -high - 1;
  default:
    return 0;
  }
}

void mdh_operator_append_names(struct mdh_str *s, int integer_only) {
  size_t i, count = 0, k = 0;

  for (i = 0; i < mdh_n_operators; ++i)
    count += !integer_only || !mdh_operators[i].float_op;
  for (i = 0; i < mdh_n_operators; ++i) {
    if (integer_only && mdh_operators[i].float_op)
      continue;
    mdh_str_printf(s, "%s%s",
                   k == 0          ? ""
                   : k + 1 < count ? ", "
                   : integer_only  ? " and "
                                   : " or ",
                   mdh_operators[i].name);
    ++k;
  }
}
