/* Internal queries of the mdh ops, beyond the public C API (mdh-c/Dialect.h).
 */

#ifndef MDH_DIALECT_DIALECT_H
#define MDH_DIALECT_DIALECT_H

#include "mdh-c/Dialect.h"
#include "support/ir.h"

/* A walk callback that sets the int pointed to by "user" and stops at the
 * first mdh.md_hom. */
MlirWalkResult mdh_find_md_hom(MlirOperation op, void *user);

/* The md_homs under "root", in pre-order. */
struct mdh_op_list mdh_collect_md_homs(MlirOperation root);

/* The inp_views under "root", in pre-order. */
struct mdh_op_list mdh_collect_inp_views(MlirOperation root);

/* The views of the md_hom "hom": the ops defining its operands (its
 * inp_views, "*n_inputs" of them) followed by the out_views of its result,
 * in use order ("ops" to be freed by the caller). */
struct mdh_op_list mdh_md_hom_views(MlirOperation hom, size_t *n_inputs);

#endif
