// Input that crashes MLIR 22's own parser is an error of mdh-opt and mdh-run
// (tools/common/guard.c; found by mdh-fuzz-opt,
// test/fuzz/regressions/opt/index-dense-array).
// RUN: not %mdh-opt --split-input-file %s 2>&1 | FileCheck %s
// RUN: not mdh-run %s --entry=f 2>&1 | FileCheck %s --check-prefix=TOOL

// A dense array of index elements, directly.
// CHECK: parser-crash.mlir:[[@LINE+2]]:40: error: dense arrays of index elements are not supported
// TOOL: parser-crash.mlir:[[@LINE+1]]:40: error: dense arrays of index elements
func.func private @f() attributes {x = array<index: 4>}

// -----

// The same through a type alias, blanks and a line break.
!i = index
!j = !i
// CHECK: parser-crash.mlir:[[@LINE+1]]:40: error: dense arrays of index elements are not supported
func.func private @g() attributes {x = array < !j
  : 4>}

// -----

// Mentioned in a comment or a string, it is no error: array<index: 1>
// CHECK-NOT: error
func.func private @h() attributes {x = "array<index: 1>"}

// -----

// Whatever follows the element type: the parser asks it for its bit width
// first.
// CHECK: parser-crash.mlir:[[@LINE+1]]:40: error: dense arrays of index elements are not supported
func.func private @k() attributes {x = array<index
  func.func private @l()
