/* nogpu.c - the target hooks of target.h for libmdh_device_host.so
 *
 * The CPU emulation of a GPU kernel runs its threads one after another, so a
 * warp or a block never meets: the atomics and identities work, the
 * reductions cannot, and say so instead of returning a wrong value.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "target.h"

static _Noreturn void needs_gpu(void) {
  fputs("mdh-device-host: error: block/warp reduce needs a GPU\n", stderr);
  exit(1);
}

unsigned mdh_host_tid(int dim) {
  (void)dim;
  needs_gpu();
}

unsigned mdh_host_ntid(int dim) {
  (void)dim;
  needs_gpu();
}

uint32_t mdh_host_shfl_bfly(uint32_t mask, uint32_t v, unsigned off) {
  (void)mask, (void)v, (void)off;
  needs_gpu();
}

uint32_t mdh_host_shfl_down(uint32_t mask, uint32_t v, unsigned off) {
  (void)mask, (void)v, (void)off;
  needs_gpu();
}

void mdh_host_barrier(void) { needs_gpu(); }
