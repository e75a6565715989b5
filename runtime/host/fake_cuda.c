/* libmdh_fake_cuda.so: a CUDA driver on the CPU, for testing the real host
 * runtime (cuda.c) without a GPU. Selected with MDH_RT_LIBCUDA=<this file>.
 *
 * It exports the entry points of cuda_api.h with the driver's rules where
 * the runtime could break them: nothing works before cuInit, every call on
 * memory, modules, streams and events needs a current context (pushed by the
 * caller), handles must be live, copies must stay inside their allocation,
 * launches inside the device's limits, and after the process has begun to
 * exit (this library's destructor) every call answers
 * CUDA_ERROR_DEINITIALIZED, as the real driver does. "Device" memory is host
 * memory, so copies in every direction keep the data; images are checked
 * (cubin = ELF, fatbin, PTX text) and kept, kernels are counted but not run.
 *
 * Each call that does something logs one line to stderr (unless
 * $MDH_FAKE_CUDA_LOG is 0): "mdh-fake-cuda: <entry point> key=value ...".
 *
 * $MDH_FAKE_CUDA_FAIL=ENTRY[:N] makes the N-th call (default: the first) of
 * the entry point ENTRY (its name in cuda.h, e.g. cuMemAlloc) fail with the
 * error the real driver gives there (fail_codes), to test each error path. */

#include "runtime/host/cuda_api.h"
#include "runtime/host/image.h"
#include "runtime/host/objects.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* cuda.h's codes of the errors this driver gives. */
enum {
  INVALID_VALUE = 1,
  OUT_OF_MEMORY = 2,
  NOT_INITIALIZED = 3,
  DEINITIALIZED = MDH_CUDA_ERROR_DEINITIALIZED,
  NO_DEVICE = 100,
  INVALID_DEVICE = 101,
  INVALID_IMAGE = 200,
  INVALID_CONTEXT = 201,
  INVALID_PTX = 218,
  INVALID_HANDLE = 400,
  NOT_FOUND = 500,
  ILLEGAL_ADDRESS = 700,
  LAUNCH_OUT_OF_RESOURCES = 701,
  HOST_MEMORY_ALREADY_REGISTERED = 712,
  HOST_MEMORY_NOT_REGISTERED = 713,
  UNKNOWN = 999
};

/* The limits of the device this driver pretends to be (an sm_90 part, as
 * the CUDA C Programming Guide's table of compute capabilities gives them). */
#define FAKE_ALIGN 256
#define FAKE_STATIC_SMEM (48 * 1024)
#define FAKE_MAX_SMEM_OPTIN (227 * 1024)
#define FAKE_MAX_CONTEXT_DEPTH 16
#define FAKE_MAX_IMAGE ((size_t)1 << 30)

/* The error an injected failure of an entry point returns: what the real
 * driver answers when that call fails for a reason of the device. */
static const struct {
  const char *entry;
  mdh_cu_result code;
} fail_codes[] = {
    {"cuInit", NO_DEVICE},
    {"cuDeviceGetCount", NOT_INITIALIZED},
    {"cuDeviceGet", INVALID_DEVICE},
    {"cuDevicePrimaryCtxRetain", OUT_OF_MEMORY},
    {"cuModuleLoadData", INVALID_IMAGE},
    {"cuModuleLoadDataEx", INVALID_PTX},
    {"cuModuleGetFunction", NOT_FOUND},
    {"cuLaunchKernel", LAUNCH_OUT_OF_RESOURCES},
    {"cuStreamSynchronize", ILLEGAL_ADDRESS},
    {"cuEventSynchronize", ILLEGAL_ADDRESS},
    {"cuMemAlloc", OUT_OF_MEMORY},
    {"cuMemAllocManaged", OUT_OF_MEMORY},
    {"cuMemcpyAsync", ILLEGAL_ADDRESS},
    {"cuMemHostRegister", OUT_OF_MEMORY},
};

