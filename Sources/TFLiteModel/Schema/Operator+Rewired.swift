extension Operator {
  /// This operator reading `inputs` and writing `outputs` instead of its own tensors (for
  /// graph rewrites at load; indices into the same subgraph's tensors, -1 for an omitted
  /// optional input).
  public func rewired(inputs: [Int], outputs: [Int]) -> Operator {
    var copy = self
    copy.inputs = inputs
    copy.outputs = outputs
    return copy
  }
}
