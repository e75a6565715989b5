/* Run-time extent checks of the views of a md_hom on dynamically shaped
 * buffers, shared by every lowering (see extent.c). */
#ifndef MDH_LIB_EXTENT_H
#define MDH_LIB_EXTENT_H

#include "lib/builder.h"

#include <isl/ctx.h>

/* Builds at "b", if the buffer of "view" (an inp_view or an out_view) has
 * dynamic dimensions, the checks that they hold every index the view
 * reaches. Returns 0, or -1 on an isl error. */
int mdh_build_view_extent_checks(struct mdh_builder *b, isl_ctx *ctx,
                                 MlirOperation view);
/* The same for the input views of "hom" only. */
int mdh_build_input_extent_checks(struct mdh_builder *b, isl_ctx *ctx,
                                  MlirOperation hom);
/* Builds at "b", for every view of "hom" (its input views and the
 * out_views of its results) on a buffer with dynamic dimensions, the
 * checks that those dimensions hold every index the view reaches. Returns
 * 0, or -1 on an isl error. */
int mdh_build_extent_checks(struct mdh_builder *b, isl_ctx *ctx,
                            MlirOperation hom);

#endif
