/* A small IR builder over the MLIR C API: the ops the mdh lowerings emit
 * (arith, memref, scf, func), built in generic form at an insertion point.
 * Shared by mdh-to-loops and the isl-AST-to-MLIR translator. */

#ifndef MDH_LIB_BUILDER_H
#define MDH_LIB_BUILDER_H

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"

/* Inserts into "block", before "before" (or at the end of "block" when
 * "before" is null), with location "loc". If "inline_calls", calls to
 * single-block functions are built as a copy of the callee's body. */
struct mdh_builder {
  MlirContext ctx;
  MlirLocation loc;
  MlirBlock block;
  MlirOperation before;
  int inline_calls;
};

/* A builder inserting before "op". */
struct mdh_builder mdh_builder_before(MlirOperation op);

/* A builder inserting before the terminator of "block" (the end of a loop or
 * branch body). */
struct mdh_builder mdh_builder_before_terminator(struct mdh_builder *parent,
                                                 MlirBlock block);

/* Creates the op "name" with the given operands, results and attributes and
 * inserts it; returns it. */
MlirOperation mdh_build_op(struct mdh_builder *b, const char *name,
                           intptr_t n_operands, const MlirValue *operands,
                           intptr_t n_results, const MlirType *results,
                           intptr_t n_attrs, const MlirNamedAttribute *attrs);

/* Inserts the op "op", created by the caller (one with regions, say). */
void mdh_build_insert(struct mdh_builder *b, MlirOperation op);

/* Declares `func.func private @name` of function type "type" at the start
 * of "module", unless "module" has a symbol "name" already. */
void mdh_declare_function(MlirOperation module, const char *name,
                          MlirType type);

/* Creates `func.func private @name(args) -> results` with an entry block
 * "*entry", inserted into the symbol table "table" (renamed if "name" is
 * taken); returns it. */
MlirOperation mdh_build_private_function(MlirSymbolTable table, MlirContext ctx,
                                         const char *name, int n_args,
                                         const MlirType *args, int n_results,
                                         const MlirType *results,
                                         MlirBlock *entry);

/* Ends the function whose entry block is "entry" with func.return of the
 * "n" values "values". */
void mdh_build_return(MlirContext ctx, MlirBlock entry, int n,
                      const MlirValue *values);

/* The identity functions `func.func private @name(T) -> T` that a pass
 * made in the symbol table "table", one per element type T: "fns"[k] for
 * "types"[k], "n" of them. Zero-initialize the other fields. */
struct mdh_identity_functions {
  MlirSymbolTable table;
  const char *name;
  int n;
  MlirType *types;
  MlirOperation *fns;
};

/* Returns the identity function of "ids" for "type", made at its first
 * use. */
MlirOperation mdh_identity_function(struct mdh_identity_functions *ids,
                                    MlirType type);

/* Frees the lists of "ids" (not the functions, which the module holds). */
void mdh_identity_functions_clear(struct mdh_identity_functions *ids);

/* Builds the arith.constant "value" of integer or index type "type"; of
 * index type. */
MlirValue mdh_build_int(struct mdh_builder *b, MlirType type, int64_t value);
MlirValue mdh_build_index(struct mdh_builder *b, int64_t value);

/* Builds the arith op "name" on two operands of the same type. */
MlirValue mdh_build_binary(struct mdh_builder *b, const char *name,
                           MlirValue lhs, MlirValue rhs);

/* Builds `arith.cmpi "predicate"` (eq, slt, ...), lane by lane on
 * vectors. */
MlirValue mdh_build_cmpi(struct mdh_builder *b, const char *predicate,
                         MlirValue lhs, MlirValue rhs);

/* Builds `arith.cmpf "predicate"` (oeq, une, ...). */
MlirValue mdh_build_cmpf(struct mdh_builder *b, const char *predicate,
                         MlirValue lhs, MlirValue rhs);

/* Builds `arith.select "cond", "then", "other"` (of the type of "then"). */
MlirValue mdh_build_select(struct mdh_builder *b, MlirValue cond,
                           MlirValue then, MlirValue other);

