/* The memref descriptors that mgpuMemHostRegisterMemRef receives, shared by
 * both runtimes. */

#ifndef MDH_RUNTIME_HOST_MEMREF_H
#define MDH_RUNTIME_HOST_MEMREF_H

#include <stddef.h>
#include <stdint.h>

/* A ranked memref descriptor as the LLVM lowering lays it out: two pointers
 * and an offset, then "rank" sizes and "rank" strides. */
struct mdh_rt_memref {
  void *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizes_and_strides[];
};

/* Store in "ptr" and "bytes" the first element and the size of the memref
 * "desc" of rank "rank" with elements of "elem_bytes". Return 0, or -1 if
 * the arguments are negative or the memref is not densely packed (only a
 * contiguous range can be registered). */
static inline int mdh_rt_memref_extent(int64_t rank, const void *desc,
                                       int64_t elem_bytes, void **ptr,
                                       size_t *bytes) {
  const struct mdh_rt_memref *m = desc;
  int64_t i, n = 1;

  if (!m || rank < 0 || elem_bytes <= 0)
    return -1;
  for (i = rank - 1; i >= 0; --i) {
    if (m->sizes_and_strides[i] < 0)
      return -1;
    if (m->sizes_and_strides[i] > 1 && m->sizes_and_strides[rank + i] != n)
      return -1;
    n *= m->sizes_and_strides[i];
  }
  *ptr = m->aligned + m->offset * elem_bytes;
  *bytes = (size_t)(n * elem_bytes);
  return 0;
}

#endif
