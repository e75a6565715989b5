/* mdh-tuning: applies a tuning record of mdh-tune (support/tuning.h) to the
 * functions of a module, as the pipelines' option tuning= and mdh-run
 * --tuning do: the mappings measured fastest for each kernel as the
 * module's mdh.mapping_index, the fusion mode as a function's mdh.fusion.
 *
 * The record comes after what the module says: a module or a function
 * that carries an mdh.mapping_index (the user's, or the mapping= option
 * stored by mdh-gpu-options before) keeps it, and so does one that carries
 * an mdh.fusion (or when the driver's own fusion option was given,
 * "keep_fusion"); the cost model decides what the record leaves open. An
 * entry applies to a function of the same name, printed type ("signature")
 * and pipeline, on the record's device: the one named, else the only one
 * the record holds entries for.
 */

#include "passes/tuning.h"

#include "dialect/attrs.h"
#include "lib/mapping.h"
#include "support/diag.h"
#include "support/ir.h"
#include "support/str.h"
#include "support/tuning.h"

#include "mdh-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PASS "mdh-tuning"

/* Tells whether "s" (NUL-terminated) equals "ref". */
static int equal(const char *s, MlirStringRef ref) {
  return strlen(s) == ref.length && !memcmp(s, ref.data, ref.length);
}

/* Applies the entries of "r" for function "func" on "device" and
 * "pipeline": appends its kernels' mappings to "spec" unless a
 * mdh.mapping_index on it or the module decides them, and sets its fusion
 * mode unless one is set or "keep_fusion". Tells "note" what it applies.
 * Returns the number of entries applied. */
static int apply_func(const struct mdh_tuning_record *r, MlirOperation func,
                      const char *device, const char *pipeline, int keep_fusion,
                      struct mdh_str *spec, mdh_tuning_note_fn note,
                      void *user) {
  MlirStringRef name = mdh_func_name(func);
  const struct mdh_tuning_entry *e;
  struct mdh_str sig, text;
  MlirOperation owner;
  int i, n = 0, own_mapping, own_fusion;

  if (!mdh_op_is(func, "func.func") || !name.length)
    return 0;
  /* The signature of the entries: the function's type as MLIR prints it
   * (mdh-tune prints it alike). */
  mdh_str_init(&sig);
  mdh_str_append_type(&sig, mdh_func_type(func));
  own_mapping = !mlirAttributeIsNull(mdh_attr_find_mapping_index(func, &owner));
  own_fusion =
      keep_fusion || !mlirAttributeIsNull(mdh_attr_find_fusion(func, &owner));
  for (i = 0; i < r->n; ++i) {
    e = &r->entries[i];
    if (strcmp(e->device, device) || strcmp(e->pipeline, pipeline) ||
        !equal(e->function, name) || strcmp(e->signature, sig.data))
      continue;
    mdh_str_init(&text);
    if (e->kernel >= 0 && e->mapping_index >= 0 && !own_mapping) {
      mdh_str_printf(spec, "%s@%s:%d:%ld", spec->len ? "; " : "", e->function,
                     e->kernel, e->mapping_index);
      mdh_str_printf(&text, "@%s kernel %d takes mapping %ld", e->function,
                     e->kernel, e->mapping_index);
    } else if (e->kernel < 0 && e->fusion && !own_fusion) {
      mdh_attr_set_fusion(func, e->fusion);
      mdh_str_printf(&text, "@%s takes fusion %s", e->function, e->fusion);
    }
    if (text.len && note)
      note(text.data, user);
    n += text.len > 0;
    mdh_str_clear(&text);
  }
  mdh_str_clear(&sig);
  return n;
}

int mdh_tuning_apply(MlirOperation module, const char *file, const char *device,
                     const char *pipeline, int keep_fusion,
                     mdh_tuning_note_fn note, void *user) {
  struct mdh_tuning_record r;
  struct mdh_str spec;
  MlirOperation op;
  char err[1024];
  int n = 0;

  mdh_tuning_record_init(&r);
  if (mdh_tuning_record_read(file, &r, err, sizeof(err)) < 0) {
    mdh_emit_error(module, PASS ": %s", err);
    return -1;
  }
  if (!device || !*device) {
    if (mdh_tuning_record_devices(&r, &device) > 1) {
      mdh_emit_error(module,
                     PASS ": %s holds entries for several devices: name one "
                          "(tuning-device=, mdh-run --tuning-device)",
                     file);
      mdh_tuning_record_clear(&r);
      return -1;
    }
  }
  mdh_str_init(&spec);
  op = mlirBlockGetFirstOperation(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0)));
  for (; device && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    n += apply_func(&r, op, device, pipeline, keep_fusion, &spec, note, user);
  /* The mappings as one spec on the module, unless it has its own; a
   * function's own mdh.mapping_index wins over the module's anyway. */
  if (spec.len && mlirLogicalResultIsFailure(mdhSetTunedMapping(
                      module, mlirStringRefCreate(spec.data, spec.len)))) {
    mdh_emit_error(module,
                   PASS ": %s gives more kernels of this module a mapping "
                        "than one mdh.mapping_index holds (%d)",
                   file, MDH_MAX_INDEX_ENTRIES);
    n = -1;
  }
  mdh_str_clear(&spec);
  mdh_tuning_record_clear(&r);
  return n;
}
