# lit configuration of mdh-mlir: one folder per pass, exec/ for run-and-compare.
import os
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "mdh"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.mdh_obj_root, "lit")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in", "Inputs"]

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.mdh_bin_dir, append_path=True)

irdl = os.path.join(config.mdh_share_dir, "mdh.irdl.mlir")
plugin = os.path.join(config.mdh_lib_dir, "mdh-plugin.so")
mlir_opt = os.path.join(config.llvm_tools_dir, "mlir-opt")

# Under ASan, the uninstrumented mlir-opt must preload the sanitizer runtime to
# load our instrumented plugin.
if config.mdh_asan:
    mlir_opt = "env LD_PRELOAD=%s %s" % (config.mdh_asan_runtime, mlir_opt)

# Substitutions are applied in order, in one pass: longer names first.
config.substitutions.insert(
    0, ("%mlir-opt-mdh", "%s --irdl-file=%s --load-pass-plugin=%s" % (mlir_opt, irdl, plugin)))
config.substitutions.insert(1, ("%mdh-opt", os.path.join(config.mdh_bin_dir, "mdh-opt")))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%mdh_irdl", irdl))
config.substitutions.append(("%mdh_plugin", plugin))
config.substitutions.append(
    ("%ref_examples", os.path.join(config.mdh_obj_root, "test", "ref_examples")))
config.substitutions.append(("%mdh_src", config.mdh_src_root))
config.substitutions.append(("%examples", os.path.join(config.mdh_src_root, "examples")))

# Runs with OpenMP: LeakSanitizer cannot stop libomp's worker threads at
# exit and aborts, so under ASan those runs check addresses but not leaks
# (the same programs are leak-checked without OpenMP).
omp = "env OMP_NUM_THREADS=2"
if config.mdh_asan:
    omp += " ASAN_OPTIONS=detect_leaks=0"
config.substitutions.append(("%omp", omp))
config.substitutions.append(("%libomp", config.mdh_openmp_runtime))

# MLIR's runtime helpers for mlir-runner (printMemrefF32, memrefCopy).
llvm_lib_dir = os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")
config.substitutions.append(
    ("%mlir_c_runner_utils", os.path.join(llvm_lib_dir, "libmlir_c_runner_utils.so")))
config.substitutions.append(
    ("%mlir_runner_utils", os.path.join(llvm_lib_dir, "libmlir_runner_utils.so")))
config.substitutions.append(
    ("%mdh_emulate", os.path.join(config.mdh_lib_dir, "libmdh_emulate.so")))

if config.mdh_asan:
    config.available_features.add("asan")
    # LLVM's own libraries are not instrumented; only our code is checked.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0"
    config.environment["LSAN_OPTIONS"] = "suppressions=%s" % os.path.join(
        config.mdh_src_root, "scripts", "lsan.supp")

# A host whose CPU has fused multiply-add (x86 "fma" in /proc/cpuinfo):
# code compiled for it (-march=native) uses vfmadd instructions.
try:
    with open("/proc/cpuinfo") as f:
        if any(l.startswith("flags") and " fma " in l + " " for l in f):
            config.available_features.add("host-fma")
except OSError:
    pass

# GPU tools and runtimes. ptxas comes from the CUDA toolkit (docs/gpu.md);
# tests that assemble kernels say REQUIRES: ptxas, tests that run kernels
# REQUIRES: cuda-gpu (a device with a driver, never on CI).
import shutil
cuda_home = os.environ.get("CUDA_HOME", "/usr/local/cuda")
ptxas = shutil.which("ptxas") or os.path.join(cuda_home, "bin", "ptxas")
if os.access(ptxas, os.X_OK):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
if os.path.exists("/dev/nvidia0") and shutil.which("nvidia-smi"):
    config.available_features.add("cuda-gpu")
config.substitutions.append(("%mdh_rt_mock", os.path.join(config.mdh_lib_dir, "libmdh_rt_mock.so")))
config.substitutions.append(("%mdh_rt_cuda", os.path.join(config.mdh_lib_dir, "libmdh_rt_cuda.so")))
config.substitutions.append(("%mdh_fake_cuda", os.path.join(config.mdh_lib_dir, "libmdh_fake_cuda.so")))
config.substitutions.append(("%mdh_device_bc", os.path.join(config.mdh_lib_dir, "libmdh_device.bc")))
config.substitutions.append(("%extract_ptx", "%s %s" % (sys.executable, os.path.join(config.mdh_src_root, "scripts", "extract-ptx.py"))))
