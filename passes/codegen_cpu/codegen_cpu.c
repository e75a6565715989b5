/* mdh-codegen-cpu: generates sequential and OpenMP-ready code on the CPU from
 * the schedule tree that mdh-schedule stored in `mdh.schedule`: schedule
 * tree -> (prepare.c: a parallel outer loop for each group where it can) ->
 * isl AST -> scf.for / scf.parallel over memrefs (the shared translator of
 * ast_to_mlir.c), then the mdh ops are erased and each intermediate buffer
 * is given the lifetime of the loop nests that use it.
 *
 * Invariants relied on: the function's md_homs carry the statement names of
 * the model (`mdh.stmt`), and the schedule's domain is the model's.
 *
 * Invariants established (docs/architecture.md, the data path, item 6): only
 * the outermost loop of a nest becomes scf.parallel, when it carries no
 * dependence at all, the relaxed reductions included, so reductions stay
 * sequential, no loop needs scf.reduce, and each nest is at most one OpenMP
 * region.
 *
 * Statement instances are emitted by the shared chain code (chain.c): each
 * writes straight into the output buffers, which needs the first point of
 * each reduction to run first and each scan position after the previous
 * one. The model keeps the scan order in its validity dependences and this
 * pass checks the first-point order on the schedule, reporting an error
 * otherwise.
 */

#include "dialect/attrs.h"
#include "lib/ast_to_mlir.h"
#include "lib/chain.h"
#include "lib/fuse.h"
#include "lib/model.h"
#include "lib/stmt.h"
#include "mdh-c/Dialect.h"
#include "passes/codegen_cpu/prepare.h"
#include "passes/codegen_cpu/register_tile.h"
#include "passes/pass.h"
#include "support/ir.h"
#include "support/polyhedral.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <isl/ast_build.h>
#include <isl/id.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <stdlib.h>
#include <string.h>

/* The descriptions of the register tiles of a function, for
 * `mdh.cpu_tiles`: "n" string attributes "v". */
struct tiles {
  intptr_t n;
  MlirAttribute *v;
};

/* Internal data structure of the generation of one function: its chain, the
 * statements whose instances extension nodes add to tiles ("extended"),
 * and the redirects of the accesses to the tile buffers of the tile being
 * generated, with their offsets; "tiles" describes the register tiles
 * generated (register_tile.h). */
struct cpu_gen {
  struct mdh_chain *cg;
  struct tiles *tiles;
  isl_union_set *extended;
  int n_redirects;
  struct mdh_redirect redirects[MDH_FUSE_MAX_BUFFERS];
  MlirValue offsets[MDH_FUSE_MAX_BUFFERS][MDH_MODEL_MAX_RANK];
  const struct mdh_cpu_panels *panels;
};

/* The statement callback of the AST translator. */
static int emit_stmt(struct mdh_builder *b, const char *name, int n,
                     const MlirValue *idx, void *user) {
  struct cpu_gen *gen = user;

  return mdh_chain_emit_call(b, gen->cg, name, n, idx, gen->redirects,
                             gen->n_redirects);
}

/* Internal data structure of the loop annotation: the generation "gen" and
 * the number "n_open" of loops (of more than one iteration) around the for
 * node being generated. */
struct loops {
  struct cpu_gen *gen;
  int n_open;
};

/* Tells whether the innermost loop of "build" carries no dependence of the
 * model, the relaxed reductions included (see the top of this file). The
 * dependences on the instances that extension nodes add to a tile do not
 * count: every tile that needs such an instance runs its own copy, into
 * its own tile buffers (mdh_fuse_schedule_is_valid). */
