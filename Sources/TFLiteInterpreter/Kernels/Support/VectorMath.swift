/// Eight float lanes at a time for the interpreter's own elementwise loops (pooling,
/// reductions, resizing, softmax's division): unaligned loads and stores and a map with a
/// zero-padded tail. The activations' functions are the kernels' (`FloatFunctions`).
enum VectorMath {
  /// Eight float lanes.
  typealias Vector = SIMD8<Float>

  /// Loads eight floats from `pointer` (no alignment needed).
  @inline(__always)
  static func load(_ pointer: UnsafePointer<Float>) -> Vector {
    UnsafeRawPointer(pointer).loadUnaligned(as: Vector.self)
  }

  /// Stores eight floats at `pointer` (no alignment needed).
  @inline(__always)
  static func store(_ value: Vector, _ pointer: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: Vector.self)
  }

  /// Applies `body` to `count` floats from `input`, writing `output`, eight at a time; the last
  /// partial group goes through a zero-padded vector, so every element sees the same code.
  @inline(__always)
  static func map(
    _ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Float>, count: Int,
    _ body: (Vector) -> Vector
  ) {
    var index = 0
    while index + 8 <= count {
      store(body(load(input + index)), output + index)
      index += 8
    }
    let remaining = count - index
    if remaining > 0 {
      var lanes = Vector(repeating: 0)
      for lane in 0..<remaining { lanes[lane] = input[index + lane] }
      let result = body(lanes)
      for lane in 0..<remaining { output[index + lane] = result[lane] }
    }
  }
}
