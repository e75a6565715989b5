/* mdh-opt: an mlir-opt-like driver in C with the mdh dialect, every upstream
 * dialect, every upstream pass and the mdh passes.
 *
 * The input is parsed the way mlir-opt does (implicit top-level module,
 * --split-input-file chunks on `// -----`). Each chunk is parsed from a
 * temporary file padded with empty lines, so that locations keep the input's
 * line numbers; the diagnostic engine reports them under the input's name.
 */

#include "tools/common/atomic.h"
#include "tools/common/context.h"
#include "tools/common/diagnostics.h"
#include "tools/common/file.h"
#include "tools/common/guard.h"

#include "mdh-c/Dialect.h"
#include "mdh-c/Passes.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The command line. */
struct options {
  const char *input;
  const char *output;
  const char *pipeline;
  char *pass_flags; /* --NAME flags joined into one pipeline */
  int split;
  int verify;
  int print_after_all;
  int print_generic;
};

static const char split_marker[] = "// -----";

static void print_help(void) {
  intptr_t i, n = mdhGetNumPasses();

  printf(
      "OVERVIEW: mdh-opt: MLIR optimizer driver with the mdh dialect\n\n"
      "USAGE: mdh-opt [options] <input file | ->\n\n"
      "OPTIONS:\n"
      "  -o <file>                  output file (default: stdout)\n"
      "  --pass-pipeline=<text>     textual pass pipeline, e.g. "
      "'builtin.module(mdh-verify)'\n"
      "  --<pass>[=<options>]       add one pass (mdh or upstream) "
      "to the pipeline\n"
      "  --split-input-file         process chunks separated by "
      "'// -----' independently\n"
      "  --verify-diagnostics       check diagnostics against "
      "expected-* directives\n"
      "  --mlir-print-ir-after-all  print the IR after each pass "
      "(to stderr)\n"
      "  --mlir-print-op-generic    print ops in generic form\n"
      "  -h, --help                 this text\n\n"
      "MDH PIPELINES (--pass-pipeline='builtin.module(NAME{OPTIONS})' or\n"
      "--NAME='OPTIONS'; docs/passes.md):\n"
      "  mdh-cpu-pipeline           mdh ops to LLVM on the CPU; options\n"
      "                             openmp=true|false, isl-budget=N,\n"
      "                             fusion=basteln|none|single\n"
      "                             tuning=RECORD tuning-device=NAME\n"
      "  mdh-gpu-pipeline           mdh ops to LLVM with the kernels in a\n"
      "                             gpu.binary; options chip=sm_90\n"
      "                             features=+ptx80 "
      "format=bin|isa|fatbin|llvm\n"
      "                             device-lib=PATH mapping=SPEC\n"
      "                             reduction-mode=atomic|deterministic\n"
      "                             isl-budget=N fusion=basteln|none|single\n"
      "                             tuning=RECORD tuning-device=NAME\n"
      "                             device-resident=true|false\n"
      "  mdh-gpu-emulated-pipeline  the gpu kernels lowered for the CPU;\n"
      "                             options mapping=SPEC\n"
      "                             reduction-mode=atomic|deterministic\n"
      "                             isl-budget=N fusion=basteln|none|single\n"
      "                             tuning=RECORD tuning-device=NAME\n"
      "                             device-resident=true|false\n\n"
      "MDH PASSES:\n");
  for (i = 0; i < n; ++i) {
    MlirStringRef arg = mdhGetPassArgument(i);
    MlirStringRef desc = mdhGetPassDescription(i);
    printf("  --%-24.*s %.*s\n", (int)arg.length, arg.data, (int)desc.length,
           desc.data);
  }
}

/* Appends the pass flag "flag" ("NAME" or "NAME=OPTS") to the pipeline. */
static void add_pass_flag(struct options *o, const char *flag) {
  const char *eq = strchr(flag, '=');
  size_t old = o->pass_flags ? strlen(o->pass_flags) : 0;
  size_t need = old + strlen(flag) + 4;

  o->pass_flags = realloc(o->pass_flags, need);
  if (!o->pass_flags)
    abort();
  if (old == 0)
    o->pass_flags[0] = '\0';
  else
    strcat(o->pass_flags, ",");
  if (!eq) {
    strcat(o->pass_flags, flag);
    return;
  }
  strncat(o->pass_flags, flag, eq - flag);
  strcat(o->pass_flags, "{");
  strcat(o->pass_flags, eq + 1);
  strcat(o->pass_flags, "}");
}

/* Returns the value of "--name=value" or "-name=value" in "arg", or NULL. */
static const char *option_value(const char *arg, const char *name) {
  size_t n = strlen(name);

  if (arg[0] == '-' && arg[1] == '-')
    ++arg;
  if (arg[0] != '-' || strncmp(arg + 1, name, n) || arg[n + 1] != '=')
    return NULL;
  return arg + n + 2;
}

static int is_flag(const char *arg, const char *name) {
  if (arg[0] == '-' && arg[1] == '-')
    ++arg;
  return arg[0] == '-' && !strcmp(arg + 1, name);
}

