//===-- mdh-c/Passes.h - C API of the mdh passes -----------------*- C -*-===//
//
// Every mdh pass is anchored on builtin.module and visits each function itself
// (scalar functions are module symbols).
//
// Threads with a context each may create and run the passes at the same time,
// with the contexts' multithreading on (the ctest threads checks it).
//
//===----------------------------------------------------------------------===//

#ifndef MDH_C_PASSES_H
#define MDH_C_PASSES_H

#include "mlir-c/Pass.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Creates the mdh-verify pass; the caller owns it until it is added to a pass
/// manager.
MlirPass mdhCreateVerifyPass(void);

/// Creates the mdh-to-loops pass (reference lowering to scf.for over memrefs).
MlirPass mdhCreateToLoopsPass(void);

/// Creates the mdh-schedule pass (polyhedral model and schedule tree in the
/// function attribute mdh.schedule).
MlirPass mdhCreateSchedulePass(void);

/// Creates the mdh-codegen-cpu pass (schedule tree -> isl AST -> scf loops).
MlirPass mdhCreateCodegenCpuPass(void);

/// Creates the mdh-coalesce pass (PANAMERA dimension flattening: merges
/// adjacent md_hom dimensions of one combine kind whose accesses are
/// contiguous, collapsing the buffers with memref.collapse_shape); the caller
/// owns it until it is added to a pass manager.
MlirPass mdhCreateCoalescePass(void);

/// Creates the mdh-map-gpu pass (forms the GPU kernels, kernel marks in the
/// schedule tree of mdh.schedule, and chooses each kernel's parallelism
/// mapping, stored in the md_hom's mdh.mapping or the kernel mark).
MlirPass mdhCreateMapGpuPass(void);

/// Creates the mdh-codegen-gpu pass (kernel marks -> gpu.launch kernels).
MlirPass mdhCreateCodegenGpuPass(void);

/// Creates the mdh-emulate-gpu pass (gpu.launch -> CPU loops, for checking
/// GPU code numerically without a GPU).
MlirPass mdhCreateEmulateGpuPass(void);

/// mdh-from-linalg: raises linalg structured ops on memrefs into mdh chains
/// (docs/passes.md, "Raising linalg"); ops it cannot raise stay as they are.
MlirPass mdhCreateFromLinalgPass(void);

/// mdh-pack: copies an input that keeps a md_hom from mdh-codegen-cpu's
/// register tiles (B of A B^T) into a transposed buffer by a md_hom before it
/// (docs/cpu.md, "Packing"); mdh-cpu-pipeline runs it after mdh-coalesce.
MlirPass mdhCreatePackPass(void);

/// mdh-tile-fuse: post-tiling fusion (basteln) on the tree in mdh.schedule,
/// between mdh-schedule and mdh-codegen-cpu (docs/passes.md).
MlirPass mdhCreateTileFusePass(void);

/// mdh-tile-fuse{target=gpu}: the same for the GPU pipelines, tiles whose
/// buffers fit a block's shared memory, a kernel mark above each group.
MlirPass mdhCreateTileFuseGpuPass(void);

/// Tells whether "mode" names a reduction mode of mdh-codegen-gpu: "atomic"
/// (partial results of several blocks are combined with atomics) or
/// "deterministic" (each block writes its partial result, a second kernel
/// combines them in a fixed order).
bool mdhIsReductionMode(MlirStringRef mode);

/// Tells whether "spec" is a mapping-index spec of mdh-map-gpu: a
/// non-negative integer K (every kernel takes its K-th best legal mapping),
/// or entries "[@FUNCTION:][KERNEL:]K" separated by ";" that address
/// functions and kernels (numbered from 0 in tree order); the most
/// specific entry that applies to a kernel wins.
bool mdhIsMappingIndexSpec(MlirStringRef spec);

/// Creates the mdh-gpu-options pass, which stores the options of
/// mdh-gpu-pipeline as module attributes for the passes after it: the
/// mapping-index spec "mapping" as mdh.mapping_index (an integer for a plain
/// K, else the string; read by mdh-map-gpu) and "reductionMode" as the
/// string mdh.reduction_mode (read by mdh-codegen-gpu). An empty value is
/// not given and leaves that attribute as it is; a given one replaces the
/// module's. Either attribute on a function still wins over the module's.
/// The pass copies both; it fails with an error at the module when a given
/// value is not valid (mdhIsMappingIndexSpec, mdhIsReductionMode). The
/// caller owns the pass until it is added to a pass manager.
MlirPass mdhCreateGpuOptionsPass(MlirStringRef mapping,
                                 MlirStringRef reductionMode);

/// Creates the mdh-isl-budget pass, which stores "budget" (non-negative; 0:
/// no limit) as the module attribute mdh.isl_budget: the most isl operations
/// the polyhedral work on one function may take before the pass fails with
/// a located error (a function's own attribute wins; without either, the
/// environment variable MDH_ISL_BUDGET, else a default of 1e8). The option
/// isl-budget of the mdh pipelines adds it. A negative budget fails the pass
/// with an error at the module. The caller owns the pass until it is added
/// to a pass manager.
MlirPass mdhCreateIslBudgetPass(int64_t budget);

