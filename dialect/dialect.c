/* The mdh dialect from C: loading the IRDL definition, and builders and
 * accessors for its types, attributes and ops.
 *
 * IRDL types and attributes have no C API, so they are built from text with
 * mlirTypeParseGet/mlirAttributeParseGet and read back by printing them and
 * parsing their parameter, which is itself a builtin attribute (notes/
 * mlir22.md 1.1). Inherent data of IRDL ops lives in the attribute dictionary.
 */

#include "mdh-c/Dialect.h"
#include "dialect/attrs.h"
#include "dialect/dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/IRDL.h"
#include "mlir-c/Dialect/MemRef.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const char mdh_irdl_source[];

MlirWalkResult mdh_find_md_hom(MlirOperation op, void *user) {
  if (!mdh_op_is(op, "mdh.md_hom"))
    return MlirWalkResultAdvance;
  *(int *)user = 1;
  return MlirWalkResultInterrupt;
}

struct mdh_op_list mdh_collect_md_homs(MlirOperation root) {
  return mdh_collect_ops(root, "mdh.md_hom");
}

struct mdh_op_list mdh_collect_inp_views(MlirOperation root) {
  return mdh_collect_ops(root, "mdh.inp_view");
}

struct mdh_op_list mdh_md_hom_views(MlirOperation hom, size_t *n_inputs) {
  struct mdh_op_list list = {NULL, 0, 0};
  MlirOpOperand use;
  MlirValue operand;
  intptr_t i;

