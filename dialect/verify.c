/* The semantic rules of the mdh dialect (docs/dialect.md; MDH paper
 * Defs. 11-21 and Lemma 10) that IRDL cannot express.
 *
 * Every rule reports an error at the offending op that says what is wrong
 * and what was expected; verification goes on after an error so that one run
 * shows every problem. Nothing here assumes a rule checked elsewhere holds:
 * each accessor result is checked before use, so malformed IR never crashes.
 * Index-space facts (bounds, injectivity) are decided exactly with isl.
 */

#include "dialect/attrs.h"
#include "dialect/dialect.h"
#include "dialect/extents.h"
#include "dialect/operators.h"
#include "mdh-c/Dialect.h"
#include "support/polyhedral.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Internal data structure for mdhVerify: "ctx" decides index-space
 * questions, "failed" records whether any rule was violated. */
struct verify_data {
  isl_ctx *ctx;
  int failed;
};

/* The scalar function of a md_hom and the facts the rules need of it. */
struct scalar_fn {
  MlirOperation func;
  MlirType type;
  intptr_t n_results;
};

static void fail(struct verify_data *data, MlirOperation op, const char *msg) {
  mlirEmitError(mlirOperationGetLocation(op), msg);
  data->failed = 1;
}

static void failf(struct verify_data *data, MlirOperation op,
                  struct mdh_str *msg) {
  fail(data, op, msg->data);
  mdh_str_clear(msg);
}

/* Returns the op that defines "value" if it is named "name", else null. */
static MlirOperation defining_op(MlirValue value, const char *name) {
  MlirOperation op;

  if (!mlirValueIsAOpResult(value))
    return (MlirOperation){NULL};
  op = mlirOpResultGetOwner(value);
  if (!mdh_op_is(op, name))
    return (MlirOperation){NULL};
  return op;
}

/* Tells whether "n" sizes are all positive (or -1) and their product fits in
 * int64; reports the first that is not at "op" on behalf of "what". */
static int check_sizes(struct verify_data *data, MlirOperation op,
                       const char *what, intptr_t n, const int64_t *sizes) {
  struct mdh_str msg;
  int64_t points = 1;
  intptr_t d;

  mdh_str_init(&msg);
  for (d = 0; d < n; ++d) {
    /* -1: a dynamic size, fixed at run time (dialect/extents.h). */
    if (sizes[d] == -1)
      continue;
    if (sizes[d] <= 0) {
      mdh_str_printf(&msg,
                     "%s size %lld in dimension %ld must be "
                     "positive, or -1 for a dynamic size",
                     what, (long long)sizes[d], (long)d);
      failf(data, op, &msg);
      return 0;
    }
    if (points > INT64_MAX / sizes[d]) {
      mdh_str_printf(&msg,
                     "%s has more than 2^63-1 points; sizes "
                     "must keep the point count within int64",
                     what);
      failf(data, op, &msg);
      return 0;
    }
    points *= sizes[d];
  }
  return 1;
}

/* Reads the sizes of an MDA type into "sizes" (at most "max"); returns the
 * rank or -1 if "type" is not an MDA with array<i64> sizes. */
static intptr_t read_mda(MlirType type, int64_t *sizes, intptr_t max) {
  intptr_t rank = mdhMdaTypeGetRank(type);
  intptr_t d;

  if (rank < 0 || rank > max)
    return -1;
  for (d = 0; d < rank; ++d)
    sizes[d] = mdhMdaTypeGetSize(type, d);
  return rank;
}

#define MDH_MAX_RANK 64

/* Checks the MDA type "type" of a value of "op" and reads its sizes. */
static intptr_t check_mda(struct verify_data *data, MlirOperation op,
                          MlirType type, const char *what, int64_t *sizes) {
  struct mdh_str msg;
  intptr_t rank = read_mda(type, sizes, MDH_MAX_RANK);

  if (rank < 0) {
    mdh_str_init(&msg);
    mdh_str_printf(&msg,
                   "%s must be !mdh.mda<array<i64: ...>> "
                   "with at most %d dimensions, got ",
                   what, MDH_MAX_RANK);
    mdh_str_append_type(&msg, type);
    failf(data, op, &msg);
    return -1;
  }
  if (!check_sizes(data, op, what, rank, sizes))
    return -1;
  return rank;
}

/* Checks that the memref "type" has at most MDH_MAX_RANK dimensions (as
 * many as an MDA: the passes index buffers with arrays of that size) and
 * that its static extents multiply to at most 2^63-1 elements. */
static int check_buffer_extent(struct verify_data *data, MlirOperation op,
                               MlirType type) {
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t n = 1, e;
  intptr_t d;
  struct mdh_str msg;

  if (rank > MDH_MAX_RANK) {
    mdh_str_init(&msg);
    mdh_str_printf(&msg, "buffer has %ld dimensions; at most %d are supported",
                   (long)rank, MDH_MAX_RANK);
    failf(data, op, &msg);
    return 0;
  }
  for (d = 0; d < rank; ++d) {
    if (mlirShapedTypeIsDynamicDim(type, d))
      continue;
    e = mlirShapedTypeGetDimSize(type, d);
    if (e > 0 && n > INT64_MAX / e) {
      fail(data, op,
           "buffer has more than 2^63-1 elements; extents "
           "must fit in int64");
      return 0;
    }
    n *= e > 0 ? e : 1;
  }
  return 1;
}

/* Tells whether a result of "map" divides by an unusable value, stored in
 * "divisor". */
static int has_bad_divisor(MlirAffineMap map, int64_t *divisor) {
  intptr_t r, n = mlirAffineMapGetNumResults(map);

  for (r = 0; r < n; ++r)
    if (mdh_affine_expr_find_bad_divisor(mlirAffineMapGetResult(map, r),
                                         divisor))
      return 1;
  return 0;
}

/* Checks the form of every access map of "view": an affine map with "rank"
 * dimensions, no symbols and one result per buffer dimension. */
