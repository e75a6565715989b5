/* mdh-tune: measures the legal configurations of the kernels of an entry
 * function and writes the fastest as a tuning record (support/tuning.h,
 * docs/tools.md) that `mdh-run --tuning=FILE` applies.
 *
 * The configurations: on the gpu pipelines, each kernel's legal mappings
 * (mdh.mapping_index, in the order of mdh-map-gpu's cost model, whose
 * choice is index 0), one kernel at a time with the others at the cost
 * model's choice, so that candidates are independent and shards of them
 * (--shard=I/N) can run on as many machines, their records merged
 * (--merge) by keeping the fastest per kernel, and for a kernel whose
 * mapping combines partial results of several threads or blocks
 * (mdh.kernel_atomics) the deterministic reduction mode with the cost
 * model's mapping besides, and for a kernel whose mapping stages tiles in
 * shared memory (mdh.kernel_staged) double buffering (each as a record
 * of one entry, mdh-run --tuning);
 * on the cpu pipeline, the
 * fusion modes of the function and, for each md_hom with a reduction, a
 * few tile sizes (mdh.tile_sizes: the blocks of its register tile, and
 * its tile where mdh-tile-fuse fuses a group around it), each given to
 * mdh-run as a record of one entry. Each candidate runs through mdh-run (the
 * one beside mdh-tune unless --mdh-run names another) with --repeat, the
 * first run a warm-up, under a time limit; the median of the others is
 * its time. A candidate that fails or runs out of time is reported and
 * left out. Where the device has no MLIR (the GPU machines), --emit
 * compiles the candidates into objects instead, with a runner that times
 * them there with mdh-exec, and --collect makes the record of its times.
 */

#include "dialect/dialect.h"
#include "support/ir.h"
#include "support/str.h"
#include "support/tuning.h"
#include "tools/common/args.h"
#include "tools/common/context.h"
#include "tools/common/diagnostics.h"
#include "tools/common/file.h"

#include "mdh-c/Dialect.h"
#include "mdh-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The least gain over the cost model's choice (mapping 0, fusion basteln)
 * for which a record takes another: repeated runs of the GPU bench differ
 * by 1-5% (bench/README.md), and a choice within that is noise. */
#define MIN_GAIN 0.05

/* The most kernels of one function mdh-tune tunes. */
#define MAX_KERNELS 256

/* What mdh-map-gpu needs to form and map the kernels, as the gpu
 * pipelines run it (passes/pipelines.c). */
static const char front_pipeline[] =
    "builtin.module(mdh-coalesce,mdh-schedule,mdh-tile-fuse{target=gpu},"
    "mdh-map-gpu)";

/* The fusion modes the cpu pipeline is tuned over (mdhIsFusionMode). */
static const char *const fusion_modes[] = {"basteln", "none", "single"};

/* The tile sizes the cpu pipeline is tuned over, for each md_hom with a
 * reduction: rows (every parallel dimension; the register tile reads its
 * row dimension's) by points of the outermost reduction dimension (0: the
 * whole extent), around the register tiles' own model (16 row blocks,
 * reductions blocked for the level 1 cache: 60 rows and 342 points on
 * MatMul 1024^3 on the bench machine, lib/register_tile.c). */
static const long tile_rows[] = {24, 96, 384};
static const long tile_points[] = {0, 128, 512};

/* The options of one run of mdh-tune. */
struct options {
  const char *file;
  const char *entry;
  const char *pipeline;
  const char *out;
  const char *device;
  const char *mdh_run;
  const char *emit;
  const char *collect;
  long repeat;
  long max_per_kernel;
  long time_limit;
  long shard, n_shards;
  int merge;
  int n_inputs;
  char **inputs;
};

/* A candidate: kernel "kernel" with mapping "index", or with the cost
 * model's mapping and reduction mode "mode" (the deterministic one) or
 * double-buffered ("dbuf"), or (kernel -1) the fusion mode "fusion", or
 * ("tiles") md_hom "kernel" with the "n_sizes" tile sizes "sizes" (none:
 * the register tiles' model, the default). */
struct candidate {
  int kernel;
  long index;
  const char *fusion;
  int tiles;
  int n_sizes;
  long sizes[MDH_TUNING_MAX_SIZES];
  const char *mode;
  int dbuf;
};

/* What mdh-map-gpu says of the "n" kernels of the entry function, by
 * kernel number: the number of legal mappings of each
 * (mdh.kernel_mappings), whether each combines partial results
 * (mdh.kernel_atomics) and whether each stages tiles (mdh.kernel_staged). */
struct kernels {
  int n;
  int64_t counts[MAX_KERNELS + 1];
  int64_t atomics[MAX_KERNELS + 1];
  int64_t staged[MAX_KERNELS + 1];
};

/* The reduction mode tuned besides the default, "atomic". */
static const char deterministic[] = "deterministic";

/* The choice field of a double-buffered candidate in candidates.tsv. */
static const char dbuf_choice[] = "dbuf";

/* A md_hom of the entry function that tile sizes are tuned for: its
 * number in program order, its rank, the dimension of its outermost
 * reduction. */
struct tiled_hom {
  int number;
  int rank;
  int reduction;
  char cc[MDH_TUNING_MAX_SIZES];
};

