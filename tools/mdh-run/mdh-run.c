/* mdh-run: lowers a module with a chosen pipeline, JIT-compiles it with the
 * MLIR ExecutionEngine and calls an entry function on deterministic or given
 * inputs through libffi (DESIGN.md section 6). With --compare=reference the
 * reference pipeline (mdh-to-loops) runs on the same inputs and every memref
 * argument is compared afterwards.
 */

#include "tools/common/args.h"
#include "tools/common/call.h"
#include "tools/common/context.h"
#include "tools/common/diagnostics.h"
#include "tools/common/file.h"
#include "tools/mdh-run/emit.h"

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
    "builtin.module(mdh-to-loops,arith-expand,convert-scf-to-cf,"
    "expand-strided-metadata,finalize-memref-to-llvm,convert-to-llvm,"
    "reconcile-unrealized-casts)";

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

/* The command line. */
struct options {
  const char *file;
  const char *entry;
  const char *pipeline;
  const char *read_dir;
  const char *write_dir;
  const char *emit_object;
  const char *reduction_mode;
  const char *mapping;
  int compare;
  unsigned long long seed;
  long repeat;
};

static void print_help(void) {
  printf(
      "USAGE: mdh-run FILE --entry=NAME [--pipeline=reference|cpu|gpu]\n"
      "               [--seed=N] [--read-inputs=DIR] [--write-outputs=DIR]\n"
      "               [--compare=reference] [--repeat=N]\n"
      "       mdh-run FILE --entry=NAME [--pipeline=P] --emit-object=OUT.so\n\n"
      "Runs function NAME of FILE, whose arguments are memrefs of static "
      "shape\nwith elements f16, bf16, f32, f64, i1, i8, i16, i32, i64 or "
      "index.\n\n"
      "  --pipeline=P          reference (mdh-to-loops; default), cpu\n"
      "                        (mdh-coalesce + mdh-schedule +\n"
      "                        mdh-codegen-cpu; OpenMP when\n"
      "                        OMP_NUM_THREADS > 1), gpu (not yet)\n"
      "  --seed=N              fill every argument deterministically from N\n"
      "                        (default 0): floats are multiples of 1/256 in\n"
      "                        [-1, 1), i1 is 0 or 1, other integers are in\n"
      "                        [-16, 16)\n"
      "  --read-inputs=DIR     read argument K from DIR/argK.bin instead\n"
      "                        (raw little-endian, row-major)\n"
      "  --write-outputs=DIR   write every argument after the call to\n"
      "                        DIR/argK.bin\n"
      "  --compare=reference   also run the reference pipeline on the same\n"
      "                        inputs, print max_abs_err=... max_rel_err=...\n"
      "                        and fail beyond the tolerance: exact for\n"
      "                        integers, |d| <= atol + rtol*|ref| with\n"
      "                        (atol, rtol) = f64 (1e-10, 1e-10), f32 (1e-4,\n"
      "                        1e-4), f16 (1e-2, 1e-2), bf16 (1e-1, 5e-2)\n"
      "  --repeat=N            run N times, printing time_ms=... per run\n"
      "  --mapping=SPEC        gpu pipelines: give each kernel its K-th\n"
      "                        best legal mapping (SPEC = K), or address\n"
      "                        functions and kernels (numbered in tree\n"
      "                        order) with entries [@FUNCTION:][KERNEL:]K\n"
      "                        separated by ';' (mdh.mapping_index)\n"
      "  --reduction-mode=M    gpu pipelines: combine the partial results of\n"
      "                        several blocks with atomics (atomic, the\n"
      "                        default) or per block, then in a fixed order\n"
      "                        by a second kernel (deterministic)\n"
      "                        (mdh.reduction_mode)\n"
      "  --emit-object=OUT.so  compile the lowered module with clang into a\n"
      "                        shared object for mdh-exec instead of running\n"
      "                        it (its LLVM IR is left in OUT.so.ll)\n");
}

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "mdh-run: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(see mdh-run --help)\n");
  return 1;
}

