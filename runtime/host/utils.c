/* libmdh_rt_utils.so: the helpers of MLIR's C runner utilities that lowered
 * host code calls, so that an ahead-of-time object (mdh-run --emit-object)
 * runs where MLIR is not installed: libmlir_c_runner_utils.so needs
 * libMLIR.so and libLLVM.so, over 250 MB that the GPU machines lack.
 * emit.c links this library before MLIR's, so an object takes what is here
 * from here and needs MLIR's only for what is not (printing). */

#include <stdint.h>
#include <string.h>

/* An unranked memref as the LLVM lowering passes it: the rank and a pointer
 * to the ranked descriptor (two pointers, the offset, then "rank" sizes and
 * "rank" strides, in elements). */
struct mdh_rt_unranked_memref {
  int64_t rank;
  void *descriptor;
};

struct mdh_rt_descriptor {
  void *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizes_and_strides[];
};

/* The number of innermost dimensions of "d" and "s" (rank "rank", sizes
 * "sizes") that are contiguous in both, so that they copy as one block. */
static int64_t contiguous_dims(int64_t rank, const int64_t *sizes,
                               const int64_t *dst_strides,
                               const int64_t *src_strides) {
  int64_t dim, n = 1;

  for (dim = rank - 1; dim >= 0; --dim) {
    if (sizes[dim] != 1 && (dst_strides[dim] != n || src_strides[dim] != n))
      break;
    n *= sizes[dim];
  }
  return rank - 1 - dim;
}

/* memref.copy between two memrefs of the same shape and any layouts, with
 * elements of "elem_bytes" (MLIR's ABI: what the memref-to-llvm lowering
 * calls when a layout is not the identity). The innermost dimensions that
 * are contiguous in both move with one memcpy; the others are walked like
 * an odometer. */
void memrefCopy(int64_t elem_bytes, struct mdh_rt_unranked_memref *src_arg,
                struct mdh_rt_unranked_memref *dst_arg) {
  const struct mdh_rt_descriptor *src = src_arg->descriptor;
  const struct mdh_rt_descriptor *dst = dst_arg->descriptor;
  int64_t rank = src_arg->rank, dim, inner, block = elem_bytes, outer;
  const int64_t *sizes = src->sizes_and_strides;
  const int64_t *src_strides = src->sizes_and_strides + rank;
  const int64_t *dst_strides = dst->sizes_and_strides + rank;
  const char *from = src->aligned + src->offset * elem_bytes;
  char *to = dst->aligned + dst->offset * elem_bytes;
  int64_t index[rank > 0 ? rank : 1];
  int64_t src_pos = 0, dst_pos = 0;

  for (dim = 0; dim < rank; ++dim)
    if (sizes[dim] == 0)
      return;
  inner = contiguous_dims(rank, sizes, dst_strides, src_strides);
  outer = rank - inner;
  for (dim = outer; dim < rank; ++dim)
    block *= sizes[dim];
  memset(index, 0, sizeof(index));
  for (;;) {
    memcpy(to + dst_pos * elem_bytes, from + src_pos * elem_bytes,
           (size_t)block);
    for (dim = outer - 1; dim >= 0; --dim) {
      src_pos += src_strides[dim];
      dst_pos += dst_strides[dim];
      if (++index[dim] < sizes[dim])
        break;
      src_pos -= sizes[dim] * src_strides[dim];
      dst_pos -= sizes[dim] * dst_strides[dim];
      index[dim] = 0;
    }
    if (dim < 0)
      return;
  }
}
