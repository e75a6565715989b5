/* C API test of the mdh dialect: builds MatVec and Jacobi1D with the
 * builders of mdh-c/Dialect.h, verifies them and reads every attribute back;
 * runs mdh-gpu-options, the one mdh pass created with arguments.
 *
 * RUN: capi_dialect 2>&1 | FileCheck capi_dialect.c (done by ctest)
 */

#include "mdh-c/Dialect.h"
#include "mdh-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <string.h>

static void print_chunk(MlirStringRef s, void *user) {
  fwrite(s.data, 1, s.length, user);
}

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/* Parses a private scalar function into "module". */
static int add_function(MlirModule module, const char *text) {
  MlirContext ctx = mlirModuleGetContext(module);
  MlirOperation fn = mlirOperationCreateParse(ctx, str(text), str("fn"));

  if (mlirOperationIsNull(fn))
    return -1;
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(module), fn);
  return 0;
}

/* Appends to "module" an empty func.func @name of the given memref argument
 * types and returns its entry block. */
static MlirBlock add_entry(MlirModule module, const char *name, intptr_t n,
                           const MlirType *args) {
  MlirContext ctx = mlirModuleGetContext(module);
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirLocation locs[8];
  MlirRegion body = mlirRegionCreate();
  MlirBlock block;
  MlirOperationState st = mlirOperationStateGet(str("func.func"), loc);
  MlirNamedAttribute attrs[2];
  intptr_t i;

  for (i = 0; i < n; ++i)
    locs[i] = loc;
  block = mlirBlockCreate(n, args, locs);
  mlirRegionAppendOwnedBlock(body, block);
  attrs[0] = mlirNamedAttributeGet(mlirIdentifierGet(ctx, str("sym_name")),
                                   mlirStringAttrGet(ctx, str(name)));
  attrs[1] = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, str("function_type")),
      mlirTypeAttrGet(mlirFunctionTypeGet(ctx, n, args, 0, NULL)));
  mlirOperationStateAddAttributes(&st, 2, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &body);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(module),
                                mlirOperationCreate(&st));
  return block;
}

static void add_return(MlirBlock block, MlirContext ctx) {
  MlirOperationState st =
      mlirOperationStateGet(str("func.return"), mlirLocationUnknownGet(ctx));

  mlirBlockAppendOwnedOperation(block, mlirOperationCreate(&st));
}

static MlirAffineMap map_from(MlirContext ctx, const char *text) {
  return mlirAffineMapAttrGetValue(mlirAttributeParseGet(ctx, str(text)));
}

/* Builds MatVec as in docs/dialect.md, with I=37, K=23. */
static MlirModule build_matvec(MlirContext ctx) {
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirModule module = mlirModuleCreateEmpty(loc);
  MlirType f32 = mlirF32TypeGet(ctx);
  int64_t shape_m[2] = {37, 23}, shape_v[1] = {23}, shape_w[1] = {37};
  int64_t sizes[2] = {37, 23}, rsizes[2] = {37, 1}, comp = 0;
  MlirType args[3];
  MlirBlock block;
  MlirAffineMap map;
  MlirOperation vm, vv, hom, out;
  MlirValue views[2];
  MlirAttribute ops[2];
  MlirType mda = mdhMdaTypeGet(ctx, 2, sizes);

  args[0] =
      mlirMemRefTypeContiguousGet(f32, 2, shape_m, mlirAttributeGetNull());
  args[1] =
      mlirMemRefTypeContiguousGet(f32, 1, shape_v, mlirAttributeGetNull());
  args[2] =
      mlirMemRefTypeContiguousGet(f32, 1, shape_w, mlirAttributeGetNull());
  add_function(module, "func.func private @mul(%a: f32, %b: f32) -> f32 "
                       "{ %p = arith.mulf %a, %b : f32 return %p : f32 }");
  block = add_entry(module, "matvec", 3, args);
  map = map_from(ctx, "affine_map<(i, k) -> (i, k)>");
  vm = mdhInpViewCreate(loc, mlirBlockGetArgument(block, 0), mda, 1, &map);
  map = map_from(ctx, "affine_map<(i, k) -> (k)>");
  vv = mdhInpViewCreate(loc, mlirBlockGetArgument(block, 1), mda, 1, &map);
  views[0] = mlirOperationGetResult(vm, 0);
  views[1] = mlirOperationGetResult(vv, 0);
  ops[0] = mdhCcAttrGet(ctx);
  ops[1] = mdhPwAttrGet(ctx, mlirStringAttrGet(ctx, str("add")));
  hom = mdhMdHomCreate(loc, 2, views, mdhMdaTypeGet(ctx, 2, rsizes), str("mul"),
                       2, ops);
  map = map_from(ctx, "affine_map<(i, k) -> (i)>");
  out = mdhOutViewCreate(loc, mlirOperationGetResult(hom, 0),
                         mlirBlockGetArgument(block, 2), 1, &map, &comp);
  mlirBlockAppendOwnedOperation(block, vm);
  mlirBlockAppendOwnedOperation(block, vv);
  mlirBlockAppendOwnedOperation(block, hom);
  mlirBlockAppendOwnedOperation(block, out);
  add_return(block, ctx);
  return module;
}

