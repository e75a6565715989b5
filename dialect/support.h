/* Internal helpers shared by the dialect, its verifier and the passes. */

#ifndef MDH_DIALECT_SUPPORT_H
#define MDH_DIALECT_SUPPORT_H

#include "mlir-c/AffineMap.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdarg.h>
#include <stddef.h>

/* A growable NUL-terminated string. */
struct mdh_str {
  char *data;
  size_t len;
  size_t cap;
};

void mdh_str_init(struct mdh_str *s);
void mdh_str_clear(struct mdh_str *s);
void mdh_str_append(struct mdh_str *s, const char *data, size_t len);
void mdh_str_printf(struct mdh_str *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void mdh_str_append_type(struct mdh_str *s, MlirType type);
void mdh_str_append_attr(struct mdh_str *s, MlirAttribute attr);

/* Reports "msg" (printf-style) as an error at the location of "op". */
void mdh_emit_error(MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A walk callback that sets the int pointed to by "user" and stops at the
 * first mdh.md_hom. */
MlirWalkResult mdh_find_md_hom(MlirOperation op, void *user);

/* Returns the named attribute "name" = "attr". */
MlirNamedAttribute mdh_named_attr(MlirContext ctx, const char *name,
                                  MlirAttribute attr);

/* Returns the op named "sym" in the nearest builtin.module around "op" (or
 * "op" itself, if it is one), or null if there is none. */
MlirOperation mdh_lookup_symbol(MlirOperation op, MlirStringRef sym);

/* Returns the `function_type` of the func.func "func". */
MlirType mdh_func_type(MlirOperation func);

/* The ops named "name" found by a pre-order walk: "n" of them in "ops" (to
 * be freed by the caller). */
struct mdh_op_list {
  MlirOperation *ops;
  size_t n, cap;
};
struct mdh_op_list mdh_collect_ops(MlirOperation root, const char *name);

/* The views of the md_hom "hom": the ops defining its operands (its
 * inp_views, "*n_inputs" of them) followed by the out_views of its result,
 * in use order ("ops" to be freed by the caller). */
struct mdh_op_list mdh_md_hom_views(MlirOperation hom, size_t *n_inputs);

/* Tells whether "op" is named "name". */
int mdh_op_is(MlirOperation op, const char *name);

#endif
