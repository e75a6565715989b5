/* mdh-from-linalg: raises linalg structured ops on memrefs into mdh chains
 * (issue 14), so that code that exists as linalg reaches the mdh pipelines
 * with its structure: a linalg op's loops are the md_hom's index space,
 * its indexing maps the views' accesses, its iterators the combine kinds
 * (parallel: cc; reduction: pw with the operator that combines the output
 * with the body's value) and its body the scalar function.
 *
 * Every structured op qualifies, the named ones included (matmul, conv_*,
 * pooling_*, reduce, map, transpose, broadcast, fill, copy, ...): their
 * indexing maps come from the LinalgOp interface (the C API's
 * mlirLinalgGetIndexingMapsAttribute) and their bodies are in the IR. A
 * loop is a reduction when no output map uses it, as for linalg.generic's
 * iterator types.
 *
 * Linalg reads its outputs ("outs"): a reduction starts from the output's
 * old value, and a parallel body may read it. A md_hom only writes its
 * outputs, and may not read an element it writes, so the old value is kept
 * exactly by copies:
 *
 *   parallel, output read:  T = C;  C = f(inputs, T)
 *   reduction (C += A B):   R = sum f(inputs);  C (+)= R
 *
 * (T and R are temporaries freed after the chain; a body that does not
 * read its output needs no copy. C (+)= R is a md_hom over C's shape and
 * one pw dimension of size 1 whose out_view accumulates into C: one
 * combination per element, so the sum is that of R, exactly.) Where the order
 * of combination cannot change the result (integers, min, max) or the program
 * lets it change (fastmath<reassoc> on the combining op, mdh.reassociate on the
 * function or module), a reduction with one output is one md_hom whose out_view
 * accumulates into C (mdh.accumulate) instead (may_accumulate). A reduction
 * whose output a linalg.fill has just set to the identity of its operator (C =
 * 0; C += A B, the usual form of a contraction) starts from nothing instead:
 * one md_hom writes C, and the fill goes, when the fill's constant is that
 * identity, the reduction is the first op after the fill to touch C, covers all
 * of C and reads no view of C (fill_absorbed_by). An op is left as it is, for
 * the upstream lowering to handle, when one of these does not hold: memref
 * operands (tensors: bufferize first, docs/passes.md), loop sizes that are
 * static or that the inputs determine (read_dynamic), a body without regions
 * whose values from outside are constants, a reduction whose every output is
 * combined with a builtin operator the dialect has (add, mul, min, max, and,
 * or, xor as arith ops), outputs that are injective projections of the parallel
 * loops, no two outputs that alias (an input that aliases an output, as
 * bufferization makes them, is read through a copy). The md_homs of a function
 * form one chain in one block (lib/chain.c): ops are raised from the function's
 * entry block in order, until an op that is not raised touches a buffer of
 * those raised before it.
 */

#include "dialect/attrs.h"
#include "dialect/dialect.h"
#include "dialect/extents.h"
#include "dialect/operators.h"
#include "lib/builder.h"
#include "lib/stmt.h"
#include "mdh-c/Dialect.h"
#include "passes/pass.h"
#include "support/diag.h"
#include "support/ir.h"
#include "support/str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most loops and operands of an op raised: the dialect's limit on the
 * dimensions of a md_hom (dialect/verify.c), and more operands than any
 * named op has. */
#define MAX_LOOPS 64
#define MAX_OPERANDS 32

/* One linalg op being raised: its "n_in" inputs and "n_out" outputs (the
 * operands in that order, "maps" their indexing maps, "arg" the body's
 * block arguments), the sizes of its "rank" loops and which of them are
 * reductions. For a reduction, output k is combined with "part"[k] by the
 * body op "combine"[k], the builtin operator "oper"[k]. "why" says why the
 * op is left alone. */
struct raise {
  MlirOperation op;
  MlirBlock body;
  int n_in, n_out, rank;
  int64_t sizes[MAX_LOOPS];
  int reduction[MAX_LOOPS], any_reduction;
  MlirValue operand[MAX_OPERANDS], arg[MAX_OPERANDS];
  MlirAffineMap maps[MAX_OPERANDS];
  MlirOperation combine[MAX_OPERANDS];
  MlirValue part[MAX_OPERANDS];
  const char *oper[MAX_OPERANDS];
  int copy_in[MAX_OPERANDS];
  int fresh[MAX_OPERANDS];
  int index_aware;
  int dynamic;
  const char *why;
};

/* The temporaries and functions made for one function: "temps" are freed
 * after its chain; "module" and "table" receive the scalar functions;
 * "copies" are the identity functions of the copies, one per element
 * type. */
struct raiser {
  MlirOperation module;
  MlirSymbolTable table;
  MlirValue *temps;
  int n_temps;
  struct mdh_identity_functions copies;
};

/* Returns the builtin combine operator that the arith op "op" computes
 * (dialect/operators.h), or NULL. */
static const char *combine_operator(MlirOperation op) {
  const struct mdh_operator *oper =
      mdh_operator_of_arith(mlirIdentifierStr(mlirOperationGetName(op)));

  return oper ? oper->name : NULL;
}

