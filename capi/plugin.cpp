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
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

#include <memory>

extern "C" void mdhRegisterPasses(void) {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  for (intptr_t pos = 0, e = mdhGetNumPasses(); pos < e; ++pos)
    mlir::registerPass([pos]() -> std::unique_ptr<mlir::Pass> {
      return std::unique_ptr<mlir::Pass>(unwrap(mdhCreatePass(pos)));
    });
}

#ifdef MDH_BUILD_PLUGIN
extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "mdh", "0.1", &mdhRegisterPasses};
}
#endif
