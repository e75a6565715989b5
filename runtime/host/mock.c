/* libmdh_rt_mock.so: the ABI of mdh_rt.h on the CPU, for host-side tests
 * without a GPU.
 *
 * "Device" memory is host memory, so copies in every direction are plain
 * memmoves; streams and events are dummy handles and everything completes at
 * once. Images are checked (cubin = ELF, fatbin, or PTX text for the JIT)
 * and so are kernel names, handles, pointers and launch limits, but kernels
 * are not run.
 *
 * Each mgpu* call logs one line to stderr (unless $MDH_RT_MOCK_LOG is 0):
 *
 *   mdh-rt-mock: <function> key=value ...
 *
 * Handles are numbered from 1 per kind in creation order ("module=1",
 * "stream=2", "event=1", "buf=3"); the NULL stream is "stream=0"; a pointer
 * into a buffer prints as "buf3" or "buf3+64", a host pointer as "host".
 * A misuse prints "mdh-rt-mock: error: <function>: <what>" and exits with
 * status 1, like the CUDA runtime. */

#include "runtime/host/image.h"
#include "runtime/host/mdh_rt.h"
#include "runtime/host/memref.h"
#include "runtime/host/objects.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MDH_MOCK_ALIGN 256
#define MDH_MOCK_MAX_SMEM (227 * 1024)

enum mdh_mock_kind { MODULE, FUNCTION, STREAM, EVENT, BUFFER, N_KINDS };

static const char *const kind_names[N_KINDS] = {"module", "function", "stream",
                                                "event", "buf"};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct mdh_rt_objects objects;
static int log_on = -1;
static int profile_on = -1;
static int profile_launches;
static int dying;

/* Print "mdh-rt-mock: error: <where>: <message>" and exit with status 1. */
static _Noreturn void die(const char *where, const char *fmt, ...) {
  va_list ap;

  dying = 1;
  va_start(ap, fmt);
  fprintf(stderr, "mdh-rt-mock: error: %s: ", where);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  fflush(stderr);
  exit(1);
}

/* Whether an environment variable "name" says on; "dflt" if unset. */
static int env_flag(const char *name, int dflt) {
  const char *v = getenv(name);

  if (!v || !*v)
    return dflt;
  return strcmp(v, "0") != 0;
}

/* Log "mdh-rt-mock: <where> <formatted fields>" as one line. */
static void say(const char *where, const char *fmt, ...) {
  va_list ap;

  va_start(ap, fmt);
  mdh_rt_log(&log_on, "MDH_RT_MOCK_LOG", "mdh-rt-mock", where, fmt, ap);
  va_end(ap);
}

/* Log "mdh-rt-mock: warning: <formatted message>" as one line. */
static void warn(const char *fmt, ...) {
  va_list ap;

  va_start(ap, fmt);
  mdh_rt_log(&log_on, "MDH_RT_MOCK_LOG", "mdh-rt-mock", "warning:", fmt, ap);
  va_end(ap);
}

/* A new object of "kind"; exits when out of memory. */
static struct mdh_rt_object *object_new(enum mdh_mock_kind kind,
                                        const char *where) {
  struct mdh_rt_object *o = mdh_rt_object_new(&objects, kind);

  if (!o)
    die(where, "out of host memory");
  return o;
}

static void object_free(struct mdh_rt_object *o) {
  mdh_rt_object_free(&objects, o);
}

static struct mdh_rt_object *find_handle(enum mdh_mock_kind kind,
                                         const void *handle) {
  return mdh_rt_object_find(&objects, kind, handle);
}

/* The live buffer that contains the address "p", or NULL. */
static struct mdh_rt_object *find_buffer(const void *p) {
  return mdh_rt_object_at(&objects, BUFFER, (uintptr_t)p);
}

/* The live object of "kind" that "handle" names; exits otherwise. */
static struct mdh_rt_object *get_handle(enum mdh_mock_kind kind,
                                        const void *handle, const char *where) {
  struct mdh_rt_object *o = find_handle(kind, handle);

  if (!o)
    die(where, "%p is not a live %s", handle, kind_names[kind]);
  return o;
}

/* The id of "stream" (0 for the NULL stream); exits if it is not live. */
static int stream_id(const void *stream, const char *where) {
  return stream ? get_handle(STREAM, stream, where)->id : 0;
}

