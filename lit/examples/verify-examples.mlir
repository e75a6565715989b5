// Every example verifies through mdh-opt and through stock mlir-opt with the
// plugin. The plugin runs are checked for the pass's IR dump, since a plugin that
// fails to load is only a warning.

// PLUGIN: IR Dump After MdhVerify (mdh-verify)
// RUN: %mdh-opt --mdh-verify %examples/bmatmul.mlir | FileCheck %s --check-prefix=BMATMUL
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/bmatmul.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,BMATMUL
// RUN: %mdh-opt --mdh-verify %examples/ccsdt.mlir | FileCheck %s --check-prefix=CCSDT
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/ccsdt.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,CCSDT
// RUN: %mdh-opt --mdh-verify %examples/conv2d.mlir | FileCheck %s --check-prefix=CONV2D
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/conv2d.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,CONV2D
// RUN: %mdh-opt --mdh-verify %examples/dot.mlir | FileCheck %s --check-prefix=DOT
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/dot.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,DOT
// RUN: %mdh-opt --mdh-verify %examples/double_reduce.mlir | FileCheck %s --check-prefix=DOUBLE-REDUCE
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/double_reduce.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,DOUBLE-REDUCE
// RUN: %mdh-opt --mdh-verify %examples/histo.mlir | FileCheck %s --check-prefix=HISTO
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/histo.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,HISTO
// RUN: %mdh-opt --mdh-verify %examples/jacobi1d.mlir | FileCheck %s --check-prefix=JACOBI1D
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/jacobi1d.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,JACOBI1D
// RUN: %mdh-opt --mdh-verify %examples/jacobi3d.mlir | FileCheck %s --check-prefix=JACOBI3D
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/jacobi3d.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,JACOBI3D
// RUN: %mdh-opt --mdh-verify %examples/mandelbrot.mlir | FileCheck %s --check-prefix=MANDELBROT
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/mandelbrot.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,MANDELBROT
// RUN: %mdh-opt --mdh-verify %examples/map.mlir | FileCheck %s --check-prefix=MAP
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/map.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,MAP
// RUN: %mdh-opt --mdh-verify %examples/matmul.mlir | FileCheck %s --check-prefix=MATMUL
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/matmul.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,MATMUL
// RUN: %mdh-opt --mdh-verify %examples/matmul_t.mlir | FileCheck %s --check-prefix=MATMUL-T
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/matmul_t.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,MATMUL-T
// RUN: %mdh-opt --mdh-verify %examples/matvec.mlir | FileCheck %s --check-prefix=MATVEC
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/matvec.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,MATVEC
// RUN: %mdh-opt --mdh-verify %examples/mbbs.mlir | FileCheck %s --check-prefix=MBBS
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/mbbs.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,MBBS
// RUN: %mdh-opt --mdh-verify %examples/mcc.mlir | FileCheck %s --check-prefix=MCC
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/mcc.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,MCC
// RUN: %mdh-opt --mdh-verify %examples/mcc_capsule.mlir | FileCheck %s --check-prefix=MCC-CAPSULE
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/mcc_capsule.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,MCC-CAPSULE
// RUN: %mdh-opt --mdh-verify %examples/prl.mlir | FileCheck %s --check-prefix=PRL
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/prl.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,PRL
// RUN: %mdh-opt --mdh-verify %examples/reduce.mlir | FileCheck %s --check-prefix=REDUCE
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/reduce.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,REDUCE
// RUN: %mdh-opt --mdh-verify %examples/scan.mlir | FileCheck %s --check-prefix=SCAN
// RUN: %mlir-opt-mdh --pass-pipeline='builtin.module(mdh-verify)' --mlir-print-ir-after-all %examples/scan.mlir 2>&1 | FileCheck %s --check-prefixes=PLUGIN,SCAN

// BMATMUL-LABEL: func.func @bmatmul(
// BMATMUL: "mdh.md_hom"
// BMATMUL: "mdh.out_view"

// CCSDT-LABEL: func.func @ccsdt(
// CCSDT: "mdh.md_hom"
// CCSDT: "mdh.out_view"

// CONV2D-LABEL: func.func @conv2d(
// CONV2D: "mdh.md_hom"
// CONV2D: "mdh.out_view"

// DOT-LABEL: func.func @dot(
// DOT: "mdh.md_hom"
// DOT: "mdh.out_view"

// DOUBLE-REDUCE-LABEL: func.func @double_reduce(
// DOUBLE-REDUCE: "mdh.md_hom"
// DOUBLE-REDUCE: "mdh.out_view"

// HISTO-LABEL: func.func @histo(
// HISTO: "mdh.md_hom"
// HISTO: "mdh.out_view"

// JACOBI1D-LABEL: func.func @jacobi1d(
// JACOBI1D: "mdh.md_hom"
// JACOBI1D: "mdh.out_view"

// JACOBI3D-LABEL: func.func @jacobi3d(
// JACOBI3D: "mdh.md_hom"
// JACOBI3D: "mdh.out_view"

// MANDELBROT-LABEL: func.func @mandelbrot(
// MANDELBROT: "mdh.md_hom"
// MANDELBROT: "mdh.out_view"

// MAP-LABEL: func.func @map(
// MAP: "mdh.md_hom"
// MAP: "mdh.out_view"

// MATMUL-LABEL: func.func @matmul(
// MATMUL: "mdh.md_hom"
// MATMUL: "mdh.out_view"

// MATMUL-T-LABEL: func.func @matmul_t(
// MATMUL-T: "mdh.md_hom"
// MATMUL-T: "mdh.out_view"

// MATVEC-LABEL: func.func @matvec(
// MATVEC: "mdh.md_hom"
// MATVEC: "mdh.out_view"

// MBBS-LABEL: func.func @mbbs(
// MBBS: "mdh.md_hom"
// MBBS: "mdh.out_view"

// MCC-LABEL: func.func @mcc(
// MCC: "mdh.md_hom"
// MCC: "mdh.out_view"

// MCC-CAPSULE-LABEL: func.func @mcc_capsule(
// MCC-CAPSULE: "mdh.md_hom"
// MCC-CAPSULE: "mdh.out_view"

// PRL-LABEL: func.func @prl(
// PRL: "mdh.md_hom"
// PRL: "mdh.out_view"

// REDUCE-LABEL: func.func @reduce(
// REDUCE: "mdh.md_hom"
// REDUCE: "mdh.out_view"

// SCAN-LABEL: func.func @scan(
// SCAN: "mdh.md_hom"
// SCAN: "mdh.out_view"