/* Parses the command line; returns 0, 1 on error, 2 after --help. */
static int parse_options(int argc, char **argv, struct options *o) {
  unsigned long long n;
  const char *v;
  int i;

  memset(o, 0, sizeof(*o));
  o->pipeline = "reference";
  o->mapping = "";
  o->repeat = 1;
  for (i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      print_help();
      return 2;
    } else if ((v = mdh_option_value(a, "entry"))) {
      o->entry = v;
    } else if ((v = mdh_option_value(a, "pipeline"))) {
      o->pipeline = v;
    } else if ((v = mdh_option_value(a, "seed"))) {
      if (mdh_parse_number(v, &o->seed) < 0)
        return usage_error("--seed needs a non-negative number, got '%s'", v);
    } else if ((v = mdh_option_value(a, "read-inputs"))) {
      o->read_dir = v;
    } else if ((v = mdh_option_value(a, "write-outputs"))) {
      o->write_dir = v;
    } else if ((v = mdh_option_value(a, "compare"))) {
      if (strcmp(v, "reference"))
        return usage_error("--compare supports only 'reference', got '%s'", v);
      o->compare = 1;
    } else if ((v = mdh_option_value(a, "mapping"))) {
      if (!*v || !mdhIsMappingIndexSpec(mlirStringRefCreateFromCString(v)))
        return usage_error("--mapping needs a number K or entries "
                           "[@FUNCTION:][KERNEL:]K separated by ';', got '%s'",
                           v);
      o->mapping = v;
    } else if ((v = mdh_option_value(a, "reduction-mode"))) {
      if (!mdhIsReductionMode(mlirStringRefCreateFromCString(v)))
        return usage_error(
            "--reduction-mode needs 'atomic' or 'deterministic', got '%s'", v);
      o->reduction_mode = v;
    } else if ((v = mdh_option_value(a, "emit-object"))) {
      o->emit_object = v;
    } else if ((v = mdh_option_value(a, "repeat"))) {
      if (mdh_parse_number(v, &n) < 0 || n < 1 || n > 1000000)
        return usage_error("--repeat needs a number in [1, 1000000], got '%s'",
                           v);
      o->repeat = (long)n;
    } else if (a[0] == '-') {
      return usage_error("unknown option '%s'", a);
    } else if (!o->file) {
      o->file = a;
    } else {
      return usage_error("more than one input file ('%s')", a);
    }
  }
  if (!o->file)
    return usage_error("%s", "no input file");
  if (!o->entry)
    return usage_error("%s", "--entry=NAME is required");
  if (o->emit_object && (o->compare || o->read_dir || o->write_dir))
    return usage_error("%s", "--emit-object does not run: no --compare, "
                             "--read-inputs or --write-outputs");
  if (strcmp(o->pipeline, "reference") && strcmp(o->pipeline, "cpu") &&
      strcmp(o->pipeline, "gpu") && strcmp(o->pipeline, "gpu-emulated"))
    return usage_error(
        "unknown pipeline '%s' (reference, cpu, gpu or gpu-emulated)",
        o->pipeline);
  return 0;
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
  for (d = 0; d < arg->rank; ++d) {
    if (mlirShapedTypeIsDynamicDim(type, d))
      return -1;
    arg->shape[d] = mlirShapedTypeGetDimSize(type, d);
  }
  return 0;
}

static void print_type(MlirStringRef s, void *user) {
  fwrite(s.data, 1, s.length, user);
}

/* Finds the entry function "name" in "module" and reads its signature into
 * "args". Reports and returns -1 on a missing entry or unsupported
 * signature. */
static int read_signature(MlirModule module, const struct options *o,
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
    fprintf(stderr, "; mdh-run passes memrefs of static shape and identity "
                    "layout with elements f16, bf16, f32, f64, i1, i8, i16, "
                    "i32, i64 or index\n");
    return -1;
  }
  return 0;
}

/* Lowers a copy of the parsed input "input" with "pipeline" and runs the
 * entry "repeat" times on a copy of "inputs" left in "work" (restored before
 * each run). Prints time_ms per run when "timed". Returns -1 on failure. */
static int run_pipeline(MlirContext ctx, MlirModule input,
                        const struct options *o, const struct pipeline *p,
                        const struct mdh_args *inputs, struct mdh_args *work,
                        int timed) {
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
                                  const struct options *o,
                                  const struct mdh_args *inputs,
                                  struct mdh_args *work) {
  struct mdh_args ref = {0, NULL};
  struct options once = *o;
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

int main(int argc, char **argv) {
  struct options o;
  struct mdh_args inputs = {0, NULL}, work = {0, NULL};
  struct mdh_diag_engine *engine;
  struct pipeline pipeline;
  char *text;
  MlirContext ctx;
  MlirModule module;
  char err[4200];
  int rc;

  rc = parse_options(argc, argv, &o);
  if (rc)
    return rc == 2 ? 0 : 1;
  if (pipeline_of(o.pipeline, &pipeline) < 0) {
    fprintf(stderr, "mdh-run: out of memory\n");
    return 1;
  }
  if (!strcmp(o.pipeline, "gpu-emulated"))
    set_openmp_for_teams();
  text = mdh_read_file(o.file);
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
  if (o.emit_object && read_signature(module, &o, &inputs) == 0)
    rc = mdh_emit_object(ctx, module, pipeline.text, o.entry, &inputs,
                         o.emit_object) < 0;
  if (!o.emit_object && read_signature(module, &o, &inputs) == 0 &&
      mdh_args_prepare(&inputs, &work, o.read_dir, o.seed, "mdh-run") == 0 &&
      run_pipeline(ctx, module, &o, &pipeline, &inputs, &work, 1) == 0 &&
      (!o.compare ||
       compare_with_reference(ctx, module, &o, &inputs, &work) == 0)) {
    rc = 0;
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
