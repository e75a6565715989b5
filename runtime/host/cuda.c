/* libmdh_rt_cuda.so: the mgpu* ABI of MLIR's gpu-to-llvm lowering and the
 * mdh_rt_* helpers (mdh_rt.h) over the CUDA driver API.
 *
 * The driver is opened with dlopen at the first call ("libcuda.so.1", or the
 * file named by $MDH_RT_LIBCUDA), so the library builds and loads on machines
 * without CUDA. The semantics follow upstream CudaRuntimeWrappers.cpp: every
 * call makes the primary context of the default device current for its
 * duration, streams are non-blocking, events carry no timing data, and a
 * launch with dynamic shared memory first raises the kernel's limit (needed
 * above 48 KiB).
 *
 * Generated code cannot handle errors, so a failing driver call prints one
 * line "mdh-rt: error: <call> failed in <mgpu function>: <name> (<text>)" and
 * exits with status 1; without a usable driver the first call prints why. */

#include "runtime/host/cuda_api.h"
#include "runtime/host/mdh_rt.h"
#include "runtime/host/memref.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MDH_RT_MAX_DEVICES 64
#define MDH_RT_MESSAGE 1024

/* The driver's entry points, one member per MDH_CU_ENTRY_POINTS row. */
struct mdh_cu_driver {
#define MDH_CU_MEMBER(name, symbol, params) mdh_cu_result(*name) params;
  MDH_CU_ENTRY_POINTS(MDH_CU_MEMBER)
#undef MDH_CU_MEMBER
};

/* What a device needs once: its handle, its retained primary context and
 * its opt-in limit of dynamic shared memory per block. */
struct mdh_cu_device_state {
  mdh_cu_device device;
  mdh_cu_context context;
  int max_smem;
};

static struct mdh_cu_driver cu;
static pthread_once_t driver_once = PTHREAD_ONCE_INIT;
static char driver_error[MDH_RT_MESSAGE];
static int device_count;

static pthread_mutex_t device_lock = PTHREAD_MUTEX_INITIALIZER;
static struct mdh_cu_device_state devices[MDH_RT_MAX_DEVICES];
static _Thread_local int default_device;

static pthread_mutex_t profile_lock = PTHREAD_MUTEX_INITIALIZER;
static int profile_on = -1;
static double profile_ms;
static int profile_launches;

/* Names and texts of the errors most likely met here, for drivers whose
 * cuGetErrorName does not answer (the stub library answers nothing). */
