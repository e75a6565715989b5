/* Unit tests of the influenced scheduler (passes/schedule/), in isl_test.c's
 * style: tables of cases, each naming the module, the influence tree and
 * the schedule expected of them; the schedule is compared as a relation. */

#include "lib/model.h"
#include "mdh-c/Dialect.h"
#include "passes/schedule/gpu_optimizer.h"
#include "passes/schedule/scheduler.h"
#include "support/diag.h"
#include "support/polyhedral.h"
#include "test/test_support.h"

#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The running example of the constraint-injection paper (Fig. 2):
 *   X: B[i][k] = f(A[i][k])
 *   Y: C[i][j] += B[i][k] * D[k][i][j]
 * as md_homs X over (i, k) and Y over (i, j, k), k a reduction. */
static const char running_example[] =
    "func.func private @f(%a: f32) -> f32 {\n"
    "  %p = arith.mulf %a, %a : f32\n"
    "  return %p : f32\n"
    "}\n"
    "func.func private @mul(%a: f32, %b: f32) -> f32 {\n"
    "  %p = arith.mulf %a, %b : f32\n"
    "  return %p : f32\n"
    "}\n"
    "func.func @running(%A: memref<8x8xf32>, %B: memref<8x8xf32>,\n"
    "                   %D: memref<8x8x8xf32>, %C: memref<8x8xf32>) {\n"
    "  %va = \"mdh.inp_view\"(%A) {accesses = [affine_map<(i, k) -> (i, "
    "k)>]}\n"
    "      : (memref<8x8xf32>) -> !mdh.mda<array<i64: 8, 8>>\n"
    "  %x = \"mdh.md_hom\"(%va) {scalar_function = @f,\n"
    "      combine_ops = [#mdh.cc, #mdh.cc]}\n"
    "      : (!mdh.mda<array<i64: 8, 8>>) -> !mdh.mda<array<i64: 8, 8>>\n"
    "  \"mdh.out_view\"(%x, %B) {accesses = [affine_map<(i, k) -> (i, k)>],\n"
    "      components = array<i64: 0>}\n"
    "      : (!mdh.mda<array<i64: 8, 8>>, memref<8x8xf32>) -> ()\n"
    "  %vb = \"mdh.inp_view\"(%B)\n"
    "      {accesses = [affine_map<(i, j, k) -> (i, k)>]}\n"
    "      : (memref<8x8xf32>) -> !mdh.mda<array<i64: 8, 8, 8>>\n"
    "  %vd = \"mdh.inp_view\"(%D)\n"
    "      {accesses = [affine_map<(i, j, k) -> (k, i, j)>]}\n"
    "      : (memref<8x8x8xf32>) -> !mdh.mda<array<i64: 8, 8, 8>>\n"
    "  %y = \"mdh.md_hom\"(%vb, %vd) {scalar_function = @mul,\n"
    "      combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<\"add\">]}\n"
    "      : (!mdh.mda<array<i64: 8, 8, 8>>, !mdh.mda<array<i64: 8, 8, 8>>)\n"
    "      -> !mdh.mda<array<i64: 8, 8, 1>>\n"
    "  \"mdh.out_view\"(%y, %C)\n"
    "      {accesses = [affine_map<(i, j, k) -> (i, j)>],\n"
    "      components = array<i64: 0>}\n"
    "      : (!mdh.mda<array<i64: 8, 8, 1>>, memref<8x8xf32>) -> ()\n"
    "  return\n"
    "}\n";

/* C[i][j] = sum_k A[i][k] * B[k][j] over sizes 5 x 6 x 7 (odd sizes give
 * Farkas coefficient sets with non-unit coefficients). */
static const char matmul[] =
    "func.func private @mul(%a: f32, %b: f32) -> f32 {\n"
    "  %p = arith.mulf %a, %b : f32\n"
    "  return %p : f32\n"
    "}\n"
    "func.func @matmul(%A: memref<5x7xf32>, %B: memref<7x6xf32>,\n"
    "                  %C: memref<5x6xf32>) {\n"
    "  %va = \"mdh.inp_view\"(%A)\n"
    "      {accesses = [affine_map<(i, j, k) -> (i, k)>]}\n"
    "      : (memref<5x7xf32>) -> !mdh.mda<array<i64: 5, 6, 7>>\n"
    "  %vb = \"mdh.inp_view\"(%B)\n"
    "      {accesses = [affine_map<(i, j, k) -> (k, j)>]}\n"
    "      : (memref<7x6xf32>) -> !mdh.mda<array<i64: 5, 6, 7>>\n"
    "  %r = \"mdh.md_hom\"(%va, %vb) {scalar_function = @mul,\n"
    "      combine_ops = [#mdh.cc, #mdh.cc, #mdh.pw<\"add\">]}\n"
    "      : (!mdh.mda<array<i64: 5, 6, 7>>, !mdh.mda<array<i64: 5, 6, 7>>)\n"
    "      -> !mdh.mda<array<i64: 5, 6, 1>>\n"
    "  \"mdh.out_view\"(%r, %C)\n"
    "      {accesses = [affine_map<(i, j, k) -> (i, j)>],\n"
    "      components = array<i64: 0>}\n"
    "      : (!mdh.mda<array<i64: 5, 6, 1>>, memref<5x6xf32>) -> ()\n"
    "  return\n"
    "}\n";

