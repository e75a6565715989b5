/* The reduce strategy of mdh-codegen-gpu (PANAMERA Sec. 5): a md_hom
 * whose pw dimensions have builtin operators, some of them spread over
 * threads or blocks.
 *
 * Per thread, the statement becomes I[c] (accumulator := identity),
 * A[c,p] (accumulator (+)= f) and F[c] (finish), scheduled [c,0], [c,1,p],
 * [c,2], the c and p loops each in the order of the md_hom's band in the
 * tree. The accumulator is a private memref that LLVM keeps in registers.
 * F combines the threads of a block with the runtime's block reduction when
 * some pw dimension is spread over threads and no cc dimension is (every
 * thread of the block then runs the same cc points, so every thread reaches
 * the barriers inside: synchronizability by construction); otherwise each
 * thread has its own partial. Where several blocks, or threads without a
 * block reduction, contribute to one result point, F combines with the
 * runtime's atomics into the output, which an init kernel first sets to the
 * operator's identity (so that e.g. max over negative data is right; an
 * accumulating out_view, mdh.accumulate, starts from what the output holds
 * instead); else the one owner (the block's thread 0, or the thread) stores,
 * or combines into the output where the out_view accumulates. In the
 * deterministic reduction mode (mdh.reduction_mode), each part of the grid
 * writes its partial to a device buffer instead, and a second kernel folds
 * the parts of every result point in part order: the result no longer
 * depends on the order in which atomics land. With vec(V) on a pw
 * dimension, a thread's loop over it steps over runs of V points, each
 * run unrolled innermost (part_schedule). Histograms take a variant of
 * their own (histogram_applies, below). */

#include "dialect/attrs.h"
#include "lib/histogram.h"
#include "lib/mapping.h"
#include "lib/stmt.h"
#include "mdh-c/Dialect.h"
#include "passes/codegen_gpu/kernel.h"
#include "support/diag.h"
#include "support/ir.h"
#include "support/polyhedral.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/aff.h>
#include <isl/ast_build.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANK MDH_MODEL_MAX_RANK
#define PASS "mdh-codegen-gpu"

/* Threads per block of the init kernels. */
#define INIT_THREADS 256

/* Tells whether the mdh.reduction_mode nearest to "op" (on its function or
 * module; mdh-map-gpu checked the values) is "deterministic". */
static int is_deterministic(MlirOperation op) {
  MlirOperation owner;
  MlirAttribute attr = mdh_attr_find_reduction_mode(op, &owner);

  return !mlirAttributeIsNull(attr) && mlirAttributeIsAString(attr) &&
         mlirStringRefEqual(mlirStringAttrGetValue(attr),
                            mlirStringRefCreateFromCString("deterministic"));
}

/* Tells whether dimension "d" of "k" belongs to "part": 0 the cc
 * dimensions, 1 the others, -1 all. */
static int in_part(const struct mdh_kernel *k, int d, int part) {
  return part < 0 || mdh_kernel_is_cc(k, d) == (part == 0);
}

/* The position of dimension "d" of "k" among the dimensions of "part". */
static int part_pos(const struct mdh_kernel *k, int d, int part) {
  int e, pos = 0;

  for (e = 0; e < d; ++e)
    pos += in_part(k, e, part);
  return pos;
}

/* The rank of dimension "d" in the loop order: distributed dimensions
 * first (they run few iterations per thread), then sequential cc, ps and
 * pw ones. A scan position must hold its whole reduction before the next
 * position starts from it, so scans go outside reductions. */
static int order_key(const struct mdh_kernel *k, int d) {
  if (k->map.dims[d].level != MDH_LEVEL_SEQ)
    return 0;
  if (k->info->stmt->kinds[d] == MdhCombineCC)
    return 1;
  return k->info->stmt->kinds[d] == MdhCombinePS ? 2 : 3;
}

/* The number of pw/ps dimensions of "k". */
static int n_inner(const struct mdh_kernel *k) {
  int d, n = 0;

  for (d = 0; d < k->info->stmt->rank; ++d)
    n += !in_part(k, d, 0);
  return n;
}

/* Returns the statement "name" of the reduce strategy over the dimensions
 * of "part" of "k": the domain of the md_hom's statement projected onto
 * them. */
static __isl_give isl_set *part_set(const struct mdh_kernel *k,
                                    const char *name, int part) {
  isl_set *set = isl_set_copy(k->info->stmt->domain);
  int d;

  for (d = k->info->stmt->rank - 1; d >= 0; --d)
    if (!in_part(k, d, part))
      set = isl_set_project_out(set, isl_dim_set, d, 1);
  return isl_set_set_tuple_name(set, name);
}