static int check_access_forms(struct verify_data *data, MlirOperation view,
                              intptr_t rank, MlirType buffer) {
  struct mdh_str msg;
  intptr_t n = mdhViewGetNumAccesses(view);
  intptr_t a, brank = mlirShapedTypeGetRank(buffer);
  MlirAffineMap map;
  int64_t divisor;
  int ok = 1;

  mdh_str_init(&msg);
  if (n <= 0) {
    fail(data, view, "'accesses' must be a non-empty array of affine maps");
    return 0;
  }
  for (a = 0; a < n; ++a) {
    map = mdhViewGetAccess(view, a);
    if (mlirAffineMapIsNull(map)) {
      mdh_str_printf(&msg, "access %ld must be an affine map", (long)a);
    } else if (mlirAffineMapGetNumDims(map) != rank) {
      mdh_str_printf(&msg,
                     "access %ld has %ld dimensions, expected "
                     "%ld (the rank of the MDA)",
                     (long)a, (long)mlirAffineMapGetNumDims(map), (long)rank);
    } else if (mlirAffineMapGetNumSymbols(map) != 0) {
      mdh_str_printf(&msg,
                     "access %ld must not use symbols: index "
                     "functions depend only on MDA indices",
                     (long)a);
    } else if (has_bad_divisor(map, &divisor)) {
      mdh_str_printf(&msg,
                     "access %ld divides by %lld: divisors must be non-zero "
                     "constants, and mod needs a positive one",
                     (long)a, (long long)divisor);
    } else if (mlirAffineMapGetNumResults(map) != brank) {
      mdh_str_printf(&msg,
                     "access %ld has %ld results, expected "
                     "%ld (the rank of the buffer)",
                     (long)a, (long)mlirAffineMapGetNumResults(map),
                     (long)brank);
    } else {
      continue;
    }
    failf(data, view, &msg);
    ok = 0;
  }
  return ok;
}

/* Returns the relation of access "a" of "view" restricted to the index
 * space "space", with the access number prepended to the domain:
 * { [a, i] -> buffer index }. */
static __isl_give isl_map *tagged_access(struct verify_data *data,
                                         MlirOperation view, intptr_t a,
                                         __isl_keep isl_set *space) {
  isl_map *map;

  map = mdh_isl_map_from_affine_map(data->ctx, mdhViewGetAccess(view, a));
  map = isl_map_intersect_domain(map, isl_set_copy(space));
  map = isl_map_insert_dims(map, isl_dim_in, 0, 1);
  return isl_map_fix_si(map, isl_dim_in, 0, a);
}

/* Returns the union of the tagged accesses of "view" over "space". */
static __isl_give isl_map *view_relation(struct verify_data *data,
                                         MlirOperation view,
                                         __isl_keep isl_set *space) {
  intptr_t n = mdhViewGetNumAccesses(view);
  isl_map *rel = tagged_access(data, view, 0, space);
  intptr_t a;

  for (a = 1; a < n; ++a)
    rel = isl_map_union(rel, tagged_access(data, view, a, space));
  return rel;
}

/* Appends the (arbitrarily large) integer "v" to "msg". */
static void append_val(struct mdh_str *msg, __isl_keep isl_val *v) {
  char *text = isl_val_to_str(v);

  mdh_str_printf(msg, "%s", text ? text : "?");
  free(text);
}

/* Reports that access "a" of "view" reaches "v" in buffer dimension "r",
 * outside [0, extent). */
static void report_out_of_bounds(struct verify_data *data, MlirOperation view,
                                 intptr_t a, int r, __isl_take isl_val *v,
                                 int64_t extent) {
  struct mdh_str msg;
  int neg = isl_val_is_neg(v);

  mdh_str_init(&msg);
  mdh_str_printf(&msg, "access %ld reaches index ", (long)a);
  append_val(&msg, v);
  if (extent < 0)
    mdh_str_printf(&msg,
                   " in dimension %d of a buffer of dynamic size: the "
                   "view needs ",
                   r);
  else
    mdh_str_printf(&msg,
                   " in dimension %d of a buffer of size %lld: the view "
                   "needs ",
                   r, (long long)extent);
  if (neg) {
    mdh_str_printf(&msg, "non-negative indices");
  } else {
    mdh_str_printf(&msg, "size >= ");
    v = isl_val_add_ui(v, 1);
    append_val(&msg, v);
    mdh_str_printf(&msg, " (1 + its largest index)");
  }
  isl_val_free(v);
  failf(data, view, &msg);
}

/* Checks that every access of "view" stays within the static extents of its
 * buffer for every point of "space" (derived size 1 + max index, MDH
 * Def. 13). Returns 0 after reporting the first violation, -1 on isl error. */
static int check_bounds(struct verify_data *data, MlirOperation view,
                        __isl_keep isl_set *space, MlirType buffer) {
  intptr_t n = mdhViewGetNumAccesses(view), a;
  intptr_t rank = mlirShapedTypeGetRank(buffer);
  isl_set *image;
  isl_val *lo, *hi;
  int r, ok = 1;
  int dynamic = isl_set_dim(space, isl_dim_param) > 0;
  int64_t extent;

  for (a = 0; a < n && ok > 0; ++a) {
    image = isl_set_apply(
        isl_set_copy(space),
        mdh_isl_map_from_affine_map(data->ctx, mdhViewGetAccess(view, a)));
    if (!image)
      return -1;
    for (r = 0; r < rank && ok > 0; ++r) {
      /* A dynamic extent is checked when the function runs (lib/extent.c);
       * a negative index is wrong whatever it is. */
      extent = mlirShapedTypeIsDynamicDim(buffer, r)
                   ? -1
                   : mlirShapedTypeGetDimSize(buffer, r);
      lo = mdh_isl_set_dim_bound(image, r, 0);
      hi = mdh_isl_set_dim_bound(image, r, 1);
      if (!lo || !hi) {
        ok = -1;
      } else if (dynamic && (!isl_val_is_int(lo) || !isl_val_is_int(hi))) {
        /* Over a dynamic index space, an inp_view stays inside by the
         * choice of the extents (dialect/extents.h); an out_view's
         * largest index is checked when the function runs, and it must
         * still never reach below 0. */
        if (isl_val_is_neg(lo) &&
            (isl_val_is_int(lo) || mdhOperationIsAOutView(view))) {
          report_out_of_bounds(data, view, a, r, isl_val_copy(lo), extent);
          ok = 0;
        }
      } else if (isl_val_is_neg(lo)) {
        report_out_of_bounds(data, view, a, r, isl_val_copy(lo), extent);
        ok = 0;
      } else if (extent >= 0 && isl_val_cmp_si(hi, extent) >= 0) {
        report_out_of_bounds(data, view, a, r, isl_val_copy(hi), extent);
        ok = 0;
      }
      isl_val_free(lo);
      isl_val_free(hi);
    }
    isl_set_free(image);
  }
  return ok;
}

