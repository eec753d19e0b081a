import TFLiteModel

/// TRANSPOSE_CONV on float32 tensors (inputs: constant output shape, weights
/// `[OC][KH][KW][IC]`, input `[B][H][W][IC]`, optional bias): every output is the sum, from 0,
/// of the products that TFLite's reference kernel scatters onto it, in its order
/// (``TransposeConvolutionGeometry``), then `+ bias` and the fused activation.
///
/// The same factory builds ``QuantizedTransposeConvolutionKernel`` for uint8, int8 and int16
/// (16x8) models.
final class TransposeConvolutionKernel: Kernel {
  static let factories: [BuiltinOperator: KernelFactory] = [.transposeConv: { try make(&$0) }]

  private let geometry: TransposeConvolutionGeometry
  private let activation: FusedActivation
  private let hasBias: Bool

  private init(
    _ geometry: TransposeConvolutionGeometry, activation: FusedActivation, hasBias: Bool
  ) {
    self.geometry = geometry
    self.activation = activation
    self.hasBias = hasBias
  }

  private static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let options: TransposeConvOptions
    switch node.options {
    case .transposeConv(let decoded): options = decoded
    default: throw node.invalid("options are \(node.options.typeName), not TransposeConvOptions")
    }
    let geometry = try TransposeConvolutionGeometry(node, options: options)
    try node.setOutputShape(0, geometry.outputShape)
    let (weights, input) = (try node.input(1), try node.input(2))
    let bias = node.inputs.count > 3 ? node.inputs[3] : nil
    guard input.type == .float32 else {
      return try QuantizedTransposeConvolutionKernel(geometry, options: options, node: node)
    }
    for (name, tensor) in [("weights", weights), ("output", node.outputs[0])]
      + (bias.map { [("bias", $0)] } ?? [])
    where tensor.type != .float32 {
      throw node.unsupported(
        "the \(name) is \(tensor.type) for a float32 input; TRANSPOSE_CONV runs float32, uint8, int8 and int16 (with int8 weights) models"
      )
    }
    return TransposeConvolutionKernel(
      geometry, activation: try FusedActivation(options.activation, node: node),
      hasBias: bias != nil)
  }

  func run(_ io: KernelIO) {
    let g = geometry
    let weights = io.input(1, as: Float.self)
    let input = io.input(2, as: Float.self)
    let bias = hasBias ? io.input(3, as: Float.self) : nil
    let output = io.output(0, as: Float.self)
    let activation = self.activation
    g.forEachOutput(pool: io.pool) { b, oy, ox, oc, o in
      var sum: Float = 0
      g.forEachProduct(b: b, oy: oy, ox: ox, oc: oc) { i, f in sum += input[i] * weights[f] }
      output[o] = activation.apply(sum + (bias?[oc] ?? 0))
    }
  }
}
