// RUN: %mdh-opt %s --split-input-file --verify-diagnostics --mdh-check-lowered

// The last pass of the mdh pipelines: a pipeline never exits 0 with an op
// that mlir-translate would reject (issue 13, item 5).
llvm.func @left(%x: i64) -> i64 {
  // expected-error@+1 {{mdh-check-lowered: the pipeline left this 'builtin.unrealized_conversion_cast' op unlowered (a conversion could not handle one of its types)}}
  %i = builtin.unrealized_conversion_cast %x : i64 to index
  %j = builtin.unrealized_conversion_cast %i : index to i64
  llvm.return %j : i64
}

// -----

// expected-error@+1 {{mdh-check-lowered: the pipeline left this 'func.func' op unlowered}}
func.func @not_llvm() {
  return
}

// -----

// Lowered: llvm, omp, gpu.binary and gpu.launch_func only.
llvm.func @done(%a: i64) -> i64 {
  llvm.return %a : i64
}

// -----

// Directly in the module only declarations: a top-level vector.print lowers
// to a call that LLVM IR has no place for (mdh-fuzz-opt finding).
llvm.func @printNewline()
// expected-error@+1 {{mdh-check-lowered: this 'llvm.call' op is at module level, outside any function: LLVM IR has no place for it}}
llvm.call @printNewline() : () -> ()

// -----

// Declarations at module level: symbols, ops with regions, the llvm
// dialect's module-level lists.
llvm.mlir.global internal constant @g(1 : i32) : i32
llvm.mlir.global_ctors ctors = [], priorities = [], data = []
llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>]
llvm.func @decl()
