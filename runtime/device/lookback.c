/* lookback.c - the decoupled look-back of single-pass scans
 *
 * A single-pass scan (Merrill and Garland, Single-pass Parallel Prefix Scan
 * with Decoupled Look-back, NVIDIA NVR-2016-002, Sec. 4) gives every tile
 * of the scan a status word, zero before the kernel. The block that scans
 * tile "unit" publishes its tile's aggregate, then walks back over the
 * status words of the tiles before it, spinning on a word that is still
 * zero, folding aggregates until it meets an inclusive prefix, and
 * publishes its own inclusive prefix. Blocks take their tiles in the order
 * they start (a ticket from an atomic counter), so every tile waited for
 * belongs to a block that is running: the walk ends.
 *
 * A status word holds the status in its upper 32 bits (1: aggregate, 2:
 * inclusive prefix) and the value's bits in its lower 32, so that one
 * relaxed 64-bit store publishes both and one load reads both: no fence
 * is needed between a value and its flag. Hence 32-bit types only.
 */
#include "scalar.h"

enum { MDH_LOOKBACK_AGGREGATE = 1, MDH_LOOKBACK_PREFIX = 2 };

static inline void mdh_lookback_publish(MDH_GLOBAL uint64_t *word,
                                        uint64_t status, uint32_t bits) {
  __atomic_store_n(word, status << 32 | bits, __ATOMIC_RELAXED);
}

/* The exclusive prefix of tile "unit" (the tiles "first" .. unit-1
 * combined in order); tile "first" starts its scan and gets "aggregate"
 * back, which its caller does not use. */
#define MDH_DEFINE_LOOKBACK(op, ty)                                            \
  mdh_##ty mdh_scan_lookback_##op##_##ty(uint64_t *flags, int64_t unit,        \
                                         int64_t first, mdh_##ty aggregate) {  \
    MDH_GLOBAL uint64_t *words = (MDH_GLOBAL uint64_t *)flags;                 \
    mdh_##ty prefix = aggregate, v;                                            \
    int64_t j = unit - 1;                                                      \
    uint64_t w;                                                                \
    int have = 0;                                                              \
                                                                               \
    if (unit == first) {                                                       \
      mdh_lookback_publish(&words[unit], MDH_LOOKBACK_PREFIX,                  \
                           mdh_to_bits_##ty(aggregate));                       \
      return aggregate;                                                        \
    }                                                                          \
    mdh_lookback_publish(&words[unit], MDH_LOOKBACK_AGGREGATE,                 \
                         mdh_to_bits_##ty(aggregate));                         \
    for (;;) {                                                                 \
      w = __atomic_load_n(&words[j], __ATOMIC_RELAXED);                        \
      if ((w >> 32) == 0)                                                      \
        continue;                                                              \
      v = mdh_from_bits_##ty((uint32_t)w);                                     \
      prefix = have ? mdh_combine_##op##_##ty(v, prefix) : v;                  \
      have = 1;                                                                \
      if ((w >> 32) == MDH_LOOKBACK_PREFIX)                                    \
        break;                                                                 \
      --j;                                                                     \
    }                                                                          \
    mdh_lookback_publish(                                                      \
        &words[unit], MDH_LOOKBACK_PREFIX,                                     \
        mdh_to_bits_##ty(mdh_combine_##op##_##ty(prefix, aggregate)));         \
    return prefix;                                                             \
  }
MDH_DEVICE_FOREACH_32(MDH_DEFINE_LOOKBACK)
