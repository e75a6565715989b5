/* The parallelism mapping of one md_hom: for each of its dimensions, the
 * GPU level that distributes it and how many workers it gets there. It is
 * what mdh-map-gpu chooses and mdh-codegen-gpu implements, kept in the IR as
 * the string attribute `mdh.mapping` on the md_hom, one entry per dimension
 * in dimension order, separated by commas (for a kernel of several md_homs,
 * in its kernel mark, one entry per member of its band; lib/tree.h):
 *
 *   seq               a loop in every thread
 *   thread.D(T)       T threads of a block along D (LIFT's mapLcl)
 *   block.D(G)        G blocks along D (mapWrg)
 *   global.D(T,G)     G blocks of T threads along D (mapGlb)
 *
 * with D one of x, y, z. Each level is a cyclic ("grid-stride") loop
 * (LIFT, Sec. 4.6), so a dimension's size need not be a multiple of its
 * workers. Sizes may be left out in user input ("thread.x"); mdh-map-gpu
 * fills them in. An entry may end with " tile(N)" (MDH's tiles per layer,
 * the MDH paper's ASM levels):
 *
 *   thread/global     each thread keeps N points of the dimension per block
 *                     tile of T*N points, in runs of 4 neighbours when 4
 *                     divides N, the runs T apart (so that a warp's
 *                     accesses stay contiguous): a register tile
 *   seq (pw)          the reduction runs in steps of N points, and the
 *                     inputs that a block's threads share are staged in
 *                     shared memory step by step
 *
 * or with " vec(V)" (V = 2 or 4) on a pw dimension spread over threads of a
 * md_hom that the reduce strategy runs: the threads take the points V at a
 * time (thread t the runs V*t .. V*t+V-1 of every V*T points), so that a
 * thread's V reads of neighbouring elements become one vector load
 * (ld.global.v4 for f32, as CUB's BlockLoad vectorizes its tiles) while a
 * warp still reads one contiguous segment.
 */

#ifndef MDH_LIB_MAPPING_H
#define MDH_LIB_MAPPING_H

#include "lib/chain.h"
#include "lib/model.h"
#include "support/ir.h"

#include <stdint.h>

enum mdh_level {
  MDH_LEVEL_SEQ,
  MDH_LEVEL_THREAD,
  MDH_LEVEL_BLOCK,
  MDH_LEVEL_GLOBAL,
};

/* Hardware limits of the targets (sm_70 and later). */
#define MDH_GPU_MAX_THREADS 1024
#define MDH_GPU_MAX_THREADS_Z 64
#define MDH_GPU_MAX_GRID_X 2147483647LL
#define MDH_GPU_MAX_GRID_YZ 65535LL
/* The most instances of a reduction per result point that a kernel of
 * several md_homs runs in each thread (the owner strategy): a stencil's
 * window, such as the 5 x 5 conv of the basteln paper's running example.
 * A larger reduction keeps a kernel of its own, where the tiled and reduce
 * strategies spread it (PolyBench's gemm as three md_homs: the product
 * fused point by point with beta C ran sequentially over k in each thread
 * instead of in the tiled strategy of a matmul). */
#define MDH_GPU_MAX_FUSED_REDUCTION 64

/* Static shared memory per block (more needs the opt-in of
 * cudaFuncSetAttribute, which the generated launches do not make). */
#define MDH_GPU_MAX_SHARED_BYTES (48 * 1024)
/* The parallel threads that mdh-map-gpu counts as filling an H100 or H200:
 * 2^18, about the 270,336 threads their 132 SMs hold at once. Half of that
 * (2^17, the bound until 2026-11-27) left a memory-bound kernel with too
 * few loads in flight: jacobi3d with 2^17 threads took 0.592 ms on an
 * H200, with 2^18 threads 0.435 ms (bench/README.md). */