static long coordinate(__isl_keep isl_point *pnt, int pos) {
  isl_val *v = isl_point_get_coordinate_val(pnt, isl_dim_set, pos);
  long r = isl_val_get_num_si(v);

  isl_val_free(v);
  return r;
}

/* Appends the coordinates of "pnt" from position "first" on, as "(x, y)". */
static void append_point(struct mdh_str *msg, __isl_keep isl_point *pnt,
                         int first, int n) {
  int i;

  mdh_str_printf(msg, "(");
  for (i = first; i < n; ++i)
    mdh_str_printf(msg, "%s%ld", i > first ? ", " : "", coordinate(pnt, i));
  mdh_str_printf(msg, ")");
}

/* Reports two points of "rel" = { [a, i] -> buffer index } that write the
 * same buffer element. */
static void report_not_injective(struct verify_data *data, MlirOperation view,
                                 __isl_take isl_map *rel, int dim) {
  isl_map *inverse, *pairs, *identity;
  isl_point *pnt;
  struct mdh_str msg;

  inverse = isl_map_reverse(isl_map_copy(rel));
  pairs = isl_map_apply_range(rel, inverse);
  identity = isl_map_identity(isl_map_get_space(pairs));
  pairs = isl_map_subtract(pairs, identity);
  pnt = isl_set_sample_point(isl_map_wrap(pairs));
  mdh_str_init(&msg);
  mdh_str_printf(&msg, "out_view is partial: its accesses are not "
                       "injective on the result index space");
  if (pnt && !isl_point_is_void(pnt)) {
    mdh_str_printf(&msg, " (access %ld at ", coordinate(pnt, 0));
    append_point(&msg, pnt, 1, dim + 1);
    mdh_str_printf(&msg, " and access %ld at ", coordinate(pnt, dim + 1));
    append_point(&msg, pnt, dim + 2, 2 * dim + 2);
    mdh_str_printf(&msg, " write the same element)");
  }
  isl_point_free(pnt);
  failf(data, view, &msg);
}

/* Checks that the out_view "view" writes each buffer element at most once
 * over "space" (MDH Def. 21: otherwise the view is partial). */
static int check_injective(struct verify_data *data, MlirOperation view,
                           __isl_keep isl_set *space, int dim) {
  isl_map *rel = view_relation(data, view, space);
  isl_bool inj = isl_map_is_injective(rel);

  if (inj < 0) {
    isl_map_free(rel);
    return -1;
  }
  if (inj) {
    isl_map_free(rel);
    return 1;
  }
  report_not_injective(data, view, rel, dim);
  return 0;
}

static void report_isl_error(struct verify_data *data, MlirOperation op) {
  struct mdh_str msg;

  mdh_str_init(&msg);
  mdh_str_printf(&msg, "cannot analyse the accesses: %s",
                 mdh_isl_ctx_error(data->ctx));
  failf(data, op, &msg);
}

/* Checks the accesses of "view" over the index space of the given sizes:
 * form, bounds and, for out_views, injectivity. */
static void check_accesses(struct verify_data *data, MlirOperation view,
                           intptr_t rank, const int64_t *sizes) {
  MlirType buffer = mlirValueGetType(mdhViewGetBuffer(view));
  isl_set *space;
  int ok;

  if (!check_access_forms(data, view, rank, buffer) ||
      !check_buffer_extent(data, view, buffer))
    return;
  space = mdh_isl_box(data->ctx, rank, sizes);
  ok = check_bounds(data, view, space, buffer);
  if (ok > 0 && mdhOperationIsAOutView(view))
    ok = check_injective(data, view, space, rank);
  if (ok < 0)
    report_isl_error(data, view);
  isl_set_free(space);
}

/* Checks an mdh.inp_view: MDA type, accesses, and that only md_homs use it. */
static void verify_inp_view(struct verify_data *data, MlirOperation view) {
  int64_t sizes[MDH_MAX_RANK] = {0};
  intptr_t rank;
  MlirValue result = mlirOperationGetResult(view, 0);
  MlirOpOperand use;

  rank =
      check_mda(data, view, mlirValueGetType(result), "inp_view result", sizes);
  if (rank >= 0)
    check_accesses(data, view, rank, sizes);
  for (use = mlirValueGetFirstUse(result); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    if (!mdhOperationIsAMdHom(mlirOpOperandGetOwner(use))) {
      fail(data, mlirOpOperandGetOwner(use),
           "an mdh.inp_view result can only be used by "
           "mdh.md_hom");
    }
  }
}

/* Looks up the func.func named "name" in the module of "op"; reports at "op"
 * (as the "role" of the md_hom) if there is none. */
static MlirOperation lookup_func(struct verify_data *data, MlirOperation op,
                                 MlirStringRef name, const char *role) {
  MlirOperation fn = mdh_lookup_symbol(op, name);
  struct mdh_str msg;

  if (!mlirOperationIsNull(fn) && mdh_op_is(fn, "func.func"))
    return fn;
  if (name.length == 0) {
    mdh_str_init(&msg);
    mdh_str_printf(&msg,
                   "%s must be a flat symbol reference @name to a "
                   "func.func of the module",
                   role);
    failf(data, op, &msg);
    return (MlirOperation){NULL};
  }
  mdh_str_init(&msg);
  mdh_str_printf(&msg, "%s @%.*s %s", role, (int)name.length, name.data,
                 mlirOperationIsNull(fn) ? "does not exist in the module"
                                         : "must be a func.func");
  failf(data, op, &msg);
  return (MlirOperation){NULL};
}

