/* The isl AST to MLIR translator shared by mdh-codegen-cpu and (later)
 * mdh-codegen-gpu: loops, guards, blocks, marks and index expressions become
 * scf and arith ops; statement instances and the choice between sequential
 * and parallel loops are left to the target layer. */

#ifndef MDH_LIB_AST_TO_MLIR_H
#define MDH_LIB_AST_TO_MLIR_H

#include "lib/builder.h"

#include <isl/ast.h>

/* The "n" parameters of an AST or expression, "ids", and the values they
 * stand for: the extents of dynamic dimensions (lib/extent.h,
 * mdh_chain_add_params) and, in a kernel, the block and thread ids. */
struct mdh_ast_params {
  int n, max;
  isl_id **ids;
  MlirValue *values;
};

/* Binds "id" to "value" in "params". */
void mdh_ast_params_add(struct mdh_ast_params *params, __isl_take isl_id *id,
                        MlirValue value);

/* Frees what "params" holds. */
void mdh_ast_params_clear(struct mdh_ast_params *params);

struct mdh_ast_scope;

/* The target layer. "stmt" emits statement "name" at the "n" original
 * indices "idx" and returns -1 after a diagnostic on failure. A for node
 * whose annotation is an id named "parallel" becomes scf.parallel. The
 * parameters of the AST stand for the values "params" binds them to (none
 * if NULL). "mark", if not NULL, translates the mark node "node" at "b"
 * where "scope" holds the iterators around it: it may translate
 * expressions in that scope (mdh_ast_scope_expr) and translates the mark's
 * child (mdh_ast_scope_node); without it a mark generates its child. */
struct mdh_ast_target {
  int (*stmt)(struct mdh_builder *b, const char *name, int n,
              const MlirValue *idx, void *user);
  int (*mark)(struct mdh_builder *b, __isl_keep isl_ast_node *node,
              struct mdh_ast_scope *scope, void *user);
  void *user;
  const struct mdh_ast_params *params;
};

/* Translates the expression "e" at "b" in "scope". */
MlirValue mdh_ast_scope_expr(struct mdh_ast_scope *scope, struct mdh_builder *b,
                             __isl_keep isl_ast_expr *e);

/* Translates "node" at "b" in "scope". */
int mdh_ast_scope_node(struct mdh_ast_scope *scope, struct mdh_builder *b,
                       __isl_keep isl_ast_node *node);

/* Translates "node" at "b". Returns -1 (after a diagnostic at the location
 * of "b") on a construct it does not know. */
int mdh_ast_to_mlir(struct mdh_builder *b, __isl_keep isl_ast_node *node,
                    const struct mdh_ast_target *target);

/* Translates the expression "e" (in the parameters of "target") at "b";
 * returns a null value (after a diagnostic) on what it does not know. */
MlirValue mdh_ast_expr_to_mlir(struct mdh_builder *b,
                               __isl_keep isl_ast_expr *e,
                               const struct mdh_ast_target *target);

#endif
