import TFLiteModel

/// A tensor in NumPy's `.npy` format (versions 1.0–3.0, little-endian, C order): how tensors
/// go in and out of the tool, so any program can check them.
public struct NumPyArray: Sendable, Equatable {
  /// The element type.
  public var type: TensorType
  /// The shape; empty for a scalar.
  public var shape: [Int]
  /// The elements, little-endian, in row-major order.
  public var data: [UInt8]

  /// Wraps raw tensor data; `data` must hold exactly the shape's elements.
  public init(type: TensorType, shape: [Int], data: [UInt8]) {
    self.type = type
    self.shape = shape
    self.data = data
  }

  /// Longest header accepted, in bytes.
  public static let maxHeaderBytes = 65_536

  /// Parses the bytes of a `.npy` file.
  public init(npyBytes bytes: [UInt8]) throws(NumPyError) {
    let magic: [UInt8] = [0x93] + Array("NUMPY".utf8)
    guard bytes.count >= 10, Array(bytes[0..<6]) == magic else { throw .notNumPy }
    let major = bytes[6]
    let minor = bytes[7]
    let headerLength: Int
    let headerStart: Int
    switch major {
    case 1:
      headerLength = Int(bytes[8]) | Int(bytes[9]) << 8
      headerStart = 10
    case 2, 3:
      guard bytes.count >= 12 else { throw .badHeaderLength(bytes.count) }
      headerLength = (0..<4).reduce(0) { $0 | Int(bytes[8 + $1]) << (8 * $1) }
      headerStart = 12
    default:
      throw .unsupportedVersion(major: major, minor: minor)
    }
    guard headerLength <= Self.maxHeaderBytes, headerLength <= bytes.count - headerStart else {
      throw .badHeaderLength(headerLength)
    }
    let header = try NumPyHeader(
      String(decoding: bytes[headerStart..<(headerStart + headerLength)], as: UTF8.self))
    guard !header.fortranOrder else { throw .fortranOrder }
    guard let type = Self.tensorType(dtype: header.dtype) else {
      throw .unsupportedDType(header.dtype)
    }
    var expected = type.byteSize ?? 0
    for dimension in header.shape {
      let (product, overflow) = expected.multipliedReportingOverflow(by: dimension)
      guard !overflow else { throw .malformedHeader(reason: "shape \(header.shape) is too large") }
      expected = product
    }
    let dataStart = headerStart + headerLength
    guard bytes.count - dataStart == expected else {
      throw .dataSizeMismatch(expected: expected, actual: bytes.count - dataStart)
    }
    self.type = type
    self.shape = header.shape
    self.data = Array(bytes[dataStart...])
  }

  /// The `.npy` file bytes (version 1.0, header padded so the data start on a 64-byte boundary).
  public func npyBytes() -> [UInt8] {
    let shapeText =
      shape.isEmpty
      ? "()"
      : shape.count == 1
        ? "(\(shape[0]),)" : "(" + shape.map(String.init).joined(separator: ", ") + ")"
    var header =
      "{'descr': '\(Self.dtype(of: type))', 'fortran_order': False, 'shape': \(shapeText), }"
    let unpadded = 10 + header.utf8.count + 1
    header += String(repeating: " ", count: (64 - unpadded % 64) % 64) + "\n"
    let length = header.utf8.count
    return [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(length & 0xFF), UInt8(length >> 8)]
      + Array(header.utf8) + data
  }

  /// NumPy's dtype string for a tensor type, e.g. `<f4`, `|u1`.
  public static func dtype(of type: TensorType) -> String {
    switch type {
    case .float32: return "<f4"
    case .float16: return "<f2"
    case .float64: return "<f8"
    case .int32: return "<i4"
    case .int64: return "<i8"
    case .int16: return "<i2"
    case .int8: return "|i1"
    case .uint8: return "|u1"
    case .uint16: return "<u2"
    case .uint32: return "<u4"
    case .uint64: return "<u8"
    case .bool: return "|b1"
    case .complex64: return "<c8"
    case .complex128: return "<c16"
    default: return "|V\(type.byteSize ?? 1)"
    }
  }

  /// The tensor type of a NumPy dtype string, or nil (big-endian, strings, objects, …).
  public static func tensorType(dtype: String) -> TensorType? {
    var code = dtype
    if let first = code.first, first == "<" || first == "|" || first == "=" { code.removeFirst() }
    switch code {
    case "f4": return .float32
    case "f2": return .float16
    case "f8": return .float64
    case "i4": return .int32
    case "i8": return .int64
    case "i2": return .int16
    case "i1": return .int8
    case "u1": return .uint8
    case "u2": return .uint16
    case "u4": return .uint32
    case "u8": return .uint64
    case "b1": return .bool
    default: return nil
    }
  }

  /// The elements as `Float`s, for float32 arrays; nil otherwise.
  public var floats: [Float]? {
    guard type == .float32 else { return nil }
    return data.withUnsafeBytes { raw in
      (0..<(raw.count / 4)).map {
        Float(
          bitPattern: UInt32(
            littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)))
      }
    }
  }
}
