/* Kernel formation of mdh-map-gpu (kernels.c): which subtrees of the
 * schedule tree become one GPU kernel each. */

#ifndef MDH_PASSES_MAP_GPU_KERNELS_H
#define MDH_PASSES_MAP_GPU_KERNELS_H

#include "lib/model.h"

#include <isl/schedule.h>

/* A band that becomes one kernel of several statements: its "n_member"
 * members, whether each carries no dependence between the kernel's
 * instances ("parallel": only those may be spread over blocks and
 * threads), the number of values each takes ("sizes"), and the first of
 * its statements (for diagnostics); "index" is its number among the
 * kernels of the function, in tree order. */
struct mdh_band_kernel {
  int index;
  int n_member;
  int parallel[MDH_MODEL_MAX_RANK];
  int64_t sizes[MDH_MODEL_MAX_RANK];
  struct mdh_stmt *first;
};

/* Chooses the mapping of a band kernel: returns its text (to be freed), or
 * NULL after a diagnostic. */
typedef char *(*mdh_map_band_fn)(const struct mdh_band_kernel *kernel,
                                 void *user);

/* Returns "schedule" (of the statements of "m") with a kernel mark above
 * every subtree that becomes one kernel (lib/tree.h; a fused group's mark
 * is kept); the mapping of a kernel of several statements comes from
 * "map_band" (a fused group's from its tiles) and goes into its mark. Sets
 * "kernel_of"[k] to the number (in tree order, from 0) of the kernel of
 * statement k, and "in_band"[k] when that kernel has several statements;
 * "*n_kernel" to the number of kernels. Returns NULL after a diagnostic at
 * "func" on failure. */
__isl_give isl_schedule *
mdh_map_gpu_mark_kernels(struct mdh_model *m, MlirOperation func,
                         __isl_take isl_schedule *schedule,
                         mdh_map_band_fn map_band, void *user, int *kernel_of,
                         int *in_band, int *n_kernel);

#endif
