/* The isl AST to MLIR translator (see ast_to_mlir.h).
 *
 * Loop iterators are bound to the induction variables of the loops that
 * define them (a scope stack of isl ids); every isl AST expression becomes
 * arith ops on index values (comparisons and boolean operators on i1). isl's
 * division flavours map to arith's exactly: fdiv_q rounds towards negative
 * infinity (floordivsi); div is exact and pdiv_q has a non-negative dividend
 * (divsi); pdiv_r and zdiv_r are only used where remsi is right.
 */

#include "lib/ast_to_mlir.h"

#include "support/ir.h"

#include "mlir-c/BuiltinTypes.h"

#include <isl/id.h>
#include <isl/val.h>

#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 256

/* Internal data structure of a translation: the target and the iterators in
 * scope ("ids" bound to "values"); a target's mark hook sees it as a
 * scope. */
struct mdh_ast_scope {
  const struct mdh_ast_target *target;
  int n;
  isl_id *ids[MAX_DEPTH];
  MlirValue values[MAX_DEPTH];
};

static int translate(struct mdh_ast_scope *t, struct mdh_builder *b,
                     __isl_keep isl_ast_node *node);

static void fail(struct mdh_builder *b, const char *what) {
  mlirEmitError(b->loc, what);
}

/* Returns the value bound to "id" (an iterator or a parameter), or a null
 * value. */
static MlirValue lookup(struct mdh_ast_scope *t, __isl_keep isl_id *id) {
  int i;

  for (i = t->n - 1; i >= 0; --i)
    if (t->ids[i] == id)
      return t->values[i];
  for (i = 0; t->target->params && i < t->target->params->n; ++i)
    if (t->target->params->ids[i] == id)
      return t->target->params->values[i];
  return (MlirValue){NULL};
}

static MlirValue expr(struct mdh_ast_scope *t, struct mdh_builder *b,
                      __isl_keep isl_ast_expr *e);

/* Translates argument "pos" of the operation "e". */
static MlirValue arg(struct mdh_ast_scope *t, struct mdh_builder *b,
                     __isl_keep isl_ast_expr *e, int pos) {
  isl_ast_expr *a = isl_ast_expr_op_get_arg(e, pos);
  MlirValue v = expr(t, b, a);

  isl_ast_expr_free(a);
  return v;
}

/* Folds the n-ary min or max "e" with the arith op "name". */
static MlirValue fold(struct mdh_ast_scope *t, struct mdh_builder *b,
                      __isl_keep isl_ast_expr *e, const char *name) {
  isl_size n = isl_ast_expr_op_get_n_arg(e);
  MlirValue acc = arg(t, b, e, 0);
  int i;

  for (i = 1; i < n && !mlirValueIsNull(acc); ++i) {
    MlirValue next = arg(t, b, e, i);
    if (mlirValueIsNull(next))
      return next;
    acc = mdh_build_binary(b, name, acc, next);
  }
  return acc;
}

/* Returns the arith op of a binary isl operation type, or NULL. */
static const char *binary_op(enum isl_ast_expr_op_type type) {
  switch (type) {
  case isl_ast_expr_op_add:
    return "arith.addi";
  case isl_ast_expr_op_sub:
    return "arith.subi";
  case isl_ast_expr_op_mul:
    return "arith.muli";
  case isl_ast_expr_op_div:
  case isl_ast_expr_op_pdiv_q:
    return "arith.divsi";
  case isl_ast_expr_op_fdiv_q:
    return "arith.floordivsi";
  case isl_ast_expr_op_pdiv_r:
  case isl_ast_expr_op_zdiv_r:
    return "arith.remsi";
  case isl_ast_expr_op_and:
  case isl_ast_expr_op_and_then:
    return "arith.andi";
  case isl_ast_expr_op_or:
  case isl_ast_expr_op_or_else:
    return "arith.ori";
  default:
    return NULL;
  }
}