static isl_bool carries_no_dependence(struct cpu_gen *gen,
                                      __isl_keep isl_ast_build *build) {
  isl_union_map *sched = isl_ast_build_get_schedule(build);
  isl_space *space = isl_ast_build_get_schedule_space(build);
  isl_size n = isl_space_dim(space, isl_dim_set);
  isl_union_map *deps;
  isl_union_set *domain, *deltas;
  isl_set *zero_outer;
  isl_union_set *zero;
  isl_bool parallel;
  int d;

  domain = isl_union_map_domain(isl_union_map_copy(sched));
  deps = isl_union_map_subtract_domain(mdh_model_deps_from(gen->cg->m, domain),
                                       isl_union_set_copy(gen->extended));
  deps = isl_union_map_apply_domain(deps, isl_union_map_copy(sched));
  isl_union_set_free(domain);
  deps = isl_union_map_apply_range(deps, sched);
  deltas = isl_union_map_deltas(deps);
  zero_outer = isl_set_universe(isl_space_copy(space));
  for (d = 0; d + 1 < n; ++d)
    zero_outer = isl_set_fix_si(zero_outer, isl_dim_set, d, 0);
  zero = isl_union_set_from_set(
      isl_set_fix_si(isl_set_copy(zero_outer), isl_dim_set, n - 1, 0));
  deltas = isl_union_set_intersect(deltas, isl_union_set_from_set(zero_outer));
  parallel = isl_union_set_is_subset(deltas, zero);
  isl_union_set_free(deltas);
  isl_union_set_free(zero);
  isl_space_free(space);
  return parallel;
}

/* Tells whether the innermost loop of "build" runs one iteration for each
 * iteration of the loops around it (a degenerate loop, which isl prints as
 * an assignment). */
static isl_bool runs_once(__isl_keep isl_ast_build *build) {
  isl_union_map *sched = isl_ast_build_get_schedule(build);
  isl_space *space = isl_ast_build_get_schedule_space(build);
  isl_size n = isl_space_dim(space, isl_dim_set);
  isl_map *map;
  isl_bool once;

  isl_space_free(space);
  map = isl_map_from_range(isl_set_from_union_set(isl_union_map_range(sched)));
  map = isl_map_move_dims(map, isl_dim_in, 0, isl_dim_out, 0, n - 1);
  once = isl_map_is_single_valued(map);
  isl_map_free(map);
  return once;
}

/* Annotates each for node with "parallel" if it is the outermost loop of
 * its nest and carries no dependence, with "once" if it runs one iteration
 * (it does not count as a loop then), and with "sequential" otherwise.
 *
 * Only the outermost loop of a nest becomes scf.parallel, so each loop nest
 * is at most one OpenMP region (docs/architecture.md, the data path, item 6): a
 * parallel loop inside a sequential one would fork and join threads at every
 * iteration of the sequential loop (a 512^3 matmul scheduled (i, k, j) ran
 * 15 times slower on 2 threads than on 1 with j parallel too), and one
 * inside a parallel loop would nest OpenMP regions. */
static __isl_give isl_id *annotate_for(__isl_keep isl_ast_build *build,
                                       void *user) {
  struct loops *loops = user;
  isl_ctx *ctx = isl_ast_build_get_ctx(build);
  isl_bool once, parallel = isl_bool_false;

  once = runs_once(build);
  if (once == isl_bool_true)
    return isl_id_alloc(ctx, "once", NULL);
  if (loops->n_open++ == 0)
    parallel = carries_no_dependence(loops->gen, build);
  return isl_id_alloc(
      ctx, parallel == isl_bool_true ? "parallel" : "sequential", NULL);
}

/* Closes the for node "node" opened by annotate_for. */
static __isl_give isl_ast_node *leave_for(__isl_take isl_ast_node *node,
                                          __isl_keep isl_ast_build *build,
                                          void *user) {
  struct loops *loops = user;
  isl_id *id = isl_ast_node_get_annotation(node);

  (void)build;
  if (id && strcmp(isl_id_get_name(id), "once"))
    loops->n_open--;
  isl_id_free(id);
  return node;
}

/* The after_each_mark callback: the offsets of the tile buffers of a fused
 * group, or the bounds of a register tile. */
static __isl_give isl_ast_node *annotate_mark(__isl_take isl_ast_node *node,
                                              __isl_keep isl_ast_build *build,
                                              void *user) {
  node = mdh_fuse_annotate_mark(node, build, user);
  return mdh_cpu_annotate_register_tile(node, build);
}

/* Builds the AST of "schedule" with parallel loops annotated, and the
 * offsets of the tile buffers of fused groups. */
