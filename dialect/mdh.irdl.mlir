// The mdh dialect: Multi-Dimensional Homomorphisms (MDH paper, section 2).
//
// IRDL gives structure only: ops print in MLIR's generic form, all declared
// attributes are required and every semantic rule beyond shape (map arities,
// buffer bounds, scalar-function signatures, Lemma 10) is checked by the
// mdh-verify pass. docs/dialect.md is the contract.
irdl.dialect @mdh {
  // !mdh.mda<array<i64: N1, .., ND>>: a logical MDA over [0,N1) x .. x [0,ND).
  irdl.type @mda {
    %sizes = irdl.base "#builtin.dense_array"
    irdl.parameters(sizes: %sizes)
  }

  // #mdh.cc: concatenation (a parallel dimension).
  irdl.attribute @cc {
    irdl.parameters()
  }

  // #mdh.pw<OP>: point-wise combination (a reduction dimension). OP is a
  // builtin operator name, an array of names (one per result component) or
  // the symbol of a user combine function.
  irdl.attribute @pw {
    %name = irdl.base "#builtin.string"
    %names = irdl.base "#builtin.array"
    %fn = irdl.base "#builtin.symbol_ref"
    %op = irdl.any_of(%name, %names, %fn)
    irdl.parameters(op: %op)
  }

  // #mdh.ps<OP>: inclusive prefix-sum (a scan dimension); OP as for #mdh.pw.
  irdl.attribute @ps {
    %name = irdl.base "#builtin.string"
    %names = irdl.base "#builtin.array"
    %fn = irdl.base "#builtin.symbol_ref"
    %op = irdl.any_of(%name, %names, %fn)
    irdl.parameters(op: %op)
  }

  // mdh.inp_view(buffer) {accesses}: one buffer seen as an MDA; one affine
  // map per access of the buffer per MDA point.
  irdl.operation @inp_view {
    %buffer = irdl.base "!builtin.memref"
    %view = irdl.base @mdh::@mda
    %maps = irdl.base "#builtin.array"
    irdl.operands(buffer: %buffer)
    irdl.results(view: %view)
    irdl.attributes { "accesses" = %maps }
  }

  // mdh.md_hom(views...) {scalar_function, combine_ops}: all views share one
  // MDA type; the result has size 1 in every pw dimension.
  irdl.operation @md_hom {
    %sizes = irdl.base "#builtin.dense_array"
    %view = irdl.parametric @mdh::@mda<%sizes>
    %result = irdl.base @mdh::@mda
    %fn = irdl.base "#builtin.symbol_ref"
    %ops = irdl.base "#builtin.array"
    irdl.operands(views: variadic %view)
    irdl.results(result: %result)
    irdl.attributes { "scalar_function" = %fn, "combine_ops" = %ops }
  }

  // mdh.out_view(result, buffer) {accesses, components}: writes component
  // components[a] of result[i] to buffer[accesses[a](i)].
  irdl.operation @out_view {
    %result = irdl.base @mdh::@mda
    %buffer = irdl.base "!builtin.memref"
    %maps = irdl.base "#builtin.array"
    %components = irdl.base "#builtin.dense_array"
    irdl.operands(result: %result, buffer: %buffer)
    irdl.attributes { "accesses" = %maps, "components" = %components }
  }
}