/* Write into "buf" of "n" bytes how the log names "p": "bufN", "bufN+OFF"
 * or "host". */
static const char *name_pointer(const void *p, char *buf, size_t n) {
  struct mdh_rt_object *b = find_buffer(p);
  size_t off;

  if (!b)
    return "host";
  off = (size_t)((uintptr_t)p - (uintptr_t)b->data);
  if (off)
    snprintf(buf, n, "buf%d+%zu", b->id, off);
  else
    snprintf(buf, n, "buf%d", b->id);
  return buf;
}

/* Check that "bytes" bytes at "p" ("what": "dst" or "src") are usable: the
 * range must lie inside one buffer, or "p" must be a non-NULL host pointer
 * (which the mock cannot check further). Return 'D' or 'H'. */
static char check_range(const void *p, size_t bytes, const char *what,
                        const char *where) {
  struct mdh_rt_object *b = find_buffer(p);
  size_t off;

  if (!b) {
    if (!p)
      die(where, "%s is NULL", what);
    return 'H';
  }
  off = (size_t)((uintptr_t)p - (uintptr_t)b->data);
  if (bytes > b->bytes - off)
    die(where,
        "%s range of %zu bytes at buf%d+%zu overruns the buffer of %zu "
        "bytes",
        what, bytes, b->id, off, b->bytes);
  return 'D';
}

/* The format of the image "data" of "bytes": "elf" (cubin) or "fatbin";
 * exits otherwise. */
static const char *image_format(const unsigned char *data, size_t bytes,
                                const char *where) {
  const char *format;

  if (!data || bytes < 4)
    die(where, "image of %zu bytes is too small to be a cubin or fatbin",
        bytes);
  format = mdh_rt_image_format(data);
  if (!format)
    die(where,
        "not a cubin (ELF) or fatbin image (starts with %02x %02x %02x "
        "%02x)",
        data[0], data[1], data[2], data[3]);
  return format;
}

/* A module holding a copy of the "bytes" of "data" in "format". */
static struct mdh_rt_object *module_new(const void *data, size_t bytes,
                                        const char *format, const char *where) {
  struct mdh_rt_object *m = object_new(MODULE, where);

  m->data = malloc(bytes);
  if (!m->data)
    die(where, "out of host memory for an image of %zu bytes", bytes);
  memcpy(m->data, data, bytes);
  m->bytes = bytes;
  m->format = format;
  return m;
}

void *mgpuModuleLoad(void *data, size_t gpuBlobSize) {
  struct mdh_rt_object *m;
  const char *format;

  pthread_mutex_lock(&lock);
  format = image_format(data, gpuBlobSize, __func__);
  m = module_new(data, gpuBlobSize, format, __func__);
  say(__func__, "format=%s bytes=%zu module=%d", format, gpuBlobSize, m->id);
  pthread_mutex_unlock(&lock);
  return m;
}

void *mgpuModuleLoadJIT(void *data, int optLevel) {
  struct mdh_rt_object *m;
  size_t bytes;

  pthread_mutex_lock(&lock);
  if (!data)
    die(__func__, "PTX text is NULL");
  if (!mdh_rt_is_ptx(data))
    die(__func__, "not PTX text (no .version or .target directive)");
  bytes = strlen(data) + 1;
  m = module_new(data, bytes, "ptx", __func__);
  say(__func__, "format=ptx bytes=%zu opt=%d module=%d", bytes - 1, optLevel,
      m->id);
  pthread_mutex_unlock(&lock);
  return m;
}

void mgpuModuleUnload(void *module) {
  struct mdh_rt_object *m;

  pthread_mutex_lock(&lock);
  m = get_handle(MODULE, module, __func__);
  say(__func__, "module=%d", m->id);
  mdh_rt_object_free_module(&objects, m, FUNCTION);
  pthread_mutex_unlock(&lock);
}

