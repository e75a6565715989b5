/* identity.c - neutral elements: the value outputs start from before
 * partial results are combined into them atomically. The float add identity
 * is +0.0 (-0.0 + +0.0 gives +0.0, so an all -0.0 sum ends as +0.0). */
#include <stdint.h>

#include "scalar.h"

#define MDH_DEFINE_FLOAT_IDENTITIES(ty)                                        \
  mdh_##ty mdh_identity_add_##ty(void) { return mdh_##ty##_from_f32(0.0f); }   \
  mdh_##ty mdh_identity_mul_##ty(void) { return mdh_##ty##_from_f32(1.0f); }   \
  mdh_##ty mdh_identity_min_##ty(void) {                                       \
    return mdh_##ty##_from_f32(__builtin_inff());                              \
  }                                                                            \
  mdh_##ty mdh_identity_max_##ty(void) {                                       \
    return mdh_##ty##_from_f32(-__builtin_inff());                             \
  }
MDH_DEFINE_FLOAT_IDENTITIES(f16)
MDH_DEFINE_FLOAT_IDENTITIES(bf16)
MDH_DEFINE_FLOAT_IDENTITIES(f32)
MDH_DEFINE_FLOAT_IDENTITIES(f64)

#define MDH_DEFINE_INT_IDENTITIES(ty, bits)                                    \
  mdh_##ty mdh_identity_add_##ty(void) { return 0; }                           \
  mdh_##ty mdh_identity_mul_##ty(void) { return 1; }                           \
  mdh_##ty mdh_identity_min_##ty(void) { return INT##bits##_MAX; }             \
  mdh_##ty mdh_identity_max_##ty(void) { return INT##bits##_MIN; }             \
  mdh_##ty mdh_identity_and_##ty(void) { return -1; }                          \
  mdh_##ty mdh_identity_or_##ty(void) { return 0; }                            \
  mdh_##ty mdh_identity_xor_##ty(void) { return 0; }
MDH_DEFINE_INT_IDENTITIES(i32, 32)
MDH_DEFINE_INT_IDENTITIES(i64, 64)
