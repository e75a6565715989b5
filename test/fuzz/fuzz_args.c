/* mdh-fuzz-args: the argument side of mdh-run and mdh-exec, which reads what
 * users and other machines hand it: command lines, the signature text an
 * object carries for mdh-exec (a corrupt or foreign object's string), input
 * files of any length, pipeline options.
 *
 * Input: one selector byte, then the rest; the selector's value modulo 3
 * picks what reads the rest:
 *
 *   0  mdh-run's command line: the rest's lines are the arguments; the
 *      --shape values are then applied to a signature with dynamic extents;
 *   1  an entry signature (the first line, as mdh-exec reads it from an
 *      object) and argument files (the rest, split at lines "--" into
 *      arg0.bin, arg1.bin, ...): parsed, allocated, filled, read from the
 *      files as --read-inputs does, written back, read again and compared,
 *      and the signature printed and parsed again must give the same
 *      arguments;
 *   2  the options of the mdh pipelines: the rest's first line inside
 *      mdh-gpu-pipeline{...}, mdh-gpu-emulated-pipeline{...} and
 *      mdh-cpu-pipeline{...}, and as mdh-run's --mapping and
 *      --reduction-mode values through mdhSetGpuOptions. */

#include "test/fuzz/fuzz.h"
#include "tools/common/args.h"
#include "tools/common/signature.h"
#include "tools/mdh-run/options.h"

#include "mdh-c/Passes.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_INPUT 8192
#define MAX_ARGV 64

/* Argument buffers larger than this are not allocated: a signature may ask
 * for terabytes, which mdh-exec would try (and report when it fails), but a
 * fuzzer must not. */
#define MAX_ARG_BYTES (1 << 20)

/* The folder of the argument files, made once. */
static char files_dir[4096];