  for (i = 0; i < mlirOperationGetNumOperands(hom); ++i) {
    operand = mlirOperationGetOperand(hom, i);
    if (mlirValueIsAOpResult(operand))
      mdh_op_list_push(&list, mlirOpResultGetOwner(operand));
  }
  *n_inputs = list.n;
  for (use = mlirValueGetFirstUse(mlirOperationGetResult(hom, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
    if (mdhOperationIsAOutView(mlirOpOperandGetOwner(use)))
      mdh_op_list_push(&list, mlirOpOperandGetOwner(use));
  return list;
}

MlirStringRef mdhGetDialectIRDL(void) {
  return mlirStringRefCreateFromCString(mdh_irdl_source);
}

/* Loads the upstream dialects that mdh programs are written with, so that a
 * context made by a user (who may not register everything) parses them. */
static void load_upstream_dialects(MlirContext ctx) {
  MlirDialectHandle handles[] = {
      mlirGetDialectHandle__func__(),
      mlirGetDialectHandle__arith__(),
      mlirGetDialectHandle__memref__(),
  };
  size_t i;

  for (i = 0; i < sizeof(handles) / sizeof(handles[0]); ++i)
    mlirDialectHandleLoadDialect(handles[i], ctx);
}

MlirLogicalResult mdhLoadDialect(MlirContext ctx) {
  MlirModule irdl;
  MlirLogicalResult res;

  load_upstream_dialects(ctx);
  if (mlirContextIsRegisteredOperation(
          ctx, mlirStringRefCreateFromCString("mdh.md_hom")))
    return mlirLogicalResultSuccess();
  irdl = mlirModuleCreateParse(ctx, mdhGetDialectIRDL());
  if (mlirModuleIsNull(irdl))
    return mlirLogicalResultFailure();
  res = mlirLoadIRDLDialects(irdl);
  mlirModuleDestroy(irdl);
  return res;
}

/* Parses "prefix<params>" text into the builtin attribute "params" if the
 * printed form of a dynamic type or attribute starts with "prefix".
 * Returns a null attribute otherwise. */
static MlirAttribute parse_parameter(MlirContext ctx, const struct mdh_str *s,
                                     const char *prefix) {
  size_t n = strlen(prefix);
  MlirStringRef inner;

  if (s->len < n + 2 || strncmp(s->data, prefix, n) != 0 || s->data[n] != '<' ||
      s->data[s->len - 1] != '>')
    return mlirAttributeGetNull();
  inner = mlirStringRefCreate(s->data + n + 1, s->len - n - 2);
  return mlirAttributeParseGet(ctx, inner);
}

static MlirAttribute mda_sizes(MlirType type) {
  struct mdh_str s;
  MlirAttribute sizes;

  if (mlirTypeIsNull(type))
    return mlirAttributeGetNull();
  mdh_str_init(&s);
  mdh_str_append_type(&s, type);
  sizes = parse_parameter(mlirTypeGetContext(type), &s, "!mdh.mda");
  mdh_str_clear(&s);
  return sizes;
}

MlirType mdhMdaTypeGet(MlirContext ctx, intptr_t rank, const int64_t *sizes) {
  struct mdh_str s;
  MlirType type;
  intptr_t i;

  mdh_str_init(&s);
  mdh_str_printf(&s, "!mdh.mda<array<i64");
  for (i = 0; i < rank; ++i)
    mdh_str_printf(&s, "%s %lld", i ? "," : ":", (long long)sizes[i]);
  mdh_str_printf(&s, ">>");
  type = mlirTypeParseGet(ctx, mlirStringRefCreate(s.data, s.len));
  mdh_str_clear(&s);
  return type;
}

bool mdhTypeIsAMda(MlirType type) {
  return !mlirAttributeIsNull(mda_sizes(type));
}

intptr_t mdhMdaTypeGetRank(MlirType type) {
  MlirAttribute sizes = mda_sizes(type);

  if (mlirAttributeIsNull(sizes) || !mlirAttributeIsADenseI64Array(sizes))
    return -1;
  return mlirDenseArrayGetNumElements(sizes);
}

int64_t mdhMdaTypeGetSize(MlirType type, intptr_t pos) {
  return mlirDenseI64ArrayGetElement(mda_sizes(type), pos);
}

MlirAttribute mdhCcAttrGet(MlirContext ctx) {
  return mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString("#mdh.cc"));
}

static int is_operator(MlirAttribute op) {
  return mlirAttributeIsAString(op) || mlirAttributeIsAArray(op) ||
         mlirAttributeIsAFlatSymbolRef(op);
}

static MlirAttribute combine_attr_get(MlirContext ctx, const char *kind,
                                      MlirAttribute op) {
  struct mdh_str s;
  MlirAttribute attr;

  if (mlirAttributeIsNull(op) || !is_operator(op))
    return mlirAttributeGetNull();
  mdh_str_init(&s);
  mdh_str_printf(&s, "#mdh.%s<", kind);
  mdh_str_append_attr(&s, op);
  mdh_str_printf(&s, ">");
  attr = mlirAttributeParseGet(ctx, mlirStringRefCreate(s.data, s.len));
  mdh_str_clear(&s);
  return attr;
}

MlirAttribute mdhPwAttrGet(MlirContext ctx, MlirAttribute op) {
  return combine_attr_get(ctx, "pw", op);
}

MlirAttribute mdhPsAttrGet(MlirContext ctx, MlirAttribute op) {
  return combine_attr_get(ctx, "ps", op);
}

/* Reads a combine attribute: its kind, and in "op" its operator (null for
 * #mdh.cc). */
static MdhCombineKind read_combine(MlirAttribute attr, MlirAttribute *op) {
  struct mdh_str s;
  MdhCombineKind kind = MdhCombineInvalid;
  MlirContext ctx;

  *op = mlirAttributeGetNull();
  if (mlirAttributeIsNull(attr))
    return kind;
  ctx = mlirAttributeGetContext(attr);
  mdh_str_init(&s);
  mdh_str_append_attr(&s, attr);
  if (!strcmp(s.data, "#mdh.cc")) {
    kind = MdhCombineCC;
  } else if (!strncmp(s.data, "#mdh.pw<", 8)) {
    *op = parse_parameter(ctx, &s, "#mdh.pw");
    kind = MdhCombinePW;
  } else if (!strncmp(s.data, "#mdh.ps<", 8)) {
    *op = parse_parameter(ctx, &s, "#mdh.ps");
    kind = MdhCombinePS;
  }
  mdh_str_clear(&s);
  if (kind != MdhCombineCC && kind != MdhCombineInvalid &&
      (mlirAttributeIsNull(*op) || !is_operator(*op))) {
    *op = mlirAttributeGetNull();
    kind = MdhCombineInvalid;
  }
  return kind;
}

MdhCombineKind mdhCombineAttrGetKind(MlirAttribute attr) {
  MlirAttribute op;

  return read_combine(attr, &op);
}

MlirAttribute mdhCombineAttrGetOperator(MlirAttribute attr) {
  MlirAttribute op;

  read_combine(attr, &op);
  return op;
}

bool mdhOperationIsAInpView(MlirOperation op) {
  return mdh_op_is(op, "mdh.inp_view");
}

bool mdhOperationIsAMdHom(MlirOperation op) {
  return mdh_op_is(op, "mdh.md_hom");
}

bool mdhOperationIsAOutView(MlirOperation op) {
  return mdh_op_is(op, "mdh.out_view");
}

static MlirAttribute maps_attr(MlirContext ctx, intptr_t n,
                               const MlirAffineMap *maps) {
  MlirAttribute *attrs = malloc((n ? n : 1) * sizeof(*attrs));
  MlirAttribute array;
  intptr_t i;

  if (!attrs)
    abort();
  for (i = 0; i < n; ++i)
    attrs[i] = mlirAffineMapAttrGet(maps[i]);
  array = mlirArrayAttrGet(ctx, n, attrs);
  free(attrs);
  return array;
}

MlirOperation mdhInpViewCreate(MlirLocation loc, MlirValue buffer,
                               MlirType view, intptr_t nAccesses,
                               const MlirAffineMap *accesses) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString("mdh.inp_view"), loc);
  MlirNamedAttribute attr =
      mdh_named_attr(ctx, "accesses", maps_attr(ctx, nAccesses, accesses));

