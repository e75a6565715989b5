/* Generic helpers over the MLIR C API (support/ir.h). */

#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>
#include <string.h>

MlirNamedAttribute mdh_named_attr(MlirContext ctx, const char *name,
                                  MlirAttribute attr) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), attr);
}

int mdh_op_is(MlirOperation op, const char *name) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));

  return s.length == strlen(name) && !memcmp(s.data, name, s.length);
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

MlirStringRef mdh_func_name(MlirOperation func) {
  MlirAttribute name = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("sym_name"));

  if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
    return mlirStringRefCreate("", 0);
  return mlirStringAttrGetValue(name);
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

void mdh_op_list_push(struct mdh_op_list *list, MlirOperation op) {
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
    mdh_op_list_push(&data->list, op);
  return MlirWalkResultAdvance;
}

struct mdh_op_list mdh_collect_ops(MlirOperation root, const char *name) {
  struct collect_data data = {name, {NULL, 0, 0}};

  mlirOperationWalk(root, &collect_op, &data, MlirWalkPreOrder);
  return data.list;
}
