/* The C API and the passes are safe to embed in a threaded program (issue
 * 17, item 5): 50 modules compiled through the cpu and gpu-emulated
 * pipelines by 4 threads with a context each and MLIR's multithreading on
 * give the same bytes as one after another in one context: the printed
 * module, or the diagnostics of a module that fails.
 *
 * The threads run first, so that what is set up on first use (the mdh
 * passes' registration and type ids, dialects, MLIR's lazy statics) is set
 * up by several threads at once. They take modules from a shared counter,
 * so a context compiles a different mix of modules than the sequential one;
 * output that depends on what a context compiled before is caught as well.
 * `make tsan` runs this test under ThreadSanitizer. Upstream passes are
 * registered once before the threads start: mlirRegisterAllPasses is not
 * thread-safe.
 *
 * Usage: threads_test SOURCE_DIR (the repository, for the input files).
 */

#include "mdh-c/Dialect.h"
#include "mdh-c/Passes.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_MODULES 50
#define N_THREADS 4
#define N_PIPELINES 2

/* The inputs: every example, the numerical test inputs, then cases of
 * split-input files (chunks between `// -----` lines), until N_MODULES. Some
 * fail in a pipeline (scan2d.mlir in both): their diagnostics are compared. */
static const char *const inputs[] = {
    "examples/bmatmul.mlir",
    "examples/ccsdt.mlir",
    "examples/conv2d.mlir",
    "examples/dot.mlir",
    "examples/double_reduce.mlir",
    "examples/histo.mlir",
    "examples/jacobi1d.mlir",
    "examples/jacobi3d.mlir",
    "examples/mandelbrot.mlir",
    "examples/map.mlir",
    "examples/matmul.mlir",
    "examples/matmul_t.mlir",
    "examples/matvec.mlir",
    "examples/mbbs.mlir",
    "examples/mcc.mlir",
    "examples/mcc_capsule.mlir",
    "examples/prl.mlir",
    "examples/reduce.mlir",
    "examples/scan.mlir",
    "lit/exec/Inputs/block_scans.mlir",
    "lit/exec/Inputs/chain.mlir",
    "lit/exec/Inputs/coalesce.mlir",
    "lit/exec/Inputs/dot_blocks.mlir",
    "lit/exec/Inputs/fusion.mlir",
    "lit/exec/Inputs/operators.mlir",
    "lit/exec/Inputs/pw_outside_ps.mlir",
    "lit/exec/Inputs/running.mlir",
    "lit/exec/Inputs/scan2d.mlir",
    "lit/exec/Inputs/scans.mlir",
    "lit/exec/Inputs/stencil_chains.mlir",
    "lit/exec/Inputs/tiled.mlir",
    "lit/exec/Inputs/tiled_default.mlir",
    "lit/mdh-coalesce/coalesce.mlir",
    "lit/mdh-codegen-gpu/codegen.mlir",
    "lit/mdh-map-gpu/map.mlir",
};

static const char *const pipeline_names[N_PIPELINES] = {"cpu", "gpu-emulated"};

/* The cpu pipeline comes from the C API (mdhCpuPipelineText); the
 * gpu-emulated one is named as registered, as stock mlir-opt users do, with
 * options that the pipeline stores through the mdh-isl-budget and
 * mdh-gpu-options passes (the defaults' values, set explicitly). */
static const char emulated_pipeline[] =
    "builtin.module(mdh-gpu-emulated-pipeline{isl-budget=100000000 "
    "reduction-mode=atomic})";

/* One module to compile: its text and where it comes from, and what each
 * pipeline gave in the sequential run ("expected") and in the threaded run
 * ("got"). */
struct job {
  char *text;
  char name[128];
  char *expected[N_PIPELINES];
  char *got[N_PIPELINES];
};

/* A growing NUL-terminated string. */
struct buf {
  char *data;
  size_t len, cap;
};

/* Internal data structure for the threads: the jobs, the pipeline texts,
 * the next job to take, and where the threads meet before their first
 * job. */
struct shared {
  struct job *jobs;
  int n_jobs;
  char *pipelines[N_PIPELINES];
  atomic_int next;
  pthread_barrier_t start;
};

static void buf_append(struct buf *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap) {
    b->cap = 2 * (b->len + n + 1);
    b->data = realloc(b->data, b->cap);
    if (!b->data)
      abort();
  }
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

