// The schedule tree of every example: the mdh.kinds mark records each
// dimension's combine kind; reduction (p) and scan (s) dimensions are never
// coincident (parallel), and a scan dimension keeps its own band (in order).

// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/bmatmul.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=BMATMUL
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/ccsdt.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=CCSDT
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/conv2d.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=CONV2D
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/dot.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=DOT
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/double_reduce.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=DOUBLE-REDUCE
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/histo.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=HISTO
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/jacobi1d.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=JACOBI1D
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/jacobi3d.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=JACOBI3D
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/mandelbrot.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=MANDELBROT
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/map.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=MAP
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/matmul.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=MATMUL
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/matmul_t.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=MATMUL-T
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/matvec.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=MATVEC
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/mbbs.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=MBBS
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/mcc.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=MCC
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/mcc_capsule.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=MCC-CAPSULE
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/prl.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=PRL
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/reduce.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=REDUCE
// RUN: %mdh-opt --mdh-schedule --mdh-print-schedule %examples/scan.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=SCAN

// BMATMUL-LABEL: // mdh.schedule of @bmatmul
// BMATMUL: domain: "{ S0[i0, i1, i2, i3] : 0 <= i0 <= 2 and 0 <= i1 <= 12 and 0 <= i2 <= 6 and 0 <= i3 <= 10 }"
// BMATMUL: mark: "mdh.kinds S0=cccp"
// BMATMUL: schedule: "[{ S0[i0, i1, i2, i3] -> [(i0)] }, { S0[i0, i1, i2, i3] -> [(i1)] }, { S0[i0, i1, i2, i3] -> [(i3)] }, { S0[i0, i1, i2, i3] -> [(i2)] }]"
// BMATMUL: permutable: 1
// BMATMUL: coincident: [ 1, 1, 0, 1 ]

// CCSDT-LABEL: // mdh.schedule of @ccsdt
// CCSDT: domain: "{ S0[i0, i1, i2, i3, i4, i5, i6] : 0 <= i0 <= 2 and 0 <= i1 <= 3 and 0 <= i2 <= 1 and 0 <= i3 <= 2 and 0 <= i4 <= 1 and 0 <= i5 <= 3 and 0 <= i6 <= 4 }"
// CCSDT: mark: "mdh.kinds S0=ccccccp"
// CCSDT: schedule: "[{ S0[i0, i1, i2, i3, i4, i5, i6] -> [(i0)] }, { S0[i0, i1, i2, i3, i4, i5, i6] -> [(i3)] }, { S0[i0, i1, i2, i3, i4, i5, i6] -> [(i4)] }, { S0[i0, i1, i2, i3, i4, i5, i6] -> [(i6)] }, { S0[i0, i1, i2, i3, i4, i5, i6] -> [(i2)] }, { S0[i0, i1, i2, i3, i4, i5, i6] -> [(i1)] }, { S0[i0, i1, i2, i3, i4, i5, i6] -> [(i5)] }]"
// CCSDT: permutable: 1
// CCSDT: coincident: [ 1, 1, 1, 0, 1, 1, 1 ]

// CONV2D-LABEL: // mdh.schedule of @conv2d
// CONV2D: domain: "{ S0[i0, i1, i2, i3] : 0 <= i0 <= 12 and 0 <= i1 <= 8 and 0 <= i2 <= 2 and 0 <= i3 <= 4 }"
// CONV2D: mark: "mdh.kinds S0=ccpp"
// CONV2D: schedule: "[{ S0[i0, i1, i2, i3] -> [(i0)] }, { S0[i0, i1, i2, i3] -> [(i2)] }, { S0[i0, i1, i2, i3] -> [(i3)] }, { S0[i0, i1, i2, i3] -> [(i1)] }]"
// CONV2D: permutable: 1
// CONV2D: coincident: [ 1, 0, 0, 1 ]

// DOT-LABEL: // mdh.schedule of @dot
// DOT: domain: "{ S0[i0] : 0 <= i0 <= 12 }"
// DOT: mark: "mdh.kinds S0=p"
// DOT: schedule: "[{ S0[i0] -> [(i0)] }]"
// DOT: permutable: 1

// DOUBLE-REDUCE-LABEL: // mdh.schedule of @double_reduce
// DOUBLE-REDUCE: domain: "{ S0[i0] : 0 <= i0 <= 46 }"
// DOUBLE-REDUCE: mark: "mdh.kinds S0=p"
// DOUBLE-REDUCE: schedule: "[{ S0[i0] -> [(i0)] }]"
// DOUBLE-REDUCE: permutable: 1

