/* Host buffers of memref arguments (see args.h). */

#include "tools/common/args.h"
#include "tools/common/atomic.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

size_t mdh_elem_size(enum mdh_elem elem) {
  switch (elem) {
  case MDH_ELEM_I1:
  case MDH_ELEM_I8:
    return 1;
  case MDH_ELEM_F16:
  case MDH_ELEM_BF16:
  case MDH_ELEM_I16:
    return 2;
  case MDH_ELEM_F32:
  case MDH_ELEM_I32:
    return 4;
  default:
    return 8;
  }
}

const char *mdh_elem_name(enum mdh_elem elem) {
  static const char *const names[] = {"f16", "bf16", "f32", "f64", "i1",
                                      "i8",  "i16",  "i32", "i64", "index"};
  return names[elem];
}

int mdh_args_alloc(struct mdh_args *args) {
  int k, d;
  struct mdh_arg *a;

  for (k = 0; k < args->n; ++k) {
    a = &args->v[k];
    a->n_elems = 1;
    for (d = 0; d < a->rank; ++d) {
      if (a->shape[d] < 0 ||
          (a->shape[d] > 0 && a->n_elems > SIZE_MAX / 16 / a->shape[d]))
        return -1;
      a->n_elems *= a->shape[d];
    }
    a->data = calloc(a->n_elems ? a->n_elems : 1, mdh_elem_size(a->elem));
    if (!a->data)
      return -1;
  }
  return 0;
}

int mdh_args_alloc_like(struct mdh_args *to, const struct mdh_args *from) {
  int k;

  to->n = from->n;
  to->v = calloc(from->n + 1, sizeof(*to->v));
  if (!to->v)
    return -1;
  for (k = 0; k < from->n; ++k) {
    to->v[k] = from->v[k];
    to->v[k].data = NULL;
  }
  return mdh_args_alloc(to);
}

void mdh_args_free(struct mdh_args *args) {
  int k;

  for (k = 0; k < args->n; ++k)
    free(args->v[k].data);
  free(args->v);
  args->v = NULL;
  args->n = 0;
}

void mdh_args_copy(struct mdh_args *to, const struct mdh_args *from) {
  int k;

  for (k = 0; k < from->n; ++k)
    memcpy(to->v[k].data, from->v[k].data,
           from->v[k].n_elems * mdh_elem_size(from->v[k].elem));
}

/* splitmix64: a small, well-mixed generator whose stream is the same on
 * every machine. */
static uint64_t next_random(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static uint32_t float_bits(float f) {
  uint32_t u;

  memcpy(&u, &f, sizeof(u));
  return u;
}

static float bits_float(uint32_t u) {
  float f;

  memcpy(&f, &u, sizeof(f));
  return f;
}

/* IEEE half from a float that is exactly representable (our fill values). */
static uint16_t half_from_float(float f) {
  uint32_t u = float_bits(f);
  uint32_t sign = (u >> 16) & 0x8000;
  int32_t exp = (int32_t)((u >> 23) & 0xff) - 127 + 15;
  uint32_t mant = u & 0x7fffff;

  if ((u & 0x7fffffff) == 0)
    return (uint16_t)sign;
  if (exp <= 0) /* subnormal half */
    return (uint16_t)(sign | ((mant | 0x800000) >> (14 - exp)));
  return (uint16_t)(sign | (uint32_t)exp << 10 | mant >> 13);
}

static float half_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f, mant = h & 0x3ff;

  if (exp == 0)
    return (sign ? -1.0f : 1.0f) * ldexpf((float)mant, -24);
  if (exp == 31)
    return bits_float(sign | 0x7f800000 | mant << 13);
  return bits_float(sign | (exp - 15 + 127) << 23 | mant << 13);
}

/* Stores "v" (a float fill value or an integer) as element "i" of "a". */
static void set_value(struct mdh_arg *a, size_t i, double v) {
  char *p = (char *)a->data + i * mdh_elem_size(a->elem);
  float f = (float)v;
  uint16_t h;
  int64_t n = (int64_t)v;

  switch (a->elem) {
  case MDH_ELEM_F16:
    h = half_from_float(f);
    memcpy(p, &h, 2);
    break;
  case MDH_ELEM_BF16:
    h = (uint16_t)(float_bits(f) >> 16);
    memcpy(p, &h, 2);
    break;
  case MDH_ELEM_F32:
    memcpy(p, &f, 4);
    break;
  case MDH_ELEM_F64:
    memcpy(p, &v, 8);
    break;
  case MDH_ELEM_I1:
  case MDH_ELEM_I8:
    *(int8_t *)p = (int8_t)n;
    break;
  case MDH_ELEM_I16:
    *(int16_t *)p = (int16_t)n;
    break;
  case MDH_ELEM_I32:
    *(int32_t *)p = (int32_t)n;
    break;
  default:
    memcpy(p, &n, 8);
  }
}