  mlirOperationStateAddOperands(&st, 1, &buffer);
  mlirOperationStateAddResults(&st, 1, &view);
  mlirOperationStateAddAttributes(&st, 1, &attr);
  return mlirOperationCreate(&st);
}

MlirOperation mdhMdHomCreate(MlirLocation loc, intptr_t nViews,
                             const MlirValue *views, MlirType result,
                             MlirStringRef scalarFunction, intptr_t nCombineOps,
                             const MlirAttribute *combineOps) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString("mdh.md_hom"), loc);
  MlirNamedAttribute attrs[2];

  attrs[0] = mdh_named_attr(ctx, "scalar_function",
                            mlirFlatSymbolRefAttrGet(ctx, scalarFunction));
  attrs[1] = mdh_named_attr(ctx, "combine_ops",
                            mlirArrayAttrGet(ctx, nCombineOps, combineOps));
  mlirOperationStateAddOperands(&st, nViews, views);
  mlirOperationStateAddResults(&st, 1, &result);
  mlirOperationStateAddAttributes(&st, 2, attrs);
  return mlirOperationCreate(&st);
}

MlirOperation mdhOutViewCreate(MlirLocation loc, MlirValue result,
                               MlirValue buffer, intptr_t nAccesses,
                               const MlirAffineMap *accesses,
                               const int64_t *components) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString("mdh.out_view"), loc);
  MlirValue operands[2] = {result, buffer};
  MlirNamedAttribute attrs[2];

  attrs[0] =
      mdh_named_attr(ctx, "accesses", maps_attr(ctx, nAccesses, accesses));
  attrs[1] = mdh_named_attr(ctx, "components",
                            mlirDenseI64ArrayGet(ctx, nAccesses, components));
  mlirOperationStateAddOperands(&st, 2, operands);
  mlirOperationStateAddAttributes(&st, 2, attrs);
  return mlirOperationCreate(&st);
}

static MlirAttribute get_attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op,
                                         mlirStringRefCreateFromCString(name));
}

MlirValue mdhViewGetBuffer(MlirOperation view) {
  if (mdhOperationIsAOutView(view))
    return mlirOperationGetOperand(view, 1);
  return mlirOperationGetOperand(view, 0);
}

/* Returns the number of elements of the array attribute "name" of "op", or
 * -1 if "op" has no such array attribute. */
static intptr_t array_attr_size(MlirOperation op, const char *name) {
  MlirAttribute array = get_attr(op, name);

  if (mlirAttributeIsNull(array) || !mlirAttributeIsAArray(array))
    return -1;
  return mlirArrayAttrGetNumElements(array);
}