static const struct {
  mdh_cu_result code;
  const char *name;
  const char *text;
} known_errors[] = {
    {1, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {2, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {3, "CUDA_ERROR_NOT_INITIALIZED", "driver not initialized"},
    {4, "CUDA_ERROR_DEINITIALIZED", "driver shutting down"},
    {34, "CUDA_ERROR_STUB_LIBRARY",
     "the loaded libcuda is the toolkit's stub library, not a driver"},
    {36, "CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER", "driver too old"},
    {46, "CUDA_ERROR_DEVICE_UNAVAILABLE", "device unavailable"},
    {100, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
    {101, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
    {200, "CUDA_ERROR_INVALID_IMAGE", "device kernel image is invalid"},
    {201, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
    {209, "CUDA_ERROR_NO_BINARY_FOR_GPU", "no kernel image for the device"},
    {218, "CUDA_ERROR_INVALID_PTX", "PTX JIT compilation failed"},
    {222, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION", "unsupported PTX version"},
    {400, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
    {500, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {700, "CUDA_ERROR_ILLEGAL_ADDRESS", "illegal memory access"},
    {701, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", "too many resources requested"},
    {702, "CUDA_ERROR_LAUNCH_TIMEOUT", "launch timed out"},
    {719, "CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"},
    {999, "CUDA_ERROR_UNKNOWN", "unknown error"},
};

/* Print "mdh-rt: error: " and the formatted message as one line to stderr,
 * then exit with status 1. */
static _Noreturn void die(const char *fmt, ...) {
  va_list ap;

  va_start(ap, fmt);
  fputs("mdh-rt: error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  fflush(stderr);
  exit(1);
}

/* Write "NAME (text)" of the driver result "r" into "buf" of "n" bytes,
 * asking the driver first and known_errors second. Return "buf". */
static const char *describe(mdh_cu_result r, char *buf, size_t n) {
  const char *name = NULL, *text = NULL;
  size_t i;

  if (cu.cuGetErrorName && cu.cuGetErrorName(r, &name) != MDH_CUDA_SUCCESS)
    name = NULL;
  if (cu.cuGetErrorString && cu.cuGetErrorString(r, &text) != MDH_CUDA_SUCCESS)
    text = NULL;
  for (i = 0; i < sizeof(known_errors) / sizeof(known_errors[0]); ++i)
    if (known_errors[i].code == r) {
      name = name ? name : known_errors[i].name;
      text = text ? text : known_errors[i].text;
    }
  if (name)
    snprintf(buf, n, "%s (%s)", name, text ? text : "no description");
  else
    snprintf(buf, n, "CUDA error %d", r);
  return buf;
}

/* Exit with a message if the driver call "call", made on behalf of "where",
 * returned the failure "r". */
static void check(mdh_cu_result r, const char *call, const char *where) {
  char buf[MDH_RT_MESSAGE];

  if (r != MDH_CUDA_SUCCESS)
    die("%s failed in %s: %s", call, where, describe(r, buf, sizeof(buf)));
}

/* Call the entry point "name" with "args" on behalf of the enclosing mgpu*
 * function and exit if it fails. */
#define MDH_CU_CALL(name, args) check(cu.name args, #name, __func__)

static void set_driver_error(const char *fmt, ...) {
  va_list ap;

  va_start(ap, fmt);
  vsnprintf(driver_error, sizeof(driver_error), fmt, ap);
  va_end(ap);
}

/* Look up every entry point in the driver "lib". cuEventElapsedTime_v2 is
 * new in CUDA 12.8; older drivers only have the unversioned export, which
 * has the same signature. Return 0, or -1 with driver_error set. */
static int resolve_entry_points(void *lib, const char *path) {
  void *p;

#define MDH_CU_RESOLVE(name, symbol, params)                                   \
  p = dlsym(lib, symbol);                                                      \
  if (!p && !strcmp(#name, "cuEventElapsedTime"))                              \
    p = dlsym(lib, #name);                                                     \
  if (!p) {                                                                    \
    set_driver_error("CUDA driver %s lacks %s", path, symbol);                 \
    return -1;                                                                 \
  }                                                                            \
  memcpy(&cu.name, &p, sizeof(p));
  MDH_CU_ENTRY_POINTS(MDH_CU_RESOLVE)
#undef MDH_CU_RESOLVE
  return 0;
}

/* Open and initialise the driver once. On failure driver_error says why and
 * the library stays loaded, so that describe() can still ask it. */
static void open_driver(void) {
  const char *path = getenv("MDH_RT_LIBCUDA");
  void *lib;
  mdh_cu_result r;
  char buf[MDH_RT_MESSAGE];

  if (!path || !*path)
    path = "libcuda.so.1";
  lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    set_driver_error("no CUDA driver: %s", dlerror());
    return;
  }
  if (resolve_entry_points(lib, path) < 0)
    return;
  if ((r = cu.cuInit(0)) != MDH_CUDA_SUCCESS)
    set_driver_error("cuInit failed: %s", describe(r, buf, sizeof(buf)));
  else if ((r = cu.cuDeviceGetCount(&device_count)) != MDH_CUDA_SUCCESS)
    set_driver_error("cuDeviceGetCount failed: %s",
                     describe(r, buf, sizeof(buf)));
  else if (device_count <= 0)
    set_driver_error("no CUDA device: the driver reports 0 devices");
}

/* Get device "d" into "s": its handle, its shared memory limit and its
 * retained primary context. Return the first failing result, with the name
 * of the failing call in "call". */
static mdh_cu_result retain_device(struct mdh_cu_device_state *s, int d,
                                   const char **call) {
  mdh_cu_result r;

  *call = "cuDeviceGet";
  if ((r = cu.cuDeviceGet(&s->device, d)) != MDH_CUDA_SUCCESS)
    return r;
  *call = "cuDeviceGetAttribute";
  r = cu.cuDeviceGetAttribute(
      &s->max_smem, MDH_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
      s->device);
  if (r != MDH_CUDA_SUCCESS)
    return r;
  *call = "cuDevicePrimaryCtxRetain";
  return cu.cuDevicePrimaryCtxRetain(&s->context, s->device);
}

/* Retain the primary context of device "d" if not done yet. Return 0, or
 * -1 with the reason in "why" of "n" bytes. */
static int open_device(int d, char *why, size_t n) {
  mdh_cu_result r = MDH_CUDA_SUCCESS;
  const char *call = NULL;
  char buf[MDH_RT_MESSAGE];

  pthread_mutex_lock(&device_lock);
  if (!devices[d].context)
    r = retain_device(&devices[d], d, &call);
  pthread_mutex_unlock(&device_lock);
  if (r != MDH_CUDA_SUCCESS)
    snprintf(why, n, "%s failed for device %d: %s", call, d,
             describe(r, buf, sizeof(buf)));
  return r == MDH_CUDA_SUCCESS ? 0 : -1;
}

/* Initialise the driver and device "d". Return 0, or -1 with the reason in
 * "why" of "n" bytes. */
static int open_runtime(int d, char *why, size_t n) {
  pthread_once(&driver_once, open_driver);
  if (driver_error[0]) {
    snprintf(why, n, "%s", driver_error);
    return -1;
  }
  if (d < 0 || d >= device_count || d >= MDH_RT_MAX_DEVICES) {
    snprintf(why, n, "no CUDA device %d: the driver reports %d device(s)", d,
             device_count);
    return -1;
  }
  return open_device(d, why, n);
}

/* The state of the default device, opened on demand; exit with the reason
 * if it cannot be used. */
static struct mdh_cu_device_state *current_device(void) {
  char why[MDH_RT_MESSAGE];

  if (open_runtime(default_device, why, sizeof(why)) < 0)
    die("%s", why);
  return &devices[default_device];
}

/* Make the primary context of the default device current on behalf of
 * "where" (the calling mgpu* function). */
static void push_context(const char *where) {
  /* Separate statements: in "cu.cuCtxPushCurrent(current_device()->context)"
   * C leaves open whether the callee is loaded before the argument is
   * evaluated, and the entry points are only resolved by current_device(). */
  mdh_cu_context context = current_device()->context;

  check(cu.cuCtxPushCurrent(context), "cuCtxPushCurrent", where);
}

static void pop_context(const char *where) {
  mdh_cu_context ignored;

  check(cu.cuCtxPopCurrent(&ignored), "cuCtxPopCurrent", where);
}

void *mgpuModuleLoad(void *data, size_t gpuBlobSize) {
  mdh_cu_module module = NULL;

  (void)gpuBlobSize;
  push_context(__func__);
  MDH_CU_CALL(cuModuleLoadData, (&module, data));
  pop_context(__func__);
  return module;
}

/* JIT-compile the PTX text "data". The driver's error log is part of the
 * message when compilation fails. */
void *mgpuModuleLoadJIT(void *data, int optLevel) {
  mdh_cu_module module = NULL;
  char log[8192] = {0}, buf[MDH_RT_MESSAGE];
  int options[] = {MDH_CU_JIT_ERROR_LOG_BUFFER,
                   MDH_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                   MDH_CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {log, (void *)(uintptr_t)sizeof(log),
                    (void *)(intptr_t)optLevel};
  mdh_cu_result r;

  push_context(__func__);
  r = cu.cuModuleLoadDataEx(&module, data, 3, options, values);
  if (r != MDH_CUDA_SUCCESS)
    die("cuModuleLoadDataEx failed in %s: %s%s%s", __func__,
        describe(r, buf, sizeof(buf)), log[0] ? ": " : "", log);
  pop_context(__func__);
  return module;
}

/* Called from a global destructor, possibly while the process exits: a
 * driver that has already shut down (CUDA_ERROR_DEINITIALIZED) has released
 * the module itself. */
void mgpuModuleUnload(void *module) {
  mdh_cu_context context = current_device()->context;
  mdh_cu_result r;

  r = cu.cuCtxPushCurrent(context);
  if (r == MDH_CUDA_ERROR_DEINITIALIZED)
    return;
  check(r, "cuCtxPushCurrent", __func__);
  r = cu.cuModuleUnload(module);
  if (r == MDH_CUDA_ERROR_DEINITIALIZED)
    return;
  check(r, "cuModuleUnload", __func__);
  pop_context(__func__);
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  mdh_cu_function function = NULL;
  mdh_cu_result r;
  char buf[MDH_RT_MESSAGE];

  push_context(__func__);
  r = cu.cuModuleGetFunction(&function, module, name);
  if (r != MDH_CUDA_SUCCESS)
    die("cuModuleGetFunction failed in %s for kernel '%s': %s", __func__, name,
        describe(r, buf, sizeof(buf)));
  pop_context(__func__);
  return function;
}

/* Convert the launch dimension "v" called "what" to the driver's unsigned
 * int; exit if it does not fit. */
static unsigned int launch_dim(intptr_t v, const char *what) {
  if (v <= 0 || (uintmax_t)v > UINT_MAX)
    die("mgpuLaunchKernel: %s %jd is out of range", what, (intmax_t)v);
  return (unsigned int)v;
}

/* Allow "function" to use "smem" bytes of dynamic shared memory. */
static void allow_dynamic_smem(mdh_cu_function function, int32_t smem) {
  const char *where = "mgpuLaunchKernel";
  int max = current_device()->max_smem;

  if (smem < 0 || smem > max)
    die("%s: %d bytes of dynamic shared memory, the device allows %d", where,
        (int)smem, max);
  check(
      cu.cuFuncSetAttribute(
          function, MDH_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem),
      "cuFuncSetAttribute", where);
}

/* Whether launches are timed: mdh_rt_profile_enable, else $MDH_RT_PROFILE. */
static int profiling(void) {
  const char *env;
  int on;

  pthread_mutex_lock(&profile_lock);
  if (profile_on < 0) {
    env = getenv("MDH_RT_PROFILE");
    profile_on = env && *env && strcmp(env, "0") != 0;
  }
  on = profile_on;
  pthread_mutex_unlock(&profile_lock);
  return on;
}

static void profile_add(float ms) {
  pthread_mutex_lock(&profile_lock);
  profile_ms += ms;
  profile_launches++;
  pthread_mutex_unlock(&profile_lock);
}

/* Launch the kernel as described by "grid", "block", "smem", "stream" and
 * "params", between two timing events on "stream"; wait for the second and
 * add the time between them to the profile. */
static void launch_timed(mdh_cu_function function, const unsigned int *grid,
                         const unsigned int *block, int32_t smem,
                         mdh_cu_stream stream, void **params) {
  const char *where = "mgpuLaunchKernel";
  mdh_cu_event start, stop;
  float ms = 0;

  check(cu.cuEventCreate(&start, MDH_CU_EVENT_DEFAULT), "cuEventCreate", where);
  check(cu.cuEventCreate(&stop, MDH_CU_EVENT_DEFAULT), "cuEventCreate", where);
  check(cu.cuEventRecord(start, stream), "cuEventRecord", where);
  check(cu.cuLaunchKernel(function, grid[0], grid[1], grid[2], block[0],
                          block[1], block[2], (unsigned int)smem, stream,
                          params, NULL),
        "cuLaunchKernel", where);
  check(cu.cuEventRecord(stop, stream), "cuEventRecord", where);
  check(cu.cuEventSynchronize(stop), "cuEventSynchronize", where);
  check(cu.cuEventElapsedTime(&ms, start, stop), "cuEventElapsedTime", where);
  check(cu.cuEventDestroy(start), "cuEventDestroy", where);
  check(cu.cuEventDestroy(stop), "cuEventDestroy", where);
  profile_add(ms);
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t dynamicSharedMemBytes,
                      void *stream, void **params, void **extra,
                      size_t paramsCount) {
  unsigned int grid[3] = {launch_dim(gridX, "gridX"),
                          launch_dim(gridY, "gridY"),
                          launch_dim(gridZ, "gridZ")};
  unsigned int block[3] = {launch_dim(blockX, "blockX"),
                           launch_dim(blockY, "blockY"),
                           launch_dim(blockZ, "blockZ")};

  (void)paramsCount;
  push_context(__func__);
  if (dynamicSharedMemBytes != 0)
    allow_dynamic_smem(function, dynamicSharedMemBytes);
  if (profiling())
    launch_timed(function, grid, block, dynamicSharedMemBytes, stream, params);
  else
    MDH_CU_CALL(cuLaunchKernel,
                (function, grid[0], grid[1], grid[2], block[0], block[1],
                 block[2], (unsigned int)dynamicSharedMemBytes, stream, params,
                 extra));
  pop_context(__func__);
}

void *mgpuStreamCreate(void) {
  mdh_cu_stream stream = NULL;

  push_context(__func__);
  MDH_CU_CALL(cuStreamCreate, (&stream, MDH_CU_STREAM_NON_BLOCKING));
  pop_context(__func__);
  return stream;
}

void mgpuStreamDestroy(void *stream) {
  push_context(__func__);
  MDH_CU_CALL(cuStreamDestroy, (stream));
  pop_context(__func__);
}

void mgpuStreamSynchronize(void *stream) {
  push_context(__func__);
  MDH_CU_CALL(cuStreamSynchronize, (stream));
  pop_context(__func__);
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  push_context(__func__);
  MDH_CU_CALL(cuStreamWaitEvent, (stream, event, 0));
  pop_context(__func__);
}

void *mgpuEventCreate(void) {
  mdh_cu_event event = NULL;

  push_context(__func__);
  MDH_CU_CALL(cuEventCreate, (&event, MDH_CU_EVENT_DISABLE_TIMING));
  pop_context(__func__);
  return event;
}

void mgpuEventDestroy(void *event) {
  push_context(__func__);
  MDH_CU_CALL(cuEventDestroy, (event));
  pop_context(__func__);
}

void mgpuEventRecord(void *event, void *stream) {
  push_context(__func__);
  MDH_CU_CALL(cuEventRecord, (event, stream));
  pop_context(__func__);
}

void mgpuEventSynchronize(void *event) {
  push_context(__func__);
  MDH_CU_CALL(cuEventSynchronize, (event));
  pop_context(__func__);
}

/* Device memory, or managed memory that the host can also access if
 * "isHostShared". The allocation is synchronous; "stream" is unused, as
 * upstream. */
/* The granularity device buffers are allocated in: cuMemAlloc's alignment.
 * ptxas may widen a kernel's two neighbouring read-only loads into one
 * 16-byte load ahead of the branch that guards the second (seen on an
 * H200: the 8-byte loads of elements 998 and 999 of a 999-element f64
 * buffer in dot64 of lit/exec/Inputs/vec.mlir, the second guarded, became
 * one LDG.E.128, which compute-sanitizer's memcheck reported as read past
 * the 7992-byte buffer). The hardware reads within the allocation's
 * granule, and with the size rounded up the buffer covers it. */
#define MDH_ALLOC_GRANULE 256

void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared) {
  mdh_cu_deviceptr ptr = 0;

  (void)stream;
  if (sizeBytes == 0)
    return NULL;
  if (sizeBytes <= UINT64_MAX - (MDH_ALLOC_GRANULE - 1))
    sizeBytes = (sizeBytes + MDH_ALLOC_GRANULE - 1) &
                ~(uint64_t)(MDH_ALLOC_GRANULE - 1);
  push_context(__func__);
  if (isHostShared)
    MDH_CU_CALL(cuMemAllocManaged,
                (&ptr, (size_t)sizeBytes, MDH_CU_MEM_ATTACH_GLOBAL));
  else
    MDH_CU_CALL(cuMemAlloc, (&ptr, (size_t)sizeBytes));
  pop_context(__func__);
  return (void *)(uintptr_t)ptr;
}

void mgpuMemFree(void *ptr, void *stream) {
  (void)stream;
  if (!ptr)
    return;
  push_context(__func__);
  MDH_CU_CALL(cuMemFree, ((mdh_cu_deviceptr)(uintptr_t)ptr));
  pop_context(__func__);
}

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  if (sizeBytes == 0)
    return;
  push_context(__func__);
  MDH_CU_CALL(cuMemcpyAsync,
              ((mdh_cu_deviceptr)(uintptr_t)dst,
               (mdh_cu_deviceptr)(uintptr_t)src, sizeBytes, stream));
  pop_context(__func__);
}

void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream) {
  push_context(__func__);
  MDH_CU_CALL(cuMemsetD32Async,
              ((mdh_cu_deviceptr)(uintptr_t)dst, value, count, stream));
  pop_context(__func__);
}

void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream) {
  push_context(__func__);
  MDH_CU_CALL(cuMemsetD16Async,
              ((mdh_cu_deviceptr)(uintptr_t)dst, value, count, stream));
  pop_context(__func__);
}

void mgpuMemHostRegisterMemRef(int64_t rank, void *memrefDescriptor,
                               int64_t elementSizeBytes) {
  void *ptr;
  size_t bytes;

  if (mdh_rt_memref_extent(rank, memrefDescriptor, elementSizeBytes, &ptr,
                           &bytes) < 0)
    die("%s: the memref is not densely packed", __func__);
  if (bytes == 0)
    return;
  push_context(__func__);
  MDH_CU_CALL(cuMemHostRegister, (ptr, bytes, 0));
  pop_context(__func__);
}

void mgpuMemHostUnregisterMemRef(int64_t rank, void *memrefDescriptor,
                                 int64_t elementSizeBytes) {
  void *ptr;
  size_t bytes;

  if (mdh_rt_memref_extent(rank, memrefDescriptor, elementSizeBytes, &ptr,
                           &bytes) < 0)
    die("%s: the memref is not densely packed", __func__);
  if (bytes == 0)
    return;
  push_context(__func__);
  MDH_CU_CALL(cuMemHostUnregister, (ptr));
  pop_context(__func__);
}

/* Only recorded: a device that does not exist is reported by the next call
 * that uses it. */
void mgpuSetDefaultDevice(int32_t device) { default_device = device; }

int mdh_rt_available(char *why, size_t n) {
  char buf[MDH_RT_MESSAGE];

  if (open_runtime(default_device, buf, sizeof(buf)) < 0) {
    if (why && n)
      snprintf(why, n, "%s", buf);
    return 0;
  }
  if (why && n)
    why[0] = '\0';
  return 1;
}

const char *mdh_rt_device_name(void) {
  static char name[256];
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

  if (!mdh_rt_available(NULL, 0))
    return "";
  pthread_mutex_lock(&lock);
  if (cu.cuDeviceGetName(name, sizeof(name), devices[default_device].device) !=
      MDH_CUDA_SUCCESS)
    name[0] = '\0';
  pthread_mutex_unlock(&lock);
  return name;
}

void mdh_rt_profile_enable(int on) {
  pthread_mutex_lock(&profile_lock);
  profile_on = on != 0;
  pthread_mutex_unlock(&profile_lock);
}

void mdh_rt_profile_reset(void) {
  pthread_mutex_lock(&profile_lock);
  profile_ms = 0;
  profile_launches = 0;
  pthread_mutex_unlock(&profile_lock);
}

double mdh_rt_profile_kernel_ms(void) {
  double ms;

  pthread_mutex_lock(&profile_lock);
  ms = profile_ms;
  pthread_mutex_unlock(&profile_lock);
  return ms;
}

int mdh_rt_profile_launches(void) {
  int n;

  pthread_mutex_lock(&profile_lock);
  n = profile_launches;
  pthread_mutex_unlock(&profile_lock);
  return n;
}
