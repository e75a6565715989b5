//===- plugin.cpp - Registration shim for the mdh passes ------------------===//
//
// The only C++ in mdh-mlir. MLIR's C API has no pass registry, so this file
// registers the C passes (passes/pass.c) with mlir::registerPass, which
// makes them nameable in textual pipelines, the CPU pipeline, and the GPU
// pipelines, whose options reach the C passes as module attributes
// (mdh-gpu-options). Built
// twice: into mdh-opt (through mdhRegisterPasses) and, with MDH_BUILD_PLUGIN,
// as the entry point of mdh-plugin.so for `mlir-opt --load-pass-plugin`.
//
//===----------------------------------------------------------------------===//

#include "mdh-c/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <memory>
#include <mutex>
#include <string>

namespace {
using ErrorHandler =
    llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)>;

// Options of every mdh pipeline: the isl budget and the tuning record.
template <typename Self>
struct CommonOptions : public mlir::PassPipelineOptions<Self> {
  template <typename T> using Option = mlir::detail::PassOptions::Option<T>;

  Option<int64_t> islBudget{
      *this, "isl-budget",
      llvm::cl::desc("the most isl operations the polyhedral work on one "
                     "function may take (0: no limit; mdh.isl_budget)"),
      llvm::cl::init(-1)};
  Option<std::string> tuning{
      *this, "tuning",
      llvm::cl::desc("a tuning record of mdh-tune (JSON) whose choices for "
                     "this pipeline apply where the module and the options "
                     "set none (mdh-tuning)"),
      llvm::cl::init("")};
  Option<std::string> tuningDevice{
      *this, "tuning-device",
      llvm::cl::desc("the device of the tuning record's entries to take "
                     "(default: its only one)"),
      llvm::cl::init("")};
};

// Options of both GPU pipelines that mdh-gpu-options (mdhCreateGpuOptionsPass)
// stores as module attributes for the C passes: external passes have no
// options of their own. Not given: mapping "", reduction-mode "".
struct GpuFrontOptions : public CommonOptions<GpuFrontOptions> {
  Option<std::string> mapping{
      *this, "mapping",
      llvm::cl::desc("K: take each kernel's K-th best legal mapping, for "
                     "sweeps; entries [@FUNCTION:][KERNEL:]K separated by ';' "
                     "address functions and kernels (numbered in tree order) "
                     "(mdh.mapping_index; a function's own wins)"),
      llvm::cl::init("")};
  Option<std::string> fusion{
      *this, "fusion",
      llvm::cl::desc("post-tiling fusion of mdh-tile-fuse: basteln "
                     "(default: each group one kernel, its intermediates in "
                     "shared memory), single (independent chains in one "
                     "group) or none (mdh.fusion)"),
      llvm::cl::init("basteln")};
  Option<bool> deviceResident{
      *this, "device-resident",
      llvm::cl::desc("the functions' memref arguments are device memory "
                     "(the caller's), used by the kernels in place: no "
                     "copies to or from the host (mdh.device_resident)"),
      llvm::cl::init(false)};
  Option<std::string> reductionMode{
      *this, "reduction-mode",
      llvm::cl::desc("atomic (default: partial results of several blocks "
                     "combined with atomics) or deterministic (per-block "
                     "partial results, combined in a fixed order by a second "
                     "kernel) (mdh.reduction_mode; a function's own wins)"),
      llvm::cl::init("")};
};

// Options of mdh-gpu-pipeline; the pipeline text itself is built in C
// (mdhGpuPipelineText).
struct GpuPipelineOptions : public GpuFrontOptions {
  Option<std::string> chip{*this, "chip", llvm::cl::desc("GPU chip"),
                           llvm::cl::init("sm_90")};
  Option<std::string> features{*this, "features",
                               llvm::cl::desc("PTX features"),
                               llvm::cl::init("+ptx80")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("bin, isa or fatbin (default: bin when ptxas is found, "
                     "else isa)"),
      llvm::cl::init("")};
  Option<std::string> deviceLib{
      *this, "device-lib",
      llvm::cl::desc("device runtime bitcode (default: libmdh_device.bc in "
                     "the mdh library directory)"),
      llvm::cl::init("")};
};