double mdh_arg_get(const struct mdh_arg *a, size_t i) {
  const char *p = (const char *)a->data + i * mdh_elem_size(a->elem);
  uint16_t h;
  float f;
  double d;
  int64_t n;

  switch (a->elem) {
  case MDH_ELEM_F16:
    memcpy(&h, p, 2);
    return half_to_float(h);
  case MDH_ELEM_BF16:
    memcpy(&h, p, 2);
    return bits_float((uint32_t)h << 16);
  case MDH_ELEM_F32:
    memcpy(&f, p, 4);
    return f;
  case MDH_ELEM_F64:
    memcpy(&d, p, 8);
    return d;
  case MDH_ELEM_I1:
    return *(const uint8_t *)p & 1;
  case MDH_ELEM_I8:
    return *(const int8_t *)p;
  case MDH_ELEM_I16:
    return *(const int16_t *)p;
  case MDH_ELEM_I32:
    return *(const int32_t *)p;
  default:
    memcpy(&n, p, 8);
    return (double)n;
  }
}

/* The fill distribution: floats are multiples of 1/256 in [-1, 1) (exact in
 * every float type, so inputs do not depend on rounding); i1 is 0 or 1; other
 * integers are in [-16, 16), small enough that sums and products of the
 * examples do not overflow. */
static double fill_value(enum mdh_elem elem, uint64_t r) {
  switch (elem) {
  case MDH_ELEM_F16:
  case MDH_ELEM_BF16:
  case MDH_ELEM_F32:
  case MDH_ELEM_F64:
    return ((double)(r % 512) - 256.0) / 256.0;
  case MDH_ELEM_I1:
    return (double)(r & 1);
  default:
    return (double)(r % 32) - 16.0;
  }
}

void mdh_args_fill(struct mdh_args *args, uint64_t seed) {
  int k;
  size_t i;
  uint64_t state;

  for (k = 0; k < args->n; ++k) {
    state = seed * 0x100000001b3ull + (uint64_t)k;
    for (i = 0; i < args->v[k].n_elems; ++i)
      set_value(&args->v[k], i,
                fill_value(args->v[k].elem, next_random(&state)));
  }
}

static void arg_path(char *path, size_t len, const char *dir, int k) {
  snprintf(path, len, "%s/arg%d.bin", dir, k);
}

int mdh_args_read(struct mdh_args *args, const char *dir, char *err,
                  size_t err_len) {
  char path[4096];
  FILE *f;
  size_t bytes, got;
  int k, extra;

  for (k = 0; k < args->n; ++k) {
    arg_path(path, sizeof(path), dir, k);
    bytes = args->v[k].n_elems * mdh_elem_size(args->v[k].elem);
    f = fopen(path, "rb");
    if (!f) {
      snprintf(err, err_len, "cannot open input '%s': %s", path,
               strerror(errno));
      return -1;
    }
    got = fread(args->v[k].data, 1, bytes, f);
    extra = fgetc(f) != EOF;
    fclose(f);
    if (got != bytes || extra) {
      snprintf(err, err_len,
               "input '%s' has %s bytes than argument %d needs (%zu)", path,
               extra ? "more" : "fewer", k, bytes);
      return -1;
    }
  }
  return 0;
}

int mdh_args_prepare(struct mdh_args *inputs, struct mdh_args *work,
                     const char *read_dir, uint64_t seed, const char *tool) {
  char err[4200];

  if (mdh_args_alloc(inputs) < 0 || mdh_args_alloc_like(work, inputs) < 0) {
    fprintf(stderr, "%s: the arguments do not fit in memory\n", tool);
    return -1;
  }
  if (!read_dir) {
    mdh_args_fill(inputs, seed);
    return 0;
  }
  if (mdh_args_read(inputs, read_dir, err, sizeof(err)) == 0)
    return 0;
  fprintf(stderr, "%s: %s\n", tool, err);
  return -1;
}

/* Creates the directory "dir" and its missing parents, as mkdir -p does.
 * Returns -1 with errno set on failure. */
