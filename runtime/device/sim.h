/* sim.h - a GPU thread block simulated on the host, one pthread per thread
 *
 * Used by device_runtime_test to run the device helpers (reduce.c,
 * atomic.c) as the GPU would: all threads of the block run at once, a
 * shuffle meets the other lanes of the warp, a barrier the whole block.
 */
#ifndef MDH_DEVICE_SIM_H
#define MDH_DEVICE_SIM_H

/* Runs "body"("user") in every thread of a block of "bx" x "by" x "bz"
 * threads and returns when all have finished. Returns 0, or -1 with a
 * message on stderr when the shape is invalid or threads cannot start. */
int mdh_sim_run_block(unsigned bx, unsigned by, unsigned bz,
                      void (*body)(void *user), void *user);

/* The linear id x + y*bx + z*bx*by of the calling simulated thread. */
unsigned mdh_sim_thread_id(void);

/* Waits for all threads of the block, as __syncthreads does. */
void mdh_sim_barrier(void);

#endif
