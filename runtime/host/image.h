/* What the CPU stand-ins for the GPU (the mock runtime and the fake driver)
 * check of a kernel image: its format and whether it holds a kernel. Both
 * keep the images they are given in host memory and never run them. */

#ifndef MDH_RUNTIME_HOST_IMAGE_H
#define MDH_RUNTIME_HOST_IMAGE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The first word of a fatbin (fatbinary.h's FATBIN_MAGIC). */
#define MDH_RT_FATBIN_MAGIC 0xBA55ED50u

/* Whether "name" occurs in "data" of "bytes" as a string-table entry: after
 * a NUL or '.' (".text.NAME") and before a NUL. */
static inline int mdh_rt_image_has_symbol(const char *data, size_t bytes,
                                          const char *name) {
  size_t len = strlen(name), i;

  if (!len || len + 1 > bytes)
    return 0;
  for (i = 1; i + len < bytes; ++i)
    if ((data[i - 1] == '\0' || data[i - 1] == '.') && data[i + len] == '\0' &&
        !memcmp(data + i, name, len))
      return 1;
  return 0;
}

static inline int mdh_rt_is_ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '$';
}

/* Whether the PTX text "ptx" declares ".entry NAME". */
static inline int mdh_rt_ptx_has_entry(const char *ptx, const char *name) {
  size_t len = strlen(name);
  const char *p;

  for (p = strstr(ptx, ".entry"); p; p = strstr(p + 1, ".entry")) {
    const char *q = p + strlen(".entry");

    while (*q == ' ' || *q == '\t')
      ++q;
    if (q != p + strlen(".entry") && !strncmp(q, name, len) &&
        !mdh_rt_is_ident_char(q[len]))
      return 1;
  }
  return 0;
}

/* Whether "data" is PTX text (has .version and .target directives). */
static inline int mdh_rt_is_ptx(const char *data) {
  return data && strstr(data, ".version") && strstr(data, ".target");
}

/* The format of the image "data" of at least 4 bytes: "elf" (cubin),
 * "fatbin", or NULL. */
static inline const char *mdh_rt_image_format(const unsigned char *data) {
  uint32_t magic;

  memcpy(&magic, data, 4);
  if (data[0] == 0x7f && data[1] == 'E' && data[2] == 'L' && data[3] == 'F')
    return "elf";
  if (magic == MDH_RT_FATBIN_MAGIC)
    return "fatbin";
  return NULL;
}

#endif
