/* Tuning records in the tools (tuned.h). */

#include "tools/common/tuned.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

MlirOperation mdh_tool_find_func(MlirModule module, const char *name) {
  MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  MlirAttribute sym;

  for (; !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    sym = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("sym_name"));
    if (!mlirAttributeIsNull(sym) && mlirAttributeIsAString(sym) &&
        mlirStringRefEqual(mlirStringAttrGetValue(sym),
                           mlirStringRefCreateFromCString(name)))
      return op;
  }
  return (MlirOperation){NULL};
}

/* A growing string that MLIR's printers append to. */
struct text {
  char *data;
  size_t len, cap;
};

/* The printer callback: appends "str" to the text "user". */
static void append(MlirStringRef str, void *user) {
  struct text *t = user;

  if (t->len + str.length + 1 > t->cap) {
    t->cap = 2 * (t->len + str.length + 1);
    t->data = realloc(t->data, t->cap);
    if (!t->data)
      abort();
  }
  memcpy(t->data + t->len, str.data, str.length);
  t->len += str.length;
  t->data[t->len] = '\0';
}

char *mdh_tool_func_signature(MlirOperation func) {
  MlirAttribute type;
  struct text t = {NULL, 0, 0};

  if (mlirOperationIsNull(func))
    return NULL;
  type = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type"));
  if (mlirAttributeIsNull(type) || !mlirAttributeIsAType(type))
    return NULL;
  mlirTypePrint(mlirTypeAttrGetValue(type), &append, &t);
  return t.data ? t.data : strdup("");
}