static void usage(FILE *f) {
  fprintf(
      f,
      "USAGE: mdh-tune FILE --entry=NAME [--pipeline=gpu|gpu-emulated|cpu]\n"
      "                [--repeat=N] [--max-per-kernel=N] [--time-limit=S]\n"
      "                [--shard=I/N] [--device=NAME] [--mdh-run=PATH]\n"
      "                [-o RECORD]\n"
      "       mdh-tune FILE --entry=NAME --emit=DIR [--pipeline=P] ...\n"
      "       mdh-tune --collect=DIR [-o RECORD]\n"
      "       mdh-tune --merge [-o RECORD] RECORD...\n"
      "\n"
      "Measures the legal configurations of the kernels of function NAME\n"
      "of FILE through mdh-run and writes the fastest of each as a tuning\n"
      "record (JSON; docs/tools.md) that `mdh-run --tuning=RECORD` applies.\n"
      "\n"
      "  --pipeline=P        gpu (default; needs a GPU; each kernel's\n"
      "                      mappings, and the deterministic reduction\n"
      "                      mode where it combines partial results),\n"
      "                      gpu-emulated (tests the machinery: its times\n"
      "                      are the CPU's), or cpu (the fusion modes and\n"
      "                      the tile sizes of each reduction)\n"
      "  --repeat=N          timed runs per candidate after a warm-up\n"
      "                      (default 3); the median counts\n"
      "  --max-per-kernel=N  the N best mappings of each kernel by the cost\n"
      "                      model, or the N first tile sizes of a md_hom\n"
      "                      (default 8; 0: all)\n"
      "  --time-limit=S      seconds one candidate may take (default 60)\n"
      "  --shard=I/N         measure only candidates I, I+N, I+2N, ... (0 <=\n"
      "                      I < N); merge the N records with --merge\n"
      "  --device=NAME       the device the record is for (default: the\n"
      "                      CPU's model name from /proc/cpuinfo for the cpu\n"
      "                      and gpu-emulated pipelines; needed for gpu,\n"
      "                      but with --emit, where run.sh asks\n"
      "                      nvidia-smi, and with --collect, where it\n"
      "                      replaces the device found)\n"
      "  --mdh-run=PATH      the mdh-run to time with (default: the one\n"
      "                      beside mdh-tune)\n"
      "  -o RECORD           write the record there (default: stdout)\n"
      "  --merge             merge the records given, keeping the fastest\n"
      "                      entry of each kernel\n"
      "  --emit=DIR          compile each candidate into DIR/objects/ with\n"
      "                      mdh-run --emit-object instead of timing it, and\n"
      "                      write DIR/candidates.tsv and DIR/run.sh, which\n"
      "                      times them with mdh-exec where there is no\n"
      "                      MLIR (a GPU machine) into DIR/times.tsv\n"
      "  --collect=DIR       write the record of DIR's candidates and\n"
      "                      times\n");
}

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "mdh-tune: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n");
  usage(stderr);
  return 1;
}

/* Parses "v" as a number in [lo, hi] into "*out"; returns -1 if it is
 * not. */
static int parse_long(const char *v, long lo, long hi, long *out) {
  char *end;
  long n;

  errno = 0;
  n = strtol(v, &end, 10);
  if (errno || end == v || *end || n < lo || n > hi)
    return -1;
  *out = n;
  return 0;
}

/* Parses the command line into "o". Returns 0, 1 after a usage error, or
 * 2 after --help. */
static int parse_options(int argc, char **argv, struct options *o) {
  const char *v;
  char *slash;
  int i;

  memset(o, 0, sizeof(*o));
  o->pipeline = "gpu";
  o->repeat = 3;
  o->max_per_kernel = 8;
  o->time_limit = 60;
  o->n_shards = 1;
  o->inputs = calloc(argc + 1, sizeof(*o->inputs));
  if (!o->inputs)
    abort();
  for (i = 1; i < argc; ++i) {
    const char *a = argv[i];

    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 2;
    } else if (!strcmp(a, "--merge")) {
      o->merge = 1;
    } else if (!strcmp(a, "-o")) {
      if (++i == argc)
        return usage_error("%s needs a file", a);
      o->out = argv[i];
    } else if ((v = mdh_option_value(a, "entry"))) {
      o->entry = v;
    } else if ((v = mdh_option_value(a, "pipeline"))) {
      if (strcmp(v, "gpu") && strcmp(v, "gpu-emulated") && strcmp(v, "cpu"))
        return usage_error(
            "--pipeline needs 'gpu', 'gpu-emulated' or 'cpu', got '%s'", v);
      o->pipeline = v;
    } else if ((v = mdh_option_value(a, "repeat"))) {
      if (parse_long(v, 1, 1000, &o->repeat) < 0)
        return usage_error("--repeat needs a number in [1, 1000], got '%s'", v);
    } else if ((v = mdh_option_value(a, "max-per-kernel"))) {
      if (parse_long(v, 0, LONG_MAX, &o->max_per_kernel) < 0)
        return usage_error("--max-per-kernel needs a number >= 0, got '%s'", v);
    } else if ((v = mdh_option_value(a, "time-limit"))) {
      if (parse_long(v, 1, 86400, &o->time_limit) < 0)
        return usage_error("--time-limit needs seconds in [1, 86400], got '%s'",
                           v);
    } else if ((v = mdh_option_value(a, "shard"))) {
      slash = strchr(v, '/');
      if (!slash)
        return usage_error("--shard needs I/N, got '%s'", v);
      *slash = '\0';
      if (parse_long(v, 0, LONG_MAX, &o->shard) < 0 ||
          parse_long(slash + 1, 1, LONG_MAX, &o->n_shards) < 0 ||
          o->shard >= o->n_shards) {
        *slash = '/';
        return usage_error("--shard needs I/N with 0 <= I < N, got '%s'", v);
      }
    } else if ((v = mdh_option_value(a, "device"))) {
      if (!*v)
        return usage_error("--device needs a name%s", "");
      o->device = v;
    } else if ((v = mdh_option_value(a, "mdh-run"))) {
      o->mdh_run = v;
    } else if ((v = mdh_option_value(a, "emit"))) {
      if (!*v)
        return usage_error("--emit needs a directory%s", "");
      o->emit = v;
    } else if ((v = mdh_option_value(a, "collect"))) {
      if (!*v)
        return usage_error("--collect needs a directory%s", "");
      o->collect = v;
    } else if (a[0] == '-' && a[1]) {
      return usage_error("unknown option '%s'", a);
    } else {
      o->inputs[o->n_inputs++] = argv[i];
    }
  }
  if (o->merge) {
    if (!o->n_inputs)
      return usage_error("--merge needs records to merge%s", "");
    return 0;
  }
  if (o->collect) {
    if (o->n_inputs)
      return usage_error("--collect takes no FILE (got '%s')", o->inputs[0]);
    return 0;
  }
  if (o->n_inputs != 1)
    return usage_error("needs one FILE (got %s)",
                       o->n_inputs ? "several" : "none");
  o->file = o->inputs[0];
  if (!o->entry)
    return usage_error("needs --entry=NAME%s", "");
  if (!strcmp(o->pipeline, "gpu") && !o->device && !o->emit)
    return usage_error("--pipeline=gpu needs --device=NAME (the GPU's "
                       "name, as nvidia-smi shows it)%s",
                       "");
  return 0;
}

/* Copies the CPU's model name (/proc/cpuinfo) into "buf", or "unknown
 * CPU". */