// HISTO-LABEL: // mdh.schedule of @histo
// HISTO: domain: "{ S0[i0, i1] : 0 <= i0 <= 6 and 0 <= i1 <= 40 }"
// HISTO: mark: "mdh.kinds S0=cp"
// HISTO: schedule: "[{ S0[i0, i1] -> [(i0)] }, { S0[i0, i1] -> [(i1)] }]"
// HISTO: permutable: 1
// HISTO: coincident: [ 1, 0 ]

// JACOBI1D-LABEL: // mdh.schedule of @jacobi1d
// JACOBI1D: domain: "{ S0[i0] : 0 <= i0 <= 28 }"
// JACOBI1D: mark: "mdh.kinds S0=c"
// JACOBI1D: schedule: "[{ S0[i0] -> [(i0)] }]"
// JACOBI1D: permutable: 1
// JACOBI1D: coincident: [ 1 ]

// JACOBI3D-LABEL: // mdh.schedule of @jacobi3d
// JACOBI3D: domain: "{ S0[i0, i1, i2] : 0 <= i0 <= 6 and 0 <= i1 <= 4 and 0 <= i2 <= 10 }"
// JACOBI3D: mark: "mdh.kinds S0=ccc"
// JACOBI3D: schedule: "[{ S0[i0, i1, i2] -> [(i0)] }, { S0[i0, i1, i2] -> [(i1)] }, { S0[i0, i1, i2] -> [(i2)] }]"
// JACOBI3D: permutable: 1
// JACOBI3D: coincident: [ 1, 1, 1 ]

// MANDELBROT-LABEL: // mdh.schedule of @mandelbrot
// MANDELBROT: domain: "{ S0[i0, i1] : 0 <= i0 <= 18 and 0 <= i1 <= 28 }"
// MANDELBROT: mark: "mdh.kinds S0=cc"
// MANDELBROT: schedule: "[{ S0[i0, i1] -> [(i0)] }, { S0[i0, i1] -> [(i1)] }]"
// MANDELBROT: permutable: 1
// MANDELBROT: coincident: [ 1, 1 ]

// MAP-LABEL: // mdh.schedule of @map
// MAP: domain: "{ S0[i0] : 0 <= i0 <= 52 }"
// MAP: mark: "mdh.kinds S0=c"
// MAP: schedule: "[{ S0[i0] -> [(i0)] }]"
// MAP: permutable: 1
// MAP: coincident: [ 1 ]

// MATMUL-LABEL: // mdh.schedule of @matmul
// MATMUL: domain: "{ S0[i0, i1, i2] : 0 <= i0 <= 12 and 0 <= i1 <= 6 and 0 <= i2 <= 10 }"
// MATMUL: mark: "mdh.kinds S0=ccp"
// MATMUL: schedule: "[{ S0[i0, i1, i2] -> [(i0)] }, { S0[i0, i1, i2] -> [(i2)] }, { S0[i0, i1, i2] -> [(i1)] }]"
// MATMUL: permutable: 1
// MATMUL: coincident: [ 1, 0, 1 ]

// MATMUL-T-LABEL: // mdh.schedule of @matmul_t
// MATMUL-T: domain: "{ S0[i0, i1, i2] : 0 <= i0 <= 12 and 0 <= i1 <= 6 and 0 <= i2 <= 10 }"
// MATMUL-T: mark: "mdh.kinds S0=ccp"
// MATMUL-T: schedule: "[{ S0[i0, i1, i2] -> [(i1)] }, { S0[i0, i1, i2] -> [(i2)] }, { S0[i0, i1, i2] -> [(i0)] }]"
// MATMUL-T: permutable: 1
// MATMUL-T: coincident: [ 1, 0, 1 ]

// MATVEC-LABEL: // mdh.schedule of @matvec
// MATVEC: domain: "{ S0[i0, i1] : 0 <= i0 <= 36 and 0 <= i1 <= 22 }"
// MATVEC: mark: "mdh.kinds S0=cp"
// MATVEC: schedule: "[{ S0[i0, i1] -> [(i0)] }, { S0[i0, i1] -> [(i1)] }]"
// MATVEC: permutable: 1
// MATVEC: coincident: [ 1, 0 ]

// MBBS-LABEL: // mdh.schedule of @mbbs
// MBBS: domain: "{ S0[i0, i1] : 0 <= i0 <= 12 and 0 <= i1 <= 6 }"
// MBBS: mark: "mdh.kinds S0=sp"
// MBBS: schedule: "[{ S0[i0, i1] -> [(i0)] }]"
// MBBS: permutable: 1
// MBBS: schedule: "[{ S0[i0, i1] -> [(i1)] }]"
// MBBS: permutable: 1

