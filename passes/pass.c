/* The table of mdh passes, their creation as MLIR external passes, and the
 * per-function driver of the polyhedral passes. */

#include "passes/pass.h"
#include "dialect/attrs.h"
#include "dialect/dialect.h"
#include "lib/mapping.h"
#include "mdh-c/Dialect.h"
#include "mdh-c/Passes.h"
#include "passes/tuning.h"
#include "support/ir.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/NVGPU.h"
#include "mlir-c/Dialect/NVVM.h"
#include "mlir-c/Dialect/OpenMP.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Vector.h"
#include "mlir-c/Support.h"

#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The isl operations the polyhedral work on one function may take by
 * default: about 140 times what the largest function of the examples, the
 * lit inputs and the benchmarks needs (between 4e5 and 7e5 for
 * lit/exec/Inputs/stencil_chains.mlir through either pipeline, measured by
 * bisection on 2026-11-24): a located error instead of a build that seems
 * to hang where isl itself runs away. */
#define DEFAULT_ISL_BUDGET 100000000UL

/* Internal data structure for run_on_func: the per-function callback, its
 * isl context and whether a function failed. */
struct per_function {
  int (*fn)(isl_ctx *ctx, MlirOperation func);
  isl_ctx *ctx;
  int failed;
};

/* Sets the budget of isl operations for the polyhedral work on "func"
 * (isl_ctx_set_max_operations counts from here): `mdh.isl_budget` on the
 * function or module, else the environment variable MDH_ISL_BUDGET, else
 * DEFAULT_ISL_BUDGET; 0 means no limit. Returns 0, or -1 after an error at
 * the op carrying a bad value. */
static int set_isl_budget(isl_ctx *ctx, MlirOperation func) {
  MlirOperation owner;
  MlirAttribute attr = mdh_attr_find_isl_budget(func, &owner);
  const char *env = getenv("MDH_ISL_BUDGET");
  unsigned long budget = DEFAULT_ISL_BUDGET;
  char *end;

  if (!mlirAttributeIsNull(attr)) {
    if (!mlirAttributeIsAInteger(attr) ||
        mlirIntegerAttrGetValueInt(attr) < 0) {
      mdh_emit_error(owner, "mdh.isl_budget must be a non-negative integer");
      return -1;
    }
    budget = (unsigned long)mlirIntegerAttrGetValueInt(attr);
  } else if (env && *env) {
    errno = 0;
    budget = strtoul(env, &end, 10);
    if (*end || errno || env[0] == '-') {
      mdh_emit_error(
          func, "MDH_ISL_BUDGET must be a non-negative integer, got '%s'", env);
      return -1;
    }
  }
  isl_ctx_set_max_operations(ctx, budget);
  isl_ctx_reset_operations(ctx);
  isl_ctx_reset_error(ctx);
  return 0;
}

static MlirWalkResult run_on_func(MlirOperation op, void *user) {
  struct per_function *data = user;
  int has_hom = 0;

  if (!mdh_op_is(op, "func.func"))
    return MlirWalkResultAdvance;
  mlirOperationWalk(op, &mdh_find_md_hom, &has_hom, MlirWalkPreOrder);
  if (has_hom &&
      (set_isl_budget(data->ctx, op) < 0 || !data->fn(data->ctx, op)))
    data->failed = 1;
  return MlirWalkResultSkip;
}

MlirLogicalResult mdh_pass_run_per_function(MlirOperation module,
                                            int (*fn)(isl_ctx *ctx,
                                                      MlirOperation func)) {
  struct per_function data;

  if (mlirLogicalResultIsFailure(mdhVerify(module)))
    return mlirLogicalResultFailure();
  data.fn = fn;
  data.ctx = mdh_isl_ctx_alloc();
  data.failed = 0;
  mlirOperationWalk(module, &run_on_func, &data, MlirWalkPreOrder);
  isl_ctx_free(data.ctx);
  return data.failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}

