/* The extents of the dynamic dimensions of a md_hom (see extents.h).
 *
 * The extent of dimension d, with the dimensions D determined before as
 * parameters, is the maximum n_d of
 *
 *   { n_d >= 0 : no point i of the index space (i_d < n_d, i_k < n_k for k
 *                in D, the static sizes elsewhere) makes an access reach
 *                below 0 or beyond its buffer in a dimension whose index
 *                involves d and otherwise only dimensions in D }
 *
 * isl computes the points that do as a projection ("bad") and the
 * maximum of the rest as a piecewise quasi-affine expression of the
 * buffers' extents. The set is closed downwards (a smaller n_d leaves out
 * points, never adds them), so its maximum is the largest extent that
 * keeps every such access inside its buffer.
 */

#include "dialect/extents.h"

#include "dialect/dialect.h"
#include "support/polyhedral.h"

#include "mlir-c/BuiltinTypes.h"

#include <isl/map.h>
#include <isl/space.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__isl_give isl_id *mdh_extents_buffer_id(isl_ctx *ctx, int v, int r) {
  char name[48];

  snprintf(name, sizeof(name), "w%d_%d", v, r);
  return isl_id_alloc(ctx, name, NULL);
}

/* Returns the parameter values for which some point of "image" (the
 * indices that an access of operand "v" reaches in dimension "r" of its
 * buffer, of type "type") lies outside the buffer. */
static __isl_give isl_set *outside(__isl_keep isl_set *image, MlirType type,
                                   int v, int r) {
  isl_set *lo = isl_set_upper_bound_si(isl_set_copy(image), isl_dim_set, 0, -1);
  isl_set *hi = isl_set_copy(image);

  if (mlirShapedTypeIsDynamicDim(type, r))
    hi = mdh_isl_set_bound_by_param(
        hi, 0, mdh_extents_buffer_id(isl_set_get_ctx(image), v, r), 1);
  else
    hi = isl_set_lower_bound_si(hi, isl_dim_set, 0,
                                mlirShapedTypeGetDimSize(type, r));
  return isl_set_params(isl_set_union(lo, hi));
}

/* Tells whether "pa" involves input dimension "k". */
static int involves(__isl_keep isl_pw_aff *pa, int k) {
  return isl_pw_aff_involves_dims(pa, isl_dim_in, (unsigned)k, 1) == 1;
}

/* Internal data structure of a computation: the md_hom and its "sizes"
 * (-1 dynamic), and which dynamic dimensions are "known" so far. */
struct data {
  isl_ctx *ctx;
  MlirOperation hom;
  int rank;
  int64_t sizes[MDH_EXTENTS_MAX_RANK];
  int known[MDH_EXTENTS_MAX_RANK];
};

/* Tells whether "pa", the index an access reaches in one dimension of its
 * buffer, takes part in determining dimension "d": it involves d and no
 * other dynamic dimension that is not known yet. */
static int determines(struct data *data, __isl_keep isl_pw_aff *pa, int d) {
  int k;

  if (!involves(pa, d))
    return 0;
  for (k = 0; k < data->rank; ++k)
    if (k != d && data->sizes[k] < 0 && !data->known[k] && involves(pa, k))
      return 0;
  return 1;
}

/* Returns the parameter values for which an index that determines "d"
 * leaves its buffer dimension, over the index space with the extents of
 * the known dimensions and of "d" as parameters and any other dynamic
 * extent 1 (no such index involves it). Sets "*found" if some index
 * determines "d". Each dimension of a buffer is looked at on its own, so
 * that A[i][k] bounds i and k separately. */
static __isl_give isl_set *bad_params(struct data *data, int d, int *found) {
  int64_t sizes[MDH_EXTENTS_MAX_RANK];
  isl_set *box, *bad = isl_set_empty(isl_space_params_alloc(data->ctx, 0));
  struct mdh_op_list views;
  size_t v, n_inputs;
  intptr_t a;
  isl_size r, n;
  int k;

  for (k = 0; k < data->rank; ++k)
    sizes[k] =
        data->sizes[k] >= 0 || k == d || data->known[k] ? data->sizes[k] : 1;
  box = mdh_isl_box(data->ctx, data->rank, sizes);
  views = mdh_md_hom_views(data->hom, &n_inputs);
  for (v = 0; v < n_inputs; ++v) {
    MlirOperation view = views.ops[v];
    for (a = 0; a < mdhViewGetNumAccesses(view); ++a) {
      isl_multi_pw_aff *mpa = mdh_isl_multi_pw_aff_from_affine_map(
          data->ctx, mdhViewGetAccess(view, a));
      n = isl_multi_pw_aff_dim(mpa, isl_dim_out);
      for (r = 0; r < n; ++r) {
        isl_pw_aff *pa = isl_multi_pw_aff_get_pw_aff(mpa, r);
        isl_set *image;
        if (!determines(data, pa, d)) {
          isl_pw_aff_free(pa);
          continue;
        }
        *found = 1;
        image = isl_set_apply(isl_set_copy(box), isl_map_from_pw_aff(pa));
        bad = isl_set_union(
            bad, outside(image, mlirValueGetType(mdhViewGetBuffer(view)),
                         (int)v, r));
        isl_set_free(image);
      }
      isl_multi_pw_aff_free(mpa);
    }
  }
  free(views.ops);
  isl_set_free(box);
  return bad;
}