/* Returns the instances of "set", the statement over "part" of "k", that
 * the thread owns under the mapping of those dimensions. */
static __isl_give isl_union_set *owned_part(const struct mdh_kernel *k,
                                            __isl_take isl_set *set, int part) {
  struct mdh_dim_map dims[MAX_RANK];
  int d, n = 0;

  for (d = 0; d < k->info->stmt->rank; ++d)
    if (in_part(k, d, part))
      dims[n++] = k->map.dims[d];
  return mdh_kernel_owned_set(set, dims, k->param_ids);
}

/* The dimension of "k" with vec(), or -1. */
static int vec_dim(const struct mdh_kernel *k) {
  int d;

  for (d = 0; d < k->map.rank; ++d)
    if (k->map.dims[d].vec > 1)
      return d;
  return -1;
}

/* Returns "ma" with its output "pos" set to the run of "v" points that
 * variable "var" is in, v floor(var / v); the point within the run, var
 * mod v, is the last output (part_schedule). */
static __isl_give isl_multi_aff *set_run(__isl_take isl_multi_aff *ma, int pos,
                                         int var, int64_t v) {
  isl_ctx *ctx = isl_multi_aff_get_ctx(ma);
  isl_local_space *ls =
      isl_local_space_from_space(isl_multi_aff_get_domain_space(ma));
  isl_aff *x = isl_aff_var_on_domain(ls, isl_dim_set, var);

  x = isl_aff_floor(isl_aff_scale_down_val(x, isl_val_int_from_si(ctx, v)));
  x = isl_aff_scale_val(x, isl_val_int_from_si(ctx, v));
  return isl_multi_aff_set_aff(ma, pos, x);
}

/* Returns "ma" with its last output set to the point of the vec()
 * dimension "d" of "k" (variable "var") within its run. */
static __isl_give isl_multi_aff *set_lane(__isl_take isl_multi_aff *ma,
                                          const struct mdh_kernel *k, int d,
                                          int var) {
  isl_ctx *ctx = isl_multi_aff_get_ctx(ma);
  isl_size n = isl_multi_aff_dim(ma, isl_dim_out);
  isl_local_space *ls;
  isl_aff *x;

  if (n < 0)
    return isl_multi_aff_free(ma);
  ls = isl_local_space_from_space(isl_multi_aff_get_domain_space(ma));
  x = isl_aff_var_on_domain(ls, isl_dim_set, var);
  x = isl_aff_mod_val(x, isl_val_int_from_si(ctx, k->map.dims[d].vec));
  return isl_multi_aff_set_aff(ma, n - 1, x);
}

/* Sets the outputs of "ma" from "*pos" on to the loops of the dimensions
 * of "part" of "k", in loop order (by order_key, then in the order of the
 * schedule tree's band), and advances "*pos"; the statement (the domain of
 * "ma") is over the dimensions of "stmt". */
static __isl_give isl_multi_aff *set_loops(__isl_take isl_multi_aff *ma,
                                           const struct mdh_kernel *k, int stmt,
                                           int part, int *pos) {
  int key, j, d;

  for (key = 0; key < 4; ++key) {
    for (j = 0; j < k->info->stmt->rank; ++j) {
      d = k->order[j];
      if (!in_part(k, d, part) || order_key(k, d) != key)
        continue;
      if (k->map.dims[d].vec > 1)
        ma = set_run(ma, (*pos)++, part_pos(k, d, stmt), k->map.dims[d].vec);
      else
        ma = mdh_isl_multi_aff_set_var(ma, (*pos)++, part_pos(k, d, stmt));
    }
  }
  return ma;
}

/* Returns the schedule of the statement of space "space" over "part" of
 * "k": the cc loops, then "pos" and, if "part" holds every dimension, the
 * loops of the others; every schedule has as many outputs after "pos" as
 * there are pw/ps dimensions, the missing ones zero, and with vec() one
 * more, innermost: the point within a run, which the AST unrolls
 * (build_ast) so that the run's loads are neighbours in one block of code,
 * which LLVM's load-store vectorizer merges into a vector load. */
static __isl_give isl_map *part_schedule(const struct mdh_kernel *k,
                                         __isl_take isl_space *space, int part,
                                         int pos) {
  int width = n_inner(k), n_cc = k->info->stmt->rank - width, at = 0;
  int vec = vec_dim(k);
  isl_multi_aff *ma;

  space = isl_space_add_dims(isl_space_from_domain(space), isl_dim_out,
                             n_cc + 1 + width + (vec >= 0));
  ma = isl_multi_aff_zero(space);
  ma = set_loops(ma, k, part, 0, &at);
  ma = mdh_isl_multi_aff_set_cst(ma, at++, pos);
  if (part < 0)
    ma = set_loops(ma, k, part, 1, &at);
  if (part < 0 && vec >= 0)
    ma = set_lane(ma, k, vec, part_pos(k, vec, part));
  return isl_map_from_multi_aff(ma);
}

