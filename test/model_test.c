/* Unit tests of the polyhedral model (lib/model.c), in isl_test.c's
 * style: a table of MLIR functions with the dependences expected of them,
 * written as isl strings and compared as sets. */

#include "lib/model.h"
#include "mdh-c/Dialect.h"
#include "support/diag.h"
#include "support/polyhedral.h"
#include "test/test_support.h"

#include <isl/union_map.h>

#include <stdio.h>
#include <string.h>

#define VIEW(buf, type, mda, map)                                              \
  "\"mdh.inp_view\"(" buf ") {accesses = [affine_map<" map ">]} : (" type      \
  ") -> !mdh.mda<array<i64: " mda ">>\n"

/* One case: a module, the function to model, and the expected "validity"
 * and "reductions" relations. */
static const struct {
  const char *name;
  const char *module;
  const char *validity;
  const char *reductions;
} model_tests[] = {
    {"reduction",
     "func.func private @id(%a: f32) -> f32 { return %a : f32 }\n"
     "func.func @f(%x: memref<4x3xf32>, %s: memref<4xf32>) {\n"
     "%v = " VIEW("%x", "memref<4x3xf32>", "4, 3",
                  "(i, k) -> (i, k)") "%r = \"mdh.md_hom\"(%v) "
                                      "{scalar_function = @id, combine_ops = "
                                      "[#mdh.cc, #mdh.pw<\"add\">]} : "
                                      "(!mdh.mda<array<i64: 4, 3>>) -> "
                                      "!mdh.mda<array<i64: 4, 1>>\n"
                                      "\"mdh.out_view\"(%r, %s) {accesses = "
                                      "[affine_map<(i, k) -> (i)>], "
                                      "components = array<i64: 0>} : "
                                      "(!mdh.mda<array<i64: 4, 1>>, "
                                      "memref<4xf32>) -> ()\n"
                                      "return }",
     "{ }",
     /* Dependences follow the original order: later points accumulate
      * onto earlier ones. */
     "{ S0[i, k] -> S0[i, k'] : 0 <= i < 4 and 0 <= k < k' < 3 }"},
    {"chain",
     "func.func private @id(%a: f32) -> f32 { return %a : f32 }\n"
     "func.func @f(%x: memref<3x2xf32>, %s: memref<2xf32>) {\n"
     "%t = memref.alloc() : memref<3x2xf32>\n"
     "%v = " VIEW(
         "%x", "memref<3x2xf32>", "3, 2",
         "(i, j) -> (i, j)") "%r = \"mdh.md_hom\"(%v) {scalar_function = @id, "
                             "combine_ops = "
                             "[#mdh.cc, #mdh.cc]} : (!mdh.mda<array<i64: 3, "
                             "2>>) -> "
                             "!mdh.mda<array<i64: 3, 2>>\n"
                             "\"mdh.out_view\"(%r, %t) {accesses = "
                             "[affine_map<(i, j) -> (i, j)>], "
                             "components = array<i64: 0>} : "
                             "(!mdh.mda<array<i64: 3, 2>>, "
                             "memref<3x2xf32>) -> ()\n"
                             "%w = " VIEW(
                                 "%t", "memref<3x2xf32>", "2, 3",
                                 "(j, i) -> (i, j)") "%q = \"mdh.md_hom\"(%w) "
                                                     "{scalar_function = @id, "
                                                     "combine_ops = "
                                                     "[#mdh.cc, "
                                                     "#mdh.pw<\"max\">]} : "
                                                     "(!mdh.mda<array<i64: 2, "
                                                     "3>>) -> "
                                                     "!mdh.mda<array<i64: 2, "
                                                     "1>>\n"
                                                     "\"mdh.out_view\"(%q, %s) "
                                                     "{accesses = "
                                                     "[affine_map<(j, i) -> "
                                                     "(j)>], "
                                                     "components = array<i64: "
                                                     "0>} : "
                                                     "(!mdh.mda<array<i64: 2, "
                                                     "1>>, "
                                                     "memref<2xf32>) -> ()\n"
                                                     "return }",
     "{ S0[i, j] -> S1[j, i] : 0 <= i < 3 and 0 <= j < 2 }",
     "{ S1[j, i] -> S1[j, i'] : 0 <= j < 2 and 0 <= i < i' < 3 }"},
    {"scan consumer",
     "func.func private @id(%a: i32) -> i32 { return %a : i32 }\n"
     "func.func @f(%x: memref<3xi32>, %y: memref<3xi32>, %z: memref<3xi32>) "
     "{\n"
     "%v = " VIEW(
         "%x", "memref<3xi32>", "3",
         "(i) -> (i)") "%r = \"mdh.md_hom\"(%v) {scalar_function = @id, "
                       "combine_ops = "
                       "[#mdh.ps<\"add\">]} : (!mdh.mda<array<i64: 3>>) -> "
                       "!mdh.mda<array<i64: 3>>\n"
                       "\"mdh.out_view\"(%r, %y) {accesses = [affine_map<(i) "
                       "-> (i)>], "
                       "components = array<i64: 0>} : (!mdh.mda<array<i64: "
                       "3>>, "
                       "memref<3xi32>) -> ()\n"
                       "%w = " VIEW(
                           "%y", "memref<3xi32>", "3",
                           "(i) -> (i)") "%q = \"mdh.md_hom\"(%w) "
                                         "{scalar_function = @id, combine_ops "
                                         "= "
                                         "[#mdh.cc]} : (!mdh.mda<array<i64: "
                                         "3>>) -> !mdh.mda<array<i64: 3>>\n"
                                         "\"mdh.out_view\"(%q, %z) {accesses = "
                                         "[affine_map<(i) -> (i)>], "
                                         "components = array<i64: 0>} : "
                                         "(!mdh.mda<array<i64: 3>>, "
                                         "memref<3xi32>) -> ()\n"
                                         "return }",
     /* Every scan point contributes to every later position, and the scan
      * stays in order. */
     "{ S0[i] -> S1[j] : 0 <= i <= j < 3; S0[i] -> S0[i'] : 0 <= i < i' < 3 }",
     "{ }"},
};