static void print_to_buf(MlirStringRef s, void *user) {
  buf_append(user, s.data, s.length);
}

/* Appends every diagnostic of the context to the buffer the context's
 * handler was attached with (the current job's output). */
static MlirLogicalResult collect_diagnostic(MlirDiagnostic diag, void *user) {
  struct buf **out = user;

  mlirDiagnosticPrint(diag, &print_to_buf, *out);
  buf_append(*out, "\n", 1);
  return mlirLogicalResultSuccess();
}

/* Returns the contents of "path" (to free()), or NULL. */
static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  struct buf b = {NULL, 0, 0};
  char chunk[4096];
  size_t n;

  if (!f)
    return NULL;
  while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
    buf_append(&b, chunk, n);
  fclose(f);
  return b.data;
}

/* Adds the chunks of "text" between `// -----` lines as jobs named after
 * "path", up to N_MODULES jobs in all. */
static void add_chunks(struct shared *s, const char *path, const char *text) {
  const char *start = text, *p = text;
  int chunk = 0;

  for (;;) {
    const char *eol = strchr(p, '\n');
    int marker = !strncmp(p, "// -----", 8);
    int end = *p == '\0';

    if ((marker || end) && s->n_jobs < N_MODULES) {
      struct job *j = &s->jobs[s->n_jobs++];
      j->text = strndup(start, p - start);
      snprintf(j->name, sizeof(j->name), "%s#%d", path, chunk++);
    }
    if (end || !eol)
      return;
    p = eol + 1;
    if (marker)
      start = p;
  }
}

/* Reads the inputs under "root" into N_MODULES jobs; returns -1 if one
 * cannot be read or there are too few. */
static int load_jobs(struct shared *s, const char *root) {
  char path[4096];
  size_t i;

  for (i = 0; i < sizeof(inputs) / sizeof(inputs[0]); ++i) {
    char *text;
    snprintf(path, sizeof(path), "%s/%s", root, inputs[i]);
    text = read_file(path);
    if (!text) {
      fprintf(stderr, "cannot read %s\n", path);
      return -1;
    }
    add_chunks(s, inputs[i], text);
    free(text);
  }
  if (s->n_jobs < N_MODULES) {
    fprintf(stderr, "only %d modules in the inputs\n", s->n_jobs);
    return -1;
  }
  return 0;
}

/* Returns a context with every upstream dialect and mdh loaded, MLIR's
 * multithreading on, and its diagnostics appended to "*out". */
static MlirContext create_context(struct buf **out) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  MlirContext ctx;

  mlirRegisterAllDialects(registry);
  ctx = mlirContextCreateWithRegistry(registry, true);
  mlirDialectRegistryDestroy(registry);
  mlirContextEnableMultithreading(ctx, true);
  mlirContextAttachDiagnosticHandler(ctx, &collect_diagnostic, out, NULL);
  if (mlirLogicalResultIsFailure(mdhLoadDialect(ctx))) {
    mlirContextDestroy(ctx);
    return (MlirContext){NULL};
  }
  return ctx;
}

/* Compiles "text" through "pipeline" in "ctx" and returns what came out (to
 * free()): the printed module, or "failed" and the diagnostics. "*out" is
 * where the context's diagnostic handler writes. */
static char *compile(MlirContext ctx, struct buf **out, const char *text,
                     const char *pipeline) {
  struct buf result = {NULL, 0, 0}, diags = {NULL, 0, 0};
  MlirModule module;
  MlirPassManager pm;
  MlirLogicalResult res = mlirLogicalResultFailure();

  buf_append(&diags, "", 0);
  *out = &diags;
  module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text));
  pm = mlirPassManagerCreate(ctx);
  if (!mlirModuleIsNull(module) &&
      mlirLogicalResultIsSuccess(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString(pipeline), &print_to_buf, &diags)))
    res = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  if (mlirLogicalResultIsSuccess(res))
    mlirOperationPrint(mlirModuleGetOperation(module), &print_to_buf, &result);
  else
    buf_append(&result, "failed\n", 7);
  buf_append(&result, diags.data, diags.len);
  free(diags.data);
  mlirPassManagerDestroy(pm);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  *out = NULL;
  return result.data;
}

/* Compiles the jobs taken from the shared counter in a context of its own;
 * "sequential" runs store "expected", the others "got". The threads wait
 * for each other once their contexts exist, so that their first pipelines
 * (and first creations of the mdh passes) overlap. */
