/* Whole-file input for the mdh tools. */

#ifndef MDH_TOOLS_FILE_H
#define MDH_TOOLS_FILE_H

#include <stddef.h>

/* Reads all of "path" ("-" for stdin) into a NUL-terminated string owned by
 * the caller, its length (NUL bytes inside included) in "*len"; NULL if it
 * cannot be read. */
char *mdh_read_file(const char *path, size_t *len);

#endif
