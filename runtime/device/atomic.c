/* atomic.c - atomic combination into global memory
 *
 * Where PTX has the instruction (integer add/min/max/and/or/xor, float add)
 * the helper is one relaxed __atomic builtin on a global-space pointer, which
 * NVPTX turns into atom.global.<op>. Everything else (mul, float min/max)
 * is a compare-and-swap loop on the value's bits; it stops without writing
 * when the combination leaves the value unchanged, as a max usually does.
 * Relaxed order, as CUDA's atomicAdd: callers read the results after the
 * kernel, or after their own fence.
 */
#include "scalar.h"

#define MDH_DEFINE_ATOMIC_NATIVE(op, ty)                                       \
  void mdh_atomic_##op##_##ty(mdh_##ty *p, mdh_##ty v) {                       \
    __atomic_fetch_##op((MDH_GLOBAL mdh_##ty *)p, v, __ATOMIC_RELAXED);        \
  }

#define MDH_DEFINE_ATOMIC_CAS(op, ty)                                          \
  void mdh_atomic_##op##_##ty(mdh_##ty *p, mdh_##ty v) {                       \
    MDH_GLOBAL mdh_bits_##ty *bits = (MDH_GLOBAL mdh_bits_##ty *)p;            \
    mdh_bits_##ty seen = __atomic_load_n(bits, __ATOMIC_RELAXED);              \
    mdh_bits_##ty next;                                                        \
    do {                                                                       \
      next = mdh_to_bits_##ty(                                                 \
          mdh_combine_##op##_##ty(mdh_from_bits_##ty(seen), v));               \
      if (next == seen)                                                        \
        return;                                                                \
    } while (!__atomic_compare_exchange_n(                                     \
        bits, &seen, next, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));            \
  }

#if MDH_NATIVE_NARROW_FADD
MDH_DEFINE_ATOMIC_NATIVE(add, f16)
MDH_DEFINE_ATOMIC_NATIVE(add, bf16)
#else
MDH_DEFINE_ATOMIC_CAS(add, f16)
MDH_DEFINE_ATOMIC_CAS(add, bf16)
#endif
MDH_DEFINE_ATOMIC_NATIVE(add, f32)
MDH_DEFINE_ATOMIC_NATIVE(add, f64)

#define MDH_DEFINE_FLOAT_CAS(ty)                                               \
  MDH_DEFINE_ATOMIC_CAS(mul, ty)                                               \
  MDH_DEFINE_ATOMIC_CAS(min, ty)                                               \
  MDH_DEFINE_ATOMIC_CAS(max, ty)
MDH_DEFINE_FLOAT_CAS(f16)
MDH_DEFINE_FLOAT_CAS(bf16)
MDH_DEFINE_FLOAT_CAS(f32)
MDH_DEFINE_FLOAT_CAS(f64)

#define MDH_DEFINE_INT_ATOMICS(ty)                                             \
  MDH_DEFINE_ATOMIC_NATIVE(add, ty)                                            \
  MDH_DEFINE_ATOMIC_CAS(mul, ty)                                               \
  MDH_DEFINE_ATOMIC_NATIVE(min, ty)                                            \
  MDH_DEFINE_ATOMIC_NATIVE(max, ty)                                            \
  MDH_DEFINE_ATOMIC_NATIVE(and, ty)                                            \
  MDH_DEFINE_ATOMIC_NATIVE(or, ty)                                             \
  MDH_DEFINE_ATOMIC_NATIVE(xor, ty)
MDH_DEFINE_INT_ATOMICS(i32)
MDH_DEFINE_INT_ATOMICS(i64)
