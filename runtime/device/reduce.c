/* reduce.c - warp and block reductions
 *
 * A warp reduction is a butterfly over the 32 lanes: after step "off" each
 * lane holds the combination of the 2*off lanes around it, and since add and
 * mul are commutative in IEEE arithmetic all lanes end with the same bits.
 *
 * A block reduction has two stages. Each warp folds its lanes into lane 0
 * (butterfly for a full warp, a bounded shuffle-down for the partial last
 * warp, whose missing lanes must not be read) and lane 0 stores the partial
 * result in "mdh_scratch". After a barrier every thread folds the slots in
 * warp order, so all threads compute the same value in the same order, with
 * no identity padding (which would turn a -0.0 sum into +0.0). The closing
 * barrier keeps a following call from overwriting slots still being read.
 *
 * Warps are formed from the linear thread id x + y*bdx + z*bdx*bdy, as CUDA
 * does.
 */
#include "scalar.h"

/* One slot per warp of a 1024-thread block, 8 bytes each. */
union mdh_slot {
  mdh_f16 f16;
  mdh_bf16 bf16;
  mdh_f32 f32;
  mdh_f64 f64;
  mdh_i32 i32;
  mdh_i64 i64;
};

static MDH_SHARED union mdh_slot mdh_scratch[32];

/* Where the calling thread sits: "lanes" counts the threads of its warp
 * (32 except in a partial last warp), "warps" the warps of the block. */
struct mdh_block_pos {
  unsigned lane;
  unsigned warp;
  unsigned lanes;
  unsigned warps;
};

static struct mdh_block_pos block_pos(void) {
  unsigned nx = mdh_ntid(0);
  unsigned ny = mdh_ntid(1);
  unsigned n = nx * ny * mdh_ntid(2);
  unsigned id = mdh_tid(0) + nx * (mdh_tid(1) + ny * mdh_tid(2));
  struct mdh_block_pos pos;

  pos.lane = id % 32;
  pos.warp = id / 32;
  pos.warps = (n + 31) / 32;
  pos.lanes = n - pos.warp * 32 < 32 ? n - pos.warp * 32 : 32;
  return pos;
}

static inline uint16_t shfl_bfly_b16(uint32_t mask, uint16_t v, unsigned off) {
  return (uint16_t)mdh_shfl_bfly(mask, v, off);
}

static inline uint32_t shfl_bfly_b32(uint32_t mask, uint32_t v, unsigned off) {
  return mdh_shfl_bfly(mask, v, off);
}

static inline uint64_t shfl_bfly_b64(uint32_t mask, uint64_t v, unsigned off) {
  uint64_t lo = mdh_shfl_bfly(mask, (uint32_t)v, off);
  uint64_t hi = mdh_shfl_bfly(mask, (uint32_t)(v >> 32), off);
  return lo | hi << 32;
}

static inline uint16_t shfl_down_b16(uint32_t mask, uint16_t v, unsigned off) {
  return (uint16_t)mdh_shfl_down(mask, v, off);
}

static inline uint32_t shfl_down_b32(uint32_t mask, uint32_t v, unsigned off) {
  return mdh_shfl_down(mask, v, off);
}

static inline uint64_t shfl_down_b64(uint32_t mask, uint64_t v, unsigned off) {
  uint64_t lo = mdh_shfl_down(mask, (uint32_t)v, off);
  uint64_t hi = mdh_shfl_down(mask, (uint32_t)(v >> 32), off);
  return lo | hi << 32;
}

#define MDH_DEFINE_SHUFFLES(ty, width)                                         \
  static inline mdh_##ty shfl_bfly_##ty(uint32_t mask, mdh_##ty v,             \
                                        unsigned off) {                        \
    return mdh_from_bits_##ty(                                                 \
        shfl_bfly_##width(mask, mdh_to_bits_##ty(v), off));                    \
  }                                                                            \
  static inline mdh_##ty shfl_down_##ty(uint32_t mask, mdh_##ty v,             \
                                        unsigned off) {                        \
    return mdh_from_bits_##ty(                                                 \
        shfl_down_##width(mask, mdh_to_bits_##ty(v), off));                    \
  }
MDH_DEFINE_SHUFFLES(f16, b16)
MDH_DEFINE_SHUFFLES(bf16, b16)
MDH_DEFINE_SHUFFLES(f32, b32)
MDH_DEFINE_SHUFFLES(f64, b64)
MDH_DEFINE_SHUFFLES(i32, b32)
MDH_DEFINE_SHUFFLES(i64, b64)
#undef MDH_DEFINE_SHUFFLES

/* The partial warp shuffles only among its "lanes" threads; a value from
 * a lane beyond them is undefined and skipped. */
#define MDH_DEFINE_WARP_REDUCE(op, ty)                                         \
  mdh_##ty mdh_warp_reduce_##op##_##ty(mdh_##ty v) {                           \
    for (unsigned off = 16; off > 0; off /= 2)                                 \
      v = mdh_combine_##op##_##ty(v, shfl_bfly_##ty(MDH_FULL_WARP, v, off));   \
    return v;                                                                  \
  }                                                                            \
  static mdh_##ty warp_to_lane0_##op##_##ty(mdh_##ty v,                        \
                                            struct mdh_block_pos pos) {        \
    if (pos.lanes == 32)                                                       \
      return mdh_warp_reduce_##op##_##ty(v);                                   \
    for (unsigned off = 16; off > 0; off /= 2) {                               \
      uint32_t mask = (1u << pos.lanes) - 1;                                   \
      mdh_##ty other = shfl_down_##ty(mask, v, off);                           \
      if (pos.lane + off < pos.lanes)                                          \
        v = mdh_combine_##op##_##ty(v, other);                                 \
    }                                                                          \
    return v;                                                                  \
  }

#define MDH_DEFINE_BLOCK_REDUCE(op, ty)                                        \
  mdh_##ty mdh_block_reduce_##op##_##ty(mdh_##ty v) {                          \
    struct mdh_block_pos pos = block_pos();                                    \
    v = warp_to_lane0_##op##_##ty(v, pos);                                     \
    if (pos.lane == 0)                                                         \
      mdh_scratch[pos.warp].ty = v;                                            \
    mdh_barrier();                                                             \
    v = mdh_scratch[0].ty;                                                     \
    for (unsigned w = 1; w < pos.warps; ++w)                                   \
      v = mdh_combine_##op##_##ty(v, mdh_scratch[w].ty);                       \
    mdh_barrier();                                                             \
    return v;                                                                  \
  }

MDH_DEVICE_FOREACH(MDH_DEFINE_WARP_REDUCE)
MDH_DEVICE_FOREACH(MDH_DEFINE_BLOCK_REDUCE)