/* Tells whether "value" has exactly one use, by "op". */
static int only_used_by(MlirValue value, MlirOperation op) {
  MlirOpOperand use = mlirValueGetFirstUse(value);

  return !mlirOpOperandIsNull(use) &&
         mlirOperationEqual(mlirOpOperandGetOwner(use), op) &&
         mlirOpOperandIsNull(mlirOpOperandGetNextUse(use));
}

/* Sets the operand counts of "r": the operand segments of ops with
 * variadic inputs and outputs, else one output (map, transpose,
 * broadcast). */
static void count_operands(struct raise *r) {
  MlirAttribute seg = mlirOperationGetAttributeByName(
      r->op, mlirStringRefCreateFromCString("operandSegmentSizes"));
  int n = (int)mlirOperationGetNumOperands(r->op);

  if (!mlirAttributeIsNull(seg) && mlirAttributeIsADenseI32Array(seg) &&
      mlirDenseArrayGetNumElements(seg) == 2) {
    r->n_in = mlirDenseI32ArrayGetElement(seg, 0);
    r->n_out = mlirDenseI32ArrayGetElement(seg, 1);
  } else {
    r->n_in = n - 1;
    r->n_out = 1;
  }
}

/* Reads the operands, maps and block arguments of "r"; sets "why" if they
 * do not fit. */
static void read_operands(struct raise *r, MlirAttribute maps) {
  int n, k;

  count_operands(r);
  n = r->n_in + r->n_out;
  if (mlirOperationGetNumResults(r->op) > 0) {
    r->why = "it has results (linalg on tensors: bufferize first)";
    return;
  }
  if (n > MAX_OPERANDS || r->n_out < 1 ||
      n != mlirArrayAttrGetNumElements(maps) ||
      n != (int)mlirOperationGetNumOperands(r->op) ||
      mlirOperationGetNumRegions(r->op) != 1) {
    r->why = "its operands are not those of a structured op";
    return;
  }
  r->body = mlirRegionGetFirstBlock(mlirOperationGetRegion(r->op, 0));
  if (mlirBlockIsNull(r->body) || mlirBlockGetNumArguments(r->body) != n) {
    r->why = "its body does not have one argument per operand";
    return;
  }
  for (k = 0; k < n; ++k) {
    r->operand[k] = mlirOperationGetOperand(r->op, k);
    r->arg[k] = mlirBlockGetArgument(r->body, k);
    r->maps[k] = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, k));
  }
  r->rank = (int)mlirAffineMapGetNumDims(r->maps[0]);
  if (r->rank > MAX_LOOPS)
    r->why = "it has too many loops";
}

/* Tells whether the scalar operand "value" is an arith.constant. */
static int is_constant(MlirValue value) {
  return mlirValueIsAOpResult(value) &&
         mdh_op_is(mlirOpResultGetOwner(value), "arith.constant");
}

/* Checks the operand types and sets the loop sizes of "r" from the
 * operands' shapes: a loop is sized by an operand dimension that its map
 * reads as exactly that loop, a static one if there is one (linalg's
 * contract: the operands agree on every loop's size), else it is dynamic
 * (-1, a dynamic MDA size: the extent comes from the input buffers when
 * the function runs). */
static void read_sizes(struct raise *r) {
  int k, d, res;
  MlirType type;
  MlirAffineExpr e;

  for (d = 0; d < r->rank; ++d)
    r->sizes[d] = 0;
  for (k = 0; k < r->n_in + r->n_out && !r->why; ++k) {
    type = mlirValueGetType(r->operand[k]);
    if (!mlirTypeIsAMemRef(type)) {
      if (k >= r->n_in || mlirTypeIsAShaped(type))
        r->why = "an operand is not a memref (linalg on tensors: bufferize "
                 "first)";
      else if (!is_constant(r->operand[k]) &&
               !mlirOpOperandIsNull(mlirValueGetFirstUse(r->arg[k])))
        r->why = "a scalar input is not a constant";
      continue;
    }
    for (res = 0; res < (int)mlirAffineMapGetNumResults(r->maps[k]); ++res) {
      e = mlirAffineMapGetResult(r->maps[k], res);
      if (!mlirAffineExprIsADim(e))
        continue;
      d = (int)mlirAffineDimExprGetPosition(e);
      if (!mlirShapedTypeIsDynamicDim(type, res))
        r->sizes[d] = mlirShapedTypeGetDimSize(type, res);
      else if (r->sizes[d] == 0)
        r->sizes[d] = -1;
    }
  }
  for (d = 0; d < r->rank && !r->why; ++d) {
    if (r->sizes[d] == 0)
      r->why = "a loop's size is not the size of an operand dimension";
    r->dynamic |= r->sizes[d] < 0;
  }
}

/* Marks the reduction loops of "r" (those no output map uses) and checks
 * that each output map is an injective projection of the parallel loops:
 * the out_views must be injective (MDH). */
