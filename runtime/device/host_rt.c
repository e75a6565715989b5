/* host_rt.c - compiler runtime that the host build needs and gcc 12's
 * libgcc lacks: x86 has no bf16 registers, so LLVM carries a __bf16 that
 * crosses basic blocks as a float and narrows it with __truncsfbf2 (from
 * compiler-rt, which is not installed). Hidden in libmdh_device_host.so. */
#include "target.h"

__bf16 __truncsfbf2(float x);

__bf16 __truncsfbf2(float x) { return mdh_bf16_from_f32(x); }
