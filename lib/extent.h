/* Run-time extent checks of the views of a md_hom on dynamically shaped
 * buffers, shared by every lowering (see extent.c). */
#ifndef MDH_LIB_EXTENT_H
#define MDH_LIB_EXTENT_H

#include "lib/builder.h"

#include <isl/ctx.h>

/* Builds at "b" the extents of the index space of the md_hom "hom" into
 * "out" (one per dimension): constants for static sizes; a dynamic one
 * from the extents of the input buffers (dialect/extents.h), checked to be
 * positive with `cf.assert`. Returns 0, or -1 on an isl error. */
int mdh_build_hom_extents(struct mdh_builder *b, isl_ctx *ctx,
                          MlirOperation hom, MlirValue *out);

/* Builds at "b", where the buffer of "view" (an inp_view or an out_view)
 * may not hold every index the view reaches, the checks that it does:
 * its dynamic dimensions, and for an out_view over a dynamic index space
 * ("extents", those of mdh_build_hom_extents) every dimension whose
 * largest index depends on them. An inp_view over a dynamic index space
 * needs none: its extents keep it inside. Returns 0, or -1 on an isl
 * error. */
int mdh_build_view_extent_checks(struct mdh_builder *b, isl_ctx *ctx,
                                 MlirOperation view, const MlirValue *extents);

/* Builds at "b" the extents of "hom" into "extents" and the checks of its
 * input views. */
int mdh_build_input_extent_checks(struct mdh_builder *b, isl_ctx *ctx,
                                  MlirOperation hom, MlirValue *extents);

/* The same, and the checks of the out_views of its results. */
int mdh_build_extent_checks(struct mdh_builder *b, isl_ctx *ctx,
                            MlirOperation hom, MlirValue *extents);

#endif