static const struct mdh_pass_info passes[] = {
    {"MdhVerify", "mdh-verify",
     "Check the semantic rules of the mdh dialect (map arities, buffer "
     "bounds, scalar functions, Lemma 10)",
     &mdh_verify_run},
    {"MdhToLoops", "mdh-to-loops",
     "Lower every mdh chain to sequential scf.for loops over memrefs (the "
     "reference semantics)",
     &mdh_to_loops_run},
    {"MdhSchedule", "mdh-schedule",
     "Build the polyhedral model of each function's mdh chains and store "
     "its schedule tree (isl YAML) in mdh.schedule",
     &mdh_schedule_run},
    {"MdhPrintSchedule", "mdh-print-schedule",
     "Print the mdh.schedule tree of every function to stderr, readably "
     "(for tests and debugging)",
     &mdh_print_schedule_run},
    {"MdhCodegenCpu", "mdh-codegen-cpu",
     "Generate scf.for/scf.parallel loops from the schedule tree in "
     "mdh.schedule (isl AST), writing the md_homs' results in place",
     &mdh_codegen_cpu_run},
    {"MdhCoalesce", "mdh-coalesce",
     "Flatten adjacent md_hom dimensions of one combine kind whose accesses "
     "are contiguous (memref.collapse_shape), reordering to the canonical "
     "x-/y-reduce forms and propagating to elementwise producers "
     "(PANAMERA dimension flattening)",
     &mdh_coalesce_run},
    {"MdhMapGpu", "mdh-map-gpu",
     "Form the GPU kernels in the schedule tree (kernel marks in "
     "mdh.schedule; a band fused from several md_homs is one kernel when it "
     "can be) and choose each kernel's parallelism mapping (grid/block "
     "x,y,z or sequential, with sizes) among the legal ones (LIFT's rules, "
     "strengthened) by a cost model; stored in mdh.mapping or the kernel "
     "mark",
     &mdh_map_gpu_run},
    {"MdhCodegenGpu", "mdh-codegen-gpu",
     "Generate one gpu.launch per kernel mark of mdh.schedule, in tree order "
     "(isl AST per thread from the tree), with device copies of the "
     "buffers, runtime block reductions and atomics",
     &mdh_codegen_gpu_run},
    {"MdhEmulateGpu", "mdh-emulate-gpu",
     "Run gpu.launch kernels on the CPU: each block's threads one after "
     "another, or as an OpenMP team when they meet at gpu.barrier or share "
     "workgroup memory (block reductions through the host runtime; no warp "
     "shuffles), with host buffers for device ones: checks GPU code "
     "numerically without a GPU",
     &mdh_emulate_gpu_run},
    {"MdhCheckLowered", "mdh-check-lowered",
     "Fail at the first op a pipeline left unlowered (anything but llvm, "
     "omp, gpu.binary, gpu.launch_func and the module): the last pass of "
     "the mdh pipelines",
     &mdh_check_lowered_run},
    {"MdhTrimDeviceLink", "mdh-trim-device-link",
     "Drop the device runtime's bitcode from the link list of the GPU "
     "modules that call none of its functions (gpu-module-to-binary links "
     "it into every module otherwise)",
     &mdh_trim_device_link_run},
    {"MdhTileFuse", "mdh-tile-fuse",
     "Tile the output band of each function's last md_hom with producers to "
     "fuse and fuse the producers into its tiles with extension nodes "
     "(basteln post-tiling fusion: overlapped tiles recompute, "
     "intermediates live in per-tile buffers); target=gpu sizes the tiles "
     "for a block's shared memory and marks each group as one kernel; "
     "mdh.fusion = \"none\" turns it off, mdh.tile_sizes gives the tile",
     &mdh_tile_fuse_run},
    {"MdhFromLinalg", "mdh-from-linalg",
     "Raise linalg structured ops on memrefs (generic and named: matmul, "
     "conv, pooling, reduce, map, fill, ...) into mdh chains: loops become "
     "the index space, indexing maps the views, reductions pw dimensions, "
     "the body the scalar function; ops it cannot raise stay as they are",
     &mdh_from_linalg_run},
    {"MdhKernelArgs", "mdh-kernel-args",
     "State what the launches of each kernel guarantee about its memref "
     "arguments: 16-byte alignment of whole gpu.alloc buffers "
     "(memref.assume_alignment, for vector loads), and, for buffers that "
     "no thread writes during a launch, llvm.readonly on gpu.func kernels "
     "and llvm.noalias on the aligned pointers of the llvm.func kernels "
     "converted from them (ld.global.nc); mdh-gpu-pipeline runs it before "
     "and after convert-gpu-to-nvvm",
     &mdh_kernel_args_run},
    {"MdhPack", "mdh-pack",
     "Copy an input that keeps a md_hom from mdh-codegen-cpu's register "
     "tiles, one it reads across the dimension its result is stored along "
     "(B of A B^T), into a buffer transposed to walk that dimension "
     "contiguously (BLIS's packing), by a copy md_hom before it, where each "
     "element is read at least 16 times",
     &mdh_pack_run},
};

