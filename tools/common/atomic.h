/* Output files that are either written completely or not at all: a tool
 * writes under a temporary name in the destination's folder and renames
 * over the destination only on success, so a failure, or SIGINT or SIGTERM
 * while it writes, leaves the previous file untouched and no temporary
 * behind. */

#ifndef MDH_TOOLS_ATOMIC_H
#define MDH_TOOLS_ATOMIC_H

#include <stdio.h>

/* An output being written: its destination "path", the temporary "tmp"
 * (in the same folder, so that rename is atomic) and, if opened as a
 * stream, "f". */
struct mdh_atomic_file {
  char *path;
  char *tmp;
  FILE *f;
};

/* Creates the temporary of "path" (and, if "stream", opens it as "a->f"
 * for writing in binary mode); returns 0, or -1 with errno set. Until it is
 * committed or aborted, SIGINT and SIGTERM remove it before the tool
 * ends. */
int mdh_atomic_open(struct mdh_atomic_file *a, const char *path, int stream);

/* Closes the temporary and renames it over the destination; returns 0, or
 * -1 with errno set (the temporary is then removed). */
int mdh_atomic_commit(struct mdh_atomic_file *a);

/* Closes and removes the temporary; the destination stays as it was. */
void mdh_atomic_abort(struct mdh_atomic_file *a);

#endif