static __isl_give isl_ast_node *build_ast(struct cpu_gen *gen,
                                          __isl_take isl_schedule *schedule) {
  isl_ast_build *build =
      isl_ast_build_from_context(mdh_model_context(gen->cg->m));
  struct loops loops = {gen, 0};
  isl_ast_node *tree;

  schedule = mdh_fuse_attach_groups(schedule, gen->cg->m);
  build = isl_ast_build_set_before_each_for(build, &annotate_for, &loops);
  build = isl_ast_build_set_after_each_for(build, &leave_for, &loops);
  build = isl_ast_build_set_after_each_mark(build, &annotate_mark, NULL);
  tree = isl_ast_build_node_from_schedule(build, schedule);
  isl_ast_build_free(build);
  return tree;
}

/* Returns the innermost scf.parallel around block "block", else the
 * outermost of the scf.for and scf.if ops around it (those of the nest
 * being generated, and of the code around the md_homs), or a null op. */
static MlirOperation outermost_loop(MlirBlock block) {
  MlirOperation op = mlirBlockGetParentOperation(block), outer = {NULL};

  while (!mlirOperationIsNull(op) &&
         (mdh_op_is(op, "scf.for") || mdh_op_is(op, "scf.parallel") ||
          mdh_op_is(op, "scf.if"))) {
    outer = op;
    if (mdh_op_is(op, "scf.parallel"))
      break;
    op = mlirOperationGetParentOperation(op);
  }
  return outer;
}

/* Sets "alloc" and "dealloc" to the places of the tile buffers of a mark
 * whose code goes to "b": at each iteration of the parallel loop around it
 * (one set per thread at a time, reused by the tiles of the iteration),
 * else around the outermost loop (no thread shares them either way). On
 * the heap: memref.alloca in a loop body would
 * grow the stack at every iteration once lowered (scf.for is an automatic
 * allocation scope, but its lowering to cf does not free the stack). */
static void tile_buffer_places(struct mdh_builder *b, struct mdh_builder *alloc,
                               struct mdh_builder *dealloc) {
  MlirOperation outer = outermost_loop(b->block);
  MlirBlock body;

  *alloc = *dealloc = *b;
  if (mlirOperationIsNull(outer))
    return;
  if (mdh_op_is(outer, "scf.parallel")) {
    body = mlirRegionGetFirstBlock(mlirOperationGetRegion(outer, 0));
    *dealloc = mdh_builder_before_terminator(b, body);
    alloc->block = body;
    alloc->before = mlirBlockGetFirstOperation(body);
    return;
  }
  alloc->block = dealloc->block = mlirOperationGetBlock(outer);
  alloc->before = outer;
  dealloc->before = mlirOperationGetNextInBlock(outer);
}

/* Generates pack_panels mark "node" at "b" in "scope": the panels, in
 * buffers allocated at "alloc" and freed at "dealloc", then its child
 * "child" (taken), whose register tiles read them. */
static int generate_panels(struct mdh_builder *b, struct mdh_builder *alloc,
                           struct mdh_builder *dealloc,
                           __isl_keep isl_ast_node *node,
                           __isl_take isl_ast_node *child,
                           struct mdh_ast_scope *scope, struct cpu_gen *gen) {
  struct mdh_cpu_panels panels;
  struct mdh_builder in;
  int k, rc;

  rc = mdh_cpu_generate_pack_panels(b, alloc, node, scope, gen->cg, &panels,
                                    &in);
  if (rc == 0) {
    gen->panels = &panels;
    rc = mdh_ast_scope_node(scope, &in, child);
    gen->panels = NULL;
  }
  for (k = 0; k < MDH_REGISTER_TILE_MAX_ACCESSES; ++k)
    if (!mlirValueIsNull(panels.v[k]))
      mdh_build_dealloc(dealloc, panels.v[k]);
  isl_ast_node_free(child);
  return rc;
}

/* The mark callback of the AST translator: the code of a tile of a fused
 * group accesses, instead of each buffer that only the group uses, a tile
 * buffer of the group's footprint per tile, at the index minus the tile's
 * offset. */
