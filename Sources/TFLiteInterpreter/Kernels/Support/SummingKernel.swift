import TFLiteModel

/// A kernel that runs one generic body for float32, int32 and int64 data, adding with
/// ``SummableElement/sum(_:_:)`` (any type other than float32 and int32 runs as int64; the
/// factory admits only these).
protocol SummingKernel: Kernel {
  /// The element type of the data the kernel reads and writes.
  var type: TensorType { get }
  /// The kernel's body for elements of type `T`.
  func run<T: SummableElement>(_ io: KernelIO, _: T.Type)
}

extension SummingKernel {
  func run(_ io: KernelIO) {
    switch type {
    case .float32: run(io, Float.self)
    case .int32: run(io, Int32.self)
    default: run(io, Int64.self)
    }
  }
}
