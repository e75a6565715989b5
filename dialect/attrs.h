/* The discardable attributes through which the mdh passes talk
 * (docs/architecture.md: passes communicate only through the IR), and the names
 * of the marks they put into schedule trees. Every attribute name lives in
 * attrs.c; everything else reads and writes them through these typed
 * get/set pairs.
 *
 * String getters return a null MlirStringRef (data NULL) when the attribute
 * is absent or not a string; getters of "raw" attributes return the
 * attribute as it is (null when absent) for callers that report a
 * malformed value themselves. The "find" getters look at "op" and then at
 * every op around it, and tell in "*owner" which op carries the attribute.
 */

#ifndef MDH_DIALECT_ATTRS_H
#define MDH_DIALECT_ATTRS_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/* `mdh.schedule` (func.func): the schedule tree, isl's YAML form. */
MlirStringRef mdh_attr_get_schedule(MlirOperation func);
void mdh_attr_set_schedule(MlirOperation func, const char *yaml);

/* `mdh.stmt` (md_hom): the statement name in the schedule. */
MlirStringRef mdh_attr_get_stmt(MlirOperation hom);
void mdh_attr_set_stmt(MlirOperation hom, const char *name);

/* `mdh.influence` (func.func): the user's influence tree (raw). */
MlirAttribute mdh_attr_get_influence(MlirOperation func);
void mdh_attr_set_influence(MlirOperation func, const char *tree);

/* `mdh.scheduler` (func.func): which scheduler built `mdh.schedule`. */
MlirStringRef mdh_attr_get_scheduler(MlirOperation func);
void mdh_attr_set_scheduler(MlirOperation func, const char *how);

/* Tells whether "func" carries a user's schedule or influence tree. */
bool mdh_attr_has_user_schedule(MlirOperation func);

/* Removes `mdh.schedule`, `mdh.scheduler` and `mdh.influence` of "func". */
void mdh_attr_remove_scheduling(MlirOperation func);

/* `mdh.mapping` (md_hom or kernel): the readable mapping (raw). */
MlirAttribute mdh_attr_get_mapping(MlirOperation op);
void mdh_attr_set_mapping(MlirOperation op, const char *mapping);

/* `mdh.mappings` (md_hom or kernel): how many legal mappings there were;
 * -1 when absent. */
int64_t mdh_attr_get_mapping_count(MlirOperation op);
void mdh_attr_set_mapping_count(MlirOperation op, int64_t count);

/* `mdh.kernel_mappings` (func.func, set by mdh-map-gpu): how many legal
 * mappings each kernel of the function has, in tree order (the kernel
 * numbers of `mdh.mapping_index`; 1 for a kernel whose mapping is given:
 * a user's, or a fused group's tiles), for mdh-tune (raw). */
MlirAttribute mdh_attr_get_kernel_mappings(MlirOperation func);
void mdh_attr_set_kernel_mappings(MlirOperation func, const int64_t *counts,
                                  int n);

/* `mdh.device_resident` (func.func or module, a unit attribute; set by
 * the GPU pipelines' device-resident option): the memref arguments of the
 * function are device memory already, which the kernels use in place: no
 * copies to or from the host. Tells whether "func" or an op around it has
 * it. */
int mdh_attr_is_device_resident(MlirOperation func);
void mdh_attr_set_device_resident(MlirOperation op);

/* `mdh.invariant_args` (gpu.func kernel, set by mdh-kernel-args): the
 * positions, among the parameters of the llvm.func that the kernel becomes,
 * of the aligned pointers of the memrefs that no thread writes during a
 * launch; mdh-kernel-args removes it again after the conversion (raw;
 * null unless an array of i64). */
MlirAttribute mdh_attr_get_invariant_args(MlirOperation func);
void mdh_attr_set_invariant_args(MlirOperation func, const int64_t *params,
                                 intptr_t n);
void mdh_attr_remove_invariant_args(MlirOperation func);

/* `mdh.mapping_index` (func.func or module): the mapping to take, an
 * integer or a spec string (lib/mapping.h) (raw). */
MlirAttribute mdh_attr_find_mapping_index(MlirOperation op,
                                          MlirOperation *owner);
void mdh_attr_set_mapping_index(MlirOperation op, int64_t index);
void mdh_attr_set_mapping_index_spec(MlirOperation op, MlirStringRef spec);

