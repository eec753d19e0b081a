import TFLiteModel

/// The sizes of one SVDF node, read and checked at load as TFLite's `svdf.cc` Prepare does:
/// the input `[batch, inputSize]`, weights_feature `[filters, inputSize]`, weights_time
/// `[filters, memory]`, the optional bias `[units]`, the state `[batch, memory · filters]` and
/// the output `[batch, units]`, with `filters = units · rank`.
///
/// The state holds, for each batch row and filter, the filter's last `memory` activations,
/// oldest first: row `b · filters + f` starts at `(b · filters + f) · memory`.
struct SVDFGeometry {
  let batch, inputSize, filters, rank: Int
  let units: Int
  /// Activations kept per filter (≥ 1).
  let memory: Int

  /// Reads the sizes from `node`'s inputs; throws `invalid` for inconsistent shapes, a rank
  /// that is not positive or does not divide the filters, an empty memory, or a constant state.
  init(_ node: NodeContext, rank: Int) throws(InterpreterError) {
    let (input, features, time) = (try node.input(0), try node.input(1), try node.input(2))
    guard input.shape.count == 2, features.shape.count == 2, time.shape.count == 2 else {
      throw node.invalid(
        "the input, weights_feature and weights_time must have rank 2, found \(input.shape), \(features.shape), \(time.shape)"
      )
    }
    (batch, inputSize) = (input.shape[0], input.shape[1])
    (filters, memory) = (features.shape[0], time.shape[1])
    guard rank > 0, filters % rank == 0 else {
      throw node.invalid("rank \(rank) must be positive and divide the \(filters) filters")
    }
    self.rank = rank
    units = filters / rank
    guard features.shape[1] == inputSize, time.shape[0] == filters, memory > 0 else {
      throw node.invalid(
        "weights_feature \(features.shape) and weights_time \(time.shape) do not fit the input \(input.shape)"
      )
    }
    if node.inputs[3] != nil, try node.input(3).shape != [units] {
      throw node.invalid("the bias must have shape [\(units)], found \(try node.input(3).shape)")
    }
    let state = try node.input(4)
    guard state.shape == [batch, memory * filters], state.constant == nil else {
      throw node.invalid(
        "the state must be a variable of shape [\(batch), \(memory * filters)], found \(state.shape)"
      )
    }
  }

  /// Elements of the state: `batch · filters · memory`.
  var stateCount: Int { batch * filters * memory }

  /// Checks the types of the weights, bias, state and output of one SVDF variant; throws
  /// `unsupported` naming the variant's types.
  func checkTypes(
    _ node: NodeContext, variant: String, features: TensorType, time: TensorType,
    bias: TensorType, state: TensorType, output: TensorType
  ) throws(InterpreterError) {
    let types = [
      try node.input(1).type, try node.input(2).type,
      node.inputs[3] == nil ? bias : try node.input(3).type, try node.input(4).type,
      node.outputs[0].type,
    ]
    guard types == [features, time, bias, state, output] else {
      throw node.unsupported(
        "\(variant) SVDF needs \(features) weights_feature, \(time) weights_time, \(bias) bias, \(state) state and \(output) output, not \(types.map(\.description).joined(separator: ", "))"
      )
    }
  }
}
