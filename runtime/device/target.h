/* target.h - what the device helpers need from the machine they run on
 *
 * On NVPTX these are clang's builtins. Everywhere else they are hooks
 * implemented by the host build: sim.c simulates a thread block with one
 * pthread per GPU thread (device_runtime_test), nogpu.c reports that a GPU is
 * needed (libmdh_device_host.so, where emulated GPU threads run one after
 * another and no warp or block can ever meet). The helper sources are the same
 * for both, so the test runs the code that the kernels link.
 */
#ifndef MDH_DEVICE_TARGET_H
#define MDH_DEVICE_TARGET_H

#include <stdint.h>

#define MDH_FULL_WARP 0xffffffffu

#ifdef __NVPTX__

/* Scratch in static shared memory: loader_uninitialized keeps the global
 * free of an initializer, which shared memory cannot have. */
#define MDH_SHARED __attribute__((address_space(3), loader_uninitialized))
#define MDH_GLOBAL __attribute__((address_space(1)))

/* PTX has atom.add.noftz.f16 (sm_70) and .bf16 (sm_90). */
#define MDH_NATIVE_NARROW_FADD 1

static inline unsigned mdh_tid(int dim) {
  return dim == 0   ? __nvvm_read_ptx_sreg_tid_x()
         : dim == 1 ? __nvvm_read_ptx_sreg_tid_y()
                    : __nvvm_read_ptx_sreg_tid_z();
}

static inline unsigned mdh_ntid(int dim) {
  return dim == 0   ? __nvvm_read_ptx_sreg_ntid_x()
         : dim == 1 ? __nvvm_read_ptx_sreg_ntid_y()
                    : __nvvm_read_ptx_sreg_ntid_z();
}

static inline uint32_t mdh_shfl_bfly(uint32_t mask, uint32_t v, unsigned off) {
  return (uint32_t)__nvvm_shfl_sync_bfly_i32(mask, (int)v, (int)off, 31);
}

/* A source lane above 31 yields the caller's own value (clamp 31). */
static inline uint32_t mdh_shfl_down(uint32_t mask, uint32_t v, unsigned off) {
  return (uint32_t)__nvvm_shfl_sync_down_i32(mask, (int)v, (int)off, 31);
}

/* bar.sync 0, as gpu.barrier: every thread of the block takes part. */
static inline void mdh_barrier(void) { __nvvm_bar_sync(0); }

static inline float mdh_bf16_to_f32(__bf16 x) { return (float)x; }
static inline __bf16 mdh_bf16_from_f32(float x) { return (__bf16)x; }

#else

#define MDH_SHARED
#define MDH_GLOBAL

/* x86 has no narrow float atomics either: clang would expand them into the
 * same compare-and-swap loop that atomic.c writes out. */
#define MDH_NATIVE_NARROW_FADD 0

unsigned mdh_host_tid(int dim);
unsigned mdh_host_ntid(int dim);
uint32_t mdh_host_shfl_bfly(uint32_t mask, uint32_t v, unsigned off);
uint32_t mdh_host_shfl_down(uint32_t mask, uint32_t v, unsigned off);
void mdh_host_barrier(void);

static inline unsigned mdh_tid(int dim) { return mdh_host_tid(dim); }
static inline unsigned mdh_ntid(int dim) { return mdh_host_ntid(dim); }

static inline uint32_t mdh_shfl_bfly(uint32_t mask, uint32_t v, unsigned off) {
  return mdh_host_shfl_bfly(mask, v, off);
}

static inline uint32_t mdh_shfl_down(uint32_t mask, uint32_t v, unsigned off) {
  return mdh_host_shfl_down(mask, v, off);
}

static inline void mdh_barrier(void) { mdh_host_barrier(); }

/* Bit conversions: a cast would call __truncsfbf2, and host_rt.c defines
 * that with this function. */
static inline float mdh_bf16_to_f32(__bf16 x) {
  uint16_t h;
  uint32_t u;
  float f;
  __builtin_memcpy(&h, &x, sizeof h);
  u = (uint32_t)h << 16;
  __builtin_memcpy(&f, &u, sizeof f);
  return f;
}

/* Round to nearest even; a NaN stays a (quiet) NaN. */
static inline __bf16 mdh_bf16_from_f32(float x) {
  uint32_t u;
  uint16_t h;
  __bf16 b;
  __builtin_memcpy(&u, &x, sizeof u);
  if ((u & 0x7fffffffu) > 0x7f800000u)
    h = (uint16_t)((u >> 16) | 0x40u);
  else
    h = (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
  __builtin_memcpy(&b, &h, sizeof b);
  return b;
}

#endif

#endif