/* `mdh.reduction_mode` (md_hom, func.func or module; the nearest to the
 * md_hom wins; mdh-map-gpu sets it on the md_homs of a kernel that a
 * tuning record gives a mode): "atomic" or "deterministic" (raw). */
MlirAttribute mdh_attr_find_reduction_mode(MlirOperation op,
                                           MlirOperation *owner);
void mdh_attr_set_reduction_mode(MlirOperation op, MlirStringRef mode);

/* `mdh.double_buffer` (md_hom, func.func or module; the nearest to the
 * md_hom wins; mdh-map-gpu sets it on the md_homs of a kernel that a
 * tuning record double-buffers): whether mdh-codegen-gpu's tiled strategy
 * double-buffers its staged tiles, a bool; without it, not (raw:
 * mdh-codegen-gpu reports another type). */
MlirAttribute mdh_attr_find_double_buffer(MlirOperation op,
                                          MlirOperation *owner);
void mdh_attr_set_double_buffer(MlirOperation op, bool on);

/* `mdh.async_copy` (md_hom, func.func or module; the nearest to the md_hom
 * wins; mdh-gpu-pipeline sets it false on the module for a chip before
 * sm_80): whether the double-buffered steps of the tiled strategy copy
 * their staged tiles with cp.async, a bool; without it, they do (raw:
 * mdh-codegen-gpu reports another type). */
MlirAttribute mdh_attr_find_async_copy(MlirOperation op, MlirOperation *owner);
void mdh_attr_set_async_copy(MlirOperation op, bool on);

/* `mdh.tuned_reduction_modes` (func.func, set by mdh-tuning, removed by
 * mdh-map-gpu): the reduction mode of a tuning record for each kernel of
 * the function, in tree order: -1 none, 0 "atomic", 1 "deterministic"
 * (raw; null unless an array of i64). */
MlirAttribute mdh_attr_get_tuned_reduction_modes(MlirOperation func);
void mdh_attr_set_tuned_reduction_modes(MlirOperation func,
                                        const int64_t *modes, int n);
void mdh_attr_remove_tuned_reduction_modes(MlirOperation func);

/* `mdh.tuned_double_buffers` (func.func, set by mdh-tuning, removed by
 * mdh-map-gpu): whether a tuning record double-buffers each kernel of the
 * function, in tree order: -1 none, 0 no, 1 yes (raw; null unless an
 * array of i64). */
MlirAttribute mdh_attr_get_tuned_double_buffers(MlirOperation func);
void mdh_attr_set_tuned_double_buffers(MlirOperation func, const int64_t *flags,
                                       int n);
void mdh_attr_remove_tuned_double_buffers(MlirOperation func);

/* `mdh.kernel_atomics` (func.func, set by mdh-map-gpu): for each kernel
 * of the function, in tree order, 1 where its mapping spreads a reduction
 * over several threads or blocks whose partial results the code combines
 * (atomics, or partials in the deterministic mode: where
 * `mdh.reduction_mode` matters), else 0, for mdh-tune (raw). */
MlirAttribute mdh_attr_get_kernel_atomics(MlirOperation func);
void mdh_attr_set_kernel_atomics(MlirOperation func, const int64_t *flags,
                                 int n);

/* `mdh.kernel_staged` (func.func, set by mdh-map-gpu): for each kernel of
 * the function, in tree order, 1 where its mapping stages tiles in shared
 * memory step by step (mdh-codegen-gpu's tiled strategy: where
 * `mdh.double_buffer` matters), else 0, for mdh-tune (raw). */
MlirAttribute mdh_attr_get_kernel_staged(MlirOperation func);
void mdh_attr_set_kernel_staged(MlirOperation func, const int64_t *flags,
                                int n);

/* `mdh.isl_budget` (func.func or module): the most isl operations one
 * function's polyhedral work may take (raw; 0: no limit). */
MlirAttribute mdh_attr_find_isl_budget(MlirOperation op, MlirOperation *owner);
void mdh_attr_set_isl_budget(MlirOperation op, int64_t budget);

/* `mdh.sizes` (md_hom without inputs): its index-space sizes (raw). */
MlirAttribute mdh_attr_get_sizes(MlirOperation hom);
void mdh_attr_set_sizes(MlirOperation hom, MlirAttribute sizes);

/* `mdh.index_aware` and `mdh.assume_homomorphic` (md_hom): unit flags. */
bool mdh_attr_get_index_aware(MlirOperation hom);
void mdh_attr_set_index_aware(MlirOperation hom, bool on);
bool mdh_attr_get_assume_homomorphic(MlirOperation hom);
void mdh_attr_set_assume_homomorphic(MlirOperation hom, bool on);