// Options of mdh-cpu-pipeline (mdhCpuPipelineText).
struct CpuPipelineOptions : public CommonOptions<CpuPipelineOptions> {
  Option<bool> openmp{
      *this, "openmp",
      llvm::cl::desc("lower the parallel loops to OpenMP (the code then "
                     "calls an OpenMP runtime such as libomp)"),
      llvm::cl::init(false)};
  Option<std::string> fusion{
      *this, "fusion",
      llvm::cl::desc("post-tiling fusion of mdh-tile-fuse: basteln "
                     "(default), single (independent chains in one group) "
                     "or none (mdh.fusion)"),
      llvm::cl::init("basteln")};
  Option<int64_t> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("the width of the vector registers that the register "
                     "tiles of mdh-codegen-cpu are sized for: 128, 256 or "
                     "512 (default: the host's widest; mdh.vector_bits)"),
      llvm::cl::init(0)};
};

// Checks the isl-budget option "budget" of pipeline "name" and, when it is
// "given", adds mdh-isl-budget to "pm".
mlir::LogicalResult addIslBudget(mlir::OpPassManager &pm, llvm::StringRef name,
                                 bool given, int64_t budget,
                                 ErrorHandler error) {
  if (!given)
    return mlir::success();
  if (budget < 0)
    return error(name + ": isl-budget must be a non-negative integer, got " +
                 llvm::Twine(budget));
  pm.addPass(
      std::unique_ptr<mlir::Pass>(unwrap(mdhCreateIslBudgetPass(budget))));
  return mlir::success();
}

// Adds the passes of "text", a "builtin.module(...)" pipeline, to "pm".
void addPipeline(mlir::OpPassManager &pm, char *text) {
  std::string s(text ? text : "");
  std::free(text);
  std::string prefix = "builtin.module(";
  if (s.compare(0, prefix.size(), prefix) == 0 && !s.empty())
    s = s.substr(prefix.size(), s.size() - prefix.size() - 1);
  (void)mlir::parsePassPipeline(s, pm);
}

// Checks the fusion option "fusion" of pipeline "name" and, for a mode
// other than the default, adds mdh-fusion to "pm".
mlir::LogicalResult addFusion(mlir::OpPassManager &pm, llvm::StringRef name,
                              const std::string &fusion, ErrorHandler error) {
  MlirStringRef mode = mlirStringRefCreate(fusion.data(), fusion.size());

  if (!mdhIsFusionMode(mode))
    return error(name + ": fusion must be basteln, none or single, got '" +
                 fusion + "'");
  if (fusion != "basteln")
    pm.addPass(std::unique_ptr<mlir::Pass>(unwrap(mdhCreateFusionPass(mode))));
  return mlir::success();
}

// Adds mdh-tuning for the record "file" (if given), for "pipeline", to
// "pm"; "keepFusion" when the pipeline's fusion option was given.
void addTuning(mlir::OpPassManager &pm, const std::string &file,
               const std::string &device, const char *pipeline,
               bool keepFusion) {
  if (file.empty())
    return;
  pm.addPass(std::unique_ptr<mlir::Pass>(unwrap(mdhCreateTuningPass(
      mlirStringRefCreate(file.data(), file.size()),
      mlirStringRefCreate(device.data(), device.size()),
      mlirStringRefCreateFromCString(pipeline), keepFusion))));
}

// Checks the options "o" of pipeline "name" and, when any is given, adds
// mdh-gpu-options to "pm". A bad value fails through "error", so that the
// pipeline does not parse instead of running with a default.
mlir::LogicalResult addGpuOptions(mlir::OpPassManager &pm, llvm::StringRef name,
                                  const char *pipeline,
                                  const GpuFrontOptions &o,
                                  ErrorHandler error) {
  const std::string &mode = o.reductionMode;
  const std::string &mapping = o.mapping;

  if (o.mapping.hasValue() && !mdhIsMappingIndexSpec(mlirStringRefCreate(
                                  mapping.data(), mapping.size())))
    return error(name +
                 ": mapping must be a non-negative integer K or entries "
                 "[@FUNCTION:][KERNEL:]K separated by ';', got '" +
                 mapping + "'");
  if (!mode.empty() &&
      !mdhIsReductionMode(mlirStringRefCreate(mode.data(), mode.size())))
    return error(name +
                 ": reduction-mode must be 'atomic' or "
                 "'deterministic', got '" +
                 mode + "'");
  if (mlir::failed(
          addIslBudget(pm, name, o.islBudget.hasValue(), o.islBudget, error)))
    return mlir::failure();
  if (mlir::failed(addFusion(pm, name, o.fusion, error)))
    return mlir::failure();
  if (!mapping.empty() || !mode.empty())
    pm.addPass(std::unique_ptr<mlir::Pass>(unwrap(mdhCreateGpuOptionsPass(
        mlirStringRefCreate(mapping.data(), mapping.size()),
        mlirStringRefCreate(mode.data(), mode.size())))));
  if (o.deviceResident)
    pm.addPass(
        std::unique_ptr<mlir::Pass>(unwrap(mdhCreateDeviceResidentPass())));
  addTuning(pm, o.tuning, o.tuningDevice, pipeline, o.fusion.hasValue());
  return mlir::success();
}