/* Returns the cmpi predicate of a comparison type, or NULL. */
static const char *predicate(enum isl_ast_expr_op_type type) {
  switch (type) {
  case isl_ast_expr_op_eq:
    return "eq";
  case isl_ast_expr_op_le:
    return "sle";
  case isl_ast_expr_op_lt:
    return "slt";
  case isl_ast_expr_op_ge:
    return "sge";
  case isl_ast_expr_op_gt:
    return "sgt";
  default:
    return NULL;
  }
}

/* Translates the operation "e". */
static MlirValue op_expr(struct mdh_ast_scope *t, struct mdh_builder *b,
                         __isl_keep isl_ast_expr *e) {
  enum isl_ast_expr_op_type type = isl_ast_expr_op_get_type(e);
  MlirValue x, y, c, ops[3];
  MlirType index = mlirIndexTypeGet(b->ctx);
  const char *name;

  if (type == isl_ast_expr_op_min || type == isl_ast_expr_op_max)
    return fold(t, b, e,
                type == isl_ast_expr_op_min ? "arith.minsi" : "arith.maxsi");
  if (type == isl_ast_expr_op_minus) {
    x = arg(t, b, e, 0);
    return mlirValueIsNull(x)
               ? x
               : mdh_build_binary(b, "arith.subi", mdh_build_index(b, 0), x);
  }
  if (type == isl_ast_expr_op_cond || type == isl_ast_expr_op_select) {
    c = arg(t, b, e, 0);
    x = arg(t, b, e, 1);
    y = arg(t, b, e, 2);
    if (mlirValueIsNull(c) || mlirValueIsNull(x) || mlirValueIsNull(y))
      return (MlirValue){NULL};
    ops[0] = c, ops[1] = x, ops[2] = y;
    return mlirOperationGetResult(
        mdh_build_op(b, "arith.select", 3, ops, 1, &index, 0, NULL), 0);
  }
  x = arg(t, b, e, 0);
  y = arg(t, b, e, 1);
  if (mlirValueIsNull(x) || mlirValueIsNull(y))
    return (MlirValue){NULL};
  if ((name = predicate(type)))
    return mdh_build_cmpi(b, name, x, y);
  if ((name = binary_op(type)))
    return mdh_build_binary(b, name, x, y);
  fail(b, "unsupported isl AST operation");
  return (MlirValue){NULL};
}

/* Translates the expression "e" (null after a diagnostic on failure). */
static MlirValue expr(struct mdh_ast_scope *t, struct mdh_builder *b,
                      __isl_keep isl_ast_expr *e) {
  isl_val *v;
  isl_id *id;
  MlirValue value = {NULL};

  switch (isl_ast_expr_get_type(e)) {
  case isl_ast_expr_int:
    v = isl_ast_expr_get_val(e);
    if (isl_val_is_int(v) && isl_val_get_den_si(v) == 1)
      value = mdh_build_index(b, isl_val_get_num_si(v));
    isl_val_free(v);
    return value;
  case isl_ast_expr_id:
    id = isl_ast_expr_get_id(e);
    value = lookup(t, id);
    isl_id_free(id);
    if (mlirValueIsNull(value))
      fail(b, "isl AST uses an unknown identifier");
    return value;
  case isl_ast_expr_op:
    return op_expr(t, b, e);
  default:
    fail(b, "invalid isl AST expression");
    return value;
  }
}

/* Returns the exclusive upper bound of a for loop with condition "cond" on
 * "iterator" (`iterator <= e` or `iterator < e`), or null. */
static MlirValue upper_bound(struct mdh_ast_scope *t, struct mdh_builder *b,
                             __isl_keep isl_ast_expr *cond,
                             __isl_keep isl_id *iterator) {
  enum isl_ast_expr_op_type type = isl_ast_expr_op_get_type(cond);
  isl_ast_expr *lhs;
  isl_id *id = NULL;
  MlirValue ub;

  if (type != isl_ast_expr_op_le && type != isl_ast_expr_op_lt)
    goto unsupported;
  lhs = isl_ast_expr_op_get_arg(cond, 0);
  if (isl_ast_expr_get_type(lhs) == isl_ast_expr_id)
    id = isl_ast_expr_get_id(lhs);
  isl_ast_expr_free(lhs);
  isl_id_free(id);
  if (id != iterator)
    goto unsupported;
  ub = arg(t, b, cond, 1);
  if (mlirValueIsNull(ub) || type == isl_ast_expr_op_lt)
    return ub;
  return mdh_build_binary(b, "arith.addi", ub, mdh_build_index(b, 1));
unsupported:
  fail(b, "unsupported isl AST loop condition");
  return (MlirValue){NULL};
}