/* `mdh.accumulate` (out_view): unit flag; the view combines the result into
 * what its buffer holds, with the md_hom's reduction operator. */
bool mdh_attr_get_accumulate(MlirOperation view);
void mdh_attr_set_accumulate(MlirOperation view, bool on);

/* `mdh.reassociate` (func.func or module): unit flag; mdh-from-linalg may
 * reassociate floating-point reductions. Found on "op" or an ancestor. */
bool mdh_attr_find_reassociate(MlirOperation op);
void mdh_attr_set_reassociate(MlirOperation op, bool on);

/* `mdh.fusion` (func.func or module): the post-tiling fusion of
 * mdh-tile-fuse, "basteln" (the default), "single" (independent chains of
 * one tile space in one group) or "none" (raw: mdh-tile-fuse reports a
 * malformed value). */
MlirAttribute mdh_attr_find_fusion(MlirOperation op, MlirOperation *owner);
void mdh_attr_set_fusion(MlirOperation op, const char *mode);

/* `mdh.tile_sizes` (md_hom): the tile of mdh-tile-fuse when the md_hom is
 * the output of a fused group, and the blocks of mdh-codegen-cpu's
 * register tile along its row and outermost reduction dimensions, one size
 * per dimension, 0 for one tile over the whole extent (raw: the passes
 * report a malformed value). */
MlirAttribute mdh_attr_get_tile_sizes(MlirOperation hom);
void mdh_attr_set_tile_sizes(MlirOperation hom, intptr_t n,
                             const int64_t *sizes);

/* `mdh.vector_bits` (func.func or module): the width of the CPU's vector
 * registers in bits for mdh-codegen-cpu's register tiles (128, 256 or 512;
 * raw: mdh-codegen-cpu reports a malformed value; without it, the host's).
 * Found on "op" or an ancestor. */
MlirAttribute mdh_attr_find_vector_bits(MlirOperation op, MlirOperation *owner);
void mdh_attr_set_vector_bits(MlirOperation op, int64_t bits);

/* `mdh.cache_bytes` (func.func or module): the sizes in bytes of the
 * level 1 data cache and the level 2 cache of a core, `array<i64: L1,
 * L2>`, for the blocks of mdh-codegen-cpu's register tiles (raw:
 * mdh-codegen-cpu reports a malformed value; without it, those the OS
 * reports for the host). Found on "op" or an ancestor. */
MlirAttribute mdh_attr_find_cache_bytes(MlirOperation op, MlirOperation *owner);

/* `mdh.pack` (md_hom, unit): the md_hom is mdh-pack's copy of an operand
 * into the buffer a register tile reads; mdh-tile-fuse leaves it out of
 * the groups it fuses, so that it runs once, before its reader. */
bool mdh_attr_is_pack(MlirOperation hom);
void mdh_attr_set_pack(MlirOperation hom);

/* `mdh.cpu_tiles` (func.func): what mdh-codegen-cpu made of each md_hom it
 * gave a register tile, one readable string each (for users and tests). */
void mdh_attr_set_cpu_tiles(MlirOperation func, intptr_t n,
                            const MlirAttribute *strings);

/* The name of the mark right below the domain of every `mdh.schedule`,
 * followed by a blank and the combine kinds of the statements. */
extern const char mdh_mark_kinds[];

/* The name of a mark above each subtree of `mdh.schedule` that becomes one
 * GPU kernel (mdh-map-gpu), alone for a kernel of one md_hom (its mapping
 * is the md_hom's `mdh.mapping`) or followed by ": " and the mapping of
 * the band below for a kernel of several md_homs. */
extern const char mdh_mark_kernel[];

/* The name of a mark right below the tile band of a group fused by
 * mdh-tile-fuse: the intermediates that only the group uses live, within
 * each tile, in buffers of the tile's footprint (mdh-codegen-cpu). */
extern const char mdh_mark_tile_buffers[];

/* The name of a mark above the point band of a statement that
 * mdh-codegen-cpu runs in register tiles (vector registers accumulating a
 * block of the result over the reduction). */
extern const char mdh_mark_register_tile[];

/* The name of a mark between the band of a register tile's blocks and its
 * band of row tiles, where mdh-codegen-cpu packs the panels the row tiles
 * read. */
extern const char mdh_mark_pack_panels[];

#endif