/* cuda.h's names of the codes above, for cuGetErrorName. */
static const struct {
  mdh_cu_result code;
  const char *name;
  const char *text;
} error_names[] = {
    {0, "CUDA_SUCCESS", "no error"},
    {INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
    {DEINITIALIZED, "CUDA_ERROR_DEINITIALIZED", "driver shutting down"},
    {NO_DEVICE, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
    {INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
    {INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE",
     "device kernel image is invalid"},
    {INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
    {INVALID_PTX, "CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed"},
    {INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
    {NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
     "an illegal memory access was encountered"},
    {LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
     "too many resources requested for launch"},
    {HOST_MEMORY_ALREADY_REGISTERED,
     "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED",
     "part or all of the requested memory range is already mapped"},
    {HOST_MEMORY_NOT_REGISTERED, "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED",
     "pointer does not correspond to a registered memory region"},
    {UNKNOWN, "CUDA_ERROR_UNKNOWN", "unknown error"},
};

enum fake_kind { MODULE, FUNCTION, STREAM, EVENT, BUFFER, REGISTERED };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct mdh_rt_objects objects;
static int initialized, deinitialized, primary_retained;
static int launches;
static int log_on = -1;
/* The primary context's handle: the address of this variable. */
static char primary_context;
static _Thread_local int context_depth;

/* Log "mdh-fake-cuda: <entry> <formatted fields>" as one line. */
static void say(const char *entry, const char *fmt, ...) {
  va_list ap;

  va_start(ap, fmt);
  mdh_rt_log(&log_on, "MDH_FAKE_CUDA_LOG", "mdh-fake-cuda", entry, fmt, ap);
  va_end(ap);
}

/* Whether this call of "entry" is the one $MDH_FAKE_CUDA_FAIL asks to fail;
 * each entry counts its own calls. Called with the lock held. */
static int injected(const char *entry) {
  static struct {
    const char *entry;
    int calls;
  } counts[64];
  const char *spec = getenv("MDH_FAKE_CUDA_FAIL");
  size_t len = strlen(entry), i;
  long nth = 1;

  if (!spec || strncmp(spec, entry, len) != 0 ||
      (spec[len] != '\0' && spec[len] != ':'))
    return 0;
  if (spec[len] == ':')
    nth = strtol(spec + len + 1, NULL, 10);
  for (i = 0; i < 64 && counts[i].entry && strcmp(counts[i].entry, entry); ++i)
    ;
  if (i == 64)
    return 0;
  counts[i].entry = entry;
  return ++counts[i].calls == nth;
}

/* The code an injected failure of "entry" returns. */
static mdh_cu_result fail_code(const char *entry) {
  size_t i;

  for (i = 0; i < sizeof(fail_codes) / sizeof(fail_codes[0]); ++i)
    if (!strcmp(fail_codes[i].entry, entry))
      return fail_codes[i].code;
  return UNKNOWN;
}

/* Take the lock for a call of "entry" and return 0 if it may go on, or the
 * error it must return (with the lock released): the driver has shut down,
 * is not initialised, has no current context although "needs_context", or a
 * failure is injected. */
static mdh_cu_result enter(const char *entry, int needs_context) {
  mdh_cu_result r = 0;

  pthread_mutex_lock(&lock);
  if (deinitialized)
    r = DEINITIALIZED;
  else if (!initialized && strcmp(entry, "cuInit") != 0)
    r = NOT_INITIALIZED;
  else if (needs_context && context_depth == 0)
    r = INVALID_CONTEXT;
  else if (injected(entry))
    r = fail_code(entry);
  if (r) {
    if (r != DEINITIALIZED)
      say(entry, "error=%d", r);
    pthread_mutex_unlock(&lock);
  }
  return r;
}

/* Release the lock and return "r". */
static mdh_cu_result leave(mdh_cu_result r) {
  pthread_mutex_unlock(&lock);
  return r;
}

/* Release the lock after logging the error "r" of "entry"; return "r". */
static mdh_cu_result refuse(const char *entry, mdh_cu_result r,
                            const char *why) {
  say(entry, "error=%d %s", r, why);
  return leave(r);
}

static struct mdh_rt_object *object_new(enum fake_kind kind) {
  return mdh_rt_object_new(&objects, kind);
}

static void object_free(struct mdh_rt_object *o) {
  mdh_rt_object_free(&objects, o);
}

static struct mdh_rt_object *find_handle(enum fake_kind kind,
                                         const void *handle) {
  return mdh_rt_object_find(&objects, kind, handle);
}

/* The live buffer or registered range ("kind") that contains "p", or
 * NULL. */
static struct mdh_rt_object *find_range(enum fake_kind kind, uintptr_t p) {
  return mdh_rt_object_at(&objects, kind, p);
}

/* Whether "stream" is NULL (the default stream) or live. */
static int stream_ok(mdh_cu_stream stream) {
  return !stream || find_handle(STREAM, stream);
}

/* 'D' if "bytes" at "p" lie in one allocation, 'H' if "p" is outside every
 * allocation (host memory, which cannot be checked), 0 if the range starts
 * in an allocation and overruns it or "p" is NULL. */
static char range_kind(uintptr_t p, size_t bytes) {
  struct mdh_rt_object *b = find_range(BUFFER, p);

  if (!p)
    return 0;
  if (!b)
    return 'H';
  return bytes <= b->bytes - (p - (uintptr_t)b->data) ? 'D' : 0;
}

/* The size of the cubin (ELF64) or fatbin image "data", found from its
 * headers since cuModuleLoadData is not told; 0 if the headers make no
 * sense. */
static size_t image_size(const unsigned char *data, const char *format) {
  uint64_t shoff, end, off, size;
  uint16_t shentsize, shnum, header, i;
  uint32_t type;

  if (!strcmp(format, "fatbin")) {
    memcpy(&header, data + 6, 2);
    memcpy(&size, data + 8, 8);
    return size < FAKE_MAX_IMAGE ? header + size : 0;
  }
  if (data[4] != 2) /* ELFCLASS64 */
    return 0;
  memcpy(&shoff, data + 0x28, 8);
  memcpy(&shentsize, data + 0x3a, 2);
  memcpy(&shnum, data + 0x3c, 2);
  if (shoff > FAKE_MAX_IMAGE || (shnum && shentsize < 0x28))
    return 0;
  end = shoff + (uint64_t)shnum * shentsize;
  if (end < 64)
    end = 64;
  for (i = 0; i < shnum; ++i) {
    const unsigned char *sh = data + shoff + (uint64_t)i * shentsize;

    memcpy(&type, sh + 4, 4);
    memcpy(&off, sh + 0x18, 8);
    memcpy(&size, sh + 0x20, 8);
    if (type != 8 /* SHT_NOBITS */ && off + size > end)
      end = off + size;
  }
  return end < FAKE_MAX_IMAGE ? (size_t)end : 0;
}

/* Load "image" as a new module into "*module". Called with the lock held;
 * returns with it released. */
static mdh_cu_result load_image(const char *entry, mdh_cu_module *module,
                                const void *image, char *log, size_t log_n) {
  const unsigned char *data = image;
  const char *format = NULL;
  struct mdh_rt_object *m;
  size_t bytes = 0;

  if (!module || !image)
    return refuse(entry, INVALID_VALUE, "NULL module or image");
  if (mdh_rt_is_ptx(image)) {
    format = "ptx";
    bytes = strlen(image) + 1;
  } else if (data[0] && data[1] && data[2] && data[3]) {
    format = mdh_rt_image_format(data);
    bytes = format ? image_size(data, format) : 0;
  }
  if (!bytes) {
    if (log && log_n)
      snprintf(log, log_n, "mdh-fake-cuda: not PTX, a cubin or a fatbin");
    return refuse(entry, INVALID_IMAGE, "not PTX, a cubin or a fatbin");
  }
  m = object_new(MODULE);
  if (!m || !(m->data = malloc(bytes))) {
    if (m)
      object_free(m);
    return refuse(entry, OUT_OF_MEMORY, "no host memory for the image");
  }
  memcpy(m->data, image, bytes);
  m->bytes = bytes;
  m->format = format;
  *module = m;
  say(entry, "format=%s bytes=%zu module=%d", format, bytes, m->id);
  return leave(0);
}

/* Store the name (if "text" is 0) or the text of "error" in "*out";
 * return CUDA_ERROR_INVALID_VALUE for a code this driver does not give. */
static mdh_cu_result describe(mdh_cu_result error, int text,
                              const char **out) {
  size_t i;

  for (i = 0; i < sizeof(error_names) / sizeof(error_names[0]); ++i)
    if (error_names[i].code == error) {
      *out = text ? error_names[i].text : error_names[i].name;
      return 0;
    }
  *out = NULL;
  return INVALID_VALUE;
}

mdh_cu_result cuGetErrorName(mdh_cu_result error, const char **name) {
  return describe(error, 0, name);
}

mdh_cu_result cuGetErrorString(mdh_cu_result error, const char **text) {
  return describe(error, 1, text);
}

mdh_cu_result cuInit(unsigned int flags) {
  mdh_cu_result r = enter(__func__, 0);

  if (r)
    return r;
  if (flags)
    return refuse(__func__, INVALID_VALUE, "flags must be 0");
  initialized = 1;
  say(__func__, "devices=1");
  return leave(0);
}

mdh_cu_result cuDeviceGetCount(int *count) {
  mdh_cu_result r = enter(__func__, 0);

  if (r)
    return r;
  *count = 1;
  return leave(0);
}

mdh_cu_result cuDeviceGet(mdh_cu_device *device, int ordinal) {
  mdh_cu_result r = enter(__func__, 0);

  if (r)
    return r;
  if (ordinal != 0)
    return refuse(__func__, INVALID_DEVICE, "only device 0");
  *device = 0;
  return leave(0);
}

mdh_cu_result cuDeviceGetName(char *name, int len, mdh_cu_device device) {
  mdh_cu_result r = enter(__func__, 0);

  if (r)
    return r;
  if (device != 0 || !name || len <= 0)
    return refuse(__func__, INVALID_VALUE, "bad device or buffer");
  snprintf(name, (size_t)len, "mdh-fake-cuda");
  return leave(0);
}

mdh_cu_result cuDeviceGetAttribute(int *value, int attribute,
                                   mdh_cu_device device) {
  mdh_cu_result r = enter(__func__, 0);

  if (r)
    return r;
  if (device != 0 ||
      attribute != MDH_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)
    return refuse(__func__, INVALID_VALUE, "attribute not known here");
  *value = FAKE_MAX_SMEM_OPTIN;
  return leave(0);
}

mdh_cu_result cuDevicePrimaryCtxRetain(mdh_cu_context *context,
                                       mdh_cu_device device) {
  mdh_cu_result r = enter(__func__, 0);

  if (r)
    return r;
  if (device != 0)
    return refuse(__func__, INVALID_DEVICE, "only device 0");
  primary_retained++;
  *context = &primary_context;
  say(__func__, "device=0");
  return leave(0);
}

mdh_cu_result cuCtxPushCurrent_v2(mdh_cu_context context) {
  mdh_cu_result r = enter("cuCtxPushCurrent", 0);

  if (r)
    return r;
  if (context != &primary_context || !primary_retained)
    return refuse("cuCtxPushCurrent", INVALID_CONTEXT,
                  "not a retained context");
  if (context_depth == FAKE_MAX_CONTEXT_DEPTH)
    return refuse("cuCtxPushCurrent", UNKNOWN, "context stack overflow");
  context_depth++;
  return leave(0);
}

mdh_cu_result cuCtxPopCurrent_v2(mdh_cu_context *context) {
  mdh_cu_result r = enter("cuCtxPopCurrent", 1);

  if (r)
    return r;
  context_depth--;
  if (context)
    *context = &primary_context;
  return leave(0);
}

mdh_cu_result cuModuleLoadData(mdh_cu_module *module, const void *image) {
  mdh_cu_result r = enter(__func__, 1);

  return r ? r : load_image(__func__, module, image, NULL, 0);
}

mdh_cu_result cuModuleLoadDataEx(mdh_cu_module *module, const void *image,
                                 unsigned int n, int *options, void **values) {
  mdh_cu_result r = enter(__func__, 1);
  char *log = NULL;
  size_t log_n = 0;
  unsigned int i;

  if (r) {
    for (i = 0; i < n; ++i)
      if (options[i] == MDH_CU_JIT_ERROR_LOG_BUFFER)
        snprintf(values[i], 64, "mdh-fake-cuda: injected JIT failure");
    return r;
  }
  for (i = 0; i < n; ++i) {
    if (options[i] == MDH_CU_JIT_ERROR_LOG_BUFFER)
      log = values[i];
    else if (options[i] == MDH_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
      log_n = (size_t)(uintptr_t)values[i];
  }
  return load_image(__func__, module, image, log, log ? log_n : 0);
}

mdh_cu_result cuModuleUnload(mdh_cu_module module) {
  mdh_cu_result r = enter(__func__, 1);
  struct mdh_rt_object *m;

  if (r)
    return r;
  if (!(m = find_handle(MODULE, module)))
    return refuse(__func__, INVALID_HANDLE, "not a live module");
  say(__func__, "module=%d", m->id);
  mdh_rt_object_free_module(&objects, m, FUNCTION);
  return leave(0);
}

mdh_cu_result cuModuleGetFunction(mdh_cu_function *function,
                                  mdh_cu_module module, const char *name) {
  mdh_cu_result r = enter(__func__, 1);
  struct mdh_rt_object *m, *f;
  int found;

  if (r)
    return r;
  if (!(m = find_handle(MODULE, module)))
    return refuse(__func__, INVALID_HANDLE, "not a live module");
  if (!name || !*name)
    return refuse(__func__, INVALID_VALUE, "no kernel name");
  for (f = objects.head; f; f = f->next)
    if (f->kind == FUNCTION && f->module == m && !strcmp(f->name, name))
      break;
  if (!f) {
    found = strcmp(m->format, "ptx")
                ? mdh_rt_image_has_symbol(m->data, m->bytes, name)
                : mdh_rt_ptx_has_entry(m->data, name);
    if (!found)
      return refuse(__func__, NOT_FOUND, "no such kernel in the module");
    if (!(f = object_new(FUNCTION)) || !(f->name = strdup(name)))
      return refuse(__func__, OUT_OF_MEMORY, "no host memory");
    f->module = m;
    f->smem = FAKE_STATIC_SMEM;
  }
  *function = f;
  say(__func__, "module=%d name=%s", m->id, name);
  return leave(0);
}

mdh_cu_result cuFuncSetAttribute(mdh_cu_function function, int attribute,
                                 int value) {
  mdh_cu_result r = enter(__func__, 1);
  struct mdh_rt_object *f;

  if (r)
    return r;
  if (!(f = find_handle(FUNCTION, function)))
    return refuse(__func__, INVALID_HANDLE, "not a live function");
  if (attribute != MDH_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES ||
      value < 0 || value > FAKE_MAX_SMEM_OPTIN)
    return refuse(__func__, INVALID_VALUE, "attribute or value out of range");
  f->smem = value;
  say(__func__, "name=%s max_dynamic_smem=%d", f->name, value);
  return leave(0);
}

/* Whether the launch shape is within the device's limits (grid x < 2^31,
 * y, z < 2^16; block at most (1024,1024,64) and 1024 threads). */
static int shape_ok(const unsigned int *grid, const unsigned int *block) {
  static const unsigned int grid_max[3] = {2147483647u, 65535, 65535};
  static const unsigned int block_max[3] = {1024, 1024, 64};
  int i;

  for (i = 0; i < 3; ++i)
    if (!grid[i] || grid[i] > grid_max[i] || !block[i] ||
        block[i] > block_max[i])
      return 0;
  return (uint64_t)block[0] * block[1] * block[2] <= 1024;
}

mdh_cu_result cuLaunchKernel(mdh_cu_function function, unsigned int gx,
                             unsigned int gy, unsigned int gz, unsigned int bx,
                             unsigned int by, unsigned int bz,
                             unsigned int smem, mdh_cu_stream stream,
                             void **params, void **extra) {
  mdh_cu_result r = enter(__func__, 1);
  unsigned int grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
  struct mdh_rt_object *f;

  if (r)
    return r;
  if (!(f = find_handle(FUNCTION, function)))
    return refuse(__func__, INVALID_HANDLE, "not a live function");
  if (!stream_ok(stream))
    return refuse(__func__, INVALID_HANDLE, "not a live stream");
  if (!shape_ok(grid, block))
    return refuse(__func__, INVALID_VALUE, "grid or block out of range");
  if (smem > (unsigned int)f->smem)
    return refuse(__func__, INVALID_VALUE,
                  "more dynamic shared memory than the kernel's limit");
  if (params && extra)
    return refuse(__func__, INVALID_VALUE, "both params and extra");
  launches++;
  say(__func__, "fn=%s grid=(%u,%u,%u) block=(%u,%u,%u) smem=%u launch=%d",
      f->name, gx, gy, gz, bx, by, bz, smem, launches);
  return leave(0);
}

/* Create a handle of "kind" (stream or event) with "flags" into "*out". */
static mdh_cu_result create_handle(const char *entry, enum fake_kind kind,
                                   void **out, unsigned int flags) {
  mdh_cu_result r = enter(entry, 1);
  struct mdh_rt_object *o;

  if (r)
    return r;
  if (!out)
    return refuse(entry, INVALID_VALUE, "NULL handle");
  if (!(o = object_new(kind)))
    return refuse(entry, OUT_OF_MEMORY, "no host memory");
  o->flags = flags;
  *out = o;
  return leave(0);
}

/* Check that "handle" is a live "kind"; destroy it if "destroy". */
static mdh_cu_result use_handle(const char *entry, enum fake_kind kind,
                                void *handle, int destroy) {
  mdh_cu_result r = enter(entry, 1);
  struct mdh_rt_object *o;

  if (r)
    return r;
  if (!(o = find_handle(kind, handle)))
    return refuse(entry, INVALID_HANDLE, "not a live handle");
  if (destroy)
    object_free(o);
  return leave(0);
}

mdh_cu_result cuStreamCreate(mdh_cu_stream *stream, unsigned int flags) {
  return create_handle(__func__, STREAM, stream, flags);
}

mdh_cu_result cuStreamDestroy_v2(mdh_cu_stream stream) {
  return use_handle("cuStreamDestroy", STREAM, stream, 1);
}

mdh_cu_result cuStreamSynchronize(mdh_cu_stream stream) {
  mdh_cu_result r = enter(__func__, 1);

  if (r)
    return r;
  if (!stream_ok(stream))
    return refuse(__func__, INVALID_HANDLE, "not a live stream");
  return leave(0);
}

mdh_cu_result cuStreamWaitEvent(mdh_cu_stream stream, mdh_cu_event event,
                                unsigned int flags) {
  mdh_cu_result r = enter(__func__, 1);

  if (r)
    return r;
  if (!stream_ok(stream) || !find_handle(EVENT, event) || flags)
    return refuse(__func__, INVALID_HANDLE, "not a live stream or event");
  return leave(0);
}

mdh_cu_result cuEventCreate(mdh_cu_event *event, unsigned int flags) {
  return create_handle(__func__, EVENT, event, flags);
}

mdh_cu_result cuEventDestroy_v2(mdh_cu_event event) {
  return use_handle("cuEventDestroy", EVENT, event, 1);
}

mdh_cu_result cuEventRecord(mdh_cu_event event, mdh_cu_stream stream) {
  mdh_cu_result r = enter(__func__, 1);

  if (r)
    return r;
  if (!find_handle(EVENT, event) || !stream_ok(stream))
    return refuse(__func__, INVALID_HANDLE, "not a live event or stream");
  return leave(0);
}

mdh_cu_result cuEventSynchronize(mdh_cu_event event) {
  return use_handle(__func__, EVENT, event, 0);
}

/* Kernels take no time here. Events made without timing cannot be timed. */
mdh_cu_result cuEventElapsedTime_v2(float *ms, mdh_cu_event start,
                                    mdh_cu_event stop) {
  mdh_cu_result r = enter("cuEventElapsedTime", 1);
  struct mdh_rt_object *a, *b;

  if (r)
    return r;
  a = find_handle(EVENT, start);
  b = find_handle(EVENT, stop);
  if (!a || !b || ((a->flags | b->flags) & MDH_CU_EVENT_DISABLE_TIMING))
    return refuse("cuEventElapsedTime", INVALID_HANDLE,
                  "not live events with timing");
  *ms = 0.0f;
  return leave(0);
}

/* Allocate "bytes" of zeroed "device" memory into "*ptr". */
static mdh_cu_result alloc(const char *entry, mdh_cu_deviceptr *ptr,
                           size_t bytes, int managed) {
  mdh_cu_result r = enter(entry, 1);
  struct mdh_rt_object *b;
  size_t rounded;

  if (r)
    return r;
  if (!ptr || bytes == 0 || bytes > SIZE_MAX - FAKE_ALIGN)
    return refuse(entry, INVALID_VALUE, "NULL pointer or bad size");
  rounded = (bytes + FAKE_ALIGN - 1) / FAKE_ALIGN * FAKE_ALIGN;
  b = object_new(BUFFER);
  if (!b || !(b->data = aligned_alloc(FAKE_ALIGN, rounded))) {
    if (b)
      object_free(b);
    return refuse(entry, OUT_OF_MEMORY, "no host memory");
  }
  memset(b->data, 0, rounded);
  b->bytes = bytes;
  *ptr = (mdh_cu_deviceptr)(uintptr_t)b->data;
  say(entry, "bytes=%zu managed=%d buf=%d", bytes, managed, b->id);
  return leave(0);
}

mdh_cu_result cuMemAlloc_v2(mdh_cu_deviceptr *ptr, size_t bytes) {
  return alloc("cuMemAlloc", ptr, bytes, 0);
}

mdh_cu_result cuMemAllocManaged(mdh_cu_deviceptr *ptr, size_t bytes,
                                unsigned int flags) {
  if (flags != MDH_CU_MEM_ATTACH_GLOBAL && flags != 2 /* ATTACH_HOST */)
    return INVALID_VALUE;
  return alloc(__func__, ptr, bytes, 1);
}

mdh_cu_result cuMemFree_v2(mdh_cu_deviceptr ptr) {
  mdh_cu_result r = enter("cuMemFree", 1);
  struct mdh_rt_object *b;

  if (r)
    return r;
  b = find_range(BUFFER, (uintptr_t)ptr);
  if (!b || (uintptr_t)b->data != ptr)
    return refuse("cuMemFree", INVALID_VALUE, "not an allocation's start");
  say("cuMemFree", "buf=%d", b->id);
  object_free(b);
  return leave(0);
}

mdh_cu_result cuMemcpyAsync(mdh_cu_deviceptr dst, mdh_cu_deviceptr src,
                            size_t bytes, mdh_cu_stream stream) {
  mdh_cu_result r = enter(__func__, 1);
  char dir[5] = "HtoH";

  if (r)
    return r;
  if (!stream_ok(stream))
    return refuse(__func__, INVALID_HANDLE, "not a live stream");
  dir[0] = range_kind((uintptr_t)src, bytes);
  dir[3] = range_kind((uintptr_t)dst, bytes);
  if (!dir[0] || !dir[3])
    return refuse(__func__, INVALID_VALUE,
                  "NULL or a range that overruns its allocation");
  memmove((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, bytes);
  say(__func__, "bytes=%zu dir=%s", bytes, dir);
  return leave(0);
}

/* Fill "count" elements of "width" bytes at device memory "dst" with "v". */
static mdh_cu_result fill(const char *entry, mdh_cu_deviceptr dst,
                          const void *v, size_t width, size_t count,
                          mdh_cu_stream stream) {
  mdh_cu_result r = enter(entry, 1);
  size_t i;

  if (r)
    return r;
  if (!stream_ok(stream))
    return refuse(entry, INVALID_HANDLE, "not a live stream");
  if (count > SIZE_MAX / width ||
      (count && range_kind((uintptr_t)dst, count * width) != 'D'))
    return refuse(entry, INVALID_VALUE, "not device memory or overruns it");
  for (i = 0; i < count; ++i)
    memcpy((char *)(uintptr_t)dst + width * i, v, width);
  say(entry, "count=%zu", count);
  return leave(0);
}

mdh_cu_result cuMemsetD32Async(mdh_cu_deviceptr dst, unsigned int value,
                               size_t count, mdh_cu_stream stream) {
  uint32_t v = value;

  return fill(__func__, dst, &v, sizeof(v), count, stream);
}

mdh_cu_result cuMemsetD16Async(mdh_cu_deviceptr dst, unsigned short value,
                               size_t count, mdh_cu_stream stream) {
  uint16_t v = value;

  return fill(__func__, dst, &v, sizeof(v), count, stream);
}

mdh_cu_result cuMemHostRegister_v2(void *p, size_t bytes, unsigned int flags) {
  mdh_cu_result r = enter("cuMemHostRegister", 1);
  struct mdh_rt_object *o;

  (void)flags;
  if (r)
    return r;
  if (!p || !bytes)
    return refuse("cuMemHostRegister", INVALID_VALUE, "NULL or empty range");
  if (find_range(REGISTERED, (uintptr_t)p) ||
      find_range(REGISTERED, (uintptr_t)p + bytes - 1))
    return refuse("cuMemHostRegister", HOST_MEMORY_ALREADY_REGISTERED,
                  "overlaps a registered range");
  if (!(o = object_new(REGISTERED)))
    return refuse("cuMemHostRegister", OUT_OF_MEMORY, "no host memory");
  o->data = p;
  o->bytes = bytes;
  o->borrowed = 1;
  say("cuMemHostRegister", "bytes=%zu", bytes);
  return leave(0);
}

mdh_cu_result cuMemHostUnregister(void *p) {
  mdh_cu_result r = enter(__func__, 1);
  struct mdh_rt_object *o = NULL;

  if (r)
    return r;
  o = find_range(REGISTERED, (uintptr_t)p);
  if (!o || o->data != p)
    return refuse(__func__, HOST_MEMORY_NOT_REGISTERED,
                  "not the start of a registered range");
  say(__func__, "bytes=%zu", o->bytes);
  object_free(o);
  return leave(0);
}

/* The process is exiting: from now on every call answers
 * CUDA_ERROR_DEINITIALIZED, as the real driver's does once its own exit
 * handler has run (callers' destructors that run later, such as a module's
 * unload, must cope). What is still live is reported. */
__attribute__((destructor)) static void shut_down(void) {
  struct mdh_rt_object *o;
  int buffers = 0, modules = 0;

  pthread_mutex_lock(&lock);
  for (o = objects.head; o; o = o->next) {
    buffers += o->kind == BUFFER;
    modules += o->kind == MODULE;
  }
  if (initialized)
    say("exit", "launches=%d live_modules=%d live_buffers=%d", launches,
        modules, buffers);
  deinitialized = 1;
  pthread_mutex_unlock(&lock);
}
