/* Our per-dimension ILP scheduler with influence constraint trees (the
 * constraint-injection paper, sections III-A and III-C, Algorithm 1). */

#ifndef MDH_PASSES_SCHEDULE_SCHEDULER_H
#define MDH_PASSES_SCHEDULE_SCHEDULER_H

#include "lib/model.h"
#include "passes/schedule/influence.h"

#include <isl/schedule.h>

/* Computes a schedule of "m" influenced by the children of "tree" (NULL:
 * none). If no scenario of the tree can be met, the result is the
 * uninfluenced one. Each attempt (influenced, then plain) may solve at most
 * "max_solves" ILPs (0: a default). Returns NULL when even the plain one
 * fails (the caller falls back to isl's scheduler) or on an isl error. "how"
 * receives "influence P" (P the path of the leaf reached, see
 * mdh_infl_node_path) or "plain"; the caller frees it. */
__isl_give isl_schedule *mdh_sched_compute(struct mdh_model *m,
                                           struct mdh_infl_node *tree,
                                           int max_solves, char **how);

/* The names and ranks of the statements of "m", as trees refer to them;
 * "names" and "ranks" must hold m->n_stmt entries. */
void mdh_sched_infl_stmts(const struct mdh_model *m, const char **names,
                          int *ranks, struct mdh_infl_stmts *stmts);

#endif
