/* mdh-tune's tuning records: the choices measured fastest on a device, read
 * from and written to JSON files (libc only, no MLIR).
 *
 * A record file looks like
 *
 *   {
 *     "format": "mdh-tuning-record",
 *     "version": 1,
 *     "entries": [
 *       {"device": "NVIDIA H200", "function": "matvec", "signature": "...",
 *        "pipeline": "gpu", "kernel": 0, "mapping_index": 3, "ms": 0.0845},
 *       {"device": "NVIDIA H200", "function": "matmul", "signature": "...",
 *        "pipeline": "gpu", "kernel": 0, "double_buffer": true, "ms": 3.1},
 *       {"device": "AMD EPYC 9B14", "function": "blur", "signature": "...",
 *        "pipeline": "cpu", "kernel": -1, "fusion": "none", "ms": 12.5},
 *       {"device": "AMD EPYC 9B14", "function": "syrk", "signature": "...",
 *        "pipeline": "cpu", "kernel": 1, "tile_sizes": [96, 0, 256],
 *        "ms": 17.2}
 *     ]
 *   }
 *
 * An entry is one choice: for one kernel of a function (kernel >= 0, in tree
 * order within the function) its mapping_index and/or reduction_mode
 * ("atomic" or "deterministic") and/or double_buffer (true or false: the
 * staged tiles of the tiled strategy, `mdh.double_buffer`); on the cpu
 * pipeline, for one md_hom
 * (kernel >= 0: its number in the function, in program order) its
 * tile_sizes (`mdh.tile_sizes`, one size >= 0 per dimension); for the
 * whole function (kernel -1) its fusion ("basteln", "none" or "single").
 * Its key, for merging and finding, is (device, function, signature,
 * pipeline, kernel).
 */

#ifndef MDH_SUPPORT_TUNING_H
#define MDH_SUPPORT_TUNING_H

#include <stddef.h>
#include <stdio.h>

/* The most tile sizes of an entry (dimensions of a md_hom). */
#define MDH_TUNING_MAX_SIZES 16

/* One choice. "device", "function", "signature" and "pipeline" are never
 * NULL in a record. "kernel" is -1 for the function's fusion, else the
 * kernel's number. "mapping_index" is -1 for none, "reduction_mode" and
 * "fusion" NULL for none, "double_buffer" -1 for none, else 0 or 1. "ms" is the
 * measured median time in milliseconds, negative when unknown. "n_tile_sizes"
 * is 0 for none, else the number of "tile_sizes". In a record, the entry owns
 * its strings. */
struct mdh_tuning_entry {
  char *device, *function, *signature, *pipeline;
  int kernel;
  long mapping_index;
  char *reduction_mode;
  int double_buffer;
  char *fusion;
  double ms;
  int n_tile_sizes;
  long tile_sizes[MDH_TUNING_MAX_SIZES];
};

/* The "n" entries of a record, in "entries" (room for "cap"), at most one
 * per key, in the order they were first added. */
struct mdh_tuning_record {
  int n, cap;
  struct mdh_tuning_entry *entries;
};

/* Makes "r" an empty record. */
void mdh_tuning_record_init(struct mdh_tuning_record *r);

/* Frees the entries of "r" and their strings; "r" is empty afterwards. */
void mdh_tuning_record_clear(struct mdh_tuning_record *r);

/* Adds a copy of "e" (its strings copied; "e" stays the caller's) to "r".
 * Where "r" has an entry with the key of "e", keeps the faster of the two: a
 * known ms beats an unknown one; on a tie the existing one stays. "e" is not
 * checked (mdh_tuning_record_parse checks what it reads); its four key
 * strings must not be NULL. Returns 0, or -1 if out of memory ("r" is then
 * unchanged). */
int mdh_tuning_record_add(struct mdh_tuning_record *r,
                          const struct mdh_tuning_entry *e);

/* Parses the JSON text "text" of "len" bytes (not necessarily
 * NUL-terminated) and adds its entries to "r" with mdh_tuning_record_add.
 * Returns 0, or -1 with a message "LINE:COL: what" in "err" (truncated to
 * "err_len" bytes; "err" may be NULL if "err_len" is 0), lines and columns
 * counted from 1, columns in bytes. On a syntax or validation error "r" is
 * unchanged; out of memory, it may hold some of the entries. */
int mdh_tuning_record_parse(const char *text, size_t len,
                            struct mdh_tuning_record *r, char *err,
                            size_t err_len);

/* Reads the file "path" into "r" as mdh_tuning_record_parse does; its
 * messages start with "path" ("PATH:LINE:COL: what", or "PATH: why" when the
 * file cannot be read). */
int mdh_tuning_record_read(const char *path, struct mdh_tuning_record *r,
                           char *err, size_t err_len);

/* Writes "r" to "f" as JSON in the format above, one entry per line, the
 * entries sorted by device, function, pipeline, kernel (then signature),
 * strings escaped, ms with %.6g (left out when unknown). Flushes "f" but does
 * not close it. Returns 0, or -1 on a write error or out of memory. */
int mdh_tuning_record_write(FILE *f, const struct mdh_tuning_record *r);

/* Returns the entry of "r" with the key (device, function, signature,
 * pipeline, kernel), owned by "r" and valid until "r" changes, or NULL. */
const struct mdh_tuning_entry *
mdh_tuning_record_find(const struct mdh_tuning_record *r, const char *device,
                       const char *function, const char *signature,
                       const char *pipeline, int kernel);

/* Returns the number of distinct devices "r" holds entries for. Sets
 * "*device" (if "device" is not NULL) to that device, owned by "r", when
 * there is exactly one, else to NULL. */
int mdh_tuning_record_devices(const struct mdh_tuning_record *r,
                              const char **device);

#endif
