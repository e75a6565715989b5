/* mdh-run: lowers a module with a chosen pipeline, JIT-compiles it with the
 * MLIR ExecutionEngine and calls an entry function on deterministic or given
 * inputs through libffi (docs/tools.md). With --compare=reference the
 * reference pipeline (mdh-to-loops) runs on the same inputs and every memref
 * argument is compared afterwards.
 */

#include "tools/common/args.h"
#include "tools/common/call.h"
#include "tools/common/context.h"
#include "tools/common/diagnostics.h"
#include "tools/common/file.h"
#include "tools/common/guard.h"
#include "tools/mdh-run/emit.h"
#include "tools/mdh-run/options.h"

#include "mdh-c/Dialect.h"
#include "mdh-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The pipelines: mdh passes, then the upstream lowering to LLVM. The
 * reference pipeline lowers every chain to sequential loops; the cpu pipeline
 * is mdh-cpu-pipeline (mdhCpuPipelineText), with OpenMP when
 * OMP_NUM_THREADS asks for more than one thread. */
static const char reference_pipeline[] =
    "builtin.module(mdh-to-loops,convert-linalg-to-loops,lower-affine,"
    "arith-expand,convert-scf-to-cf,"
    "expand-strided-metadata,finalize-memref-to-llvm,convert-to-llvm,"
    "reconcile-unrealized-casts,mdh-check-lowered)";

/* The OpenMP runtime the JIT links when OpenMP is used (libomp5-14, found
 * by CMake). */
static const char openmp_runtime[] = MDH_OPENMP_RUNTIME;

/* A pipeline: its pass text and the libraries its lowered code calls. The
 * gpu pipeline calls the host GPU runtime (libmdh_rt_cuda.so, or what
 * MDH_RT_LIB names, e.g. the CPU mock libmdh_rt_mock.so); gpu-emulated runs
 * the kernels on the CPU with the host build of the device runtime, loaded
 * after the OpenMP runtime that it needs for blocks run as teams. */
struct pipeline {
  char *text;
  int n_libs;
  char libs[3][4096];
};

/* Sets up the OpenMP runtime for emulated kernels whose blocks run as
 * teams, before the JIT loads it, unless the user set it up: a block's
 * threads far outnumber the cores, so a waiting thread should sleep at once
 * rather than spin (KMP_BLOCKTIME=0), and linear barriers wake them with
 * fewer context switches than the default hypercube (measured with blocks of
 * 256 threads on 2 cores: barriers 4x faster, then 1.8x). */
static void set_openmp_for_teams(void) {
  static const char *const settings[][2] = {
      {"KMP_BLOCKTIME", "0"},
      {"KMP_PLAIN_BARRIER_PATTERN", "linear,linear"},
      {"KMP_FORKJOIN_BARRIER_PATTERN", "linear,linear"}};
  size_t i;

  for (i = 0; i < sizeof(settings) / sizeof(settings[0]); ++i)
    setenv(settings[i][0], settings[i][1], 0);
}

/* Tells whether OMP_NUM_THREADS asks for more than one thread. */
static int use_openmp(void) {
  const char *n = getenv("OMP_NUM_THREADS");

  return n && atoi(n) > 1;
}

/* Returns the element type of "type" as an mdh_elem, or -1. */
static int elem_of(MlirType t) {
  if (mlirTypeIsAF16(t))
    return MDH_ELEM_F16;
  if (mlirTypeIsABF16(t))
    return MDH_ELEM_BF16;
  if (mlirTypeIsAF32(t))
    return MDH_ELEM_F32;
  if (mlirTypeIsAF64(t))
    return MDH_ELEM_F64;
  if (mlirTypeIsAIndex(t))
    return MDH_ELEM_INDEX;
  if (!mlirTypeIsAInteger(t))
    return -1;
  switch (mlirIntegerTypeGetWidth(t)) {
  case 1:
    return MDH_ELEM_I1;
  case 8:
    return MDH_ELEM_I8;
  case 16:
    return MDH_ELEM_I16;
  case 32:
    return MDH_ELEM_I32;
  case 64:
    return MDH_ELEM_I64;
  }
  return -1;
}

/* Reads argument "k" of type "type" into "arg"; returns -1 if mdh-run cannot
 * pass it. */
