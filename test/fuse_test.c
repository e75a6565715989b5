/* Unit tests of the boxes of fused trees (lib/fuse.c, mdh_fuse_range_box),
 * in isl_test.c's style: a table of maps, each with the box expected around
 * its range (offset and size per output, as strings) or none. */

#include "lib/fuse.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>

/* A map and the box around its range: "offset" as a multi_aff ("" when no
 * box of fixed size exists) and "size" as a multi_val. */
static const struct {
  const char *map;
  const char *offset;
  const char *size;
} cases[] = {
    /* The running example of the basteln paper at 2 x 2 tiles, a 3 x 3
     * convolution over 6 x 6: the footprint (13) of the quantization. */
    {"{ [t0, t1] -> S0[o0, o1] : t0 mod 2 = 0 and t1 mod 2 = 0 and "
     "0 <= t0 <= 3 and 0 <= t1 <= 3 and t0 <= o0 <= t0 + 3 and "
     "t1 <= o1 <= t1 + 3 and 0 <= o0 <= 5 and 0 <= o1 <= 5 }",
     "{ [t0, t1] -> S0[(t0), (t1)] }", "{ S0[4, 4] }"},
    /* A blur's row sums per 32-row tile, clamped by the domain: the
     * clamped constant bounds are farther apart than the tile's own. */
    {"{ [t] -> S0[o] : t mod 32 = 0 and 0 <= t <= 4095 and t <= o <= t + 33 "
     "and 0 <= o <= 4097 }",
     "{ [t] -> S0[(t)] }", "{ S0[34] }"},
    /* A union of two windows: the box around both. */
    {"{ [t] -> B[o] : t <= o <= t + 3; [t] -> B[o] : t + 2 <= o <= t + 5 }",
     "{ [t] -> B[(t)] }", "{ B[6] }"},
    /* An equality is both bounds. */
    {"{ [t] -> B[o, p] : o = 2t + 1 and t <= p <= t + 7 }",
     "{ [t] -> B[(1 + 2t), (t)] }", "{ B[1, 8] }"},
    /* A width that grows with the tile: no box of fixed size. */
    {"{ [t] -> B[o] : 0 <= o <= t and 0 <= t <= 100 }", "", ""},
};

/* Checks case "k"; returns 0, or -1 after a message. */
static int check(isl_ctx *ctx, int k) {
  isl_map *map = isl_map_read_from_str(ctx, cases[k].map);
  isl_multi_aff *offset, *want_offset;
  isl_multi_val *size, *want_size;
  isl_stat ok = mdh_fuse_range_box(map, &offset, &size);
  int rc = 0;

  isl_map_free(map);
  if (!cases[k].offset[0]) {
    isl_multi_aff_free(offset);
    isl_multi_val_free(size);
    if (ok >= 0)
      fprintf(stderr, "case %d: a box where there is none\n", k);
    return ok >= 0 ? -1 : 0;
  }
  if (ok < 0) {
    fprintf(stderr, "case %d: no box\n", k);
    return -1;
  }
  want_offset = isl_multi_aff_read_from_str(ctx, cases[k].offset);
  want_size = isl_multi_val_read_from_str(ctx, cases[k].size);
  if (isl_multi_aff_plain_is_equal(offset, want_offset) != isl_bool_true ||
      isl_multi_val_plain_is_equal(size, want_size) != isl_bool_true) {
    fprintf(stderr, "case %d: wrong box\n", k);
    isl_multi_aff_dump(offset);
    isl_multi_val_dump(size);
    rc = -1;
  }
  isl_multi_aff_free(offset);
  isl_multi_aff_free(want_offset);
  isl_multi_val_free(size);
  isl_multi_val_free(want_size);
  return rc;
}

int main(void) {
  isl_ctx *ctx = isl_ctx_alloc();
  int k, failed = 0;

  for (k = 0; k < (int)(sizeof(cases) / sizeof(cases[0])); ++k)
    failed |= check(ctx, k) < 0;
  isl_ctx_free(ctx);
  if (!failed)
    printf("fuse_test: %d cases ok\n", (int)(sizeof(cases) / sizeof(cases[0])));
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
