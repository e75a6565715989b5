/* Influence constraint trees (constraint-injection paper, section III-B).
 *
 * A tree holds prioritised alternatives of affine constraints on schedule
 * coefficients. T[S][d][c] is the coefficient of column "c" of statement S in
 * linear schedule row "d"; the columns are the statement's iterators followed
 * by its constant (our domains have no parameters). A node at depth d (the
 * root's children are at depth 0) constrains rows 0..d; its children are the
 * alternatives for row d + 1, leftmost first.
 *
 * Textual form (attribute `mdh.influence` on a function, docs/passes.md):
 *
 *   tree ::= node*
 *   node ::= "[" [item (";" item)*] "]" ["{" node* "}"]
 *   item ::= "coincident" | lin ("=" | ">=" | "<=") lin
 *   lin  ::= ["-"] term (("+" | "-") term)*
 *   term ::= INT ["*" coef] | coef
 *   coef ::= NAME "[" INT "]" "[" (INT | "cst") "]"
 *
 * e.g. "[S0[0][0] = S1[0][0]; S1[0][1] = 0] { [S1[1][1] = 1] }".
 * "coincident" asks the row to be a parallel (zero-distance) one.
 */

#ifndef MDH_PASSES_SCHEDULE_INFLUENCE_H
#define MDH_PASSES_SCHEDULE_INFLUENCE_H

#include "support/ir.h"

#include <stdint.h>

/* One term "coef" * T["stmt"]["dim"]["col"]. */
struct mdh_infl_term {
  int stmt, dim, col;
  int64_t coef;
};

/* The constraint sum(terms) + "cst" >= 0, or = 0 if "is_eq". */
struct mdh_infl_row {
  int n_term;
  struct mdh_infl_term *terms;
  int64_t cst;
  int is_eq;
};

/* A tree node: its "rows", whether the row it constrains must be
 * "coincident", and its alternatives for the next row, "child", by
 * priority. The root has "depth" -1 and no rows. */
struct mdh_infl_node {
  int depth;
  int n_row;
  struct mdh_infl_row *rows;
  int coincident;
  int n_child;
  struct mdh_infl_node **child;
  struct mdh_infl_node *parent;
  int index; /* position among the parent's children */
};

/* The statements a tree may name: "n" of them, "names[k]" having
 * "ranks[k]" iterators. */
struct mdh_infl_stmts {
  int n;
  const char *const *names;
  const int *ranks;
};

struct mdh_infl_node *mdh_infl_node_alloc(int depth);
struct mdh_infl_node *mdh_infl_node_free(struct mdh_infl_node *node);

/* Appends "child" (taken) as the lowest-priority child of "node". */
void mdh_infl_node_add_child(struct mdh_infl_node *node,
                             struct mdh_infl_node *child);

/* Adds the row sum_k terms[k] + "cst" (>= | =) 0 of "n" terms (copied). */
void mdh_infl_node_add_row(struct mdh_infl_node *node, int n,
                           const struct mdh_infl_term *terms, int64_t cst,
                           int is_eq);

/* Returns the next node at the same depth to the right of "node" (its right
 * sibling), or NULL. */
struct mdh_infl_node *mdh_infl_node_right_sibling(struct mdh_infl_node *node);

/* Returns the first child of "node", or NULL (also for a NULL "node"). */
struct mdh_infl_node *mdh_infl_node_first_child(struct mdh_infl_node *node);

/* Parses "text" into a tree whose statement references are resolved in
 * "stmts". Returns NULL and stores a message in "error" on bad input. */
struct mdh_infl_node *mdh_infl_tree_parse(const char *text,
                                          const struct mdh_infl_stmts *stmts,
                                          struct mdh_str *error);

/* Appends the textual form of "node" without its children to "out". */
void mdh_infl_node_print(const struct mdh_infl_node *node,
                         const struct mdh_infl_stmts *stmts,
                         struct mdh_str *out);

/* Appends the textual form of the children of "root" to "out". */
void mdh_infl_tree_print(const struct mdh_infl_node *root,
                         const struct mdh_infl_stmts *stmts,
                         struct mdh_str *out);

/* Returns the path "0.1.0" (child indices from the root) of "node" in a
 * string to be freed by the caller. */
char *mdh_infl_node_path(const struct mdh_infl_node *node);

#endif
