/* Run-time extent checks of views on dynamically shaped buffers (issue 13,
 * item 4: a buffer that cannot hold what a view reaches is "a run-time
 * error naming the op, never an out-of-bounds write").
 *
 * mdh-verify proves every access of a view within the static extents of its
 * buffer (MDH Def. 13: derived size 1 + max index <= declared size) and
 * that no access reaches below 0; a dynamic extent is known only when the
 * function runs. So the lowerings check it there, before the md_hom's
 * code: the largest index h that an access reaches in a dynamic dimension
 * over the view's index space is computed with isl as the verifier does,
 * and `cf.assert` stops the program, naming the view's location, when the
 * buffer has h or fewer elements there.
 */

#include "lib/extent.h"

#include "mdh-c/Dialect.h"
#include "support/ir.h"
#include "support/polyhedral.h"
#include "support/str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/map.h>
#include <isl/set.h>
#include <isl/val.h>

#include <stdlib.h>

static void append_chunk(MlirStringRef s, void *user) {
  mdh_str_append(user, s.data, s.length);
}

/* Appends "loc" to "s" as a compiler names a place: "FILE:LINE:COL" for a
 * file location, else MLIR's printed form of it. */
static void append_location(struct mdh_str *s, MlirLocation loc) {
  MlirStringRef file;

  if (!mlirLocationIsAFileLineColRange(loc)) {
    mlirLocationPrint(loc, &append_chunk, s);
    return;
  }
  file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
  mdh_str_append(s, file.data, file.length);
  mdh_str_printf(s, ":%d:%d", mlirLocationFileLineColRangeGetStartLine(loc),
                 mlirLocationFileLineColRangeGetStartColumn(loc));
}

/* Builds the check that dimension "r" of the buffer of "view" has more
 * than "max" elements. */
static void build_check(struct mdh_builder *b, MlirOperation view, int r,
                        int64_t max) {
  MlirValue extent = mdh_build_dim(b, mdhViewGetBuffer(view), r);
  MlirValue ok = mdh_build_cmpi(b, "sgt", extent, mdh_build_index(b, max));
  struct mdh_str msg;
  MlirNamedAttribute attr;

  mdh_str_init(&msg);
  append_location(&msg, mlirOperationGetLocation(view));
  mdh_str_printf(&msg,
                 ": error: %s reaches index %lld in dimension %d of its "
                 "buffer, which has fewer elements there",
                 mdhOperationIsAOutView(view) ? "mdh.out_view" : "mdh.inp_view",
                 (long long)max, r);
  attr = mdh_named_attr(
      b->ctx, "msg",
      mlirStringAttrGet(b->ctx, mlirStringRefCreate(msg.data, msg.len)));
  mdh_build_op(b, "cf.assert", 1, &ok, 0, NULL, 1, &attr);
  mdh_str_clear(&msg);
}

/* Raises "max[r]" to the largest index that "access" reaches in each
 * dynamic dimension r of "type" over the index space of "n" sizes
 * "sizes". Returns 0, or -1 on an isl error or an unbounded index. */
static int raise_max(isl_ctx *ctx, MlirAffineMap access, MlirType type, int n,
                     const int64_t *sizes, int64_t *max) {
  isl_set *image = isl_set_apply(mdh_isl_box(ctx, n, sizes),
                                 mdh_isl_map_from_affine_map(ctx, access));
  intptr_t rank = mlirShapedTypeGetRank(type), r;
  int rc = image ? 0 : -1;

  for (r = 0; rc == 0 && r < rank; ++r) {
    isl_val *v;
    if (!mlirShapedTypeIsDynamicDim(type, r))
      continue;
    v = mdh_isl_set_dim_bound(image, (int)r, 1);
    if (!v || !isl_val_is_int(v))
      rc = -1;
    else if (isl_val_get_num_si(v) > max[r])
      max[r] = isl_val_get_num_si(v);
    isl_val_free(v);
  }
  isl_set_free(image);
  return rc;
}

/* Builds the checks of "view" over the index space of "n" sizes "sizes":
 * one per dynamic dimension of its buffer, against the largest index that
 * any of its accesses reaches there. */
static int check_view(struct mdh_builder *b, isl_ctx *ctx, MlirOperation view,
                      int n, const int64_t *sizes) {
  MlirType type = mlirValueGetType(mdhViewGetBuffer(view));
  intptr_t rank = mlirShapedTypeGetRank(type), a, r;
  int64_t *max = malloc((rank + 1) * sizeof(*max));
  int rc = 0;

  if (!max)
    abort();
  for (r = 0; r < rank; ++r)
    max[r] = -1;
  for (a = 0; rc == 0 && a < mdhViewGetNumAccesses(view); ++a)
    rc = raise_max(ctx, mdhViewGetAccess(view, a), type, n, sizes, max);
  for (r = 0; rc == 0 && r < rank; ++r)
    if (mlirShapedTypeIsDynamicDim(type, r) && max[r] >= 0)
      build_check(b, view, (int)r, max[r]);
  free(max);
  return rc;
}

/* Tells whether the buffer of "view" has a dynamic dimension. */
static int has_dynamic_buffer(MlirOperation view) {
  MlirType type = mlirValueGetType(mdhViewGetBuffer(view));

  return !mlirShapedTypeHasStaticShape(type);
}

int mdh_build_view_extent_checks(struct mdh_builder *b, isl_ctx *ctx,
                                 MlirOperation view) {
  MlirType mda;
  int n, d, rc;
  int64_t *sizes;

  if (!has_dynamic_buffer(view))
    return 0;
  /* The index space of an inp_view is its md_hom's, which is that of its
   * MDA; an out_view's is that of the result it stores. */
  mda = mlirValueGetType(mdhOperationIsAOutView(view)
                             ? mlirOperationGetOperand(view, 0)
                             : mlirOperationGetResult(view, 0));
  n = (int)mdhMdaTypeGetRank(mda);
  sizes = malloc((n + 1) * sizeof(*sizes));
  if (!sizes)
    abort();
  for (d = 0; d < n; ++d)
    sizes[d] = mdhMdaTypeGetSize(mda, d);
  rc = check_view(b, ctx, view, n, sizes);
  free(sizes);
  return rc;
}

int mdh_build_input_extent_checks(struct mdh_builder *b, isl_ctx *ctx,
                                  MlirOperation hom) {
  intptr_t k;
  int rc = 0;

  for (k = 0; rc == 0 && k < mlirOperationGetNumOperands(hom); ++k) {
    MlirValue v = mlirOperationGetOperand(hom, k);
    if (mlirValueIsAOpResult(v) &&
        mdhOperationIsAInpView(mlirOpResultGetOwner(v)))
      rc = mdh_build_view_extent_checks(b, ctx, mlirOpResultGetOwner(v));
  }
  return rc;
}

int mdh_build_extent_checks(struct mdh_builder *b, isl_ctx *ctx,
                            MlirOperation hom) {
  intptr_t k;
  MlirOpOperand use;
  int rc = mdh_build_input_extent_checks(b, ctx, hom);

  for (k = 0; rc == 0 && k < mlirOperationGetNumResults(hom); ++k)
    for (use = mlirValueGetFirstUse(mlirOperationGetResult(hom, k));
         rc == 0 && !mlirOpOperandIsNull(use);
         use = mlirOpOperandGetNextUse(use))
      if (mdhOperationIsAOutView(mlirOpOperandGetOwner(use)))
        rc = mdh_build_view_extent_checks(b, ctx, mlirOpOperandGetOwner(use));
  return rc;
}
