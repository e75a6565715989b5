/* The part of the CUDA driver API that runtime/host/cuda.c uses, declared by
 * hand so that the runtime builds without cuda.h and without libcuda: the
 * driver is opened with dlopen at the first call.
 *
 * Types follow the driver's C ABI: CUresult is an enum (an int), CUdevice an
 * int, CUdeviceptr a 64-bit integer, every other handle an opaque pointer.
 * The constants are the values of cuda.h (CUDA 13); cuda_abi_test.c compares
 * them, and the symbol names below, with cuda.h wherever the toolkit is
 * installed. */

#ifndef MDH_RUNTIME_HOST_CUDA_API_H
#define MDH_RUNTIME_HOST_CUDA_API_H

#include <stddef.h>

typedef int mdh_cu_result;
typedef int mdh_cu_device;
typedef unsigned long long mdh_cu_deviceptr;
typedef void *mdh_cu_context;
typedef void *mdh_cu_module;
typedef void *mdh_cu_function;
typedef void *mdh_cu_stream;
typedef void *mdh_cu_event;

#define MDH_CUDA_SUCCESS 0
#define MDH_CUDA_ERROR_DEINITIALIZED 4
#define MDH_CU_STREAM_NON_BLOCKING 0x1
#define MDH_CU_EVENT_DEFAULT 0x0
#define MDH_CU_EVENT_DISABLE_TIMING 0x2
#define MDH_CU_MEM_ATTACH_GLOBAL 0x1
#define MDH_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES 8
#define MDH_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN 97
#define MDH_CU_JIT_ERROR_LOG_BUFFER 5
#define MDH_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES 6
#define MDH_CU_JIT_OPTIMIZATION_LEVEL 7

/* Every entry point: X(name, exported symbol, parameter list). The symbol is
 * the versioned one cuda.h maps "name" to (cuMemAlloc -> cuMemAlloc_v2): the
 * unversioned exports of the driver keep their old, different ABIs. */
#define MDH_CU_ENTRY_POINTS(X)                                                 \
  X(cuGetErrorName, "cuGetErrorName", (mdh_cu_result, const char **))          \
  X(cuGetErrorString, "cuGetErrorString", (mdh_cu_result, const char **))      \
  X(cuInit, "cuInit", (unsigned int))                                          \
  X(cuDeviceGetCount, "cuDeviceGetCount", (int *))                             \
  X(cuDeviceGet, "cuDeviceGet", (mdh_cu_device *, int))                        \
  X(cuDeviceGetName, "cuDeviceGetName", (char *, int, mdh_cu_device))          \
  X(cuDeviceGetAttribute, "cuDeviceGetAttribute", (int *, int, mdh_cu_device)) \
  X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain",                      \
    (mdh_cu_context *, mdh_cu_device))                                         \
  X(cuCtxPushCurrent, "cuCtxPushCurrent_v2", (mdh_cu_context))                 \
  X(cuCtxPopCurrent, "cuCtxPopCurrent_v2", (mdh_cu_context *))                 \
  X(cuModuleLoadData, "cuModuleLoadData", (mdh_cu_module *, const void *))     \
  X(cuModuleLoadDataEx, "cuModuleLoadDataEx",                                  \
    (mdh_cu_module *, const void *, unsigned int, int *, void **))             \
  X(cuModuleUnload, "cuModuleUnload", (mdh_cu_module))                         \
  X(cuModuleGetFunction, "cuModuleGetFunction",                                \
    (mdh_cu_function *, mdh_cu_module, const char *))                          \
  X(cuFuncSetAttribute, "cuFuncSetAttribute", (mdh_cu_function, int, int))     \
  X(cuLaunchKernel, "cuLaunchKernel",                                          \
    (mdh_cu_function, unsigned int, unsigned int, unsigned int, unsigned int,  \
     unsigned int, unsigned int, unsigned int, mdh_cu_stream, void **,         \
     void **))                                                                 \
  X(cuStreamCreate, "cuStreamCreate", (mdh_cu_stream *, unsigned int))         \
  X(cuStreamDestroy, "cuStreamDestroy_v2", (mdh_cu_stream))                    \
  X(cuStreamSynchronize, "cuStreamSynchronize", (mdh_cu_stream))               \
  X(cuStreamWaitEvent, "cuStreamWaitEvent",                                    \
    (mdh_cu_stream, mdh_cu_event, unsigned int))                               \
  X(cuEventCreate, "cuEventCreate", (mdh_cu_event *, unsigned int))            \
  X(cuEventDestroy, "cuEventDestroy_v2", (mdh_cu_event))                       \
  X(cuEventRecord, "cuEventRecord", (mdh_cu_event, mdh_cu_stream))             \
  X(cuEventSynchronize, "cuEventSynchronize", (mdh_cu_event))                  \
  X(cuEventElapsedTime, "cuEventElapsedTime_v2",                               \
    (float *, mdh_cu_event, mdh_cu_event))                                     \
  X(cuMemAlloc, "cuMemAlloc_v2", (mdh_cu_deviceptr *, size_t))                 \
  X(cuMemAllocManaged, "cuMemAllocManaged",                                    \
    (mdh_cu_deviceptr *, size_t, unsigned int))                                \
  X(cuMemFree, "cuMemFree_v2", (mdh_cu_deviceptr))                             \
  X(cuMemcpyAsync, "cuMemcpyAsync",                                            \
    (mdh_cu_deviceptr, mdh_cu_deviceptr, size_t, mdh_cu_stream))               \
  X(cuMemsetD32Async, "cuMemsetD32Async",                                      \
    (mdh_cu_deviceptr, unsigned int, size_t, mdh_cu_stream))                   \
  X(cuMemsetD16Async, "cuMemsetD16Async",                                      \
    (mdh_cu_deviceptr, unsigned short, size_t, mdh_cu_stream))                 \
  X(cuMemHostRegister, "cuMemHostRegister_v2", (void *, size_t, unsigned int)) \
  X(cuMemHostUnregister, "cuMemHostUnregister", (void *))

#endif
