/* What the strategies of mdh-codegen-gpu share (kernel.c) and their
 * builders: one file a strategy (tiled: tile.c, block scan: scan.c, reduce:
 * reduce.c, owner and the kernels of several md_homs: tree.c), block-level
 * ASTs (block.c). codegen_gpu.c, the pass, chooses among them; none of them
 * calls into it (scripts/check-layers.sh). */

#ifndef MDH_PASSES_CODEGEN_GPU_KERNEL_H
#define MDH_PASSES_CODEGEN_GPU_KERNEL_H

#include "lib/ast_to_mlir.h"
#include "lib/chain.h"
#include "lib/fuse.h"
#include "lib/mapping.h"

#include <isl/aff.h>
#include <isl/ast.h>
#include <isl/ctx.h>
#include <isl/id.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_set.h>

#define MDH_KERNEL_N_IDS 6

/* How the mapping of a kernel of one md_hom spreads its dimensions, which
 * decides its strategy: cc dimensions over threads, pw dimensions over
 * threads or blocks, pw dimensions sequential with a register tile, ps
 * dimensions off the sequential level. */
struct mdh_kernel_spread {
  int cc_threads;
  int pw_threads;
  int pw_blocks;
  int pw_tiles;
  int ps_spread;
};

/* One kernel: the statement, its mapping and how it spreads the
 * dimensions, its dimensions in the order of its band in the schedule tree
 * ("order"), the schedule tree (not owned), inside the launch the ids and
 * the accumulators (one memref per component), and what the reduce
 * strategy chooses: a block reduction, "atomic" when several parts of the
 * grid contribute to one result point, combined by atomics or, if
 * "deterministic", through "partials" that a second kernel folds in part
 * order. */
struct mdh_kernel {
  struct mdh_chain *chain;
  struct mdh_model *m;
  struct mdh_stmt_info *info;
  struct mdh_mapping map;
  struct mdh_kernel_spread spread;
  int order[MDH_MODEL_MAX_RANK];
  int64_t grid[3], block[3];
  isl_schedule *schedule;
  int block_reduce;
  int atomic;
  int deterministic;
  int64_t n_parts;
  MlirValue partials[MDH_MODEL_MAX_RANK];
  MlirOperation module;
  MlirValue ids[MDH_KERNEL_N_IDS];
  MlirValue acc[MDH_MODEL_MAX_RANK];
  isl_id *param_ids[MDH_KERNEL_N_IDS];
};

/* Reads the mapping "text" of the kernel mark of "k" over "rank"
 * dimensions (its md_hom's if "k->info" is set, else the members of its
 * band) into its map and launch sizes, and for a kernel of one md_hom its
 * spread; returns 0, or -1 after a diagnostic at "loc". The one reader of
 * every kernel's mapping. */
int mdh_kernel_read_mapping(struct mdh_kernel *k, const char *text, int rank,
                            MlirOperation loc);

/* The type of result component "c" of "info". */
MlirType mdh_kernel_component_type(const struct mdh_stmt_info *info,
                                   intptr_t c);

/* Tells whether dimension "d" of "k" is a cc dimension. */
int mdh_kernel_is_cc(const struct mdh_kernel *k, int d);

/* Loads (stores) element "r" of the accumulator of component "c" of "k". */
MlirValue mdh_kernel_load_acc(struct mdh_builder *b, const struct mdh_kernel *k,
                              intptr_t c, int64_t r);
void mdh_kernel_store_acc(struct mdh_builder *b, const struct mdh_kernel *k,
                          intptr_t c, int64_t r, MlirValue v);

/* Returns the linear id of the thread in the block of "k" (x fastest),
 * from its ids inside the launch. */
MlirValue mdh_kernel_build_linear_id(struct mdh_builder *b,
                                     const struct mdh_kernel *k);

/* Returns bx * "threads" + tx in the launch body "body" (at "b"): the
 * global x index of a thread of a launch of "threads" threads per block
 * along x. */
