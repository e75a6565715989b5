/* The extents of the dynamic dimensions of a md_hom's index space (a size
 * -1 in its !mdh.mda types; issue 13, item 4 of the contract).
 *
 * A dynamic extent is fixed at run time as the largest value for which
 * every access of every input view stays inside its buffer. Dimensions are
 * determined one at a time, each by the buffer indices (one per dimension
 * of a buffer, of each access) that involve it and otherwise only static or
 * already determined dimensions: A[i][k] bounds i and k, and a
 * convolution's filter dimensions come from the filter first, then its
 * output dimensions from the image (I[p + r]). A dimension left over is
 * bounded by no index on its own, and the verifier rejects it.
 *
 * The extents are isl expressions (PPCG's parametric sizes) in parameters:
 * "w<v>_<r>" for the extent of dimension r of the buffer of the md_hom's
 * operand v, and mdh_isl_size_id("", k) ("n<k>") for the extent of the
 * dynamic dimensions k determined before.
 */

#ifndef MDH_DIALECT_EXTENTS_H
#define MDH_DIALECT_EXTENTS_H

#include "mlir-c/IR.h"
#include "support/str.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/id.h>
#include <isl/set.h>

#define MDH_EXTENTS_MAX_RANK 64

/* Tells whether "hom" has a dynamic size. */
int mdh_extents_any_dynamic(MlirOperation hom);

/* The size that cost models take for dimension "d" of "hom": its size,
 * or MDH_NOMINAL_EXTENT (support/polyhedral.h) if it is dynamic. */
int64_t mdh_extents_nominal_size(MlirOperation hom, intptr_t d);

/* "n_order" dynamic dimensions of a "rank"-dimensional md_hom in the order
 * they are determined, each with its "extent" (NULL for a static one), and
 * the "context" of the parameters: every buffer extent is non-negative and
 * every determined extent positive (the lowerings check it at run time). */
struct mdh_extents {
  int rank;
  int n_order;
  int order[MDH_EXTENTS_MAX_RANK];
  isl_pw_aff *extent[MDH_EXTENTS_MAX_RANK];
  isl_set *context;
};

/* Returns the parameter "w<v>_<r>". */
__isl_give isl_id *mdh_extents_buffer_id(isl_ctx *ctx, int v, int r);

/* Computes the extents of the dynamic dimensions of "hom" (verified views
 * and types). Returns 0; 1 after appending to "err" why a dynamic dimension
 * cannot be determined; -1 on an isl error. */
int mdh_extents_compute(isl_ctx *ctx, MlirOperation hom,
                        struct mdh_extents *ext, struct mdh_str *err);

/* Frees what "ext" holds. */
void mdh_extents_clear(struct mdh_extents *ext);

#endif
