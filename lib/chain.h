/* What the code generators (mdh-codegen-cpu, mdh-codegen-gpu) share: the
 * chain of md_homs of a function, where it sits in the function, and the
 * emission of statement instances that write straight into the output
 * buffers (see emit_instance in chain.c).
 */

#ifndef MDH_LIB_CHAIN_H
#define MDH_LIB_CHAIN_H

#include "lib/ast_to_mlir.h"
#include "lib/builder.h"
#include "lib/model.h"
#include "lib/stmt.h"

#include <isl/schedule.h>

/* Where result component c of a statement lives: the first out_view access
 * that stores it (or a temporary), and every access that stores it. */
struct mdh_component {
  MlirValue buffer;
  MlirAffineMap map; /* null for a temporary (indexed by the result point) */
  int n_stores;
  MlirValue *store_buffers;
  MlirAffineMap *store_maps;
};

/* What the emission of a statement needs: the extents of its index space
 * when the function runs ("extents", built by
 * mdh_chain_build_extent_checks), its scalar function's type, its
 * operator (null without pw/ps dimensions), its scan dimension (-1 if none),
 * whether its out_view accumulates (mdh.accumulate) and its result
 * components. */
struct mdh_stmt_info {
  struct mdh_stmt *stmt;
  MlirValue extents[MDH_MODEL_MAX_RANK];
  MlirType fn_type;
  intptr_t n_results;
  MlirAttribute oper;
  int scan_dim;
  int accumulate;
  struct mdh_component *comps;
};

/* The chain of one function: its model, one info per statement and the
 * temporaries allocated for components that no out_view stores. "pass"
 * names the pass in diagnostics. */
struct mdh_chain {
  const char *pass;
  struct mdh_model *m;
  struct mdh_stmt_info *infos;
  MlirValue *temps;
  int n_temps;
};

/* Builds the chain of "func"; returns NULL after a diagnostic on what the
 * code generators do not support. */
struct mdh_chain *mdh_chain_alloc(isl_ctx *ctx, MlirOperation func,
                                  const char *pass);

/* Frees "chain" (not the IR); returns NULL. */
struct mdh_chain *mdh_chain_free(struct mdh_chain *chain);

/* Reads the schedule that mdh-schedule stored on "func" after checking that
 * the md_homs still carry its statement names and that it covers them;
 * returns NULL after a diagnostic otherwise. */
__isl_give isl_schedule *mdh_chain_read_schedule(struct mdh_chain *chain,
                                                 MlirOperation func);

/* Tells whether "schedule" runs the first point of every reduction of "m"
 * before the other points of its result. */
isl_bool mdh_chain_first_points_first(struct mdh_model *m,
                                      __isl_keep isl_schedule *schedule);

/* Tells whether "schedule" respects every dependence of "m" (as a fused
 * tree if it has extension nodes: lib/fuse.h) and runs the first point of
 * every reduction before the other points of its result. */
isl_bool mdh_chain_schedule_is_valid(struct mdh_model *m,
                                     __isl_keep isl_schedule *schedule);

/* Checks that "schedule" (of "func") respects every dependence of the
 * chain and runs the first point of every reduction before the other
 * points of its result, as the emission of instances that write straight
 * into the outputs needs (mdh_chain_emit_instance); returns 1, or 0 after
 * a diagnostic. */
int mdh_chain_check_schedule(struct mdh_chain *chain,
                             __isl_keep isl_schedule *schedule,
                             MlirOperation func);

/* A segment of the mdh ops of a function: the statements "first" to
 * "first" + "n" - 1 of its model, between two ops that use their buffers
 * (a host loop between md_homs), whose code goes right after "last", the
 * segment's last mdh op. */
struct mdh_segment {
  int first;
  int n;
  MlirOperation last;
};

/* Cuts the mdh ops of "func" (model "m") into segments at the ops between
 * them that use their buffers, in their regions or through views, so that
 * the code of each segment runs where its ops were and such ops stay in
 * program order between them; stores them (malloc'ed) in "*segs" and
 * returns their number (1 when no op cuts), or -1 after a diagnostic of
 * "pass" when they cannot be cut there (mdh ops in several blocks, or a
 * md_hom and its out_view on two sides of such an op). */
