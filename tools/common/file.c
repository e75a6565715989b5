/* Whole-file input for the mdh tools. */

#include "tools/common/file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads all of "path" ("-" for stdin) into a NUL-terminated string of
 * "*size" bytes. */
char *mdh_read_file(const char *path, size_t *size) {
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  char *buf = NULL;
  size_t len = 0, cap = 0, n;

  if (!f)
    return NULL;
  do {
    if (cap - len < 4096) {
      cap = cap ? 2 * cap : 65536;
      buf = realloc(buf, cap + 1);
      if (!buf)
        abort();
    }
    n = fread(buf + len, 1, cap - len, f);
    len += n;
  } while (n > 0);
  if (f != stdin)
    fclose(f);
  buf[len] = '\0';
  *size = len;
  return buf;
}