/* A tree that cannot be met at its first row. */
#define CONTRADICTION "[S0[0][0] = 1; S0[0][0] = 0]"

/* One case: the module, the influence tree (NULL: the GPU optimizer's),
 * the bound on ILP solves (0: default), how the schedule must be found
 * (NULL: not at all) and the schedule as a relation. */
static const struct {
  const char *name;
  const char *module;
  const char *tree;
  int max_solves;
  const char *how;
  const char *schedule;
} schedule_tests[] = {
    /* Fig. 2(c): X and Y fused on (i, k), X first, Y's j innermost. */
    {"running example", running_example, NULL, 0, "influence 0.0.0",
     "{ S0[i, k] -> [i, k, 0, 0]; S1[i, j, k] -> [i, k, 1, j] }"},
    /* With the X -> Y flow dependence alone the plain scheduler fuses too
     * (the constraint-injection paper's Fig. 2(b) needs AKG's options). */
    {"running example without influence", running_example, "", 0, "plain",
     "{ S0[i, k] -> [i, k, 0, 0]; S1[i, j, k] -> [i, k, 1, j] }"},
    /* Pitfall (an implementation trap of the constraint-injection scheduler): with the coefficients in natural order, lexmin
     * would put the innermost iterator outside. */
    {"outer loops stay outer", matmul, "", 0, "plain",
     "{ S0[i, j, k] -> [i, j, k] }"},
    {"infeasible first branch", matmul, CONTRADICTION " [S0[0][2] = 1]", 0,
     "influence 1", "{ S0[i, j, k] -> [k, i, j] }"},
    /* Branch 0 fits row 0 but not row 1 (j twice): back to branch 1. */
    {"ancestor's sibling", matmul,
     "[S0[0][1] = 1] { [S0[1][1] = 1; S0[1][0] = 0; S0[1][2] = 0] }"
     " [S0[0][1] = 1] { [S0[1][2] = 1] }",
     0, "influence 1.0", "{ S0[i, j, k] -> [j, k, i] }"},
    /* A row may refer to an earlier row: row 1 takes i as row 0 takes j. */
    {"inter-dimension constraint", matmul,
     "[S0[0][1] = 1] { [S0[1][0] = S0[0][1]] }", 0, "influence 0.0",
     "{ S0[i, j, k] -> [j, i, k] }"},
    {"no scenario feasible", matmul, CONTRADICTION, 0, "plain",
     "{ S0[i, j, k] -> [i, j, k] }"},
    {"coincidence required", matmul, "[coincident; S0[0][2] = 1]", 0, "plain",
     "{ S0[i, j, k] -> [i, j, k] }"},
    /* Without enough ILP solves the caller falls back to isl. */
    {"solve limit", matmul, "", 1, NULL, NULL},
};

/* Returns the tree of case "i" for "m". */
static struct mdh_infl_node *case_tree(struct mdh_model *m, size_t i) {
  const char *names[8];
  int ranks[8];
  struct mdh_infl_stmts stmts;
  struct mdh_infl_node *tree;
  struct mdh_str error;

  if (!schedule_tests[i].tree)
    return mdh_gpu_optimizer_tree(m);
  mdh_sched_infl_stmts(m, names, ranks, &stmts);
  mdh_str_init(&error);
  tree = mdh_infl_tree_parse(schedule_tests[i].tree, &stmts, &error);
  if (!tree)
    fprintf(stderr, "%s: %s\n", schedule_tests[i].name, error.data);
  mdh_str_clear(&error);
  return tree;
}

/* Compares the schedule "s" found "how" with case "i". */
static int check_schedule(struct mdh_model *m, size_t i,
                          __isl_keep isl_schedule *s, const char *how) {
  isl_union_map *got, *want;
  isl_bool equal;
  char *text;

  if (!schedule_tests[i].how || !s)
    return !schedule_tests[i].how && !s ? 0 : -1;
  got = isl_union_map_intersect_domain(isl_schedule_get_map(s),
                                       isl_union_set_copy(m->domain));
  want = isl_union_map_intersect_domain(
      isl_union_map_read_from_str(m->ctx, schedule_tests[i].schedule),
      isl_union_set_copy(m->domain));
  equal = isl_union_map_is_equal(got, want);
  isl_union_map_free(want);
  if (equal == isl_bool_true && how && !strcmp(how, schedule_tests[i].how) &&
      mdh_model_schedule_is_valid(m, s) == isl_bool_true) {
    isl_union_map_free(got);
    return 0;
  }
  text = isl_union_map_to_str(got);
  fprintf(stderr, "%s: got %s (%s), expected %s (%s)\n", schedule_tests[i].name,
          text, how ? how : "none", schedule_tests[i].schedule,
          schedule_tests[i].how);
  free(text);
  isl_union_map_free(got);
  return -1;
}