#define N_PASSES ((intptr_t)(sizeof(passes) / sizeof(passes[0])))

/* mdh-tile-fuse for the GPU (mdh-tile-fuse{target=gpu}, a pipeline of the
 * registration shim): its own TypeID, the table's argument. */
static const struct mdh_pass_info tile_fuse_gpu = {
    "MdhTileFuseGpu", "mdh-tile-fuse",
    "mdh-tile-fuse for the GPU: tiles whose buffers fit a block's shared "
    "memory, a kernel mark per group",
    &mdh_tile_fuse_gpu_run};

/* One TypeID per pass, shared by all its instances: the passes of the
 * table, then mdh-gpu-options, mdh-isl-budget, mdh-reassociate,
 * mdh-fusion, mdh-tile-fuse for the GPU, mdh-tuning, mdh-device-resident
 * and mdh-vector-bits. */
#define GPU_OPTIONS_ID N_PASSES
#define ISL_BUDGET_ID (N_PASSES + 1)
#define REASSOCIATE_ID (N_PASSES + 2)
#define NO_FUSION_ID (N_PASSES + 3)
#define TILE_FUSE_GPU_ID (N_PASSES + 4)
#define TUNING_ID (N_PASSES + 5)
#define DEVICE_RESIDENT_ID (N_PASSES + 6)
#define VECTOR_BITS_ID (N_PASSES + 7)
#define NO_ASYNC_COPY_ID (N_PASSES + 8)
static MlirTypeID pass_ids[N_PASSES + 9];
static MlirTypeIDAllocator id_allocator;
static pthread_once_t pass_ids_once = PTHREAD_ONCE_INIT;

/* Allocates every TypeID of "pass_ids" from "id_allocator", which lives as
 * long as the process (kept in a static, so LeakSanitizer sees it held). */
static void allocate_pass_ids(void) {
  size_t i;

  id_allocator = mlirTypeIDAllocatorCreate();
  for (i = 0; i < sizeof(pass_ids) / sizeof(pass_ids[0]); ++i)
    pass_ids[i] = mlirTypeIDAllocatorAllocateTypeID(id_allocator);
}

/* Returns the TypeID of pass "pos" of "pass_ids". Passes are created by
 * threads with a context each (textual pipelines), and a TypeID allocator
 * has no lock, so all of them are allocated at the first call, once. */
static MlirTypeID get_pass_id(intptr_t pos) {
  pthread_once(&pass_ids_once, &allocate_pass_ids);
  return pass_ids[pos];
}

intptr_t mdhGetNumPasses(void) { return N_PASSES; }

MlirStringRef mdhGetPassArgument(intptr_t pos) {
  return mlirStringRefCreateFromCString(passes[pos].argument);
}

MlirStringRef mdhGetPassDescription(intptr_t pos) {
  return mlirStringRefCreateFromCString(passes[pos].description);
}

static void pass_construct(void *user) { (void)user; }

static void pass_destruct(void *user) { (void)user; }

static void *pass_clone(void *user) { return user; }

/* Runs the pass of table entry "user" on "op", a builtin.module. The dialect
 * must be loaded for the pass's own IR queries; loading is idempotent. */
static void pass_run(MlirOperation op, MlirExternalPass pass, void *user) {
  const struct mdh_pass_info *info = user;

  if (mlirLogicalResultIsFailure(mdhLoadDialect(mlirOperationGetContext(op))) ||
      mlirLogicalResultIsFailure(info->run(op)))
    mlirExternalPassSignalFailure(pass);
}

/* Creates the pass "info" with the TypeID "pos" of "pass_ids". */
static MlirPass create_pass(intptr_t pos, const struct mdh_pass_info *info) {
  MlirExternalPassCallbacks callbacks = {&pass_construct, &pass_destruct, NULL,
                                         &pass_clone, &pass_run};

  /* Every dialect a pass may create ops of must be loaded before it runs,
   * or the ops are built as unregistered ones (notes/mlir22.md 2.1). */
  MlirDialectHandle dialects[] = {
      mlirGetDialectHandle__arith__(),  mlirGetDialectHandle__func__(),
      mlirGetDialectHandle__memref__(), mlirGetDialectHandle__scf__(),
      mlirGetDialectHandle__gpu__(),    mlirGetDialectHandle__llvm__(),
      mlirGetDialectHandle__omp__(),    mlirGetDialectHandle__vector__(),
      mlirGetDialectHandle__nvgpu__(),  mlirGetDialectHandle__nvvm__()};

  return mlirCreateExternalPass(
      get_pass_id(pos), mlirStringRefCreateFromCString(info->name),
      mlirStringRefCreateFromCString(info->argument),
      mlirStringRefCreateFromCString(info->description),
      mlirStringRefCreateFromCString("builtin.module"),
      sizeof(dialects) / sizeof(dialects[0]), dialects, callbacks,
      (void *)info);
}

