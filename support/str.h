/* A growable NUL-terminated string, and MLIR objects printed into it. */

#ifndef MDH_SUPPORT_STR_H
#define MDH_SUPPORT_STR_H

#include "mlir-c/IR.h"

#include <stdarg.h>
#include <stddef.h>

/* A growable NUL-terminated string. */
struct mdh_str {
  char *data;
  size_t len;
  size_t cap;
};

void mdh_str_init(struct mdh_str *s);
void mdh_str_clear(struct mdh_str *s);
void mdh_str_append(struct mdh_str *s, const char *data, size_t len);
void mdh_str_printf(struct mdh_str *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void mdh_str_append_type(struct mdh_str *s, MlirType type);
void mdh_str_append_attr(struct mdh_str *s, MlirAttribute attr);

#endif