/* Compares "got" with the relation "want" in isl syntax. */
static int check_relation(isl_ctx *ctx, const char *test, const char *what,
                          __isl_keep isl_union_map *got, const char *want) {
  isl_union_map *expected = isl_union_map_read_from_str(ctx, want);
  isl_bool equal = isl_union_map_is_equal(got, expected);
  char *text;

  isl_union_map_free(expected);
  if (equal == isl_bool_true)
    return 0;
  text = isl_union_map_to_str(got);
  fprintf(stderr, "%s: %s is %s, expected %s\n", test, what, text, want);
  free(text);
  return -1;
}

static int test_model(MlirContext mctx, isl_ctx *ctx, size_t i) {
  MlirModule module = mlirModuleCreateParse(
      mctx, mlirStringRefCreateFromCString(model_tests[i].module));
  struct mdh_model *m;
  int rc = -1;

  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "%s: does not parse\n", model_tests[i].name);
    return -1;
  }
  m = mdh_model_extract(ctx, mdh_test_main_func(module));
  if (m &&
      check_relation(ctx, model_tests[i].name, "validity", m->validity,
                     model_tests[i].validity) == 0 &&
      check_relation(ctx, model_tests[i].name, "reductions", m->reductions,
                     model_tests[i].reductions) == 0)
    rc = 0;
  mdh_model_free(m);
  mlirModuleDestroy(module);
  return rc;
}

int main(void) {
  MlirContext mctx = mdh_test_context();
  isl_ctx *ctx = mdh_isl_ctx_alloc();
  size_t i;
  int failed = 0;

  if (mlirContextIsNull(mctx))
    return 1;
  for (i = 0; i < sizeof(model_tests) / sizeof(model_tests[0]); ++i) {
    if (test_model(mctx, ctx, i) < 0)
      failed = 1;
    else
      printf("%s: ok\n", model_tests[i].name);
  }
  isl_ctx_free(ctx);
  mlirContextDestroy(mctx);
  return failed;
}
