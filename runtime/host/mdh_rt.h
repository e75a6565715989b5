/*===-- runtime/host/mdh_rt.h - mdh host GPU runtime ----------------*- C -*-===
 *
 * The ABI that MLIR 22's gpu-to-llvm lowering calls (mgpu*), plus mdh_rt_*
 * helpers for the mdh tools. Two libraries implement all of it:
 *
 *   libmdh_rt_cuda.so  over the CUDA driver, opened with dlopen("libcuda.so.1")
 *                      (or $MDH_RT_LIBCUDA) at the first call;
 *   libmdh_rt_mock.so  on the CPU: "device" memory is host memory, modules and
 *                      kernel names are checked, kernels are not run, and each
 *                      call logs one line to stderr.
 *
 * Errors: an mgpu* call that fails prints one line "mdh-rt: error: ..." (the
 * mock: "mdh-rt-mock: error: ...") to stderr and exits the process with
 * status 1, as the generated code has no way to handle them. The mdh_rt_*
 * functions never exit.
 *
 * Tools load a runtime with dlopen and look these names up with dlsym; the
 * mdh_rt_*_fn typedefs are the types to cast to.
 *
 *===----------------------------------------------------------------------===*/

#ifndef MDH_RUNTIME_HOST_MDH_RT_H
#define MDH_RUNTIME_HOST_MDH_RT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* mgpu* ABI (notes/mlir22.md section 4). Index-typed arguments are intptr_t,
 * the type gpu-to-llvm passes for MLIR's index. */

/// Loads a cubin (ELF) or fatbin image of "gpuBlobSize" bytes.
void *mgpuModuleLoad(void *data, size_t gpuBlobSize);
/// Loads NUL-terminated PTX text, JIT-compiled at "optLevel".
void *mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(void *module);
/// The kernel "name" of "module"; an unknown name is an error.
void *mgpuModuleGetFunction(void *module, const char *name);
/// Launches "function"; "params" holds "paramsCount" pointers to the kernel
/// arguments; "extra" is unused (NULL).
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t dynamicSharedMemBytes,
                      void *stream, void **params, void **extra,
                      size_t paramsCount);
/// A stream that does not synchronize with the NULL stream.
void *mgpuStreamCreate(void);
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
/// An event without timing data.
void *mgpuEventCreate(void);
void mgpuEventDestroy(void *event);
void mgpuEventRecord(void *event, void *stream);
void mgpuEventSynchronize(void *event);
/// Device memory, or managed memory if "isHostShared"; NULL for 0 bytes.
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
/// Copies in any direction (unified addressing).
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream);
void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream);
/// Pins the densely packed memref "memrefDescriptor" of "rank".
void mgpuMemHostRegisterMemRef(int64_t rank, void *memrefDescriptor,
                               int64_t elementSizeBytes);
void mgpuMemHostUnregisterMemRef(int64_t rank, void *memrefDescriptor,
                                 int64_t elementSizeBytes);
/// The device of later calls (a per-thread setting, as upstream).
void mgpuSetDefaultDevice(int32_t device);

/* mdh_rt_* helpers. */

/// 1 if the runtime can run kernels (driver loaded, cuInit done, a device
/// and its primary context there); otherwise 0 and the reason, NUL-terminated
/// and truncated to "n" bytes, in "why" (if not NULL).
int mdh_rt_available(char *why, size_t n);
typedef int (*mdh_rt_available_fn)(char *why, size_t n);

/// The name of the default device, or "" when no device is usable. The
/// string is owned by the runtime.
const char *mdh_rt_device_name(void);
typedef const char *(*mdh_rt_device_name_fn)(void);

/// Kernel-time profiling, enabled by MDH_RT_PROFILE=1 in the environment or
/// by mdh_rt_profile_enable(1): each mgpuLaunchKernel then waits for its
/// kernel and adds the time between events recorded around the launch.
void mdh_rt_profile_enable(int on);
void mdh_rt_profile_reset(void);
/// Total kernel time in milliseconds since the last reset.
double mdh_rt_profile_kernel_ms(void);
/// Number of kernels timed since the last reset.
int mdh_rt_profile_launches(void);
typedef void (*mdh_rt_profile_enable_fn)(int on);
typedef void (*mdh_rt_profile_reset_fn)(void);
typedef double (*mdh_rt_profile_kernel_ms_fn)(void);
typedef int (*mdh_rt_profile_launches_fn)(void);

#ifdef __cplusplus
}
#endif

#endif
