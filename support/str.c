/* A growable NUL-terminated string (support/str.h). */

#include "support/str.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mdh_str_init(struct mdh_str *s) {
  s->data = NULL;
  s->len = 0;
  s->cap = 0;
}

void mdh_str_clear(struct mdh_str *s) {
  free(s->data);
  mdh_str_init(s);
}

/* "data" may be NULL when "len" is 0: MLIR's empty strings have no data
 * (an empty mdh.influence), and memcpy must not be given NULL. */
void mdh_str_append(struct mdh_str *s, const char *data, size_t len) {
  if (s->len + len + 1 > s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 64;
    while (cap < s->len + len + 1)
      cap *= 2;
    s->data = realloc(s->data, cap);
    if (!s->data)
      abort();
    s->cap = cap;
  }
  if (len)
    memcpy(s->data + s->len, data, len);
  s->len += len;
  s->data[s->len] = '\0';
}

void mdh_str_printf(struct mdh_str *s, const char *fmt, ...) {
  va_list ap;
  char buf[512];
  int n;

  va_start(ap, fmt);
  n = vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if ((size_t)n < sizeof(buf)) {
    mdh_str_append(s, buf, n);
    return;
  }
  {
    char *big = malloc(n + 1);
    if (!big)
      abort();
    va_start(ap, fmt);
    vsnprintf(big, n + 1, fmt, ap);
    va_end(ap);
    mdh_str_append(s, big, n);
    free(big);
  }
}

static void append_callback(MlirStringRef text, void *user) {
  mdh_str_append(user, text.data, text.length);
}

void mdh_str_append_type(struct mdh_str *s, MlirType type) {
  mlirTypePrint(type, &append_callback, s);
}

void mdh_str_append_attr(struct mdh_str *s, MlirAttribute attr) {
  mlirAttributePrint(attr, &append_callback, s);
}