static void cpu_name(char *buf, size_t len) {
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[512], *colon, *end;

  snprintf(buf, len, "unknown CPU");
  while (f && fgets(line, sizeof(line), f)) {
    if (strncmp(line, "model name", 10) || !(colon = strchr(line, ':')))
      continue;
    for (++colon; *colon == ' ' || *colon == '\t'; ++colon)
      ;
    end = colon + strlen(colon);
    while (end > colon && (end[-1] == '\n' || end[-1] == ' '))
      *--end = '\0';
    snprintf(buf, len, "%s", colon);
    break;
  }
  if (f)
    fclose(f);
}

/* Lists in "homs" ("*n_homs" of them) the md_homs of "func" that tile
 * sizes are tuned for: those with a reduction and constant sizes, of at
 * most MDH_TUNING_MAX_SIZES dimensions, numbered in program order as
 * mdh-tuning numbers them. */
static void find_tiled_homs(MlirOperation func, struct tiled_hom *homs,
                            int *n_homs) {
  struct mdh_op_list list = mdh_collect_md_homs(func);
  struct tiled_hom *h;
  MdhCombineKind kind;
  intptr_t d, rank;
  size_t k;

  *n_homs = 0;
  for (k = 0; k < list.n && *n_homs < MAX_KERNELS; ++k) {
    h = &homs[*n_homs];
    rank = mdhMdHomGetRank(list.ops[k]);
    h->number = (int)k;
    h->rank = (int)rank;
    h->reduction = -1;
    for (d = 0; d < rank && rank <= MDH_TUNING_MAX_SIZES; ++d) {
      if (mdhMdHomGetSize(list.ops[k], d) < 0)
        break;
      kind = mdhCombineAttrGetKind(mdhMdHomGetCombineOp(list.ops[k], d));
      h->cc[d] = kind == MdhCombineCC;
      if (h->reduction < 0 && kind == MdhCombinePW)
        h->reduction = (int)d;
    }
    if (rank >= 1 && d == rank && h->reduction >= 0)
      ++*n_homs;
  }
  free(list.ops);
}

/* Reads FILE, stores the printed type of its entry in "*signature" and,
 * for the gpu pipelines, what mdh-map-gpu says of its kernels in "ks";
 * for the cpu pipeline, the md_homs to tune tile sizes for in "homs"
 * (find_tiled_homs). Returns 0, or -1 after a message. */
static int discover(const struct options *o, char **signature,
                    struct kernels *ks, struct tiled_hom *homs, int *n_homs) {
  size_t len;
  char *text = mdh_read_file(o->file, &len);
  MlirContext ctx;
  struct mdh_diag_engine *engine;
  MlirModule module;
  MlirOperation func;
  MlirPassManager pm;
  struct mdh_str sig;
  intptr_t n = 0;
  int rc = -1;

  if (!text) {
    fprintf(stderr, "mdh-tune: cannot read '%s'\n", o->file);
    return -1;
  }
  ctx = mdh_tool_context_create();
  engine = mdh_diag_engine_create(o->file, text, 0);
  mdh_diag_engine_attach(engine, ctx);
  if (mlirLogicalResultIsFailure(mdhLoadDialect(ctx)))
    goto done;
  module = mlirModuleCreateParse(ctx, mlirStringRefCreate(text, len));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "mdh-tune: cannot parse '%s'\n", o->file);
    goto done;
  }
  func = mdh_lookup_symbol(mlirModuleGetOperation(module),
                           mlirStringRefCreateFromCString(o->entry));
  if (mlirOperationIsNull(func) || !mdh_op_is(func, "func.func")) {
    fprintf(stderr, "mdh-tune: '%s' has no function @%s\n", o->file, o->entry);
    goto destroy;
  }
  /* The signature of the record's entries, as mdh-tuning prints it. */
  mdh_str_init(&sig);
  mdh_str_append_type(&sig, mdh_func_type(func));
  *signature = sig.data;
  if (!strcmp(o->pipeline, "cpu")) {
    find_tiled_homs(func, homs, n_homs);
    rc = 0;
    goto destroy;
  }
  pm = mlirPassManagerCreate(ctx);
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString(front_pipeline), NULL, NULL)) ||
      mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module))))
    fprintf(stderr, "mdh-tune: mdh-map-gpu failed on '%s'\n", o->file);
  else if ((n = mdhGetKernelMappings(func, ks->counts, MAX_KERNELS)) < 0)
    fprintf(stderr, "mdh-tune: @%s has no kernels\n", o->entry);
  else if (n > MAX_KERNELS)
    fprintf(stderr, "mdh-tune: @%s has %ld kernels, more than %d\n", o->entry,
            (long)n, MAX_KERNELS);
  else if (mdhGetKernelAtomics(func, ks->atomics, MAX_KERNELS) != n ||
           mdhGetKernelStaged(func, ks->staged, MAX_KERNELS) != n)
    fprintf(stderr,
            "mdh-tune: mdh-map-gpu gave @%s no kernel atomics or staging\n",
            o->entry);
  else
    rc = 0;
  ks->n = (int)n;
  mlirPassManagerDestroy(pm);
destroy:
  mlirModuleDestroy(module);
done:
  mlirContextDestroy(ctx);
  mdh_diag_engine_destroy(engine);
  free(text);
  if (rc < 0) {
    free(*signature);
    *signature = NULL;
  }
  return rc;
}

/* Returns the mdh-run to time with: o->mdh_run, else the one beside this
 * program. */
static char *mdh_run_path(const struct options *o) {
  char self[PATH_MAX], *slash, *path;
  ssize_t n;

  if (o->mdh_run)
    return strdup(o->mdh_run);
  n = readlink("/proc/self/exe", self, sizeof(self) - 1);
  if (n <= 0)
    return strdup("mdh-run");
  self[n] = '\0';
  slash = strrchr(self, '/');
  if (slash)
    *slash = '\0';
  path = malloc(strlen(self) + sizeof("/mdh-run"));
  if (!path)
    abort();
  sprintf(path, "%s/mdh-run", self);
  return path;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;

  return x < y ? -1 : x > y;
}

/* Returns the median of the time_ms=... lines of "out" after the first
 * (the warm-up), or -1 if there are none. */