MlirValue mdh_kernel_build_global_x(struct mdh_builder *b, MlirBlock body,
                                    int64_t threads);

/* The kinds of memref.atomic_rmw (arith::AtomicRMWKind) that add. */
#define MDH_ATOMIC_RMW_ADDF 0
#define MDH_ATOMIC_RMW_ADDI 1

/* The most arguments of a runtime function (mdh_kernel_call_runtime). */
#define MDH_KERNEL_MAX_RUNTIME_ARGS 4

/* Calls the device runtime's mdh_<what>_<op>_<type> (runtime/device) with
 * the "n_args" "args", declaring it in the module of "k"; returns its
 * result, of "type", or null for an atomic (which returns nothing). */
MlirValue mdh_kernel_call_runtime(struct mdh_kernel *k, struct mdh_builder *b,
                                  const char *what, const char *op,
                                  MlirType type, intptr_t n_args,
                                  const MlirValue *args);

/* Returns an !llvm.ptr to element "idx" (of "n" indices) of "memref" (any
 * strided layout), for the runtime's helpers. */
MlirValue mdh_kernel_element_pointer(struct mdh_builder *b, MlirValue memref,
                                     intptr_t n, const MlirValue *idx);

/* Returns the memory space of shared memory, `#gpu.address_space<workgroup>`
 * (of the launch's workgroup attributions). */
MlirAttribute mdh_kernel_workgroup_space(MlirContext ctx);

/* Builds `gpu.launch` with the given sizes, the "n_shared" workgroup
 * attributions of types "shared" and an empty body; returns the body block
 * (its first 6 arguments are the block and thread ids, the attributions
 * follow the 12 ids and sizes). */
MlirBlock mdh_kernel_build_launch(struct mdh_builder *b, const int64_t grid[3],
                                  const int64_t block[3], int n_shared,
                                  const MlirType *shared);

/* Allocates the private accumulators of "k" at "b", "n" elements per
 * component (memref<n x T>, which LLVM keeps in registers when every index
 * is a constant). */
void mdh_kernel_alloc_accumulators(struct mdh_builder *b, struct mdh_kernel *k,
                                   int64_t n);

/* Binds the isl parameters bx, by, bz, tx, ty, tz of "k" to the ids of the
 * launch body "body", allocates them in "ctx" (mdh_kernel_alloc_ids), and
 * translates "tree" at "kb" with the statement callback "stmt" (called with
 * "user"); frees the parameter ids. */
int mdh_kernel_translate(isl_ctx *ctx, struct mdh_kernel *k,
                         struct mdh_builder *kb, MlirBlock body,
                         __isl_keep isl_ast_node *tree,
                         int (*stmt)(struct mdh_builder *b, const char *name,
                                     int n, const MlirValue *idx, void *user),
                         void *user);

/* mdh_kernel_translate with the mark callback "mark" (lib/ast_to_mlir.h). */
int mdh_kernel_translate_marks(
    isl_ctx *ctx, struct mdh_kernel *k, struct mdh_builder *kb, MlirBlock body,
    __isl_keep isl_ast_node *tree,
    int (*stmt)(struct mdh_builder *b, const char *name, int n,
                const MlirValue *idx, void *user),
    int (*mark)(struct mdh_builder *b, __isl_keep isl_ast_node *node,
                struct mdh_ast_scope *scope, void *user),
    void *user);

/* Allocates in "ctx" the isl parameter ids bx, by, bz, tx, ty, tz of "k"
 * ("param_ids", in the order of gpu.launch's block arguments); frees
 * them. */
void mdh_kernel_alloc_ids(isl_ctx *ctx, struct mdh_kernel *k);
void mdh_kernel_free_ids(struct mdh_kernel *k);

/* Returns the instances of "domain" whose value "x" the thread of the ids
 * "ids" (bx, by, bz, tx, ty, tz) owns under "dm". */
__isl_give isl_union_set *mdh_kernel_owned(__isl_take isl_union_set *domain,
                                           __isl_take isl_union_pw_aff *x,
                                           const struct mdh_dim_map *dm,
                                           isl_id *const *ids);

