/* Tuning records in the tools (tuned.h). */

#include "tools/common/tuned.h"

#include "support/tuning.h"

#include "mdh-c/Passes.h"

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

/* Appends the mapping of kernel entry "e" of function "entry" to the
 * mapping-index spec "spec" ("@F:K:I" entries separated by ';'). */
static void add_mapping(struct text *spec, const char *entry,
                        const struct mdh_tuning_entry *e) {
  char buf[512];

  snprintf(buf, sizeof(buf), "%s@%s:%d:%ld", spec->len ? ";" : "", entry,
           e->kernel, e->mapping_index);
  append(mlirStringRefCreateFromCString(buf), spec);
}

int mdh_tool_apply_tuning(MlirModule module, const char *path,
                          const char *entry, const char *pipeline,
                          const char *device, int has_mapping, int has_fusion,
                          char *err, size_t err_len) {
  struct mdh_tuning_record r;
  const struct mdh_tuning_entry *e;
  struct text spec = {NULL, 0, 0};
  const char *fusion = NULL;
  char *sig;
  int i, n = 0, rc = -1;

  sig = mdh_tool_func_signature(mdh_tool_find_func(module, entry));
  if (!sig) {
    snprintf(err, err_len, "no function @%s to tune", entry);
    return -1;
  }
  mdh_tuning_record_init(&r);
  if (mdh_tuning_record_read(path, &r, err, err_len) < 0)
    goto done;
  if (!device && mdh_tuning_record_devices(&r, &device) > 1) {
    snprintf(err, err_len,
             "%s holds entries for several devices: name one with "
             "--tuning-device",
             path);
    goto done;
  }
  for (i = 0; device && i < r.n; ++i) {
    e = &r.entries[i];
    if (strcmp(e->device, device) || strcmp(e->function, entry) ||
        strcmp(e->signature, sig) || strcmp(e->pipeline, pipeline))
      continue;
    if (e->kernel >= 0 && e->mapping_index >= 0 && !has_mapping) {
      add_mapping(&spec, entry, e);
      fprintf(stderr, "mdh-run: tuning: @%s kernel %d takes mapping %ld\n",
              entry, e->kernel, e->mapping_index);
      ++n;
    }
    if (e->kernel < 0 && e->fusion && !has_fusion) {
      fusion = e->fusion;
      fprintf(stderr, "mdh-run: tuning: @%s takes fusion %s\n", entry, fusion);
      ++n;
    }
  }
  if (spec.len && mlirLogicalResultIsFailure(mdhSetTunedMapping(
                      mlirModuleGetOperation(module),
                      mlirStringRefCreateFromCString(spec.data)))) {
    snprintf(err, err_len, "%s: invalid mapping entries '%s'", path, spec.data);
    goto done;
  }
  if (fusion)
    mdhSetFusion(mlirModuleGetOperation(module),
                 mlirStringRefCreateFromCString(fusion));
  rc = n;
done:
  free(spec.data);
  free(sig);
  mdh_tuning_record_clear(&r);
  return rc;
}