/* Compares argument "pos" of the function type "type" with "expected";
 * "what" says where the expected type comes from. */
static int check_arg(struct verify_data *data, MlirOperation op,
                     MlirStringRef fn, MlirType type, intptr_t pos,
                     MlirType expected, const char *what) {
  MlirType got = mlirFunctionTypeGetInput(type, pos);
  struct mdh_str msg;

  if (mlirTypeEqual(got, expected))
    return 1;
  mdh_str_init(&msg);
  mdh_str_printf(&msg, "argument %ld of scalar function @%.*s has type ",
                 (long)pos, (int)fn.length, fn.data);
  mdh_str_append_type(&msg, got);
  mdh_str_printf(&msg, ", expected ");
  mdh_str_append_type(&msg, expected);
  mdh_str_printf(&msg, " (%s)", what);
  failf(data, op, &msg);
  return 0;
}

/* Counts the arguments the md_hom "op" passes to its scalar function. */
static intptr_t count_args(MlirOperation op, intptr_t rank) {
  intptr_t n = mdhMdHomIsIndexAware(op) ? rank : 0;
  intptr_t v, a;
  MlirOperation view;

  for (v = 0; v < mlirOperationGetNumOperands(op); ++v) {
    view = defining_op(mlirOperationGetOperand(op, v), "mdh.inp_view");
    a = mlirOperationIsNull(view) ? -1 : mdhViewGetNumAccesses(view);
    if (a < 0)
      return -1;
    n += a;
  }
  return n;
}

/* Checks the arguments of the scalar function: D indices when index-aware,
 * then one per access of each view, of its buffer's element type. */
static int check_fn_args(struct verify_data *data, MlirOperation op,
                         MlirStringRef name, MlirType type, intptr_t rank) {
  intptr_t n = count_args(op, rank), pos = 0, v, a, na;
  MlirContext ctx = mlirOperationGetContext(op);
  MlirOperation view;
  MlirType elem;
  struct mdh_str msg;

  if (n < 0)
    return 0;
  if (mlirFunctionTypeGetNumInputs(type) != n) {
    mdh_str_init(&msg);
    mdh_str_printf(&msg,
                   "scalar function @%.*s takes %ld arguments, "
                   "expected %ld (%sone per access of each input "
                   "view)",
                   (int)name.length, name.data,
                   (long)mlirFunctionTypeGetNumInputs(type), (long)n,
                   mdhMdHomIsIndexAware(op) ? "the MDA indices, then " : "");
    failf(data, op, &msg);
    return 0;
  }
  if (mdhMdHomIsIndexAware(op))
    for (; pos < rank; ++pos)
      if (!check_arg(data, op, name, type, pos, mlirIndexTypeGet(ctx),
                     "an MDA index"))
        return 0;
  for (v = 0; v < mlirOperationGetNumOperands(op); ++v) {
    view = defining_op(mlirOperationGetOperand(op, v), "mdh.inp_view");
    elem =
        mlirShapedTypeGetElementType(mlirValueGetType(mdhViewGetBuffer(view)));
    na = mdhViewGetNumAccesses(view);
    for (a = 0; a < na; ++a, ++pos)
      if (!check_arg(data, op, name, type, pos, elem,
                     "the element type of the viewed buffer"))
        return 0;
  }
  return 1;
}

/* Finds and checks the scalar function of the md_hom "op" into "fn". */
static int check_scalar_fn(struct verify_data *data, MlirOperation op,
                           intptr_t rank, struct scalar_fn *fn) {
  MlirStringRef name = mdhMdHomGetScalarFunction(op);

  fn->func = lookup_func(data, op, name, "scalar function");
  if (mlirOperationIsNull(fn->func))
    return 0;
  fn->type = mdh_func_type(fn->func);
  fn->n_results = mlirFunctionTypeGetNumResults(fn->type);
  if (fn->n_results == 0) {
    fail(data, op,
         "scalar function must return at least one result "
         "component");
    return 0;
  }
  return check_fn_args(data, op, name, fn->type, rank);
}

/* Checks the builtin operator name "attr" for result component "c". */
static int check_builtin(struct verify_data *data, MlirOperation op,
                         intptr_t dim, MlirAttribute attr, MlirType type,
                         intptr_t c) {
  const struct mdh_operator *oper;
  struct mdh_str msg;
  MlirStringRef name;

  mdh_str_init(&msg);
  if (!mlirAttributeIsAString(attr)) {
    mdh_str_printf(&msg,
                   "combine op %ld: each per-component "
                   "operator must be a string",
                   (long)dim);
    failf(data, op, &msg);
    return 0;
  }
  name = mlirStringAttrGetValue(attr);
  oper = mdh_operator_find(name);
  if (!oper) {
    mdh_str_printf(&msg, "combine op %ld: unknown operator '%.*s', expected ",
                   (long)dim, (int)name.length, name.data);
    mdh_operator_append_names(&msg, 0);
  } else if (!mdh_operator_applies(oper, type)) {
    mdh_str_printf(&msg,
                   "combine op %ld: operator '%.*s' is not defined "
                   "on result component %ld of type ",
                   (long)dim, (int)name.length, name.data, (long)c);
    mdh_str_append_type(&msg, type);
    if (!oper->float_op) {
      mdh_str_printf(&msg, " (");
      mdh_operator_append_names(&msg, 1);
      mdh_str_printf(&msg, " need integers)");
    }
  } else {
    return 1;
  }
  failf(data, op, &msg);
  return 0;
}

/* Checks that the user combine function "func" has the signature
 * (T_1..T_C, T_1..T_C) -> (T_1..T_C) of the scalar function's results. */