static double median_time(const char *out) {
  double v[1001];
  int n = 0;
  const char *p;

  for (p = strstr(out, "time_ms="); p && n < 1001;
       p = strstr(p + 1, "time_ms="))
    v[n++] = strtod(p + strlen("time_ms="), NULL);
  if (n < 2)
    return -1;
  qsort(v + 1, n - 1, sizeof(*v), &by_value);
  n -= 1;
  return n % 2 ? v[1 + n / 2] : (v[n / 2] + v[1 + n / 2]) / 2;
}

/* Runs "argv" (argv[0] the program) with its stdout and stderr in "out",
 * in a process group of its own that is killed after "limit" seconds.
 * Returns 0 if it exited with status 0, else -1 with the reason in "why"
 * ("failed: OUTPUT" or "ran out of time"). */
static int run_child(char *const *argv, long limit, struct mdh_str *out,
                     char *why, size_t why_len) {
  char buf[4096];
  int fds[2], status = 0, timed_out = 0;
  time_t start = time(NULL);
  ssize_t n;
  pid_t pid;

  if (pipe(fds) < 0) {
    snprintf(why, why_len, "pipe: %s", strerror(errno));
    return -1;
  }
  fflush(NULL);
  pid = fork();
  if (pid < 0) {
    snprintf(why, why_len, "fork: %s", strerror(errno));
    close(fds[0]);
    close(fds[1]);
    return -1;
  }
  if (pid == 0) {
    /* A group of its own, so that the time limit ends its children too. */
    setpgid(0, 0);
    dup2(fds[1], STDOUT_FILENO);
    dup2(fds[1], STDERR_FILENO);
    close(fds[0]);
    close(fds[1]);
    execv(argv[0], argv);
    fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  close(fds[1]);
  for (;;) {
    fd_set set;
    struct timeval tv = {1, 0};

    FD_ZERO(&set);
    FD_SET(fds[0], &set);
    if (select(fds[0] + 1, &set, NULL, NULL, &tv) > 0) {
      n = read(fds[0], buf, sizeof(buf));
      if (n <= 0)
        break;
      mdh_str_append(out, buf, (size_t)n);
    }
    if (time(NULL) - start > limit) {
      kill(-pid, SIGKILL);
      timed_out = 1;
      break;
    }
  }
  close(fds[0]);
  waitpid(pid, &status, 0);
  if (timed_out)
    snprintf(why, why_len, "ran out of time (%ld s)", limit);
  else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    snprintf(why, why_len, "failed: %.300s",
             out->len ? out->data : "(no output)");
  else
    return 0;
  return -1;
}

/* Returns the record entry of candidate "c" of "function" of type
 * "signature" on "device" with "pipeline", measured at "ms" (-1: not
 * measured); its strings are the arguments'. */
static struct mdh_tuning_entry
candidate_entry(const char *device, const char *function, const char *signature,
                const char *pipeline, const struct candidate *c, double ms) {
  struct mdh_tuning_entry e = {
      (char *)device,
      (char *)function,
      (char *)signature,
      (char *)pipeline,
      c->kernel,
      c->kernel >= 0 && !c->tiles && !c->mode && !c->dbuf ? c->index : -1,
      (char *)c->mode,
      c->dbuf ? 1 : -1,
      (char *)c->fusion,
      ms,
      c->n_sizes,
      {0}};

  memcpy(e.tile_sizes, c->sizes, c->n_sizes * sizeof(*c->sizes));
  return e;
}

/* Tells whether candidate "c" reaches mdh-run as a record of one entry:
 * tile sizes, reduction modes and double buffering have no option of
 * mdh-run per md_hom or kernel. */
static int needs_record(const struct candidate *c) {
  return (c->tiles && c->n_sizes) || c->mode || c->dbuf;
}

/* Writes the tile sizes, the reduction mode or the double buffering of
 * candidate "c" of function
 * o->entry of type "signature" on "device" as a record of one entry into a
 * new temporary file, whose name goes to "path". Returns 0, or -1 with the
 * reason in "why". */
static int write_candidate_record(const struct options *o, const char *device,
                                  const char *signature,
                                  const struct candidate *c, char *path,
                                  size_t len, char *why, size_t why_len) {
  struct mdh_tuning_entry e =
      candidate_entry(device, o->entry, signature, o->pipeline, c, -1);
  struct mdh_tuning_record r;
  const char *tmp = getenv("TMPDIR");
  FILE *f;
  int fd, bad;

  snprintf(path, len, "%s/mdh-tune-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  fd = mkstemp(path);
  f = fd < 0 ? NULL : fdopen(fd, "w");
  if (!f) {
    snprintf(why, why_len, "cannot write a record in %s: %s", path,
             strerror(errno));
    if (fd >= 0)
      close(fd);
    return -1;
  }
  mdh_tuning_record_init(&r);
  bad = mdh_tuning_record_add(&r, &e) < 0 || mdh_tuning_record_write(f, &r) < 0;
  bad |= fclose(f) != 0;
  mdh_tuning_record_clear(&r);
  if (bad) {
    snprintf(why, why_len, "cannot write '%s'", path);
    unlink(path);
    return -1;
  }
  return 0;
}

/* Runs mdh-run "run" on candidate "c" of the function of type "signature"
 * on "device", timing it, or, if "object" is given, compiling it there
 * (--emit-object). Returns its median time in ms (0 for an object), or -1
 * (with the reason in "why") if it failed or ran out of time. */
static double measure(const struct options *o, const char *run,
                      const char *device, const char *signature,
                      const struct candidate *c, const char *object, char *why,
                      size_t why_len) {
  char entry[512], pipeline[64], step[PATH_MAX + 64], config[PATH_MAX + 64];
  char reason[400], record[PATH_MAX], *argv[8];
  struct mdh_str out;
  double ms;
  int rc;

  record[0] = '\0';
  if (needs_record(c) &&
      write_candidate_record(o, device, signature, c, record, sizeof(record),
                             why, why_len) < 0)
    return -1;
  mdh_str_init(&out);
  snprintf(entry, sizeof(entry), "--entry=%s", o->entry);
  snprintf(pipeline, sizeof(pipeline), "--pipeline=%s", o->pipeline);
  if (object)
    snprintf(step, sizeof(step), "--emit-object=%s", object);
  else
    snprintf(step, sizeof(step), "--repeat=%ld", o->repeat + 1);
  if (needs_record(c))
    snprintf(config, sizeof(config), "--tuning=%s", record);
  else if (c->kernel >= 0)
    snprintf(config, sizeof(config), "--mapping=@%s:%d:%ld", o->entry,
             c->kernel, c->index);
  else
    snprintf(config, sizeof(config), "--fusion=%s", c->fusion);
  argv[0] = (char *)run;
  argv[1] = (char *)o->file;
  argv[2] = entry;
  argv[3] = pipeline;
  argv[4] = step;
  argv[5] = c->tiles && !record[0] ? NULL : config;
  argv[6] = NULL;
  rc = run_child(argv, o->time_limit, &out, reason, sizeof(reason));
  if (record[0])
    unlink(record);
  if (rc < 0) {
    snprintf(why, why_len, "%s%s",
             strncmp(reason, "failed", 6) ? "" : "mdh-run ", reason);
    mdh_str_clear(&out);
    return -1;
  }
  ms = object ? 0 : out.len ? median_time(out.data) : -1;
  if (ms < 0)
    snprintf(why, why_len, "mdh-run printed no times");
  mdh_str_clear(&out);
  return ms;
}

/* Tells whether candidate "c" is the cost model's choice. */
static int is_default(const struct candidate *c) {
  if (c->tiles)
    return c->n_sizes == 0;
  return c->kernel >= 0 ? c->index == 0 && !c->mode && !c->dbuf
                        : !strcmp(c->fusion, fusion_modes[0]);
}

/* Writes what candidate "c" chooses to "f", as the progress lines say it. */
static void print_candidate(FILE *f, const struct candidate *c) {
  int i;

  if (c->tiles && !c->n_sizes) {
    fprintf(f, "md_hom %d model's tiles", c->kernel);
  } else if (c->tiles) {
    fprintf(f, "md_hom %d tile sizes [", c->kernel);
    for (i = 0; i < c->n_sizes; ++i)
      fprintf(f, "%s%ld", i ? ", " : "", c->sizes[i]);
    putc(']', f);
  } else if (c->kernel >= 0) {
    fprintf(f, "kernel %d mapping %ld", c->kernel, c->index);
    if (c->mode)
      fprintf(f, " reduction mode %s", c->mode);
    if (c->dbuf)
      fputs(" double-buffered", f);
  } else {
    fprintf(f, "fusion %s", c->fusion);
  }
}

/* Adds candidate "c" of "function", measured at "ms" on "device" with
 * "pipeline", to "r" where it is the default or
 * beats "*base", the time of its kernel's default measured here (-1 if
 * none), by MIN_GAIN; sets "*base" for a default. Returns whether it was
 * added. */
static int add_measured(struct mdh_tuning_record *r, const char *device,
                        const char *function, const char *signature,
                        const char *pipeline, const struct candidate *c,
                        double ms, double *base) {
  struct mdh_tuning_entry e =
      candidate_entry(device, function, signature, pipeline, c, ms);

  if (is_default(c))
    *base = ms;
  else if (*base >= 0 && ms > *base * (1 - MIN_GAIN))
    return 0;
  /* The register tiles' model is what the pipeline does without an
   * entry. */
  if (c->tiles && !c->n_sizes)
    return 1;
  if (mdh_tuning_record_add(r, &e) < 0)
    abort();
  return 1;
}

/* Appends "c" to the "*n" candidates "*out" (room for "*cap"). */
static void push_candidate(struct candidate **out, int *n, int *cap,
                           const struct candidate *c) {
  if (*n == *cap) {
    *cap *= 2;
    *out = realloc(*out, *cap * sizeof(**out));
    if (!*out)
      abort();
  }
  (*out)[(*n)++] = *c;
}

/* Appends the tile sizes candidates of md_hom "h" to the "*n" candidates
 * "*out": the model's, then those of tile_rows x tile_points, at most
 * o->max_per_kernel of them. */
static void tile_candidates(const struct options *o, const struct tiled_hom *h,
                            struct candidate **out, int *n, int *cap) {
  int n_rows = (int)(sizeof(tile_rows) / sizeof(tile_rows[0]));
  int n_points = (int)(sizeof(tile_points) / sizeof(tile_points[0]));
  struct candidate c = {h->number, -1, NULL, 1, 0, {0}, NULL, 0};
  int i, d;

  push_candidate(out, n, cap, &c);
  c.n_sizes = h->rank;
  for (i = 0; i < n_rows * n_points; ++i) {
    if (o->max_per_kernel && i >= o->max_per_kernel)
      break;
    for (d = 0; d < h->rank; ++d)
      c.sizes[d] = h->cc[d]            ? tile_rows[i / n_points]
                   : d == h->reduction ? tile_points[i % n_points]
                                       : 0;
    push_candidate(out, n, cap, &c);
  }
}

/* Lists the candidates of the function: each mapping of each kernel of
 * "ks" with several (at most o->max_per_kernel of them), then, where the
 * kernel combines partial results, the deterministic reduction mode, and
 * where it stages tiles, double buffering (both after the cost model's
 * mapping, their base, if it was not listed); or each fusion mode and the
 * tile sizes of each md_hom of "homs"; into "*out", returning their
 * number. */
static int candidates(const struct options *o, const struct kernels *ks,
                      const struct tiled_hom *homs, int n_homs,
                      struct candidate **out) {
  int k, n = 0, cap = 16;
  long j, m;

  *out = malloc(cap * sizeof(**out));
  if (!*out)
    abort();
  if (!strcmp(o->pipeline, "cpu")) {
    for (k = 0; k < (int)(sizeof(fusion_modes) / sizeof(fusion_modes[0])); ++k)
      push_candidate(
          out, &n, &cap,
          &(struct candidate){-1, -1, fusion_modes[k], 0, 0, {0}, NULL, 0});
    for (k = 0; k < n_homs; ++k)
      tile_candidates(o, &homs[k], out, &n, &cap);
    return n;
  }
  for (k = 0; k < ks->n; ++k) {
    m = ks->counts[k] < 2 ? 0 : ks->counts[k];
    if (o->max_per_kernel && m > o->max_per_kernel)
      m = o->max_per_kernel;
    for (j = 0; j < m; ++j)
      push_candidate(out, &n, &cap,
                     &(struct candidate){k, j, NULL, 0, 0, {0}, NULL, 0});
    if (!ks->atomics[k] && !ks->staged[k])
      continue;
    if (m == 0)
      push_candidate(out, &n, &cap,
                     &(struct candidate){k, 0, NULL, 0, 0, {0}, NULL, 0});
    if (ks->atomics[k])
      push_candidate(
          out, &n, &cap,
          &(struct candidate){k, 0, NULL, 0, 0, {0}, deterministic, 0});
    if (ks->staged[k])
      push_candidate(out, &n, &cap,
                     &(struct candidate){k, 0, NULL, 0, 0, {0}, NULL, 1});
  }
  return n;
}

/* Measures the candidates of this shard and adds the fastest of each
 * kernel (or of the function) to "r". Returns how many could be
 * measured. */
static int tune(const struct options *o, const char *device,
                const char *signature, const struct candidate *cands, int n,
                struct mdh_tuning_record *r) {
  char *run = mdh_run_path(o), why[512];
  int i, done = 0, mine = 0;
  double ms, base = -1;

  for (i = 0; i < n; ++i)
    mine += i % o->n_shards == o->shard;
  for (i = 0; i < n; ++i) {
    if (i > 0 && (cands[i].kernel != cands[i - 1].kernel ||
                  cands[i].tiles != cands[i - 1].tiles))
      base = -1;
    if (i % o->n_shards != o->shard)
      continue;
    why[0] = '\0';
    ms = measure(o, run, device, signature, &cands[i], NULL, why, sizeof(why));
    ++done;
    fprintf(stderr, "mdh-tune: [%d/%d] ", done, mine);
    print_candidate(stderr, &cands[i]);
    fputs(": ", stderr);
    if (ms < 0) {
      fprintf(stderr, "left out: %s\n", why);
      continue;
    }
    fprintf(stderr, "%.4f ms%s\n", ms,
            add_measured(r, device, o->entry, signature, o->pipeline, &cands[i],
                         ms, &base)
                ? ""
                : " (gains too little over the default: not taken)");
  }
  free(run);
  return done;
}

/* Writes "r" to o->out (or stdout); returns 0, or 1 after a message. */
static int write_record(const struct options *o,
                        const struct mdh_tuning_record *r) {
  FILE *f = o->out ? fopen(o->out, "w") : stdout;
  int bad;

  if (!f) {
    fprintf(stderr, "mdh-tune: cannot write '%s': %s\n", o->out,
            strerror(errno));
    return 1;
  }
  bad = mdh_tuning_record_write(f, r) < 0;
  if (o->out)
    bad |= fclose(f) != 0;
  else
    bad |= fflush(f) != 0;
  if (bad)
    fprintf(stderr, "mdh-tune: cannot write '%s'\n",
            o->out ? o->out : "stdout");
  return bad;
}

/* mdh-tune --merge: the fastest entry of each kernel of the records. */
static int merge(const struct options *o) {
  struct mdh_tuning_record r;
  char err[1024];
  int i, rc = 0;

  mdh_tuning_record_init(&r);
  for (i = 0; i < o->n_inputs && !rc; ++i)
    if (mdh_tuning_record_read(o->inputs[i], &r, err, sizeof(err)) < 0) {
      fprintf(stderr, "mdh-tune: %s\n", err);
      rc = 1;
    }
  if (!rc)
    rc = write_record(o, &r);
  mdh_tuning_record_clear(&r);
  return rc;
}

/* The runner of an --emit directory (run.sh): times each object of
 * candidates.tsv with mdh-exec, as mdh-tune times with mdh-run (a
 * warm-up, then the median; kernel_ms where the GPU runtime reports it,
 * else time_ms), into times.tsv. It needs bash, awk, sort and timeout,
 * not MLIR. */
static const char runner[] =
    "#!/usr/bin/env bash\n"
    "# Made by mdh-tune --emit: times the candidates of this directory with\n"
    "# mdh-exec ($MDH_EXEC, else mdh-exec on PATH, else ../bin/mdh-exec)\n"
    "# into times.tsv (object, median ms; -1: failed or out of time,\n"
    "# $MDH_TUNE_TIME_LIMIT seconds, default 60). Then, where mdh-tune is:\n"
    "# mdh-tune --collect=DIR -o RECORD.\n"
    "set -u\n"
    "dir=$(cd \"$(dirname \"$0\")\" && pwd)\n"
    "run=${MDH_EXEC:-$(command -v mdh-exec || echo \"$dir/../bin/mdh-exec\")}\n"
    "limit=${MDH_TUNE_TIME_LIMIT:-60}\n"
    "# The runtimes beside mdh-exec, as in a bundle of scripts/device-check.\n"
    "export LD_LIBRARY_PATH=\"$(dirname \"$run\")/../lib"
    "${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\"\n"
    "field() { awk -F'\\t' -v k=\"$1\" '$1 == k { print $2 }' "
    "\"$dir/candidates.tsv\"; }\n"
    "entry=$(field entry)\n"
    "repeat=$(field repeat)\n"
    "median() {\n"
    "  sed -n \"s/^$1=//p\" | sed 1d | sort -n | awk '{ v[NR] = $1 } END {\n"
    "    if (NR == 0) exit\n"
    "    if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 "
    "+ 1]) / 2 }'\n"
    "}\n"
    ": >\"$dir/times.tsv\"\n"
    "# The GPU's name for the record, where nvidia-smi tells it.\n"
    "gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null "
    "| head -n 1)\n"
    "[ -z \"$gpu\" ] || printf 'device\\t%s\\n' \"$gpu\" "
    ">\"$dir/times.tsv\"\n"
    "awk -F'\\t' '$1 == \"candidate\" { print $5 }' \"$dir/candidates.tsv\" "
    "|\n"
    "  while read -r obj; do\n"
    "    out=$(MDH_RT_PROFILE=1 timeout \"$limit\" \"$run\" \"$dir/$obj\" "
    "--entry=\"$entry\" \\\n"
    "      --repeat=$((repeat + 1)) 2>&1 </dev/null)\n"
    "    rc=$?\n"
    "    ms=$(printf '%s\\n' \"$out\" | median kernel_ms)\n"
    "    [ -n \"$ms\" ] || ms=$(printf '%s\\n' \"$out\" | median time_ms)\n"
    "    if [ $rc -ne 0 ] || [ -z \"$ms\" ]; then\n"
    "      ms=-1\n"
    "      printf '%s: failed (exit %d): %s\\n' \"$obj\" $rc \"$(printf "
    "'%s' \"$out\" | tail -n 2)\" >&2\n"
    "    else\n"
    "      printf '%s: %s ms\\n' \"$obj\" \"$ms\" >&2\n"
    "    fi\n"
    "    printf '%s\\t%s\\n' \"$obj\" \"$ms\" >>\"$dir/times.tsv\"\n"
    "  done\n";

/* Writes the choice of candidate "c" as a field of candidates.tsv: its
 * fusion mode, "tiles:" and its tile sizes separated by commas ("tiles:"
 * alone for the model's), "mode:" and its reduction mode, "dbuf" for
 * double buffering, or "-" for a mapping. */
static void print_choice(FILE *f, const struct candidate *c) {
  int i;

  if (c->dbuf) {
    fputs(dbuf_choice, f);
    return;
  }
  if (c->mode) {
    fprintf(f, "mode:%s", c->mode);
    return;
  }
  if (!c->tiles) {
    fputs(c->fusion ? c->fusion : "-", f);
    return;
  }
  fputs("tiles:", f);
  for (i = 0; i < c->n_sizes; ++i)
    fprintf(f, "%s%ld", i ? "," : "", c->sizes[i]);
}

/* Reads the choice field "text" of candidates.tsv (print_choice) into
 * "c"; returns -1 if it is malformed. */
static int parse_choice(const char *text, struct candidate *c) {
  const char *p = text + strlen("tiles:");
  char *end;

  if (!strcmp(text, dbuf_choice)) {
    c->dbuf = 1;
    c->fusion = NULL;
    return 0;
  }
  if (!strncmp(text, "mode:", 5)) {
    if (strcmp(text + 5, deterministic))
      return -1;
    c->mode = deterministic;
    c->fusion = NULL;
    return 0;
  }
  if (strncmp(text, "tiles:", 6))
    return 0;
  c->tiles = 1;
  c->fusion = NULL;
  c->n_sizes = 0;
  while (*p) {
    if (c->n_sizes == MDH_TUNING_MAX_SIZES)
      return -1;
    errno = 0;
    c->sizes[c->n_sizes++] = strtol(p, &end, 10);
    if (errno || end == p || (*end && *end != ','))
      return -1;
    p = *end ? end + 1 : end;
  }
  return 0;
}

/* Creates directory "path" and its parents where they are not there;
 * returns 0, or -1 after a message. */
static int make_dir(const char *path) {
  char buf[PATH_MAX], *p;
  int ok = 1;

  snprintf(buf, sizeof(buf), "%s", path);
  for (p = buf + 1; *p && ok; ++p) {
    if (*p != '/')
      continue;
    *p = '\0';
    ok = mkdir(buf, 0777) == 0 || errno == EEXIST;
    if (ok)
      *p = '/';
  }
  if (ok && (mkdir(buf, 0777) == 0 || errno == EEXIST))
    return 0;
  fprintf(stderr, "mdh-tune: cannot create '%s': %s\n", buf, strerror(errno));
  return -1;
}

/* mdh-tune --emit=DIR: compiles this shard's candidates into DIR/objects/
 * and writes DIR/candidates.tsv (what they are) and DIR/run.sh (their
 * timer). Returns 0, or 1 if none could be compiled or a file not
 * written. */
static int emit(const struct options *o, const char *device,
                const char *signature, const struct candidate *cands, int n) {
  char *run = mdh_run_path(o), path[PATH_MAX + 128], object[128], why[512];
  FILE *f = NULL;
  int i, done = 0, ok = 0;

  snprintf(path, sizeof(path), "%s/objects", o->emit);
  if (make_dir(o->emit) < 0 || make_dir(path) < 0)
    goto out;
  snprintf(path, sizeof(path), "%s/candidates.tsv", o->emit);
  f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "mdh-tune: cannot write '%s': %s\n", path, strerror(errno));
    goto out;
  }
  fprintf(f,
          "device\t%s\nfunction\t%s\nsignature\t%s\npipeline\t%s\n"
          "entry\t%s\nrepeat\t%ld\n",
          device, o->entry, signature, o->pipeline, o->entry, o->repeat);
  for (i = 0; i < n; ++i) {
    if (i % o->n_shards != o->shard)
      continue;
    if (cands[i].tiles)
      snprintf(object, sizeof(object), "objects/k%d_t%d.so", cands[i].kernel,
               i);
    else if (cands[i].kernel >= 0)
      snprintf(object, sizeof(object), "objects/k%d_m%ld%s.so", cands[i].kernel,
               cands[i].index,
               cands[i].mode   ? "_det"
               : cands[i].dbuf ? "_dbuf"
                               : "");
    else
      snprintf(object, sizeof(object), "objects/fusion_%s.so", cands[i].fusion);
    snprintf(path, sizeof(path), "%s/%s", o->emit, object);
    fprintf(stderr, "mdh-tune: [%d] %s: ", ++done, object);
    if (measure(o, run, device, signature, &cands[i], path, why, sizeof(why)) <
        0) {
      fprintf(stderr, "left out: %s\n", why);
      continue;
    }
    /* Only the object travels: mdh-run leaves its LLVM IR beside it. */
    snprintf(path + strlen(path), sizeof(path) - strlen(path), ".ll");
    unlink(path);
    fprintf(stderr, "compiled\n");
    fprintf(f, "candidate\t%d\t%ld\t", cands[i].kernel, cands[i].index);
    print_choice(f, &cands[i]);
    fprintf(f, "\t%s\n", object);
    ++ok;
  }
  if (fclose(f) != 0) {
    fprintf(stderr, "mdh-tune: cannot write '%s/candidates.tsv'\n", o->emit);
    ok = 0;
  }
  f = NULL;
  snprintf(path, sizeof(path), "%s/run.sh", o->emit);
  f = fopen(path, "w");
  if (!f || fputs(runner, f) < 0 || fclose(f) != 0 || chmod(path, 0755) < 0) {
    fprintf(stderr, "mdh-tune: cannot write '%s'\n", path);
    ok = 0;
  }
  f = NULL;
out:
  if (f)
    fclose(f);
  free(run);
  return ok > 0 ? 0 : 1;
}

