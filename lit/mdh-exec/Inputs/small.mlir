// An entry whose name is not a C identifier, for the signature symbol.
func.func @"odd.name"(%a: memref<3xi32>, %b: memref<2x3xf64>, %s: memref<i8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.load %a[%c1] : memref<3xi32>
  %w = arith.sitofp %v : i32 to f64
  memref.store %w, %b[%c1, %c0] : memref<2x3xf64>
  %t = arith.trunci %v : i32 to i8
  memref.store %t, %s[] : memref<i8>
  return
}
