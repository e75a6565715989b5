//===-- mdh-c/Dialect.h - C API of the mdh dialect ---------------*- C -*-===//
//
// The mdh dialect is defined in IRDL (dialect/mdh.irdl.mlir). IRDL types and
// attributes have no C API of their own, so this header builds and reads them
// for the user: every function here takes and returns plain MLIR handles.
//
//===----------------------------------------------------------------------===//

#ifndef MDH_C_DIALECT_H
#define MDH_C_DIALECT_H

#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Dialect loading.
//===----------------------------------------------------------------------===//

/// Loads the mdh dialect (and the upstream dialects its IRDL definition and
/// examples use: builtin, func, arith, memref) into "ctx". Loading twice is a
/// no-op. Fails with a diagnostic on the context if the embedded definition
/// does not load.
MlirLogicalResult mdhLoadDialect(MlirContext ctx);

/// Returns the IRDL text of the dialect, the same as build/share/mdh/
/// mdh.irdl.mlir. The string is static and NUL-terminated.
MlirStringRef mdhGetDialectIRDL(void);

//===----------------------------------------------------------------------===//
// !mdh.mda<array<i64: N1, .., ND>>
//===----------------------------------------------------------------------===//

/// Returns the MDA type of the given sizes (owned by the context).
MlirType mdhMdaTypeGet(MlirContext ctx, intptr_t rank, const int64_t *sizes);

/// Tells whether "type" is an !mdh.mda type.
bool mdhTypeIsAMda(MlirType type);

/// Returns the number of dimensions of an MDA type, or -1 if "type" is not an
/// MDA type or its sizes are not an array<i64: ...>.
intptr_t mdhMdaTypeGetRank(MlirType type);

/// Returns size "pos" of an MDA type, -1 for a dynamic size (fixed when the
/// function runs, from the input buffers); "pos" must be in [0, rank).
int64_t mdhMdaTypeGetSize(MlirType type, intptr_t pos);

//===----------------------------------------------------------------------===//
// Combine operators: #mdh.cc, #mdh.pw<OP>, #mdh.ps<OP>
//===----------------------------------------------------------------------===//

typedef enum MdhCombineKind {
  MdhCombineInvalid = -1,
  MdhCombineCC = 0, ///< #mdh.cc: concatenation, a parallel dimension.
  MdhCombinePW = 1, ///< #mdh.pw<OP>: point-wise combination (reduction).
  MdhCombinePS = 2, ///< #mdh.ps<OP>: inclusive prefix-sum (scan).
} MdhCombineKind;

/// Returns #mdh.cc.
MlirAttribute mdhCcAttrGet(MlirContext ctx);

/// Returns #mdh.pw<op>. "op" is a StringAttr naming a builtin operator
/// ("add", "mul", "min", "max", "and", "or", "xor"), an ArrayAttr of such
/// names (one per result component) or a FlatSymbolRefAttr naming a user
/// combine function. Returns a null attribute for any other "op".
MlirAttribute mdhPwAttrGet(MlirContext ctx, MlirAttribute op);

/// Returns #mdh.ps<op>, "op" as for mdhPwAttrGet.
MlirAttribute mdhPsAttrGet(MlirContext ctx, MlirAttribute op);

/// Returns the kind of a combine attribute, MdhCombineInvalid for any other
/// attribute.
MdhCombineKind mdhCombineAttrGetKind(MlirAttribute attr);

/// Returns the operator of a #mdh.pw or #mdh.ps attribute (a StringAttr,
/// ArrayAttr or FlatSymbolRefAttr), a null attribute for #mdh.cc or anything
/// else.
MlirAttribute mdhCombineAttrGetOperator(MlirAttribute attr);

//===----------------------------------------------------------------------===//
// Operations.
//===----------------------------------------------------------------------===//