static int generate_mark(struct mdh_builder *b, __isl_keep isl_ast_node *node,
                         struct mdh_ast_scope *scope, void *user) {
  struct cpu_gen *gen = user;
  const struct mdh_fuse_offsets *offs = mdh_fuse_mark_offsets(node);
  isl_ast_node *child = isl_ast_node_mark_get_node(node);
  struct mdh_model *m = gen->cg->m;
  struct mdh_builder alloc, dealloc;
  MlirValue copy;
  int i, rc = 0, first = gen->n_redirects;

  if (mdh_cpu_is_register_tile(node)) {
    isl_ast_node_free(child);
    gen->tiles->v =
        realloc(gen->tiles->v, (gen->tiles->n + 1) * sizeof(*gen->tiles->v));
    if (!gen->tiles->v)
      abort();
    return mdh_cpu_generate_register_tile(b, node, scope, gen->cg, gen->panels,
                                          gen->redirects, gen->n_redirects,
                                          &gen->tiles->v[gen->tiles->n++]);
  }
  tile_buffer_places(b, &alloc, &dealloc);
  if (mdh_cpu_is_pack_panels(node))
    return generate_panels(b, &alloc, &dealloc, node, child, scope, gen);
  for (i = 0; offs && i < offs->group->n && rc == 0; ++i) {
    copy =
        mdh_build_alloc(&alloc, mdh_fuse_buffer_type(m, &offs->group->bufs[i],
                                                     mlirAttributeGetNull()));
    rc = mdh_fuse_redirect(b, scope, m, offs, i, copy,
                           &gen->redirects[gen->n_redirects],
                           gen->offsets[gen->n_redirects]);
    ++gen->n_redirects;
  }
  if (rc == 0)
    rc = mdh_ast_scope_node(scope, b, child);
  for (i = first; i < gen->n_redirects; ++i)
    mdh_build_dealloc(&dealloc, gen->redirects[i].copy);
  gen->n_redirects = first;
  isl_ast_node_free(child);
  return rc;
}

/* The loop nests of the generated code, one per child of the top-level
 * block of the AST: the first and last op of nest k in "first"[k] and
 * "last"[k], and for each buffer b of the model the first and last nest
 * that accesses it in "buf_first"[b] and "buf_last"[b] (-1: none). */
struct nests {
  struct mdh_model *m;
  int n;
  MlirOperation *first;
  MlirOperation *last;
  int *buf_first;
  int *buf_last;
};

static void nests_free(struct nests *nests) {
  free(nests->first);
  free(nests->last);
  free(nests->buf_first);
  free(nests->buf_last);
}

/* Internal data structure of note_accesses: the nests and the index "k" of
 * the nest whose statements are visited. */
struct note_data {
  struct nests *nests;
  int k;
};

/* Notes that nest data->k accesses buffer "map" leads to (an access
 * relation to one "B<b>" tuple of the model). */
static isl_stat note_buffer(__isl_take isl_map *map, void *user) {
  struct note_data *data = user;
  struct nests *nests = data->nests;
  const char *name = isl_map_get_tuple_name(map, isl_dim_out);
  int b = name && name[0] == 'B' ? atoi(name + 1) : -1;

  isl_map_free(map);
  if (b < 0 || b >= nests->m->n_buf)
    return isl_stat_ok;
  if (nests->buf_first[b] < 0)
    nests->buf_first[b] = data->k;
  nests->buf_last[b] = data->k;
  return isl_stat_ok;
}

/* Notes the buffers that the statement called by the AST node "node" (if
 * it is a user node) reads or writes. */
static isl_bool note_accesses(__isl_keep isl_ast_node *node, void *user) {
  struct note_data *data = user;
  struct mdh_model *m = data->nests->m;
  isl_ast_expr *call, *callee;
  isl_union_map *acc;
  struct mdh_stmt *stmt;
  isl_id *id;
  isl_stat ok;

  if (isl_ast_node_get_type(node) != isl_ast_node_user)
    return isl_bool_true;
  call = isl_ast_node_user_get_expr(node);
  callee = isl_ast_expr_op_get_arg(call, 0);
  id = isl_ast_expr_get_id(callee);
  stmt = mdh_model_find_stmt(m, isl_id_get_name(id));
  isl_id_free(id);
  isl_ast_expr_free(callee);
  isl_ast_expr_free(call);
  if (!stmt)
    return isl_bool_error;
  acc = isl_union_map_union(isl_union_map_copy(m->reads),
                            isl_union_map_copy(m->writes));
  acc = isl_union_map_intersect_domain(
      acc, isl_union_set_from_set(isl_set_copy(stmt->domain)));
  ok = isl_union_map_foreach_map(acc, &note_buffer, data);
  isl_union_map_free(acc);
  return ok < 0 ? isl_bool_error : isl_bool_false;
}

/* Returns the last op before "end" in the block, starting the walk at
 * "op". */
