/* Internal plumbing shared by the mdh passes: each pass is an external pass
 * anchored on builtin.module, described by one entry of the pass table. */

#ifndef MDH_PASSES_PASS_H
#define MDH_PASSES_PASS_H

#include "mlir-c/Pass.h"

#include <isl/ctx.h>

/* A pass's entry point: transforms "module"; on failure it emits a
 * diagnostic and returns failure (the caller signals the pass failure). */
typedef MlirLogicalResult (*mdh_pass_run_fn)(MlirOperation module);

struct mdh_pass_info {
  const char *name;        /* C++-style class name, e.g. "MdhVerify" */
  const char *argument;    /* pipeline name, e.g. "mdh-verify" */
  const char *description; /* one line for --help */
  mdh_pass_run_fn run;
};

/* The body of a polyhedral pass: verifies "module", then calls "fn" with one
 * isl context on every function that holds md_homs (each builds its own
 * model). Fails if verification or a call fails. */
MlirLogicalResult mdh_pass_run_per_function(MlirOperation module,
                                            int (*fn)(isl_ctx *ctx,
                                                      MlirOperation func));

/* The entry points, one per pass file. */
MlirLogicalResult mdh_verify_run(MlirOperation module);
MlirLogicalResult mdh_to_loops_run(MlirOperation module);
MlirLogicalResult mdh_schedule_run(MlirOperation module);
MlirLogicalResult mdh_print_schedule_run(MlirOperation module);
MlirLogicalResult mdh_codegen_cpu_run(MlirOperation module);
MlirLogicalResult mdh_coalesce_run(MlirOperation module);
MlirLogicalResult mdh_map_gpu_run(MlirOperation module);
MlirLogicalResult mdh_codegen_gpu_run(MlirOperation module);
MlirLogicalResult mdh_emulate_gpu_run(MlirOperation module);
MlirLogicalResult mdh_check_lowered_run(MlirOperation module);
MlirLogicalResult mdh_trim_device_link_run(MlirOperation module);
MlirLogicalResult mdh_kernel_args_run(MlirOperation module);
MlirLogicalResult mdh_from_linalg_run(MlirOperation module);
MlirLogicalResult mdh_tile_fuse_run(MlirOperation module);
MlirLogicalResult mdh_tile_fuse_gpu_run(MlirOperation module);
MlirLogicalResult mdh_pack_run(MlirOperation module);

#endif