/* Returns "build" with the last of the "n" dimensions of its schedule
 * unrolled. */
static __isl_give isl_ast_build *unroll_last(__isl_take isl_ast_build *build,
                                             int n) {
  isl_ctx *ctx = isl_ast_build_get_ctx(build);
  isl_space *space = isl_space_set_alloc(ctx, 0, 1);
  isl_set *option;
  isl_map *map;

  space = isl_space_set_tuple_name(space, isl_dim_set, "unroll");
  option = isl_set_fix_si(isl_set_universe(space), isl_dim_set, 0, n - 1);
  map = isl_map_from_domain_and_range(
      isl_set_universe(isl_space_set_alloc(ctx, 0, n)), option);
  return isl_ast_build_set_options(build, isl_union_map_from_map(map));
}

/* Returns the schedule of statement "prefix"_S of the reduce strategy over
 * "part" of "k", at position "pos", on the instances the thread owns. */
static __isl_give isl_union_map *
reduce_part(const struct mdh_kernel *k, const char *prefix, int part, int pos) {
  char name[40];
  isl_set *set;
  isl_map *schedule;

  snprintf(name, sizeof(name), "%s_%s", prefix, k->info->stmt->name);
  set = part_set(k, name, part);
  schedule = part_schedule(k, isl_set_get_space(set), part, pos);
  return isl_union_map_intersect_domain(isl_union_map_from_map(schedule),
                                        owned_part(k, set, part));
}

/* Builds the isl AST of "schedule" (of "n_out" dimensions, over the ids of
 * "k" as parameters, which must be allocated) in the context of the
 * launch, with vec()'s run, the last dimension, unrolled. The schedule
 * takes the parameters in the context's order (bx, .., tz), which fixes
 * the order of the conditions in isl's guards. */
static __isl_give isl_ast_node *thread_ast(isl_ctx *ctx,
                                           const struct mdh_kernel *k,
                                           __isl_take isl_union_map *schedule,
                                           int n_out) {
  isl_set *context = mdh_kernel_context(ctx, k);
  isl_ast_build *build;
  isl_ast_node *tree;

  schedule = isl_union_map_align_params(schedule, isl_set_get_space(context));
  build = isl_ast_build_from_context(context);
  if (vec_dim(k) >= 0)
    build = unroll_last(build, n_out);
  tree = isl_ast_build_node_from_schedule_map(build, schedule);
  isl_ast_build_free(build);
  return tree;
}

/* Builds the isl AST of what one thread of "k" runs in the reduce
 * strategy: I_S over the cc dimensions at [c, 0], A_S over all at
 * [c, 1, p] and F_S over the cc dimensions at [c, 2] (see the top of this
 * file), with the ids as parameters in the context of the launch. The
 * schedule takes the parameters in the context's order (bx, .., tz), which
 * fixes the order of the conditions in isl's guards. */
static __isl_give isl_ast_node *build_ast(isl_ctx *ctx, struct mdh_kernel *k) {
  isl_union_map *schedule;
  isl_ast_node *tree;

  mdh_kernel_alloc_ids(ctx, k);
  schedule = reduce_part(k, "I", 0, 0);
  schedule = isl_union_map_union(schedule, reduce_part(k, "A", -1, 1));
  schedule = isl_union_map_union(schedule, reduce_part(k, "F", 0, 2));
  tree = thread_ast(ctx, k, schedule, k->info->stmt->rank + 2);
  mdh_kernel_free_ids(k);
  return tree;
}

/* Combines "v" atomically into the element "idx" of "memref". */
static void build_atomic(struct mdh_kernel *k, struct mdh_builder *b,
                         const char *op, MlirValue memref, intptr_t n,
                         const MlirValue *idx, MlirValue v) {
  MlirValue args[2];

  args[0] = mdh_kernel_element_pointer(b, memref, n, idx);
  args[1] = v;
  mdh_kernel_call_runtime(k, b, "atomic", op, mlirValueGetType(v), 2, args);
}

/* Combines "v" atomically into component "c" of the result at "r", at
 * every location that stores it. */
