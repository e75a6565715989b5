/* The device copies of a chain's buffers: mdh-codegen-gpu's host side
 * (device.c). */

#ifndef MDH_PASSES_CODEGEN_GPU_DEVICE_H
#define MDH_PASSES_CODEGEN_GPU_DEVICE_H

#include "lib/builder.h"
#include "lib/model.h"

/* For each buffer k of the model "m": "dev"[k], the device memref the
 * kernels use for it; "alloc"[k], the device allocation made for it (or
 * for the base of the views of one base that it is the first of), else
 * null; "host"[k], the host memref that "alloc"[k] copies, "written"[k]
 * whether a md_hom writes its elements, "read"[k] whether a md_hom reads
 * them (through an input view, or an out_view that accumulates) and
 * "used"[k] whether a md_hom of "m" uses it (every buffer, unless "m" is a
 * segment of a function's chain, lib/chain.h). "first" is the first op
 * made. */
struct mdh_device_copies {
  struct mdh_model *m;
  MlirValue *dev;
  MlirValue *alloc;
  MlirValue *host;
  char *written;
  char *read;
  char *used;
  MlirOperation first;
};

/* Allocates the device copies of the buffers of "m" at "b", but for those
 * that "tile_only" marks (NULL: none; the intermediates that live in the
 * shared memory of fused kernels only) and, if "resident", for views of the
 * function's arguments (device memory already, which the kernels use in
 * place), and copies there the buffers whose elements the chain does not
 * all overwrite without reading them. Returns 0, or -1 after an error of
 * pass "pass". */
int mdh_device_copies_build(struct mdh_device_copies *c, struct mdh_builder *b,
                            struct mdh_model *m, const char *tile_only,
                            int resident, const char *pass);

/* Makes the kernels made after the copies use them instead of the host
 * buffers. */
void mdh_device_copies_use(struct mdh_device_copies *c);

/* Copies the written buffers back to the host at "b" and frees the device
 * copies. */
void mdh_device_copies_finish(struct mdh_device_copies *c,
                              struct mdh_builder *b);

void mdh_device_copies_clear(struct mdh_device_copies *c);

#endif