static void read_loops(struct raise *r) {
  int k, d, res, seen[MAX_LOOPS];
  MlirAffineMap map;
  MlirAffineExpr e;

  for (d = 0; d < r->rank; ++d)
    r->reduction[d] = 1;
  for (k = r->n_in; k < r->n_in + r->n_out; ++k)
    for (res = 0; res < (int)mlirAffineMapGetNumResults(r->maps[k]); ++res) {
      e = mlirAffineMapGetResult(r->maps[k], res);
      if (mlirAffineExprIsADim(e))
        r->reduction[mlirAffineDimExprGetPosition(e)] = 0;
    }
  for (d = 0; d < r->rank; ++d)
    r->any_reduction |= r->reduction[d];
  for (k = r->n_in; k < r->n_in + r->n_out && !r->why; ++k) {
    map = r->maps[k];
    memset(seen, 0, sizeof(seen));
    for (res = 0; res < (int)mlirAffineMapGetNumResults(map); ++res) {
      e = mlirAffineMapGetResult(map, res);
      if (!mlirAffineExprIsADim(e) || seen[mlirAffineDimExprGetPosition(e)]++)
        r->why = "an output's map is not a projection of its loops";
    }
    for (d = 0; d < r->rank; ++d)
      if (!r->reduction[d] && !seen[d])
        r->why = "an output's map does not use every parallel loop";
  }
}

/* Tells whether "value" is defined in the body of "r". */
static int defined_in_body(struct raise *r, MlirValue value) {
  MlirOperation owner;

  if (mlirValueIsABlockArgument(value))
    return mlirBlockEqual(mlirBlockArgumentGetOwner(value), r->body);
  owner = mlirOpResultGetOwner(value);
  return mlirBlockEqual(mlirOperationGetBlock(owner), r->body);
}

/* Checks the body of "r": no regions, and values from outside only
 * constants; notes linalg.index. */
static void read_body(struct raise *r) {
  MlirOperation op;
  MlirValue v;
  intptr_t i;

  for (op = mlirBlockGetFirstOperation(r->body);
       !mlirOperationIsNull(op) && !r->why;
       op = mlirOperationGetNextInBlock(op)) {
    if (mlirOperationGetNumRegions(op) > 0)
      r->why = "its body has an op with regions";
    if (mdh_op_is(op, "linalg.index"))
      r->index_aware = 1;
    for (i = 0; i < mlirOperationGetNumOperands(op); ++i) {
      v = mlirOperationGetOperand(op, i);
      if (!defined_in_body(r, v) && !is_constant(v))
        r->why = "its body uses a value from outside that is not a constant";
    }
  }
}

/* Finds how each output of the reduction "r" is combined: the yielded
 * value is OP(output, part) or OP(part, output) with a builtin operator
 * OP, and the output's block argument has no other use. */
static void read_reduction(struct raise *r) {
  MlirOperation yield = mlirBlockGetTerminator(r->body), c;
  MlirValue v, out, lhs, rhs;
  int k;

  for (k = 0; k < r->n_out && !r->why; ++k) {
    v = mlirOperationGetOperand(yield, k);
    out = r->arg[r->n_in + k];
    r->why = "its reduction does not combine each output with a builtin "
             "operator (add, mul, min, max, and, or, xor)";
    if (!mlirValueIsAOpResult(v))
      continue;
    c = mlirOpResultGetOwner(v);
    r->oper[k] = combine_operator(c);
    if (!r->oper[k] || mlirOperationGetNumOperands(c) != 2 ||
        !only_used_by(v, yield) || !only_used_by(out, c))
      continue;
    lhs = mlirOperationGetOperand(c, 0);
    rhs = mlirOperationGetOperand(c, 1);
    if (!mlirValueEqual(lhs, out) && !mlirValueEqual(rhs, out))
      continue;
    r->combine[k] = c;
    r->part[k] = mlirValueEqual(lhs, out) ? rhs : lhs;
    r->why = NULL;
  }
}

/* Notes the inputs of "r" that alias an output (in place, as after
 * bufferization: a md_hom may not read what it writes, so the md_hom reads
 * a copy), and checks that no two outputs alias. */
static void read_aliases(struct raise *r) {
  int i, k;

  for (k = r->n_in; k < r->n_in + r->n_out; ++k)
    for (i = 0; i < k; ++i) {
      if (!mlirTypeIsAMemRef(mlirValueGetType(r->operand[i])) ||
          !mdh_values_alias(r->operand[i], r->operand[k]))
        continue;
      if (i < r->n_in)
        r->copy_in[i] = 1;
      else
        r->why = "two of its outputs alias";
    }
}

static int is_view_input(struct raise *r, int k);
static MlirAttribute combine_attr(MlirContext ctx, struct raise *r, int d);

/* Checks that the input views of "r" determine each of its dynamic loop
 * sizes as the dialect defines them (dialect/extents.h: the largest extent
 * that keeps every access of an input inside its buffer), on a md_hom of
 * those views built aside and erased again. A loop that only an output or
 * an unread input sizes (a fill, a broadcast) is not determined: the op is
 * left alone. */