static int make_dirs(const char *dir) {
  char path[4096];
  size_t i, n = strlen(dir);

  if (n == 0 || n >= sizeof(path)) {
    errno = n ? ENAMETOOLONG : ENOENT;
    return -1;
  }
  memcpy(path, dir, n + 1);
  for (i = 1; i <= n; ++i) {
    if (path[i] != '/' && path[i] != '\0')
      continue;
    path[i] = '\0';
    if (mkdir(path, 0777) < 0 && errno != EEXIST)
      return -1;
    path[i] = i < n ? '/' : '\0';
  }
  return 0;
}

int mdh_parse_extents(const char *text, int64_t *shape) {
  int n = 0;
  char *end;
  long long e;

  if (!*text)
    return 0;
  for (;;) {
    if (*text < '0' || *text > '9' || n == MDH_ARG_MAX_RANK)
      return -1;
    errno = 0;
    e = strtoll(text, &end, 10);
    if (errno || e < 1 || e > INT32_MAX)
      return -1;
    if (shape)
      shape[n] = e;
    ++n;
    if (!*end)
      return n;
    if (*end != 'x')
      return -1;
    text = end + 1;
  }
}

int mdh_parse_shape_option(const char *text, int *k, int64_t *shape) {
  const char *colon = strchr(text, ':');
  unsigned long long index;
  char digits[24];

  if (!colon || colon == text || (size_t)(colon - text) >= sizeof(digits))
    return -1;
  memcpy(digits, text, colon - text);
  digits[colon - text] = '\0';
  if (mdh_parse_number(digits, &index) < 0 || index > 1000000)
    return -1;
  if (k)
    *k = (int)index;
  return mdh_parse_extents(colon + 1, shape);
}

/* Gives argument "k" the "n" extents "shape" (from "where", for messages)
 * if they fit its type. */
static int set_shape(struct mdh_arg *arg, int k, const int64_t *shape, int n,
                     const char *where, char *err, size_t err_len) {
  int d;

  if (n != arg->rank) {
    snprintf(err, err_len, "%s gives %d extents to argument %d of rank %d",
             where, n, k, arg->rank);
    return -1;
  }
  for (d = 0; d < n; ++d)
    if (!(arg->dynamic & (1u << d)) && shape[d] != arg->shape[d]) {
      snprintf(err, err_len,
               "%s gives extent %lld to dimension %d of argument %d, whose "
               "type says %lld",
               where, (long long)shape[d], d, k, (long long)arg->shape[d]);
      return -1;
    }
  memcpy(arg->shape, shape, n * sizeof(*shape));
  return 0;
}

/* Reads DIR/argK.shape into argument "k". */
static int read_shape_file(struct mdh_arg *arg, int k, const char *dir,
                           char *err, size_t err_len) {
  int64_t shape[MDH_ARG_MAX_RANK];
  char path[4096], line[512];
  FILE *f;
  size_t len;
  int n;

  snprintf(path, sizeof(path), "%s/arg%d.shape", dir, k);
  f = fopen(path, "r");
  if (!f) {
    snprintf(err, err_len,
             "argument %d has a dynamic shape: cannot open '%s': %s", k, path,
             strerror(errno));
    return -1;
  }
  if (!fgets(line, sizeof(line), f))
    line[0] = '\0';
  fclose(f);
  len = strlen(line);
  if (len && line[len - 1] == '\n')
    line[--len] = '\0';
  n = mdh_parse_extents(line, shape);
  if (n < 0) {
    snprintf(err, err_len,
             "'%s' must hold one line of positive extents joined by 'x' "
             "(97x61)",
             path);
    return -1;
  }
  return set_shape(arg, k, shape, n, path, err, err_len);
}

int mdh_args_set_shapes(struct mdh_args *args, const char *dir,
                        const char *const *shapes, int n_shapes, char *err,
                        size_t err_len) {
  int64_t shape[MDH_ARG_MAX_RANK];
  char where[128];
  int i, k, n;

  for (i = 0; i < n_shapes; ++i) {
    n = mdh_parse_shape_option(shapes[i], &k, shape);
    snprintf(where, sizeof(where), "--shape=%.64s", shapes[i]);
    if (n < 0 || k >= args->n) {
      snprintf(err, err_len, "%s: the function has %d arguments", where,
               args->n);
      return -1;
    }
    if (set_shape(&args->v[k], k, shape, n, where, err, err_len) < 0)
      return -1;
  }
  for (k = 0; k < args->n; ++k) {
    if (!args->v[k].dynamic)
      continue;
    if (dir && read_shape_file(&args->v[k], k, dir, err, err_len) < 0)
      return -1;
    for (i = 0; i < args->v[k].rank; ++i)
      if (args->v[k].shape[i] < 0) {
        snprintf(err, err_len,
                 "argument %d has a dynamic shape: give its extents with "
                 "--shape=%d:EXTENTS (as 97x61) or in DIR/arg%d.shape with "
                 "--read-inputs=DIR",
                 k, k, k);
        return -1;
      }
  }
  return 0;
}

