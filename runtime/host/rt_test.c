/* mdh-rt-test: drives a host runtime (libmdh_rt_cuda.so or libmdh_rt_mock.so)
 * through dlopen, as the tools do, for the lit tests in lit/runtime-host.
 *
 *   mdh-rt-test LIB COMMAND [ARG]
 *
 * Each command makes a short sequence of calls and prints what it checked to
 * stdout ("ok" lines); the runtime logs and reports errors on stderr. A
 * command that misuses the runtime on purpose ("bad-*") expects the runtime
 * to exit with status 1; if it returns instead, this program exits with 2. */

#include "runtime/host/mdh_rt.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The runtime's entry points that the commands use. */
struct rt {
  void *(*module_load)(void *, size_t);
  void *(*module_load_jit)(void *, int);
  void (*module_unload)(void *);
  void *(*get_function)(void *, const char *);
  void (*launch)(void *, intptr_t, intptr_t, intptr_t, intptr_t, intptr_t,
                 intptr_t, int32_t, void *, void **, void **, size_t);
  void *(*stream_create)(void);
  void (*stream_destroy)(void *);
  void (*stream_synchronize)(void *);
  void (*stream_wait_event)(void *, void *);
  void *(*event_create)(void);
  void (*event_destroy)(void *);
  void (*event_record)(void *, void *);
  void (*event_synchronize)(void *);
  void *(*mem_alloc)(uint64_t, void *, bool);
  void (*mem_free)(void *, void *);
  void (*copy)(void *, void *, size_t, void *);
  void (*set32)(void *, unsigned int, size_t, void *);
  void (*set16)(void *, unsigned short, size_t, void *);
  void (*host_register)(int64_t, void *, int64_t);
  void (*host_unregister)(int64_t, void *, int64_t);
  void (*set_default_device)(int32_t);
  mdh_rt_available_fn available;
  mdh_rt_device_name_fn device_name;
  mdh_rt_profile_enable_fn profile_enable;
  mdh_rt_profile_reset_fn profile_reset;
  mdh_rt_profile_kernel_ms_fn profile_kernel_ms;
  mdh_rt_profile_launches_fn profile_launches;
};

/* A cubin stand-in: an ELF64 header for EM_CUDA without sections whose
 * section table would start after the string table that follows it (so that
 * a driver can tell the image's size), and that string table, naming
 * "kern". */
static const char fake_elf[] =
    "\x7f"
    "ELF\2\1\1\x33\0\0\0\0\0\0\0\0"        /* e_ident */
    "\2\0\xbe\0\1\0\0\0"                   /* e_type, e_machine, e_version */
    "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"     /* e_entry, e_phoff */
    "\x5b\0\0\0\0\0\0\0"                   /* e_shoff = 64 + 27 */
    "\0\0\0\0\x40\0\0\0\0\0\x40\0\0\0\0\0" /* flags, sizes, counts */
    "\0.text.kern\0kern\0.nv.info\0";

/* A PTX stand-in with one kernel, "kern". */
static const char fake_ptx[] = "//\n.version 8.0\n.target sm_90\n"
                               ".address_size 64\n"
                               ".visible .entry kern(\n.param .u64 p\n)\n{\n"
                               "ret;\n}\n";

/* Look up "name" in "lib" into "slot"; return -1 with a message if absent. */
static int resolve(void *lib, const char *name, void *slot) {
  void *p = dlsym(lib, name);

  if (!p) {
    fprintf(stderr, "mdh-rt-test: the runtime lacks %s\n", name);
    return -1;
  }
  memcpy(slot, &p, sizeof(p));
  return 0;
}

/* Open the runtime "path" and resolve all of "rt"; return the handle or
 * NULL. */