/* Reads the value of "key" of the candidates.tsv lines "lines" into
 * "value" (at most "len" bytes); returns -1 if there is none. */
static int tsv_field(char *const *lines, int n, const char *key, char *value,
                     size_t len) {
  size_t k = strlen(key);
  int i;

  for (i = 0; i < n; ++i)
    if (!strncmp(lines[i], key, k) && lines[i][k] == '\t') {
      snprintf(value, len, "%s", lines[i] + k + 1);
      return 0;
    }
  return -1;
}

/* Splits the text "text" into its lines (in place); returns their
 * number. */
static int split_lines(char *text, char ***lines) {
  int n = 0, cap = 16;
  char *p;

  *lines = malloc(cap * sizeof(**lines));
  if (!*lines)
    abort();
  for (p = strtok(text, "\n"); p; p = strtok(NULL, "\n")) {
    if (n == cap) {
      cap *= 2;
      *lines = realloc(*lines, cap * sizeof(**lines));
      if (!*lines)
        abort();
    }
    (*lines)[n++] = p;
  }
  return n;
}

/* Returns the time of "object" in the times.tsv lines, or -1. */
static double time_of(char *const *lines, int n, const char *object) {
  size_t k = strlen(object);
  int i;

  for (i = 0; i < n; ++i)
    if (!strncmp(lines[i], object, k) && lines[i][k] == '\t')
      return strtod(lines[i] + k + 1, NULL);
  return -1;
}

