//===- plugin.cpp - Registration shim for the mdh passes ------------------===//
//
// The only C++ in mdh-mlir. MLIR's C API has no pass registry, so this file
// registers the C passes (passes/registry.c) with mlir::registerPass, which
// makes them nameable in textual pipelines. Built twice: into mdh-opt (through
// mdhRegisterPasses) and, with MDH_BUILD_PLUGIN, as the entry point of
// mdh-plugin.so for `mlir-opt --load-pass-plugin`.
//
//===----------------------------------------------------------------------===//

#include "mdh-c/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

#include <cstdlib>
#include <memory>
#include <string>

namespace {
// Options of mdh-gpu-pipeline; the pipeline text itself is built in C
// (mdhGpuPipelineText). The mapping is chosen per md_hom by mdh-map-gpu:
// a module attribute mdh.mapping_index = K picks the K-th best legal one.
struct GpuPipelineOptions
    : public mlir::PassPipelineOptions<GpuPipelineOptions> {
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

// Adds the passes of "text", a "builtin.module(...)" pipeline, to "pm".
void addPipeline(mlir::OpPassManager &pm, char *text) {
  std::string s(text ? text : "");
  std::free(text);
  std::string prefix = "builtin.module(";
  if (s.compare(0, prefix.size(), prefix) == 0 && !s.empty())
    s = s.substr(prefix.size(), s.size() - prefix.size() - 1);
  (void)mlir::parsePassPipeline(s, pm);
}
} // namespace

extern "C" void mdhRegisterPasses(void) {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  for (intptr_t pos = 0, e = mdhGetNumPasses(); pos < e; ++pos)
    mlir::registerPass([pos]() -> std::unique_ptr<mlir::Pass> {
      return std::unique_ptr<mlir::Pass>(unwrap(mdhCreatePass(pos)));
    });
  mlir::PassPipelineRegistration<GpuPipelineOptions>(
      "mdh-gpu-pipeline",
      "mdh ops to LLVM with NVIDIA kernels embedded (mdh-coalesce, "
      "mdh-schedule, mdh-map-gpu, mdh-codegen-gpu, then the NVVM lowering "
      "linking the device runtime)",
      [](mlir::OpPassManager &pm, const GpuPipelineOptions &o) {
        addPipeline(pm, mdhGpuPipelineText(o.chip.c_str(), o.features.c_str(),
                                           o.format.c_str(),
                                           o.deviceLib.c_str()));
      });
  mlir::PassPipelineRegistration<>(
      "mdh-gpu-emulated-pipeline",
      "mdh ops to LLVM for the CPU through the GPU code generator: the "
      "kernels run on the CPU (mdh-emulate-gpu) with libmdh_emulate.so",
      [](mlir::OpPassManager &pm) {
        addPipeline(pm, mdhGpuEmulatedPipelineText());
      });
}

#ifdef MDH_BUILD_PLUGIN
extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "mdh", "0.1", &mdhRegisterPasses};
}
#endif