static void *open_runtime(const char *path, struct rt *rt) {
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  int bad = 0;

  if (!lib) {
    fprintf(stderr, "mdh-rt-test: %s\n", dlerror());
    return NULL;
  }
  bad |= resolve(lib, "mgpuModuleLoad", &rt->module_load);
  bad |= resolve(lib, "mgpuModuleLoadJIT", &rt->module_load_jit);
  bad |= resolve(lib, "mgpuModuleUnload", &rt->module_unload);
  bad |= resolve(lib, "mgpuModuleGetFunction", &rt->get_function);
  bad |= resolve(lib, "mgpuLaunchKernel", &rt->launch);
  bad |= resolve(lib, "mgpuStreamCreate", &rt->stream_create);
  bad |= resolve(lib, "mgpuStreamDestroy", &rt->stream_destroy);
  bad |= resolve(lib, "mgpuStreamSynchronize", &rt->stream_synchronize);
  bad |= resolve(lib, "mgpuStreamWaitEvent", &rt->stream_wait_event);
  bad |= resolve(lib, "mgpuEventCreate", &rt->event_create);
  bad |= resolve(lib, "mgpuEventDestroy", &rt->event_destroy);
  bad |= resolve(lib, "mgpuEventRecord", &rt->event_record);
  bad |= resolve(lib, "mgpuEventSynchronize", &rt->event_synchronize);
  bad |= resolve(lib, "mgpuMemAlloc", &rt->mem_alloc);
  bad |= resolve(lib, "mgpuMemFree", &rt->mem_free);
  bad |= resolve(lib, "mgpuMemcpy", &rt->copy);
  bad |= resolve(lib, "mgpuMemset32", &rt->set32);
  bad |= resolve(lib, "mgpuMemset16", &rt->set16);
  bad |= resolve(lib, "mgpuMemHostRegisterMemRef", &rt->host_register);
  bad |= resolve(lib, "mgpuMemHostUnregisterMemRef", &rt->host_unregister);
  bad |= resolve(lib, "mgpuSetDefaultDevice", &rt->set_default_device);
  bad |= resolve(lib, "mdh_rt_available", &rt->available);
  bad |= resolve(lib, "mdh_rt_device_name", &rt->device_name);
  bad |= resolve(lib, "mdh_rt_profile_enable", &rt->profile_enable);
  bad |= resolve(lib, "mdh_rt_profile_reset", &rt->profile_reset);
  bad |= resolve(lib, "mdh_rt_profile_kernel_ms", &rt->profile_kernel_ms);
  bad |= resolve(lib, "mdh_rt_profile_launches", &rt->profile_launches);
  if (bad) {
    dlclose(lib);
    return NULL;
  }
  return lib;
}

/* Print whether a GPU is usable and, if so, its name, or why not. */
static int test_available(struct rt *rt, const char *arg) {
  char why[512];

  (void)arg;
  if (rt->available(why, sizeof(why)))
    printf("available=1 device=%s\n", rt->device_name());
  else
    printf("available=0 why=%s\n", why);
  return 0;
}

/* A stream created, synchronized and destroyed, with an event between. */
static int test_stream(struct rt *rt, const char *arg) {
  void *stream, *event;

  (void)arg;
  stream = rt->stream_create();
  event = rt->event_create();
  rt->event_record(event, stream);
  rt->stream_wait_event(stream, event);
  rt->event_synchronize(event);
  rt->stream_synchronize(stream);
  rt->event_destroy(event);
  rt->stream_destroy(stream);
  printf("stream ok\n");
  return 0;
}

/* Round trip of 64 floats through device memory, with a memset in between
 * and a copy at an offset. */
static int test_memcpy(struct rt *rt, const char *arg) {
  float host[64], back[64];
  void *stream = rt->stream_create();
  char *dev = rt->mem_alloc(sizeof(host), stream, false);
  int i;

  (void)arg;
  for (i = 0; i < 64; ++i)
    host[i] = (float)i;
  rt->copy(dev, host, sizeof(host), stream);
  rt->set32(dev, 0x3f800000u, 16, stream);
  rt->set16(dev + 64, 0, 8, stream);
  rt->copy(back, dev, sizeof(back), stream);
  rt->copy(dev + 128, dev + 192, 64, stream);
  rt->stream_synchronize(stream);
  rt->mem_free(dev, stream);
  rt->stream_destroy(stream);
  for (i = 0; i < 64; ++i)
    if (back[i] != (i < 16 ? 1.0f : i < 20 ? 0.0f : (float)i)) {
      printf("memcpy: element %d is %g\n", i, back[i]);
      return 1;
    }
  printf("memcpy ok\n");
  return 0;
}

/* A module from "image" (the fake cubin or, with "ptx", the fake PTX); one
 * launch of kernel "name" with two arguments. */
static void load_and_launch(struct rt *rt, int ptx, const char *name,
                            intptr_t block) {
  char image[sizeof(fake_elf)];
  int a = 1, b = 2;
  void *params[] = {&a, &b};
  void *module, *fn;

  memcpy(image, fake_elf, sizeof(image));
  module = ptx ? rt->module_load_jit((void *)fake_ptx, 2)
               : rt->module_load(image, sizeof(image));
  fn = rt->get_function(module, name);
  rt->launch(fn, 4, 1, 1, block, 1, 1, 1024, NULL, params, NULL, 2);
  rt->get_function(module, name);
  rt->module_unload(module);
}

/* The fake cubin and the fake PTX loaded, kernel "arg" (default "kern")
 * launched from each; with profiling on, the launches are counted. */