static void read_dynamic(struct raise *r) {
  MlirContext ctx = mlirOperationGetContext(r->op);
  MlirLocation loc = mlirOperationGetLocation(r->op);
  MlirOperation views[MAX_OPERANDS], hom;
  MlirValue values[MAX_OPERANDS];
  MlirAttribute combine[MAX_LOOPS];
  int64_t result_sizes[MAX_LOOPS];
  MlirType mda = mdhMdaTypeGet(ctx, r->rank, r->sizes);
  struct mdh_extents ext;
  struct mdh_str err;
  isl_ctx *isl;
  int k, d, n = 0, rc;

  for (k = 0; k < r->n_in; ++k) {
    if (!is_view_input(r, k))
      continue;
    views[n] = mdhInpViewCreate(loc, r->operand[k], mda, 1, &r->maps[k]);
    values[n] = mlirOperationGetResult(views[n], 0);
    ++n;
  }
  for (d = 0; d < r->rank; ++d) {
    combine[d] = combine_attr(ctx, r, d);
    result_sizes[d] = r->reduction[d] ? 1 : r->sizes[d];
  }
  hom =
      mdhMdHomCreate(loc, n, values, mdhMdaTypeGet(ctx, r->rank, result_sizes),
                     mlirStringRefCreateFromCString("f"), r->rank, combine);
  isl = mdh_isl_ctx_alloc();
  mdh_str_init(&err);
  rc = n > 0 ? mdh_extents_compute(isl, hom, &ext, &err) : 1;
  if (n > 0)
    mdh_extents_clear(&ext);
  mdh_str_clear(&err);
  isl_ctx_free(isl);
  mlirOperationDestroy(hom);
  for (k = 0; k < n; ++k)
    mlirOperationDestroy(views[k]);
  if (rc != 0)
    r->why = "its inputs do not determine a dynamic loop size";
}

/* Analyses the linalg op "op"; returns whether it can be raised, else
 * leaves the reason in "r->why". */
static int analyse(struct raise *r, MlirOperation op) {
  MlirAttribute maps = mlirLinalgGetIndexingMapsAttribute(op);

  memset(r, 0, sizeof(*r));
  r->op = op;
  if (mlirAttributeIsNull(maps)) {
    r->why = "it is not a structured op";
    return 0;
  }
  read_operands(r, maps);
  if (!r->why)
    read_sizes(r);
  if (!r->why)
    read_loops(r);
  if (!r->why)
    read_body(r);
  if (!r->why && r->any_reduction)
    read_reduction(r);
  if (!r->why)
    read_aliases(r);
  if (!r->why && r->dynamic)
    read_dynamic(r);
  return r->why == NULL;
}

/* A map from the values of a linalg body to those of the scalar function
 * outlined from it. */
struct value_map {
  MlirValue *from, *to;
  int n, cap;
  MlirBlock entry;
};

static void value_map_add(struct value_map *vm, MlirValue from, MlirValue to) {
  if (vm->n == vm->cap) {
    vm->cap = 2 * vm->cap + 16;
    vm->from = realloc(vm->from, vm->cap * sizeof(*vm->from));
    vm->to = realloc(vm->to, vm->cap * sizeof(*vm->to));
    if (!vm->from || !vm->to)
      abort();
  }
  vm->from[vm->n] = from;
  vm->to[vm->n++] = to;
}

/* Returns what "value" is in the function, cloning a constant from
 * outside the body into it; a null value if it has no image. */
static MlirValue value_map_get(struct value_map *vm, MlirValue value) {
  MlirOperation clone;
  int i;

  for (i = 0; i < vm->n; ++i)
    if (mlirValueEqual(vm->from[i], value))
      return vm->to[i];
  if (!is_constant(value))
    return (MlirValue){NULL};
  clone = mlirOperationClone(mlirOpResultGetOwner(value));
  mlirBlockInsertOwnedOperation(vm->entry, 0, clone);
  value_map_add(vm, value, mlirOperationGetResult(clone, 0));
  return mlirOperationGetResult(clone, 0);
}

/* Returns the element type of the memref or scalar "value". */
static MlirType element_type(MlirValue value) {
  MlirType type = mlirValueGetType(value);

  return mlirTypeIsAShaped(type) ? mlirShapedTypeGetElementType(type) : type;
}

/* Tells whether input "k" of "r" becomes an input view of the md_hom: a
 * memref the body reads. */
static int is_view_input(struct raise *r, int k) {
  return mlirTypeIsAMemRef(mlirValueGetType(r->operand[k])) &&
         !mlirOpOperandIsNull(mlirValueGetFirstUse(r->arg[k]));
}

/* Tells whether output "k" of the parallel op "r" is read by its body. */
static int reads_output(struct raise *r, int k) {
  return !r->any_reduction &&
         !mlirOpOperandIsNull(mlirValueGetFirstUse(r->arg[r->n_in + k]));
}

/* Outlines the body of "r" as the scalar function of its md_hom: the loop
 * indices (when the body reads linalg.index), the inputs read through
 * views, then the outputs a parallel body reads; its results are the
 * yielded values, or for a reduction the parts combined with the outputs.
 * Returns the function, or a null op if a value has no image. */