/* The function "name" of module "m", created on its first lookup. */
static struct mdh_rt_object *
module_function(struct mdh_rt_object *m, const char *name, const char *where) {
  struct mdh_rt_object *f;
  int found;

  for (f = objects.head; f; f = f->next)
    if (f->kind == FUNCTION && f->module == m && !strcmp(f->name, name))
      return f;
  found = strcmp(m->format, "ptx")
              ? mdh_rt_image_has_symbol(m->data, m->bytes, name)
              : mdh_rt_ptx_has_entry(m->data, name);
  if (!found)
    die(where, "no kernel '%s' in module %d (%s)", name, m->id, m->format);
  f = object_new(FUNCTION, where);
  f->name = strdup(name);
  if (!f->name)
    die(where, "out of host memory");
  f->module = m;
  return f;
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  struct mdh_rt_object *m, *f;

  pthread_mutex_lock(&lock);
  m = get_handle(MODULE, module, __func__);
  if (!name || !*name)
    die(__func__, "empty kernel name");
  f = module_function(m, name, __func__);
  say(__func__, "module=%d name=%s", m->id, name);
  pthread_mutex_unlock(&lock);
  return f;
}

/* Exit unless "grid", "block" and "smem" are within the limits of an sm_90
 * device. */
static void check_launch_shape(const intptr_t *grid, const intptr_t *block,
                               int32_t smem, const char *where) {
  static const intptr_t grid_max[3] = {2147483647, 65535, 65535};
  static const intptr_t block_max[3] = {1024, 1024, 64};
  int i;

  for (i = 0; i < 3; ++i)
    if (grid[i] < 1 || grid[i] > grid_max[i])
      die(where, "grid (%jd,%jd,%jd) out of range", (intmax_t)grid[0],
          (intmax_t)grid[1], (intmax_t)grid[2]);
  for (i = 0; i < 3; ++i)
    if (block[i] < 1 || block[i] > block_max[i])
      break;
  if (i < 3 || block[0] * block[1] * block[2] > 1024)
    die(where,
        "block (%jd,%jd,%jd) out of range (at most (1024,1024,64) "
        "and 1024 threads)",
        (intmax_t)block[0], (intmax_t)block[1], (intmax_t)block[2]);
  if (smem < 0 || smem > MDH_MOCK_MAX_SMEM)
    die(where, "%d bytes of dynamic shared memory, the device allows %d",
        (int)smem, MDH_MOCK_MAX_SMEM);
}

/* Exit unless each of the "n" kernel arguments "params" points somewhere. */
static void check_params(void **params, size_t n, const char *where) {
  size_t i;

  if (n && !params)
    die(where, "%zu kernel arguments but no argument array", n);
  for (i = 0; i < n; ++i)
    if (!params[i])
      die(where, "kernel argument %zu is NULL", i);
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t dynamicSharedMemBytes,
                      void *stream, void **params, void **extra,
                      size_t paramsCount) {
  intptr_t grid[3] = {gridX, gridY, gridZ}, block[3] = {blockX, blockY, blockZ};
  struct mdh_rt_object *f;

  (void)extra;
  pthread_mutex_lock(&lock);
  f = get_handle(FUNCTION, function, __func__);
  check_launch_shape(grid, block, dynamicSharedMemBytes, __func__);
  check_params(params, paramsCount, __func__);
  say(__func__,
      "fn=%s grid=(%jd,%jd,%jd) block=(%jd,%jd,%jd) smem=%d params=%zu "
      "stream=%d",
      f->name, (intmax_t)gridX, (intmax_t)gridY, (intmax_t)gridZ,
      (intmax_t)blockX, (intmax_t)blockY, (intmax_t)blockZ,
      (int)dynamicSharedMemBytes, paramsCount, stream_id(stream, __func__));
  if (profile_on < 0)
    profile_on = env_flag("MDH_RT_PROFILE", 0);
  if (profile_on)
    profile_launches++;
  pthread_mutex_unlock(&lock);
}

/* A new dummy handle of "kind", logged as "<kind>=<id>". */
static void *create_handle(enum mdh_mock_kind kind, const char *where) {
  struct mdh_rt_object *o;

  pthread_mutex_lock(&lock);
  o = object_new(kind, where);
  say(where, "%s=%d", kind_names[kind], o->id);
  pthread_mutex_unlock(&lock);
  return o;
}

/* Log "<kind>=<id>" for the live handle "handle" and destroy it if
 * "destroy". */
