/* emulate.c - block reductions for the CPU emulation of kernels
 *
 * mdh-emulate-gpu runs the threads of a block one after another, from the
 * last to thread 0, and announces each with mdh_emu_thread. A block
 * reduction cannot meet the other threads there, but its result is only
 * used by thread 0 (mdh-codegen-gpu stores or atomically combines it from
 * thread 0 alone), so the k-th call of each thread folds its value into slot
 * k: the first thread to run starts the slot, the others combine into it,
 * and thread 0, last, gets the block's whole result. Other threads get a
 * partial value they do not use.
 */
#include "scalar.h"

#include <stdio.h>
#include <stdlib.h>

#define MDH_EMU_MAX_CALLS 4096

/* The running thread, the block size, this thread's call count, and one
 * partial result per call (as raw bits). */
static int64_t emu_tid, emu_threads;
static int64_t emu_calls;
static uint64_t emu_slots[MDH_EMU_MAX_CALLS];

MDH_DEVICE_API void mdh_emu_thread(int64_t tid, int64_t threads) {
  emu_tid = tid;
  emu_threads = threads;
  emu_calls = 0;
}

/* The slot of this call, or exit on a kernel that calls too often. */
static uint64_t *emu_slot(void) {
  if (emu_calls >= MDH_EMU_MAX_CALLS) {
    fputs("mdh-emulate: error: more than 4096 block reductions in one "
          "thread\n",
          stderr);
    exit(1);
  }
  return &emu_slots[emu_calls++];
}

#define MDH_EMU_BLOCK_REDUCE(op, ty)                                           \
  MDH_DEVICE_API mdh_##ty mdh_block_reduce_##op##_##ty(mdh_##ty v) {           \
    uint64_t *slot = emu_slot();                                               \
    mdh_##ty acc;                                                              \
    if (emu_tid == emu_threads - 1) {                                          \
      acc = v;                                                                 \
    } else {                                                                   \
      acc = mdh_from_bits_##ty((mdh_bits_##ty) * slot);                        \
      acc = mdh_combine_##op##_##ty(acc, v);                                   \
    }                                                                          \
    *slot = mdh_to_bits_##ty(acc);                                             \
    return acc;                                                                \
  }
MDH_DEVICE_FOREACH(MDH_EMU_BLOCK_REDUCE)