static void atomic_component(struct mdh_kernel *k, struct mdh_builder *b,
                             intptr_t c, const MlirValue *r, MlirValue v) {
  const struct mdh_component *comp = &k->info->comps[c];
  const char *op = mdh_component_operator(k->info, c);
  MlirValue at[MAX_RANK];
  int s;

  if (mlirAffineMapIsNull(comp->map)) {
    build_atomic(k, b, op, comp->buffer, k->info->stmt->rank, r, v);
    return;
  }
  for (s = 0; s < comp->n_stores; ++s) {
    mdh_build_affine_map(b, comp->store_maps[s], r, at);
    build_atomic(k, b, op, comp->store_buffers[s],
                 mlirAffineMapGetNumResults(comp->store_maps[s]), at, v);
  }
}

/* The full index point of a cc-only statement instance "cc" (pw indices 0,
 * which is also its result point). */
static void cc_point(struct mdh_builder *b, const struct mdh_kernel *k,
                     const MlirValue *cc, MlirValue *point) {
  int d, n = 0;

  for (d = 0; d < k->info->stmt->rank; ++d)
    point[d] = in_part(k, d, 0) ? cc[n++] : mdh_build_index(b, 0);
}

/* The digits of the part of the grid that a thread's partials belong to:
 * the blocks along pw dimensions and, without a block reduction, their
 * threads; digit i has "radix[i]" values, given by launch id "id[i]".
 * Returns the number of digits. */
static int part_digits(const struct mdh_kernel *k, int64_t *radix, int *id) {
  const struct mdh_dim_map *dm;
  int d, n = 0;

  for (d = 0; d < k->map.rank; ++d) {
    dm = &k->map.dims[d];
    if (in_part(k, d, 0))
      continue;
    if (mdh_dim_map_has_blocks(dm)) {
      radix[n] = dm->blocks;
      id[n++] = dm->hw;
    }
    if (mdh_dim_map_has_threads(dm) && !k->block_reduce) {
      radix[n] = dm->threads;
      id[n++] = 3 + dm->hw;
    }
  }
  return n;
}

/* The number of parts that contribute to one result point. */
static int64_t count_parts(const struct mdh_kernel *k) {
  int64_t radix[2 * MAX_RANK], n = 1;
  int id[2 * MAX_RANK], i, digits = part_digits(k, radix, id);

  for (i = 0; i < digits; ++i)
    n *= radix[i];
  return n;
}

/* The part of this thread, in [0, count_parts). */
static MlirValue build_part(struct mdh_builder *b, const struct mdh_kernel *k) {
  int64_t radix[2 * MAX_RANK];
  int id[2 * MAX_RANK], i, digits = part_digits(k, radix, id);
  MlirValue p = mdh_build_index(b, 0);

  for (i = 0; i < digits; ++i)
    p = mdh_build_binary(
        b, "arith.addi",
        mdh_build_binary(b, "arith.muli", p, mdh_build_index(b, radix[i])),
        k->ids[id[i]]);
  return p;
}

/* The linear index of result point "r" among n_result_points. */
static MlirValue build_flat_point(struct mdh_builder *b,
                                  const struct mdh_kernel *k,
                                  const MlirValue *r) {
  MlirValue flat = mdh_build_index(b, 0);
  int d;

  for (d = 0; d < k->info->stmt->rank; ++d)
    if (in_part(k, d, 0))
      flat = mdh_build_binary(
          b, "arith.addi",
          mdh_build_binary(
              b, "arith.muli", flat,
              mdh_build_index(b, mdhMdHomGetSize(k->info->stmt->hom, d))),
          r[d]);
  return flat;
}

/* I[c]: every accumulator := the identity of its operator. */
static void emit_init(struct mdh_builder *b, struct mdh_kernel *k) {
  intptr_t c;

  for (c = 0; c < k->info->n_results; ++c)
    mdh_kernel_store_acc(
        b, k, c, 0,
        mdh_build_identity(b, mdh_component_operator(k->info, c),
                           mdh_kernel_component_type(k->info, c)));
}

/* A[c,p]: accumulator (+)= f(inputs at the point). */
static void emit_accumulate(struct mdh_builder *b, struct mdh_kernel *k,
                            const MlirValue *idx) {
  struct mdh_stmt_info *info = k->info;
  intptr_t n = info->n_results, c;
  MlirValue *v = malloc(3 * n * sizeof(*v));

  if (!v)
    abort();
  mdh_chain_build_value(b, info, idx, NULL, 0, v);
  for (c = 0; c < n; ++c)
    v[n + c] = mdh_kernel_load_acc(b, k, c, 0);
  mdh_build_combine(b, info->oper, info->fn_type, n, v + n, v, v + 2 * n);
  for (c = 0; c < n; ++c)
    mdh_kernel_store_acc(b, k, c, 0, v[2 * n + c]);
  free(v);
}