static void use_handle(enum mdh_mock_kind kind, void *handle, int destroy,
                       const char *where) {
  struct mdh_rt_object *o;

  pthread_mutex_lock(&lock);
  o = get_handle(kind, handle, where);
  say(where, "%s=%d", kind_names[kind], o->id);
  if (destroy)
    object_free(o);
  pthread_mutex_unlock(&lock);
}

void *mgpuStreamCreate(void) { return create_handle(STREAM, __func__); }

void mgpuStreamDestroy(void *stream) {
  use_handle(STREAM, stream, 1, __func__);
}

void mgpuStreamSynchronize(void *stream) {
  pthread_mutex_lock(&lock);
  say(__func__, "stream=%d", stream_id(stream, __func__));
  pthread_mutex_unlock(&lock);
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  pthread_mutex_lock(&lock);
  say(__func__, "stream=%d event=%d", stream_id(stream, __func__),
      get_handle(EVENT, event, __func__)->id);
  pthread_mutex_unlock(&lock);
}

void *mgpuEventCreate(void) { return create_handle(EVENT, __func__); }

void mgpuEventDestroy(void *event) { use_handle(EVENT, event, 1, __func__); }

void mgpuEventRecord(void *event, void *stream) {
  pthread_mutex_lock(&lock);
  say(__func__, "event=%d stream=%d", get_handle(EVENT, event, __func__)->id,
      stream_id(stream, __func__));
  pthread_mutex_unlock(&lock);
}

void mgpuEventSynchronize(void *event) {
  use_handle(EVENT, event, 0, __func__);
}

/* Zeroed memory of "bytes", aligned like cuMemAlloc's, as a new buffer. */
static struct mdh_rt_object *buffer_new(uint64_t bytes, const char *where) {
  struct mdh_rt_object *b;
  size_t rounded;

  if (bytes > SIZE_MAX - MDH_MOCK_ALIGN)
    die(where, "cannot allocate %" PRIu64 " bytes", bytes);
  rounded =
      ((size_t)bytes + MDH_MOCK_ALIGN - 1) / MDH_MOCK_ALIGN * MDH_MOCK_ALIGN;
  b = object_new(BUFFER, where);
  b->data = aligned_alloc(MDH_MOCK_ALIGN, rounded);
  if (!b->data)
    die(where, "cannot allocate %" PRIu64 " bytes", bytes);
  memset(b->data, 0, rounded);
  b->bytes = (size_t)bytes;
  return b;
}

void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared) {
  struct mdh_rt_object *b = NULL;
  int s;

  pthread_mutex_lock(&lock);
  s = stream_id(stream, __func__);
  if (sizeBytes)
    b = buffer_new(sizeBytes, __func__);
  say(__func__, "bytes=%" PRIu64 " host_shared=%d buf=%d stream=%d", sizeBytes,
      (int)isHostShared, b ? b->id : 0, s);
  pthread_mutex_unlock(&lock);
  return b ? b->data : NULL;
}

void mgpuMemFree(void *ptr, void *stream) {
  struct mdh_rt_object *b;
  int s;

  pthread_mutex_lock(&lock);
  s = stream_id(stream, __func__);
  b = ptr ? find_buffer(ptr) : NULL;
  if (ptr && (!b || b->data != (char *)ptr))
    die(__func__, "%p was not returned by mgpuMemAlloc or is already freed",
        ptr);
  say(__func__, "buf=%d stream=%d", b ? b->id : 0, s);
  if (b)
    object_free(b);
  pthread_mutex_unlock(&lock);
}

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  char dbuf[48], sbuf[48], dir[5] = "HtoH";
  int s;

  pthread_mutex_lock(&lock);
  s = stream_id(stream, __func__);
  if (sizeBytes) {
    dir[0] = check_range(src, sizeBytes, "src", __func__);
    dir[3] = check_range(dst, sizeBytes, "dst", __func__);
    memmove(dst, src, sizeBytes);
  }
  say(__func__, "bytes=%zu dir=%s dst=%s src=%s stream=%d", sizeBytes, dir,
      name_pointer(dst, dbuf, sizeof(dbuf)),
      name_pointer(src, sbuf, sizeof(sbuf)), s);
  pthread_mutex_unlock(&lock);
}

/* Writes "count" copies of the "width"-byte pattern "v" to device memory
 * at "dst" (for mgpuMemset32/16, called as "fn"). */
