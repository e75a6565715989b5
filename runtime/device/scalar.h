/* scalar.h - one combination step of every (op, type) pair
 *
 * mdh_combine_<op>_<ty>(a, b) is the binary operator that the reductions
 * fold with. f16 and bf16 compute in float and round once: float has more
 * than 2p+2 significand bits for both, so the result is the correctly rounded
 * native operation, bit for bit.
 */
#ifndef MDH_DEVICE_SCALAR_H
#define MDH_DEVICE_SCALAR_H

#include "mdh_device.h"
#include "target.h"

typedef uint16_t mdh_bits_f16;
typedef uint16_t mdh_bits_bf16;
typedef uint32_t mdh_bits_f32;
typedef uint64_t mdh_bits_f64;
typedef uint32_t mdh_bits_i32;
typedef uint64_t mdh_bits_i64;

#define MDH_DEFINE_BITS(ty)                                                    \
  static inline mdh_bits_##ty mdh_to_bits_##ty(mdh_##ty x) {                   \
    mdh_bits_##ty b;                                                           \
    __builtin_memcpy(&b, &x, sizeof b);                                        \
    return b;                                                                  \
  }                                                                            \
  static inline mdh_##ty mdh_from_bits_##ty(mdh_bits_##ty b) {                 \
    mdh_##ty x;                                                                \
    __builtin_memcpy(&x, &b, sizeof x);                                        \
    return x;                                                                  \
  }
MDH_DEFINE_BITS(f16)
MDH_DEFINE_BITS(bf16)
MDH_DEFINE_BITS(f32)
MDH_DEFINE_BITS(f64)
MDH_DEFINE_BITS(i32)
MDH_DEFINE_BITS(i64)
#undef MDH_DEFINE_BITS

static inline float mdh_f16_to_f32(mdh_f16 x) { return (float)x; }
static inline mdh_f16 mdh_f16_from_f32(float x) { return (mdh_f16)x; }
static inline mdh_f32 mdh_f32_from_f32(float x) { return x; }
static inline mdh_f64 mdh_f64_from_f32(float x) { return (double)x; }

/* llvm.minimum/maximum: NaN-propagating, -0.0 < +0.0 (min.NaN.f32 on
 * NVPTX); arith.minimumf and arith.maximumf lower to the same intrinsics. */
#define MDH_DEFINE_FLOAT_COMBINE(ty)                                           \
  static inline mdh_##ty mdh_combine_add_##ty(mdh_##ty a, mdh_##ty b) {        \
    return a + b;                                                              \
  }                                                                            \
  static inline mdh_##ty mdh_combine_mul_##ty(mdh_##ty a, mdh_##ty b) {        \
    return a * b;                                                              \
  }                                                                            \
  static inline mdh_##ty mdh_combine_min_##ty(mdh_##ty a, mdh_##ty b) {        \
    return __builtin_elementwise_minimum(a, b);                                \
  }                                                                            \
  static inline mdh_##ty mdh_combine_max_##ty(mdh_##ty a, mdh_##ty b) {        \
    return __builtin_elementwise_maximum(a, b);                                \
  }
MDH_DEFINE_FLOAT_COMBINE(f32)
MDH_DEFINE_FLOAT_COMBINE(f64)
#undef MDH_DEFINE_FLOAT_COMBINE

#define MDH_DEFINE_NARROW_COMBINE(op, ty)                                      \
  static inline mdh_##ty mdh_combine_##op##_##ty(mdh_##ty a, mdh_##ty b) {     \
    return mdh_##ty##_from_f32(                                                \
        mdh_combine_##op##_f32(mdh_##ty##_to_f32(a), mdh_##ty##_to_f32(b)));   \
  }
#define MDH_DEFINE_NARROW_COMBINES(ty)                                         \
  MDH_DEFINE_NARROW_COMBINE(add, ty)                                           \
  MDH_DEFINE_NARROW_COMBINE(mul, ty)                                           \
  MDH_DEFINE_NARROW_COMBINE(min, ty)                                           \
  MDH_DEFINE_NARROW_COMBINE(max, ty)
MDH_DEFINE_NARROW_COMBINES(f16)
MDH_DEFINE_NARROW_COMBINES(bf16)
#undef MDH_DEFINE_NARROW_COMBINES
#undef MDH_DEFINE_NARROW_COMBINE

/* add and mul go through the unsigned type: wrapping, not undefined. */
#define MDH_DEFINE_INT_COMBINE(ty)                                             \
  static inline mdh_##ty mdh_combine_add_##ty(mdh_##ty a, mdh_##ty b) {        \
    return (mdh_##ty)((mdh_bits_##ty)a + (mdh_bits_##ty)b);                    \
  }                                                                            \
  static inline mdh_##ty mdh_combine_mul_##ty(mdh_##ty a, mdh_##ty b) {        \
    return (mdh_##ty)((mdh_bits_##ty)a * (mdh_bits_##ty)b);                    \
  }                                                                            \
  static inline mdh_##ty mdh_combine_min_##ty(mdh_##ty a, mdh_##ty b) {        \
    return a < b ? a : b;                                                      \
  }                                                                            \
  static inline mdh_##ty mdh_combine_max_##ty(mdh_##ty a, mdh_##ty b) {        \
    return a > b ? a : b;                                                      \
  }                                                                            \
  static inline mdh_##ty mdh_combine_and_##ty(mdh_##ty a, mdh_##ty b) {        \
    return a & b;                                                              \
  }                                                                            \
  static inline mdh_##ty mdh_combine_or_##ty(mdh_##ty a, mdh_##ty b) {         \
    return a | b;                                                              \
  }                                                                            \
  static inline mdh_##ty mdh_combine_xor_##ty(mdh_##ty a, mdh_##ty b) {        \
    return a ^ b;                                                              \
  }
MDH_DEFINE_INT_COMBINE(i32)
MDH_DEFINE_INT_COMBINE(i64)
#undef MDH_DEFINE_INT_COMBINE

#endif
