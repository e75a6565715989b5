/* The table of builtin combine operators (dialect/operators.h) against the
 * device runtime: the operators that runtime/device/mdh_device.h lists
 * (MDH_DEVICE_FOREACH) are exactly the table's, integer-only exactly where
 * the table has no float op; the host build of the runtime
 * (libmdh_device_host.so) has the four helpers of every operator and type;
 * and its identities are the table's. Also the lookups.
 *
 *   operators_test MDH_DEVICE_H LIBMDH_DEVICE_HOST */

#include "dialect/operators.h"
#include "support/str.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void fail(const char *fmt, const char *a, const char *b) {
  printf("FAIL: ");
  printf(fmt, a, b);
  printf("\n");
  failures++;
}

/* The operators of mdh_device.h: "MDH_DEVICE_ALL_TYPES(X, op)" or
 * "MDH_DEVICE_INT_TYPES(X, op)" lines. Returns their number. */
static int read_header(const char *path, char names[][16], int *int_only,
                       int max) {
  FILE *f = fopen(path, "r");
  char line[256], kind[8], name[16];
  int n = 0;

  if (!f) {
    fail("cannot open %s%s", path, "");
    return 0;
  }
  while (fgets(line, sizeof(line), f) && n < max)
    if (sscanf(line, " MDH_DEVICE_%3[A-Z]_TYPES(X, %15[a-z])", kind, name) ==
        2) {
      strcpy(names[n], name);
      int_only[n++] = !strcmp(kind, "INT");
    }
  fclose(f);
  return n;
}

static int64_t int_identity(enum mdh_identity id, int64_t high) {
  return id == MDH_IDENTITY_ONE        ? 1
         : id == MDH_IDENTITY_ALL_ONES ? -1
         : id == MDH_IDENTITY_HIGHEST  ? high
         : id == MDH_IDENTITY_LOWEST   ? -high - 1
                                       : 0;
}

static double float_identity(enum mdh_identity id) {
  return id == MDH_IDENTITY_ONE       ? 1.0
         : id == MDH_IDENTITY_HIGHEST ? INFINITY
         : id == MDH_IDENTITY_LOWEST  ? -INFINITY
                                      : 0.0;
}

/* The address of mdh_<helper>_<op>_<ty> in "lib", or NULL after a
 * failure. */
static void *helper(void *lib, const char *what, const char *op,
                    const char *ty) {
  char name[96];
  void *p;

  snprintf(name, sizeof(name), "mdh_%s_%s_%s", what, op, ty);
  p = dlsym(lib, name);
  if (!p)
    fail("the device runtime lacks %s%s", name, "");
  return p;
}

/* The helpers of "op" in "lib", and its identities on f32, f64, i32, i64. */
static void check_runtime(void *lib, const struct mdh_operator *op) {
  static const char *const types[] = {"f16", "bf16", "f32",
                                      "f64", "i32",  "i64"};
  static const char *const helpers[] = {"identity", "warp_reduce",
                                        "block_reduce", "atomic"};
  size_t t, h;
  void *p;

  for (t = op->float_op ? 0 : 4; t < 6; ++t)
    for (h = 0; h < 4; ++h)
      helper(lib, helpers[h], op->name, types[t]);
  if (op->float_op) {
    if ((p = helper(lib, "identity", op->name, "f32")) &&
        ((float (*)(void))p)() != (float)float_identity(op->identity))
      fail("identity of %s on %s differs from the table", op->name, "f32");
    if ((p = helper(lib, "identity", op->name, "f64")) &&
        ((double (*)(void))p)() != float_identity(op->identity))
      fail("identity of %s on %s differs from the table", op->name, "f64");
  }
  if ((p = helper(lib, "identity", op->name, "i32")) &&
      ((int32_t(*)(void))p)() != int_identity(op->identity, INT32_MAX))
    fail("identity of %s on %s differs from the table", op->name, "i32");
  if ((p = helper(lib, "identity", op->name, "i64")) &&
      ((int64_t(*)(void))p)() != int_identity(op->identity, INT64_MAX))
    fail("identity of %s on %s differs from the table", op->name, "i64");
}

static MlirStringRef ref(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/* The lookups, on a context for the types. */
static void check_lookups(void) {
  MlirContext ctx = mlirContextCreate();
  MlirType f32 = mlirF32TypeGet(ctx), i32 = mlirIntegerTypeGet(ctx, 32);
  const struct mdh_operator *add = mdh_operator_find(ref("add"));
  const struct mdh_operator *xor_ = mdh_operator_find(ref("xor"));
  struct mdh_str s;

  if (!add || !xor_ || mdh_operator_find(ref("sub")) ||
      mdh_operator_find(ref("ad")))
    fail("mdh_operator_find is wrong%s%s", "", "");
  else if (strcmp(mdh_operator_arith(add, f32), "arith.addf") ||
           strcmp(mdh_operator_arith(xor_, i32), "arith.xori") ||
           mdh_operator_arith(xor_, f32))
    fail("mdh_operator_arith is wrong%s%s", "", "");
  if (mdh_operator_of_arith(ref("arith.maximumf")) !=
          mdh_operator_find(ref("max")) ||
      mdh_operator_of_arith(ref("arith.minsi")) !=
          mdh_operator_find(ref("min")) ||
      mdh_operator_of_arith(ref("arith.subf")))
    fail("mdh_operator_of_arith is wrong%s%s", "", "");
  mdh_str_init(&s);
  mdh_operator_append_names(&s, 0);
  mdh_str_printf(&s, "|");
  mdh_operator_append_names(&s, 1);
  if (strcmp(s.data, "add, mul, min, max, and, or or xor|and, or and xor"))
    fail("the names are '%s'%s", s.data, "");
  mdh_str_clear(&s);
  mlirContextDestroy(ctx);
}

int main(int argc, char **argv) {
  char names[32][16];
  int int_only[32], n, i;
  size_t k;
  void *lib;

  if (argc != 3) {
    fprintf(stderr, "usage: operators_test MDH_DEVICE_H LIBMDH_DEVICE_HOST\n");
    return 2;
  }
  n = read_header(argv[1], names, int_only, 32);
  for (i = 0; i < n; ++i) {
    const struct mdh_operator *op = mdh_operator_find(ref(names[i]));

    if (!op)
      fail("the device runtime's operator %s is not in the table%s", names[i],
           "");
    else if (int_only[i] != !op->float_op)
      fail("%s: integer-only in one list, not in the other%s", names[i], "");
  }
  if ((size_t)n != mdh_n_operators) {
    char a[32], b[32];

    snprintf(a, sizeof(a), "%d", n);
    snprintf(b, sizeof(b), "%zu", mdh_n_operators);
    fail("the device runtime lists %s operators, the table %s", a, b);
  }
  lib = dlopen(argv[2], RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    fail("%s%s", dlerror(), "");
  } else {
    for (k = 0; k < mdh_n_operators; ++k)
      check_runtime(lib, &mdh_operators[k]);
    dlclose(lib);
  }
  check_lookups();
  if (failures)
    return 1;
  printf("%zu operators ok\n", mdh_n_operators);
  return 0;
}