static void fill(void *dst, const void *v, size_t width, size_t count,
                 const char *fn) {
  size_t i;

  if (count > SIZE_MAX / width)
    die(fn, "count %zu overflows", count);
  if (count)
    check_range(dst, count * width, "dst", fn);
  for (i = 0; i < count; ++i)
    memcpy((char *)dst + width * i, v, width);
}

void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream) {
  char dbuf[48];
  uint32_t v = value;
  int s;

  pthread_mutex_lock(&lock);
  s = stream_id(stream, __func__);
  fill(dst, &v, sizeof(v), count, __func__);
  say(__func__, "count=%zu value=0x%08x dst=%s stream=%d", count, value,
      name_pointer(dst, dbuf, sizeof(dbuf)), s);
  pthread_mutex_unlock(&lock);
}

void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream) {
  char dbuf[48];
  uint16_t v = value;
  int s;

  pthread_mutex_lock(&lock);
  s = stream_id(stream, __func__);
  fill(dst, &v, sizeof(v), count, __func__);
  say(__func__, "count=%zu value=0x%04x dst=%s stream=%d", count,
      (unsigned)value, name_pointer(dst, dbuf, sizeof(dbuf)), s);
  pthread_mutex_unlock(&lock);
}

/* Log "rank=R bytes=B" for the memref "desc"; exits unless it is densely
 * packed. */
static void host_register(int64_t rank, void *desc, int64_t elem_bytes,
                          const char *where) {
  void *ptr;
  size_t bytes;

  pthread_mutex_lock(&lock);
  if (mdh_rt_memref_extent(rank, desc, elem_bytes, &ptr, &bytes) < 0)
    die(where, "the memref is not densely packed");
  say(where, "rank=%" PRId64 " bytes=%zu", rank, bytes);
  pthread_mutex_unlock(&lock);
}

void mgpuMemHostRegisterMemRef(int64_t rank, void *memrefDescriptor,
                               int64_t elementSizeBytes) {
  host_register(rank, memrefDescriptor, elementSizeBytes, __func__);
}

void mgpuMemHostUnregisterMemRef(int64_t rank, void *memrefDescriptor,
                                 int64_t elementSizeBytes) {
  host_register(rank, memrefDescriptor, elementSizeBytes, __func__);
}

/* The mock has one device, 0. */
void mgpuSetDefaultDevice(int32_t device) {
  pthread_mutex_lock(&lock);
  if (device != 0)
    die(__func__, "no device %d (the mock has device 0 only)", (int)device);
  say(__func__, "device=%d", (int)device);
  pthread_mutex_unlock(&lock);
}

int mdh_rt_available(char *why, size_t n) {
  if (why && n)
    why[0] = '\0';
  return 1;
}

const char *mdh_rt_device_name(void) { return "mdh-rt-mock"; }

void mdh_rt_profile_enable(int on) {
  pthread_mutex_lock(&lock);
  profile_on = on != 0;
  pthread_mutex_unlock(&lock);
}

void mdh_rt_profile_reset(void) {
  pthread_mutex_lock(&lock);
  profile_launches = 0;
  pthread_mutex_unlock(&lock);
}

/* Kernels do not run here: they take no time. */
double mdh_rt_profile_kernel_ms(void) { return 0.0; }

int mdh_rt_profile_launches(void) {
  int n;

  pthread_mutex_lock(&lock);
  n = profile_launches;
  pthread_mutex_unlock(&lock);
  return n;
}

/* At unload (process exit), warn about buffers never freed and modules never
 * unloaded: generated code is expected to release both. After an error they
 * are expected. */
__attribute__((destructor)) static void report_live_objects(void) {
  struct mdh_rt_object *o;
  size_t bytes = 0;
  int buffers = 0, modules = 0;

  if (dying)
    return;
  for (o = objects.head; o; o = o->next) {
    buffers += o->kind == BUFFER;
    bytes += o->kind == BUFFER ? o->bytes : 0;
    modules += o->kind == MODULE;
  }
  if (buffers)
    warn("%d buffer(s) of %zu bytes never freed", buffers, bytes);
  if (modules)
    warn("%d module(s) never unloaded", modules);
}
