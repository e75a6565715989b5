// Calls the GPU host runtime, which the object must then load.
func.func private @mgpuSetDefaultDevice(i32)
func.func @uses_runtime(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : i32
  func.call @mgpuSetDefaultDevice(%c0) : (i32) -> ()
  return
}
