// linalg.generic with each builtin reduction, index-aware bodies, two
// outputs, and ops that mdh-from-linalg leaves alone (exec/from-linalg.test,
// --left-alone): each function must give what upstream's lowering gives.
#id2 = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @sum_f32(%A: memref<5x7xf32>, %r: memref<5xf32>) {
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<5x7xf32>) outs(%r : memref<5xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %sq = arith.mulf %a, %a : f32
    %s = arith.addf %acc, %sq : f32
    linalg.yield %s : f32
  }
  return
}
func.func @prod_i32(%A: memref<5x4xi32>, %r: memref<5xi32>) {
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<5x4xi32>) outs(%r : memref<5xi32>) {
  ^bb0(%a: i32, %acc: i32):
    %s = arith.muli %a, %acc : i32
    linalg.yield %s : i32
  }
  return
}
func.func @min_f32(%A: memref<5x7xf32>, %r: memref<5xf32>) {
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<5x7xf32>) outs(%r : memref<5xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.minimumf %acc, %a : f32
    linalg.yield %s : f32
  }
  return
}
func.func @max_i32(%A: memref<5x7xi32>, %r: memref<5xi32>) {
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<5x7xi32>) outs(%r : memref<5xi32>) {
  ^bb0(%a: i32, %acc: i32):
    %s = arith.maxsi %acc, %a : i32
    linalg.yield %s : i32
  }
  return
}
func.func @and_i32(%A: memref<5x7xi32>, %r: memref<5xi32>) {
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<5x7xi32>) outs(%r : memref<5xi32>) {
  ^bb0(%a: i32, %acc: i32):
    %s = arith.andi %acc, %a : i32
    linalg.yield %s : i32
  }
  return
}
func.func @or_i32(%A: memref<5x7xi32>, %r: memref<5xi32>) {
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<5x7xi32>) outs(%r : memref<5xi32>) {
  ^bb0(%a: i32, %acc: i32):
    %s = arith.ori %acc, %a : i32
    linalg.yield %s : i32
  }
  return
}
func.func @xor_i32(%A: memref<5x7xi32>, %r: memref<5xi32>) {
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<5x7xi32>) outs(%r : memref<5xi32>) {
  ^bb0(%a: i32, %acc: i32):
    %s = arith.xori %acc, %a : i32
    linalg.yield %s : i32
  }
  return
}
// A reduction over the whole 2-D input into a 0-D output.
func.func @total(%A: memref<5x7xf32>, %r: memref<f32>) {
  linalg.generic {indexing_maps = [#id2, affine_map<(i, j) -> ()>], iterator_types = ["reduction", "reduction"]}
      ins(%A : memref<5x7xf32>) outs(%r : memref<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}
// Index-aware, with a constant from outside the body.
func.func @iota(%A: memref<4x6xi32>) {
  %c3 = arith.constant 3 : i32
  linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%A : memref<4x6xi32>) {
  ^bb0(%a: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %p = arith.muli %ii, %c3 : i32
    %s = arith.addi %p, %jj : i32
    linalg.yield %s : i32
  }
  return
}
// Two outputs of one reduction: the sum and the maximum of each row.
func.func @sum_max(%A: memref<5x7xf32>, %s: memref<5xf32>, %m: memref<5xf32>) {
  linalg.generic {indexing_maps = [#id2, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<5x7xf32>) outs(%s, %m : memref<5xf32>, memref<5xf32>) {
  ^bb0(%a: f32, %acc: f32, %mx: f32):
    %0 = arith.addf %acc, %a : f32
    %1 = arith.maximumf %a, %mx : f32
    linalg.yield %0, %1 : f32, f32
  }
  return
}
// Left alone: a reduction by subtraction (not a combine operator).
func.func @sub_reduction(%A: memref<5x7xf32>, %r: memref<5xf32>) {
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<5x7xf32>) outs(%r : memref<5xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.subf %acc, %a : f32
    linalg.yield %s : f32
  }
  return
}
// In place (the input is the output, as bufferization makes them): the
// md_hom reads a copy.
func.func @in_place(%A: memref<5x7xf32>) {
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<5x7xf32>) outs(%A : memref<5x7xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }
  return
}
// Left alone: a fill whose value is not a constant.
func.func @fill_loaded(%v: memref<1xf32>, %A: memref<5x7xf32>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %v[%c0] : memref<1xf32>
  linalg.fill ins(%x : f32) outs(%A : memref<5x7xf32>)
  return
}
// Left alone: a body with regions.
func.func @relu_if(%A: memref<5x7xf32>, %B: memref<5x7xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%A : memref<5x7xf32>) outs(%B : memref<5x7xf32>) {
  ^bb0(%a: f32, %b: f32):
    %neg = arith.cmpf olt, %a, %z : f32
    %r = scf.if %neg -> f32 {
      scf.yield %z : f32
    } else {
      scf.yield %a : f32
    }
    linalg.yield %r : f32
  }
  return
}
// Raised, then the chain ends at the scf.for that touches its output: the
// second op stays (one chain per function, in program order).
func.func @after_loop(%A: memref<4x6xf32>, %B: memref<4x6xf32>, %C: memref<4x6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  linalg.copy ins(%A : memref<4x6xf32>) outs(%B : memref<4x6xf32>)
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %one, %B[%i, %c0] : memref<4x6xf32>
  }
  linalg.copy ins(%B : memref<4x6xf32>) outs(%C : memref<4x6xf32>)
  return
}
// No loops (D = 0).
func.func @rank0(%a: memref<f32>, %b: memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
      ins(%a : memref<f32>) outs(%b : memref<f32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  return
}
// A parallel body that yields its output unchanged.
func.func @yield_out(%a: memref<4xf32>, %b: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %y : f32
  }
  return
}
// A scalar constant input broadcast by its map.
func.func @bcast_scalar(%b: memref<4x5xf32>) {
  %v = arith.constant 3.0 : f32
  linalg.generic {indexing_maps = [affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%v : f32) outs(%b : memref<4x5xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}
// Left alone: the output combined with itself, not with a value.
func.func @acc_twice(%a: memref<4x3xf32>, %b: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4x3xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %y, %y : f32
    linalg.yield %s : f32
  }
  return
}
// Left alone: a "reduction" whose last iteration wins.
func.func @last_wins(%a: memref<4x3xf32>, %b: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<4x3xf32>) outs(%b : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}
// Left alone: inside a loop, not in the function's entry block.
func.func @in_loop(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    linalg.copy ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
  }
  return
}