/* Builds Jacobi1D: one view of x with three accesses, N=29. */
static MlirModule build_jacobi1d(MlirContext ctx) {
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirModule module = mlirModuleCreateEmpty(loc);
  MlirType f32 = mlirF32TypeGet(ctx);
  int64_t shape_x[1] = {31}, shape_y[1] = {29}, sizes[1] = {29}, comp = 0;
  MlirType args[2];
  MlirBlock block;
  MlirAffineMap maps[3], out_map;
  MlirOperation vx, hom, out;
  MlirValue view;
  MlirAttribute cc;
  MlirType mda = mdhMdaTypeGet(ctx, 1, sizes);

  args[0] =
      mlirMemRefTypeContiguousGet(f32, 1, shape_x, mlirAttributeGetNull());
  args[1] =
      mlirMemRefTypeContiguousGet(f32, 1, shape_y, mlirAttributeGetNull());
  add_function(module,
               "func.func private @j1d(%a: f32, %b: f32, %c: f32) -> f32 {"
               " %s = arith.addf %a, %b : f32 %t = arith.addf %s, %c : f32"
               " %k = arith.constant 0.333333 : f32"
               " %r = arith.mulf %t, %k : f32 return %r : f32 }");
  block = add_entry(module, "jacobi1d", 2, args);
  maps[0] = map_from(ctx, "affine_map<(i) -> (i)>");
  maps[1] = map_from(ctx, "affine_map<(i) -> (i + 1)>");
  maps[2] = map_from(ctx, "affine_map<(i) -> (i + 2)>");
  vx = mdhInpViewCreate(loc, mlirBlockGetArgument(block, 0), mda, 3, maps);
  view = mlirOperationGetResult(vx, 0);
  cc = mdhCcAttrGet(ctx);
  hom = mdhMdHomCreate(loc, 1, &view, mda, str("j1d"), 1, &cc);
  out_map = maps[0];
  out = mdhOutViewCreate(loc, mlirOperationGetResult(hom, 0),
                         mlirBlockGetArgument(block, 1), 1, &out_map, &comp);
  mlirBlockAppendOwnedOperation(block, vx);
  mlirBlockAppendOwnedOperation(block, hom);
  mlirBlockAppendOwnedOperation(block, out);
  add_return(block, ctx);
  return module;
}

/* Prints what the accessors read back from every mdh op of "module". */
static MlirWalkResult describe(MlirOperation op, void *user) {
  intptr_t i, n;

  (void)user;
  if (mdhOperationIsAInpView(op) || mdhOperationIsAOutView(op)) {
    n = mdhViewGetNumAccesses(op);
    fprintf(stderr, "%s accesses=%ld:",
            mdhOperationIsAInpView(op) ? "inp_view" : "out_view", (long)n);
    for (i = 0; i < n; ++i) {
      fprintf(stderr, " ");
      mlirAffineMapPrint(mdhViewGetAccess(op, i), print_chunk, stderr);
      if (mdhOperationIsAOutView(op))
        fprintf(stderr, " comp=%lld", (long long)mdhOutViewGetComponent(op, i));
    }
    fprintf(stderr, "\n");
  } else if (mdhOperationIsAMdHom(op)) {
    MlirStringRef fn = mdhMdHomGetScalarFunction(op);
    n = mdhMdHomGetRank(op);
    fprintf(stderr, "md_hom fn=@%.*s rank=%ld sizes=", (int)fn.length, fn.data,
            (long)n);
    for (i = 0; i < n; ++i)
      fprintf(stderr, "%s%lld", i ? "x" : "",
              (long long)mdhMdHomGetSize(op, i));
    fprintf(stderr, " index_aware=%d ops=", (int)mdhMdHomIsIndexAware(op));
    for (i = 0; i < mdhMdHomGetNumCombineOps(op); ++i) {
      MlirAttribute c = mdhMdHomGetCombineOp(op, i);
      fprintf(stderr, "%s%d:", i ? "," : "", (int)mdhCombineAttrGetKind(c));
      if (!mlirAttributeIsNull(mdhCombineAttrGetOperator(c)))
        mlirAttributePrint(mdhCombineAttrGetOperator(c), print_chunk, stderr);
    }
    fprintf(stderr, "\n");
  }
  return MlirWalkResultAdvance;
}