static int check_combine_fn(struct verify_data *data, MlirOperation op,
                            intptr_t dim, MlirOperation func,
                            const struct scalar_fn *fn) {
  MlirType type = mdh_func_type(func);
  intptr_t c, n = fn->n_results;
  struct mdh_str msg;
  int ok = mlirFunctionTypeGetNumInputs(type) == 2 * n &&
           mlirFunctionTypeGetNumResults(type) == n;

  for (c = 0; ok && c < n; ++c) {
    MlirType t = mlirFunctionTypeGetResult(fn->type, c);
    ok = mlirTypeEqual(mlirFunctionTypeGetInput(type, c), t) &&
         mlirTypeEqual(mlirFunctionTypeGetInput(type, n + c), t) &&
         mlirTypeEqual(mlirFunctionTypeGetResult(type, c), t);
  }
  if (ok)
    return 1;
  mdh_str_init(&msg);
  mdh_str_printf(&msg, "combine op %ld: combine function has type ", (long)dim);
  mdh_str_append_type(&msg, type);
  mdh_str_printf(&msg, ", expected the scalar function's result types "
                       "twice as arguments and once as results");
  failf(data, op, &msg);
  return 0;
}

/* Checks the operator of the pw/ps combine op "dim" against the result
 * components of the scalar function. */
static int check_operator(struct verify_data *data, MlirOperation op,
                          intptr_t dim, MlirAttribute oper,
                          const struct scalar_fn *fn) {
  intptr_t c, n = fn->n_results;
  MlirOperation func;
  struct mdh_str msg;

  if (mlirAttributeIsAFlatSymbolRef(oper)) {
    func = lookup_func(data, op, mlirFlatSymbolRefAttrGetValue(oper),
                       "combine function");
    return !mlirOperationIsNull(func) &&
           check_combine_fn(data, op, dim, func, fn);
  }
  if (mlirAttributeIsAString(oper)) {
    for (c = 0; c < n; ++c)
      if (!check_builtin(data, op, dim, oper,
                         mlirFunctionTypeGetResult(fn->type, c), c))
        return 0;
    return 1;
  }
  if (mlirArrayAttrGetNumElements(oper) != n) {
    mdh_str_init(&msg);
    mdh_str_printf(&msg,
                   "combine op %ld has %ld per-component operators "
                   "but the scalar function returns %ld components",
                   (long)dim, (long)mlirArrayAttrGetNumElements(oper), (long)n);
    failf(data, op, &msg);
    return 0;
  }
  for (c = 0; c < n; ++c)
    if (!check_builtin(data, op, dim, mlirArrayAttrGetElement(oper, c),
                       mlirFunctionTypeGetResult(fn->type, c), c))
      return 0;
  return 1;
}

/* Returns the operator of component "c" of a checked operator "oper". */
static MlirAttribute component_operator(MlirAttribute oper, intptr_t c) {
  if (mlirAttributeIsAArray(oper))
    return mlirArrayAttrGetElement(oper, c);
  return oper;
}

/* Tells whether two checked operators are the same for every component. */
static int same_operator(MlirAttribute a, MlirAttribute b, intptr_t n) {
  intptr_t c;

  for (c = 0; c < n; ++c)
    if (!mlirAttributeEqual(component_operator(a, c), component_operator(b, c)))
      return 0;
  return 1;
}

/* Checks the Lemma 10 condition of the MDH paper: all pw and ps dimensions
 * combine with one associative and commutative operator (any mix with cc),
 * unless the user asserts mdh.assume_homomorphic. A user combine function is
 * asserted associative and commutative by its use (docs/dialect.md). */
static void check_lemma10(struct verify_data *data, MlirOperation op,
                          intptr_t rank, const struct scalar_fn *fn) {
  MlirAttribute first = {NULL}, oper;
  intptr_t d, first_dim = -1;
  struct mdh_str msg;

  if (mdhMdHomIsAssumedHomomorphic(op))
    return;
  for (d = 0; d < rank; ++d) {
    oper = mdhCombineAttrGetOperator(mdhMdHomGetCombineOp(op, d));
    if (mlirAttributeIsNull(oper))
      continue;
    if (first_dim < 0) {
      first = oper;
      first_dim = d;
      continue;
    }
    if (same_operator(first, oper, fn->n_results))
      continue;
    mdh_str_init(&msg);
    mdh_str_printf(&msg,
                   "combine ops %ld and %ld use different operators, "
                   "so the md_hom may not be well defined (MDH Lemma "
                   "10 needs one associative and commutative operator "
                   "in all pw/ps dimensions); add the unit attribute "
                   "mdh.assume_homomorphic to assert that it is",
                   (long)first_dim, (long)d);
    failf(data, op, &msg);
    return;
  }
}

/* Checks the combine ops of the md_hom "op" and reads their kinds into
 * "kinds"; the operators need the scalar function "fn" (if it was found). */
static int check_combine_ops(struct verify_data *data, MlirOperation op,
                             intptr_t rank, MdhCombineKind *kinds,
                             const struct scalar_fn *fn) {
  intptr_t n = mdhMdHomGetNumCombineOps(op), d;
  struct mdh_str msg;
  int ok = 1;

  mdh_str_init(&msg);
  if (n != rank) {
    mdh_str_printf(&msg,
                   "md_hom has %ld combine ops but %ld dimensions; "
                   "expected one combine op per dimension",
                   (long)n, (long)rank);
    failf(data, op, &msg);
    return 0;
  }
  for (d = 0; d < rank; ++d) {
    kinds[d] = mdhCombineAttrGetKind(mdhMdHomGetCombineOp(op, d));
    if (kinds[d] != MdhCombineInvalid)
      continue;
    mdh_str_printf(&msg,
                   "combine op %ld must be #mdh.cc, "
                   "#mdh.pw<OP> or #mdh.ps<OP>",
                   (long)d);
    failf(data, op, &msg);
    ok = 0;
  }
  if (!ok || !fn)
    return ok;
  for (d = 0; d < rank; ++d)
    if (kinds[d] != MdhCombineCC &&
        !check_operator(data, op, d,
                        mdhCombineAttrGetOperator(mdhMdHomGetCombineOp(op, d)),
                        fn))
      return 0;
  check_lemma10(data, op, rank, fn);
  return 1;
}

