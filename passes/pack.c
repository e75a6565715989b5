/* mdh-pack: packing for the CPU's register tiles, on the md_homs of every
 * function, before scheduling.
 *
 * A register tile (lib/register_tile.h) keeps a block of a reduction's
 * result in vector registers along a parallel dimension "vec" that the
 * result is stored along, and needs every input to walk vec contiguously
 * or not at all. A product of A and a transposed B (syrk's A A^T, x W^T,
 * attention's Q K^T) reads B across vec: it gets no tile, and the lanes
 * split its reduction instead, at a third of the speed. BLIS packs such
 * an operand into a buffer in the order its micro-kernel reads it ("BLIS:
 * A Framework for Rapidly Instantiating BLAS Functionality", section 2);
 * here the pack is one md_hom of its own before the product, copying the
 * part of B the product reads into a new buffer whose last index is vec,
 * and the product reads that buffer instead:
 *
 *   %bt = memref.alloc()
 *   %v = mdh.inp_view(%b) {(k, j) -> (j, k)}   // the copy: Bt[k, j] = B[j, k]
 *   %c = mdh.md_hom(%v) {@mdh_pack_copy, [cc, cc]}
 *   mdh.out_view(%c, %bt) {(k, j) -> (k, j)}
 *   ... the product, B's view now %bt at (i, j, k) -> (k, j) ...
 *   memref.dealloc %bt                         // after the product's stores
 *
 * The copy reads B where the product would, so the program computes what
 * it did; the scheduler and the code generators see two md_homs. Only an
 * input whose access is a projected permutation of constant extents is
 * packed, one per md_hom, where the md_hom gets no register tile as it is
 * and would with it packed, and where the product reads each element at
 * least 16 times (mdh_register_tile_pack_operand). Functions with a
 * user's schedule or influence tree are left alone (a new md_hom would
 * break the statement names they use), and so is a md_hom whose stores
 * are not all in its own block.
 */

#include "dialect/attrs.h"
#include "dialect/dialect.h"
#include "lib/builder.h"
#include "lib/register_tile.h"
#include "lib/stmt.h"
#include "mdh-c/Dialect.h"
#include "passes/pass.h"
#include "support/ir.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

#define MAX_RANK MDH_MODEL_MAX_RANK

/* Returns the op of "hom"'s block after the last user of its result, or
 * null if a user is in another block. */