static int check_module(MlirModule module, const char *label) {
  MlirOperation op = mlirModuleGetOperation(module);

  fprintf(stderr, "@%s\n", label);
  if (mlirLogicalResultIsFailure(mdhVerify(op)) || !mlirOperationVerify(op)) {
    fprintf(stderr, "%s does not verify\n", label);
    return -1;
  }
  mlirOperationPrint(op, print_chunk, stderr);
  fprintf(stderr, "\n");
  mlirOperationWalk(op, describe, NULL, MlirWalkPreOrder);
  return 0;
}

// CHECK-LABEL: @testMatVec
// CHECK: func.func @matvec(%{{.*}}: memref<37x23xf32>, %{{.*}}: memref<23xf32>, %{{.*}}: memref<37xf32>)
// CHECK: "mdh.inp_view"(%{{.*}}) {accesses = [#map]} : (memref<37x23xf32>) -> !mdh.mda<array<i64: 37, 23>>
// CHECK: "mdh.md_hom"(%{{.*}}, %{{.*}}) {combine_ops = [#mdh.cc, #mdh.pw<"add">], scalar_function = @mul}
// CHECK-SAME: -> !mdh.mda<array<i64: 37, 1>>
// CHECK: "mdh.out_view"
// CHECK: inp_view accesses=1: (d0, d1) -> (d0, d1)
// CHECK: inp_view accesses=1: (d0, d1) -> (d1)
// CHECK: md_hom fn=@mul rank=2 sizes=37x23 index_aware=0 ops=0:,1:"add"
// CHECK: out_view accesses=1: (d0, d1) -> (d0) comp=0

// CHECK-LABEL: @testJacobi1D
// CHECK: inp_view accesses=3: (d0) -> (d0) (d0) -> (d0 + 1) (d0) -> (d0 + 2)
// CHECK: md_hom fn=@j1d rank=1 sizes=29 index_aware=0 ops=0:
// CHECK: out_view accesses=1: (d0) -> (d0) comp=0

// CHECK-LABEL: @testAttributes
// CHECK: #mdh.ps<["add", "max"]> kind=2
// CHECK: #mdh.pw<@combine> kind=1
// CHECK: invalid operator: null
// CHECK: f32 is mda: 0 rank -1
// CHECK: !mdh.mda<array<i64>> is mda: 1 rank 0

static int test_attributes(MlirContext ctx) {
  MlirAttribute names[2] = {mlirStringAttrGet(ctx, str("add")),
                            mlirStringAttrGet(ctx, str("max"))};
  MlirAttribute ps = mdhPsAttrGet(ctx, mlirArrayAttrGet(ctx, 2, names));
  MlirAttribute pw =
      mdhPwAttrGet(ctx, mlirFlatSymbolRefAttrGet(ctx, str("combine")));
  MlirAttribute bad = mdhPwAttrGet(ctx, mlirUnitAttrGet(ctx));
  MlirType f32 = mlirF32TypeGet(ctx), d0 = mdhMdaTypeGet(ctx, 0, NULL);

  fprintf(stderr, "@testAttributes\n");
  mlirAttributePrint(ps, print_chunk, stderr);
  fprintf(stderr, " kind=%d\n", (int)mdhCombineAttrGetKind(ps));
  mlirAttributePrint(pw, print_chunk, stderr);
  fprintf(stderr, " kind=%d\n", (int)mdhCombineAttrGetKind(pw));
  fprintf(stderr, "invalid operator: %s\n",
          mlirAttributeIsNull(bad) ? "null" : "not null");
  fprintf(stderr, "f32 is mda: %d rank %ld\n", (int)mdhTypeIsAMda(f32),
          (long)mdhMdaTypeGetRank(f32));
  mlirTypePrint(d0, print_chunk, stderr);
  fprintf(stderr, " is mda: %d rank %ld\n", (int)mdhTypeIsAMda(d0),
          (long)mdhMdaTypeGetRank(d0));
  return mdhCombineAttrGetKind(ps) == MdhCombinePS &&
                 mdhCombineAttrGetKind(pw) == MdhCombinePW
             ? 0
             : -1;
}