static MlirOperation outline_body(struct raiser *rs, struct raise *r,
                                  const char *name) {
  MlirContext ctx = mlirOperationGetContext(r->op);
  MlirType args[MAX_LOOPS + 2 * MAX_OPERANDS], results[MAX_OPERANDS];
  MlirValue ret[MAX_OPERANDS];
  struct value_map *vm = calloc(1, sizeof(*vm));
  MlirOperation func, op, clone, yield = mlirBlockGetTerminator(r->body);
  int n = 0, k, d, base, skip, ok = 1;
  intptr_t i;
  MlirValue v;

  if (!vm)
    abort();
  if (r->index_aware)
    for (d = 0; d < r->rank; ++d)
      args[n++] = mlirIndexTypeGet(ctx);
  for (k = 0; k < r->n_in; ++k)
    if (is_view_input(r, k))
      args[n++] = element_type(r->operand[k]);
  for (k = 0; k < r->n_out; ++k)
    if (reads_output(r, k))
      args[n++] = element_type(r->operand[r->n_in + k]);
  for (k = 0; k < r->n_out; ++k)
    results[k] = mlirValueGetType(
        r->any_reduction ? r->part[k] : mlirOperationGetOperand(yield, k));
  func =
      mdh_build_private_function(rs->table, mlirOperationGetContext(rs->module),
                                 name, n, args, r->n_out, results, &vm->entry);
  base = r->index_aware ? r->rank : 0;
  n = base;
  for (k = 0; k < r->n_in; ++k) {
    if (is_view_input(r, k))
      value_map_add(vm, r->arg[k], mlirBlockGetArgument(vm->entry, n++));
    else if (!mlirTypeIsAMemRef(mlirValueGetType(r->operand[k])) &&
             !mlirOpOperandIsNull(mlirValueGetFirstUse(r->arg[k])))
      value_map_add(vm, r->arg[k], value_map_get(vm, r->operand[k]));
  }
  for (k = 0; k < r->n_out; ++k)
    if (reads_output(r, k))
      value_map_add(vm, r->arg[r->n_in + k],
                    mlirBlockGetArgument(vm->entry, n++));
  for (op = mlirBlockGetFirstOperation(r->body);
       ok && !mlirOperationEqual(op, yield);
       op = mlirOperationGetNextInBlock(op)) {
    if (mdh_op_is(op, "linalg.index")) {
      d = (int)mlirIntegerAttrGetValueInt(mlirOperationGetAttributeByName(
          op, mlirStringRefCreateFromCString("dim")));
      value_map_add(vm, mlirOperationGetResult(op, 0),
                    mlirBlockGetArgument(vm->entry, d));
      continue;
    }
    for (skip = 0, k = 0; k < r->n_out; ++k)
      skip |= r->any_reduction && mlirOperationEqual(op, r->combine[k]);
    if (skip)
      continue;
    clone = mlirOperationClone(op);
    mlirBlockAppendOwnedOperation(vm->entry, clone);
    for (i = 0; i < mlirOperationGetNumOperands(op); ++i) {
      v = value_map_get(vm, mlirOperationGetOperand(op, i));
      if (mlirValueIsNull(v))
        ok = 0;
      else
        mlirOperationSetOperand(clone, i, v);
    }
    for (i = 0; i < mlirOperationGetNumResults(op); ++i)
      value_map_add(vm, mlirOperationGetResult(op, i),
                    mlirOperationGetResult(clone, i));
  }
  for (k = 0; ok && k < r->n_out; ++k) {
    ret[k] = value_map_get(
        vm, r->any_reduction ? r->part[k] : mlirOperationGetOperand(yield, k));
    ok = !mlirValueIsNull(ret[k]);
  }
  if (ok)
    mdh_build_return(ctx, vm->entry, r->n_out, ret);
  free(vm->from);
  free(vm->to);
  free(vm);
  if (!ok) {
    mlirSymbolTableErase(rs->table, func);
    return (MlirOperation){NULL};
  }
  return func;
}

/* Returns a new temporary like the memref "like" (its shape, dynamic
 * extents included, and element type, the identity layout), freed after
 * the chain. */
static MlirValue build_temp(struct raiser *rs, struct mdh_builder *b,
                            MlirValue like) {
  MlirType type = mlirValueGetType(like);
  intptr_t d, rank = mlirShapedTypeGetRank(type);
  int64_t shape[MAX_LOOPS];
  MlirValue temp;

  for (d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(type, d);
  temp = mdh_build_alloc_like(
      b, "memref.alloc",
      mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(type), rank,
                                  shape, mlirMemRefTypeGetMemorySpace(type)),
      like);
  rs->temps = realloc(rs->temps, (rs->n_temps + 1) * sizeof(*rs->temps));
  if (!rs->temps)
    abort();
  rs->temps[rs->n_temps++] = temp;
  return temp;
}

/* The index space of an element-wise md_hom over the memref "buffer": its
 * shape (a dynamic extent is a dynamic size, which the buffer, read
 * through the md_hom's input view, determines), and one dimension of size 1 for
 * a 0-D buffer, whose accesses are then (d0) -> (). Returns the rank, "sizes"
 * and the access map. */
static int elementwise_space(MlirContext ctx, MlirValue buffer, int64_t *sizes,
                             MlirAffineMap *map) {
  MlirType type = mlirValueGetType(buffer);
  int d, rank = (int)mlirShapedTypeGetRank(type);

  if (rank == 0) {
    sizes[0] = 1;
    *map = mlirAffineMapZeroResultGet(ctx, 1, 0);
    return 1;
  }
  for (d = 0; d < rank; ++d)
    sizes[d] = mlirShapedTypeIsDynamicDim(type, d)
                   ? -1
                   : mlirShapedTypeGetDimSize(type, d);
  *map = mlirAffineMapMultiDimIdentityGet(ctx, rank);
  return rank;
}

/* Builds the element-wise md_hom "to" = fn("from"...) over the buffers
 * "from" (all of the shape of "to"); returns its out_view. */
