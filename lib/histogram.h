/* Histograms among md_homs: the MDH form of a histogram (the MDH paper's
 * running examples; examples/histo.mlir) is a cc dimension of bins b and
 * pw(add) dimensions of elements e, with an index-aware scalar function
 *
 *   f(b, e, x) = (v(e, x) == b) ? w(e, x) : 0
 *
 * Every element then adds w to exactly one bin, v, if v lies in 0 .. B-1,
 * and nothing elsewhere: the GPU code needs not evaluate f at all B bins
 * of an element (B N work), but can add w into bin v directly (N work),
 * as CUB's DeviceHistogram does. */

#ifndef MDH_LIB_HISTOGRAM_H
#define MDH_LIB_HISTOGRAM_H

#include "lib/chain.h"

/* Tells whether "info" is a histogram: one cc dimension (stored in
 * "*bin_dim"), pw dimensions with the builtin add on i32, i64, f32 or f64,
 * no ps dimension, one result component, inputs that do not depend on the
 * bin, and a scalar function of one block that returns
 * select(cmpi eq (v, index_cast b), w, 0) (or its mirror), with v and w
 * independent of b and the bins all distinct in v's type. */
int mdh_histogram_match(const struct mdh_stmt_info *info, int *bin_dim);

/* The parts of the select that a histogram's scalar function returns, from
 * a copy of its body (mdh_build_call with inline_calls): the bin "v", the
 * weight "w" and whether v is compared as an index ("v" then already an
 * index). "result" is the value that the copy returns. Returns 0, or -1 if
 * "result" is not such a select. */
int mdh_histogram_parts(MlirValue result, MlirValue bin_arg, MlirValue *v,
                        MlirValue *w);

#endif