// Registers pipeline "name" with options "Options": "build" adds its passes
// or fails through the error handler. PassPipelineRegistration's builder
// cannot fail, so a bad option value would only surface when it runs.
template <typename Options>
void registerPipeline(llvm::StringRef name, llvm::StringRef description,
                      mlir::LogicalResult (*build)(mlir::OpPassManager &,
                                                   const Options &,
                                                   ErrorHandler)) {
  mlir::registerPassPipeline(
      name, description,
      [build](mlir::OpPassManager &pm, llvm::StringRef text,
              ErrorHandler error) {
        Options o;
        if (mlir::failed(o.parseFromString(text)))
          return mlir::failure();
        return build(pm, o, error);
      },
      [](llvm::function_ref<void(const mlir::detail::PassOptions &)> show) {
        show(Options());
      });
}

mlir::LogicalResult buildGpuPipeline(mlir::OpPassManager &pm,
                                     const GpuPipelineOptions &o,
                                     ErrorHandler error) {
  // gpu-module-to-binary reports an unknown format without failing, and
  // the pipeline would exit 0 with its kernels never compiled.
  // The values gpu-module-to-binary knows (GPU/Transforms/ModuleToBinary).
  static const char *const formats[] = {"",         "bin",       "isa",
                                        "fatbin",   "llvm",      "binary",
                                        "assembly", "fatbinary", "offloading"};
  const std::string &format = o.format;
  if (std::find(std::begin(formats), std::end(formats), format) ==
      std::end(formats))
    return error(
        "mdh-gpu-pipeline: format must be bin, isa, fatbin or llvm, got '" +
        format + "'");
  if (mlir::failed(addGpuOptions(pm, "mdh-gpu-pipeline", "gpu", o, error)))
    return mlir::failure();
  const std::string &chip = o.chip;
  if (!mdhChipHasAsyncCopy(mlirStringRefCreate(chip.data(), chip.size())))
    pm.addPass(std::unique_ptr<mlir::Pass>(unwrap(mdhCreateNoAsyncCopyPass())));
  addPipeline(pm, mdhGpuPipelineText(o.chip.c_str(), o.features.c_str(),
                                     o.format.c_str(), o.deviceLib.c_str()));
  return mlir::success();
}

mlir::LogicalResult buildGpuEmulatedPipeline(mlir::OpPassManager &pm,
                                             const GpuFrontOptions &o,
                                             ErrorHandler error) {
  if (mlir::failed(addGpuOptions(pm, "mdh-gpu-emulated-pipeline",
                                 "gpu-emulated", o, error)))
    return mlir::failure();
  addPipeline(pm, mdhGpuEmulatedPipelineText());
  return mlir::success();
}

mlir::LogicalResult buildCpuPipeline(mlir::OpPassManager &pm,
                                     const CpuPipelineOptions &o,
                                     ErrorHandler error) {
  if (mlir::failed(addIslBudget(pm, "mdh-cpu-pipeline", o.islBudget.hasValue(),
                                o.islBudget, error)))
    return mlir::failure();
  if (mlir::failed(addFusion(pm, "mdh-cpu-pipeline", o.fusion, error)))
    return mlir::failure();
  addTuning(pm, o.tuning, o.tuningDevice, "cpu", o.fusion.hasValue());
  if (o.vectorBits.hasValue()) {
    if (o.vectorBits != 128 && o.vectorBits != 256 && o.vectorBits != 512)
      return error("mdh-cpu-pipeline: vector-bits must be 128, 256 or 512, "
                   "got " +
                   llvm::Twine(o.vectorBits));
    pm.addPass(std::unique_ptr<mlir::Pass>(
        unwrap(mdhCreateVectorBitsPass(o.vectorBits))));
  }
  addPipeline(pm, mdhCpuPipelineText(o.openmp));
  return mlir::success();
}

// Options of mdh-from-linalg, which is registered as a pipeline so that it
// can take them (an external pass has no options).
struct FromLinalgOptions : public mlir::PassPipelineOptions<FromLinalgOptions> {
  Option<bool> reassociate{
      *this, "reassociate",
      llvm::cl::desc("let floating-point reductions be reassociated: C += A "
                     "B becomes one md_hom accumulating into C (its sum may "
                     "round differently)"),
      llvm::cl::init(false)};
};

