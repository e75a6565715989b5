/* mdh-run --emit-object: ahead-of-time compilation of an entry function into
 * a shared object that mdh-exec runs on machines without LLVM or MLIR
 * (docs/tools.md).
 *
 * The object exports the entry under its own name with MLIR's default
 * calling convention (expanded memref descriptors, as mdh-run calls it) and
 * its signature as the string MDH_SIGNATURE_PREFIX + name (see
 * tools/common/signature.h). The libraries the lowered code needs (the
 * OpenMP runtime, the mgpu* GPU host runtime, MLIR's c_runner_utils) are
 * DT_NEEDED entries found through a RUNPATH of "$ORIGIN", "$ORIGIN/../lib"
 * and then their directories on the build machine, so a bundle with the
 * object next to them (or in a sibling lib/) loads them from there. */

#ifndef MDH_RUN_EMIT_H
#define MDH_RUN_EMIT_H

#include "tools/common/args.h"

#include "mlir-c/IR.h"

/* Lowers "module" with the textual pass pipeline "pipeline"; returns -1
 * after reporting a failure on stderr. */
int mdh_run_lower(MlirContext ctx, MlirModule module, const char *pipeline);

/* Lowers a copy of "input" with the textual pass pipeline "pipeline",
 * translates it to LLVM IR, written to "out".ll, and compiles that with
 * clang -O2 into the shared object "out", for this machine's CPU if
 * "native" (-march=native, as mdh-run's JIT compiles: without it the
 * register tiles' 512-bit vectors become four 128-bit operations each, a
 * 512^3 MatMul 9.3 ms instead of 1.09). "entry" is the entry function and
 * "sig" its signature. The mgpu* runtime linked is $MDH_GPU_RUNTIME when set,
 * else libmdh_rt_cuda.so of the build; "extra_lib", if not NULL, is linked
 * too (libmdh_emulate.so for the block reductions of emulated kernels).
 * Returns -1 after reporting a failure on stderr. */
int mdh_emit_object(MlirContext ctx, MlirModule input, const char *pipeline,
                    const char *entry, const struct mdh_args *sig,
                    const char *extra_lib, int native, const char *out);

#endif
