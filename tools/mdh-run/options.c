/* The command line of mdh-run (see options.h). */

#include "tools/mdh-run/options.h"
#include "tools/common/args.h"

#include "mdh-c/Passes.h"

#include <stdio.h>
#include <string.h>

static void print_help(void) {
  printf(
      "USAGE: mdh-run FILE --entry=NAME "
      "[--pipeline=reference|cpu|gpu|gpu-emulated]\n"
      "               [--seed=N] [--read-inputs=DIR] [--write-outputs=DIR]\n"
      "               [--compare=reference] [--repeat=N]\n"
      "       mdh-run FILE --entry=NAME [--pipeline=P] --emit-object=OUT.so\n\n"
      "Runs function NAME of FILE, whose arguments are memrefs with the\n"
      "identity layout and elements f16, bf16, f32, f64, i1, i8, i16, i32,\n"
      "i64 or index. A dynamic extent (memref<?x61xf32>) is given with\n"
      "--shape, or read from DIR/argK.shape with --read-inputs.\n\n"
      "  --pipeline=P          reference (mdh-to-loops; default), cpu\n"
      "                        (mdh-cpu-pipeline; OpenMP when\n"
      "                        OMP_NUM_THREADS > 1), gpu (mdh-gpu-pipeline,\n"
      "                        run through libmdh_rt_cuda.so or\n"
      "                        $MDH_RT_LIB; needs a GPU), gpu-emulated\n"
      "                        (mdh-gpu-emulated-pipeline: the gpu kernels\n"
      "                        run on the CPU)\n"
      "  --seed=N              fill every argument deterministically from N\n"
      "                        (default 0): floats are multiples of 1/256 in\n"
      "                        [-1, 1), i1 is 0 or 1, other integers are in\n"
      "                        [-16, 16)\n"
      "  --shape=K:AxB...      the extents of argument K (all of them, as\n"
      "                        `97x61`), for an argument of dynamic shape;\n"
      "                        repeatable\n"
      "  --read-inputs=DIR     read argument K from DIR/argK.bin instead\n"
      "                        (raw little-endian, row-major), and the\n"
      "                        extents of a dynamic one from DIR/argK.shape\n"
      "                        (one line, as `97x61`)\n"
      "  --write-outputs=DIR   write every argument after the call to\n"
      "                        DIR/argK.bin (and argK.shape if dynamic)\n"
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
      "  --fusion=MODE         post-tiling fusion (mdh-tile-fuse): basteln\n"
      "                        (the default), single (independent chains in\n"
      "                        one group) or none (mdh.fusion)\n"
      "  --tuning=RECORD       apply mdh-tune's record: the mappings and\n"
      "                        fusion measured fastest for NAME (after the\n"
      "                        module's own attributes and --mapping,\n"
      "                        --fusion)\n"
      "  --tuning-device=NAME  the device of RECORD's entries to take (needed\n"
      "                        when it holds several)\n"
      "  --device-resident     gpu pipelines: the entry's memref arguments\n"
      "                        are device memory, used in place by the\n"
      "                        kernels (mdh.device_resident); runs only on\n"
      "                        gpu-emulated, whose device memory is the\n"
      "                        host's; with --pipeline=gpu, --emit-object\n"
      "                        makes an object for mdh-exec\n"
      "                        --device-resident\n"
      "  --emit-object=OUT.so  compile the lowered module with clang into a\n"
      "                        shared object for mdh-exec instead of running\n"
      "                        it (its LLVM IR is left in OUT.so.ll); but for\n"
      "                        --pipeline=gpu (whose host code runs on the GPU\n"
      "                        machine), for this machine's CPU\n"
      "                        (-march=native), as the JIT compiles\n");
}

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "mdh-run: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(see mdh-run --help)\n");
  return 1;
}

int mdh_run_parse_options(int argc, char **argv, struct mdh_run_options *o) {
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
    } else if ((v = mdh_option_value(a, "shape"))) {
      if (mdh_parse_shape_option(v, NULL, NULL) < 0)
        return usage_error("--shape needs K:EXTENTS, extents joined by 'x' "
                           "(--shape=1:97x61), got '%s'",
                           v);
      if (o->n_shapes >= MDH_RUN_MAX_SHAPES)
        return usage_error("more than 64 --shape options ('%s')", v);
      o->shapes[o->n_shapes++] = v;
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
    } else if ((v = mdh_option_value(a, "fusion"))) {
      if (!mdhIsFusionMode(mlirStringRefCreateFromCString(v)))
        return usage_error(
            "--fusion needs 'basteln', 'none' or 'single', got '%s'", v);
      o->fusion = v;
    } else if ((v = mdh_option_value(a, "tuning"))) {
      if (!*v)
        return usage_error("--tuning needs a record file (mdh-tune)%s", "");
      o->tuning = v;
    } else if ((v = mdh_option_value(a, "tuning-device"))) {
      if (!*v)
        return usage_error("--tuning-device needs a device name%s", "");
      o->tuning_device = v;
    } else if (!strcmp(a, "--device-resident")) {
      o->device_resident = 1;
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
  if (o->emit_object &&
      (o->compare || o->read_dir || o->write_dir || o->n_shapes))
    return usage_error("%s", "--emit-object does not run: no --compare, "
                             "--read-inputs, --write-outputs or --shape");
  if (o->device_resident && strcmp(o->pipeline, "gpu-emulated") &&
      (strcmp(o->pipeline, "gpu") || !o->emit_object))
    return usage_error("--device-resident runs on --pipeline=gpu-emulated "
                       "only (its arguments are host memory; "
                       "--pipeline=gpu with --emit-object makes an object "
                       "for mdh-exec --device-resident), got '%s'",
                       o->pipeline);
  if (strcmp(o->pipeline, "reference") && strcmp(o->pipeline, "cpu") &&
      strcmp(o->pipeline, "gpu") && strcmp(o->pipeline, "gpu-emulated"))
    return usage_error(
        "unknown pipeline '%s' (reference, cpu, gpu or gpu-emulated)",
        o->pipeline);
  return 0;
}