/* mdh-tune --collect=DIR: the record of the candidates of DIR that run.sh
 * timed. Returns 0, or 1 after a message. */
static int collect(const struct options *o) {
  char path[PATH_MAX], device[256], function[256], signature[4096];
  char pipeline[64], fusion[256], object[PATH_MAX];
  char *cand_text, *time_text, **cand, **times;
  struct mdh_tuning_record r;
  struct candidate c;
  int n_cand, n_times, i, kernel, last = -2, last_tiles = 0, rc = 1;
  long index;
  double ms, base = -1;
  size_t len;

  snprintf(path, sizeof(path), "%s/candidates.tsv", o->collect);
  cand_text = mdh_read_file(path, &len);
  snprintf(path, sizeof(path), "%s/times.tsv", o->collect);
  time_text = mdh_read_file(path, &len);
  if (!cand_text || !time_text) {
    fprintf(stderr, "mdh-tune: cannot read '%s/%s' (did run.sh run?)\n",
            o->collect, cand_text ? "times.tsv" : "candidates.tsv");
    free(cand_text);
    free(time_text);
    return 1;
  }
  n_cand = split_lines(cand_text, &cand);
  n_times = split_lines(time_text, &times);
  mdh_tuning_record_init(&r);
  /* The device: --device, else the GPU run.sh found, else the one of
   * --emit. */
  if (o->device)
    snprintf(device, sizeof(device), "%s", o->device);
  else if (tsv_field(times, n_times, "device", device, sizeof(device)) < 0 &&
           tsv_field(cand, n_cand, "device", device, sizeof(device)) < 0)
    device[0] = '\0';
  if (!device[0] ||
      tsv_field(cand, n_cand, "function", function, sizeof(function)) < 0 ||
      tsv_field(cand, n_cand, "signature", signature, sizeof(signature)) < 0 ||
      tsv_field(cand, n_cand, "pipeline", pipeline, sizeof(pipeline)) < 0) {
    fprintf(stderr, "mdh-tune: '%s/candidates.tsv' is not mdh-tune's\n",
            o->collect);
    goto done;
  }
  for (i = 0; i < n_cand; ++i) {
    if (strncmp(cand[i], "candidate\t", 10) ||
        sscanf(cand[i] + 10, "%d\t%ld\t%255s\t%4095s", &kernel, &index, fusion,
               object) != 4)
      continue;
    ms = time_of(times, n_times, object);
    if (ms < 0) {
      fprintf(stderr, "mdh-tune: %s: no time, left out\n", object);
      continue;
    }
    c = (struct candidate){
        kernel, index, kernel >= 0 ? NULL : fusion, 0, 0, {0}, NULL, 0};
    if (parse_choice(fusion, &c) < 0) {
      fprintf(stderr, "mdh-tune: %s: malformed choice '%s', left out\n", object,
              fusion);
      continue;
    }
    if (kernel != last || c.tiles != last_tiles)
      base = -1;
    last = kernel;
    last_tiles = c.tiles;
    if (!add_measured(&r, device, function, signature, pipeline, &c, ms, &base))
      fprintf(stderr,
              "mdh-tune: %s: gains too little over the default: not taken\n",
              object);
  }
  if (r.n == 0)
    fprintf(stderr, "mdh-tune: no candidate of '%s' has a time\n", o->collect);
  else
    rc = write_record(o, &r);
done:
  mdh_tuning_record_clear(&r);
  free(cand);
  free(times);
  free(cand_text);
  free(time_text);
  return rc;
}

