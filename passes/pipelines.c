/* The textual pipelines from mdh ops to LLVM (see mdh-c/Passes.h). */

/* dladdr (a GNU extension in glibc). */
#define _GNU_SOURCE

#include "mdh-c/Passes.h"

#include <dlfcn.h>
#include <libgen.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The ordinary ops a user mixes with the mdh ops (issue 13, item 6):
 * linalg on memrefs and affine become scf loops, which the rest of every
 * pipeline lowers with the generated code. */
#define OTHER_OPS "convert-linalg-to-loops,lower-affine,"

/* The mdh part of the GPU pipelines: coalesce, schedule, fuse, map,
 * generate. */
#define GPU_FRONT                                                              \
  "mdh-coalesce,mdh-schedule,mdh-tile-fuse{target=gpu},mdh-map-gpu,"           \
  "mdh-codegen-gpu,inline,canonicalize,cse," OTHER_OPS

/* After the upstream gpu-lower-to-nvvm-pipeline of MLIR 22, with six
 * changes: the kernels are outlined before gpu-async-region (which refuses
 * gpu.launch), the device runtime is linked through nvvm-attach-target's
 * `l`, +ptx80 is always given (sm_90 aborts without it),
 * mdh-kernel-args runs around convert-gpu-to-nvvm, convert-nvgpu-to-nvvm
 * (the asynchronous copies of double-buffered kernels) runs after the
 * first mdh-kernel-args, which reads them as the memref loads they are,
 * and
 * convert-arith-to-llvm runs on the host's functions only: in a kernel, an
 * arith.select between two shared-memory tiles (a double-buffered tiled
 * kernel) would make it report the workgroup memory space it cannot
 * convert, where convert-gpu-to-nvvm converts the kernel's arith ops with
 * the NVVM memory spaces. */
static const char gpu_format[] =
    "builtin.module(" GPU_FRONT
    "gpu-launch-sink-index-computations,gpu-kernel-outlining,"
    "mdh-kernel-args,convert-nvgpu-to-nvvm,func.func(gpu-async-region),"
    "convert-scf-to-cf,"
    "convert-nvvm-to-llvm,convert-func-to-llvm,expand-strided-metadata,"
    "nvvm-attach-target{O=3 chip=%s features=%s l=%s},lower-affine,"
    "llvm.func(convert-arith-to-llvm),convert-index-to-llvm{index-bitwidth=64},"
    "canonicalize,cse,gpu.module(convert-gpu-to-nvvm{index-bitwidth=64}),"
    "gpu.module(canonicalize),gpu.module(cse),"
    "gpu.module(reconcile-unrealized-casts),mdh-kernel-args,"
    "mdh-trim-device-link,gpu-to-llvm,"
    "gpu-module-to-binary{format=%s},convert-math-to-llvm,canonicalize,cse,"
    "reconcile-unrealized-casts,mdh-check-lowered)";

/* The CPU pipelines: coalesce (PANAMERA dimension flattening), pack the
 * operands that keep a md_hom from register tiles, schedule and generate
 * loops (inlining the scalar functions), inline what calls are left,
 * then the upstream lowering to LLVM. With OpenMP, the scf.parallel loops of
 * mdh-codegen-cpu become omp.parallel regions; memref.alloca_scope, which
 * convert-scf-to-openmp puts in the loop bodies, must be lowered before
 * scf-to-cf makes those bodies multi-block. */
#define CPU_FRONT                                                              \
  "builtin.module(mdh-coalesce,mdh-pack,mdh-schedule,mdh-tile-fuse,"           \
  "mdh-codegen-cpu,"                                                           \
  "inline,"                                                                    \
  "canonicalize,cse," OTHER_OPS
static const char cpu_sequential[] =
    CPU_FRONT "arith-expand,convert-scf-to-cf,expand-strided-metadata,"
              "finalize-memref-to-llvm,convert-to-llvm,"
              "reconcile-unrealized-casts,mdh-check-lowered)";