static int test_schedule(MlirContext mctx, isl_ctx *ctx, size_t i) {
  MlirModule module = mlirModuleCreateParse(
      mctx, mlirStringRefCreateFromCString(schedule_tests[i].module));
  struct mdh_model *m;
  struct mdh_infl_node *tree = NULL;
  isl_schedule *s = NULL;
  char *how = NULL;
  int rc = -1;

  if (mlirModuleIsNull(module))
    return fprintf(stderr, "%s: does not parse\n", schedule_tests[i].name), -1;
  m = mdh_model_extract(ctx, mdh_test_main_func(module));
  if (m)
    tree = case_tree(m, i);
  if (tree) {
    s = mdh_sched_compute(m, tree, schedule_tests[i].max_solves, &how);
    rc = check_schedule(m, i, s, how);
  }
  free(how);
  isl_schedule_free(s);
  mdh_infl_node_free(tree);
  mdh_model_free(m);
  mlirModuleDestroy(module);
  return rc;
}

/* Tree syntax: each text, once parsed and printed, or its error. */
static const struct {
  const char *text;
  const char *printed;
} tree_tests[] = {
    {"[S0[0][0] = S1[0][0]; S1[0][1] = 0] { [S1[1][1] = 1] }",
     "[S0[0][0] - S1[0][0] = 0; S1[0][1] = 0] {\n"
     "  [S1[1][1] - 1 = 0]\n}\n"},
    {"[coincident] [2*S0[0][cst] + 3 >= S1[0][2] - 1]",
     "[coincident]\n[2*S0[0][cst] - S1[0][2] + 4 >= 0]\n"},
    {"[S0[0][0] <= 1]", "[-S0[0][0] + 1 >= 0]\n"},
    {"[S2[0][0] = 1]",
     "error: unknown statement 'S2' (the md_homs of the function are S0, S1, "
     "in program order; mdh-schedule sets mdh.stmt) at offset 1"},
    {"[ = 1]", "error: expected a statement name at offset 2"},
    {"[S0[1][0] = 1]",
     "error: row out of range: a node constrains rows 0..its depth at "
     "offset 1"},
    {"[S0[0][2] = 1]", "error: column 2 out of range: S0 has rank 1, columns "
                       "0..0 (or cst) at offset 1"},
    {"[S0[0][0] = 1", "error: expected ']' at offset 13"},
    {"[S0[0][0] ! 1]", "error: expected '=', '>=' or '<=' at offset 10"},
    {"[] x", "error: expected '[' or the end at offset 3"},
};

static int test_tree(size_t i) {
  static const char *const names[] = {"S0", "S1"};
  static const int ranks[] = {1, 3};
  struct mdh_infl_stmts stmts = {2, names, ranks};
  struct mdh_str out, error;
  struct mdh_infl_node *tree;
  int rc;

  mdh_str_init(&out);
  mdh_str_init(&error);
  tree = mdh_infl_tree_parse(tree_tests[i].text, &stmts, &error);
  if (tree)
    mdh_infl_tree_print(tree, &stmts, &out);
  else
    mdh_str_printf(&out, "error: %s", error.data);
  rc = strcmp(out.data, tree_tests[i].printed) ? -1 : 0;
  if (rc)
    fprintf(stderr, "tree '%s': got '%s', expected '%s'\n", tree_tests[i].text,
            out.data, tree_tests[i].printed);
  mdh_infl_node_free(tree);
  mdh_str_clear(&out);
  mdh_str_clear(&error);
  return rc;
}

/* Pitfall (an implementation trap of the constraint-injection scheduler): isl_set_coefficients gives a rational set, so its
 * constraints must be copied into the integer ILP rather than intersected
 * with it. This checks the premise, so that a change in isl is noticed. */
static int test_coefficients_are_rational(isl_ctx *ctx) {
  isl_set *dep = isl_set_read_from_str(ctx, "{ [i, j] : 0 <= i < 5 and "
                                            "i < j < 7 }");
  isl_basic_set *f = isl_set_coefficients(dep);
  char *text = isl_basic_set_to_str(f);
  int rc = text && strstr(text, "rat:") ? 0 : -1;

  if (rc)
    fprintf(stderr, "coefficients are not rational: %s\n", text);
  free(text);
  isl_basic_set_free(f);
  return rc;
}

int main(void) {
  MlirContext mctx = mdh_test_context();
  isl_ctx *ctx = mdh_isl_ctx_alloc();
  size_t i;
  int failed = 0;

  if (mlirContextIsNull(mctx))
    return 1;
  for (i = 0; i < sizeof(schedule_tests) / sizeof(schedule_tests[0]); ++i) {
    if (test_schedule(mctx, ctx, i) < 0)
      failed = 1;
    else
      printf("%s: ok\n", schedule_tests[i].name);
  }
  for (i = 0; i < sizeof(tree_tests) / sizeof(tree_tests[0]); ++i)
    if (test_tree(i) < 0)
      failed = 1;
  if (test_coefficients_are_rational(ctx) < 0)
    failed = 1;
  isl_ctx_free(ctx);
  mlirContextDestroy(mctx);
  return failed;
}