/* Tells whether the thread is thread 0 of its block. */
static MlirValue build_is_leader(struct mdh_builder *b, struct mdh_kernel *k) {
  MlirValue zero = mdh_build_index(b, 0), all = {NULL}, eq;
  int h;

  for (h = 0; h < 3; ++h) {
    eq = mdh_build_cmpi(b, "eq", k->ids[3 + h], zero);
    all = h ? mdh_build_binary(b, "arith.andi", all, eq) : eq;
  }
  return all;
}

/* F[c]: combine the block's partials if needed, then store (one owner) or
 * combine atomically into the result. */
static void emit_finish(struct mdh_builder *b, struct mdh_kernel *k,
                        const MlirValue *cc) {
  struct mdh_stmt_info *info = k->info;
  MlirValue v[MAX_RANK], r[MAX_RANK], at[2];
  struct mdh_builder tb = *b;
  intptr_t c;

  for (c = 0; c < info->n_results; ++c) {
    v[c] = mdh_kernel_load_acc(b, k, c, 0);
    if (k->block_reduce)
      v[c] = mdh_kernel_call_runtime(
          k, b, "block_reduce", mdh_component_operator(info, c),
          mdh_kernel_component_type(info, c), 1, &v[c]);
  }
  if (k->block_reduce)
    tb = mdh_build_if(b, build_is_leader(b, k));
  cc_point(&tb, k, cc, r);
  if (!k->atomic) {
    mdh_chain_write_result(&tb, info, r, v);
    return;
  }
  if (k->deterministic) {
    at[0] = build_part(&tb, k);
    at[1] = build_flat_point(&tb, k, r);
    for (c = 0; c < info->n_results; ++c)
      mdh_build_store(&tb, v[c], k->partials[c], 2, at);
    return;
  }
  for (c = 0; c < info->n_results; ++c)
    atomic_component(k, &tb, c, r, v[c]);
}

/* The statement callback of the AST translator for the reduce strategy:
 * I_S, A_S and F_S of the statement S of "user" (a kernel). */
static int emit_stmt(struct mdh_builder *b, const char *name, int n,
                     const MlirValue *idx, void *user) {
  struct mdh_kernel *k = user;
  const char *stmt = k->info->stmt->name;

  (void)n;
  if (strlen(name) > 2 && !strcmp(name + 2, stmt)) {
    if (name[0] == 'I')
      emit_init(b, k);
    else if (name[0] == 'A')
      emit_accumulate(b, k, idx);
    else
      emit_finish(b, k, idx);
    return 0;
  }
  mlirEmitError(b->loc, "isl AST calls an unknown statement");
  return -1;
}

/* The number of result points of "k" (the product of its cc sizes). */
static int64_t n_result_points(const struct mdh_kernel *k) {
  int64_t n = 1;
  int d;

  for (d = 0; d < k->info->stmt->rank; ++d)
    if (in_part(k, d, 0))
      n *= mdhMdHomGetSize(k->info->stmt->hom, d);
  return n;
}

/* Builds a kernel over the result points of "k", one per thread of a
 * flat grid (grid-stride); "emit" emits point "r" (a full index point, pw
 * indices 0) of linear index "flat". */
static void
build_result_kernel(struct mdh_builder *b, struct mdh_kernel *k,
                    void (*emit)(struct mdh_builder *b, struct mdh_kernel *k,
                                 MlirValue flat, const MlirValue *r)) {
  int64_t points = n_result_points(k);
  int64_t blocks = (points + INIT_THREADS - 1) / INIT_THREADS;
  int64_t grid[3] = {1, 1, 1}, block[3] = {INIT_THREADS, 1, 1};
  MlirValue cc[MAX_RANK], r[MAX_RANK], flat, rest, size;
  struct mdh_builder kb, lb;
  MlirBlock body, loop;
  int d, n = 0;

  grid[0] = blocks < 65535 ? blocks : 65535;
  body = mdh_kernel_build_launch(b, grid, block, 0, NULL);
  kb = mdh_builder_before_terminator(b, body);
  flat = mdh_kernel_build_global_x(&kb, body, INIT_THREADS);
  loop = mdh_build_for_step(&kb, flat, mdh_build_index(&kb, points),
                            mdh_build_index(&kb, grid[0] * INIT_THREADS));
  lb = mdh_builder_before_terminator(&kb, loop);
  flat = rest = mlirBlockGetArgument(loop, 0);
  for (d = k->info->stmt->rank - 1; d >= 0; --d) {
    if (!in_part(k, d, 0))
      continue;
    size = mdh_build_index(&lb, mdhMdHomGetSize(k->info->stmt->hom, d));
    cc[d] = mdh_build_binary(&lb, "arith.remsi", rest, size);
    rest = mdh_build_binary(&lb, "arith.divsi", rest, size);
  }
  for (d = 0; d < k->info->stmt->rank; ++d)
    if (in_part(k, d, 0))
      cc[n++] = cc[d];
  cc_point(&lb, k, cc, r);
  emit(&lb, k, flat, r);
}