static void run_jobs(struct shared *s, int sequential) {
  struct buf *out = NULL;
  MlirContext ctx = create_context(&out);
  int i, p;

  if (!sequential)
    pthread_barrier_wait(&s->start);
  if (mlirContextIsNull(ctx))
    return;
  while ((i = atomic_fetch_add(&s->next, 1)) < s->n_jobs)
    for (p = 0; p < N_PIPELINES; ++p) {
      char *r = compile(ctx, &out, s->jobs[i].text, s->pipelines[p]);
      if (sequential)
        s->jobs[i].expected[p] = r;
      else
        s->jobs[i].got[p] = r;
    }
  mlirContextDestroy(ctx);
}

/* Every thread registers the mdh passes: the first call registers them
 * while the others wait. */
static void *thread_main(void *user) {
  mdhRegisterPasses();
  run_jobs(user, 0);
  return NULL;
}

/* Returns the offset of the first byte where "a" and "b" differ. */
static size_t first_difference(const char *a, const char *b) {
  size_t k = 0;

  while (a[k] && a[k] == b[k])
    ++k;
  return k;
}

/* Compares every threaded output with the sequential one; returns the
 * number of differences (each reported). */
static int compare(const struct shared *s) {
  int i, p, bad = 0;

  for (i = 0; i < s->n_jobs; ++i)
    for (p = 0; p < N_PIPELINES; ++p) {
      const struct job *j = &s->jobs[i];
      size_t k;
      if (!j->expected[p] || !j->got[p]) {
        fprintf(stderr, "%s, %s: not compiled\n", j->name, pipeline_names[p]);
        ++bad;
        continue;
      }
      if (!strcmp(j->expected[p], j->got[p]))
        continue;
      k = first_difference(j->expected[p], j->got[p]);
      fprintf(stderr,
              "%s, %s: threaded output differs at byte %zu:\n"
              "  sequential: %.80s\n  threaded:   %.80s\n",
              j->name, pipeline_names[p], k, j->expected[p] + k, j->got[p] + k);
      ++bad;
    }
  return bad;
}

/* Counts the outputs of the sequential run that are failures. */
static int count_failures(const struct shared *s) {
  int i, p, n = 0;

  for (i = 0; i < s->n_jobs; ++i)
    for (p = 0; p < N_PIPELINES; ++p)
      n += s->jobs[i].expected[p] &&
           !strncmp(s->jobs[i].expected[p], "failed\n", 7);
  return n;
}

static void free_shared(struct shared *s) {
  int i, p;

  for (i = 0; i < s->n_jobs; ++i) {
    free(s->jobs[i].text);
    for (p = 0; p < N_PIPELINES; ++p) {
      free(s->jobs[i].expected[p]);
      free(s->jobs[i].got[p]);
    }
  }
  free(s->jobs);
  for (p = 0; p < N_PIPELINES; ++p)
    free(s->pipelines[p]);
}

int main(int argc, char **argv) {
  struct shared s;
  pthread_t threads[N_THREADS];
  int t, bad;

  if (argc != 2) {
    fprintf(stderr, "usage: threads_test SOURCE_DIR\n");
    return 2;
  }
  memset(&s, 0, sizeof(s));
  s.jobs = calloc(N_MODULES, sizeof(*s.jobs));
  if (!s.jobs || load_jobs(&s, argv[1]) < 0)
    return 1;
  mlirRegisterAllPasses();
  s.pipelines[0] = mdhCpuPipelineText(false);
  s.pipelines[1] = strdup(emulated_pipeline);

  atomic_store(&s.next, 0);
  pthread_barrier_init(&s.start, NULL, N_THREADS);
  for (t = 0; t < N_THREADS; ++t)
    if (pthread_create(&threads[t], NULL, &thread_main, &s)) {
      fprintf(stderr, "cannot create thread %d\n", t);
      return 1;
    }
  for (t = 0; t < N_THREADS; ++t)
    pthread_join(threads[t], NULL);
  pthread_barrier_destroy(&s.start);
  atomic_store(&s.next, 0);
  run_jobs(&s, 1);

  bad = compare(&s);
  printf("%d modules, %d pipelines, %d threads: %d outputs differ "
         "(%d failures in the sequential run)\n",
         s.n_jobs, N_PIPELINES, N_THREADS, bad, count_failures(&s));
  free_shared(&s);
  return bad ? 1 : 0;
}