// CHECK-LABEL: @testGpuOptionsPass
// CHECK: modes: 1 1 0 0
// CHECK: specs: 1 1 1 0 0 0
// CHECK: module attributes {mdh.mapping_index = 2 : i64, mdh.reduction_mode = "deterministic"}
// CHECK: module attributes {mdh.mapping_index = 7 : i64}
// CHECK: module attributes {mdh.mapping_index = "@f:1:3; 0"}
// CHECK: error: mdh-gpu-options: reduction mode must be 'atomic' or 'deterministic', got 'fast'
// CHECK: error: mdh-gpu-options: mapping must be a non-negative integer K or entries [@FUNCTION:][KERNEL:]K separated by ';', got '@f:'
// CHECK: failed: 1 1

/* Runs mdh-gpu-options with "mapping" and "mode" on a module whose own
 * mdh.mapping_index is 7 and prints the module; returns whether the pass
 * failed. */
static int run_gpu_options(MlirContext ctx, const char *mapping,
                           const char *mode) {
  MlirModule m = mlirModuleCreateParse(
      ctx, str("module attributes {mdh.mapping_index = 7 : i64} {}"));
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult res;

  mlirPassManagerAddOwnedPass(pm,
                              mdhCreateGpuOptionsPass(str(mapping), str(mode)));
  res = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m));
  if (mlirLogicalResultIsSuccess(res)) {
    mlirOperationPrint(mlirModuleGetOperation(m), print_chunk, stderr);
    fprintf(stderr, "\n");
  }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(m);
  return mlirLogicalResultIsFailure(res);
}

/* mdh-gpu-options from C: given options replace the module's attributes
 * (a plain K as an integer, a spec as a string), options not given ("")
 * leave them, a bad mode or spec fails the pass. */
static int test_gpu_options(MlirContext ctx) {
  int failed[2];

  fprintf(stderr, "@testGpuOptionsPass\n");
  fprintf(stderr, "modes: %d %d %d %d\n", mdhIsReductionMode(str("atomic")),
          mdhIsReductionMode(str("deterministic")),
          mdhIsReductionMode(str("Atomic")), mdhIsReductionMode(str("")));
  fprintf(stderr, "specs: %d %d %d %d %d %d\n", mdhIsMappingIndexSpec(str("0")),
          mdhIsMappingIndexSpec(str("@f:2; 1:0")),
          mdhIsMappingIndexSpec(str("@main:0:3")),
          mdhIsMappingIndexSpec(str("")), mdhIsMappingIndexSpec(str("-1")),
          mdhIsMappingIndexSpec(str("@:1")));
  if (run_gpu_options(ctx, "2", "deterministic") ||
      run_gpu_options(ctx, "", "") || run_gpu_options(ctx, "@f:1:3; 0", ""))
    return -1;
  failed[0] = run_gpu_options(ctx, "3", "fast");
  failed[1] = run_gpu_options(ctx, "@f:", "");
  fprintf(stderr, "failed: %d %d\n", failed[0], failed[1]);
  return failed[0] && failed[1] ? 0 : -1;
}

// CHECK-LABEL: @testTuning
// CHECK: kernels before: -1
// CHECK: kernels: 1 [16]
// CHECK: atomics: 1 [0]
// CHECK: staged: 1 [0]
// CHECK: module attributes {mdh.mapping_index = 7 : i64}
// CHECK: module attributes {mdh.mapping_index = "@matvec:0:2"}
// CHECK: bad spec: 1

/* Sets the tuned mapping "spec" on a module with (if "own") or without an
 * mdh.mapping_index of its own and prints it; returns whether it failed. */
static int run_tuned_mapping(MlirContext ctx, const char *spec, int own) {
  MlirModule m = mlirModuleCreateParse(
      ctx, str(own ? "module attributes {mdh.mapping_index = 7 : i64} {}"
                   : "module {}"));
  MlirLogicalResult res =
      mdhSetTunedMapping(mlirModuleGetOperation(m), str(spec));

  if (mlirLogicalResultIsSuccess(res)) {
    mlirOperationPrint(mlirModuleGetOperation(m), print_chunk, stderr);
    fprintf(stderr, "\n");
  }
  mlirModuleDestroy(m);
  return mlirLogicalResultIsFailure(res);
}

/* What mdh-tune and mdh-run --tuning use: the legal mappings of each
 * kernel that mdh-map-gpu stores (none before it runs), and a tuned
 * mapping that the module's own mdh.mapping_index overrides. */
