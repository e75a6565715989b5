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
 *
 * The extents of a dynamic index space (dialect/extents.h) are computed
 * here too, from the extents of the input buffers, before any check that
 * needs them: isl's AST generator turns each into an expression. Over a
 * dynamic index space, h is an expression in the extents as well.
 */

#include "lib/extent.h"

#include "dialect/dialect.h"
#include "dialect/extents.h"
#include "lib/ast_to_mlir.h"
#include "mdh-c/Dialect.h"
#include "support/ir.h"
#include "support/polyhedral.h"
#include "support/str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/ilp.h>
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

/* Builds "pa" at "b" over "context", its parameters bound by "p". */
static MlirValue build_pw_aff(struct mdh_builder *b, struct mdh_ast_params *p,
                              __isl_keep isl_set *context,
                              __isl_keep isl_pw_aff *pa) {
  isl_ast_build *build = isl_ast_build_from_context(isl_set_copy(context));
  isl_ast_expr *expr =
      isl_ast_build_expr_from_pw_aff(build, isl_pw_aff_copy(pa));
  struct mdh_ast_target target = {NULL, NULL, NULL, p};
  MlirValue v = {NULL};

  if (expr)
    v = mdh_ast_expr_to_mlir(b, expr, &target);
  isl_ast_expr_free(expr);
  isl_ast_build_free(build);
  return v;
}

/* Builds `cf.assert ok, "FILE:LINE:COL: error: MESSAGE"` at "b" for "op". */
static void build_assert(struct mdh_builder *b, MlirValue ok, MlirOperation op,
                         struct mdh_str *message) {
  struct mdh_str msg;
  MlirNamedAttribute attr;

  mdh_str_init(&msg);
  append_location(&msg, mlirOperationGetLocation(op));
  mdh_str_printf(&msg, ": error: %s", message->data);
  attr = mdh_named_attr(
      b->ctx, "msg",
      mlirStringAttrGet(b->ctx, mlirStringRefCreate(msg.data, msg.len)));
  mdh_build_op(b, "cf.assert", 1, &ok, 0, NULL, 1, &attr);
  mdh_str_clear(&msg);
  mdh_str_clear(message);
}

/* Binds the extent of every dynamic dimension of the buffer of each of
 * the "n" input views "views" in "p" ("w<v>_<r>", dialect/extents.h). */
static void bind_buffer_extents(struct mdh_builder *b, isl_ctx *ctx,
                                const MlirOperation *views, size_t n,
                                struct mdh_ast_params *p) {
  size_t v;
  intptr_t r;

  for (v = 0; v < n; ++v) {
    MlirValue buffer = mdhViewGetBuffer(views[v]);
    MlirType type = mlirValueGetType(buffer);
    for (r = 0; r < mlirShapedTypeGetRank(type); ++r)
      if (mlirShapedTypeIsDynamicDim(type, r))
        mdh_ast_params_add(p, mdh_extents_buffer_id(ctx, (int)v, (int)r),
                           mdh_build_dim(b, buffer, r));
  }
}

int mdh_build_hom_extents(struct mdh_builder *b, isl_ctx *ctx,
                          MlirOperation hom, MlirValue *out) {
  struct mdh_extents ext;
  struct mdh_ast_params p = {0, 0, NULL, NULL};
  struct mdh_op_list views;
  struct mdh_str msg;
  intptr_t rank = mdhMdHomGetRank(hom), d;
  size_t n_inputs;
  int k, rc;

  for (d = 0; d < rank; ++d)
    if (mdhMdHomGetSize(hom, d) >= 0)
      out[d] = mdh_build_index(b, mdhMdHomGetSize(hom, d));
  if (!mdh_extents_any_dynamic(hom))
    return 0;
  mdh_str_init(&msg);
  rc = mdh_extents_compute(ctx, hom, &ext, &msg);
  mdh_str_clear(&msg);
  views = mdh_md_hom_views(hom, &n_inputs);
  if (rc == 0)
    bind_buffer_extents(b, ctx, views.ops, n_inputs, &p);
  free(views.ops);
  for (k = 0; rc == 0 && k < ext.n_order; ++k) {
    int dim = ext.order[k];
    MlirValue v = build_pw_aff(b, &p, ext.context, ext.extent[dim]);
    if (mlirValueIsNull(v)) {
      rc = -1;
      break;
    }
    out[dim] = v;
    mdh_str_init(&msg);
    mdh_str_printf(&msg,
                   "mdh.md_hom: dynamic dimension %d of the index space is "
                   "empty: its input buffers are too small for any point",
                   dim);
    build_assert(b, mdh_build_cmpi(b, "sgt", v, mdh_build_index(b, 0)), hom,
                 &msg);
    mdh_ast_params_add(&p, mdh_isl_size_id(ctx, "", dim), v);
  }
  mdh_extents_clear(&ext);
  mdh_ast_params_clear(&p);
  return rc ? -1 : 0;
}

/* Builds the check that dimension "r" of the buffer of "view" has more
 * elements than "max", the largest index its accesses reach there over
 * the extents bound in "p". */