static MlirOperation last_before(MlirOperation op, MlirOperation end) {
  MlirOperation next;

  while (!mlirOperationIsNull(next = mlirOperationGetNextInBlock(op)) &&
         !mlirOperationEqual(next, end))
    op = next;
  return op;
}

/* Translates "tree" at "b", where "prev" is the op before the insertion
 * point; if its root is a block (below marks, which generate nothing but
 * for a register tile and packed panels), one child after the other,
 * recording each child's nest in "nests" (left empty otherwise). */
static int generate_nests(struct mdh_builder *b, MlirOperation prev,
                          __isl_keep isl_ast_node *tree,
                          const struct mdh_ast_target *target,
                          struct nests *nests) {
  isl_ast_node_list *list;
  struct note_data data = {nests, 0};
  isl_ast_node *child;
  int rc = 0;

  if (isl_ast_node_get_type(tree) == isl_ast_node_mark &&
      !mdh_cpu_is_register_tile(tree) && !mdh_cpu_is_pack_panels(tree)) {
    child = isl_ast_node_mark_get_node(tree);
    rc = generate_nests(b, prev, child, target, nests);
    isl_ast_node_free(child);
    return rc;
  }
  if (isl_ast_node_get_type(tree) != isl_ast_node_block)
    return mdh_ast_to_mlir(b, tree, target);
  list = isl_ast_node_block_get_children(tree);
  nests->n = isl_ast_node_list_n_ast_node(list);
  nests->first = calloc(nests->n + 1, sizeof(*nests->first));
  nests->last = calloc(nests->n + 1, sizeof(*nests->last));
  if (!nests->first || !nests->last)
    abort();
  for (data.k = 0; data.k < nests->n && rc == 0; ++data.k) {
    child = isl_ast_node_list_get_ast_node(list, data.k);
    rc = mdh_ast_to_mlir(b, child, target);
    if (!mlirOperationEqual(mlirOperationGetNextInBlock(prev), b->before)) {
      nests->first[data.k] = mlirOperationGetNextInBlock(prev);
      prev = nests->last[data.k] = last_before(prev, b->before);
    }
    if (rc == 0 && isl_ast_node_foreach_descendant_top_down(
                       child, &note_accesses, &data) < 0)
      rc = -1;
    isl_ast_node_free(child);
  }
  isl_ast_node_list_free(list);
  return rc;
}

/* Returns the op of "block" that is "op" or holds it, or a null op. */
static MlirOperation ancestor_in(MlirBlock block, MlirOperation op) {
  while (!mlirOperationIsNull(op) &&
         !mlirBlockEqual(mlirOperationGetBlock(op), block))
    op = mlirOperationGetParentOperation(op);
  return op;
}

/* Tells whether "op" lies in (or is) one of the generated nests. */
static int in_nests(const struct nests *nests, MlirOperation op) {
  MlirOperation first = nests->first[0], last = nests->last[nests->n - 1];

  op = ancestor_in(mlirOperationGetBlock(first), op);
  return !mlirOperationIsNull(op) && !mlirOperationIsNull(first) &&
         !mlirOperationIsNull(last) &&
         (mlirOperationEqual(op, first) ||
          mlirOperationIsBeforeInBlock(first, op)) &&
         (mlirOperationEqual(op, last) ||
          mlirOperationIsBeforeInBlock(op, last));
}

/* Tells whether every use of "value" lies in the generated nests. */
static int used_in_nests(const struct nests *nests, MlirValue value) {
  MlirOpOperand use;

  for (use = mlirValueGetFirstUse(value); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use))
    if (!in_nests(nests, mlirOpOperandGetOwner(use)))
      return 0;
  return 1;
}

/* Moves the buffer allocated by "alloc" into nests "first" to "last": the
 * allocation (and its reshapes) right before the first, the deallocation
 * right after the last. Does nothing unless the buffer is only reshaped,
 * deallocated once and used in the nests. */