static const char cpu_openmp[] =
    CPU_FRONT "convert-scf-to-openmp,arith-expand,expand-strided-metadata,"
              "finalize-memref-to-llvm,convert-scf-to-cf,"
              "convert-openmp-to-llvm,convert-to-llvm,"
              "reconcile-unrealized-casts,mdh-check-lowered)";

/* Blocks whose threads meet run as OpenMP teams (mdh-emulate-gpu), so the
 * omp ops are lowered as in mdh-run's cpu pipeline with OpenMP. */
static const char emulated[] =
    "builtin.module(" GPU_FRONT
    "mdh-emulate-gpu,canonicalize,cse,arith-expand,convert-scf-to-cf,"
    "expand-strided-metadata,finalize-memref-to-llvm,convert-openmp-to-llvm,"
    "convert-to-llvm,reconcile-unrealized-casts,mdh-check-lowered)";

/* The runtime libraries' directory found from where this code was loaded
 * from (lib_dir_init), so that a build tree and an installed prefix alike
 * work without a path compiled in (issue 13, item 6). */
static char lib_dir[4096];
static pthread_once_t lib_dir_once = PTHREAD_ONCE_INIT;

/* Tells whether "dir" holds the device runtime, the mark of the mdh lib
 * directory. */
static int is_lib_dir(const char *dir) {
  char path[4096 + 32];

  snprintf(path, sizeof(path), "%s/libmdh_device.bc", dir);
  return access(path, R_OK) == 0;
}

/* Sets "lib_dir" from the file that holds this code: the plugin or
 * libMdhCAPI.so in lib/, or a tool in bin/ (or a test in test/) with lib/
 * beside it. Takes the latter when neither holds the device runtime, so
 * that error messages name where it was looked for. */
static void lib_dir_init(void) {
  Dl_info info;
  char *copy, *dir;

  /* For code in the main program, glibc gives its name as it was run
   * (argv[0], "mdh-run" when found on PATH): ask the kernel instead. */
  if (!dladdr((void *)&lib_dir_init, &info) || !info.dli_fname ||
      !strchr(info.dli_fname, '/'))
    info.dli_fname = "/proc/self/exe";
  copy = realpath(info.dli_fname, NULL);
  if (!copy) {
    snprintf(lib_dir, sizeof(lib_dir), ".");
    return;
  }
  dir = dirname(copy);
  if (is_lib_dir(dir))
    snprintf(lib_dir, sizeof(lib_dir), "%s", dir);
  else
    snprintf(lib_dir, sizeof(lib_dir), "%s/../lib", dir);
  free(copy);
}

const char *mdhGetLibDir(void) {
  const char *dir = getenv("MDH_LIB_DIR");

  if (dir && *dir)
    return dir;
  pthread_once(&lib_dir_once, &lib_dir_init);
  return lib_dir;
}

int mdhHavePtxas(void) {
  const char *home = getenv("CUDA_HOME");
  char path[4096];

  snprintf(path, sizeof(path), "%s/bin/ptxas",
           home && *home ? home : "/usr/local/cuda");
  return access(path, X_OK) == 0;
}

char *mdhGpuPipelineText(const char *chip, const char *features,
                         const char *format, const char *deviceLib) {
  char lib[4096];
  char *text;
  int n;

  if (!deviceLib || !*deviceLib) {
    snprintf(lib, sizeof(lib), "%s/libmdh_device.bc", mdhGetLibDir());
    deviceLib = lib;
  }
  if (!format || !*format)
    format = mdhHavePtxas() ? "bin" : "isa";
  n = snprintf(NULL, 0, gpu_format, chip && *chip ? chip : "sm_90",
               features && *features ? features : "+ptx80", deviceLib, format);
  text = malloc(n + 1);
  if (text)
    snprintf(text, n + 1, gpu_format, chip && *chip ? chip : "sm_90",
             features && *features ? features : "+ptx80", deviceLib, format);
  return text;
}

char *mdhGpuEmulatedPipelineText(void) { return strdup(emulated); }

char *mdhCpuPipelineText(bool openmp) {
  return strdup(openmp ? cpu_openmp : cpu_sequential);
}
