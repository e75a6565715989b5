// Every element type mdh-run passes, ranks 0 to 3: mdh-exec must fill and
// write them bit for bit as mdh-run does.
func.func @all(%a: memref<3xf16>, %b: memref<2x2xbf16>, %c: memref<f32>,
               %d: memref<5xf64>, %e: memref<7xi1>, %f: memref<3xi8>,
               %g: memref<3xi16>, %h: memref<1x2x3xi32>, %i: memref<4xi64>,
               %j: memref<2xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.load %a[%c0] : memref<3xf16>
  memref.store %v, %a[%c1] : memref<3xf16>
  return
}