static int build_check(struct mdh_builder *b, MlirOperation view, int r,
                       struct mdh_ast_params *p, __isl_keep isl_set *context,
                       __isl_keep isl_pw_aff *max) {
  MlirValue extent = mdh_build_dim(b, mdhViewGetBuffer(view), r);
  MlirValue h = build_pw_aff(b, p, context, max);
  const char *what =
      mdhOperationIsAOutView(view) ? "mdh.out_view" : "mdh.inp_view";
  struct mdh_str msg;

  if (mlirValueIsNull(h))
    return -1;
  mdh_str_init(&msg);
  if (isl_pw_aff_is_cst(max) == isl_bool_true && isl_pw_aff_n_piece(max) == 1) {
    isl_val *v =
        isl_set_dim_max_val(isl_set_from_pw_aff(isl_pw_aff_copy(max)), 0);
    mdh_str_printf(&msg,
                   "%s reaches index %ld in dimension %d of its buffer, "
                   "which has fewer elements there",
                   what, v ? isl_val_get_num_si(v) : -1L, r);
    isl_val_free(v);
  } else {
    mdh_str_printf(&msg,
                   "%s reaches beyond dimension %d of its buffer at the "
                   "run-time extents of its index space",
                   what, r);
  }
  build_assert(b, mdh_build_cmpi(b, "sgt", extent, h), view, &msg);
  return 0;
}

/* Returns the buffer indices that the accesses of "view" reach over the
 * index space of "n" sizes "sizes" (-1 dynamic: the parameter "n<d>"). */
static __isl_give isl_set *view_image(isl_ctx *ctx, MlirOperation view, int n,
                                      const int64_t *sizes) {
  isl_set *box = mdh_isl_box(ctx, n, sizes), *image = NULL;
  intptr_t a;

  for (a = 0; a < mdhViewGetNumAccesses(view); ++a) {
    isl_map *map = mdh_isl_map_from_affine_map(ctx, mdhViewGetAccess(view, a));
    isl_set *one = isl_set_apply(isl_set_copy(box), map);
    image = image ? isl_set_union(image, one) : one;
  }
  isl_set_free(box);
  return image;
}

/* Builds the checks of "view" over the index space of "n" sizes "sizes",
 * the dynamic ones "extents": one for each dimension of its buffer that
 * is dynamic or whose largest index depends on the extents. */
static int check_view(struct mdh_builder *b, isl_ctx *ctx, MlirOperation view,
                      int n, const int64_t *sizes, const MlirValue *extents) {
  MlirType type = mlirValueGetType(mdhViewGetBuffer(view));
  intptr_t rank = mlirShapedTypeGetRank(type), r;
  isl_set *image = view_image(ctx, view, n, sizes), *context;
  struct mdh_ast_params p = {0, 0, NULL, NULL};
  int d, rc = image ? 0 : -1;

  /* The box is not empty: every extent is at least 1. */
  context = isl_set_params(mdh_isl_box(ctx, n, sizes));
  for (d = 0; d < n; ++d)
    if (sizes[d] < 0)
      mdh_ast_params_add(&p, mdh_isl_size_id(ctx, "", d), extents[d]);
  for (r = 0; rc == 0 && r < rank; ++r) {
    isl_pw_aff *max;
    if (!mlirShapedTypeIsDynamicDim(type, r) && p.n == 0)
      continue;
    max = isl_set_dim_max(isl_set_copy(image), (int)r);
    if (!max)
      rc = -1;
    else if (mlirShapedTypeIsDynamicDim(type, r) ||
             isl_pw_aff_is_cst(max) != isl_bool_true)
      rc = build_check(b, view, (int)r, &p, context, max);
    isl_pw_aff_free(max);
  }
  isl_set_free(image);
  isl_set_free(context);
  mdh_ast_params_clear(&p);
  return rc;
}

/* Tells whether the buffer of "view" has a dynamic dimension. */
static int has_dynamic_buffer(MlirOperation view) {
  MlirType type = mlirValueGetType(mdhViewGetBuffer(view));

  return !mlirShapedTypeHasStaticShape(type);
}

int mdh_build_view_extent_checks(struct mdh_builder *b, isl_ctx *ctx,
                                 MlirOperation view, const MlirValue *extents) {
  MlirType mda;
  int n, d, rc, dynamic = 0;
  int64_t *sizes;

  /* The index space of an inp_view is its md_hom's, which is that of its
   * MDA; an out_view's is that of the result it stores. */
  mda = mlirValueGetType(mdhOperationIsAOutView(view)
                             ? mlirOperationGetOperand(view, 0)
                             : mlirOperationGetResult(view, 0));
  n = (int)mdhMdaTypeGetRank(mda);
  sizes = malloc((n + 1) * sizeof(*sizes));
  if (!sizes)
    abort();
  for (d = 0; d < n; ++d) {
    sizes[d] = mdhMdaTypeGetSize(mda, d);
    dynamic |= sizes[d] < 0;
  }
  /* The extents of a dynamic index space keep its inp_views inside their
   * buffers. */
  rc = 0;
  if (dynamic ? mdhOperationIsAOutView(view) : has_dynamic_buffer(view))
    rc = check_view(b, ctx, view, n, sizes, extents);
  free(sizes);
  return rc;
}

/* Builds the extents of "hom" into "extents" and the checks of the first
 * "n" of its views (lib/extent.h): the input views or all of them. */
static int build_checks(struct mdh_builder *b, isl_ctx *ctx, MlirOperation hom,
                        MlirValue *extents, int inputs_only) {
  size_t n_inputs, v, n;
  struct mdh_op_list views = mdh_md_hom_views(hom, &n_inputs);
  int rc = mdh_build_hom_extents(b, ctx, hom, extents);

  n = inputs_only ? n_inputs : views.n;
  for (v = 0; rc == 0 && v < n; ++v)
    rc = mdh_build_view_extent_checks(b, ctx, views.ops[v], extents);
  free(views.ops);
  return rc;
}

int mdh_build_input_extent_checks(struct mdh_builder *b, isl_ctx *ctx,
                                  MlirOperation hom, MlirValue *extents) {
  return build_checks(b, ctx, hom, extents, 1);
}

int mdh_build_extent_checks(struct mdh_builder *b, isl_ctx *ctx,
                            MlirOperation hom, MlirValue *extents) {
  return build_checks(b, ctx, hom, extents, 0);
}