/// Creates the mdh-vector-bits pass, which stores "bits" (128, 256 or 512)
/// as the module attribute mdh.vector_bits: the width of the vector
/// registers that mdh-codegen-cpu sizes its register tiles for (a function's
/// own attribute wins; without either, the host's widest). The option
/// vector-bits of mdh-cpu-pipeline adds it. Another width fails the pass
/// with an error at the module. The caller owns the pass until it is added
/// to a pass manager.
MlirPass mdhCreateVectorBitsPass(int64_t bits);

/// What a tuning record of mdh-tune gives a driver that holds the module
/// (mdh-run --tuning): stores the mapping-index spec "mapping" as the
/// module's mdh.mapping_index unless the module carries one already (the
/// user's attributes come first, then the driver's options, then the
/// record). Fails, storing nothing, when "mapping" is not a spec
/// (mdhIsMappingIndexSpec).
MlirLogicalResult mdhSetTunedMapping(MlirOperation module,
                                     MlirStringRef mapping);

/// Creates the mdh-tuning pass, which applies the tuning record "file" of
/// mdh-tune (JSON; docs/tools.md) for "pipeline" ("gpu", "gpu-emulated" or
/// "cpu") on "device" (empty: the only device the record holds entries
/// for) to the functions of the module: each entry for a function of that
/// name and type gives its kernel's mapping (mdh.mapping_index on the
/// module, unless the module or the function carries one) or its fusion
/// mode (mdh.fusion on the function, unless one is set or "keepFusion").
/// A record that cannot be read, or that holds several devices when none
/// is named, fails the pass with an error at the module. The option
/// tuning= of the mdh pipelines adds it. The caller owns the pass until it
/// is added to a pass manager.
MlirPass mdhCreateTuningPass(MlirStringRef file, MlirStringRef device,
                             MlirStringRef pipeline, bool keepFusion);

/// What mdh-tuning does, for drivers that hold the module (mdh-run
/// --tuning): calls "note" (if not NULL) with each choice applied, as text
/// ("@matvec kernel 0 takes mapping 3"), and returns their number, or -1
/// after an error at "module".
intptr_t mdhApplyTuning(MlirOperation module, MlirStringRef file,
                        MlirStringRef device, MlirStringRef pipeline,
                        bool keepFusion, MlirStringCallback note, void *user);

/// Reads the number of legal mappings of each kernel of "func" that
/// mdh-map-gpu stored (mdh.kernel_mappings, in the kernel numbering of
/// mdh.mapping_index: tree order) into "counts", at most "max" of them.
/// Returns the number of kernels, or -1 if mdh-map-gpu has not run on
/// "func".
intptr_t mdhGetKernelMappings(MlirOperation func, int64_t *counts,
                              intptr_t max);

/// Reads for each kernel of "func" whether its mapping combines partial
/// results of several threads or blocks (1, else 0), so that its
/// reduction mode ("atomic" or "deterministic") matters, as mdh-map-gpu
/// stored it (mdh.kernel_atomics, kernels numbered as in
/// mdhGetKernelMappings) into "flags", at most "max" of them. Returns the
/// number of kernels, or -1 if mdh-map-gpu has not run on "func".
intptr_t mdhGetKernelAtomics(MlirOperation func, int64_t *flags, intptr_t max);

/// Reads for each kernel of "func" whether its mapping stages tiles in
/// shared memory step by step (1, else 0), so that double buffering
/// (mdh.double_buffer) matters, as mdh-map-gpu stored it
/// (mdh.kernel_staged, kernels numbered as in mdhGetKernelMappings) into
/// "flags", at most "max" of them. Returns the number of kernels, or -1 if
/// mdh-map-gpu has not run on "func".
intptr_t mdhGetKernelStaged(MlirOperation func, int64_t *flags, intptr_t max);

/// Tells whether "mode" names a fusion mode of mdh-tile-fuse: "basteln"
/// (the default), "none" or "single" (mdh.fusion).
bool mdhIsFusionMode(MlirStringRef mode);

/// Creates the mdh-fusion pass, which sets mdh.fusion = "mode" ("none":
/// mdh-tile-fuse leaves the schedules alone; "single": independent chains
/// share a group) on the module unless it carries a mode already; a null
/// pass for another mode. The option fusion= of the mdh pipelines adds it.
/// The caller owns the pass until it is added to a pass manager.
MlirPass mdhCreateFusionPass(MlirStringRef mode);

/// mdhCreateFusionPass("none").
MlirPass mdhCreateNoFusionPass(void);

/// Marks "op" (a module or function) device-resident: the memref arguments
/// of its functions are device memory already (allocated by the caller,
/// e.g. with cudaMalloc), which mdh-codegen-gpu's kernels use in place,
/// with no copies to or from the host (`mdh.device_resident`). A function
/// whose host code would access their elements is refused.
void mdhSetDeviceResident(MlirOperation op);