static void remove_files_dir(void) {
  char path[4200];
  int k;

  for (k = 0; k < MAX_INPUT; ++k) {
    snprintf(path, sizeof(path), "%s/arg%d.bin", files_dir, k);
    if (unlink(path) && k > 64)
      break;
  }
  rmdir(files_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  const char *tmp = getenv("TMPDIR");

  (void)argc;
  (void)argv;
  snprintf(files_dir, sizeof(files_dir), "%s/mdh-fuzz-args.XXXXXX",
           tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(files_dir)) {
    perror("mdh-fuzz-args: mkdtemp");
    abort();
  }
  atexit(remove_files_dir);
  return 0;
}

/* Counts an error and prints "msg" when replaying. */
static void report(const char *what, const char *msg) {
  ++mdh_fuzz_errors;
  if (mdh_fuzz_verbose)
    fprintf(stderr, "mdh-fuzz-args: %s: %s\n", what, msg);
}

/* Splits "text" in place at newlines into at most MAX_ARGV - 1 arguments
 * after a program name; returns their number. */
static int split_lines(char *text, char **argv) {
  int argc = 0;
  char *p;

  argv[argc++] = "mdh-run";
  while (text && argc < MAX_ARGV - 1) {
    argv[argc++] = text;
    p = strchr(text, '\n');
    if (p)
      *p++ = '\0';
    text = p;
  }
  argv[argc] = NULL;
  return argc;
}

static void fuzz_command_line(char *text) {
  char *argv[MAX_ARGV];
  struct mdh_run_options o;
  struct mdh_arg v[2] = {{MDH_ELEM_F32, 2, 3u, {-1, -1}, 0, NULL},
                         {MDH_ELEM_I32, 2, 2u, {5, -1}, 0, NULL}};
  struct mdh_args args = {2, v};
  char err[4200];
  int argc = split_lines(text, argv), k, d;

  if (mdh_run_parse_options(argc, argv, &o) == 1) {
    report("mdh-run", "usage error");
    return;
  }
  /* The --shape values against a signature (memref<?x?xf32>,
   * memref<5x?xi32>) as mdh-run applies them: every extent set and
   * positive, and the static one kept, or an error. */
  if (mdh_args_set_shapes(&args, NULL, o.shapes, o.n_shapes, err,
                          sizeof(err)) < 0) {
    report("mdh-run", err);
    return;
  }
  for (k = 0; k < 2; ++k)
    for (d = 0; d < 2; ++d)
      if (v[k].shape[d] < 1)
        abort();
  if (v[1].shape[0] != 5)
    abort();
}

/* Returns the first line "--" in the "len" bytes at "s", or NULL. */
static const char *find_separator(const char *s, size_t len) {
  size_t i;

  for (i = 0; i + 4 <= len; ++i)
    if (!memcmp(s + i, "\n--\n", 4))
      return s + i;
  return NULL;
}

/* Writes the argument files of "text" (split at lines "--") into files_dir,
 * after removing those of the previous input. */
static void write_files(const char *text, size_t len) {
  static int written;
  const char *end = text + len, *sep;
  char path[4200];
  FILE *f;
  int k;

  for (k = 0; k < written; ++k) {
    snprintf(path, sizeof(path), "%s/arg%d.bin", files_dir, k);
    unlink(path);
  }
  for (written = 0; text < end; ++written) {
    sep = find_separator(text, (size_t)(end - text));
    snprintf(path, sizeof(path), "%s/arg%d.bin", files_dir, written);
    f = fopen(path, "wb");
    if (!f)
      abort();
    fwrite(text, 1, (size_t)((sep ? sep : end) - text), f);
    fclose(f);
    text = sep ? sep + 4 : end;
  }
}

/* Returns the bytes "args" would take, or SIZE_MAX beyond MAX_ARG_BYTES. */
static size_t arg_bytes(const struct mdh_args *args) {
  size_t total = 0, n;
  int k, d;

  for (k = 0; k < args->n; ++k) {
    n = mdh_elem_size(args->v[k].elem);
    for (d = 0; d < args->v[k].rank; ++d) {
      if (args->v[k].shape[d] < 0)
        return 0;
      if (args->v[k].shape[d] > MAX_ARG_BYTES)
        return SIZE_MAX;
      n *= (size_t)args->v[k].shape[d];
      if (n > MAX_ARG_BYTES)
        return SIZE_MAX;
    }
    total += n;
    if (total > MAX_ARG_BYTES)
      return SIZE_MAX;
  }
  return total;
}

/* The signature of "args" printed and parsed again must be "args". */
static void check_round_trip(const struct mdh_args *args) {
  struct mdh_args again;
  char err[200], *text = mdh_signature_format(args);
  int k;

  if (!text || mdh_signature_parse(text, &again, err, sizeof(err)) < 0 ||
      again.n != args->n)
    abort();
  for (k = 0; k < args->n; ++k)
    if (again.v[k].elem != args->v[k].elem ||
        again.v[k].rank != args->v[k].rank ||
        memcmp(again.v[k].shape, args->v[k].shape,
               (size_t)args->v[k].rank * sizeof(int64_t)))
      abort();
  mdh_args_free(&again);
  free(text);
}

/* Reads the files into "args" as --read-inputs does; when they fit, writes
 * them back as --write-outputs does, and reads and compares them again. */
static void read_and_write(struct mdh_args *args) {
  struct mdh_args again = {0, NULL};
  char err[4200];
  double max_abs, max_rel;

  if (mdh_args_read(args, files_dir, err, sizeof(err)) < 0) {
    report("read", err);
    return;
  }
  if (mdh_args_write(args, files_dir, err, sizeof(err)) < 0) {
    report("write", err);
    return;
  }
  if (mdh_args_alloc_like(&again, args) < 0 ||
      mdh_args_read(&again, files_dir, err, sizeof(err)) < 0 ||
      !mdh_args_compare(&again, args, &max_abs, &max_rel))
    abort();
  mdh_args_free(&again);
}

static void fuzz_signature(char *text, size_t len) {
  struct mdh_args args;
  char err[200], *files = memchr(text, '\n', len);

  if (files)
    *files++ = '\0';
  write_files(files ? files : "", files ? len - (size_t)(files - text) : 0);
  if (mdh_signature_parse(text, &args, err, sizeof(err)) < 0) {
    report("signature", err);
    mdh_args_free(&args);
    return;
  }
  check_round_trip(&args);
  if (arg_bytes(&args) == SIZE_MAX) {
    report("signature", "arguments too large for the fuzzer");
  } else if (mdh_args_alloc(&args) < 0) {
    report("signature", "arguments do not fit in memory");
  } else {
    mdh_args_fill(&args, len);
    read_and_write(&args);
  }
  mdh_args_free(&args);
}

static void ignore_chunk(MlirStringRef s, void *user) {
  (void)s;
  (void)user;
}

/* Parses "options" as those of pipeline "name" in a fresh context. */
static void parse_pipeline(MlirContext ctx, const char *name,
                           const char *options) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  size_t len = strlen(name) + strlen(options) + 32;
  char *text = malloc(len);

  snprintf(text, len, "builtin.module(%s{%s})", name, options);
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString(text), ignore_chunk, NULL)))
    report(name, "bad options");
  free(text);
  mlirPassManagerDestroy(pm);
}

static void fuzz_pipeline_options(char *text) {
  static const char *const names[] = {
      "mdh-gpu-pipeline", "mdh-gpu-emulated-pipeline", "mdh-cpu-pipeline"};
  MlirContext ctx = mdh_fuzz_context_create();
  MlirModule module = mlirModuleCreateEmpty(mlirLocationUnknownGet(ctx));
  MlirStringRef s;
  char *nl = strchr(text, '\n');
  size_t i;

  if (nl)
    *nl = '\0';
  s = mlirStringRefCreateFromCString(text);
  for (i = 0; i < sizeof(names) / sizeof(names[0]); ++i)
    parse_pipeline(ctx, names[i], text);
  if (s.length &&
      mdhIsMappingIndexSpec(s) !=
          mlirLogicalResultIsSuccess(mdhSetGpuOptions(
              mlirModuleGetOperation(module), s, mlirStringRefCreate("", 0))))
    abort();
  if (s.length &&
      mdhIsReductionMode(s) !=
          mlirLogicalResultIsSuccess(mdhSetGpuOptions(
              mlirModuleGetOperation(module), mlirStringRefCreate("", 0), s)))
    abort();
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text;

  if (size < 1 || size > MAX_INPUT)
    return 0;
  mdh_fuzz_errors = 0;
  text = malloc(size);
  memcpy(text, data + 1, size - 1);
  text[size - 1] = '\0';
  switch (data[0] % 3) {
  case 0:
    fuzz_command_line(text);
    break;
  case 1:
    fuzz_signature(text, size - 1);
    break;
  default:
    fuzz_pipeline_options(text);
  }
  free(text);
  return 0;
}
