/* mdh-exec: runs an entry function compiled ahead of time by
 * `mdh-run --emit-object` on machines without LLVM or MLIR (docs/tools.md),
 * with mdh-run's conventions for inputs, outputs, seeds, repetitions and
 * comparisons. It links only libffi and libc: the object brings its signature
 * (signature.h) and its runtime libraries (DT_NEEDED,
 * RUNPATH $ORIGIN and $ORIGIN/../lib). */

#include "tools/common/args.h"
#include "tools/common/call.h"
#include "tools/common/signature.h"

#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Kernel-time profiling of the GPU host runtime (runtime/host/mdh_rt.h),
 * when the object or a --shared-lib library exports it: "kernel_ms" is the
 * time of the kernels since "reset"; "enable" turns it on. */
#define PROFILE_SYMBOL "mdh_rt_profile_kernel_ms"
struct profiler {
  void (*enable)(int on);
  void (*reset)(void);
  double (*kernel_ms)(void);
};

/* The device memory functions of the GPU host runtime (the `mgpu*`
 * functions of runtime/host/mdh_rt.h that gpu-to-llvm calls), for the
 * arguments of a device-resident entry (mdh.device_resident). */
struct device {
  void *(*stream_create)(void);
  void (*stream_synchronize)(void *stream);
  void (*stream_destroy)(void *stream);
  void *(*alloc)(uint64_t bytes, void *stream, bool host_shared);
  void (*free)(void *ptr, void *stream);
  void (*copy)(void *dst, void *src, size_t bytes, void *stream);
  void *stream;
};

/* The command line. "libs" are the --shared-lib paths, "n_libs" of them;
 * "tolerance" is negative unless --tolerance was given. */
struct options {
  const char *object;
  const char *entry;
  const char *read_dir;
  const char *write_dir;
  const char *compare_dir;
  const char **libs;
  int n_libs;
  unsigned long long seed;
  long repeat;
  double tolerance;
  int device_resident;
};

static void print_help(void) {
  printf(
      "USAGE: mdh-exec OBJECT.so --entry=NAME [--seed=N] [--read-inputs=DIR]\n"
      "                [--write-outputs=DIR] [--compare-outputs=DIR]\n"
      "                [--tolerance=X] [--repeat=N] [--shared-lib=PATH]...\n"
      "                [--device-resident]\n\n"
      "Runs function NAME of a shared object made by `mdh-run FILE\n"
      "--entry=NAME --emit-object=OBJECT.so`, with mdh-run's conventions.\n\n"
      "  --seed=N               fill every argument deterministically from N\n"
      "                         (default 0), exactly as mdh-run does\n"
      "  --read-inputs=DIR      read argument K from DIR/argK.bin instead\n"
      "  --write-outputs=DIR    write every argument after the last run to\n"
      "                         DIR/argK.bin\n"
      "  --compare-outputs=DIR  compare every argument after the last run\n"
      "                         with DIR/argK.bin, print max_abs_err=...\n"
      "                         max_rel_err=... and fail beyond mdh-run's\n"
      "                         tolerance (see mdh-run --help)\n"
      "  --tolerance=X          accept max_abs_err <= X instead\n"
      "  --repeat=N             run N times, printing time_ms=... per run\n"
      "                         and kernel_ms=... when the GPU runtime\n"
      "                         exports " PROFILE_SYMBOL "\n"
      "                         (mdh-exec turns its profiling on unless\n"
      "                         MDH_RT_PROFILE is set; 0 turns it off)\n"
      "  --shared-lib=PATH      load PATH first, its symbols visible to the\n"
      "                         object (repeatable)\n"
      "  --device-resident      the object was made with mdh-run\n"
      "                         --device-resident: give it device memory\n"
      "                         (the GPU runtime's mgpuMemAlloc), copy the\n"
      "                         inputs there before each run and the\n"
      "                         arguments back after the last; time_ms is\n"
      "                         the call alone\n");
}

/* Parses a finite non-negative number; returns -1 if "s" is not one. */
static int parse_tolerance(const char *s, double *out) {
  char *end;

  *out = strtod(s, &end);
  return !*s || *end || !isfinite(*out) || *out < 0 ? -1 : 0;
}

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "mdh-exec: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(see mdh-exec --help)\n");
  return 1;
}

/* Parses the option "a" that takes a value; returns 0 if it is one, 1 on
 * error, -1 if "a" is no such option. */