#define MDH_GPU_FULL_THREADS (1 << 18)
/* The most threads a kernel's cc dimensions get: beyond it, a thread takes
 * several points (the cyclic distribution of `global`). ew3 (2^26 points)
 * on an H200: 0.232 ms with a thread per point, 0.184 ms with 4 points and
 * 0.167 ms with 16 per thread (bench/README.md, 2026-11-27): fewer blocks
 * to schedule, and each thread's loads overlap. */
#define MDH_GPU_MAX_GRID_THREADS (16 * MDH_GPU_FULL_THREADS)
/* The threads of a block the mappings of mdh-map-gpu size within, along
 * x, then y, then z: 8 warps. */
#define MDH_GPU_THREAD_BUDGET 256
/* Register tile points per thread (unrolled: beyond this, code size and
 * register spills cost more than reuse gains). */
#define MDH_GPU_MAX_REGISTER_TILE 256

/* One dimension: its "level", hardware dimension "hw" (0 = x, 1 = y,
 * 2 = z), "threads" per block, "blocks" (1 where the level has none; 0
 * while not chosen), "tile" (1 without tile()) and "vec" (1 without
 * vec()). */
struct mdh_dim_map {
  enum mdh_level level;
  int hw;
  int64_t threads;
  int64_t blocks;
  int64_t tile;
  int64_t vec;
};

/* The widest vec(): 16 bytes of f32, the widest load of sm_70 and later
 * (PTX ISA, ld: .v4 of .b32). */
#define MDH_GPU_MAX_VEC 4

struct mdh_mapping {
  int rank;
  struct mdh_dim_map dims[MDH_MODEL_MAX_RANK];
};

/* Returns the smallest power of two at least "n" (at least 1), at most
 * "cap". */
int64_t mdh_pow2_at_least(int64_t n, int64_t cap);

/* Returns the most blocks of a grid along hardware dimension "hw". */
int64_t mdh_gpu_grid_limit(int hw);

/* Parses "text" as the mapping of a md_hom of rank "rank"; returns 0, or -1
 * with a message in "err" (of size "n"). */
int mdh_mapping_parse(const char *text, size_t len, int rank,
                      struct mdh_mapping *map, char *err, size_t n);

/* Appends the textual form of "map" to "out". */
void mdh_mapping_print(const struct mdh_mapping *map, struct mdh_str *out);

/* The launch configuration of "map": blocks and threads per hardware
 * dimension (1 where unused). */
void mdh_mapping_launch_sizes(const struct mdh_mapping *map, int64_t grid[3],
                              int64_t block[3]);

/* Checks a launch of "grid" blocks of "block" threads (x, y, z) against the
 * hardware limits above; returns 0, or -1 with the reason in "err". */
int mdh_gpu_check_launch(const int64_t grid[3], const int64_t block[3],
                         char *err, size_t n);
/* Checks the hardware limits and that the dimensions sharing a hardware
 * dimension agree on its sizes; returns 0, or -1 with a message. */
int mdh_mapping_check_limits(const struct mdh_mapping *map, char *err,
                             size_t n);

/* Checks where "map" has tiles: on dimensions with threads, or on
 * sequential pw dimensions of a md_hom that the reduce strategy can run
 * with every pw dimension sequential (mdh-codegen-gpu's tiled strategy);
 * returns 0, or -1 with a message. */
int mdh_mapping_check_tiles(const struct mdh_mapping *map,
                            const struct mdh_stmt_info *info, char *err,
                            size_t n);

/* Checks where "map" has vec(): on pw dimensions spread over threads, none
 * tiled, of a md_hom "info" (NULL: a kernel of several md_homs, which has
 * none) that the reduce strategy runs; returns 0, or -1 with a message. */
int mdh_mapping_check_vec(const struct mdh_mapping *map,
                          const struct mdh_stmt_info *info, char *err,
                          size_t n);

/* Tells whether mdh-codegen-gpu's block scan can run "info": one ps
 * dimension and no pw one; only then may its ps dimension be parallel. */
int mdh_mapping_can_scan(const struct mdh_stmt_info *info);