/* Parses the command line; returns 0, 1 on error, or 2 after --help. */
static int parse_options(int argc, char **argv, struct options *o) {
  int i;
  const char *v;

  memset(o, 0, sizeof(*o));
  for (i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (is_flag(a, "h") || is_flag(a, "help")) {
      print_help();
      return 2;
    } else if (!strcmp(a, "-o") && i + 1 < argc) {
      o->output = argv[++i];
    } else if ((v = option_value(a, "o"))) {
      o->output = v;
    } else if ((v = option_value(a, "pass-pipeline"))) {
      o->pipeline = v;
    } else if (is_flag(a, "split-input-file")) {
      o->split = 1;
    } else if (is_flag(a, "verify-diagnostics")) {
      o->verify = 1;
    } else if (is_flag(a, "mlir-print-ir-after-all")) {
      o->print_after_all = 1;
    } else if (is_flag(a, "mlir-print-op-generic")) {
      o->print_generic = 1;
    } else if (a[0] == '-' && a[1] != '\0') {
      add_pass_flag(o, a + (a[1] == '-' ? 2 : 1));
    } else if (!o->input) {
      o->input = a;
    } else {
      fprintf(stderr,
              "mdh-opt: more than one input file: "
              "'%s' and '%s'\n",
              o->input, a);
      return 1;
    }
  }
  if (!o->input)
    o->input = "-";
  if (o->pipeline && o->pass_flags) {
    fprintf(stderr, "mdh-opt: --pass-pipeline cannot be combined "
                    "with individual pass flags\n");
    return 1;
  }
  return 0;
}

/* Writes "len" bytes of "text", preceded by "pad" newlines, to a fresh
 * temporary file whose name is stored in "name" (at least 32 bytes). */
static int write_temp(const char *text, size_t len, int pad, char *name) {
  const char *dir = getenv("TMPDIR");
  FILE *f;
  int fd, i;

  snprintf(name, 4096, "%s/mdh-opt-XXXXXX.mlir", dir ? dir : "/tmp");
  fd = mkstemps(name, 5);
  if (fd < 0)
    return -1;
  f = fdopen(fd, "wb");
  if (!f) {
    close(fd);
    unlink(name);
    return -1;
  }
  for (i = 0; i < pad; ++i)
    fputc('\n', f);
  fwrite(text, 1, len, f);
  fclose(f);
  return 0;
}

static void print_to_file(MlirStringRef s, void *user) {
  fwrite(s.data, 1, s.length, user);
}

/* Internal data structure of rename_location: the temporary file's name
 * and the input's. */
struct rename {
  MlirStringRef from, to;
};

/* Gives "op" the input's name in its location if it has the temporary
 * file's: locations reach the output (the messages of run-time checks,
 * lib/extent.c, debug info) and must name the user's file. */
static MlirWalkResult rename_location(MlirOperation op, void *user) {
  struct rename *r = user;
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirStringRef file;

  if (!mlirLocationIsAFileLineColRange(loc))
    return MlirWalkResultAdvance;
  file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
  if (mlirStringRefEqual(file, r->from))
    mlirOperationSetLocation(
        op, mlirLocationFileLineColGet(
                mlirLocationGetContext(loc), r->to,
                (unsigned)mlirLocationFileLineColRangeGetStartLine(loc),
                (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc)));
  return MlirWalkResultAdvance;
}

/* Builds the pass manager of the command line; returns null (after an error
 * message) if the pipeline does not parse. */
static MlirPassManager build_pass_manager(MlirContext ctx,
                                          const struct options *o) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  char *text = NULL;
  MlirLogicalResult res;
  MlirOpPrintingFlags flags;

  if (o->pipeline) {
    text = strdup(o->pipeline);
  } else if (o->pass_flags) {
    text = malloc(strlen(o->pass_flags) + 32);
    if (text)
      sprintf(text, "builtin.module(%s)", o->pass_flags);
  }
  if (text) {
    res = mlirParsePassPipeline(opm, mlirStringRefCreateFromCString(text),
                                &print_to_file, stderr);
    free(text);
    if (mlirLogicalResultIsFailure(res)) {
      fprintf(stderr, "\nmdh-opt: invalid pass pipeline\n");
      mlirPassManagerDestroy(pm);
      return (MlirPassManager){NULL};
    }
  }
  if (o->print_after_all) {
    flags = mlirOpPrintingFlagsCreate();
    mlirPassManagerEnableIRPrinting(pm, false, true, false, false, false, flags,
                                    mlirStringRefCreate(NULL, 0));
    mlirOpPrintingFlagsDestroy(flags);
  }
  return pm;
}

/* Parses, transforms and prints one chunk of the input. Returns 0 on
 * success, -1 on a parse, pass or I/O failure. */