MlirValue mdh_build_load(struct mdh_builder *b, MlirValue memref, intptr_t n,
                         const MlirValue *indices);
void mdh_build_store(struct mdh_builder *b, MlirValue value, MlirValue memref,
                     intptr_t n, const MlirValue *indices);

/* Builds `memref.dim` of dimension "d" of "memref". */
MlirValue mdh_build_dim(struct mdh_builder *b, MlirValue memref, intptr_t d);
/* Builds the allocation "name" (memref.alloc, memref.alloca or gpu.alloc)
 * of "type" with the "n" extents "sizes" of its dynamic dimensions. */
MlirValue mdh_build_alloc_sized(struct mdh_builder *b, const char *name,
                                MlirType type, intptr_t n,
                                const MlirValue *sizes);
/* The same with the dynamic extents of "like", a memref of the same
 * shape. */
MlirValue mdh_build_alloc_like(struct mdh_builder *b, const char *name,
                               MlirType type, MlirValue like);
/* Builds the allocation "name" of a contiguous memref of "elem" with "rank"
 * dimensions of the given "sizes", where a size -1 (an MDA's dynamic size)
 * is a dynamic dimension of extent "extents[d]". */
MlirValue mdh_build_alloc_extents(struct mdh_builder *b, const char *name,
                                  MlirType elem, intptr_t rank,
                                  const int64_t *sizes,
                                  const MlirValue *extents);
/* Allocates (and deallocates) a statically shaped memref. */
MlirValue mdh_build_alloc(struct mdh_builder *b, MlirType type);
/* Allocates a statically shaped memref on the stack (memref.alloca). */
MlirValue mdh_build_alloca(struct mdh_builder *b, MlirType type);
void mdh_build_dealloc(struct mdh_builder *b, MlirValue memref);

/* Builds `scf.for %iv = lb to ub step 1` with an empty body; returns the body
 * block (its argument 0 is the induction variable). */
MlirBlock mdh_build_for(struct mdh_builder *b, MlirValue lb, MlirValue ub);

/* Builds `scf.for %iv = lb to ub step "step"` with an empty body; returns
 * the body block. */
MlirBlock mdh_build_for_step(struct mdh_builder *b, MlirValue lb, MlirValue ub,
                             MlirValue step);

/* Builds a one-dimensional `scf.parallel` (no reductions) with an empty body
 * ending in `scf.reduce`; returns the body block. */
MlirBlock mdh_build_parallel(struct mdh_builder *b, MlirValue lb, MlirValue ub,
                             MlirValue step);

/* Builds `scf.if %cond` with a then and an else block, returned in "then_b"
 * and "else_b". */
void mdh_build_if_else(struct mdh_builder *b, MlirValue cond, MlirBlock *then_b,
                       MlirBlock *else_b);

/* Builds `scf.if %cond` (with an empty else block) and returns a builder
 * inserting into its then block. */
struct mdh_builder mdh_build_if(struct mdh_builder *b, MlirValue cond);

/* Builds `func.call @callee(args)` with the result types of "fn_type" and
 * stores its results in "results"; with b->inline_calls, a single-block
 * callee's body is copied in instead (its func.return values are the
 * results). */
void mdh_build_call(struct mdh_builder *b, MlirStringRef callee,
                    MlirType fn_type, intptr_t n_args, const MlirValue *args,
                    MlirValue *results);

/* Evaluates the symbol-free affine expression "expr" on "dims" with arith
 * ops on index values (mod rounds towards negative infinity, as in MLIR). */
MlirValue mdh_build_affine_expr(struct mdh_builder *b, MlirAffineExpr expr,
                                const MlirValue *dims);

/* Evaluates every result of "map" on "dims" into "results". */
void mdh_build_affine_map(struct mdh_builder *b, MlirAffineMap map,
                          const MlirValue *dims, MlirValue *results);

/* The width in bits of integer or float type "type", else 0 (index has no
 * fixed width). */
int mdh_type_bits(MlirType type);

/* The size in bytes of an element of type "type" (8 for index). */
int64_t mdh_element_bytes(MlirType type);

#endif