/* Tells whether the for node "node" is annotated "parallel". */
static int is_parallel(__isl_keep isl_ast_node *node) {
  isl_id *id = isl_ast_node_get_annotation(node);
  int parallel = id && !strcmp(isl_id_get_name(id), "parallel");

  isl_id_free(id);
  return parallel;
}

/* Translates the bounds and step of the for node "node" into "v". */
static int loop_bounds(struct mdh_ast_scope *t, struct mdh_builder *b,
                       __isl_keep isl_ast_node *node, __isl_keep isl_id *it,
                       MlirValue *v) {
  isl_ast_expr *init = isl_ast_node_for_get_init(node);
  isl_ast_expr *cond = isl_ast_node_for_get_cond(node);
  isl_ast_expr *inc = isl_ast_node_for_get_inc(node);

  v[0] = expr(t, b, init);
  v[1] = mlirValueIsNull(v[0]) ? v[0] : upper_bound(t, b, cond, it);
  v[2] = mlirValueIsNull(v[1]) ? v[1] : expr(t, b, inc);
  isl_ast_expr_free(init);
  isl_ast_expr_free(cond);
  isl_ast_expr_free(inc);
  return mlirValueIsNull(v[2]) ? -1 : 0;
}

static int translate_for(struct mdh_ast_scope *t, struct mdh_builder *b,
                         __isl_keep isl_ast_node *node) {
  isl_ast_expr *iter = isl_ast_node_for_get_iterator(node);
  isl_id *id = isl_ast_expr_get_id(iter);
  isl_ast_node *body = isl_ast_node_for_get_body(node);
  struct mdh_builder inner;
  MlirValue v[3];
  MlirBlock block;
  int rc = -1;

  if (t->n < MAX_DEPTH && loop_bounds(t, b, node, id, v) == 0) {
    block = is_parallel(node) ? mdh_build_parallel(b, v[0], v[1], v[2])
                              : mdh_build_for_step(b, v[0], v[1], v[2]);
    inner = mdh_builder_before_terminator(b, block);
    t->ids[t->n] = id;
    t->values[t->n++] = mlirBlockGetArgument(block, 0);
    rc = translate(t, &inner, body);
    t->n--;
  }
  isl_ast_node_free(body);
  isl_id_free(id);
  isl_ast_expr_free(iter);
  return rc;
}

static int translate_if(struct mdh_ast_scope *t, struct mdh_builder *b,
                        __isl_keep isl_ast_node *node) {
  isl_ast_expr *cond = isl_ast_node_if_get_cond(node);
  isl_ast_node *then_node = isl_ast_node_if_get_then_node(node);
  isl_ast_node *else_node = NULL;
  MlirValue c = expr(t, b, cond);
  MlirBlock then_b, else_b;
  struct mdh_builder tb, eb;
  int rc = -1;

  if (isl_ast_node_if_has_else_node(node) == isl_bool_true)
    else_node = isl_ast_node_if_get_else_node(node);
  if (!mlirValueIsNull(c)) {
    mdh_build_if_else(b, c, &then_b, &else_b);
    tb = mdh_builder_before_terminator(b, then_b);
    eb = mdh_builder_before_terminator(b, else_b);
    rc = translate(t, &tb, then_node);
    if (rc == 0 && else_node)
      rc = translate(t, &eb, else_node);
  }
  isl_ast_expr_free(cond);
  isl_ast_node_free(then_node);
  isl_ast_node_free(else_node);
  return rc;
}

static int translate_block(struct mdh_ast_scope *t, struct mdh_builder *b,
                           __isl_keep isl_ast_node *node) {
  isl_ast_node_list *list = isl_ast_node_block_get_children(node);
  isl_size n = isl_ast_node_list_n_ast_node(list);
  isl_ast_node *child;
  int i, rc = n < 0 ? -1 : 0;

  for (i = 0; i < n && rc == 0; ++i) {
    child = isl_ast_node_list_get_ast_node(list, i);
    rc = translate(t, b, child);
    isl_ast_node_free(child);
  }
  isl_ast_node_list_free(list);
  return rc;
}