static MlirOperation build_elementwise(struct mdh_builder *b, int n,
                                       const MlirValue *from, MlirValue to,
                                       MlirOperation fn) {
  int64_t sizes[MAX_LOOPS];
  MlirAttribute cc[MAX_LOOPS];
  MlirValue views[2], result;
  MlirAffineMap map;
  int k, d, rank = elementwise_space(b->ctx, to, sizes, &map);

  for (k = 0; k < n; ++k)
    views[k] =
        mdh_build_inp_view(b, from[k], map, mdhMdaTypeGet(b->ctx, rank, sizes));
  for (d = 0; d < rank; ++d)
    cc[d] = mdhCcAttrGet(b->ctx);
  result = mdh_build_md_hom(b, n, views, fn, rank, sizes, cc, 0);
  return mdh_build_out_view(b, result, to, map, 0);
}

/* Builds "to" (+)= "from" over two buffers of one shape, exactly: an
 * element-wise md_hom with one more dimension, pw with operator "oper" and
 * of size 1, whose out_view accumulates (mdh.accumulate), so that each
 * element of "to" is combined once with that of "from" ("fn" the identity
 * of their element type). Returns the out_view. */
static MlirOperation build_fold_into(struct mdh_builder *b, MlirValue from,
                                     MlirValue to, const char *oper,
                                     MlirOperation fn) {
  int64_t sizes[MAX_LOOPS + 1];
  MlirAttribute kinds[MAX_LOOPS + 1];
  MlirAffineExpr exprs[MAX_LOOPS];
  MlirAffineMap map;
  MlirValue view, result;
  MlirOperation out;
  intptr_t d, n;
  int rank = elementwise_space(b->ctx, to, sizes, &map);

  n = mlirAffineMapGetNumResults(map);
  for (d = 0; d < n; ++d)
    exprs[d] = mlirAffineDimExprGet(b->ctx, d);
  map = mlirAffineMapGet(b->ctx, rank + 1, 0, n, exprs);
  for (d = 0; d < rank; ++d)
    kinds[d] = mdhCcAttrGet(b->ctx);
  sizes[rank] = 1;
  kinds[rank] = mdhPwAttrGet(
      b->ctx, mlirStringAttrGet(b->ctx, mlirStringRefCreateFromCString(oper)));
  view =
      mdh_build_inp_view(b, from, map, mdhMdaTypeGet(b->ctx, rank + 1, sizes));
  result = mdh_build_md_hom(b, 1, &view, fn, rank + 1, sizes, kinds, 0);
  out = mdh_build_out_view(b, result, to, map, 0);
  mdhOutViewSetAccumulating(out, true);
  return out;
}

/* Returns the identity function of the element type of "buffer" (one
 * `func.func private @mdh_linalg_copy(T) -> T` per type). */
static MlirOperation identity_function(struct raiser *rs, MlirValue buffer) {
  return mdh_identity_function(&rs->copies, element_type(buffer));
}

/* Returns the combine operator of dimension "d" of "r": #mdh.cc, or
 * #mdh.pw with the operator of each output. */
static MlirAttribute combine_attr(MlirContext ctx, struct raise *r, int d) {
  MlirAttribute names[MAX_OPERANDS];
  int k;

  if (!r->reduction[d])
    return mdhCcAttrGet(ctx);
  for (k = 0; k < r->n_out; ++k)
    names[k] =
        mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(r->oper[k]));
  return mdhPwAttrGet(
      ctx, r->n_out == 1 ? names[0] : mlirArrayAttrGet(ctx, r->n_out, names));
}

/* Tells whether the fastmath flags of the arith op "op" allow
 * reassociation: reassoc, or fast (all flags). */
static int allows_reassociation(MlirOperation op) {
  MlirAttribute flags = mlirOperationGetAttributeByName(
      op, mlirStringRefCreateFromCString("fastmath"));
  struct mdh_str text;
  char *tok, *save = NULL;
  int yes = 0;

  if (mlirAttributeIsNull(flags))
    return 0;
  mdh_str_init(&text);
  mdh_str_append_attr(&text, flags);
  tok = strchr(text.data, '<');
  for (tok = tok ? strtok_r(tok + 1, ", >", &save) : NULL; tok && !yes;
       tok = strtok_r(NULL, ", >", &save))
    yes = !strcmp(tok, "reassoc") || !strcmp(tok, "fast");
  mdh_str_clear(&text);
  return yes;
}

/* Tells whether the reduction "r" may start from its output's value (an
 * accumulating out_view, mdh.accumulate) rather than combine its result
 * with the old value afterwards: one output that no fill set (an
 * accumulating out_view is its md_hom's only one), and an order of
 * combination that cannot change the result (integers; min and max) or
 * that the program lets change it (fastmath<reassoc> on the combining op,
 * or mdh.reassociate on the function or module). */
static int may_accumulate(struct raise *r) {
  if (!r->any_reduction || r->n_out != 1 || r->fresh[0])
    return 0;
  if (!mlirTypeIsAFloat(element_type(r->operand[r->n_in])) ||
      !strcmp(r->oper[0], "min") || !strcmp(r->oper[0], "max"))
    return 1;
  return allows_reassociation(r->combine[0]) ||
         mdh_attr_find_reassociate(r->op);
}

/* Builds the mdh ops of "r" before it (see the top of this file); returns
 * the last op built, or a null op (nothing built) if its body cannot be
 * outlined. */
