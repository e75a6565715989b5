/* libffi calls of compiled entry functions (see call.h). */

#include "tools/common/call.h"

#include <ffi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The expanded descriptor of one memref argument. */
struct descriptor {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizes[MDH_ARG_MAX_RANK];
  int64_t strides[MDH_ARG_MAX_RANK];
};

/* Internal data structure of a prepared call: "values[i]" points to the
 * storage of the i-th scalar parameter, inside "descs". */
struct mdh_call {
  void *fn;
  ffi_cif cif;
  ffi_type **types;
  void **values;
  struct descriptor *descs;
};

/* Fills the descriptor of "arg" with row-major strides. */
static void describe(struct descriptor *desc, const struct mdh_arg *arg) {
  int64_t stride = 1;
  int d;

  desc->allocated = arg->data;
  desc->aligned = arg->data;
  desc->offset = 0;
  for (d = arg->rank - 1; d >= 0; --d) {
    desc->sizes[d] = arg->shape[d];
    desc->strides[d] = stride;
    stride *= arg->shape[d];
  }
}

/* Appends the parameters of descriptor "desc" of rank "rank". */
static void add_params(struct mdh_call *call, int *n, struct descriptor *desc,
                       int rank) {
  int d;

  call->types[*n] = &ffi_type_pointer;
  call->values[(*n)++] = &desc->allocated;
  call->types[*n] = &ffi_type_pointer;
  call->values[(*n)++] = &desc->aligned;
  call->types[*n] = &ffi_type_sint64;
  call->values[(*n)++] = &desc->offset;
  for (d = 0; d < rank; ++d) {
    call->types[*n] = &ffi_type_sint64;
    call->values[(*n)++] = &desc->sizes[d];
  }
  for (d = 0; d < rank; ++d) {
    call->types[*n] = &ffi_type_sint64;
    call->values[(*n)++] = &desc->strides[d];
  }
}

struct mdh_call *mdh_call_prepare(void *fn, struct mdh_args *args) {
  struct mdh_call *call = calloc(1, sizeof(*call));
  int k, n = 0, max = 0;

  if (!call)
    return NULL;
  for (k = 0; k < args->n; ++k)
    max += 3 + 2 * args->v[k].rank;
  call->fn = fn;
  call->types = calloc(max + 1, sizeof(*call->types));
  call->values = calloc(max + 1, sizeof(*call->values));
  call->descs = calloc(args->n + 1, sizeof(*call->descs));
  if (!call->types || !call->values || !call->descs) {
    mdh_call_free(call);
    return NULL;
  }
  for (k = 0; k < args->n; ++k) {
    describe(&call->descs[k], &args->v[k]);
    add_params(call, &n, &call->descs[k], args->v[k].rank);
  }
  if (ffi_prep_cif(&call->cif, FFI_DEFAULT_ABI, (unsigned)n, &ffi_type_void,
                   call->types) != FFI_OK) {
    mdh_call_free(call);
    return NULL;
  }
  return call;
}

/* Ends the process with exit status 1 when the compiled function aborts:
 * a failed `cf.assert` (the run-time extent checks of lib/extent.c) prints
 * its message with puts and calls abort. The signal is raised by that call,
 * synchronously, after puts returned, so flushing stdout here is safe; the
 * message would otherwise be lost with the buffer. */
static void on_abort(int sig) {
  static const char msg[] =
      "error: the compiled function stopped at a failed run-time check "
      "(message above)\n";

  (void)sig;
  fflush(stdout);
  if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0)
    _exit(1);
  _exit(1);
}

double mdh_call_run(struct mdh_call *call) {
  struct sigaction sa, old;
  struct timespec t0, t1;

  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = &on_abort;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGABRT, &sa, &old);
  clock_gettime(CLOCK_MONOTONIC, &t0);
  ffi_call(&call->cif, FFI_FN(call->fn), NULL, call->values);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  sigaction(SIGABRT, &old, NULL);
  return (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
         (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
}

void mdh_call_free(struct mdh_call *call) {
  if (!call)
    return;
  free(call->types);
  free(call->values);
  free(call->descs);
  free(call);
}