/* Returns the universe of the parameters of "set" restricted to the
 * context: buffer extents "w..." non-negative, dimension extents "n<k>"
 * positive, except "n<d>", which is only non-negative. */
static __isl_give isl_set *context_of(__isl_keep isl_set *set, int d) {
  isl_set *ctx_set = isl_set_universe(isl_set_get_space(set));
  isl_size n = isl_set_dim(ctx_set, isl_dim_param), i;
  char own[32];

  snprintf(own, sizeof(own), "n%d", d);
  for (i = 0; i < n; ++i) {
    const char *name = isl_set_get_dim_name(ctx_set, isl_dim_param, i);
    int lo = name && name[0] == 'n' && strcmp(name, own) != 0;
    ctx_set = isl_set_lower_bound_si(ctx_set, isl_dim_param, i, lo);
  }
  return ctx_set;
}

/* Determines dimension "d" if the accesses allow it: 0 with its extent in
 * "ext", 1 if no access determines it yet, 2 if those that do leave it
 * unbounded, -1 on an isl error. */
static int determine(struct data *data, int d, struct mdh_extents *ext) {
  int found = 0, pos;
  isl_set *bad = bad_params(data, d, &found), *good, *params;
  isl_id *id;
  isl_bool bounded;

  if (!bad)
    return -1;
  if (!found) {
    isl_set_free(bad);
    return 1;
  }
  id = mdh_isl_size_id(data->ctx, "", d);
  bad = isl_set_align_params(
      bad, isl_space_set_dim_id(isl_space_params_alloc(data->ctx, 1),
                                isl_dim_param, 0, isl_id_copy(id)));
  good = isl_set_subtract(context_of(bad, d), bad);
  pos = isl_set_find_dim_by_id(good, isl_dim_param, id);
  isl_id_free(id);
  good = isl_set_move_dims(isl_set_from_params(good), isl_dim_set, 0,
                           isl_dim_param, pos, 1);
  bounded = isl_set_is_bounded(good);
  if (bounded != isl_bool_true) {
    isl_set_free(good);
    return bounded < 0 ? -1 : 2;
  }
  params = isl_set_params(isl_set_copy(good));
  ext->context = isl_set_intersect_params(ext->context, context_of(params, -1));
  isl_set_free(params);
  ext->extent[d] = isl_set_dim_max(good, 0);
  ext->order[ext->n_order++] = d;
  data->known[d] = 1;
  return ext->extent[d] ? 0 : -1;
}

/* Appends to "err" why dimension "d" cannot be determined ("rc" of
 * determine). */
static void explain(struct mdh_str *err, int d, int rc) {
  if (rc == 2)
    mdh_str_printf(err,
                   "the accesses of the input views do not bound dynamic "
                   "dimension %d of the index space (an extent must be the "
                   "largest that keeps every access inside its buffer)",
                   d);
  else
    mdh_str_printf(err,
                   "no access of an input view bounds dynamic dimension %d "
                   "of the index space on its own (an access may involve "
                   "other dynamic dimensions only if those are bounded "
                   "without it)",
                   d);
}

int mdh_extents_compute(isl_ctx *ctx, MlirOperation hom,
                        struct mdh_extents *ext, struct mdh_str *err) {
  struct data data = {ctx, hom, 0, {0}, {0}};
  int reason[MDH_EXTENTS_MAX_RANK];
  int d, progress = 1, rc = 0;

  memset(ext, 0, sizeof(*ext));
  data.rank = (int)mdhMdHomGetRank(hom);
  if (data.rank < 0 || data.rank > MDH_EXTENTS_MAX_RANK)
    return -1;
  ext->rank = data.rank;
  ext->context = isl_set_universe(isl_space_params_alloc(ctx, 0));
  for (d = 0; d < data.rank; ++d)
    data.sizes[d] = mdhMdHomGetSize(hom, d);
  while (progress && rc >= 0) {
    progress = 0;
    for (d = 0; rc >= 0 && d < data.rank; ++d) {
      if (data.sizes[d] >= 0 || data.known[d])
        continue;
      rc = determine(&data, d, ext);
      if (rc == 0)
        progress = 1;
      else if (rc > 0)
        reason[d] = rc;
    }
  }
  for (d = 0; rc >= 0 && d < data.rank; ++d)
    if (data.sizes[d] < 0 && !data.known[d]) {
      explain(err, d, reason[d]);
      return 1;
    }
  return rc < 0 || !ext->context ? -1 : 0;
}

void mdh_extents_clear(struct mdh_extents *ext) {
  int d;

  for (d = 0; d < ext->rank; ++d)
    ext->extent[d] = isl_pw_aff_free(ext->extent[d]);
  ext->context = isl_set_free(ext->context);
}

int mdh_extents_any_dynamic(MlirOperation hom) {
  intptr_t d;

  for (d = 0; d < mdhMdHomGetRank(hom); ++d)
    if (mdhMdHomGetSize(hom, d) < 0)
      return 1;
  return 0;
}

int64_t mdh_extents_nominal_size(MlirOperation hom, intptr_t d) {
  int64_t n = mdhMdHomGetSize(hom, d);

  return n < 0 ? MDH_NOMINAL_EXTENT : n;
}