int mdh_model_segments(struct mdh_model *m, MlirOperation func,
                       const char *pass, struct mdh_segment **segs);

/* Tells whether the md_homs of "m" and their out_views lie in one block
 * (what mdh_model_segments needs). */
int mdh_model_in_one_block(struct mdh_model *m);

/* Builds at "b" the extents of the index space of the "n" statements of
 * the chain from "first" on and the run-time extent checks of their views
 * (lib/extent.h); returns 1, or 0 after a diagnostic. */
int mdh_chain_build_extent_checks(struct mdh_chain *chain,
                                  struct mdh_builder *b, int first, int n);
/* Allocates, with the op "alloc" (memref.alloc or gpu.alloc) at "b", a
 * temporary for every component of the "n" statements from "first" on that
 * no out_view stores. */
void mdh_chain_alloc_temps(struct mdh_chain *chain, struct mdh_builder *b,
                           const char *alloc, int first, int n);

/* Binds in "params" the extent parameters of the model's dynamic
 * dimensions ("S<k>_n<d>", lib/model.c) to the statements' extents (those
 * built so far). */
void mdh_chain_add_params(struct mdh_chain *chain,
                          struct mdh_ast_params *params);

/* Erases the mdh ops of the chain and the scheduling attributes of "func". */
void mdh_chain_erase(struct mdh_chain *chain, MlirOperation func);

/* Builds the scalar function of "info" on its inputs at point "idx" (read
 * through the "n_redirects" "redirects"), its "n_results" values in "v". */
void mdh_chain_build_value(struct mdh_builder *b,
                           const struct mdh_stmt_info *info,
                           const MlirValue *idx,
                           const struct mdh_redirect *redirects,
                           int n_redirects, MlirValue *v);

/* Emits the instance "idx" of "info": the scalar function at "idx", written
 * into the result point or combined with what it holds. */
void mdh_chain_emit_instance(struct mdh_builder *b,
                             const struct mdh_stmt_info *info,
                             const MlirValue *idx);

/* The same, with every access of its inputs and results through the
 * "n_redirects" "redirects". */
void mdh_chain_emit_instance_redirected(struct mdh_builder *b,
                                        const struct mdh_stmt_info *info,
                                        const MlirValue *idx,
                                        const struct mdh_redirect *redirects,
                                        int n_redirects);

/* Emits the instance "idx" of the statement of "chain" that an isl AST
 * calls "name" with "n" indices, through the "n_redirects" "redirects";
 * returns 0, or -1 after a diagnostic at "b" if "chain" has no such
 * statement (the statement callback of the code generators). */
int mdh_chain_emit_call(struct mdh_builder *b, struct mdh_chain *chain,
                        const char *name, int n, const MlirValue *idx,
                        const struct mdh_redirect *redirects, int n_redirects);

/* The bytes of one result point of "info", all its components together. */
int64_t mdh_stmt_info_point_bytes(const struct mdh_stmt_info *info);

/* Loads (stores) every component of the result at point "r". */
void mdh_chain_load_all(struct mdh_builder *b, const struct mdh_stmt_info *info,
                        const MlirValue *r, MlirValue *out);
void mdh_chain_store_all(struct mdh_builder *b,
                         const struct mdh_stmt_info *info, const MlirValue *r,
                         const MlirValue *v);

/* Writes "v" as the result at point "r": stores it, or, where the
 * statement's out_view accumulates (mdh.accumulate), combines it into what
 * the outputs hold there. */
void mdh_chain_write_result(struct mdh_builder *b,
                            const struct mdh_stmt_info *info,
                            const MlirValue *r, const MlirValue *v);

/* The statement of "chain" named "name" with "n" dimensions, or NULL. */
struct mdh_stmt_info *mdh_chain_find(struct mdh_chain *chain, const char *name,
                                     int n);

/* The statement of "chain" that the instances "domain" (a kernel's, say)
 * belong to when they are of one statement, else NULL. */
struct mdh_stmt_info *mdh_chain_find_only(struct mdh_chain *chain,
                                          __isl_keep isl_union_set *domain);

#endif