/* Checks that a parallel ps dimension of "map" is one the block scan runs:
 * spread over the threads of a block (thread level, or global level, whose
 * blocks scan a segment each; open sizes allowed), of a md_hom that
 * mdh_mapping_can_scan accepts, with no cc dimension spread over threads
 * (every thread of a block then scans the same cc points, so all meet at
 * its barriers), no tile(), and a total and a staged position per thread
 * within a block's static shared memory; returns 0, or -1 with a
 * message. */
int mdh_mapping_check_scan(const struct mdh_mapping *map,
                           const struct mdh_stmt_info *info, char *err,
                           size_t n);

/* Tells whether dimension "d" is distributed over threads (thread or
 * global level) or over blocks (block or global level). */
int mdh_dim_map_has_threads(const struct mdh_dim_map *dm);
int mdh_dim_map_has_blocks(const struct mdh_dim_map *dm);

/* Tells whether dimension "d" is spread over more than one thread (over
 * more than one block): one worker along a dimension sees all of it. */
int mdh_dim_map_spreads_threads(const struct mdh_dim_map *dm);
int mdh_dim_map_spreads_blocks(const struct mdh_dim_map *dm);

/* Tells whether "map" of a md_hom with dimension kinds "kinds" makes
 * several parts of the grid contribute to one result point, whose partial
 * results the reduce strategy combines with atomics or, in the
 * deterministic reduction mode, through partials: a reduction dimension
 * (pw) over several blocks, or over several threads where the cc
 * dimensions are spread over threads too (else one block reduction
 * combines them, PANAMERA's block strategy). */
int mdh_mapping_combines_parts(const struct mdh_mapping *map,
                               const MdhCombineKind *kinds);

/* Tells whether "map" of a md_hom with dimension kinds "kinds" walks a
 * reduction in steps whose inputs the block stages in shared memory (the
 * tiled strategy): a tile() on a sequential pw dimension. */
int mdh_mapping_stages_tiles(const struct mdh_mapping *map,
                             const MdhCombineKind *kinds);

/* The builtin operator name of result component "c" of "info" ("add",
 * ...; a string literal), or NULL for a combine function. */
const char *mdh_component_operator(const struct mdh_stmt_info *info,
                                   intptr_t c);

/* The device runtime's name of "type" (f16, bf16, f32, f64, i32, i64), or
 * NULL if the runtime has no reductions on it. */
const char *mdh_runtime_type(MlirType type);

/* Tells whether mdh-codegen-gpu's reduce strategy can run "info": pw
 * dimensions, no scan, and a builtin operator on a runtime type for every
 * component; only then may its pw dimensions be parallel. */
int mdh_mapping_can_reduce(const struct mdh_stmt_info *info);

/* One entry of the spec of `mdh.mapping_index` (a string attribute; an
 * integer K means "K" alone): take the "index"-th best legal mapping for
 * kernel "kernel" (-1: every kernel; kernels are numbered from 0 in tree
 * order) of the function "func" ("": every function). The text of a spec
 * is entries "[@FUNCTION:][KERNEL:]INDEX" separated by ";", e.g.
 * "2; @conv:1:0" (kernel 1 of @conv its best, everything else its third
 * best). */
#define MDH_MAX_INDEX_ENTRIES 64

struct mdh_index_entry {
  char func[128];
  long kernel;
  long index;
};

/* Parses the spec "text" into at most "max" "entries"; returns their
 * number, or -1 with a message in "err" (of size "n"). */
int mdh_index_spec_parse(const char *text, size_t len,
                         struct mdh_index_entry *entries, int max, char *err,
                         size_t n);

/* Returns the index that the "n" "entries" give kernel "kernel" of the
 * function named "func" (the most specific entry that applies: function
 * and kernel, function, kernel, neither), or -1 if none applies. */
long mdh_index_spec_lookup(const struct mdh_index_entry *entries, int n,
                           MlirStringRef func, long kernel);

#endif
