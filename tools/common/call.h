/* Calls a compiled entry function `void f(memref...)` through libffi, each
 * memref passed as the expanded descriptor of MLIR's default calling
 * convention: allocated pointer, aligned pointer, offset, sizes, strides. */

#ifndef MDH_TOOLS_CALL_H
#define MDH_TOOLS_CALL_H

#include "tools/common/args.h"

/* Prepared call of one entry function with fixed arguments. */
struct mdh_call;

/* Prepares calling "fn" on "args" (kept by reference). Returns NULL if
 * libffi rejects the signature. */
struct mdh_call *mdh_call_prepare(void *fn, struct mdh_args *args);

/* Calls the function; returns the elapsed time in milliseconds. If the
 * function aborts (a failed run-time check), the process exits with status
 * 1 after a message on stderr. */
double mdh_call_run(struct mdh_call *call);

void mdh_call_free(struct mdh_call *call);

#endif
