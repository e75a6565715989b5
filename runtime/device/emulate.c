/* emulate.c - block reductions for the CPU emulation of kernels
 *
 * mdh-emulate-gpu runs the threads of a block in one of two ways, and each
 * has its block reductions here.
 *
 * One after another, from the last to thread 0, each announced with
 * mdh_emu_thread: a block reduction cannot meet the other threads there, but
 * its result is only used by thread 0 (mdh-codegen-gpu stores or atomically
 * combines it from thread 0 alone), so the k-th call of each thread folds
 * its value into slot k: the first thread to run starts the slot, the
 * others combine into it, and thread 0, last, gets the block's whole result.
 * Other threads get a partial value they do not use.
 *
 * As an OpenMP team, one thread per GPU thread, when the block's threads
 * meet at barriers: each thread gets its number from mdh_emu_omp_thread,
 * and mdh_emu_omp_block_reduce_* works as on a GPU: every thread publishes
 * its value in its slot, and after a barrier every thread folds the slots
 * in thread order, so that all get the same result; a barrier before
 * publishing keeps a thread from overwriting slots that others still read
 * for the previous call. The barriers are orphaned `omp barrier`s, which
 * bind to the team of the calling thread. Blocks run one after another, so
 * one set of slots serves them all. This file is compiled with -fopenmp and
 * declares the two OpenMP functions it calls itself: omp.h comes with
 * libomp-dev, and only the runtime, libomp.so.5, is sure to be installed.
 */
#include "scalar.h"

#include <stdio.h>
#include <stdlib.h>

#define MDH_EMU_MAX_CALLS 4096

/* The most threads of a GPU block, so of a team. */
#define MDH_EMU_MAX_THREADS 1024

int omp_get_thread_num(void);
int omp_get_num_threads(void);

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

/* One slot per thread of the team, holding the bits of its value. */
static uint64_t team_slots[MDH_EMU_MAX_THREADS];

/* Ends the program from inside the team of a block of "threads" threads,
 * more than a GPU block has, or a team that OpenMP made "got" threads large
 * instead. The first thread here reports; _Exit skips the exit handlers,
 * libomp's among them, which would wait for the team's other threads,
 * blocked here. */
static void team_fail(int64_t threads, int got) {
#pragma omp critical
  {
    if (threads > MDH_EMU_MAX_THREADS)
      fprintf(stderr,
              "mdh-emulate: error: a block of %lld threads, more than %d\n",
              (long long)threads, MDH_EMU_MAX_THREADS);
    else
      fprintf(stderr,
              "mdh-emulate: error: a block of %lld threads runs as an OpenMP "
              "team of %d threads (OMP_THREAD_LIMIT? nested in a parallel "
              "region?)\n",
              (long long)threads, got);
    fflush(NULL);
    _Exit(1);
  }
}

MDH_DEVICE_API int64_t mdh_emu_omp_thread(int64_t threads) {
  int got = omp_get_num_threads();

  if (threads > MDH_EMU_MAX_THREADS || got != threads)
    team_fail(threads, got);
  return omp_get_thread_num();
}

/* Publishes "bits", the calling thread's value, once the whole team has
 * read the slots of the previous reduction, and waits for the team's. */
static void team_publish(uint64_t bits) {
#pragma omp barrier
  team_slots[omp_get_thread_num()] = bits;
#pragma omp barrier
}

#define MDH_EMU_OMP_BLOCK_REDUCE(op, ty)                                       \
  MDH_DEVICE_API mdh_##ty mdh_emu_omp_block_reduce_##op##_##ty(mdh_##ty v) {   \
    int n = omp_get_num_threads();                                             \
    mdh_##ty acc;                                                              \
    team_publish(mdh_to_bits_##ty(v));                                         \
    acc = mdh_from_bits_##ty((mdh_bits_##ty)team_slots[0]);                    \
    for (int t = 1; t < n; ++t)                                                \
      acc = mdh_combine_##op##_##ty(                                           \
          acc, mdh_from_bits_##ty((mdh_bits_##ty)team_slots[t]));              \
    return acc;                                                                \
  }
MDH_DEVICE_FOREACH(MDH_EMU_OMP_BLOCK_REDUCE)
