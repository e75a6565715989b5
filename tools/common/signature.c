/* Entry signatures as text (see signature.h). */

#include "tools/common/signature.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VERSION "v1"

/* The longest text of one argument: "memref<", a 19-digit size and "x" per
 * dimension, the longest element name, ">" and the separating space. */
#define ARG_TEXT_MAX (7 + 20 * MDH_ARG_MAX_RANK + 5 + 2)

char *mdh_signature_format(const struct mdh_args *args) {
  size_t len = sizeof(VERSION) + (size_t)args->n * ARG_TEXT_MAX;
  char *text = malloc(len), *p;
  int k, d;

  if (!text)
    return NULL;
  p = text + sprintf(text, "%s", VERSION);
  for (k = 0; k < args->n; ++k) {
    p += sprintf(p, " memref<");
    for (d = 0; d < args->v[k].rank; ++d)
      p += sprintf(p, "%lldx", (long long)args->v[k].shape[d]);
    p += sprintf(p, "%s>", mdh_elem_name(args->v[k].elem));
  }
  return text;
}

/* Returns the element type named by the "len" characters at "s", or -1. */
static int elem_named(const char *s, size_t len) {
  int e;

  for (e = MDH_ELEM_F16; e <= MDH_ELEM_INDEX; ++e)
    if (strlen(mdh_elem_name((enum mdh_elem)e)) == len &&
        !strncmp(s, mdh_elem_name((enum mdh_elem)e), len))
      return e;
  return -1;
}

/* Parses one "memref<...>" at "*s" into "arg" and advances "*s" past it.
 * Returns -1 if it is malformed. */
static int parse_arg(const char **s, struct mdh_arg *arg) {
  const char *p = *s, *end;
  long long size;
  int elem;

  if (strncmp(p, "memref<", 7))
    return -1;
  p += 7;
  arg->rank = 0;
  while (isdigit((unsigned char)*p)) {
    errno = 0;
    size = strtoll(p, (char **)&end, 10);
    if (errno || *end != 'x' || arg->rank == MDH_ARG_MAX_RANK)
      return -1;
    arg->shape[arg->rank++] = size;
    p = end + 1;
  }
  end = strchr(p, '>');
  if (!end || (elem = elem_named(p, (size_t)(end - p))) < 0)
    return -1;
  arg->elem = (enum mdh_elem)elem;
  *s = end + 1;
  return 0;
}

/* Counts the arguments of signature "text": one per space. */
static int count_args(const char *text) {
  int n = 0;

  for (; *text; ++text)
    if (*text == ' ' && ++n > 1 << 20)
      return -1;
  return n;
}

int mdh_signature_parse(const char *text, struct mdh_args *args, char *err,
                        size_t err_len) {
  const char *p = text + strlen(VERSION);
  int k, n = count_args(text);

  args->n = 0;
  args->v = NULL;
  if (strncmp(text, VERSION, strlen(VERSION)) || (*p && *p != ' ') || n < 0) {
    snprintf(err, err_len, "not a version %s signature", VERSION);
    return -1;
  }
  args->v = calloc((size_t)n + 1, sizeof(*args->v));
  if (!args->v) {
    snprintf(err, err_len, "out of memory");
    return -1;
  }
  args->n = n;
  for (k = 0; k < n; ++k) {
    ++p;
    if (parse_arg(&p, &args->v[k]) < 0 || (*p && *p != ' ')) {
      snprintf(err, err_len, "argument %d is not a memref type: '%.40s'", k, p);
      return -1;
    }
  }
  return 0;
}