static MlirOperation build(struct raiser *rs, struct raise *r) {
  struct mdh_builder b = mdh_builder_before(r->op);
  MlirValue views[2 * MAX_OPERANDS], old[MAX_OPERANDS], dst[MAX_OPERANDS];
  MlirValue red[MAX_OPERANDS];
  MlirAttribute combine[MAX_LOOPS];
  MlirOperation fn, last = {NULL};
  MlirValue result, in;
  MlirType mda;
  char name[128];
  int k, d, n = 0, accumulate;

  b.loc = mlirOperationGetLocation(r->op);
  snprintf(name, sizeof(name), "mdh_linalg_%.*s",
           (int)mlirIdentifierStr(mlirOperationGetName(r->op)).length - 7,
           mlirIdentifierStr(mlirOperationGetName(r->op)).data + 7);
  fn = outline_body(rs, r, name);
  if (mlirOperationIsNull(fn))
    return last;
  /* The old values of the outputs that a parallel body reads; a reduction
   * goes into a temporary, unless its output is "fresh" (filled with the
   * operator's identity right before): it then starts from nothing and
   * writes the output itself. */
  for (k = 0; k < r->n_out; ++k) {
    dst[k] = r->operand[r->n_in + k];
    old[k] = (MlirValue){NULL};
    if (reads_output(r, k)) {
      old[k] = build_temp(rs, &b, dst[k]);
      build_elementwise(&b, 1, &dst[k], old[k], identity_function(rs, dst[k]));
    }
  }
  accumulate = may_accumulate(r);
  for (k = 0; k < r->n_out; ++k)
    red[k] = r->any_reduction && !r->fresh[k] && !accumulate
                 ? build_temp(rs, &b, dst[k])
                 : dst[k];
  mda = mdhMdaTypeGet(b.ctx, r->rank, r->sizes);
  for (k = 0; k < r->n_in; ++k) {
    if (!is_view_input(r, k))
      continue;
    in = r->operand[k];
    if (r->copy_in[k]) {
      in = build_temp(rs, &b, r->operand[k]);
      build_elementwise(&b, 1, &r->operand[k], in,
                        identity_function(rs, r->operand[k]));
    }
    views[n++] = mdh_build_inp_view(&b, in, r->maps[k], mda);
  }
  for (k = 0; k < r->n_out; ++k)
    if (reads_output(r, k))
      views[n++] = mdh_build_inp_view(&b, old[k], r->maps[r->n_in + k], mda);
  for (d = 0; d < r->rank; ++d)
    combine[d] = combine_attr(b.ctx, r, d);
  result = mdh_build_md_hom(&b, n, views, fn, r->rank, r->sizes, combine,
                            r->index_aware);
  for (k = 0; k < r->n_out; ++k)
    last = mdh_build_out_view(&b, result, red[k], r->maps[r->n_in + k], k);
  if (accumulate) {
    mdhOutViewSetAccumulating(last, true);
    return last;
  }
  /* Each output of a reduction: its old value combined with the result,
   * one combination per element. This step comes after the reduction and
   * reads its result, so mdh-schedule keeps it out of the reduction's own
   * loop order. */
  for (k = 0; r->any_reduction && k < r->n_out; ++k)
    if (!r->fresh[k])
      last = build_fold_into(&b, red[k], dst[k], r->oper[k],
                             identity_function(rs, dst[k]));
  return last;
}

/* Tells whether "op" is an op of the linalg dialect. */
static int is_linalg(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));

  return name.length > 7 && !strncmp(name.data, "linalg.", 7);
}

/* Adds the memref operands of "r" to the "*n" buffers "*bufs" of the
 * chain. */
static void add_buffers(struct raise *r, MlirValue **bufs, size_t *n) {
  int k;

  *bufs = realloc(*bufs, (*n + r->n_in + r->n_out + 1) * sizeof(**bufs));
  if (!*bufs)
    abort();
  for (k = 0; k < r->n_in + r->n_out; ++k)
    if (mlirTypeIsAMemRef(mlirValueGetType(r->operand[k])))
      (*bufs)[(*n)++] = r->operand[k];
}

/* Tells whether the constant "value" is the identity of the builtin
 * operator "oper" on its type. */
static int is_identity_of(MlirValue value, const char *oper) {
  const struct mdh_operator *op =
      mdh_operator_find(mlirStringRefCreateFromCString(oper));
  MlirAttribute attr;
  MlirType type;
  unsigned w;

  if (!op || !is_constant(value))
    return 0;
  attr = mlirOperationGetAttributeByName(
      mlirOpResultGetOwner(value), mlirStringRefCreateFromCString("value"));
  type = mlirValueGetType(value);
  if (mlirAttributeIsAFloat(attr))
    return op->float_op &&
           mlirFloatAttrGetValueDouble(attr) == mdh_operator_identity_float(op);
  if (!mlirAttributeIsAInteger(attr) || !mlirTypeIsAInteger(type))
    return 0;
  w = mlirIntegerTypeGetWidth(type);
  return w >= 2 && w <= 64 &&
         mlirIntegerAttrGetValueInt(attr) == mdh_operator_identity_int(op, w);
}

/* Tells whether output "k" of "r" covers every element of its buffer: a
 * map result per buffer dimension, each a loop of the dimension's size
 * (where one of the two is dynamic, they agree by linalg's contract). */