MlirPass mdhCreatePass(intptr_t pos) { return create_pass(pos, &passes[pos]); }

MlirPass mdhCreateVerifyPass(void) { return mdhCreatePass(0); }

MlirPass mdhCreateToLoopsPass(void) { return mdhCreatePass(1); }

MlirPass mdhCreateSchedulePass(void) { return mdhCreatePass(2); }

MlirPass mdhCreateCodegenCpuPass(void) { return mdhCreatePass(4); }

MlirPass mdhCreateCoalescePass(void) { return mdhCreatePass(5); }

MlirPass mdhCreateMapGpuPass(void) { return mdhCreatePass(6); }

MlirPass mdhCreateCodegenGpuPass(void) { return mdhCreatePass(7); }

MlirPass mdhCreateEmulateGpuPass(void) { return mdhCreatePass(8); }

MlirPass mdhCreateTileFusePass(void) { return mdhCreatePass(11); }

MlirPass mdhCreateTileFuseGpuPass(void) {
  return create_pass(TILE_FUSE_GPU_ID, &tile_fuse_gpu);
}

MlirPass mdhCreateFromLinalgPass(void) { return mdhCreatePass(12); }

MlirPass mdhCreatePackPass(void) { return mdhCreatePass(14); }

bool mdhIsReductionMode(MlirStringRef mode) {
  return mlirStringRefEqual(mode, mlirStringRefCreateFromCString("atomic")) ||
         mlirStringRefEqual(mode,
                            mlirStringRefCreateFromCString("deterministic"));
}

/* Internal data structure of an mdh-gpu-options pass: the mapping-index
 * spec and the reduction mode, NUL-terminated copies one after the other
 * in "text" ("": not given), "mode" pointing at the second. One allocation,
 * so that cloning is one copy. */
struct gpu_options {
  const char *mode;
  char text[];
};

/* Returns a copy of "mapping" and "mode" as gpu_options, or NULL if out of
 * memory. */
static struct gpu_options *gpu_options_alloc(MlirStringRef mapping,
                                             MlirStringRef mode) {
  struct gpu_options *o = malloc(sizeof(*o) + mapping.length + mode.length + 2);

  if (!o)
    return NULL;
  if (mapping.length)
    memcpy(o->text, mapping.data, mapping.length);
  o->text[mapping.length] = '\0';
  o->mode = o->text + mapping.length + 1;
  if (mode.length)
    memcpy(o->text + mapping.length + 1, mode.data, mode.length);
  o->text[mapping.length + 1 + mode.length] = '\0';
  return o;
}

/* Frees the data of an options pass (gpu_options, or the budget of
 * mdh-isl-budget). */
static void gpu_options_destruct(void *user) { free(user); }

/* A clone of "user" for a cloned pass; NULL (out of memory) makes the clone
 * fail when it runs. */
static void *gpu_options_clone(void *user) {
  struct gpu_options *o = user;

  if (!o)
    return NULL;
  return gpu_options_alloc(mlirStringRefCreateFromCString(o->text),
                           mlirStringRefCreateFromCString(o->mode));
}

bool mdhIsMappingIndexSpec(MlirStringRef spec) {
  struct mdh_index_entry entries[MDH_MAX_INDEX_ENTRIES];
  char err[256];

  return mdh_index_spec_parse(spec.data, spec.length, entries,
                              MDH_MAX_INDEX_ENTRIES, err, sizeof(err)) > 0;
}

/* Stores the mapping-index spec "spec" on "op": an integer for a plain K,
 * else the string. */
static void set_mapping_index(MlirOperation op, MlirStringRef spec) {
  struct mdh_index_entry entries[MDH_MAX_INDEX_ENTRIES];
  char err[256];
  int n = mdh_index_spec_parse(spec.data, spec.length, entries,
                               MDH_MAX_INDEX_ENTRIES, err, sizeof(err));

  if (n == 1 && !entries[0].func[0] && entries[0].kernel < 0)
    mdh_attr_set_mapping_index(op, entries[0].index);
  else
    mdh_attr_set_mapping_index_spec(op, spec);
}

