/* mdh-tuning: applies a tuning record of mdh-tune (support/tuning.h) to the
 * functions of a module, as the pipelines' option tuning= and mdh-run
 * --tuning do: the mappings measured fastest for each kernel as the
 * module's mdh.mapping_index, the fusion mode as a function's mdh.fusion,
 * a md_hom's tile sizes (cpu pipeline) as its mdh.tile_sizes, the
 * kernels' reduction modes and double buffering as the function's
 * mdh.tuned_reduction_modes and mdh.tuned_double_buffers (mdh-map-gpu,
 * which numbers the kernels, gives them to their md_homs).
 *
 * The record comes after what the module says: a module or a function
 * that carries an mdh.mapping_index (the user's, or the mapping= option
 * stored by mdh-gpu-options before) keeps it, and so does one that carries
 * an mdh.fusion (or when the driver's own fusion option was given,
 * "keep_fusion"), a md_hom that carries mdh.tile_sizes, and a function
 * under an mdh.reduction_mode (the user's, or the pipeline's
 * reduction-mode= stored by mdh-gpu-options) or an mdh.double_buffer;
 * the cost model
 * decides what the record leaves open. An
 * entry applies to a function of the same name, printed type ("signature")
 * and pipeline, on the record's device: the one named, else the only one
 * the record holds entries for.
 */

#include "passes/tuning.h"

#include "dialect/attrs.h"
#include "dialect/dialect.h"
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

/* Sets the tile sizes of entry "e" on md_hom number e->kernel of "func"
 * (in program order) unless it has its own, describing that in "text".
 * Returns 0, or -1 after an error at "func" when "func" has no such md_hom
 * or its rank is not the number of sizes (a record of another program). */
static int apply_tile_sizes(MlirOperation func, const char *file,
                            const struct mdh_tuning_entry *e,
                            struct mdh_str *text) {
  struct mdh_op_list homs = mdh_collect_md_homs(func);
  int64_t sizes[MDH_TUNING_MAX_SIZES];
  MlirOperation hom;
  int i, rc = 0;

  if ((size_t)e->kernel >= homs.n) {
    mdh_emit_error(func,
                   PASS ": %s gives md_hom %d of @%s tile sizes, but it has "
                        "%zu md_homs",
                   file, e->kernel, e->function, homs.n);
    rc = -1;
  } else if (mdhMdHomGetRank(homs.ops[e->kernel]) != e->n_tile_sizes) {
    mdh_emit_error(func,
                   PASS ": %s gives md_hom %d of @%s %d tile sizes, but it has "
                        "%ld dimensions",
                   file, e->kernel, e->function, e->n_tile_sizes,
                   (long)mdhMdHomGetRank(homs.ops[e->kernel]));
    rc = -1;
  } else if (mlirAttributeIsNull(
                 mdh_attr_get_tile_sizes(hom = homs.ops[e->kernel]))) {
    mdh_str_printf(text, "@%s md_hom %d takes tile sizes [", e->function,
                   e->kernel);
    for (i = 0; i < e->n_tile_sizes; ++i) {
      sizes[i] = e->tile_sizes[i];
      mdh_str_printf(text, "%s%ld", i ? ", " : "", e->tile_sizes[i]);
    }
    mdh_str_printf(text, "]");
    mdh_attr_set_tile_sizes(hom, e->n_tile_sizes, sizes);
  }
  free(homs.ops);
  return rc;
}

/* The most kernels of a function that a record gives reduction modes or
 * double buffering: those mdh-tune tunes at most. */
#define MAX_TUNED_KERNELS 256

/* The choices a record makes per kernel that mdh-map-gpu, which numbers
 * the kernels, gives to their md_homs: each kernel's value (-1 for none)
 * in "values", "n" kernels so far, "what" the choice is called. */
struct kernel_choices {
  const char *what;
  int64_t values[MAX_TUNED_KERNELS];
  int n;
};

/* Stores "value" for the kernel of entry "e", a kernel of "func", in "c",
 * describing it in "text" as "prefix" followed by "value_text". Returns 0,
 * or -1 after an error at "func" for a kernel beyond MAX_TUNED_KERNELS
 * (mdh-map-gpu checks that the function has it). */
static int add_kernel_choice(MlirOperation func, const char *file,
                             const struct mdh_tuning_entry *e,
                             struct kernel_choices *c, int64_t value,
                             const char *prefix, const char *value_text,
                             struct mdh_str *text) {
  if (e->kernel >= MAX_TUNED_KERNELS) {
    mdh_emit_error(func,
                   PASS ": %s gives kernel %d of @%s %s, but at most %d "
                        "kernels take one",
                   file, e->kernel, e->function, c->what, MAX_TUNED_KERNELS);
    return -1;
  }
  while (c->n <= e->kernel)
    c->values[c->n++] = -1;
  c->values[e->kernel] = value;
  mdh_str_printf(text, "%s@%s kernel %d takes %s%s", text->len ? ", " : "",
                 e->function, e->kernel, prefix, value_text);
  return 0;
}

