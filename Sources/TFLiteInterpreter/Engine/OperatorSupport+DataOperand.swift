extension OperatorSupport {
  /// The operand of a node whose element type the catalog's types are of.
  public enum DataOperand: Sendable, Equatable {
    /// The first input present (most operators).
    case firstInput
    /// Input `n` (TRANSPOSE_CONV's image is input 2; FILL's value, SELECT's and IF's data,
    /// SPLIT's value, EMBEDDING_LOOKUP's table and ASSIGN_VARIABLE's value are input 1).
    case input(Int)
    /// Output `n` (READ_VARIABLE: the value read).
    case output(Int)
    /// None: the operator has no data (VAR_HANDLE, CALL_ONCE).
    case none
  }
}