/* Writes the shape of argument "k" to DIR/argK.shape. */
static int write_shape_file(const struct mdh_arg *arg, int k, const char *dir,
                            char *err, size_t err_len) {
  struct mdh_atomic_file file;
  char path[4096];
  int d, ok;

  snprintf(path, sizeof(path), "%s/arg%d.shape", dir, k);
  ok = mdh_atomic_open(&file, path, 1) == 0;
  for (d = 0; ok && d < arg->rank; ++d)
    ok = fprintf(file.f, d ? "x%lld" : "%lld", (long long)arg->shape[d]) > 0;
  if (ok)
    ok = fputc('\n', file.f) != EOF;
  if (ok)
    ok = mdh_atomic_commit(&file) == 0;
  else
    mdh_atomic_abort(&file);
  if (!ok)
    snprintf(err, err_len, "cannot write '%s': %s", path, strerror(errno));
  return ok ? 0 : -1;
}

int mdh_args_write(const struct mdh_args *args, const char *dir, char *err,
                   size_t err_len) {
  struct mdh_atomic_file file;
  char path[4096];
  size_t bytes;
  int k, ok;

  if (make_dirs(dir) < 0) {
    snprintf(err, err_len, "cannot create the output directory '%s': %s", dir,
             strerror(errno));
    return -1;
  }
  for (k = 0; k < args->n; ++k) {
    arg_path(path, sizeof(path), dir, k);
    bytes = args->v[k].n_elems * mdh_elem_size(args->v[k].elem);
    ok = mdh_atomic_open(&file, path, 1) == 0;
    if (ok && fwrite(args->v[k].data, 1, bytes, file.f) != bytes) {
      mdh_atomic_abort(&file);
      ok = 0;
    } else if (ok) {
      ok = mdh_atomic_commit(&file) == 0;
    }
    if (!ok) {
      snprintf(err, err_len, "cannot write output '%s': %s", path,
               strerror(errno));
      return -1;
    }
    if (args->v[k].dynamic &&
        write_shape_file(&args->v[k], k, dir, err, err_len) < 0)
      return -1;
  }
  return 0;
}

/* Absolute and relative tolerances of "elem": floating-point results may be
 * reassociated by optimizing pipelines. */
static void tolerance(enum mdh_elem elem, double *atol, double *rtol) {
  switch (elem) {
  case MDH_ELEM_F16:
    *atol = 1e-2, *rtol = 1e-2;
    break;
  case MDH_ELEM_BF16:
    *atol = 1e-1, *rtol = 5e-2;
    break;
  case MDH_ELEM_F32:
    *atol = 1e-4, *rtol = 1e-4;
    break;
  case MDH_ELEM_F64:
    *atol = 1e-10, *rtol = 1e-10;
    break;
  default:
    *atol = 0, *rtol = 0;
  }
}

int mdh_args_compare(const struct mdh_args *got, const struct mdh_args *want,
                     double *max_abs, double *max_rel) {
  double a, b, diff, atol, rtol;
  size_t i;
  int k, ok = 1;

  *max_abs = 0;
  *max_rel = 0;
  for (k = 0; k < want->n; ++k) {
    tolerance(want->v[k].elem, &atol, &rtol);
    for (i = 0; i < want->v[k].n_elems; ++i) {
      a = mdh_arg_get(&got->v[k], i);
      b = mdh_arg_get(&want->v[k], i);
      if (isnan(a) && isnan(b))
        continue;
      diff = fabs(a - b);
      if (isnan(diff))
        diff = INFINITY;
      if (diff > *max_abs)
        *max_abs = diff;
      if (b != 0 && diff / fabs(b) > *max_rel)
        *max_rel = diff / fabs(b);
      if (!(diff <= atol + rtol * fabs(b)))
        ok = 0;
    }
  }
  return ok;
}

const char *mdh_option_value(const char *arg, const char *name) {
  size_t n = strlen(name);

  if (strncmp(arg, "--", 2) || strncmp(arg + 2, name, n) || arg[n + 2] != '=')
    return NULL;
  return arg + n + 3;
}

int mdh_parse_number(const char *s, unsigned long long *out) {
  char *end;

  if (!*s || *s == '-')
    return -1;
  errno = 0;
  *out = strtoull(s, &end, 10);
  return *end || errno ? -1 : 0;
}
