/* Ahead-of-time compilation of an entry function (see emit.h). */

#include "tools/mdh-run/emit.h"

#include "tools/common/atomic.h"
#include "tools/common/signature.h"

#include "mdh-c/Passes.h"

#include "mlir-c/Pass.h"
#include "mlir-c/Target/LLVMIR.h"

#include "llvm-c/Core.h"

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* The OpenMP runtime the cpu pipeline calls when it uses OpenMP, and MLIR's
 * runtime helpers (printing and the like), as mdh-run's JIT links them; the
 * project's own copy of the helpers that generated code needs (memrefCopy,
 * runtime/host/utils.c) comes first, so that MLIR's, which needs libMLIR and
 * libLLVM, is linked only for what the project lacks. */
static const char openmp_runtime[] = MDH_OPENMP_RUNTIME;
static const char runner_utils[] = MDH_LLVM_LIBDIR "/libmlir_c_runner_utils.so";
static const char clang[] = MDH_LLVM_BINDIR "/clang";

static void print_to_file(MlirStringRef s, void *user) {
  fwrite(s.data, 1, s.length, user);
}

int mdh_run_lower(MlirContext ctx, MlirModule module, const char *pipeline) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult res;

  res = mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                              mlirStringRefCreateFromCString(pipeline),
                              print_to_file, stderr);
  if (mlirLogicalResultIsSuccess(res))
    res = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  mlirPassManagerDestroy(pm);
  if (mlirLogicalResultIsFailure(res)) {
    fprintf(stderr, "mdh-run: lowering failed\n");
    return -1;
  }
  return 0;
}

/* Writes "s" into "out" as the body of an MLIR string literal: printable
 * characters but quotes and backslashes as they are, others as \HH. Returns
 * the end of what was written ("out" has room for 3 bytes per byte). */
static char *escape(char *out, const char *s) {
  for (; *s; ++s) {
    if (*s >= 0x20 && *s < 0x7f && *s != '"' && *s != '\\')
      *out++ = *s;
    else
      out += sprintf(out, "\\%02X", (unsigned char)*s);
  }
  *out = 0;
  return out;
}

/* Returns the text of the global that exports "sig" as the signature of
 * "entry" (malloc'ed), or NULL. */
static char *signature_global(const char *entry, const char *sig) {
  size_t len = 3 * strlen(entry) + strlen(sig) + 200;
  char *text = malloc(len), *p;

  if (!text)
    return NULL;
  p = text + sprintf(text, "llvm.mlir.global external constant @\"%s",
                     MDH_SIGNATURE_PREFIX);
  p = escape(p, entry);
  sprintf(p, "\"(\"%s\\00\") : !llvm.array<%zu x i8>", sig, strlen(sig) + 1);
  return text;
}

/* Adds the signature global of "entry" with signature "sig" to "module".
 * Returns -1 after reporting a failure. */
static int add_signature(MlirContext ctx, MlirModule module, const char *entry,
                         const struct mdh_args *sig) {
  char *text = mdh_signature_format(sig);
  char *global = text ? signature_global(entry, text) : NULL;
  MlirOperation op = {NULL};

  if (global)
    op = mlirOperationCreateParse(ctx, mlirStringRefCreateFromCString(global),
                                  mlirStringRefCreateFromCString("signature"));
  free(global);
  free(text);
  if (mlirOperationIsNull(op)) {
    fprintf(stderr, "mdh-run: cannot add the signature of @%s\n", entry);
    return -1;
  }
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(module), op);
  return 0;
}

/* Translates the lowered "module" to LLVM IR in the file "path". Returns -1
 * after reporting a failure. */
static int write_llvm_ir(MlirModule module, const char *path) {
  LLVMContextRef llvm_ctx = LLVMContextCreate();
  LLVMModuleRef llvm_module;
  char *msg = NULL;
  int rc = 0;

  llvm_module =
      mlirTranslateModuleToLLVMIR(mlirModuleGetOperation(module), llvm_ctx);
  if (!llvm_module) {
    fprintf(stderr, "mdh-run: cannot translate the lowered module to LLVM "
                    "IR\n");
    rc = -1;
  } else if (LLVMPrintModuleToFile(llvm_module, path, &msg)) {
    fprintf(stderr, "mdh-run: cannot write '%s': %s\n", path, msg);
    rc = -1;
  }
  LLVMDisposeMessage(msg);
  if (llvm_module)
    LLVMDisposeModule(llvm_module);
  LLVMContextDispose(llvm_ctx);
  return rc;
}

/* Returns the directory part of "path" (malloc'ed), or NULL. */
static char *dir_of(const char *path) {
  const char *slash = strrchr(path, '/');

  return slash ? strndup(path, (size_t)(slash - path)) : strdup(".");
}

/* Runs "argv" (clang compiling "ll") and waits for it; returns -1 after
 * reporting a failure. */