static int parse_value_option(const char *a, struct options *o) {
  unsigned long long n;
  const char *v;

  if ((v = mdh_option_value(a, "entry")))
    o->entry = v;
  else if ((v = mdh_option_value(a, "read-inputs")))
    o->read_dir = v;
  else if ((v = mdh_option_value(a, "write-outputs")))
    o->write_dir = v;
  else if ((v = mdh_option_value(a, "compare-outputs")))
    o->compare_dir = v;
  else if ((v = mdh_option_value(a, "shared-lib")))
    o->libs[o->n_libs++] = v;
  else if ((v = mdh_option_value(a, "seed"))) {
    if (mdh_parse_number(v, &o->seed) < 0)
      return usage_error("--seed needs a non-negative number, got '%s'", v);
  } else if ((v = mdh_option_value(a, "repeat"))) {
    if (mdh_parse_number(v, &n) < 0 || n < 1 || n > 1000000)
      return usage_error("--repeat needs a number in [1, 1000000], got '%s'",
                         v);
    o->repeat = (long)n;
  } else if ((v = mdh_option_value(a, "tolerance"))) {
    if (parse_tolerance(v, &o->tolerance) < 0)
      return usage_error("--tolerance needs a non-negative number, got '%s'",
                         v);
  } else {
    return -1;
  }
  return 0;
}

/* Parses the command line; returns 0, 1 on error, 2 after --help. "o->libs"
 * is allocated (even on error). */
static int parse_options(int argc, char **argv, struct options *o) {
  int i, rc;

  memset(o, 0, sizeof(*o));
  o->repeat = 1;
  o->tolerance = -1;
  o->libs = calloc((size_t)argc + 1, sizeof(*o->libs));
  if (!o->libs)
    return usage_error("%s", "out of memory");
  for (i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      print_help();
      return 2;
    }
    if (!strcmp(a, "--device-resident")) {
      o->device_resident = 1;
      continue;
    }
    rc = parse_value_option(a, o);
    if (rc > 0)
      return rc;
    if (rc == 0)
      continue;
    if (a[0] == '-')
      return usage_error("unknown option '%s'", a);
    if (o->object)
      return usage_error("more than one object ('%s')", a);
    o->object = a;
  }
  if (!o->object)
    return usage_error("%s", "no object file");
  if (!o->entry)
    return usage_error("%s", "--entry=NAME is required");
  return 0;
}

/* Loads the --shared-lib libraries with their symbols global, so that the
 * object can use them. Their handles go to "handles". Returns -1 after
 * reporting a failure. */
static int load_libs(const struct options *o, void **handles) {
  int i;

  for (i = 0; i < o->n_libs; ++i) {
    handles[i] = dlopen(o->libs[i], RTLD_NOW | RTLD_GLOBAL);
    if (!handles[i]) {
      fprintf(stderr, "mdh-exec: cannot load shared library '%s': %s\n",
              o->libs[i], dlerror());
      return -1;
    }
  }
  return 0;
}

/* Loads the object "path". A path without "/" would make dlopen search the
 * library path, so it is taken relative to the current directory. Returns
 * NULL after reporting a failure. */