/* Tells whether "attr" is array<i64: sizes[0], .., sizes[rank-1]>. */
static int sizes_equal(MlirAttribute attr, intptr_t rank,
                       const int64_t *sizes) {
  intptr_t d;

  if (!mlirAttributeIsADenseI64Array(attr) ||
      mlirDenseArrayGetNumElements(attr) != rank)
    return 0;
  for (d = 0; d < rank; ++d)
    if (mlirDenseI64ArrayGetElement(attr, d) != sizes[d])
      return 0;
  return 1;
}

/* Reads the index-space sizes of the md_hom "op": those of its input views,
 * or `mdh.sizes` when it has none (then required). */
static intptr_t md_hom_sizes(struct verify_data *data, MlirOperation op,
                             int64_t *sizes) {
  MlirAttribute attr = mdh_attr_get_sizes(op);
  struct mdh_str msg;
  intptr_t rank, d;

  if (mlirOperationGetNumOperands(op) > 0) {
    rank = check_mda(data, op, mlirValueGetType(mlirOperationGetOperand(op, 0)),
                     "md_hom input", sizes);
    if (rank >= 0 && !mlirAttributeIsNull(attr) &&
        !sizes_equal(attr, rank, sizes)) {
      fail(data, op,
           "'mdh.sizes' differs from the sizes of "
           "the input views");
      return -1;
    }
    return rank;
  }
  if (!mlirAttributeIsNull(attr) && mlirAttributeIsADenseI64Array(attr) &&
      mlirDenseArrayGetNumElements(attr) > MDH_MAX_RANK) {
    mdh_str_init(&msg);
    mdh_str_printf(&msg,
                   "'mdh.sizes' has %ld dimensions; at most %d are "
                   "supported",
                   (long)mlirDenseArrayGetNumElements(attr), MDH_MAX_RANK);
    failf(data, op, &msg);
    return -1;
  }
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsADenseI64Array(attr)) {
    fail(data, op,
         "a md_hom without inputs needs its sizes as the "
         "discardable attribute mdh.sizes = array<i64: ...>");
    return -1;
  }
  rank = mlirDenseArrayGetNumElements(attr);
  for (d = 0; d < rank; ++d)
    sizes[d] = mlirDenseI64ArrayGetElement(attr, d);
  return check_sizes(data, op, "md_hom index space", rank, sizes) ? rank : -1;
}

/* Checks that every input of "op" is an mdh.inp_view. */
static int check_inputs(struct verify_data *data, MlirOperation op) {
  intptr_t v, n = mlirOperationGetNumOperands(op);
  struct mdh_str msg;

  for (v = 0; v < n; ++v) {
    if (!mlirOperationIsNull(
            defining_op(mlirOperationGetOperand(op, v), "mdh.inp_view")))
      continue;
    mdh_str_init(&msg);
    mdh_str_printf(&msg,
                   "md_hom input %ld must be the result of an "
                   "mdh.inp_view",
                   (long)v);
    failf(data, op, &msg);
    return 0;
  }
  return 1;
}

/* Checks the result type of "op": the input sizes with 1 in every pw
 * dimension (MDH Def. 9: pw's index set function maps I to {0}). */
static void check_result_type(struct verify_data *data, MlirOperation op,
                              intptr_t rank, const int64_t *sizes,
                              const MdhCombineKind *kinds) {
  int64_t expected[MDH_MAX_RANK];
  MlirType result = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirType want;
  struct mdh_str msg;
  intptr_t d;

  for (d = 0; d < rank; ++d)
    expected[d] = kinds[d] == MdhCombinePW ? 1 : sizes[d];
  want = mdhMdaTypeGet(mlirOperationGetContext(op), rank, expected);
  if (mlirTypeEqual(result, want))
    return;
  mdh_str_init(&msg);
  mdh_str_printf(&msg, "md_hom result type is ");
  mdh_str_append_type(&msg, result);
  mdh_str_printf(&msg, ", expected ");
  mdh_str_append_type(&msg, want);
  mdh_str_printf(&msg, " (the input sizes with 1 in every pw dimension)");
  failf(data, op, &msg);
}

/* Returns the places in the base of its buffer (mdh_isl_map_view_memory)
 * of the elements that "view" touches over its index space, whose dynamic
 * sizes are the parameters "n<d>" for every view of a md_hom; NULL if its
 * maps cannot be read (their own checks report why). */
static __isl_give isl_set *view_memory(isl_ctx *ctx, MlirOperation view) {
  MlirType mda = mdhOperationIsAInpView(view)
                     ? mlirValueGetType(mlirOperationGetResult(view, 0))
                     : mlirValueGetType(mlirOperationGetOperand(view, 0));
  MlirValue buffer = mdhViewGetBuffer(view);
  int64_t sizes[MDH_MAX_RANK];
  intptr_t a, d, rank;
  isl_set *dom, *set = NULL;
  isl_map *mem, *acc;
  int exact;

  if (!mdhTypeIsAMda(mda) || (rank = mdhMdaTypeGetRank(mda)) > MDH_MAX_RANK ||
      !mlirTypeIsAMemRef(mlirValueGetType(buffer)))
    return NULL;
  for (d = 0; d < rank; ++d)
    sizes[d] = mdhMdaTypeGetSize(mda, d);
  dom = mdh_isl_box_params(ctx, (int)rank, sizes, "n");
  mem = mdh_isl_map_view_memory(ctx, buffer, &exact);
  for (a = 0; a < mdhViewGetNumAccesses(view); ++a) {
    acc = mdh_isl_map_from_affine_map(ctx, mdhViewGetAccess(view, a));
    if (!acc || isl_map_dim(acc, isl_dim_in) != rank ||
        isl_map_dim(acc, isl_dim_out) != isl_map_dim(mem, isl_dim_in)) {
      isl_map_free(acc);
      set = isl_set_free(set);
      break;
    }
    acc = isl_map_apply_range(acc, isl_map_copy(mem));
    acc = isl_map_intersect_domain(acc, isl_set_copy(dom));
    set = set ? isl_set_union(set, isl_map_range(acc)) : isl_map_range(acc);
  }
  isl_set_free(dom);
  isl_map_free(mem);
  return set;
}