MlirLogicalResult mdhSetGpuOptions(MlirOperation op, MlirStringRef mapping,
                                   MlirStringRef reductionMode) {
  if ((mapping.length && !mdhIsMappingIndexSpec(mapping)) ||
      (reductionMode.length && !mdhIsReductionMode(reductionMode)))
    return mlirLogicalResultFailure();
  if (mapping.length)
    set_mapping_index(op, mapping);
  if (reductionMode.length)
    mdh_attr_set_reduction_mode(op, reductionMode);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult mdhSetTunedMapping(MlirOperation module,
                                     MlirStringRef mapping) {
  MlirOperation owner;

  if (!mdhIsMappingIndexSpec(mapping))
    return mlirLogicalResultFailure();
  if (mlirAttributeIsNull(mdh_attr_find_mapping_index(module, &owner)))
    set_mapping_index(module, mapping);
  return mlirLogicalResultSuccess();
}

/* Reads the array of i64 "attr" into "out", at most "max" elements;
 * returns its length, or -1 if it is not such an array. */
static intptr_t read_i64_array(MlirAttribute attr, int64_t *out, intptr_t max) {
  intptr_t n, i;

  if (mlirAttributeIsNull(attr) || !mlirAttributeIsADenseI64Array(attr))
    return -1;
  n = mlirDenseArrayGetNumElements(attr);
  for (i = 0; i < n && i < max; ++i)
    out[i] = mlirDenseI64ArrayGetElement(attr, i);
  return n;
}

intptr_t mdhGetKernelMappings(MlirOperation func, int64_t *counts,
                              intptr_t max) {
  return read_i64_array(mdh_attr_get_kernel_mappings(func), counts, max);
}

intptr_t mdhGetKernelAtomics(MlirOperation func, int64_t *flags, intptr_t max) {
  return read_i64_array(mdh_attr_get_kernel_atomics(func), flags, max);
}

intptr_t mdhGetKernelStaged(MlirOperation func, int64_t *flags, intptr_t max) {
  return read_i64_array(mdh_attr_get_kernel_staged(func), flags, max);
}

/* Internal data structure of an mdh-tuning pass: whether the pipeline's
 * fusion option was given ("keep_fusion"), the record's file, the device
 * and the pipeline, NUL-terminated copies one after the other in "text"
 * ("device" and "pipeline" pointing into it). One allocation, so that
 * cloning is one copy. */
struct tuning_options {
  int keep_fusion;
  const char *device, *pipeline;
  char text[];
};

/* Returns the options of an mdh-tuning pass, or NULL if out of memory. */
static struct tuning_options *tuning_options_alloc(MlirStringRef file,
                                                   MlirStringRef device,
                                                   MlirStringRef pipeline,
                                                   int keep_fusion) {
  struct tuning_options *o =
      malloc(sizeof(*o) + file.length + device.length + pipeline.length + 3);
  char *p;

  if (!o)
    return NULL;
  o->keep_fusion = keep_fusion;
  p = o->text;
  memcpy(p, file.data, file.length);
  p += file.length;
  *p++ = '\0';
  o->device = p;
  memcpy(p, device.data, device.length);
  p += device.length;
  *p++ = '\0';
  o->pipeline = p;
  memcpy(p, pipeline.data, pipeline.length);
  p[pipeline.length] = '\0';
  return o;
}

/* A clone of "user" for a cloned pass; NULL (out of memory) makes the clone
 * fail when it runs. */
static void *tuning_options_clone(void *user) {
  struct tuning_options *o = user;

  if (!o)
    return NULL;
  return tuning_options_alloc(mlirStringRefCreateFromCString(o->text),
                              mlirStringRefCreateFromCString(o->device),
                              mlirStringRefCreateFromCString(o->pipeline),
                              o->keep_fusion);
}

/* Runs mdh-tuning with the options "user" on "module". */
static void tuning_run(MlirOperation module, MlirExternalPass pass,
                       void *user) {
  const struct tuning_options *o = user;

  if (!o)
    mdh_emit_error(module, "mdh-tuning: out of memory");
  else if (mdh_tuning_apply(module, o->text, o->device, o->pipeline,
                            o->keep_fusion, NULL, NULL) >= 0)
    return;
  mlirExternalPassSignalFailure(pass);
}

MlirPass mdhCreateTuningPass(MlirStringRef file, MlirStringRef device,
                             MlirStringRef pipeline, bool keepFusion) {
  MlirExternalPassCallbacks callbacks = {&pass_construct, &gpu_options_destruct,
                                         NULL, &tuning_options_clone,
                                         &tuning_run};

  return mlirCreateExternalPass(
      get_pass_id(TUNING_ID), mlirStringRefCreateFromCString("MdhTuning"),
      mlirStringRefCreateFromCString("mdh-tuning"),
      mlirStringRefCreateFromCString(
          "Apply a tuning record of mdh-tune (the tuning= option of the "
          "mdh pipelines): its mappings and fusion modes where the module "
          "sets none"),
      mlirStringRefCreateFromCString("builtin.module"), 0, NULL, callbacks,
      tuning_options_alloc(file, device, pipeline, keepFusion));
}

/* Internal data structure of mdhApplyTuning's notes. */
struct note_data {
  MlirStringCallback callback;
  void *user;
};

/* Passes the note "text" to the caller's callback. */
static void pass_note(const char *text, void *user) {
  struct note_data *data = user;

  data->callback(mlirStringRefCreateFromCString(text), data->user);
}

intptr_t mdhApplyTuning(MlirOperation module, MlirStringRef file,
                        MlirStringRef device, MlirStringRef pipeline,
                        bool keepFusion, MlirStringCallback note, void *user) {
  struct note_data data = {note, user};
  char *f = strndup(file.data, file.length);
  char *d = strndup(device.data, device.length);
  char *p = strndup(pipeline.data, pipeline.length);
  int n;

  if (!f || !d || !p)
    abort();
  n = mdh_tuning_apply(module, f, d, p, keepFusion, note ? &pass_note : NULL,
                       &data);
  free(f);
  free(d);
  free(p);
  return n;
}

/* Runs mdh-gpu-options with the options "user" on "module". A bad value
 * (from a C caller: mdh-gpu-pipeline rejects it while parsing) fails the
 * pass with an error at the module before anything is set. */
static void gpu_options_run(MlirOperation module, MlirExternalPass pass,
                            void *user) {
  const struct gpu_options *o = user;

  if (!o) {
    mdh_emit_error(module, "mdh-gpu-options: out of memory");
  } else if (o->text[0] &&
             !mdhIsMappingIndexSpec(mlirStringRefCreateFromCString(o->text))) {
    mdh_emit_error(module,
                   "mdh-gpu-options: mapping must be a non-negative integer K "
                   "or entries [@FUNCTION:][KERNEL:]K separated by ';', got "
                   "'%s'",
                   o->text);
  } else if (o->mode[0] &&
             !mdhIsReductionMode(mlirStringRefCreateFromCString(o->mode))) {
    mdh_emit_error(module,
                   "mdh-gpu-options: reduction mode must be 'atomic' or "
                   "'deterministic', got '%s'",
                   o->mode);
  } else {
    mdhSetGpuOptions(module, mlirStringRefCreateFromCString(o->text),
                     mlirStringRefCreateFromCString(o->mode));
    return;
  }
  mlirExternalPassSignalFailure(pass);
}

MlirPass mdhCreateGpuOptionsPass(MlirStringRef mapping,
                                 MlirStringRef reductionMode) {
  MlirExternalPassCallbacks callbacks = {&pass_construct, &gpu_options_destruct,
                                         NULL, &gpu_options_clone,
                                         &gpu_options_run};

  return mlirCreateExternalPass(
      get_pass_id(GPU_OPTIONS_ID),
      mlirStringRefCreateFromCString("MdhGpuOptions"),
      mlirStringRefCreateFromCString("mdh-gpu-options"),
      mlirStringRefCreateFromCString(
          "Store the options of mdh-gpu-pipeline (mapping, reduction-mode) "
          "as module attributes for mdh-map-gpu and mdh-codegen-gpu"),
      mlirStringRefCreateFromCString("builtin.module"), 0, NULL, callbacks,
      gpu_options_alloc(mapping, reductionMode));
}

/* Returns a copy of "budget" as the data of an mdh-isl-budget pass, or
 * NULL if out of memory. */
static void *budget_alloc(int64_t budget) {
  int64_t *b = malloc(sizeof(*b));

  if (b)
    *b = budget;
  return b;
}

/* A clone of "user" for a cloned pass; NULL (out of memory) makes the clone
 * fail when it runs. */
static void *budget_clone(void *user) {
  return user ? budget_alloc(*(int64_t *)user) : NULL;
}

/* Runs mdh-isl-budget with the budget "user" on "module". */
static void budget_run(MlirOperation module, MlirExternalPass pass,
                       void *user) {
  if (!user) {
    mdh_emit_error(module, "mdh-isl-budget: out of memory");
  } else if (*(int64_t *)user < 0) {
    mdh_emit_error(module, "mdh-isl-budget: the budget must be a "
                           "non-negative integer");
  } else {
    mdh_attr_set_isl_budget(module, *(int64_t *)user);
    return;
  }
  mlirExternalPassSignalFailure(pass);
}

MlirPass mdhCreateIslBudgetPass(int64_t budget) {
  MlirExternalPassCallbacks callbacks = {&pass_construct, &gpu_options_destruct,
                                         NULL, &budget_clone, &budget_run};

  return mlirCreateExternalPass(
      get_pass_id(ISL_BUDGET_ID),
      mlirStringRefCreateFromCString("MdhIslBudget"),
      mlirStringRefCreateFromCString("mdh-isl-budget"),
      mlirStringRefCreateFromCString(
          "Store the isl-budget option of the mdh pipelines as the module "
          "attribute mdh.isl_budget for the polyhedral passes"),
      mlirStringRefCreateFromCString("builtin.module"), 0, NULL, callbacks,
      budget_alloc(budget));
}

/* Runs mdh-vector-bits with the width "user" on "module". */
static void vector_bits_run(MlirOperation module, MlirExternalPass pass,
                            void *user) {
  int64_t bits = user ? *(int64_t *)user : -1;

  if (bits == 128 || bits == 256 || bits == 512) {
    mdh_attr_set_vector_bits(module, bits);
    return;
  }
  mdh_emit_error(module, user ? "mdh-vector-bits: the width must be 128, "
                                "256 or 512"
                              : "mdh-vector-bits: out of memory");
  mlirExternalPassSignalFailure(pass);
}

MlirPass mdhCreateVectorBitsPass(int64_t bits) {
  MlirExternalPassCallbacks callbacks = {&pass_construct, &gpu_options_destruct,
                                         NULL, &budget_clone, &vector_bits_run};

  return mlirCreateExternalPass(
      get_pass_id(VECTOR_BITS_ID),
      mlirStringRefCreateFromCString("MdhVectorBits"),
      mlirStringRefCreateFromCString("mdh-vector-bits"),
      mlirStringRefCreateFromCString(
          "Store the vector-bits option of mdh-cpu-pipeline as the module "
          "attribute mdh.vector_bits for mdh-codegen-cpu's register tiles"),
      mlirStringRefCreateFromCString("builtin.module"), 0, NULL, callbacks,
      budget_alloc(bits));
}

/* Runs mdh-reassociate on "module". */
static void reassociate_run(MlirOperation module, MlirExternalPass pass,
                            void *user) {
  (void)pass;
  (void)user;
  mdh_attr_set_reassociate(module, true);
}

MlirPass mdhCreateReassociatePass(void) {
  MlirExternalPassCallbacks callbacks = {&pass_construct, &pass_destruct, NULL,
                                         &pass_clone, &reassociate_run};

  return mlirCreateExternalPass(
      get_pass_id(REASSOCIATE_ID),
      mlirStringRefCreateFromCString("MdhReassociate"),
      mlirStringRefCreateFromCString("mdh-reassociate"),
      mlirStringRefCreateFromCString(
          "Store the reassociate option of mdh-from-linalg as the module "
          "attribute mdh.reassociate"),
      mlirStringRefCreateFromCString("builtin.module"), 0, NULL, callbacks,
      NULL);
}

/* The fusion modes of the mdh pipelines other than the default: the user
 * data of mdh-fusion passes (mdhIsFusionMode). */
static const char *const fusion_modes[] = {"none", "single"};

bool mdhIsFusionMode(MlirStringRef mode) {
  size_t i;

  if (mlirStringRefEqual(mode, mlirStringRefCreateFromCString("basteln")))
    return true;
  for (i = 0; i < sizeof(fusion_modes) / sizeof(fusion_modes[0]); ++i)
    if (mlirStringRefEqual(mode,
                           mlirStringRefCreateFromCString(fusion_modes[i])))
      return true;
  return false;
}

void mdhSetFusion(MlirOperation module, MlirStringRef mode) {
  MlirOperation owner;
  char *text;

  if (!mlirAttributeIsNull(mdh_attr_find_fusion(module, &owner)))
    return;
  text = strndup(mode.data, mode.length);
  if (!text)
    abort();
  mdh_attr_set_fusion(module, text);
  free(text);
}

void mdhSetNoFusion(MlirOperation module) {
  mdhSetFusion(module, mlirStringRefCreateFromCString("none"));
}

/* Runs mdh-fusion with the mode "user" (one of fusion_modes) on
 * "module". */
static void fusion_run(MlirOperation module, MlirExternalPass pass,
                       void *user) {
  (void)pass;
  mdhSetFusion(module, mlirStringRefCreateFromCString(user));
}

MlirPass mdhCreateFusionPass(MlirStringRef mode) {
  MlirExternalPassCallbacks callbacks = {&pass_construct, &pass_destruct, NULL,
                                         &pass_clone, &fusion_run};
  size_t i;

  for (i = 0; i < sizeof(fusion_modes) / sizeof(fusion_modes[0]); ++i)
    if (mlirStringRefEqual(mode,
                           mlirStringRefCreateFromCString(fusion_modes[i])))
      break;
  if (i == sizeof(fusion_modes) / sizeof(fusion_modes[0]))
    return (MlirPass){NULL};
  return mlirCreateExternalPass(
      get_pass_id(NO_FUSION_ID), mlirStringRefCreateFromCString("MdhFusion"),
      mlirStringRefCreateFromCString("mdh-fusion"),
      mlirStringRefCreateFromCString(
          "Store the option fusion=none|single of the mdh pipelines as the "
          "module attribute mdh.fusion (unless the module has a mode)"),
      mlirStringRefCreateFromCString("builtin.module"), 0, NULL, callbacks,
      (void *)fusion_modes[i]);
}

MlirPass mdhCreateNoFusionPass(void) {
  return mdhCreateFusionPass(mlirStringRefCreateFromCString("none"));
}

void mdhSetDeviceResident(MlirOperation op) {
  mdh_attr_set_device_resident(op);
}

/* Runs mdh-device-resident on "module". */
static void device_resident_run(MlirOperation module, MlirExternalPass pass,
                                void *user) {
  (void)pass;
  (void)user;
  mdhSetDeviceResident(module);
}

MlirPass mdhCreateDeviceResidentPass(void) {
  MlirExternalPassCallbacks callbacks = {&pass_construct, &pass_destruct, NULL,
                                         &pass_clone, &device_resident_run};

  return mlirCreateExternalPass(
      get_pass_id(DEVICE_RESIDENT_ID),
      mlirStringRefCreateFromCString("MdhDeviceResident"),
      mlirStringRefCreateFromCString("mdh-device-resident"),
      mlirStringRefCreateFromCString(
          "Store the option device-resident=true of the GPU pipelines as the "
          "module attribute mdh.device_resident"),
      mlirStringRefCreateFromCString("builtin.module"), 0, NULL, callbacks,
      NULL);
}

int mdhChipHasAsyncCopy(MlirStringRef chip) {
  long sm = 0;
  size_t i = 3;

  if (chip.length < 4 || strncmp(chip.data, "sm_", 3))
    return 1;
  for (; i < chip.length && chip.data[i] >= '0' && chip.data[i] <= '9' &&
         sm < 1000;
       ++i)
    sm = 10 * sm + (chip.data[i] - '0');
  return i == 3 || sm >= 80;
}

/* Runs mdh-no-async-copy on "module": mdh.async_copy = false unless the
 * module says otherwise. */
static void no_async_copy_run(MlirOperation module, MlirExternalPass pass,
                              void *user) {
  MlirOperation owner;

  (void)pass;
  (void)user;
  if (mlirAttributeIsNull(mdh_attr_find_async_copy(module, &owner)))
    mdh_attr_set_async_copy(module, false);
}

MlirPass mdhCreateNoAsyncCopyPass(void) {
  MlirExternalPassCallbacks callbacks = {&pass_construct, &pass_destruct, NULL,
                                         &pass_clone, &no_async_copy_run};

  return mlirCreateExternalPass(
      get_pass_id(NO_ASYNC_COPY_ID),
      mlirStringRefCreateFromCString("MdhNoAsyncCopy"),
      mlirStringRefCreateFromCString("mdh-no-async-copy"),
      mlirStringRefCreateFromCString(
          "Store mdh.async_copy = false on the module (unless it carries its "
          "own) for a chip of mdh-gpu-pipeline without cp.async"),
      mlirStringRefCreateFromCString("builtin.module"), 0, NULL, callbacks,
      NULL);
}