static void *load_object(const char *path) {
  char *local = NULL;
  void *handle;

  if (access(path, R_OK)) {
    fprintf(stderr, "mdh-exec: cannot open '%s': %s\n", path, strerror(errno));
    return NULL;
  }
  if (!strchr(path, '/')) {
    local = malloc(strlen(path) + 3);
    if (!local) {
      fprintf(stderr, "mdh-exec: out of memory\n");
      return NULL;
    }
    sprintf(local, "./%s", path);
  }
  handle = dlopen(local ? local : path, RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    fprintf(stderr, "mdh-exec: cannot load '%s': %s\n", path, dlerror());
  free(local);
  return handle;
}

/* Finds the entry "o->entry" of "object" and its signature, read into
 * "args". Returns the entry, or NULL after reporting a failure. */
static void *find_entry(void *object, const struct options *o,
                        struct mdh_args *args) {
  char *name = malloc(strlen(MDH_SIGNATURE_PREFIX) + strlen(o->entry) + 1);
  const char *sig;
  void *fn = dlsym(object, o->entry);
  char err[200];

  if (!name) {
    fprintf(stderr, "mdh-exec: out of memory\n");
    return NULL;
  }
  sprintf(name, "%s%s", MDH_SIGNATURE_PREFIX, o->entry);
  sig = dlsym(object, name);
  free(name);
  if (!fn || !sig) {
    fprintf(stderr,
            !fn ? "mdh-exec: no entry @%s in '%s'\n"
                : "mdh-exec: no signature of @%s in '%s' (objects for "
                  "mdh-exec are made by mdh-run --emit-object)\n",
            o->entry, o->object);
    return NULL;
  }
  if (mdh_signature_parse(sig, args, err, sizeof(err)) == 0)
    return fn;
  fprintf(stderr, "mdh-exec: bad signature of @%s in '%s': %s\n", o->entry,
          o->object, err);
  return NULL;
}

/* Returns "name" from the object or its dependencies, else from the
 * --shared-lib libraries, or NULL. */
static void *find_symbol(void *object, void **handles, int n,
                         const char *name) {
  void *sym = dlsym(object, name);
  int i;

  for (i = 0; !sym && i < n; ++i)
    sym = dlsym(handles[i], name);
  return sym;
}

/* Finds the runtime's kernel timer into "p" and turns it on, unless
 * $MDH_RT_PROFILE says otherwise (the runtime reads it): timing a kernel
 * waits for it, so time_ms then includes every kernel. Leaves "p->kernel_ms"
 * NULL when there is no timer or it is off. */
static void find_profiler(void *object, void **handles, int n,
                          struct profiler *p) {
  const char *env = getenv("MDH_RT_PROFILE");

  p->enable =
      (void (*)(int))find_symbol(object, handles, n, "mdh_rt_profile_enable");
  p->reset =
      (void (*)(void))find_symbol(object, handles, n, "mdh_rt_profile_reset");
  p->kernel_ms =
      (double (*)(void))find_symbol(object, handles, n, PROFILE_SYMBOL);
  if (env && *env && !strcmp(env, "0"))
    p->kernel_ms = NULL;
  else if (p->enable && (!env || !*env))
    p->enable(1);
}

/* Finds the device memory functions of the runtime into "dev" and makes
 * its stream; returns -1 after reporting what is missing. */
static int find_device(void *object, void **handles, int n,
                       struct device *dev) {
  dev->stream_create =
      (void *(*)(void))find_symbol(object, handles, n, "mgpuStreamCreate");
  dev->stream_synchronize = (void (*)(void *))find_symbol(
      object, handles, n, "mgpuStreamSynchronize");
  dev->stream_destroy =
      (void (*)(void *))find_symbol(object, handles, n, "mgpuStreamDestroy");
  dev->alloc = (void *(*)(uint64_t, void *, bool))find_symbol(
      object, handles, n, "mgpuMemAlloc");
  dev->free =
      (void (*)(void *, void *))find_symbol(object, handles, n, "mgpuMemFree");
  dev->copy = (void (*)(void *, void *, size_t, void *))find_symbol(
      object, handles, n, "mgpuMemcpy");
  if (!dev->stream_create || !dev->stream_synchronize || !dev->stream_destroy ||
      !dev->alloc || !dev->free || !dev->copy) {
    fprintf(stderr, "mdh-exec: --device-resident needs the GPU runtime's "
                    "mgpuMemAlloc, mgpuMemcpy, mgpuMemFree and streams, "
                    "which the object and --shared-lib do not export\n");
    return -1;
  }
  dev->stream = dev->stream_create();
  return 0;
}

/* The bytes of argument "a". */
static size_t arg_bytes(const struct mdh_arg *a) {
  return a->n_elems * mdh_elem_size(a->elem);
}

/* Gives "on" the signature of "like" and device memory of "dev" for each
 * argument (its data pointers are device addresses). */
static void device_args(struct device *dev, struct mdh_args *on,
                        const struct mdh_args *like) {
  int k;

  on->n = like->n;
  on->v = calloc((size_t)like->n + 1, sizeof(*on->v));
  if (!on->v)
    abort();
  for (k = 0; k < like->n; ++k) {
    on->v[k] = like->v[k];
    on->v[k].data =
        dev->alloc(arg_bytes(&like->v[k]) ? arg_bytes(&like->v[k]) : 1,
                   dev->stream, false);
  }
}

/* Copies every argument of "from" to "to" (the same signature; one of them
 * on the device) and waits for the copies. */
static void device_copy(struct device *dev, struct mdh_args *to,
                        const struct mdh_args *from) {
  int k;

  for (k = 0; k < from->n; ++k)
    if (arg_bytes(&from->v[k]))
      dev->copy(to->v[k].data, from->v[k].data, arg_bytes(&from->v[k]),
                dev->stream);
  dev->stream_synchronize(dev->stream);
}

/* Runs "fn" "o->repeat" times on copies of "inputs" left in "work" (with
 * "dev", a device-resident entry on device copies of them, copied back to
 * "work" after the last run), printing the time of each run (the call
 * alone) and, with a profiler "p", its kernel time. */
static int run_entry(void *fn, const struct options *o,
                     const struct mdh_args *inputs, struct mdh_args *work,
                     const struct profiler *p, struct device *dev) {
  struct mdh_args on_device = {0, NULL};
  struct mdh_call *call;
  double ms;
  int k;
  long r;

  if (dev)
    device_args(dev, &on_device, work);
  call = mdh_call_prepare(fn, dev ? &on_device : work);
  if (!call) {
    fprintf(stderr, "mdh-exec: cannot call @%s\n", o->entry);
    return -1;
  }
  for (r = 0; r < o->repeat; ++r) {
    mdh_args_copy(work, inputs);
    if (dev)
      device_copy(dev, &on_device, work);
    if (p->reset)
      p->reset();
    ms = mdh_call_run(call);
    printf("time_ms=%.6f\n", ms);
    if (p->kernel_ms)
      printf("kernel_ms=%.6f\n", p->kernel_ms());
    fflush(stdout);
  }
  mdh_call_free(call);
  if (dev) {
    device_copy(dev, work, &on_device);
    for (k = 0; k < on_device.n; ++k)
      dev->free(on_device.v[k].data, dev->stream);
    free(on_device.v);
  }
  return 0;
}

/* Compares "work" with the arguments in "o->compare_dir". Returns -1 after
 * reporting a failure or a difference beyond the tolerance. */
static int compare_outputs(const struct options *o, struct mdh_args *work) {
  struct mdh_args want = {0, NULL};
  double max_abs, max_rel;
  char err[4200];
  int ok = 0;

  if (mdh_args_alloc_like(&want, work) < 0) {
    fprintf(stderr, "mdh-exec: the arguments do not fit in memory\n");
  } else if (mdh_args_read(&want, o->compare_dir, err, sizeof(err)) < 0) {
    fprintf(stderr, "mdh-exec: --compare-outputs: %s\n", err);
  } else {
    ok = mdh_args_compare(work, &want, &max_abs, &max_rel);
    if (o->tolerance >= 0)
      ok = max_abs <= o->tolerance;
    printf("max_abs_err=%g max_rel_err=%g\n", max_abs, max_rel);
    fflush(stdout);
    if (!ok)
      fprintf(stderr, "mdh-exec: @%s differs from '%s' beyond the tolerance\n",
              o->entry, o->compare_dir);
  }
  mdh_args_free(&want);
  return ok ? 0 : -1;
}

/* Runs the entry of the loaded "object" as "o" says; returns the exit
 * status. */
static int exec_object(void *object, void **handles, const struct options *o) {
  struct mdh_args inputs = {0, NULL}, work = {0, NULL};
  struct profiler profiler;
  struct device device;
  char err[4200];
  void *fn;
  int rc = 1;

  find_profiler(object, handles, o->n_libs, &profiler);
  if (o->device_resident &&
      find_device(object, handles, o->n_libs, &device) < 0)
    return 1;
  fn = find_entry(object, o, &inputs);
  if (fn &&
      mdh_args_prepare(&inputs, &work, o->read_dir, o->seed, "mdh-exec") == 0 &&
      run_entry(fn, o, &inputs, &work, &profiler,
                o->device_resident ? &device : NULL) == 0) {
    rc = 0;
    if (o->write_dir && mdh_args_write(&work, o->write_dir, err, sizeof(err))) {
      fprintf(stderr, "mdh-exec: %s\n", err);
      rc = 1;
    }
    if (o->compare_dir && compare_outputs(o, &work) < 0)
      rc = 1;
  }
  mdh_args_free(&inputs);
  mdh_args_free(&work);
  if (o->device_resident)
    device.stream_destroy(device.stream);
  return rc;
}

/* The loaded libraries stay loaded until exit: unloading the OpenMP or CUDA
 * runtime while their threads live can crash. */
int main(int argc, char **argv) {
  struct options o;
  void **handles = NULL, *object;
  int rc;

  rc = parse_options(argc, argv, &o);
  if (rc == 0) {
    handles = calloc((size_t)o.n_libs + 1, sizeof(*handles));
    rc = 1;
    if (!handles)
      fprintf(stderr, "mdh-exec: out of memory\n");
    else if (load_libs(&o, handles) == 0 && (object = load_object(o.object)))
      rc = exec_object(object, handles, &o);
  }
  free(handles);
  free(o.libs);
  return rc == 2 ? 0 : rc;
}
