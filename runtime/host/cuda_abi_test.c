/* Compares the hand-written driver declarations of cuda_api.h with the
 * toolkit's cuda.h, where one is installed: the constants must have cuda.h's
 * values, and each entry point must be looked up under the symbol that
 * cuda.h maps its name to (cuMemAlloc -> cuMemAlloc_v2). Built and run only
 * when cuda.h is found; cuda.c itself never includes it. */

#include <cuda.h>

#include "runtime/host/cuda_api.h"

#include <stdio.h>
#include <string.h>

_Static_assert(MDH_CUDA_SUCCESS == CUDA_SUCCESS, "CUDA_SUCCESS");
_Static_assert(MDH_CUDA_ERROR_DEINITIALIZED == CUDA_ERROR_DEINITIALIZED,
               "CUDA_ERROR_DEINITIALIZED");
_Static_assert(MDH_CU_STREAM_NON_BLOCKING == CU_STREAM_NON_BLOCKING,
               "CU_STREAM_NON_BLOCKING");
_Static_assert(MDH_CU_EVENT_DEFAULT == CU_EVENT_DEFAULT, "CU_EVENT_DEFAULT");
_Static_assert(MDH_CU_EVENT_DISABLE_TIMING == CU_EVENT_DISABLE_TIMING,
               "CU_EVENT_DISABLE_TIMING");
_Static_assert(MDH_CU_MEM_ATTACH_GLOBAL == CU_MEM_ATTACH_GLOBAL,
               "CU_MEM_ATTACH_GLOBAL");
_Static_assert(MDH_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES ==
                   CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
               "CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES");
_Static_assert(MDH_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN ==
                   CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
               "CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN");
_Static_assert(MDH_CU_JIT_ERROR_LOG_BUFFER == CU_JIT_ERROR_LOG_BUFFER,
               "CU_JIT_ERROR_LOG_BUFFER");
_Static_assert(MDH_CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES ==
                   CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
               "CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES");
_Static_assert(MDH_CU_JIT_OPTIMIZATION_LEVEL == CU_JIT_OPTIMIZATION_LEVEL,
               "CU_JIT_OPTIMIZATION_LEVEL");
_Static_assert(sizeof(mdh_cu_deviceptr) == sizeof(CUdeviceptr), "CUdeviceptr");
_Static_assert(sizeof(mdh_cu_device) == sizeof(CUdevice), "CUdevice");
_Static_assert(sizeof(mdh_cu_result) == sizeof(CUresult), "CUresult");

#define MDH_STR(x) #x
#define MDH_EXPAND_STR(x) MDH_STR(x)

/* Fail if "ours" differs from "theirs", the expansion of cuda.h's macro for
 * "name" (the name itself if cuda.h has none). */
static int check_symbol(const char *name, const char *theirs,
                        const char *ours) {
  if (!strcmp(theirs, ours))
    return 0;
  fprintf(stderr, "cuda_abi_test: %s: cuda_api.h looks up %s, cuda.h uses %s\n",
          name, ours, theirs);
  return 1;
}

int main(void) {
  int failures = 0, n = 0;

#define MDH_CHECK(name, symbol, params)                                        \
  failures += check_symbol(#name, MDH_EXPAND_STR(name), symbol);               \
  n++;
  MDH_CU_ENTRY_POINTS(MDH_CHECK)
#undef MDH_CHECK
  printf("cuda_abi_test: %d entry points, %d mismatches (CUDA_VERSION %d)\n", n,
         failures, CUDA_VERSION);
  return failures != 0;
}