static void realize(const struct nests *nests, MlirOperation alloc, int first,
                    int last) {
  MlirOperation owner, dealloc = {NULL}, shapes[8];
  MlirOpOperand use;
  int n = 0, i;

  if (mlirOperationIsNull(nests->first[first]) ||
      mlirOperationIsNull(nests->last[last]))
    return;
  for (use = mlirValueGetFirstUse(mlirOperationGetResult(alloc, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    owner = mlirOpOperandGetOwner(use);
    if (mdh_op_is(owner, "memref.dealloc") && mlirOperationIsNull(dealloc))
      dealloc = owner;
    else if ((mdh_op_is(owner, "memref.collapse_shape") ||
              mdh_op_is(owner, "memref.expand_shape")) &&
             n < 8 && used_in_nests(nests, mlirOperationGetResult(owner, 0)))
      shapes[n++] = owner;
    else if (!in_nests(nests, owner))
      return;
  }
  if (mlirOperationIsNull(dealloc))
    return;
  mlirOperationMoveBefore(alloc, nests->first[first]);
  for (i = n - 1; i >= 0; --i)
    mlirOperationMoveAfter(shapes[i], alloc);
  mlirOperationMoveAfter(dealloc, nests->last[last]);
}

/* Gives each intermediate buffer of the chain the lifetime of the nests
 * that access it: allocated right before the first, freed right after the
 * last, as Halide realizes a compute_root stage. The buffers of a chain are
 * typically allocated at its start and freed at its end; with every
 * intermediate live through the whole chain, the allocator cannot reuse
 * one's memory for the next, and large buffers come fresh from the kernel
 * on every call (a page fault per 4 KiB touched, which cost the 10 stages
 * of a Harris corner detector 2048^2 five times their arithmetic). */
static void realize_buffers(const struct nests *nests) {
  struct mdh_model *m = nests->m;
  MlirOperation alloc, other;
  int b, c, first, last;

  for (b = 0; nests->n > 1 && b < m->n_buf; ++b) {
    alloc = mdh_cpu_alloc_of(m->bufs[b]);
    if (mlirOperationIsNull(alloc) || nests->buf_first[b] < 0)
      continue;
    first = nests->buf_first[b];
    last = nests->buf_last[b];
    for (c = 0; c < m->n_buf; ++c) {
      other = mdh_cpu_alloc_of(m->bufs[c]);
      if (c == b || mlirOperationIsNull(other) ||
          !mlirOperationEqual(other, alloc) || nests->buf_first[c] < 0)
        continue;
      if (c < b)
        break;
      first = nests->buf_first[c] < first ? nests->buf_first[c] : first;
      last = nests->buf_last[c] > last ? nests->buf_last[c] : last;
    }
    if (c == m->n_buf)
      realize(nests, alloc, first, last);
  }
}

/* Returns the schedule to generate for "func": "schedule" prepared for the
 * CPU (mdh_cpu_prepare_schedule, each epilogue within the segment of its
 * tile among the "n_seg" segments "segs") when mdh-schedule computed it and
 * the result is valid, else "schedule" itself (a schedule given by hand is
 * generated as given). */
static __isl_give isl_schedule *
cpu_schedule(struct mdh_model *m, MlirOperation func,
             const struct mdh_cpu_target *target,
             const struct mdh_segment *segs, int n_seg,
             __isl_take isl_schedule *schedule) {
  isl_schedule *cpu;
  int *segment, s, k;

  if (!mdh_attr_get_scheduler(func).data)
    return schedule;
  segment = malloc((m->n_stmt + 1) * sizeof(*segment));
  if (!segment)
    abort();
  for (s = 0; s < n_seg; ++s)
    for (k = 0; k < segs[s].n; ++k)
      segment[segs[s].first + k] = s;
  cpu =
      mdh_cpu_prepare_schedule(m, target, segment, isl_schedule_copy(schedule));
  free(segment);
  if (cpu && mdh_chain_schedule_is_valid(m, cpu) == isl_bool_true) {
    isl_schedule_free(schedule);
    return cpu;
  }
  isl_schedule_free(cpu);
  return schedule;
}

/* Generates at "seg" (a segment of the chain of "cg", whose code goes after
 * its last op) the nests of "schedule" for its md_homs, recording them in
 * "nests" and the register tiles in "*tiles"; "whole" tells that the
 * segment is the whole chain. Returns 0, or -1 after a diagnostic. */
static int codegen_segment(struct mdh_chain *cg, const struct mdh_segment *seg,
                           int whole, __isl_keep isl_schedule *schedule,
                           struct nests *nests, struct tiles *tiles) {
  struct cpu_gen gen = {
      .cg = cg, .tiles = tiles, .extended = mdh_fuse_extended(schedule)};
  struct mdh_ast_target target = {
      .stmt = &emit_stmt, .mark = &generate_mark, .user = &gen};
  struct mdh_ast_params params = {0, 0, NULL, NULL};
  struct mdh_builder b = mdh_builder_before(seg->last);
  isl_schedule *part = isl_schedule_copy(schedule);
  isl_ast_node *tree;
  int k, first_temp = cg->n_temps, rc = -1;

  if (!whole)
    part = isl_schedule_intersect_domain(
        part, mdh_model_stmts_domain(cg->m, seg->first, seg->n));
  tree = build_ast(&gen, part);
  b.inline_calls = 1;
  b.before = mlirOperationGetNextInBlock(seg->last);
  if (!mdh_chain_build_extent_checks(cg, &b, seg->first, seg->n))
    goto done;
  mdh_chain_alloc_temps(cg, &b, "memref.alloc", seg->first, seg->n);
  nests->m = cg->m;
  nests->buf_first = malloc((cg->m->n_buf + 1) * sizeof(int));
  nests->buf_last = malloc((cg->m->n_buf + 1) * sizeof(int));
  if (!nests->buf_first || !nests->buf_last)
    abort();
  for (k = 0; k < cg->m->n_buf; ++k)
    nests->buf_first[k] = nests->buf_last[k] = -1;
  if (!tree) {
    mdh_isl_report(cg->m->ctx, cg->m->stmts[seg->first].hom, "mdh-codegen-cpu",
                   "generating the loops (isl AST)");
    goto done;
  }
  mdh_chain_add_params(cg, &params);
  target.params = &params;
  if (generate_nests(&b, last_before(seg->last, b.before), tree, &target,
                     nests) < 0)
    goto done;
  for (k = first_temp; k < cg->n_temps; ++k)
    mdh_build_dealloc(&b, cg->temps[k]);
  rc = 0;
done:
  mdh_ast_params_clear(&params);
  isl_ast_node_free(tree);
  isl_union_set_free(gen.extended);
  return rc;
}

/* Generates the code of "func" from its schedule, segment by segment
 * (lib/chain.h): ops between the md_homs that use their buffers stay in
 * program order between the segments' nests. Each segment's intermediate
 * buffers get the lifetime of its nests once the mdh ops are gone; one
 * that two segments use keeps its own. */
static int codegen_func(isl_ctx *ctx, MlirOperation func) {
  struct mdh_chain *cg = mdh_chain_alloc(ctx, func, "mdh-codegen-cpu");
  struct mdh_segment *segs = NULL;
  struct nests *nests = NULL;
  isl_schedule *schedule = NULL;
  struct mdh_cpu_target target;
  struct tiles tiles = {0, NULL};
  int s, n_seg = 0, ok = 0;

  if (!cg)
    return 0;
  if (mdh_cpu_target_init(&target, func) < 0)
    goto done;
  schedule = mdh_chain_read_schedule(cg, func);
  if (!schedule)
    goto done;
  if (!mdh_chain_check_schedule(cg, schedule, func))
    goto done;
  n_seg = mdh_model_segments(cg->m, func, "mdh-codegen-cpu", &segs);
  if (n_seg < 0)
    goto done;
  nests = calloc(n_seg, sizeof(*nests));
  if (!nests)
    abort();
  schedule = cpu_schedule(cg->m, func, &target, segs, n_seg, schedule);
  for (s = 0; s < n_seg; ++s)
    if (codegen_segment(cg, &segs[s], n_seg == 1, schedule, &nests[s], &tiles) <
        0)
      goto done;
  mdh_chain_erase(cg, func);
  if (tiles.n > 0)
    mdh_attr_set_cpu_tiles(func, tiles.n, tiles.v);
  for (s = 0; s < n_seg; ++s)
    realize_buffers(&nests[s]);
  ok = 1;
done:
  for (s = 0; nests && s < n_seg; ++s)
    nests_free(&nests[s]);
  free(nests);
  free(segs);
  free(tiles.v);
  isl_schedule_free(schedule);
  mdh_chain_free(cg);
  return ok;
}

MlirLogicalResult mdh_codegen_cpu_run(MlirOperation module) {
  return mdh_pass_run_per_function(module, &codegen_func);
}