/* The init kernel's point: every component := the identity. */
static void emit_identity(struct mdh_builder *b, struct mdh_kernel *k,
                          MlirValue flat, const MlirValue *r) {
  MlirValue v[MAX_RANK];
  intptr_t c;

  (void)flat;
  for (c = 0; c < k->info->n_results; ++c)
    v[c] = mdh_build_identity(b, mdh_component_operator(k->info, c),
                              mdh_kernel_component_type(k->info, c));
  mdh_chain_store_all(b, k->info, r, v);
}

/* The combine kernel's point (deterministic mode): every component := the
 * partials of the parts folded in part order. */
static void emit_fold(struct mdh_builder *b, struct mdh_kernel *k,
                      MlirValue flat, const MlirValue *r) {
  struct mdh_stmt_info *info = k->info;
  MlirValue v[3 * MAX_RANK], at[2], acc[MAX_RANK], zero;
  struct mdh_builder lb;
  MlirBlock loop;
  intptr_t c, n = info->n_results;
  int64_t one = 1;

  zero = mdh_build_index(b, 0);
  at[0] = zero;
  at[1] = flat;
  for (c = 0; c < n; ++c) {
    acc[c] = mdh_build_alloca(
        b, mlirMemRefTypeContiguousGet(mdh_kernel_component_type(info, c), 1,
                                       &one, mlirAttributeGetNull()));
    mdh_build_store(b, mdh_build_load(b, k->partials[c], 2, at), acc[c], 1,
                    &zero);
  }
  loop =
      mdh_build_for(b, mdh_build_index(b, 1), mdh_build_index(b, k->n_parts));
  lb = mdh_builder_before_terminator(b, loop);
  at[0] = mlirBlockGetArgument(loop, 0);
  for (c = 0; c < n; ++c) {
    v[c] = mdh_build_load(&lb, acc[c], 1, &zero);
    v[n + c] = mdh_build_load(&lb, k->partials[c], 2, at);
  }
  mdh_build_combine(&lb, info->oper, info->fn_type, n, v, v + n, v + 2 * n);
  for (c = 0; c < n; ++c)
    mdh_build_store(&lb, v[2 * n + c], acc[c], 1, &zero);
  for (c = 0; c < n; ++c)
    v[c] = mdh_build_load(b, acc[c], 1, &zero);
  mdh_chain_write_result(b, info, r, v);
}

static MlirValue build_gpu_alloc(struct mdh_builder *b, MlirType type) {
  return mdh_build_alloc_sized(b, "gpu.alloc", type, 0, NULL);
}

/* Allocates the partials of the deterministic mode: per component, one
 * device buffer of parts x result points. */
static void alloc_partials(struct mdh_builder *b, struct mdh_kernel *k) {
  int64_t shape[2] = {k->n_parts, n_result_points(k)};
  intptr_t c;

  for (c = 0; c < k->info->n_results; ++c)
    k->partials[c] = build_gpu_alloc(
        b, mlirMemRefTypeContiguousGet(mdh_kernel_component_type(k->info, c), 2,
                                       shape, mlirAttributeGetNull()));
}

/* The histogram variant (lib/histogram.h): a md_hom whose scalar function
 * adds w to bin v of each element and nothing elsewhere, with its bin
 * dimension sequential and its elements spread. Each block keeps private
 * bins in shared memory (the privatised histogram of CUB's
 * DeviceHistogram and of Gomez-Luna et al., Performance Modeling of
 * Atomic Additions on GPU Scratchpad Memory, TPDS 2013):
 *
 *   the block's threads zero its bins; barrier;
 *   each thread, for each element it owns (the reduce strategy's loops
 *   over the pw dimensions, without the bin loop), computes v and w (the
 *   scalar function inlined, its select taken apart) and, if v is a bin,
 *   adds w to it with a shared-memory atomic; barrier;
 *   the block's threads add its nonzero bins into the output with the
 *   runtime's atomics, after the init kernel has zeroed it.
 *
 * The work is that of one pass over the elements instead of B passes. */

/* Tells whether "k" takes the histogram variant; its bin dimension in
 * "*bin". */