/* Returns the elements of "set" that the thread of the ids "ids" owns, set
 * dimension d being distributed under "dims[d]". */
__isl_give isl_union_set *mdh_kernel_owned_set(__isl_take isl_set *set,
                                               const struct mdh_dim_map *dims,
                                               isl_id *const *ids);

/* Returns the context of the kernels of "k": its ids "param_ids" within
 * the launch sizes. */
__isl_give isl_set *mdh_kernel_context(isl_ctx *ctx,
                                       const struct mdh_kernel *k);

/* A statement of a block-level AST (block.c): named "name"_S over the
 * tile indices of the cc dimensions, or of all if "all", scheduled after
 * the cc tiles at "phase", then the other tiles (or zeros) and "pos". */
struct mdh_block_part {
  char name;
  int all;
  int phase;
  int pos;
};

/* The AST of the statements "parts" of "k" over its tiles of "step"
 * points per dimension, with only the block ids as parameters (block.c);
 * allocates and frees the parameter ids of "k". */
__isl_give isl_ast_node *
mdh_kernel_block_ast(isl_ctx *ctx, struct mdh_kernel *k, const int64_t *step,
                     const struct mdh_block_part *parts, int n_parts);

/* Builds at "b" the kernel of several md_homs of "chain" below the kernel
 * mark "mark" of "schedule", with the band mapping "mapping" (tree.c);
 * returns 0, or -1 after a diagnostic at "loc". */
int mdh_kernel_build_band(isl_ctx *ctx, struct mdh_builder *b,
                          struct mdh_chain *chain,
                          __isl_keep isl_schedule *schedule,
                          __isl_keep isl_schedule_node *mark,
                          const char *mapping, MlirOperation loc);

/* The groups fused by mdh-tile-fuse of a schedule, in tree order (the
 * order of their kernel marks), read before the code generator changes
 * the IR (mdh_fuse_foreach_group), and the next one to build. */
struct mdh_fused_groups {
  int n, next;
  struct mdh_fuse_group **groups;
};

/* Reads the groups of "schedule" (of "m") into "fg" and marks in
 * "tile_only" (one entry per buffer of "m") the buffers that live only in
 * the shared memory of their kernels; returns 0, or -1 on an isl error. */
int mdh_fused_groups_read(struct mdh_fused_groups *fg, struct mdh_model *m,
                          __isl_keep isl_schedule *schedule, char *tile_only);
void mdh_fused_groups_clear(struct mdh_fused_groups *fg);

/* Builds at "b" the kernel of the next group of "fg", fused by
 * mdh-tile-fuse below the kernel mark "mark" (whose child is the group's
 * tile band), with the mapping "mapping" over the tile band's members
 * (fused.c); returns 0, or -1 after a diagnostic at "loc". */
int mdh_kernel_build_fused(isl_ctx *ctx, struct mdh_builder *b,
                           struct mdh_chain *chain, struct mdh_fused_groups *fg,
                           __isl_keep isl_schedule_node *mark,
                           const char *mapping, MlirOperation loc);

/* The strategies for a kernel of one md_hom: each builds the kernel(s) of
 * "k" at "b" and returns 0, or -1 after a diagnostic. */

/* The owner strategy (tree.c). */
int mdh_kernel_build_owner(isl_ctx *ctx, struct mdh_builder *b,
                           struct mdh_kernel *k);

/* The reduce strategy (reduce.c). */
int mdh_kernel_build_reduce(isl_ctx *ctx, struct mdh_builder *b,
                            struct mdh_kernel *k);

/* The tiled strategy (tile.c). */
int mdh_kernel_build_tiled(isl_ctx *ctx, struct mdh_builder *b,
                           struct mdh_kernel *k);

/* The block scan (scan.c). */
int mdh_kernel_build_scan(isl_ctx *ctx, struct mdh_builder *b,
                          struct mdh_kernel *k);

#endif
