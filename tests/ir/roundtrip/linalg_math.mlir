// RUN: dealloc-opt %s --split-input-file

// The named element-wise float functions, whose implicit bodies are `math` ops, on memrefs.
func.func @unary(%a: memref<2x3xf32>, %o: memref<2x3xf32>) {
  linalg.exp ins(%a : memref<2x3xf32>) outs(%o : memref<2x3xf32>)
  linalg.log ins(%a : memref<2x3xf32>) outs(%o : memref<2x3xf32>)
  linalg.abs ins(%a : memref<2x3xf32>) outs(%o : memref<2x3xf32>)
  linalg.ceil ins(%a : memref<2x3xf32>) outs(%o : memref<2x3xf32>)
  linalg.floor ins(%a : memref<2x3xf32>) outs(%o : memref<2x3xf32>)
  linalg.round ins(%a : memref<2x3xf32>) outs(%o : memref<2x3xf32>)
  linalg.sqrt ins(%a : memref<2x3xf32>) outs(%o : memref<2x3xf32>)
  linalg.rsqrt ins(%a : memref<2x3xf32>) outs(%o : memref<2x3xf32>)
  linalg.tanh ins(%a : memref<2x3xf32>) outs(%o : memref<2x3xf32>)
  linalg.erf ins(%a : memref<2x3xf32>) outs(%o : memref<2x3xf32>)
  linalg.powf ins(%a, %o : memref<2x3xf32>, memref<2x3xf32>) outs(%o : memref<2x3xf32>)
  return
}

// -----

// The same ops on tensors, with f64 and f16 elements.
func.func @on_tensors(%a: tensor<4xf64>, %h: tensor<4xf16>) -> (tensor<4xf64>, tensor<4xf16>) {
  %e = tensor.empty() : tensor<4xf64>
  %0 = linalg.exp ins(%a : tensor<4xf64>) outs(%e : tensor<4xf64>) -> tensor<4xf64>
  %1 = linalg.powf ins(%0, %a : tensor<4xf64>, tensor<4xf64>) outs(%e : tensor<4xf64>) -> tensor<4xf64>
  %g = tensor.empty() : tensor<4xf16>
  %2 = linalg.sqrt ins(%h : tensor<4xf16>) outs(%g : tensor<4xf16>) -> tensor<4xf16>
  return %1, %2 : tensor<4xf64>, tensor<4xf16>
}

// -----

// linalg.elementwise of the float function kinds.
func.func @elementwise(%a: memref<3xf32>, %b: memref<3xf32>, %o: memref<3xf32>) {
  linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%a : memref<3xf32>) outs(%o : memref<3xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<log> ins(%a : memref<3xf32>) outs(%o : memref<3xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<abs> ins(%a : memref<3xf32>) outs(%o : memref<3xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<sqrt> ins(%a : memref<3xf32>) outs(%o : memref<3xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<rsqrt> ins(%a : memref<3xf32>) outs(%o : memref<3xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<tanh> ins(%a : memref<3xf32>) outs(%o : memref<3xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<erf> ins(%a : memref<3xf32>) outs(%o : memref<3xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<floor> ins(%a : memref<3xf32>) outs(%o : memref<3xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<ceil> ins(%a : memref<3xf32>) outs(%o : memref<3xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<round> ins(%a : memref<3xf32>) outs(%o : memref<3xf32>)
  linalg.elementwise kind=#linalg.elementwise_kind<powf> ins(%a, %b : memref<3xf32>, memref<3xf32>) outs(%o : memref<3xf32>)
  return
}