mlir::LogicalResult buildFromLinalg(mlir::OpPassManager &pm,
                                    const FromLinalgOptions &o, ErrorHandler) {
  if (o.reassociate)
    pm.addPass(std::unique_ptr<mlir::Pass>(unwrap(mdhCreateReassociatePass())));
  pm.addPass(std::unique_ptr<mlir::Pass>(unwrap(mdhCreateFromLinalgPass())));
  return mlir::success();
}

// Options of mdh-tile-fuse, which is registered as a pipeline so that it
// can take them.
struct TileFuseOptions : public mlir::PassPipelineOptions<TileFuseOptions> {
  Option<std::string> target{
      *this, "target",
      llvm::cl::desc("cpu (default: tiles for the caches, per-tile buffers "
                     "on the heap) or gpu (tiles whose buffers fit a block's "
                     "shared memory, a kernel mark per group)"),
      llvm::cl::init("cpu")};
};

mlir::LogicalResult buildTileFuse(mlir::OpPassManager &pm,
                                  const TileFuseOptions &o,
                                  ErrorHandler error) {
  if (o.target != "cpu" && o.target != "gpu")
    return error("mdh-tile-fuse: target must be cpu or gpu, got '" +
                 llvm::Twine(o.target) + "'");
  pm.addPass(std::unique_ptr<mlir::Pass>(
      unwrap(o.target == "gpu" ? mdhCreateTileFuseGpuPass()
                               : mdhCreateTileFusePass())));
  return mlir::success();
}

// Registers everything in MLIR's global registry, which has no lock.
void registerAll() {
  llvm::StringRef fromLinalg = "mdh-from-linalg", tileFuse = "mdh-tile-fuse";
  for (intptr_t pos = 0, e = mdhGetNumPasses(); pos < e; ++pos) {
    MlirStringRef arg = mdhGetPassArgument(pos);
    if (fromLinalg == llvm::StringRef(arg.data, arg.length) ||
        tileFuse == llvm::StringRef(arg.data, arg.length))
      continue;
    mlir::registerPass([pos]() -> std::unique_ptr<mlir::Pass> {
      return std::unique_ptr<mlir::Pass>(unwrap(mdhCreatePass(pos)));
    });
  }
  registerPipeline<FromLinalgOptions>(
      fromLinalg,
      "Raise linalg structured ops on memrefs into mdh chains (the pass "
      "mdh-from-linalg; reassociate=true first sets mdh.reassociate on the "
      "module)",
      &buildFromLinalg);
  registerPipeline<TileFuseOptions>(
      tileFuse,
      "Post-tiling fusion (basteln) on the tree in mdh.schedule: tiles the "
      "output band of each group and fuses its producers into the tiles "
      "with extension nodes (overlapped tiles recompute, intermediates "
      "live in per-tile buffers); target=gpu sizes the tiles for shared "
      "memory and marks each group as one kernel",
      &buildTileFuse);
  registerPipeline<GpuPipelineOptions>(
      "mdh-gpu-pipeline",
      "mdh ops to LLVM with NVIDIA kernels embedded (mdh-coalesce, "
      "mdh-schedule, mdh-tile-fuse, mdh-map-gpu, mdh-codegen-gpu, then the "
      "NVVM lowering "
      "linking the device runtime)",
      &buildGpuPipeline);
  registerPipeline<GpuFrontOptions>(
      "mdh-gpu-emulated-pipeline",
      "mdh ops to LLVM for the CPU through the GPU code generator: the "
      "kernels run on the CPU (mdh-emulate-gpu) with libmdh_emulate.so",
      &buildGpuEmulatedPipeline);
  registerPipeline<CpuPipelineOptions>(
      "mdh-cpu-pipeline",
      "mdh ops to LLVM for the CPU (mdh-coalesce, mdh-pack, mdh-schedule, "
      "mdh-codegen-cpu, then the upstream lowering; parallel loops through "
      "OpenMP with openmp=true)",
      &buildCpuPipeline);
}
} // namespace

// Once per process, also when several threads with a context each call it
// at the same time: the registry is global and unlocked, so the others wait
// until the first call has registered everything.
extern "C" void mdhRegisterPasses(void) {
  static std::once_flag once;
  std::call_once(once, &registerAll);
}

#ifdef MDH_BUILD_PLUGIN
extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "mdh", "0.1", &mdhRegisterPasses};
}
#endif