static int read_arg(MlirType type, struct mdh_arg *arg) {
  int d, elem;

  if (!mlirTypeIsAMemRef(type) ||
      !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(type)) ||
      mlirShapedTypeGetRank(type) > MDH_ARG_MAX_RANK)
    return -1;
  elem = elem_of(mlirShapedTypeGetElementType(type));
  if (elem < 0)
    return -1;
  arg->elem = (enum mdh_elem)elem;
  arg->rank = (int)mlirShapedTypeGetRank(type);
  arg->dynamic = 0;
  for (d = 0; d < arg->rank; ++d) {
    if (mlirShapedTypeIsDynamicDim(type, d)) {
      arg->dynamic |= 1u << d;
      arg->shape[d] = -1;
    } else {
      arg->shape[d] = mlirShapedTypeGetDimSize(type, d);
    }
  }
  return 0;
}

static void print_type(MlirStringRef s, void *user) {
  fwrite(s.data, 1, s.length, user);
}

/* Finds the entry function "name" in "module" and reads its signature into
 * "args". Reports and returns -1 on a missing entry or unsupported
 * signature. */
static int read_signature(MlirModule module, const struct mdh_run_options *o,
                          struct mdh_args *args) {
  MlirOperation fn = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  MlirAttribute name;
  MlirType type;
  intptr_t k, n;

  for (; !mlirOperationIsNull(fn); fn = mlirOperationGetNextInBlock(fn)) {
    name = mlirOperationGetAttributeByName(
        fn, mlirStringRefCreateFromCString("sym_name"));
    if (!mlirAttributeIsNull(name) && mlirAttributeIsAString(name) &&
        mlirStringRefEqual(mlirStringAttrGetValue(name),
                           mlirStringRefCreateFromCString(o->entry)))
      break;
  }
  if (mlirOperationIsNull(fn) ||
      mlirRegionIsNull(mlirOperationGetRegion(fn, 0)) ||
      mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0)))) {
    fprintf(stderr, "mdh-run: no function @%s with a body in '%s'\n", o->entry,
            o->file);
    return -1;
  }
  type = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(
      fn, mlirStringRefCreateFromCString("function_type")));
  if (mlirFunctionTypeGetNumResults(type) != 0) {
    fprintf(stderr,
            "mdh-run: unsupported signature: @%s returns values; "
            "entry functions write their results to memref "
            "arguments\n",
            o->entry);
    return -1;
  }
  n = mlirFunctionTypeGetNumInputs(type);
  args->n = (int)n;
  args->v = calloc(n + 1, sizeof(*args->v));
  if (!args->v)
    return -1;
  for (k = 0; k < n; ++k) {
    if (read_arg(mlirFunctionTypeGetInput(type, k), &args->v[k]) == 0)
      continue;
    fprintf(stderr,
            "mdh-run: unsupported signature: argument %ld of @%s has "
            "type ",
            (long)k, o->entry);
    mlirTypePrint(mlirFunctionTypeGetInput(type, k), print_type, stderr);
    fprintf(stderr, "; mdh-run passes memrefs of identity layout with "
                    "elements f16, bf16, f32, f64, i1, i8, i16, i32, i64 or "
                    "index\n");
    return -1;
  }
  return 0;
}

/* Gives the arguments of dynamic shape their extents (--shape or
 * DIR/argK.shape); reports and returns -1 if that fails. */
static int set_shapes(struct mdh_args *args, const struct mdh_run_options *o) {
  char err[4200];

  if (mdh_args_set_shapes(args, o->read_dir, o->shapes, o->n_shapes, err,
                          sizeof(err)) == 0)
    return 0;
  fprintf(stderr, "mdh-run: %s\n", err);
  return -1;
}

/* Reports and returns -1 if an argument has a dynamic shape: an object for
 * mdh-exec carries static shapes in its signature. */
static int check_static(const struct mdh_args *args) {
  int k;

  for (k = 0; k < args->n; ++k)
    if (args->v[k].dynamic) {
      fprintf(stderr,
              "mdh-run: --emit-object needs arguments of static shape; "
              "argument %d has a dynamic one\n",
              k);
      return -1;
    }
  return 0;
}

/* Lowers a copy of the parsed input "input" with "pipeline" and runs the
 * entry "repeat" times on a copy of "inputs" left in "work" (restored before
 * each run). Prints time_ms per run when "timed". Returns -1 on failure. */