// MCC-LABEL: // mdh.schedule of @mcc
// MCC: domain: "{ S0[i0, i1, i2, i3, i4, i5, i6] : 0 <= i0 <= 1 and 0 <= i1 <= 4 and 0 <= i2 <= 2 and 0 <= i3 <= 6 and 0 <= i4 <= 2 and 0 <= i5 <= 1 and 0 <= i6 <= 4 }"
// MCC: mark: "mdh.kinds S0=ccccppp"
// MCC: schedule: "[{ S0[i0, i1, i2, i3, i4, i5, i6] -> [(i0)] }, { S0[i0, i1, i2, i3, i4, i5, i6] -> [(i1)] }, { S0[i0, i1, i2, i3, i4, i5, i6] -> [(i2)] }, { S0[i0, i1, i2, i3, i4, i5, i6] -> [(i4)] }, { S0[i0, i1, i2, i3, i4, i5, i6] -> [(i5)] }, { S0[i0, i1, i2, i3, i4, i5, i6] -> [(i3)] }, { S0[i0, i1, i2, i3, i4, i5, i6] -> [(i6)] }]"
// MCC: permutable: 1
// MCC: coincident: [ 1, 1, 1, 0, 0, 1, 0 ]

// MCC-CAPSULE-LABEL: // mdh.schedule of @mcc_capsule
// MCC-CAPSULE: domain: "{ S0[i0, i1, i2, i3, i4, i5, i6, i7, i8, i9] : 0 <= i0 <= 1 and 0 <= i1 <= 2 and 0 <= i2 <= 1 and 0 <= i3 <= 4 and 0 <= i4 <= 2 and 0 <= i5 <= 1 and 0 <= i6 <= 2 and 0 <= i7 <= 2 and 0 <= i8 <= 3 and 0 <= i9 <= 1 }"
// MCC-CAPSULE: mark: "mdh.kinds S0=ccccpppccp"
// MCC-CAPSULE: schedule: "[{ S0[i0, i1, i2, i3, i4, i5, i6, i7, i8, i9] -> [(i0)] }, { S0[i0, i1, i2, i3, i4, i5, i6, i7, i8, i9] -> [(i1)] }, { S0[i0, i1, i2, i3, i4, i5, i6, i7, i8, i9] -> [(i2)] }, { S0[i0, i1, i2, i3, i4, i5, i6, i7, i8, i9] -> [(i3)] }, { S0[i0, i1, i2, i3, i4, i5, i6, i7, i8, i9] -> [(i5)] }, { S0[i0, i1, i2, i3, i4, i5, i6, i7, i8, i9] -> [(i4)] }, { S0[i0, i1, i2, i3, i4, i5, i6, i7, i8, i9] -> [(i6)] }, { S0[i0, i1, i2, i3, i4, i5, i6, i7, i8, i9] -> [(i7)] }, { S0[i0, i1, i2, i3, i4, i5, i6, i7, i8, i9] -> [(i9)] }, { S0[i0, i1, i2, i3, i4, i5, i6, i7, i8, i9] -> [(i8)] }]"
// MCC-CAPSULE: permutable: 1
// MCC-CAPSULE: coincident: [ 1, 1, 1, 1, 0, 0, 0, 1, 0, 1 ]

// PRL-LABEL: // mdh.schedule of @prl
// PRL: domain: "{ S0[i0, i1] : 0 <= i0 <= 6 and 0 <= i1 <= 36 }"
// PRL: mark: "mdh.kinds S0=cp"
// PRL: schedule: "[{ S0[i0, i1] -> [(i1)] }, { S0[i0, i1] -> [(i0)] }]"
// PRL: permutable: 1
// PRL: coincident: [ 0, 1 ]

// REDUCE-LABEL: // mdh.schedule of @reduce
// REDUCE: domain: "{ S0[i0] : 0 <= i0 <= 60 }"
// REDUCE: mark: "mdh.kinds S0=p"
// REDUCE: schedule: "[{ S0[i0] -> [(i0)] }]"
// REDUCE: permutable: 1

// SCAN-LABEL: // mdh.schedule of @scan
// SCAN: domain: "{ S0[i0] : 0 <= i0 <= 42 }"
// SCAN: mark: "mdh.kinds S0=s"
// SCAN: schedule: "[{ S0[i0] -> [(i0)] }]"
// SCAN: permutable: 1