static int covers_output(struct raise *r, int k) {
  MlirAffineMap map = r->maps[r->n_in + k];
  MlirType type = mlirValueGetType(r->operand[r->n_in + k]);
  intptr_t res, n = mlirAffineMapGetNumResults(map);

  if (n != mlirShapedTypeGetRank(type))
    return 0;
  for (res = 0; res < n; ++res) {
    int64_t size = r->sizes[mlirAffineDimExprGetPosition(
        mlirAffineMapGetResult(map, res))];
    if (size >= 0 && !mlirShapedTypeIsDynamicDim(type, res) &&
        size != mlirShapedTypeGetDimSize(type, res))
      return 0;
  }
  return 1;
}

/* If "fill" is a linalg.fill of a memref C with a constant, and the first
 * op after it that touches C is a raisable reduction ("r") into all of C,
 * whose operator has that constant as its identity, and that reads C
 * through no input: returns the index of C among its outputs (the
 * reduction may then start from nothing and write C itself, and the fill
 * is not needed), else -1. */
static int fill_absorbed_by(MlirOperation fill, struct raise *r) {
  MlirValue c, value;
  MlirOperation op;
  int k, i;

  if (!mdh_op_is(fill, "linalg.fill") || mlirOperationGetNumOperands(fill) != 2)
    return -1;
  value = mlirOperationGetOperand(fill, 0);
  c = mlirOperationGetOperand(fill, 1);
  if (!mlirTypeIsAMemRef(mlirValueGetType(c)))
    return -1;
  for (op = mlirOperationGetNextInBlock(fill); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (!mlirOperationIsNull(mdh_op_find_buffer_user(op, &c, 1)))
      break;
  if (mlirOperationIsNull(op) || !is_linalg(op) || !analyse(r, op) ||
      !r->any_reduction)
    return -1;
  for (i = 0; i < r->n_in; ++i)
    if (mlirTypeIsAMemRef(mlirValueGetType(r->operand[i])) &&
        mdh_values_alias(r->operand[i], c))
      return -1;
  for (k = 0; k < r->n_out; ++k)
    if (mlirValueEqual(r->operand[r->n_in + k], c))
      return is_identity_of(value, r->oper[k]) && covers_output(r, k) ? k : -1;
  return -1;
}

/* Raises the linalg ops of the entry block of "func" in order, until an op
 * left alone touches a buffer of those raised; frees the temporaries
 * after the last op built. */
static void raise_function(struct raiser *rs, MlirOperation func) {
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation op, next, last = {NULL}, built, fill = {NULL};
  MlirValue *bufs = NULL;
  size_t n_bufs = 0;
  struct raise r, user;
  int open = 1, k, fill_k = 0, has_hom = 0, is_user;

  mlirOperationWalk(func, &mdh_find_md_hom, &has_hom, MlirWalkPreOrder);
  if (mlirBlockIsNull(block) || has_hom)
    return;
  rs->n_temps = 0;
  for (op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = next) {
    next = mlirOperationGetNextInBlock(op);
    /* A fill with the identity that a reduction then starts from: the
     * reduction ("user", analysed then) writes its output itself, and the
     * fill goes, once the reduction is built (else the fill is raised as
     * any op). */
    if (open && mlirOperationIsNull(fill) &&
        (k = fill_absorbed_by(op, &user)) >= 0) {
      fill = op;
      fill_k = k;
      continue;
    }
    is_user = !mlirOperationIsNull(fill) && mlirOperationEqual(op, user.op);
    if (open && (is_user || (is_linalg(op) && analyse(&r, op)))) {
      if (is_user) {
        r = user;
        r.fresh[fill_k] = 1;
      }
      built = build(rs, &r);
      if (!mlirOperationIsNull(built)) {
        last = built;
        add_buffers(&r, &bufs, &n_bufs);
        mlirOperationDestroy(op);
        if (is_user) {
          mlirOperationDestroy(fill);
          fill = (MlirOperation){NULL};
        }
        continue;
      }
    }
    if (is_user) {
      /* The reduction stays linalg: so does the fill. */
      fill = (MlirOperation){NULL};
    }
    if (n_bufs > 0 &&
        !mlirOperationIsNull(mdh_op_find_buffer_user(op, bufs, n_bufs)))
      open = 0;
  }
  for (k = rs->n_temps - 1; k >= 0; --k) {
    struct mdh_builder b =
        mdh_builder_before(mlirOperationGetNextInBlock(last));
    b.block = block;
    mdh_build_dealloc(&b, rs->temps[k]);
  }
  free(bufs);
}

MlirLogicalResult mdh_from_linalg_run(MlirOperation module) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  struct raiser rs = {.module = module,
                      .table = mlirSymbolTableCreate(module),
                      .copies = {.name = "mdh_linalg_copy"}};
  MlirOperation op;

  rs.copies.table = rs.table;
  for (op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (mdh_op_is(op, "func.func"))
      raise_function(&rs, op);
  mlirSymbolTableDestroy(rs.table);
  free(rs.temps);
  mdh_identity_functions_clear(&rs.copies);
  /* What was built must satisfy every rule of the dialect; a violation is
   * a bug of this pass, reported at the op. */
  return mdhVerify(module);
}