/* Tells whether the views "a" and "b" of one md_hom may touch a common
 * element: their buffers are views of one base (mdh_values_alias) and
 * their places there meet, or one of them cannot be read. Different views
 * of a buffer may thus be read and written by one md_hom where their
 * elements do not meet (the left half of a buffer read, its right half
 * written), while the same view is never both. */
static int views_meet(isl_ctx *ctx, MlirOperation a, MlirOperation b) {
  isl_set *sa, *sb;
  isl_bool disjoint;

  if (!mdh_values_alias(mdhViewGetBuffer(a), mdhViewGetBuffer(b)))
    return 0;
  if (mdh_values_same_view(mdhViewGetBuffer(a), mdhViewGetBuffer(b)))
    return 1;
  sa = view_memory(ctx, a);
  sb = view_memory(ctx, b);
  disjoint = sa && sb ? isl_set_is_disjoint(sa, sb) : isl_bool_false;
  isl_set_free(sa);
  isl_set_free(sb);
  return disjoint != isl_bool_true;
}

/* Tells whether an input view of the md_hom "op" reads an element that the
 * out_view "out" writes, through its buffer or another view of its base. */
static int is_read_by(isl_ctx *ctx, MlirOperation op, MlirOperation out) {
  intptr_t v;
  MlirOperation view;

  for (v = 0; v < mlirOperationGetNumOperands(op); ++v) {
    view = defining_op(mlirOperationGetOperand(op, v), "mdh.inp_view");
    if (!mlirOperationIsNull(view) && views_meet(ctx, view, out))
      return 1;
  }
  return 0;
}

/* Returns whichever of "a" and "b" comes later in their block ("a" if they
 * lie in different blocks). */
static MlirOperation later_of(MlirOperation a, MlirOperation b) {
  if (mlirBlockEqual(mlirOperationGetBlock(a), mlirOperationGetBlock(b)) &&
      mlirOperationIsBeforeInBlock(a, b))
    return b;
  return a;
}

/* Checks the users of the md_hom result: only out_views, each writing its
 * own buffer, none of them read by the same md_hom. */
static void check_outputs(struct verify_data *data, MlirOperation op) {
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirOpOperand use, prev;
  MlirOperation user;
  MlirValue buffer;

  for (use = mlirValueGetFirstUse(result); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    user = mlirOpOperandGetOwner(use);
    if (!mdhOperationIsAOutView(user) ||
        mlirOpOperandGetOperandNumber(use) != 0) {
      fail(data, user,
           "a md_hom result can only be used as "
           "the first operand of mdh.out_view");
      continue;
    }
    buffer = mdhViewGetBuffer(user);
    if (is_read_by(data->ctx, op, user))
      fail(data, user,
           "buffer is both read by an input view "
           "and written by an output view of the "
           "same md_hom");
    for (prev = mlirValueGetFirstUse(result);
         !mlirOpOperandIsNull(prev) &&
         !mlirOperationEqual(mlirOpOperandGetOwner(prev), user);
         prev = mlirOpOperandGetNextUse(prev)) {
      MlirOperation other = mlirOpOperandGetOwner(prev);
      if (!mdhOperationIsAOutView(other))
        continue;
      if (mlirValueEqual(mdhViewGetBuffer(other), buffer)) {
        fail(data, later_of(user, other),
             "buffer is written by two out_views of the "
             "same md_hom; use one out_view with several "
             "accesses");
        break;
      }
      if (views_meet(data->ctx, user, other)) {
        fail(data, later_of(user, other),
             "two out_views of the same md_hom write views of one buffer "
             "whose elements meet");
        break;
      }
    }
  }
}

/* Checks that every result component is stored exactly once by the
 * accumulating out_view "view" of a md_hom with "n_results" components
 * (components out of range are the out_view's own error). */
static void check_stored_once(struct verify_data *data, MlirOperation view,
                              intptr_t n_results) {
  intptr_t n = mdhViewGetNumAccesses(view), a, c;
  int *stored = calloc(n_results + 1, sizeof(*stored));
  struct mdh_str msg;
  int64_t comp;

  if (!stored)
    abort();
  if (n < 0)
    n = 0, n_results = 0;
  for (a = 0; a < n; ++a) {
    comp = mdhOutViewGetComponent(view, a);
    if (comp >= 0 && comp < n_results)
      ++stored[comp];
  }
  for (c = 0; c < n_results; ++c) {
    if (stored[c] == 1)
      continue;
    mdh_str_init(&msg);
    mdh_str_printf(&msg,
                   "an accumulating out_view (mdh.accumulate) must store "
                   "every result component exactly once; component %ld is "
                   "stored %d times",
                   (long)c, stored[c]);
    failf(data, view, &msg);
    break;
  }
  free(stored);
}

/* Checks the out_view of "op" that accumulates (mdh.accumulate), if any.
 * It combines the result into what its buffer holds with the operator of
 * the pw dimensions, so "op" needs one and no scan dimension (whose
 * positions would each combine with the buffer). The code generators read
 * the old value of a component where they store it, and combine all
 * components at once (a user operator may mix them), so the view is the
 * md_hom's only one and stores each component exactly once. */
