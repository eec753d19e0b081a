internal import OcellusKernels

/// An elementwise activation operator (LOGISTIC, TANH, the RELUs, HARD_SWISH, LEAKY_RELU), each
/// case defined as the kernels' `FloatFunction` case of the same name (TFLite's float semantics,
/// NaN included); the 8-bit and int16 kernels build their tables from the same definitions.
enum UnaryActivation: Equatable {
  case logistic, tanh, relu, relu6, reluN1To1, relu0To1, hardSwish
  case leakyRelu(alpha: Float)

  /// The kernels' function for this activation (`FloatFunctions` computes it).
  var function: FloatFunction {
    switch self {
    case .logistic: .logistic
    case .tanh: .tanh
    case .relu: .relu
    case .relu6: .relu6
    case .reluN1To1: .reluN1To1
    case .relu0To1: .relu0To1
    case .hardSwish: .hardSwish
    case .leakyRelu(let alpha): .leakyRelu(alpha: alpha)
    }
  }
}
