/// The element type of a tensor (`TensorType` in the TFLite schema).
public enum TensorType: Int8, Sendable, CaseIterable, CustomStringConvertible {
  // Raw values 0…22 in this order, as the schema's `TensorType`.
  case float32, float16, int32, uint8, int64, string, bool, int16
  case complex64, int8, float64, complex128, uint64, resource, variant, uint32
  case uint16, int4, bfloat16, int2, uint4, float8e4m3fn, float8e5m2

  /// Bytes per element, or nil for types that are not a whole number of bytes per element
  /// (`int4`, `int2`, `uint4`) or have no fixed size (`string`, `variant`); a `resource` is a 4-byte
  /// handle.
  public var byteSize: Int? {
    switch self {
    case .bool, .uint8, .int8, .float8e4m3fn, .float8e5m2: 1
    case .float16, .int16, .uint16, .bfloat16: 2
    case .float32, .int32, .uint32: 4
    // A resource tensor holds a handle: an int32 id (TFLite's `ResourceId`).
    case .resource: 4
    case .int64, .uint64, .float64, .complex64: 8
    case .complex128: 16
    case .int4, .int2, .uint4, .string, .variant: nil
    }
  }

  /// The schema name, e.g. `FLOAT32`.
  public var schemaName: String { Self.schemaNames[Int(rawValue)] }

  /// The schema names, by raw value.
  private static let schemaNames: [String] = [
    "FLOAT32", "FLOAT16", "INT32", "UINT8", "INT64", "STRING", "BOOL", "INT16", "COMPLEX64", "INT8",
    "FLOAT64", "COMPLEX128", "UINT64", "RESOURCE", "VARIANT", "UINT32", "UINT16", "INT4",
    "BFLOAT16", "INT2", "UINT4", "FLOAT8_E4M3FN", "FLOAT8_E5M2",
  ]

  /// The lower-case name NumPy would use where one exists (`float32`, `uint8`, …).
  public var description: String { schemaName.lowercased() }
}