static int run_pipeline(MlirContext ctx, MlirModule input,
                        const struct mdh_run_options *o,
                        const struct pipeline *p, const struct mdh_args *inputs,
                        struct mdh_args *work, int timed) {
  MlirModule module = mlirModuleFromOperation(
      mlirOperationClone(mlirModuleGetOperation(input)));
  MlirStringRef libs[3];
  int i;
  MlirExecutionEngine ee = {NULL};
  struct mdh_call *call = NULL;
  void *fn;
  long r;
  int rc = -1;

  for (i = 0; i < p->n_libs; ++i)
    libs[i] = mlirStringRefCreateFromCString(p->libs[i]);
  if (mlirModuleIsNull(module) || mdh_run_lower(ctx, module, p->text) < 0)
    goto done;
  ee = mlirExecutionEngineCreate(module, 2, p->n_libs, libs, false, false);
  if (mlirExecutionEngineIsNull(ee)) {
    fprintf(stderr, "mdh-run: cannot JIT-compile the lowered module\n");
    goto done;
  }
  mlirExecutionEngineInitialize(ee);
  fn = mlirExecutionEngineLookup(ee, mlirStringRefCreateFromCString(o->entry));
  call = fn ? mdh_call_prepare(fn, work) : NULL;
  if (!call) {
    fprintf(stderr, "mdh-run: cannot call @%s\n", o->entry);
    goto done;
  }
  for (r = 0; r < o->repeat; ++r) {
    mdh_args_copy(work, inputs);
    double ms = mdh_call_run(call);
    if (timed)
      printf("time_ms=%.6f\n", ms);
  }
  rc = 0;
done:
  mdh_call_free(call);
  if (!mlirExecutionEngineIsNull(ee))
    mlirExecutionEngineDestroy(ee);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  return rc;
}

/* Sets "p" to the pipeline "name"; returns -1 if it is unknown or memory
 * runs out. */
static int pipeline_of(const char *name, struct pipeline *p) {
  const char *rt = getenv("MDH_RT_LIB");
  const char *text = NULL;

  memset(p, 0, sizeof(*p));
  snprintf(p->libs[p->n_libs++], sizeof(p->libs[0]), "%s",
           MDH_LLVM_LIBDIR "/libmlir_c_runner_utils.so");
  if (!strcmp(name, "reference")) {
    text = reference_pipeline;
  } else if (!strcmp(name, "cpu")) {
    p->text = mdhCpuPipelineText(use_openmp());
    if (use_openmp())
      snprintf(p->libs[p->n_libs++], sizeof(p->libs[0]), "%s", openmp_runtime);
  } else if (!strcmp(name, "gpu")) {
    p->text = mdhGpuPipelineText(NULL, NULL, NULL, NULL);
    if (rt && *rt)
      snprintf(p->libs[p->n_libs++], sizeof(p->libs[0]), "%s", rt);
    else
      snprintf(p->libs[p->n_libs++], sizeof(p->libs[0]), "%s/libmdh_rt_cuda.so",
               mdhGetLibDir());
  } else if (!strcmp(name, "gpu-emulated")) {
    p->text = mdhGpuEmulatedPipelineText();
    snprintf(p->libs[p->n_libs++], sizeof(p->libs[0]), "%s", openmp_runtime);
    snprintf(p->libs[p->n_libs++], sizeof(p->libs[0]), "%s/libmdh_emulate.so",
             mdhGetLibDir());
  }
  if (text)
    p->text = strdup(text);
  return p->text ? 0 : -1;
}

/* Runs the reference on "inputs" and compares "work" with it. */
static int compare_with_reference(MlirContext ctx, MlirModule input,
                                  const struct mdh_run_options *o,
                                  const struct mdh_args *inputs,
                                  struct mdh_args *work) {
  struct mdh_args ref = {0, NULL};
  struct mdh_run_options once = *o;
  struct pipeline ref_pipeline = {NULL, 0, {{0}}};
  double max_abs, max_rel;
  int ok, rc = -1;

  once.repeat = 1;
  if (mdh_args_alloc_like(&ref, inputs) == 0 &&
      pipeline_of("reference", &ref_pipeline) == 0 &&
      run_pipeline(ctx, input, &once, &ref_pipeline, inputs, &ref, 0) == 0) {
    ok = mdh_args_compare(work, &ref, &max_abs, &max_rel);
    printf("max_abs_err=%g max_rel_err=%g\n", max_abs, max_rel);
    if (ok)
      rc = 0;
    else
      fprintf(stderr,
              "mdh-run: the %s pipeline differs from the reference "
              "beyond the tolerance\n",
              o->pipeline);
  }
  mdh_args_free(&ref);
  free(ref_pipeline.text);
  return rc;
}