static void check_accumulate(struct verify_data *data, MlirOperation op,
                             intptr_t rank, const MdhCombineKind *kinds,
                             const struct scalar_fn *fn) {
  MlirOperation view = {NULL}, user;
  MlirOpOperand use;
  int n_views = 0, pw = 0, ps = 0;
  intptr_t d;

  for (use = mlirValueGetFirstUse(mlirOperationGetResult(op, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    user = mlirOpOperandGetOwner(use);
    if (!mdhOperationIsAOutView(user))
      continue;
    ++n_views;
    if (mlirOperationIsNull(view) && mdh_attr_get_accumulate(user))
      view = user;
  }
  if (mlirOperationIsNull(view))
    return;
  if (n_views > 1) {
    fail(data, view,
         "an accumulating out_view (mdh.accumulate) must be the only "
         "out_view of its md_hom");
    return;
  }
  for (d = 0; d < rank; ++d) {
    pw |= kinds[d] == MdhCombinePW;
    ps |= kinds[d] == MdhCombinePS;
  }
  if (ps || !pw) {
    fail(data, view,
         ps ? "an accumulating out_view (mdh.accumulate) cannot store a "
              "scan (ps) result"
            : "an accumulating out_view (mdh.accumulate) needs a reduction "
              "(pw) dimension, whose operator combines the result with the "
              "buffer");
    return;
  }
  if (fn)
    check_stored_once(data, view, fn->n_results);
}

/* Checks that the accesses of the input views of "op" determine every
 * dynamic size of its index space (dialect/extents.h). */
static void check_extents(struct verify_data *data, MlirOperation op) {
  struct mdh_extents ext;
  struct mdh_str msg;
  int rc;

  if (!mdh_extents_any_dynamic(op))
    return;
  mdh_str_init(&msg);
  rc = mdh_extents_compute(data->ctx, op, &ext, &msg);
  mdh_extents_clear(&ext);
  if (rc < 0) {
    mdh_str_clear(&msg);
    report_isl_error(data, op);
  } else if (rc > 0) {
    failf(data, op, &msg);
  } else {
    mdh_str_clear(&msg);
  }
}

/* Checks an mdh.md_hom: inputs, sizes, combine ops, scalar function, result
 * type and users. */
static void verify_md_hom(struct verify_data *data, MlirOperation op) {
  int64_t sizes[MDH_MAX_RANK] = {0};
  MdhCombineKind kinds[MDH_MAX_RANK];
  struct scalar_fn fn;
  intptr_t rank;
  int has_fn;

  check_outputs(data, op);
  if (!check_inputs(data, op))
    return;
  rank = md_hom_sizes(data, op, sizes);
  if (rank < 0)
    return;
  has_fn = check_scalar_fn(data, op, rank, &fn);
  if (!check_combine_ops(data, op, rank, kinds, has_fn ? &fn : NULL))
    return;
  check_result_type(data, op, rank, sizes, kinds);
  check_accumulate(data, op, rank, kinds, has_fn ? &fn : NULL);
  check_extents(data, op);
}

/* Returns the scalar function of the md_hom "hom", or null if it cannot be
 * resolved (the md_hom reports why). */
static MlirOperation scalar_fn_of(MlirOperation hom) {
  MlirOperation fn = mdh_lookup_symbol(hom, mdhMdHomGetScalarFunction(hom));

  if (mlirOperationIsNull(fn) || !mdh_op_is(fn, "func.func"))
    return (MlirOperation){NULL};
  return fn;
}

/* Checks the components of an out_view: one per access, each a result
 * component of the md_hom whose type is the buffer's element type. */
static int check_components(struct verify_data *data, MlirOperation view,
                            MlirOperation hom) {
  MlirAttribute comps = mlirOperationGetAttributeByName(
      view, mlirStringRefCreateFromCString("components"));
  intptr_t n = mdhViewGetNumAccesses(view), a, nc;
  MlirType elem =
      mlirShapedTypeGetElementType(mlirValueGetType(mdhViewGetBuffer(view)));
  MlirOperation fn = scalar_fn_of(hom);
  MlirType fn_type;
  struct mdh_str msg;
  int64_t c;

  if (!mlirAttributeIsADenseI64Array(comps) ||
      mlirDenseArrayGetNumElements(comps) != n) {
    fail(data, view,
         "'components' must be an array<i64: ...> with "
         "one entry per access");
    return 0;
  }
  if (mlirOperationIsNull(fn))
    return 1;
  fn_type = mdh_func_type(fn);
  nc = mlirFunctionTypeGetNumResults(fn_type);
  mdh_str_init(&msg);
  for (a = 0; a < n; ++a) {
    c = mlirDenseI64ArrayGetElement(comps, a);
    if (c < 0 || c >= nc) {
      mdh_str_printf(&msg,
                     "access %ld stores component %lld but the "
                     "scalar function returns %ld components",
                     (long)a, (long long)c, (long)nc);
    } else if (!mlirTypeEqual(mlirFunctionTypeGetResult(fn_type, c), elem)) {
      mdh_str_printf(&msg,
                     "access %ld stores component %lld "
                     "of type ",
                     (long)a, (long long)c);
      mdh_str_append_type(&msg, mlirFunctionTypeGetResult(fn_type, c));
      mdh_str_printf(&msg, " into a buffer of element type ");
      mdh_str_append_type(&msg, elem);
    } else {
      continue;
    }
    failf(data, view, &msg);
    return 0;
  }
  return 1;
}

/* Checks an mdh.out_view: producer, result type, components and accesses
 * over the result index space. */
static void verify_out_view(struct verify_data *data, MlirOperation view) {
  int64_t sizes[MDH_MAX_RANK] = {0};
  MlirOperation hom;
  intptr_t rank;

  hom = defining_op(mlirOperationGetOperand(view, 0), "mdh.md_hom");
  if (mlirOperationIsNull(hom)) {
    fail(data, view,
         "out_view must consume the result of an "
         "mdh.md_hom");
    return;
  }
  rank =
      check_mda(data, view, mlirValueGetType(mlirOperationGetOperand(view, 0)),
                "out_view input", sizes);
  if (rank < 0)
    return;
  if (!check_components(data, view, hom))
    return;
  check_accesses(data, view, rank, sizes);
}

static MlirWalkResult verify_op(MlirOperation op, void *user) {
  struct verify_data *data = user;

  if (mdhOperationIsAInpView(op))
    verify_inp_view(data, op);
  else if (mdhOperationIsAMdHom(op))
    verify_md_hom(data, op);
  else if (mdhOperationIsAOutView(op))
    verify_out_view(data, op);
  return MlirWalkResultAdvance;
}

MlirLogicalResult mdhVerify(MlirOperation op) {
  struct verify_data data;

  data.ctx = mdh_isl_ctx_alloc();
  data.failed = 0;
  if (!data.ctx) {
    mlirEmitError(mlirOperationGetLocation(op),
                  "cannot allocate an isl context");
    return mlirLogicalResultFailure();
  }
  mlirOperationWalk(op, &verify_op, &data, MlirWalkPreOrder);
  isl_ctx_free(data.ctx);
  return data.failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}