static int test_tuning(MlirContext ctx) {
  MlirModule m = build_matvec(ctx);
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  int64_t counts[4];
  intptr_t n;
  int rc = 0;

  fprintf(stderr, "@testTuning\n");
  while (!mlirOperationIsNull(func) &&
         mdhGetKernelMappings(func, counts, 4) < 0 &&
         !mlirOperationIsNull(mlirOperationGetNextInBlock(func)))
    func = mlirOperationGetNextInBlock(func);
  fprintf(stderr, "kernels before: %ld\n",
          (long)mdhGetKernelMappings(func, counts, 4));
  mlirPassManagerAddOwnedPass(pm, mdhCreateSchedulePass());
  mlirPassManagerAddOwnedPass(pm, mdhCreateMapGpuPass());
  if (mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m))))
    rc = -1;
  n = mdhGetKernelMappings(func, counts, 4);
  fprintf(stderr, "kernels: %ld [%ld]\n", (long)n,
          n > 0 ? (long)counts[0] : -1L);
  n = mdhGetKernelAtomics(func, counts, 4);
  fprintf(stderr, "atomics: %ld [%ld]\n", (long)n,
          n > 0 ? (long)counts[0] : -1L);
  n = mdhGetKernelStaged(func, counts, 4);
  fprintf(stderr, "staged: %ld [%ld]\n", (long)n,
          n > 0 ? (long)counts[0] : -1L);
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(m);
  if (run_tuned_mapping(ctx, "@matvec:0:2", 1) ||
      run_tuned_mapping(ctx, "@matvec:0:2", 0))
    rc = -1;
  fprintf(stderr, "bad spec: %d\n", run_tuned_mapping(ctx, "@matvec:", 0));
  return rc;
}

// CHECK-LABEL: @testAsyncCopy
// CHECK: sm_70 0 sm_75 0 sm_80 1 sm_90a 1 sm_100 1 sm_ 1 gfx90a 1

/* mdhChipHasAsyncCopy: cp.async from sm_80 on; names it cannot read
 * count as having it. */
static void test_async_copy(void) {
  static const char *const chips[] = {"sm_70",  "sm_75", "sm_80", "sm_90a",
                                      "sm_100", "sm_",   "gfx90a"};
  size_t i;

  fprintf(stderr, "@testAsyncCopy\n");
  for (i = 0; i < sizeof(chips) / sizeof(chips[0]); ++i)
    fprintf(stderr, "%s%s %d", i ? " " : "", chips[i],
            mdhChipHasAsyncCopy(mlirStringRefCreateFromCString(chips[i])));
  fputc('\n', stderr);
}

// CHECK-LABEL: @testDeviceResident
// CHECK: module attributes {mdh.device_resident} {
// CHECK: func.func @f() attributes {mdh.device_resident} {

/* mdh-device-resident marks the module; mdhSetDeviceResident a function. */
static int test_device_resident(MlirContext ctx) {
  MlirModule m =
      mlirModuleCreateParse(ctx, str("module { func.func @f() { return } }"));
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOperation func;
  MlirLogicalResult res;

  fprintf(stderr, "@testDeviceResident\n");
  mlirPassManagerAddOwnedPass(pm, mdhCreateDeviceResidentPass());
  res = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m));
  func = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  mdhSetDeviceResident(func);
  mlirOperationPrint(mlirModuleGetOperation(m), print_chunk, stderr);
  fprintf(stderr, "\n");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(m);
  return mlirLogicalResultIsSuccess(res) ? 0 : -1;
}

int main(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  MlirContext ctx;
  MlirModule m;
  int rc = 0;

  mlirRegisterAllDialects(registry);
  ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  if (mlirLogicalResultIsFailure(mdhLoadDialect(ctx)) ||
      mlirLogicalResultIsFailure(mdhLoadDialect(ctx)))
    return 1;
  m = build_matvec(ctx);
  if (check_module(m, "testMatVec") < 0)
    rc = 2;
  mlirModuleDestroy(m);
  m = build_jacobi1d(ctx);
  if (check_module(m, "testJacobi1D") < 0)
    rc = 3;
  mlirModuleDestroy(m);
  if (test_attributes(ctx) < 0)
    rc = 4;
  if (test_gpu_options(ctx) < 0)
    rc = 5;
  if (test_tuning(ctx) < 0)
    rc = 6;
  test_async_copy();
  if (test_device_resident(ctx) < 0)
    rc = 7;
  mlirContextDestroy(ctx);
  return rc;
}