/* Prints a choice of the tuning record (mdhApplyTuning). */
static void print_tuning(MlirStringRef text, void *user) {
  (void)user;
  fprintf(stderr, "mdh-run: tuning: %.*s\n", (int)text.length, text.data);
}

int main(int argc, char **argv) {
  struct mdh_run_options o;
  struct mdh_args inputs = {0, NULL}, work = {0, NULL};
  struct mdh_diag_engine *engine;
  struct pipeline pipeline;
  char *text;
  MlirContext ctx;
  MlirModule module;
  char err[4200];
  size_t len;
  int rc;

  rc = mdh_run_parse_options(argc, argv, &o);
  if (rc)
    return rc == 2 ? 0 : 1;
  if (pipeline_of(o.pipeline, &pipeline) < 0) {
    fprintf(stderr, "mdh-run: out of memory\n");
    return 1;
  }
  if (!strcmp(o.pipeline, "gpu-emulated"))
    set_openmp_for_teams();
  text = mdh_read_file(o.file, &len);
  if (!text) {
    fprintf(stderr, "mdh-run: cannot read '%s'\n", o.file);
    free(pipeline.text);
    return 1;
  }
  ctx = mdh_tool_context_create();
  engine = mdh_diag_engine_create(o.file, text, 0);
  mdh_diag_engine_attach(engine, ctx);
  rc = 1;
  if (mlirLogicalResultIsFailure(mdhLoadDialect(ctx)))
    goto done;
  if (mlirLogicalResultIsFailure(mdh_source_check(ctx, o.file, text, len, 1)))
    goto done;
  module = mlirModuleCreateParseFromFile(
      ctx, mlirStringRefCreateFromCString(o.file));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "mdh-run: cannot parse '%s'\n", o.file);
    goto done;
  }
  /* As mdh-gpu-pipeline's options do (a function's own attributes win). */
  mdhSetGpuOptions(
      mlirModuleGetOperation(module), mlirStringRefCreateFromCString(o.mapping),
      mlirStringRefCreateFromCString(o.reduction_mode ? o.reduction_mode : ""));
  if (o.fusion)
    mdhSetFusion(mlirModuleGetOperation(module),
                 mlirStringRefCreateFromCString(o.fusion));
  if (o.device_resident)
    mdhSetDeviceResident(mlirModuleGetOperation(module));
  if (o.tuning && mdhApplyTuning(mlirModuleGetOperation(module),
                                 mlirStringRefCreateFromCString(o.tuning),
                                 mlirStringRefCreateFromCString(
                                     o.tuning_device ? o.tuning_device : ""),
                                 mlirStringRefCreateFromCString(o.pipeline),
                                 false, &print_tuning, NULL) < 0) {
    mlirModuleDestroy(module);
    goto done;
  }
  if (o.emit_object && read_signature(module, &o, &inputs) == 0 &&
      check_static(&inputs) == 0)
    rc = mdh_emit_object(ctx, module, pipeline.text, o.entry, &inputs,
                         !strcmp(o.pipeline, "gpu-emulated")
                             ? pipeline.libs[pipeline.n_libs - 1]
                             : NULL,
                         strcmp(o.pipeline, "gpu") != 0, o.emit_object) < 0;
  /* The outputs are written also when the comparison fails: they are
   * needed most then. */
  if (!o.emit_object && read_signature(module, &o, &inputs) == 0 &&
      set_shapes(&inputs, &o) == 0 &&
      mdh_args_prepare(&inputs, &work, o.read_dir, o.seed, "mdh-run") == 0 &&
      run_pipeline(ctx, module, &o, &pipeline, &inputs, &work, 1) == 0) {
    rc = o.compare &&
         compare_with_reference(ctx, module, &o, &inputs, &work) != 0;
    if (o.write_dir && mdh_args_write(&work, o.write_dir, err, sizeof(err))) {
      fprintf(stderr, "mdh-run: %s\n", err);
      rc = 1;
    }
  }
  mlirModuleDestroy(module);
done:
  mdh_args_free(&inputs);
  mdh_args_free(&work);
  mlirContextDestroy(ctx);
  mdh_diag_engine_destroy(engine);
  free(text);
  free(pipeline.text);
  return rc;
}