/* Stores the reduction mode and the double buffering of entry "e", for a
 * kernel of "func", in "modes" and "dbufs" unless "own_mode" or
 * "own_dbuf" (the function or the module sets them), describing that in
 * "text". Returns 0, or -1 after an error (add_kernel_choice). */
static int add_kernel_choices(MlirOperation func, const char *file,
                              const struct mdh_tuning_entry *e, int own_mode,
                              int own_dbuf, struct kernel_choices *modes,
                              struct kernel_choices *dbufs,
                              struct mdh_str *text) {
  int rc = 0;

  if (e->reduction_mode && !own_mode)
    rc = add_kernel_choice(func, file, e, modes,
                           !strcmp(e->reduction_mode, "deterministic"),
                           "reduction mode ", e->reduction_mode, text);
  if (!rc && e->double_buffer >= 0 && !own_dbuf)
    rc = add_kernel_choice(
        func, file, e, dbufs, e->double_buffer, "",
        e->double_buffer ? "double buffering" : "single buffering", text);
  return rc;
}

/* Applies the entries of "r" for function "func" on "device" and
 * "pipeline": appends its kernels' mappings to "spec" unless a
 * mdh.mapping_index on it or the module decides them, and sets its fusion
 * mode unless one is set or "keep_fusion", its md_homs' tile sizes
 * (apply_tile_sizes) and its kernels' reduction modes and double
 * buffering unless they are set on it or around it (add_kernel_choices).
 * Tells "note" what it applies.
 * Returns the number of entries applied, or -1 after an error. */
static int apply_func(const struct mdh_tuning_record *r, const char *file,
                      MlirOperation func, const char *device,
                      const char *pipeline, int keep_fusion,
                      struct mdh_str *spec, mdh_tuning_note_fn note,
                      void *user) {
  MlirStringRef name = mdh_func_name(func);
  const struct mdh_tuning_entry *e;
  struct mdh_str sig, text;
  MlirOperation owner;
  /* Large (two kernel tables): on the heap. */
  struct kernel_choices *modes = calloc(2, sizeof(*modes)), *dbufs;
  int i, n = 0, own_mapping, own_fusion, own_mode, own_dbuf;

  if (!modes)
    abort();
  dbufs = modes + 1;
  modes->what = "a reduction mode";
  dbufs->what = "double buffering";
  if (!mdh_op_is(func, "func.func") || !name.length) {
    free(modes);
    return 0;
  }
  /* The signature of the entries: the function's type as MLIR prints it
   * (mdh-tune prints it alike). */
  mdh_str_init(&sig);
  mdh_str_append_type(&sig, mdh_func_type(func));
  own_mapping = !mlirAttributeIsNull(mdh_attr_find_mapping_index(func, &owner));
  own_fusion =
      keep_fusion || !mlirAttributeIsNull(mdh_attr_find_fusion(func, &owner));
  own_mode = !mlirAttributeIsNull(mdh_attr_find_reduction_mode(func, &owner));
  own_dbuf = !mlirAttributeIsNull(mdh_attr_find_double_buffer(func, &owner));
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
    } else if (e->kernel >= 0 && e->n_tile_sizes &&
               apply_tile_sizes(func, file, e, &text) < 0) {
      mdh_str_clear(&text);
      n = -1;
      break;
    }
    if (e->kernel >= 0 && add_kernel_choices(func, file, e, own_mode, own_dbuf,
                                             modes, dbufs, &text) < 0) {
      mdh_str_clear(&text);
      n = -1;
      break;
    }
    if (text.len && note)
      note(text.data, user);
    n += text.len > 0;
    mdh_str_clear(&text);
  }
  if (n >= 0 && modes->n)
    mdh_attr_set_tuned_reduction_modes(func, modes->values, modes->n);
  if (n >= 0 && dbufs->n)
    mdh_attr_set_tuned_double_buffers(func, dbufs->values, dbufs->n);
  mdh_str_clear(&sig);
  free(modes);
  return n;
}

int mdh_tuning_apply(MlirOperation module, const char *file, const char *device,
                     const char *pipeline, int keep_fusion,
                     mdh_tuning_note_fn note, void *user) {
  struct mdh_tuning_record r;
  struct mdh_str spec;
  MlirOperation op;
  char err[1024];
  int n = 0, k;

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
  for (; device && n >= 0 && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    k = apply_func(&r, file, op, device, pipeline, keep_fusion, &spec, note,
                   user);
    n = k < 0 ? -1 : n + k;
  }
  /* The mappings as one spec on the module, unless it has its own; a
   * function's own mdh.mapping_index wins over the module's anyway. */
  if (n >= 0 && spec.len &&
      mlirLogicalResultIsFailure(mdhSetTunedMapping(
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