intptr_t mdhViewGetNumAccesses(MlirOperation view) {
  return array_attr_size(view, "accesses");
}

MlirAffineMap mdhViewGetAccess(MlirOperation view, intptr_t pos) {
  MlirAffineMap null = {NULL};
  MlirAttribute map;

  if (pos < 0 || pos >= mdhViewGetNumAccesses(view))
    return null;
  map = mlirArrayAttrGetElement(get_attr(view, "accesses"), pos);
  if (!mlirAttributeIsAAffineMap(map))
    return null;
  return mlirAffineMapAttrGetValue(map);
}

int64_t mdhOutViewGetComponent(MlirOperation view, intptr_t pos) {
  MlirAttribute comps = get_attr(view, "components");

  if (mlirAttributeIsNull(comps) || !mlirAttributeIsADenseI64Array(comps) ||
      pos < 0 || pos >= mlirDenseArrayGetNumElements(comps))
    return -1;
  return mlirDenseI64ArrayGetElement(comps, pos);
}

/* The attribute holding the sizes of a md_hom's index space: the MDA sizes
 * of its first view, or `mdh.sizes` when it has no views. */
static MlirAttribute md_hom_sizes(MlirOperation op) {
  MlirAttribute sizes;

  if (mlirOperationGetNumOperands(op) > 0)
    sizes = mda_sizes(mlirValueGetType(mlirOperationGetOperand(op, 0)));
  else
    sizes = mdh_attr_get_sizes(op);
  if (mlirAttributeIsNull(sizes) || !mlirAttributeIsADenseI64Array(sizes))
    return mlirAttributeGetNull();
  return sizes;
}

intptr_t mdhMdHomGetRank(MlirOperation op) {
  MlirAttribute sizes = md_hom_sizes(op);

  if (mlirAttributeIsNull(sizes))
    return -1;
  return mlirDenseArrayGetNumElements(sizes);
}

int64_t mdhMdHomGetSize(MlirOperation op, intptr_t pos) {
  return mlirDenseI64ArrayGetElement(md_hom_sizes(op), pos);
}

void mdhMdHomSetSizes(MlirOperation op, intptr_t rank, const int64_t *sizes) {
  mdh_attr_set_sizes(
      op, mlirDenseI64ArrayGet(mlirOperationGetContext(op), rank, sizes));
}

intptr_t mdhMdHomGetNumCombineOps(MlirOperation op) {
  return array_attr_size(op, "combine_ops");
}

MlirAttribute mdhMdHomGetCombineOp(MlirOperation op, intptr_t pos) {
  if (pos < 0 || pos >= mdhMdHomGetNumCombineOps(op))
    return mlirAttributeGetNull();
  return mlirArrayAttrGetElement(get_attr(op, "combine_ops"), pos);
}

MlirStringRef mdhMdHomGetScalarFunction(MlirOperation op) {
  MlirAttribute fn = get_attr(op, "scalar_function");

  if (mlirAttributeIsNull(fn) || !mlirAttributeIsAFlatSymbolRef(fn))
    return mlirStringRefCreate(NULL, 0);
  return mlirFlatSymbolRefAttrGetValue(fn);
}

bool mdhMdHomIsIndexAware(MlirOperation op) {
  return mdh_attr_get_index_aware(op);
}

void mdhMdHomSetIndexAware(MlirOperation op, bool indexAware) {
  mdh_attr_set_index_aware(op, indexAware);
}

bool mdhMdHomIsAssumedHomomorphic(MlirOperation op) {
  return mdh_attr_get_assume_homomorphic(op);
}

void mdhMdHomSetAssumedHomomorphic(MlirOperation op, bool assumed) {
  mdh_attr_set_assume_homomorphic(op, assumed);
}

bool mdhOutViewIsAccumulating(MlirOperation view) {
  return mdh_attr_get_accumulate(view);
}

void mdhOutViewSetAccumulating(MlirOperation view, bool accumulating) {
  mdh_attr_set_accumulate(view, accumulating);
}