static MlirOperation after_stores(MlirOperation hom) {
  MlirBlock block = mlirOperationGetBlock(hom);
  MlirOperation op, last = hom;
  MlirOpOperand use;
  int n = 0, seen = 0;

  for (use = mlirValueGetFirstUse(mlirOperationGetResult(hom, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    if (!mlirBlockEqual(mlirOperationGetBlock(mlirOpOperandGetOwner(use)),
                        block))
      return (MlirOperation){NULL};
    ++n;
  }
  for (op = mlirOperationGetNextInBlock(hom);
       !mlirOperationIsNull(op) && seen < n;
       op = mlirOperationGetNextInBlock(op))
    for (use = mlirValueGetFirstUse(mlirOperationGetResult(hom, 0));
         !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
      if (mlirOperationEqual(mlirOpOperandGetOwner(use), op)) {
        last = op;
        ++seen;
      }
  return mlirOperationGetNextInBlock(last);
}

/* Packs input "o" of "hom" for vectorized dimension "vec" (see the top of
 * this file): its access (d) -> (d_p[0], ..., d_p[m-1]) becomes (d) ->
 * (d_p[order[0]], ..., d_p[order[m-1]]) on a new buffer whose order moves
 * the index of vec last, filled by a copy md_hom over that buffer's index
 * space. */
static void pack(struct mdh_identity_functions *copies, MlirOperation hom,
                 int o, int vec, MlirOperation after) {
  MlirOperation view = mlirOpResultGetOwner(mlirOperationGetOperand(hom, o));
  MlirValue buffer = mdhViewGetBuffer(view);
  MlirType type = mlirValueGetType(buffer);
  MlirType elem = mlirShapedTypeGetElementType(type);
  MlirAffineMap map = mdhViewGetAccess(view, 0);
  MlirContext ctx = mlirAffineMapGetContext(map);
  intptr_t r, m = mlirAffineMapGetNumResults(map);
  int dim[MAX_RANK], order[MAX_RANK], k = 0;
  int64_t shape[MAX_RANK];
  MlirAffineExpr from[MAX_RANK], to[MAX_RANK];
  MlirAttribute cc[MAX_RANK];
  struct mdh_builder b = mdh_builder_before(hom), end;
  MlirValue packed, copy, packed_view;

  b.loc = mlirOperationGetLocation(hom);
  for (r = 0; r < m; ++r)
    dim[r] = (int)mlirAffineDimExprGetPosition(mlirAffineMapGetResult(map, r));
  for (r = 0; r < m; ++r)
    if (dim[r] != vec)
      order[k++] = (int)r;
  for (r = 0; r < m; ++r)
    if (dim[r] == vec)
      order[k++] = (int)r;
  for (k = 0; k < m; ++k) {
    shape[k] = mdhMdHomGetSize(hom, dim[order[k]]);
    from[order[k]] = mlirAffineDimExprGet(ctx, k);
    to[k] = mlirAffineDimExprGet(ctx, dim[order[k]]);
    cc[k] = mdhCcAttrGet(ctx);
  }
  packed = mdh_build_alloc(
      &b, mlirMemRefTypeContiguousGet(elem, m, shape,
                                      mlirMemRefTypeGetMemorySpace(type)));
  copy = mdh_build_inp_view(&b, buffer,
                            mlirAffineMapGet(ctx, (intptr_t)m, 0, m, from),
                            mdhMdaTypeGet(ctx, m, shape));
  copy = mdh_build_md_hom(&b, 1, &copy, mdh_identity_function(copies, elem),
                          (int)m, shape, cc, 0);
  mdh_attr_set_pack(mlirOpResultGetOwner(copy));
  mdh_build_out_view(&b, copy, packed, mlirAffineMapMultiDimIdentityGet(ctx, m),
                     0);
  packed_view = mdh_build_inp_view(
      &b, packed, mlirAffineMapGet(ctx, mlirAffineMapGetNumDims(map), 0, m, to),
      mlirValueGetType(mlirOperationGetResult(view, 0)));
  mlirOperationSetOperand(hom, o, packed_view);
  if (mlirOpOperandIsNull(
          mlirValueGetFirstUse(mlirOperationGetResult(view, 0))))
    mlirOperationDestroy(view);
  end = mdh_builder_before(after);
  end.loc = b.loc;
  mdh_build_dealloc(&end, packed);
}

/* Packs the inputs of the md_homs of "func" that keep them from a
 * register tile (the isl context is unused). */
static int pack_func(isl_ctx *ctx, MlirOperation func) {
  struct mdh_op_list homs;
  struct mdh_cpu_target target;
  struct mdh_identity_functions copies = {.name = "mdh_pack_copy"};
  MlirOperation after;
  size_t i;
  int o, vec;

  (void)ctx;
  if (mdh_attr_has_user_schedule(func))
    return 1;
  if (mdh_cpu_target_init(&target, func) < 0)
    return 0;
  copies.table = mlirSymbolTableCreate(mlirOperationGetParentOperation(func));
  if (mlirSymbolTableIsNull(copies.table))
    return 1;
  homs = mdh_collect_md_homs(func);
  for (i = 0; i < homs.n; ++i) {
    o = mdh_register_tile_pack_operand(homs.ops[i], &target, &vec);
    after = o < 0 ? (MlirOperation){NULL} : after_stores(homs.ops[i]);
    if (!mlirOperationIsNull(after))
      pack(&copies, homs.ops[i], o, vec, after);
  }
  mlirSymbolTableDestroy(copies.table);
  mdh_identity_functions_clear(&copies);
  free(homs.ops);
  return 1;
}

MlirLogicalResult mdh_pack_run(MlirOperation module) {
  return mdh_pass_run_per_function(module, &pack_func);
}
