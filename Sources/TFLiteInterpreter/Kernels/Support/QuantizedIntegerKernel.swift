import TFLiteModel

/// A kernel that runs one generic body for the quantized storage types: uint8, int8 and
/// int16 (any type other than uint8 and int8 runs as int16; the factory admits only these).
protocol QuantizedIntegerKernel: Kernel {
  /// The element type of the data the kernel reads and writes.
  var type: TensorType { get }
  /// The kernel's body for stored elements of type `T`.
  func run<T: FixedWidthInteger>(_ io: KernelIO, _: T.Type)
}

extension QuantizedIntegerKernel {
  func run(_ io: KernelIO) {
    switch type {
    case .uint8: run(io, UInt8.self)
    case .int8: run(io, Int8.self)
    default: run(io, Int16.self)
    }
  }
}
