/* The GPU optimizer of the constraint-injection paper (section IV,
 * Algorithm 2): scores each statement's dimensions for vector-type loads
 * and stores, coalescing and thread use, and turns the best "influenced
 * dimension scenarios" into an influence constraint tree. */

#ifndef MDH_PASSES_SCHEDULE_GPU_OPTIMIZER_H
#define MDH_PASSES_SCHEDULE_GPU_OPTIMIZER_H

#include "lib/model.h"
#include "passes/schedule/influence.h"

/* Returns the influence tree for "m" (a root without children when there is
 * nothing to influence). */
struct mdh_infl_node *mdh_gpu_optimizer_tree(struct mdh_model *m);

#endif