/// Creates the mdh-device-resident pass, which calls mdhSetDeviceResident
/// on the module: the option device-resident=true of the GPU pipelines.
/// The caller owns the pass until it is added to a pass manager.
MlirPass mdhCreateDeviceResidentPass(void);

/// Tells whether the NVIDIA chip "chip" ("sm_80", "sm_90a", ...) has
/// cp.async (sm_80 and later), which the double-buffered tiled kernels of
/// mdh-codegen-gpu copy with; a name it cannot read counts as having it.
int mdhChipHasAsyncCopy(MlirStringRef chip);

/// Creates the mdh-no-async-copy pass, which sets `mdh.async_copy = false`
/// on the module unless it carries its own: mdh-gpu-pipeline adds it for a
/// chip without cp.async (mdhChipHasAsyncCopy). The caller owns the pass
/// until it is added to a pass manager.
MlirPass mdhCreateNoAsyncCopyPass(void);

/// Creates the mdh-reassociate pass, which sets the unit attribute
/// mdh.reassociate on the module: mdh-from-linalg may then reassociate
/// floating-point reductions (C += A B becomes one md_hom accumulating into
/// C; its sum may round differently). The option reassociate of
/// mdh-from-linalg adds it. The caller owns the pass until it is added to
/// a pass manager.
MlirPass mdhCreateReassociatePass(void);

/// What mdh-fusion does, for drivers that hold the module: sets
/// mdh.fusion = "mode" on "module" unless it carries a mode already.
void mdhSetFusion(MlirOperation module, MlirStringRef mode);

/// mdhSetFusion(module, "none").
void mdhSetNoFusion(MlirOperation module);

/// What mdh-gpu-options does, for drivers that hold the module: checks
/// "mapping" and "reductionMode" and stores the non-empty ones as
/// attributes of "op" (the module, or one function). Fails, setting
/// nothing, if a given value is not valid.
MlirLogicalResult mdhSetGpuOptions(MlirOperation op, MlirStringRef mapping,
                                   MlirStringRef reductionMode);

/// The textual pass pipeline (for mlirParsePassPipeline) from mdh ops to the
/// LLVM dialect with kernels for NVIDIA GPUs embedded as a gpu.binary:
/// mdh-coalesce, mdh-schedule, mdh-map-gpu, mdh-codegen-gpu, then the
/// upstream NVVM lowering linking the device runtime "deviceLib". NULL or ""
/// selects the defaults: chip sm_90, features +ptx80, format bin when ptxas
/// is found (mdhHavePtxas) else isa, deviceLib libmdh_device.bc in
/// mdhGetLibDir(). Returns a string to free() (NULL if out of memory).
char *mdhGpuPipelineText(const char *chip, const char *features,
                         const char *format, const char *deviceLib);

/// The same front end, then mdh-emulate-gpu and the CPU lowering: runs the
/// generated kernels on the CPU with the host build of the device runtime
/// (libmdh_emulate.so). Returns a string to free().
char *mdhGpuEmulatedPipelineText(void);

/// The textual pass pipeline from mdh ops to the LLVM dialect for the CPU:
/// mdh-coalesce, mdh-schedule, mdh-codegen-cpu, inlining, then the upstream
/// lowering. With "openmp", the scf.parallel loops of mdh-codegen-cpu are
/// lowered to OpenMP (the code then calls an OpenMP runtime such as libomp);
/// without, they run sequentially. Returns a string to free() (NULL if out
/// of memory).
char *mdhCpuPipelineText(bool openmp);

/// The directory of the mdh runtime libraries: $MDH_LIB_DIR, else the
/// directory of the library that holds this function (the plugin or
/// libMdhCAPI.so) if it holds libmdh_device.bc, else lib/ beside the
/// directory of the program (bin/ of a build tree or an installed prefix).
/// And whether ptxas is found ($CUDA_HOME/bin, else
/// /usr/local/cuda/bin).
const char *mdhGetLibDir(void);
int mdhHavePtxas(void);

/// Registers every mdh pass in MLIR's global pass registry, so that textual
/// pipelines (mlirParsePassPipeline, --pass-pipeline) can name them.
/// Registering twice is a no-op; threads may call it at the same time (the
/// first registers, the others wait until it is done).
void mdhRegisterPasses(void);

/// Number of mdh passes, and the argument (e.g. "mdh-verify") and one-line
/// description of pass "pos" (static strings).
intptr_t mdhGetNumPasses(void);
MlirStringRef mdhGetPassArgument(intptr_t pos);
MlirStringRef mdhGetPassDescription(intptr_t pos);

/// Creates pass "pos" of the list above (caller owns it).
MlirPass mdhCreatePass(intptr_t pos);

#ifdef __cplusplus
}
#endif

#endif // MDH_C_PASSES_H
