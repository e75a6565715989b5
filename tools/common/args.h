/* The memref arguments of an entry function, as host buffers: their element
 * types and shapes, deterministic filling, raw files, comparison. Shared by
 * mdh-run and (later) mdh-exec, so nothing here depends on MLIR. */

#ifndef MDH_TOOLS_ARGS_H
#define MDH_TOOLS_ARGS_H

#include <stddef.h>
#include <stdint.h>

enum mdh_elem {
  MDH_ELEM_F16,
  MDH_ELEM_BF16,
  MDH_ELEM_F32,
  MDH_ELEM_F64,
  MDH_ELEM_I1,
  MDH_ELEM_I8,
  MDH_ELEM_I16,
  MDH_ELEM_I32,
  MDH_ELEM_I64,
  MDH_ELEM_INDEX,
};

#define MDH_ARG_MAX_RANK 16

/* One memref argument: element type, shape and row-major data. Bit d of
 * "dynamic" tells that extent d is dynamic in the function's type (-1 in
 * "shape" until given). */
struct mdh_arg {
  enum mdh_elem elem;
  int rank;
  unsigned dynamic;
  int64_t shape[MDH_ARG_MAX_RANK];
  size_t n_elems;
  void *data;
};

/* All memref arguments of an entry function. */
struct mdh_args {
  int n;
  struct mdh_arg *v;
};

/* Bytes per element of "elem" in memory (i1 takes one byte). */
size_t mdh_elem_size(enum mdh_elem elem);
const char *mdh_elem_name(enum mdh_elem elem);

/* Allocates zeroed data for every argument whose elem/rank/shape are set.
 * Returns -1 if a size overflows. */
int mdh_args_alloc(struct mdh_args *args);
/* Gives "to" the signature of "from" and allocates zeroed data for it.
 * Returns -1 if that fails. */
int mdh_args_alloc_like(struct mdh_args *to, const struct mdh_args *from);

void mdh_args_free(struct mdh_args *args);

/* Copies the data of "from" into "to" (same signature). */
void mdh_args_copy(struct mdh_args *to, const struct mdh_args *from);

/* Fills every argument deterministically from "seed" (see mdh-run --help
 * for the distribution of each type). */
void mdh_args_fill(struct mdh_args *args, uint64_t seed);

/* Reads DIR/argK.bin into argument K, for every K. Returns -1 with a message
 * in "err" on a missing, short or long file. */
int mdh_args_read(struct mdh_args *args, const char *dir, char *err,
                  size_t err_len);

/* Allocates "inputs" (signature set) and a working copy "work", then fills
 * the inputs from "seed", or reads them from "read_dir" if it is not NULL.
 * Returns -1 after a message on stderr prefixed with "tool". */
int mdh_args_prepare(struct mdh_args *inputs, struct mdh_args *work,
                     const char *read_dir, uint64_t seed, const char *tool);

/* Parses "text", positive extents joined by 'x' ("97x61"), into "shape"
 * (NULL: check the form only). Returns their number (at most
 * MDH_ARG_MAX_RANK; 0 for the empty text of a 0-d argument), or -1. */
int mdh_parse_extents(const char *text, int64_t *shape);

/* Parses "K:EXTENTS", the value of mdh-run's --shape, into "*k" and "shape"
 * (either may be NULL). Returns the number of extents, or -1. */
int mdh_parse_shape_option(const char *text, int *k, int64_t *shape);

/* Gives every argument with dynamic extents its shape: from DIR/argK.shape
 * if "dir" is not NULL, else from the "n_shapes" --shape values "shapes"
 * (which may also restate a static shape). Returns -1 with a message in
 * "err" if one is missing, malformed, or does not fit the argument's type. */
int mdh_args_set_shapes(struct mdh_args *args, const char *dir,
                        const char *const *shapes, int n_shapes, char *err,
                        size_t err_len);

/* Writes argument K to DIR/argK.bin, and DIR/argK.shape for an argument
 * with dynamic extents. Returns -1 with a message in "err". */
int mdh_args_write(const struct mdh_args *args, const char *dir, char *err,
                   size_t err_len);

/* Compares "got" with "want" element by element: the largest absolute and
 * relative errors, and whether every element is within the tolerance of its
 * type (exact for integers). */
int mdh_args_compare(const struct mdh_args *got, const struct mdh_args *want,
                     double *max_abs, double *max_rel);

/* Value of element "i" of "arg" as a double. */
double mdh_arg_get(const struct mdh_arg *arg, size_t i);

/* The value of the command-line argument "arg" if it is "--name=value",
 * else NULL. */
const char *mdh_option_value(const char *arg, const char *name);

/* Parses a non-negative decimal number that fits in 64 bits; returns -1 if
 * "s" is not one. */
int mdh_parse_number(const char *s, unsigned long long *out);

#endif