static int test_launch(struct rt *rt, const char *arg) {
  const char *name = arg ? arg : "kern";

  rt->profile_enable(1);
  rt->profile_reset();
  load_and_launch(rt, 0, name, 256);
  load_and_launch(rt, 1, name, 256);
  printf("launch ok launches=%d kernel_ms=%g\n", rt->profile_launches(),
         rt->profile_kernel_ms());
  return 0;
}

/* A 2x3 row-major f32 memref registered and unregistered. */
static int test_register(struct rt *rt, const char *arg) {
  float data[6];
  struct {
    void *allocated, *aligned;
    int64_t offset, sizes[2], strides[2];
  } desc = {data, data, 0, {2, 3}, {3, 1}};

  (void)arg;
  rt->host_register(2, &desc, 4);
  rt->host_unregister(2, &desc, 4);
  rt->set_default_device(0);
  printf("register ok\n");
  return 0;
}

/* A buffer never freed: the mock warns at exit. */
static int test_leak(struct rt *rt, const char *arg) {
  (void)arg;
  rt->mem_alloc(100, NULL, false);
  printf("leak ok\n");
  return 0;
}

static int test_bad_image(struct rt *rt, const char *arg) {
  char junk[] = "this is not a cubin";

  (void)arg;
  rt->module_load(junk, sizeof(junk));
  return 2;
}

static int test_bad_ptx(struct rt *rt, const char *arg) {
  (void)arg;
  rt->module_load_jit("// .version missing\n", 2);
  return 2;
}

/* A kernel name "arg" that the image lacks. */
static int test_bad_kernel(struct rt *rt, const char *arg) {
  load_and_launch(rt, arg && !strcmp(arg, "ptx"), "nokernel", 256);
  return 2;
}

static int test_bad_block(struct rt *rt, const char *arg) {
  (void)arg;
  load_and_launch(rt, 0, "kern", 2048);
  return 2;
}

static int test_bad_free(struct rt *rt, const char *arg) {
  int host;

  (void)arg;
  rt->mem_free(&host, NULL);
  return 2;
}

/* A copy past the end of a buffer of 32 bytes, and past the granule of
 * 256 bytes that the CUDA runtime allocates for it. */
static int test_bad_copy(struct rt *rt, const char *arg) {
  char host[300] = {0};
  char *dev = rt->mem_alloc(32, NULL, false);

  (void)arg;
  rt->copy(dev + 16, host, sizeof(host), NULL);
  return 2;
}

static int test_bad_stream(struct rt *rt, const char *arg) {
  int not_a_stream;

  (void)arg;
  rt->stream_synchronize(&not_a_stream);
  return 2;
}

/* A buffer of 999 doubles (7992 bytes), which the runtime allocates in
 * whole 256-byte granules. */
static int test_alloc(struct rt *rt, const char *arg) {
  void *dev = rt->mem_alloc(999 * sizeof(double), NULL, false);

  (void)arg;
  if (!dev) {
    printf("alloc: no buffer\n");
    return 1;
  }
  rt->mem_free(dev, NULL);
  printf("alloc ok\n");
  return 0;
}

static const struct {
  const char *name;
  int (*fn)(struct rt *rt, const char *arg);
} tests[] = {
    {"available", &test_available}, {"stream", &test_stream},
    {"memcpy", &test_memcpy},       {"alloc", &test_alloc},
    {"launch", &test_launch},       {"register", &test_register},
    {"leak", &test_leak},           {"bad-image", &test_bad_image},
    {"bad-ptx", &test_bad_ptx},     {"bad-kernel", &test_bad_kernel},
    {"bad-block", &test_bad_block}, {"bad-free", &test_bad_free},
    {"bad-copy", &test_bad_copy},   {"bad-stream", &test_bad_stream},
};

int main(int argc, char **argv) {
  struct rt rt;
  void *lib;
  size_t i;
  int status = 2;

  setvbuf(stdout, NULL, _IONBF, 0);
  if (argc < 3 || argc > 4) {
    fprintf(stderr, "usage: mdh-rt-test LIB COMMAND [ARG]\n");
    return 2;
  }
  lib = open_runtime(argv[1], &rt);
  if (!lib)
    return 2;
  for (i = 0; i < sizeof(tests) / sizeof(tests[0]); ++i)
    if (!strcmp(argv[2], tests[i].name))
      status = tests[i].fn(&rt, argc == 4 ? argv[3] : NULL);
  if (status == 2)
    fprintf(stderr, "mdh-rt-test: %s returned\n", argv[2]);
  return status;
}
