import Foundation
import TFLiteInterpreter
import TFLiteModel

/// Feeds `.npy` files to an interpreter's inputs, by position (`FILE.npy`) or by tensor name
/// (`NAME=FILE.npy`), resizing inputs whose shape signature allows the array's shape.
enum InputFeeder {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Reads every `--input` value and sets the interpreter's inputs; returns how many were set.
  static func feed(_ values: [String], to interpreter: ModelInterpreter) throws -> Int {
    var arrays: [(position: Int, array: NumPyArray, file: String)] = []
    for (order, value) in values.enumerated() {
      var file = value
      var position = order
      if let equals = value.firstIndex(of: "="), !FileManager.default.fileExists(atPath: value) {
        let name = String(value[..<equals])
        file = String(value[value.index(after: equals)...])
        guard let named = interpreter.inputPosition(named: name) else {
          throw Failure(description: "the model has no input named \"\(name)\"")
        }
        position = named
      }
      guard position < interpreter.inputCount else {
        throw Failure(
          description: "\(values.count) inputs given but the model has \(interpreter.inputCount)")
      }
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
      let array: NumPyArray
      do { array = try NumPyArray(npyBytes: bytes) } catch {
        throw Failure(description: "\(file): \(error)")
      }
      arrays.append((position, array, file))
    }
    var seen: Set<Int> = []
    for (position, _, file) in arrays where !seen.insert(position).inserted {
      throw Failure(description: "\(file) is a second value for input \(position)")
    }
    for (position, array, file) in arrays {
      let spec = try interpreter.input(at: position)
      guard array.type == spec.type else {
        throw Failure(
          description:
            "\(file) holds \(array.type) but input \(position) (\"\(spec.name)\") is \(spec.type)")
      }
      if array.shape != spec.shape { try interpreter.resizeInput(at: position, to: array.shape) }
    }
    for (position, array, _) in arrays { try interpreter.setInput(at: position, bytes: array.data) }
    return arrays.count
  }

  /// Fills every input with deterministic pseudo-random data in its type's natural range
  /// (floats in [-1, 1], integers over their whole range).
  static func fillSynthetic(_ interpreter: ModelInterpreter) throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for position in 0..<interpreter.inputCount {
      let spec = try interpreter.input(at: position)
      var bytes = [UInt8](repeating: 0, count: spec.byteCount)
      for index in bytes.indices {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes[index] = UInt8(truncatingIfNeeded: state >> 56)
      }
      if spec.type == .bool {
        try interpreter.setInput(at: position, bytes: bytes.map { $0 & 1 })
      } else if spec.type == .float32 {
        let floats = (0..<spec.elementCount).map { Float(bytes[$0 * 4]) / 127.5 - 1 }
        try interpreter.setInput(at: position, floats: floats)
      } else {
        try interpreter.setInput(at: position, bytes: bytes)
      }
    }
  }
}
