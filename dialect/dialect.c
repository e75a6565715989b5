/* The mdh dialect from C: loading the IRDL definition, and builders and
 * accessors for its types, attributes and ops.
 *
 * IRDL types and attributes have no C API, so they are built from text with
 * mlirTypeParseGet/mlirAttributeParseGet and read back by printing them and
 * parsing their parameter, which is itself a builtin attribute (notes/
 * mlir22.md 1.1). Inherent data of IRDL ops lives in the attribute dictionary.
 */

#include "mdh-c/Dialect.h"
#include "dialect/support.h"

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

void mdh_str_init(struct mdh_str *s) {
  s->data = NULL;
  s->len = 0;
  s->cap = 0;
}

void mdh_str_clear(struct mdh_str *s) {
  free(s->data);
  mdh_str_init(s);
}

void mdh_str_append(struct mdh_str *s, const char *data, size_t len) {
  if (s->len + len + 1 > s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 64;
    while (cap < s->len + len + 1)
      cap *= 2;
    s->data = realloc(s->data, cap);
    if (!s->data)
      abort();
    s->cap = cap;
  }
  memcpy(s->data + s->len, data, len);
  s->len += len;
  s->data[s->len] = '\0';
}

void mdh_str_printf(struct mdh_str *s, const char *fmt, ...) {
  va_list ap;
  char buf[512];
  int n;

  va_start(ap, fmt);
  n = vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if ((size_t)n < sizeof(buf)) {
    mdh_str_append(s, buf, n);
    return;
  }
  {
    char *big = malloc(n + 1);
    if (!big)
      abort();
    va_start(ap, fmt);
    vsnprintf(big, n + 1, fmt, ap);
    va_end(ap);
    mdh_str_append(s, big, n);
    free(big);
  }
}

static void append_callback(MlirStringRef text, void *user) {
  mdh_str_append(user, text.data, text.length);
}

void mdh_str_append_type(struct mdh_str *s, MlirType type) {
  mlirTypePrint(type, &append_callback, s);
}

void mdh_str_append_attr(struct mdh_str *s, MlirAttribute attr) {
  mlirAttributePrint(attr, &append_callback, s);
}

void mdh_emit_error(MlirOperation op, const char *fmt, ...) {
  va_list ap;
  char buf[1024];

  va_start(ap, fmt);
  vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  mlirEmitError(mlirOperationGetLocation(op), buf);
}

int mdh_op_is(MlirOperation op, const char *name) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));

  return s.length == strlen(name) && !memcmp(s.data, name, s.length);
}

MlirWalkResult mdh_find_md_hom(MlirOperation op, void *user) {
  if (!mdh_op_is(op, "mdh.md_hom"))
    return MlirWalkResultAdvance;
  *(int *)user = 1;
  return MlirWalkResultInterrupt;
}

MlirOperation mdh_lookup_symbol(MlirOperation op, MlirStringRef sym) {
  MlirOperation module = op, found;
  MlirSymbolTable table;

  while (!mlirOperationIsNull(module) && !mdh_op_is(module, "builtin.module"))
    module = mlirOperationGetParentOperation(module);
  if (mlirOperationIsNull(module) || sym.length == 0)
    return (MlirOperation){NULL};
  table = mlirSymbolTableCreate(module);
  found = mlirSymbolTableLookup(table, sym);
  mlirSymbolTableDestroy(table);
  return found;
}

MlirType mdh_func_type(MlirOperation func) {
  return mlirTypeAttrGetValue(mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type")));
}

/* Internal data structure for collect_op: the name sought and the list. */
struct collect_data {
  const char *name;
  struct mdh_op_list list;
};

/* Appends "op" to "list". */
static void op_list_push(struct mdh_op_list *list, MlirOperation op) {
  if (list->n == list->cap) {
    list->cap = list->cap ? 2 * list->cap : 16;
    list->ops = realloc(list->ops, list->cap * sizeof(*list->ops));
    if (!list->ops)
      abort();
  }
  list->ops[list->n++] = op;
}

static MlirWalkResult collect_op(MlirOperation op, void *user) {
  struct collect_data *data = user;

  if (mdh_op_is(op, data->name))
    op_list_push(&data->list, op);
  return MlirWalkResultAdvance;
}

struct mdh_op_list mdh_collect_ops(MlirOperation root, const char *name) {
  struct collect_data data = {name, {NULL, 0, 0}};

  mlirOperationWalk(root, &collect_op, &data, MlirWalkPreOrder);
  return data.list;
}

struct mdh_op_list mdh_md_hom_views(MlirOperation hom, size_t *n_inputs) {
  struct mdh_op_list list = {NULL, 0, 0};
  MlirOpOperand use;
  MlirValue operand;
  intptr_t i;

  for (i = 0; i < mlirOperationGetNumOperands(hom); ++i) {
    operand = mlirOperationGetOperand(hom, i);
    if (mlirValueIsAOpResult(operand))
      op_list_push(&list, mlirOpResultGetOwner(operand));
  }
  *n_inputs = list.n;
  for (use = mlirValueGetFirstUse(mlirOperationGetResult(hom, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
    if (mdhOperationIsAOutView(mlirOpOperandGetOwner(use)))
      op_list_push(&list, mlirOpOperandGetOwner(use));
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

MlirNamedAttribute mdh_named_attr(MlirContext ctx, const char *name,
                                  MlirAttribute attr) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), attr);
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

static void set_attr(MlirOperation op, const char *name, MlirAttribute attr) {
  mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString(name),
                                  attr);
}

static void remove_attr(MlirOperation op, const char *name) {
  mlirOperationRemoveAttributeByName(op, mlirStringRefCreateFromCString(name));
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
    sizes = get_attr(op, "mdh.sizes");
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
  set_attr(op, "mdh.sizes",
           mlirDenseI64ArrayGet(mlirOperationGetContext(op), rank, sizes));
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

static bool has_unit_attr(MlirOperation op, const char *name) {
  return !mlirAttributeIsNull(get_attr(op, name));
}

static void set_unit_attr(MlirOperation op, const char *name, bool on) {
  if (on)
    set_attr(op, name, mlirUnitAttrGet(mlirOperationGetContext(op)));
  else
    remove_attr(op, name);
}

bool mdhMdHomIsIndexAware(MlirOperation op) {
  return has_unit_attr(op, "mdh.index_aware");
}

void mdhMdHomSetIndexAware(MlirOperation op, bool indexAware) {
  set_unit_attr(op, "mdh.index_aware", indexAware);
}

bool mdhMdHomIsAssumedHomomorphic(MlirOperation op) {
  return has_unit_attr(op, "mdh.assume_homomorphic");
}

void mdhMdHomSetAssumedHomomorphic(MlirOperation op, bool assumed) {
  set_unit_attr(op, "mdh.assume_homomorphic", assumed);
}
