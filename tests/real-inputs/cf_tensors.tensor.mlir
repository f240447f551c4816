// Tensors through control flow: an scf.while whose two carried tensors swap every trip
// (ping-pong), a cf loop carrying a tensor as a block argument, an scf.index_switch choosing a
// fresh tensor, the argument or an updated copy, and a recursive function on tensors.
func.func private @printMemrefF32(tensor<*xf32>)

func.func @show(%t: tensor<4xf32>) {
  %u = tensor.cast %t : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Ping-pong smoothing in an scf.while: the two tensors swap roles every trip.
func.func @pingpong(%a0: tensor<4xf32>, %limit: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %half = arith.constant 0.5 : f32
  %r:2 = scf.while (%a = %a0, %b = %a0) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %x = tensor.extract %a[%c0] : tensor<4xf32>
    %go = arith.cmpf olt, %x, %limit : f32
    scf.condition(%go) %a, %b : tensor<4xf32>, tensor<4xf32>
  } do {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    %e = tensor.empty() : tensor<4xf32>
    %n = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                         iterator_types = ["parallel"]}
        ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %s = arith.addf %p, %q : f32
      %one = arith.constant 1.0 : f32
      %t = arith.addf %s, %one : f32
      linalg.yield %t : f32
    } -> tensor<4xf32>
    scf.yield %n, %a : tensor<4xf32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// Branches in a CFG carrying tensors as block arguments.
func.func @cfg(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0, %t : index, tensor<4xf32>)
^loop(%i: index, %cur: tensor<4xf32>):
  %done = arith.cmpi uge, %i, %n : index
  cf.cond_br %done, ^exit(%cur : tensor<4xf32>), ^body
^body:
  %e = tensor.empty() : tensor<4xf32>
  %two = arith.constant 2.0 : f32
  %m = linalg.map ins(%cur : tensor<4xf32>) outs(%e : tensor<4xf32>) (%x: f32, %xo: f32) {
    %y = arith.mulf %x, %two : f32
    linalg.yield %y : f32
  }
  %i1 = arith.addi %i, %c1 : index
  %c2 = arith.constant 2 : index
  %odd = arith.remui %i, %c2 : index
  %isodd = arith.cmpi ne, %odd, %c0 : index
  cf.cond_br %isodd, ^keep, ^loop(%i1, %m : index, tensor<4xf32>)
^keep:
  cf.br ^loop(%i1, %cur : index, tensor<4xf32>)
^exit(%r: tensor<4xf32>):
  return %r : tensor<4xf32>
}

// An index switch choosing among a fresh tensor, the argument and an updated copy.
func.func @switch(%t: tensor<4xf32>, %k: index) -> tensor<4xf32> {
  %r = scf.index_switch %k -> tensor<4xf32>
  case 0 {
    %e = tensor.empty() : tensor<4xf32>
    %z = arith.constant 7.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  }
  case 1 {
    scf.yield %t : tensor<4xf32>
  }
  default {
    %c2 = arith.constant 2 : index
    %v = arith.constant 9.0 : f32
    %u = tensor.insert %v into %t[%c2] : tensor<4xf32>
    scf.yield %u : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// Recursion: halve until the first element is small, then add one.
func.func @rec(%t: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %x = tensor.extract %t[%c0] : tensor<4xf32>
  %small = arith.constant 2.0 : f32
  %stop = arith.cmpf olt, %x, %small : f32
  %r = scf.if %stop -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %m = linalg.map ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) (%v: f32, %vo: f32) {
      %one = arith.constant 1.0 : f32
      %w = arith.addf %v, %one : f32
      linalg.yield %w : f32
    }
    scf.yield %m : tensor<4xf32>
  } else {
    %e = tensor.empty() : tensor<4xf32>
    %m = linalg.map ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) (%v: f32, %vo: f32) {
      %h = arith.constant 0.5 : f32
      %w = arith.mulf %v, %h : f32
      linalg.yield %w : f32
    }
    %s = func.call @rec(%m) : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %init = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %lim = arith.constant 50.0 : f32
  %p = func.call @pingpong(%init, %lim) : (tensor<4xf32>, f32) -> tensor<4xf32>
  func.call @show(%p) : (tensor<4xf32>) -> ()
  %q = func.call @cfg(%p, %c3) : (tensor<4xf32>, index) -> tensor<4xf32>
  func.call @show(%q) : (tensor<4xf32>) -> ()
  scf.for %k = %c0 to %c3 step %c1 {
    %s = func.call @switch(%q, %k) : (tensor<4xf32>, index) -> tensor<4xf32>
    func.call @show(%s) : (tensor<4xf32>) -> ()
  }
  %big = arith.constant dense<[40.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = func.call @rec(%big) : (tensor<4xf32>) -> tensor<4xf32>
  func.call @show(%r) : (tensor<4xf32>) -> ()
  func.call @show(%q) : (tensor<4xf32>) -> ()
  return
}