int main(int argc, char **argv) {
  struct options o;
  struct mdh_tuning_record r;
  struct candidate *cands = NULL;
  struct kernels ks = {0};
  struct tiled_hom homs[MAX_KERNELS];
  char *signature = NULL, device[256];
  int rc, n, n_homs = 0;

  rc = parse_options(argc, argv, &o);
  if (rc) {
    free(o.inputs);
    return rc == 2 ? 0 : 1;
  }
  if (o.merge || o.collect) {
    rc = o.merge ? merge(&o) : collect(&o);
    free(o.inputs);
    return rc;
  }
  if (o.device)
    snprintf(device, sizeof(device), "%s", o.device);
  else if (!strcmp(o.pipeline, "gpu"))
    /* --emit: run.sh asks nvidia-smi on the GPU machine. */
    snprintf(device, sizeof(device), "unknown GPU");
  else
    cpu_name(device, sizeof(device));
  if (discover(&o, &signature, &ks, homs, &n_homs) < 0) {
    free(o.inputs);
    return 1;
  }
  n = candidates(&o, &ks, homs, n_homs, &cands);
  fprintf(stderr, "mdh-tune: @%s on %s (%s): %d kernel(s), %d candidate(s)%s\n",
          o.entry, device, o.pipeline, ks.n + n_homs, n,
          o.n_shards > 1 ? ", this shard's every N-th" : "");
  mdh_tuning_record_init(&r);
  rc = 0;
  if (o.emit) {
    rc = emit(&o, device, signature, cands, n);
  } else if (n && tune(&o, device, signature, cands, n, &r) > 0 && r.n == 0) {
    fprintf(stderr, "mdh-tune: no candidate could be measured\n");
    rc = 1;
  }
  if (!rc && !o.emit)
    rc = write_record(&o, &r);
  mdh_tuning_record_clear(&r);
  free(cands);
  free(signature);
  free(o.inputs);
  return rc;
}
