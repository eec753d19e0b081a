/// The type of one FlexBuffers value: the upper six bits of a packed type byte.
///
/// Raw values are those of upstream `flexbuffers::Type` (`FBT_NULL` = 0 … `FBT_BOOL` = 26,
/// `FBT_VECTOR_BOOL` = 36). Any other value in a buffer is reported as
/// ``FlexBufferError/unknownType(_:offset:)``.
public enum FlexBufferType: UInt8, Sendable, CaseIterable, CustomStringConvertible {
  /// No value; reads as 0, 0.0 or `false`.
  case null = 0
  /// A signed integer stored inline in its parent's width.
  case int = 1
  /// An unsigned integer stored inline in its parent's width.
  case uint = 2
  /// A floating-point number stored inline (32- or 64-bit).
  case float = 3
  /// A NUL-terminated byte string without a size field (map keys).
  case key = 4
  /// A size-prefixed, NUL-terminated UTF-8 string.
  case string = 5
  /// A signed integer stored out of line, reached by a backward offset.
  case indirectInt = 6
  /// An unsigned integer stored out of line, reached by a backward offset.
  case indirectUInt = 7
  /// A floating-point number stored out of line, reached by a backward offset.
  case indirectFloat = 8
  /// A map: a values vector with a sorted keys vector.
  case map = 9
  /// A vector whose elements each carry their own packed type byte.
  case vector = 10
  /// A size-prefixed vector of signed integers.
  case vectorInt = 11
  /// A size-prefixed vector of unsigned integers.
  case vectorUInt = 12
  /// A size-prefixed vector of floating-point numbers.
  case vectorFloat = 13
  /// A size-prefixed vector of keys.
  case vectorKey = 14
  /// Deprecated upstream: a vector of strings; read, like upstream, as a vector of keys.
  case vectorStringDeprecated = 15
  /// Two signed integers, no size field.
  case vectorInt2 = 16
  /// Two unsigned integers, no size field.
  case vectorUInt2 = 17
  /// Two floating-point numbers, no size field.
  case vectorFloat2 = 18
  /// Three signed integers, no size field.
  case vectorInt3 = 19
  /// Three unsigned integers, no size field.
  case vectorUInt3 = 20
  /// Three floating-point numbers, no size field.
  case vectorFloat3 = 21
  /// Four signed integers, no size field.
  case vectorInt4 = 22
  /// Four unsigned integers, no size field.
  case vectorUInt4 = 23
  /// Four floating-point numbers, no size field.
  case vectorFloat4 = 24
  /// Size-prefixed raw bytes.
  case blob = 25
  /// A boolean stored inline in its parent's width.
  case bool = 26
  /// A size-prefixed vector of booleans.
  case vectorBool = 36

  /// Whether the value is stored in its parent's slot rather than reached by an offset.
  public var isInline: Bool {
    switch self {
    case .null, .int, .uint, .float, .bool: true
    default: false
    }
  }

  /// Whether this is a numeric or boolean type that the `as…` conversions accept
  /// (`null`, `int`, `uint`, `float`, `bool` and the three indirect forms).
  public var isNumeric: Bool {
    switch self {
    case .null, .int, .uint, .float, .bool, .indirectInt, .indirectUInt, .indirectFloat: true
    default: false
    }
  }

  /// Whether this is a size-prefixed typed vector (`vectorInt` … `vectorStringDeprecated`, `vectorBool`).
  public var isTypedVector: Bool {
    switch self {
    case .vectorInt, .vectorUInt, .vectorFloat, .vectorKey, .vectorStringDeprecated, .vectorBool:
      true
    default: false
    }
  }

  /// Whether this is a fixed-length typed vector of 2, 3 or 4 elements.
  public var isFixedTypedVector: Bool { rawValue >= 16 && rawValue <= 24 }

  /// Whether values of this type have elements that can be indexed: every vector kind and maps.
  public var isVectorLike: Bool {
    self == .vector || self == .map || isTypedVector || isFixedTypedVector
  }

  /// The element type of a typed or fixed typed vector, `nil` for any other type.
  ///
  /// Keys for `vectorKey` and, as upstream does, for `vectorStringDeprecated`.
  public var elementType: FlexBufferType? {
    switch self {
    case .vectorInt, .vectorInt2, .vectorInt3, .vectorInt4: .int
    case .vectorUInt, .vectorUInt2, .vectorUInt3, .vectorUInt4: .uint
    case .vectorFloat, .vectorFloat2, .vectorFloat3, .vectorFloat4: .float
    case .vectorKey, .vectorStringDeprecated: .key
    case .vectorBool: .bool
    default: nil
    }
  }

  /// The element count of a fixed typed vector (2, 3 or 4), `nil` for any other type.
  public var fixedLength: Int? {
    guard isFixedTypedVector else { return nil }
    return Int(rawValue - 16) / 3 + 2
  }

  /// The upstream name without its `FBT_` prefix, e.g. `INT`, `VECTOR_FLOAT3`.
  public var description: String {
    switch self {
    case .null: "NULL"
    case .int: "INT"
    case .uint: "UINT"
    case .float: "FLOAT"
    case .key: "KEY"
    case .string: "STRING"
    case .indirectInt: "INDIRECT_INT"
    case .indirectUInt: "INDIRECT_UINT"
    case .indirectFloat: "INDIRECT_FLOAT"
    case .map: "MAP"
    case .vector: "VECTOR"
    case .vectorInt: "VECTOR_INT"
    case .vectorUInt: "VECTOR_UINT"
    case .vectorFloat: "VECTOR_FLOAT"
    case .vectorKey: "VECTOR_KEY"
    case .vectorStringDeprecated: "VECTOR_STRING_DEPRECATED"
    case .vectorInt2: "VECTOR_INT2"
    case .vectorUInt2: "VECTOR_UINT2"
    case .vectorFloat2: "VECTOR_FLOAT2"
    case .vectorInt3: "VECTOR_INT3"
    case .vectorUInt3: "VECTOR_UINT3"
    case .vectorFloat3: "VECTOR_FLOAT3"
    case .vectorInt4: "VECTOR_INT4"
    case .vectorUInt4: "VECTOR_UINT4"
    case .vectorFloat4: "VECTOR_FLOAT4"
    case .blob: "BLOB"
    case .bool: "BOOL"
    case .vectorBool: "VECTOR_BOOL"
    }
  }
}
