/// The operand checks every broadcasting binary operator shares.
extension NodeContext {
  /// The two operands of a binary operator with one output, and how their shapes broadcast.
  /// Throws unless the node has exactly two inputs and one output and the shapes broadcast
  /// (NumPy style); the caller checks the types.
  func broadcastOperands() throws(InterpreterError) -> (
    a: TensorDescription, b: TensorDescription, broadcast: Broadcast
  ) {
    try expect(inputs: 2, outputs: 1)
    let a = try input(0)
    let b = try input(1)
    guard let broadcast = Broadcast(a.shape, b.shape) else {
      throw invalid("shapes \(a.shape) and \(b.shape) do not broadcast")
    }
    return (a, b, broadcast)
  }
}