static int histogram_applies(const struct mdh_kernel *k, int *bin) {
  MlirType type = mdh_kernel_component_type(k->info, 0);

  if (!mdh_histogram_match(k->info, bin) ||
      k->map.dims[*bin].level != MDH_LEVEL_SEQ ||
      (!k->spread.pw_threads && !k->spread.pw_blocks))
    return 0;
  /* A float sum of atomics lands in any order. */
  if (is_deterministic(k->info->stmt->hom) && !mlirTypeIsAInteger(type))
    return 0;
  return mdhMdHomGetSize(k->info->stmt->hom, *bin) * mdh_element_bytes(type) <=
         MDH_GPU_MAX_SHARED_BYTES;
}

/* Builds the isl AST of the loops of one thread of "k" over the elements
 * it owns: statement H_S over the pw dimensions, in the loop order of the
 * reduce strategy, with vec()'s run unrolled. */
static __isl_give isl_ast_node *histogram_ast(isl_ctx *ctx,
                                              struct mdh_kernel *k) {
  int vec = vec_dim(k), at = 0, width = n_inner(k);
  char name[40];
  isl_set *set;
  isl_multi_aff *ma;
  isl_union_map *schedule;
  isl_ast_node *tree;
  isl_space *space;

  mdh_kernel_alloc_ids(ctx, k);
  snprintf(name, sizeof(name), "H_%s", k->info->stmt->name);
  set = part_set(k, name, 1);
  space = isl_space_add_dims(isl_space_from_domain(isl_set_get_space(set)),
                             isl_dim_out, width + (vec >= 0));
  ma = set_loops(isl_multi_aff_zero(space), k, 1, 1, &at);
  if (vec >= 0)
    ma = set_lane(ma, k, vec, part_pos(k, vec, 1));
  schedule = isl_union_map_intersect_domain(
      isl_union_map_from_map(isl_map_from_multi_aff(ma)),
      owned_part(k, set, 1));
  tree = thread_ast(ctx, k, schedule, width + (vec >= 0));
  mdh_kernel_free_ids(k);
  return tree;
}

/* The state of the histogram variant's element statement: the kernel, its
 * bin dimension and, inside the launch, the block's bins. */
struct histogram {
  struct mdh_kernel *k;
  int bin;
  int64_t n_bins;
  MlirValue bins;
};

/* Builds a loop of the block's threads over the bins of "h" (bin i by
 * thread i mod threads) and returns a builder in its body; the bin in
 * "*i". */
static struct mdh_builder build_bins_loop(struct mdh_builder *b,
                                          const struct histogram *h,
                                          MlirValue *i) {
  const struct mdh_kernel *k = h->k;
  MlirBlock loop = mdh_build_for_step(
      b, mdh_kernel_build_linear_id(b, k), mdh_build_index(b, h->n_bins),
      mdh_build_index(b, k->block[0] * k->block[1] * k->block[2]));

  *i = mlirBlockGetArgument(loop, 0);
  return mdh_builder_before_terminator(b, loop);
}

/* The element statement: the scalar function at the element "idx" with a
 * stand-in bin, its select taken apart, and w added to bin v. */
static int emit_histogram_stmt(struct mdh_builder *b, const char *name, int n,
                               const MlirValue *idx, void *user) {
  struct histogram *h = user;
  struct mdh_kernel *k = h->k;
  MlirType index = mlirIndexTypeGet(b->ctx), type;
  MlirValue point[MAX_RANK], r, v, w, operands[3];
  MlirNamedAttribute kind;
  struct mdh_builder tb;
  int d, m = 0;

  (void)name;
  (void)n;
  for (d = 0; d < k->info->stmt->rank; ++d)
    point[d] = d == h->bin ? mdh_build_index(b, 0) : idx[m++];
  mdh_chain_build_value(b, k->info, point, NULL, 0, &r);
  if (mdh_histogram_parts(r, point[h->bin], &v, &w) < 0) {
    mlirEmitError(b->loc, PASS ": the histogram's scalar function did not "
                               "copy as it reads");
    return -1;
  }
  if (!mlirTypeIsAIndex(mlirValueGetType(v)))
    v = mlirOperationGetResult(
        mdh_build_op(b, "arith.index_cast", 1, &v, 1, &index, 0, NULL), 0);
  tb = mdh_build_if(
      b,
      mdh_build_binary(
          b, "arith.andi", mdh_build_cmpi(b, "sge", v, mdh_build_index(b, 0)),
          mdh_build_cmpi(b, "slt", v, mdh_build_index(b, h->n_bins))));
  kind = mdh_named_attr(b->ctx, "kind",
                        mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64),
                                           mlirTypeIsAFloat(mlirValueGetType(w))
                                               ? MDH_ATOMIC_RMW_ADDF
                                               : MDH_ATOMIC_RMW_ADDI));
  operands[0] = w;
  operands[1] = h->bins;
  operands[2] = v;
  type = mlirValueGetType(w);
  mdh_build_op(&tb, "memref.atomic_rmw", 3, operands, 1, &type, 1, &kind);
  return 0;
}

