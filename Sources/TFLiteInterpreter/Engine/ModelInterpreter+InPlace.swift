extension ModelInterpreter {
  /// Input `position`'s own storage, exactly its byte count, to be filled in place (no copy):
  /// raw little-endian data in the tensor's shape and type.
  ///
  /// The buffer stays valid until ``resizeInput(at:to:)`` or the interpreter's end; use it only
  /// from the thread that uses the interpreter.
  ///
  /// - Throws: ``InterpreterError/noSuchTensor(_:)`` for a position out of range,
  ///   ``InterpreterError/inputMismatch(index:reason:)`` when the input is a constant of the
  ///   model.
  public func unsafeInputBuffer(at position: Int) throws(InterpreterError)
    -> UnsafeMutableRawBufferPointer
  {
    let index = try tensorIndex(input: position)
    let count = spec(of: index).byteCount
    guard let pointer = mutablePointer(of: index) else {
      throw .inputMismatch(index: position, reason: "the input is a constant of the model")
    }
    return UnsafeMutableRawBufferPointer(start: pointer, count: count)
  }

  /// Output `position`'s data after ``invoke()``, read in place (no copy).
  ///
  /// Valid until the next ``invoke()``, ``resizeInput(at:to:)`` or the interpreter's end.
  ///
  /// - Throws: ``InterpreterError/noSuchTensor(_:)`` for a position out of range.
  public func unsafeOutputBuffer(at position: Int) throws(InterpreterError)
    -> UnsafeRawBufferPointer
  {
    let index = try tensorIndex(output: position)
    guard let pointer = pointer(of: index) else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(start: pointer, count: spec(of: index).byteCount)
  }
}
