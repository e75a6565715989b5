/* mdh-trim-device-link: drops the device runtime's bitcode from the link
 * list of every GPU module that calls none of its functions.
 *
 * nvvm-attach-target gives all GPU modules the same target, with the
 * runtime (libmdh_device.bc) to link, and gpu-module-to-binary then parses
 * and links that bitcode once per module: for a chain of 256 md_homs, with
 * one module per kernel, that took half of the NVPTX back end's time
 * (bench/scale, issue 17). Most kernels (element-wise ones, those whose
 * reductions need no block reduction or atomics of the runtime) never call
 * it. The runtime's functions are all named mdh_* (runtime/device/
 * mdh_device.h); a module that calls one declares it as an llvm.func.
 */

#include "passes/pass.h"
#include "support/ir.h"
#include "support/str.h"

#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

/* Stops the walk at an llvm.func named mdh_*. */
static MlirWalkResult find_runtime_call(MlirOperation op, void *user) {
  MlirAttribute name;
  MlirStringRef s;
  int *found = user;

  if (!mdh_op_is(op, "llvm.func"))
    return MlirWalkResultAdvance;
  name = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("sym_name"));
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
    return MlirWalkResultAdvance;
  s = mlirStringAttrGetValue(name);
  if (s.length < 4 || memcmp(s.data, "mdh_", 4))
    return MlirWalkResultAdvance;
  *found = 1;
  return MlirWalkResultInterrupt;
}

static void print_to_str(MlirStringRef s, void *user) {
  mdh_str_append(user, s.data, s.length);
}

/* Returns "targets" printed, without its ", link = [...]" entries. */
static void strip_link(MlirAttribute targets, struct mdh_str *out) {
  struct mdh_str text;
  const char *p, *link;

  mdh_str_init(&text);
  mdh_str_append(&text, "", 0);
  mlirAttributePrint(targets, &print_to_str, &text);
  mdh_str_append(out, "", 0);
  for (p = text.data; (link = strstr(p, ", link = ["));) {
    const char *end = strchr(link, ']');
    if (!end)
      break;
    mdh_str_append(out, p, (size_t)(link - p));
    p = end + 1;
  }
  mdh_str_append(out, p, strlen(p));
  mdh_str_clear(&text);
}

/* Drops the link list of the GPU module "op" if it calls no runtime
 * function. */
static MlirWalkResult trim_module(MlirOperation op, void *user) {
  MlirStringRef name = mlirStringRefCreateFromCString("targets");
  MlirAttribute targets, trimmed;
  struct mdh_str text;
  int found = 0;

  (void)user;
  if (!mdh_op_is(op, "gpu.module"))
    return MlirWalkResultAdvance;
  targets = mlirOperationGetInherentAttributeByName(op, name);
  if (mlirAttributeIsNull(targets))
    return MlirWalkResultSkip;
  mlirOperationWalk(op, &find_runtime_call, &found, MlirWalkPreOrder);
  if (found)
    return MlirWalkResultSkip;
  mdh_str_init(&text);
  strip_link(targets, &text);
  trimmed = mlirAttributeParseGet(mlirOperationGetContext(op),
                                  mlirStringRefCreate(text.data, text.len));
  if (!mlirAttributeIsNull(trimmed))
    mlirOperationSetInherentAttributeByName(op, name, trimmed);
  mdh_str_clear(&text);
  return MlirWalkResultSkip;
}

MlirLogicalResult mdh_trim_device_link_run(MlirOperation module) {
  mlirOperationWalk(module, &trim_module, NULL, MlirWalkPreOrder);
  return mlirLogicalResultSuccess();
}
