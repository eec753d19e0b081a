/// One kernel type an operator's factory may return, with the element types it is chosen for:
/// a line of the operator catalog (``OperatorSupport/kernels``).
public struct KernelVariant: Sendable, Equatable {
  /// The kernel type's name (`QuantizedConvolutionKernel`), as ``NodeKernel/kernel`` spells
  /// it. Spelled out only when asked: `String(describing:)` of a type searches the process's
  /// conformance records, which for the whole catalog cost milliseconds at the first load.
  public var kernel: String { name() }
  /// The kernel type, to tell variants apart.
  private let type: ObjectIdentifier
  /// Spells the kernel type's name.
  private let name: @Sendable () -> String
  /// The file that declares it, from the package root
  /// (`Sources/TFLiteInterpreter/Kernels/Convolution/QuantizedConvolutionKernel.swift`).
  public let file: String
  /// The element types (of the operator's data operand) it runs, in ``OperatorSupport/ElementType`` order.
  public let types: [OperatorSupport.ElementType]

  /// The variant of `kernel` for `types`.
  init<K: Kernel>(_ kernel: K.Type, _ types: [OperatorSupport.ElementType]) {
    type = ObjectIdentifier(kernel)
    name = { String(describing: K.self) }
    self.file = Self.packagePath(K.sourceFile)
    self.types = types.sorted()
  }

  public static func == (a: KernelVariant, b: KernelVariant) -> Bool {
    a.type == b.type && a.types == b.types
  }

  /// `path` (a `#filePath`) from its last `Sources/` component on.
  static func packagePath(_ path: String) -> String {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard let sources = parts.lastIndex(of: "Sources") else { return path }
    return parts[sources...].joined(separator: "/")
  }
}