static int run(char *const *argv, const char *ll) {
  pid_t pid;
  int status, err;

  err = posix_spawn(&pid, argv[0], NULL, NULL, argv, environ);
  if (err) {
    fprintf(stderr, "mdh-run: cannot run '%s': %s\n", argv[0], strerror(err));
    return -1;
  }
  if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
      WEXITSTATUS(status)) {
    fprintf(stderr, "mdh-run: '%s' failed to compile '%s'\n", argv[0], ll);
    return -1;
  }
  return 0;
}

/* Compiles the LLVM IR file "ll" into the shared object "out" with "rpath",
 * linked against those of the runtimes that it references (--as-needed) and
 * nothing else (--no-undefined reports a missing one now instead of at load
 * time). -Bsymbolic keeps the object's calls to its own functions from
 * binding to same-named functions of the program that loads it. */
static int link_object(const char *ll, const char *out, const char *rpath,
                       const char *gpu_runtime, const char *utils,
                       const char *extra_lib, int native) {
  const char *argv[24] = {clang,
                          "-O2",
                          "-shared",
                          "-fPIC",
                          "-Wno-override-module",
                          "-Wl,--no-undefined,-Bsymbolic",
                          "-o",
                          out,
                          ll,
                          rpath,
                          "-Wl,--as-needed",
                          "-lm"};
  int n = 12;

  if (native)
    argv[n++] = "-march=native";
  if (access(utils, R_OK) == 0)
    argv[n++] = utils;
  argv[n++] = runner_utils;
  if (access(openmp_runtime, R_OK) == 0)
    argv[n++] = openmp_runtime;
  if (access(gpu_runtime, R_OK) == 0)
    argv[n++] = gpu_runtime;
  if (extra_lib)
    argv[n++] = extra_lib;
  argv[n] = NULL;
  return run((char *const *)argv, ll);
}

/* Compiles "ll" into "out" (see link_object), finding the libraries through
 * "$ORIGIN", "$ORIGIN/../lib" and their directories on this machine. */
static int compile(const char *ll, const char *out, const char *gpu_runtime,
                   const char *extra_lib, int native) {
  const char *lib_dir = mdhGetLibDir();
  char *gpu_dir = dir_of(gpu_runtime), *rpath = NULL, *utils = NULL;
  int rc = -1;

  if (gpu_dir) {
    rpath = malloc(strlen(gpu_dir) + strlen(lib_dir) + sizeof(MDH_LLVM_LIBDIR) +
                   64);
    utils = malloc(strlen(lib_dir) + sizeof("/libmdh_rt_utils.so"));
  }
  if (rpath && utils) {
    sprintf(rpath, "-Wl,-rpath,$ORIGIN:$ORIGIN/../lib:%s:%s:%s", gpu_dir,
            lib_dir, MDH_LLVM_LIBDIR);
    sprintf(utils, "%s/libmdh_rt_utils.so", lib_dir);
    rc = link_object(ll, out, rpath, gpu_runtime, utils, extra_lib, native);
  } else {
    fprintf(stderr, "mdh-run: out of memory\n");
  }
  free(utils);
  free(rpath);
  free(gpu_dir);
  return rc;
}

int mdh_emit_object(MlirContext ctx, MlirModule input, const char *pipeline,
                    const char *entry, const struct mdh_args *sig,
                    const char *extra_lib, int native, const char *out) {
  MlirModule module = mlirModuleFromOperation(
      mlirOperationClone(mlirModuleGetOperation(input)));
  const char *gpu_runtime = getenv("MDH_GPU_RUNTIME");
  struct mdh_atomic_file object;
  char *ll = malloc(strlen(out) + 4);
  char default_gpu_runtime[4096];
  int rc = -1;

  if (!gpu_runtime || !*gpu_runtime) {
    snprintf(default_gpu_runtime, sizeof(default_gpu_runtime),
             "%s/libmdh_rt_cuda.so", mdhGetLibDir());
    gpu_runtime = default_gpu_runtime;
  } else if (access(gpu_runtime, R_OK)) {
    fprintf(stderr, "mdh-run: cannot read MDH_GPU_RUNTIME '%s'\n", gpu_runtime);
    goto done;
  }
  if (!ll || mlirModuleIsNull(module)) {
    fprintf(stderr, "mdh-run: out of memory\n");
    goto done;
  }
  sprintf(ll, "%s.ll", out);
  if (mdh_atomic_open(&object, out, 0) < 0) {
    fprintf(stderr, "mdh-run: cannot create '%s': %s\n", out, strerror(errno));
    goto done;
  }
  if (mdh_run_lower(ctx, module, pipeline) == 0 &&
      add_signature(ctx, module, entry, sig) == 0 &&
      write_llvm_ir(module, ll) == 0 &&
      compile(ll, object.tmp, gpu_runtime, extra_lib, native) == 0)
    rc = 0;
  if (rc == 0 && mdh_atomic_commit(&object) < 0) {
    fprintf(stderr, "mdh-run: cannot write '%s': %s\n", out, strerror(errno));
    rc = -1;
  } else if (rc < 0) {
    mdh_atomic_abort(&object);
  }
done:
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  free(ll);
  return rc;
}
