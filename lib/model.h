/* The polyhedral model of the mdh chains of one function (MLIR -> isl).
 *
 * One statement per md_hom, named "S<k>" in program order; one isl tuple
 * "B<k>" per buffer, the view value the mdh ops use (equal view ops of one
 * value are one buffer). Buffers that are different views of one base are
 * related for the dependences through their places in the base, a tuple
 * "M<k>" (model.c, to_memory). A statement instance S[i] is one point of the
 * md_hom's index space: it reads its inputs through the inp_views and
 * accumulates f(i) into the output elements of its result point through the
 * out_views (MDH Defs. 9, 16, 21). The accumulation is modelled as a read and a
 * write of those elements, so that dependences between md_homs through
 * intermediate buffers come out of isl's dataflow analysis.
 */

#ifndef MDH_LIB_MODEL_H
#define MDH_LIB_MODEL_H

#include "mdh-c/Dialect.h"

#include "mlir-c/IR.h"

#include <isl/ctx.h>
#include <isl/schedule.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#define MDH_MODEL_MAX_RANK 64

/* One statement: the md_hom "hom", its "rank", the combine kind of every
 * dimension and its iteration domain. */
struct mdh_stmt {
  MlirOperation hom;
  char name[24];
  int rank;
  MdhCombineKind kinds[MDH_MODEL_MAX_RANK];
  isl_set *domain;
};

/* The model of one function.
 *
 * "reads" and "writes" map statement instances to buffer elements; "order"
 * is the original (program) order as a schedule map. "deps" holds every
 * memory dependence (flow, anti, output; may-dependences, so every writer of
 * an accumulated element is a source). "reductions" are the self-dependences
 * of the statements between instances at the same position of every scan
 * dimension: the verifier forbids a md_hom to read an element it writes
 * (through any views) and out_views are injective and do not meet, so a
 * statement depends on itself only through its own accumulation, which the
 * associative and commutative combine operator (Lemma 10) lets any order
 * perform. Self-dependences across scan positions stay: they keep a scan in
 * order, so that each position can start from the finished one before it.
 * "validity" is "deps" without "reductions". "deps_from" indexes "deps" by
 * source statement (mdh_model_deps_from).
 */
struct mdh_model {
  isl_ctx *ctx;
  int n_stmt;
  struct mdh_stmt *stmts;
  int n_buf;
  MlirValue *bufs;
  int *mem;
  isl_union_set *domain;
  isl_union_map *reads;
  isl_union_map *writes;
  isl_union_map *order;
  isl_union_map *deps;
  isl_union_map *reductions;
  isl_union_map *validity;
  isl_union_map **deps_from;
};

/* Builds the model of the verified mdh ops in "func". Returns NULL (after a
 * diagnostic at "func") on an isl error. The model refers to the ops of
 * "func": free it before erasing them. */
struct mdh_model *mdh_model_extract(isl_ctx *ctx, MlirOperation func);

/* Frees "model"; returns NULL. */
struct mdh_model *mdh_model_free(struct mdh_model *model);

/* Returns the statement named "name", or NULL. */
struct mdh_stmt *mdh_model_find_stmt(struct mdh_model *model, const char *name);

/* Returns the index in "model" of the statement named "name", or -1. */
int mdh_model_stmt_index(struct mdh_model *model, const char *name);

/* Returns the index in "model" of the statement whose instances "domain"
 * holds, or -1 if it holds those of several (or none). */
int mdh_model_only_stmt(struct mdh_model *model,
                        __isl_keep isl_union_set *domain);

/* Returns the "n" statements from "first" of "model" as a model of their
 * own, with the dependences among them; NULL on an isl error. */
struct mdh_model *mdh_model_slice(struct mdh_model *model, int first, int n);

/* Returns the accesses of "acc" (an access relation of "m") to buffer
 * "k". */
__isl_give isl_union_map *mdh_model_accesses_to(struct mdh_model *m,
                                                __isl_keep isl_union_map *acc,
                                                int k);

/* Returns the instances of the "n" statements of "m" from "first" on. */
__isl_give isl_union_set *mdh_model_stmts_domain(struct mdh_model *m, int first,
                                                 int n);

/* Returns the dependences of "model" whose source is an instance in
 * "domain": what a loop or kernel of a few statements must look at, found
 * without walking every dependence of a long chain. */
__isl_give isl_union_map *mdh_model_deps_from(struct mdh_model *model,
                                              __isl_keep isl_union_set *domain);

/* Returns the dependences of "model" from instances in "from" to instances
 * in "to". */
__isl_give isl_union_map *mdh_model_deps_between(struct mdh_model *model,
                                                 __isl_keep isl_union_set *from,
                                                 __isl_keep isl_union_set *to);

/* Tells whether "schedule" runs the first instance of every pair in "pairs"
 * before the second. */
isl_bool mdh_model_schedule_orders(struct mdh_model *model,
                                   __isl_keep isl_schedule *schedule,
                                   __isl_keep isl_union_map *pairs);

/* Tells whether "schedule" runs the source of every validity dependence of
 * "model" before its sink. */
isl_bool mdh_model_schedule_is_valid(struct mdh_model *model,
                                     __isl_keep isl_schedule *schedule);

/* Returns the context of the extent parameters of "model" (every dynamic
 * extent is at least 1: the lowerings check it when the function runs). */
__isl_give isl_set *mdh_model_context(struct mdh_model *model);

/* Returns the space of the elements of buffer "k" of "model", the tuple
 * "B<k>" of its accesses in "reads" and "writes". */
__isl_give isl_space *mdh_model_buffer_space(struct mdh_model *model, int k);

/* Tells whether buffer "b" of "model" shares its memory with another
 * buffer: they are different views of one base. */
int mdh_model_shares_memory(const struct mdh_model *model, int b);

/* Returns a string "S0=cp S1=cc" giving the kind of every dimension of every
 * statement (c: cc, p: pw, s: ps), to be freed by the caller. */
char *mdh_model_kinds_string(const struct mdh_model *model);

/* Tells whether "buf" is an intermediate of the chain of "m": a
 * memref.alloc, or a view of one, whose every use (through views) is a view
 * of the chain or its memref.dealloc. What the chain reads of it, the chain
 * wrote (an alloc's initial contents are undefined), and nothing reads it
 * after the chain: its contents need not travel between host and device, and
 * where the chain writes it, any buffer may stand in for it. */
int mdh_model_is_intermediate(const struct mdh_model *m, MlirValue buf);

/* Returns the extent of dimension "d" of "stmt", or -1 if it is not
 * static. */
int64_t mdh_stmt_extent(const struct mdh_stmt *stmt, int d);

/* Returns the instances of "stmt" per result point: the product of the
 * extents of its pw and ps dimensions (1 for a map), or -1 if one is not
 * static. */
int64_t mdh_stmt_reduction_points(const struct mdh_stmt *stmt);

#endif