/* Translates the statement call of the user node "node". */
static int translate_user(struct mdh_ast_scope *t, struct mdh_builder *b,
                          __isl_keep isl_ast_node *node) {
  isl_ast_expr *call = isl_ast_node_user_get_expr(node);
  isl_ast_expr *callee = isl_ast_expr_op_get_arg(call, 0);
  isl_id *id = isl_ast_expr_get_id(callee);
  isl_size n = isl_ast_expr_op_get_n_arg(call);
  MlirValue idx[MAX_DEPTH];
  int i, rc = n < 1 || n > MAX_DEPTH ? -1 : 0;

  for (i = 1; i < n && rc == 0; ++i) {
    idx[i - 1] = arg(t, b, call, i);
    if (mlirValueIsNull(idx[i - 1]))
      rc = -1;
  }
  if (rc == 0)
    rc = t->target->stmt(b, isl_id_get_name(id), n - 1, idx, t->target->user);
  isl_id_free(id);
  isl_ast_expr_free(callee);
  isl_ast_expr_free(call);
  return rc;
}

static int translate_mark(struct mdh_ast_scope *t, struct mdh_builder *b,
                          __isl_keep isl_ast_node *node) {
  isl_ast_node *child;
  int rc;

  if (t->target->mark)
    return t->target->mark(b, node, t, t->target->user);
  child = isl_ast_node_mark_get_node(node);
  rc = translate(t, b, child);

  isl_ast_node_free(child);
  return rc;
}

static int translate(struct mdh_ast_scope *t, struct mdh_builder *b,
                     __isl_keep isl_ast_node *node) {
  switch (isl_ast_node_get_type(node)) {
  case isl_ast_node_for:
    return translate_for(t, b, node);
  case isl_ast_node_if:
    return translate_if(t, b, node);
  case isl_ast_node_block:
    return translate_block(t, b, node);
  case isl_ast_node_mark:
    return translate_mark(t, b, node);
  case isl_ast_node_user:
    return translate_user(t, b, node);
  default:
    fail(b, "invalid isl AST node");
    return -1;
  }
}

void mdh_ast_params_add(struct mdh_ast_params *params, __isl_take isl_id *id,
                        MlirValue value) {
  if (params->n == params->max) {
    params->max = params->max ? 2 * params->max : 16;
    params->ids = realloc(params->ids, params->max * sizeof(*params->ids));
    params->values =
        realloc(params->values, params->max * sizeof(*params->values));
    if (!params->ids || !params->values)
      abort();
  }
  params->ids[params->n] = id;
  params->values[params->n++] = value;
}

void mdh_ast_params_clear(struct mdh_ast_params *params) {
  int i;

  for (i = 0; i < params->n; ++i)
    isl_id_free(params->ids[i]);
  free(params->ids);
  free(params->values);
  params->n = params->max = 0;
  params->ids = NULL;
  params->values = NULL;
}

MlirValue mdh_ast_scope_expr(struct mdh_ast_scope *scope, struct mdh_builder *b,
                             __isl_keep isl_ast_expr *e) {
  return expr(scope, b, e);
}

int mdh_ast_scope_node(struct mdh_ast_scope *scope, struct mdh_builder *b,
                       __isl_keep isl_ast_node *node) {
  return translate(scope, b, node);
}

int mdh_ast_to_mlir(struct mdh_builder *b, __isl_keep isl_ast_node *node,
                    const struct mdh_ast_target *target) {
  struct mdh_ast_scope t;

  t.target = target;
  t.n = 0;
  return translate(&t, b, node);
}

MlirValue mdh_ast_expr_to_mlir(struct mdh_builder *b,
                               __isl_keep isl_ast_expr *e,
                               const struct mdh_ast_target *target) {
  struct mdh_ast_scope t;

  t.target = target;
  t.n = 0;
  return expr(&t, b, e);
}
