/* mdh_device.h - reduction helpers that mdh's generated GPU kernels call
 *
 * Every (op, type) pair has four C functions; the GPU code generator calls
 * them through func.call of external declarations, and libmdh_device.bc is
 * linked into the kernel module (runtime/device/README.md):
 *
 *   T    mdh_identity_<op>_<ty>(void)       neutral element of <op>
 *   T    mdh_warp_reduce_<op>_<ty>(T v)      <op> over the 32 lanes of a full
 *                                            warp, returned in every lane
 *   T    mdh_block_reduce_<op>_<ty>(T v)     <op> over all threads of the block
 *                                            (any shape up to 1024 threads),
 *                                            returned in every thread; all
 *                                            threads must call it (barriers)
 *   void mdh_atomic_<op>_<ty>(T *p, T v)     *p = *p <op> v, atomically, on a
 *                                            generic pointer to global memory
 *
 * and every pair of a 32-bit type (f32, i32) one more:
 *
 *   T    mdh_scan_lookback_<op>_<ty>(uint64_t *flags, int64_t unit,
 *                                    int64_t first, T aggregate)
 *                                            the decoupled look-back of tile
 *                                            "unit" of a single-pass scan
 *                                            whose first tile is "first"
 *                                            (lookback.c)
 *
 * ops: add, mul, min, max on every type; and, or, xor on integers only.
 * types: f16 (_Float16), bf16 (__bf16), f32, f64, i32, i64. Integers are
 * signed (min/max) and wrap (add/mul). Float min/max follow arith.minimumf /
 * arith.maximumf: a NaN operand gives NaN, and -0.0 < +0.0.
 *
 * The header is plain C for clang: gcc 12 has no __bf16 in C.
 */
#ifndef MDH_DEVICE_H
#define MDH_DEVICE_H

#include <stdint.h>

typedef _Float16 mdh_f16;
typedef __bf16 mdh_bf16;
typedef float mdh_f32;
typedef double mdh_f64;
typedef int32_t mdh_i32;
typedef int64_t mdh_i64;

/* The host build (libmdh_device_host.so) hides everything else. */
#define MDH_DEVICE_API __attribute__((visibility("default")))

/* X(op, ty) for every supported pair. */
#define MDH_DEVICE_INT_TYPES(X, op) X(op, i32) X(op, i64)
#define MDH_DEVICE_ALL_TYPES(X, op)                                            \
  X(op, f16) X(op, bf16) X(op, f32) X(op, f64) MDH_DEVICE_INT_TYPES(X, op)
#define MDH_DEVICE_FOREACH(X)                                                  \
  MDH_DEVICE_ALL_TYPES(X, add)                                                 \
  MDH_DEVICE_ALL_TYPES(X, mul)                                                 \
  MDH_DEVICE_ALL_TYPES(X, min)                                                 \
  MDH_DEVICE_ALL_TYPES(X, max)                                                 \
  MDH_DEVICE_INT_TYPES(X, and)                                                 \
  MDH_DEVICE_INT_TYPES(X, or)                                                  \
  MDH_DEVICE_INT_TYPES(X, xor)

/* X(op, ty) for every pair of a 32-bit type. */
#define MDH_DEVICE_FOREACH_32(X)                                               \
  X(add, f32)                                                                  \
  X(mul, f32) X(min, f32) X(max, f32) X(add, i32) X(mul, i32) X(min, i32)      \
      X(max, i32) X(and, i32) X(or, i32) X(xor, i32)

#define MDH_DEVICE_DECLARE(op, ty)                                             \
  MDH_DEVICE_API mdh_##ty mdh_identity_##op##_##ty(void);                      \
  MDH_DEVICE_API mdh_##ty mdh_warp_reduce_##op##_##ty(mdh_##ty v);             \
  MDH_DEVICE_API mdh_##ty mdh_block_reduce_##op##_##ty(mdh_##ty v);            \
  MDH_DEVICE_API void mdh_atomic_##op##_##ty(mdh_##ty *p, mdh_##ty v);
MDH_DEVICE_FOREACH(MDH_DEVICE_DECLARE)
#undef MDH_DEVICE_DECLARE

#define MDH_DEVICE_DECLARE_LOOKBACK(op, ty)                                    \
  MDH_DEVICE_API mdh_##ty mdh_scan_lookback_##op##_##ty(                       \
      uint64_t *flags, int64_t unit, int64_t first, mdh_##ty aggregate);
MDH_DEVICE_FOREACH_32(MDH_DEVICE_DECLARE_LOOKBACK)
#undef MDH_DEVICE_DECLARE_LOOKBACK

#endif