static int process_chunk(MlirContext ctx, struct mdh_diag_engine *engine,
                         const struct options *o, const char *text, size_t len,
                         int first_line, FILE *out) {
  char name[4096];
  struct rename rename;
  MlirModule module;
  MlirPassManager pm;
  MlirOpPrintingFlags flags;
  int rc = 0;

  if (write_temp(text, len, first_line - 1, name) < 0) {
    fprintf(stderr, "mdh-opt: cannot write a temporary file\n");
    return -1;
  }
  mdh_diag_engine_set_alias(engine, name);
  if (mlirLogicalResultIsFailure(
          mdh_source_check(ctx, name, text, len, first_line))) {
    unlink(name);
    return -1;
  }
  module =
      mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(name));
  unlink(name);
  if (mlirModuleIsNull(module))
    return -1;
  rename.from = mlirStringRefCreateFromCString(name);
  rename.to = mlirStringRefCreateFromCString(strcmp(o->input, "-") ? o->input
                                                                   : "<stdin>");
  mlirOperationWalk(mlirModuleGetOperation(module), &rename_location, &rename,
                    MlirWalkPreOrder);
  pm = build_pass_manager(ctx, o);
  if (mlirPassManagerIsNull(pm))
    rc = -1;
  else if (mlirLogicalResultIsFailure(
               mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module))))
    rc = -1;
  if (!mlirPassManagerIsNull(pm))
    mlirPassManagerDestroy(pm);
  if (rc == 0 && !o->verify) {
    flags = mlirOpPrintingFlagsCreate();
    if (o->print_generic)
      mlirOpPrintingFlagsPrintGenericOpForm(flags);
    mlirOperationPrintWithFlags(mlirModuleGetOperation(module), flags,
                                &print_to_file, out);
    mlirOpPrintingFlagsDestroy(flags);
    fputc('\n', out);
  }
  mlirModuleDestroy(module);
  return rc;
}

/* Returns the start of the next split marker line at or after "p", or NULL. */
static const char *next_marker(const char *p) {
  const char *m;

  for (m = strstr(p, split_marker); m; m = strstr(m + 1, split_marker))
    if (m == p || m[-1] == '\n')
      return m;
  return NULL;
}

static int count_lines(const char *from, const char *to) {
  int n = 0;

  for (; from < to; ++from)
    n += *from == '\n';
  return n;
}

/* Processes every chunk of "text"; returns the number of failed chunks. */
static int process_input(MlirContext ctx, struct mdh_diag_engine *engine,
                         const struct options *o, const char *text, FILE *out) {
  const char *p = text, *m;
  int line = 1, failures = 0, first = 1;

  if (!o->split)
    return process_chunk(ctx, engine, o, text, strlen(text), 1, out) < 0;
  for (;;) {
    m = next_marker(p);
    if (!first && !o->verify)
      fprintf(out, "// -----\n");
    first = 0;
    if (process_chunk(ctx, engine, o, p, m ? (size_t)(m - p) : strlen(p), line,
                      out) < 0)
      ++failures;
    if (!m)
      break;
    line += count_lines(p, m);
    p = strchr(m, '\n');
    if (!p)
      break;
    ++p;
    ++line;
  }
  return failures;
}

int main(int argc, char **argv) {
  struct options o;
  struct mdh_diag_engine *engine;
  MlirContext ctx;
  char *text;
  struct mdh_atomic_file file = {NULL, NULL, NULL};
  FILE *out = stdout;
  size_t len;
  int rc, failures;

  rc = parse_options(argc, argv, &o);
  if (rc)
    return rc == 2 ? 0 : 1;
  text = mdh_read_file(o.input, &len);
  if (!text) {
    fprintf(stderr, "mdh-opt: cannot read '%s'\n", o.input);
    free(o.pass_flags);
    return 1;
  }
  /* The chunks are handled as C strings: refuse rather than drop what
   * follows a NUL byte. */
  if (strlen(text) != len) {
    fprintf(stderr, "mdh-opt: '%s' holds a NUL byte (offset %zu)\n", o.input,
            strlen(text));
    free(text);
    free(o.pass_flags);
    return 1;
  }
  ctx = mdh_tool_context_create();
  engine = mdh_diag_engine_create(strcmp(o.input, "-") ? o.input : "<stdin>",
                                  text, o.verify);
  mdh_diag_engine_attach(engine, ctx);
  if (mlirLogicalResultIsFailure(mdhLoadDialect(ctx))) {
    fprintf(stderr, "mdh-opt: cannot load the mdh dialect\n");
    failures = 1;
  } else {
    if (o.output && strcmp(o.output, "-"))
      out = mdh_atomic_open(&file, o.output, 1) == 0 ? file.f : NULL;
    if (!out) {
      fprintf(stderr, "mdh-opt: cannot open '%s': %s\n", o.output,
              strerror(errno));
      failures = 1;
      out = stdout;
    } else {
      failures = process_input(ctx, engine, &o, text, out);
    }
  }
  if (o.verify)
    failures = mdh_diag_engine_verify(engine) < 0;
  if (out != stdout && !failures && mdh_atomic_commit(&file) < 0) {
    fprintf(stderr, "mdh-opt: cannot write '%s': %s\n", o.output,
            strerror(errno));
    failures = 1;
  } else if (out != stdout && failures) {
    mdh_atomic_abort(&file);
  }
  mlirContextDestroy(ctx);
  mdh_diag_engine_destroy(engine);
  free(text);
  free(o.pass_flags);
  return failures ? 1 : 0;
}