bool mdhOperationIsAInpView(MlirOperation op);
bool mdhOperationIsAMdHom(MlirOperation op);
bool mdhOperationIsAOutView(MlirOperation op);

/// Creates `mdh.inp_view(buffer) {accesses}` of MDA type "view". The returned
/// op is not inserted: the caller owns it until it is appended to a block.
MlirOperation mdhInpViewCreate(MlirLocation loc, MlirValue buffer,
                               MlirType view, intptr_t nAccesses,
                               const MlirAffineMap *accesses);

/// Creates `mdh.md_hom(views...) {scalar_function, combine_ops}` with result
/// type "result". The returned op is not inserted (caller owns it).
MlirOperation mdhMdHomCreate(MlirLocation loc, intptr_t nViews,
                             const MlirValue *views, MlirType result,
                             MlirStringRef scalarFunction, intptr_t nCombineOps,
                             const MlirAttribute *combineOps);

/// Creates `mdh.out_view(result, buffer) {accesses, components}`: access "a"
/// stores component components[a]. The returned op is not inserted.
MlirOperation mdhOutViewCreate(MlirLocation loc, MlirValue result,
                               MlirValue buffer, intptr_t nAccesses,
                               const MlirAffineMap *accesses,
                               const int64_t *components);

/// The buffer of an inp_view or out_view.
MlirValue mdhViewGetBuffer(MlirOperation view);

/// Number of accesses of an inp_view or out_view (-1 if malformed).
intptr_t mdhViewGetNumAccesses(MlirOperation view);

/// Access map "pos" of an inp_view or out_view (null map if malformed).
MlirAffineMap mdhViewGetAccess(MlirOperation view, intptr_t pos);

/// Component stored by access "pos" of an out_view (-1 if malformed).
int64_t mdhOutViewGetComponent(MlirOperation view, intptr_t pos);

/// Whether an out_view accumulates (`mdh.accumulate`): it combines each
/// result element into what the buffer holds, buffer = buffer (+) result,
/// with the md_hom's reduction operator, instead of overwriting it.
bool mdhOutViewIsAccumulating(MlirOperation view);
void mdhOutViewSetAccumulating(MlirOperation view, bool accumulating);

/// Number of dimensions D of a md_hom (-1 if its sizes are malformed).
intptr_t mdhMdHomGetRank(MlirOperation op);

/// Size of dimension "pos" of a md_hom's index space: from its input views,
/// or from its `mdh.sizes` attribute when it has none; -1 if dynamic.
int64_t mdhMdHomGetSize(MlirOperation op, intptr_t pos);

/// Sets the discardable `mdh.sizes` of a md_hom without inputs.
void mdhMdHomSetSizes(MlirOperation op, intptr_t rank, const int64_t *sizes);

intptr_t mdhMdHomGetNumCombineOps(MlirOperation op);
MlirAttribute mdhMdHomGetCombineOp(MlirOperation op, intptr_t pos);

/// Name of the scalar function (empty if the attribute is malformed); the
/// string is owned by the context.
MlirStringRef mdhMdHomGetScalarFunction(MlirOperation op);

/// Index-aware md_homs pass the D MDA indices to the scalar function first.
bool mdhMdHomIsIndexAware(MlirOperation op);
void mdhMdHomSetIndexAware(MlirOperation op, bool indexAware);

/// The user's assertion that a md_hom outside Lemma 10 is a homomorphism.
bool mdhMdHomIsAssumedHomomorphic(MlirOperation op);
void mdhMdHomSetAssumedHomomorphic(MlirOperation op, bool assumed);

//===----------------------------------------------------------------------===//
// Verification.
//===----------------------------------------------------------------------===//

/// Checks every semantic rule of the dialect (docs/dialect.md) on all mdh
/// ops nested in "op" (a module, normally). Each violation is reported as an
/// error diagnostic at the offending op; returns failure if there was one.
MlirLogicalResult mdhVerify(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif // MDH_C_DIALECT_H