/* Builds "v != zero" (for a float, unordered: NaN counts as nonzero). */
static MlirValue build_nonzero(struct mdh_builder *b, MlirValue v,
                               MlirValue zero) {
  if (mlirTypeIsAFloat(mlirValueGetType(v)))
    return mdh_build_cmpf(b, "une", v, zero);
  return mdh_build_cmpi(b, "ne", v, zero);
}

/* Builds the histogram variant of "k" (bin dimension "bin") at "b". */
static int build_histogram(isl_ctx *ctx, struct mdh_builder *b,
                           struct mdh_kernel *k, int bin) {
  MlirType type = mdh_kernel_component_type(k->info, 0), shared;
  struct histogram h = {
      k, bin, mdhMdHomGetSize(k->info->stmt->hom, bin), {NULL}};
  MlirValue i, v, r[MAX_RANK], zero;
  struct mdh_builder kb, lb, tb;
  isl_ast_node *tree;
  MlirBlock body;
  int d, rc;

  if (!k->info->accumulate)
    build_result_kernel(b, k, &emit_identity);
  tree = histogram_ast(ctx, k);
  if (!tree) {
    mdh_isl_report(ctx, k->info->stmt->hom, PASS, "building the histogram");
    return -1;
  }
  shared = mlirMemRefTypeContiguousGet(type, 1, &h.n_bins,
                                       mdh_kernel_workgroup_space(b->ctx));
  body = mdh_kernel_build_launch(b, k->grid, k->block, 1, &shared);
  h.bins = mlirBlockGetArgument(body, 12);
  for (d = 0; d < MDH_KERNEL_N_IDS; ++d)
    k->ids[d] = mlirBlockGetArgument(body, d);
  kb = mdh_builder_before_terminator(b, body);
  zero = mdh_build_identity(&kb, "add", type);
  lb = build_bins_loop(&kb, &h, &i);
  mdh_build_store(&lb, zero, h.bins, 1, &i);
  mdh_build_op(&kb, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  rc = mdh_kernel_translate(ctx, k, &kb, body, tree, &emit_histogram_stmt, &h);
  isl_ast_node_free(tree);
  if (rc < 0)
    return rc;
  mdh_build_op(&kb, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  lb = build_bins_loop(&kb, &h, &i);
  v = mdh_build_load(&lb, h.bins, 1, &i);
  tb = mdh_build_if(&lb, build_nonzero(&lb, v, zero));
  for (d = 0; d < k->info->stmt->rank; ++d)
    r[d] = d == bin ? i : mdh_build_index(&tb, 0);
  atomic_component(k, &tb, 0, r, v);
  return 0;
}

int mdh_kernel_build_reduce(isl_ctx *ctx, struct mdh_builder *b,
                            struct mdh_kernel *k) {
  const struct mdh_kernel_spread *s = &k->spread;
  struct mdh_builder kb;
  isl_ast_node *tree;
  MlirBlock body;
  intptr_t c;
  int rc, bin;

  if (histogram_applies(k, &bin))
    return build_histogram(ctx, b, k, bin);

  k->block_reduce = s->pw_threads && !s->cc_threads;
  k->atomic = mdh_mapping_combines_parts(&k->map, k->info->stmt->kinds);
  k->deterministic = k->atomic && is_deterministic(k->info->stmt->hom);
  if (k->atomic && !k->deterministic && !k->info->accumulate)
    build_result_kernel(b, k, &emit_identity);
  if (k->deterministic) {
    k->n_parts = count_parts(k);
    alloc_partials(b, k);
  }
  tree = build_ast(ctx, k);
  if (!tree) {
    mdh_isl_report(ctx, k->info->stmt->hom, PASS, "building the kernel");
    return -1;
  }
  body = mdh_kernel_build_launch(b, k->grid, k->block, 0, NULL);
  kb = mdh_builder_before_terminator(b, body);
  mdh_kernel_alloc_accumulators(&kb, k, 1);
  rc = mdh_kernel_translate(ctx, k, &kb, body, tree, &emit_stmt, k);
  isl_ast_node_free(tree);
  if (rc == 0 && k->deterministic) {
    build_result_kernel(b, k, &emit_fold);
    for (c = 0; c < k->info->n_results; ++c)
      mdh_build_op(b, "gpu.dealloc", 1, &k->partials[c], 0, NULL, 0, NULL);
  }
  return rc;
}
