/// A fully decoded FlexBuffers value, for printing and comparison.
///
/// Produced by ``FlexBuffer/decode()`` and ``FlexBufferReference/decode()``. Indirect scalars
/// decode like inline ones; typed and fixed typed vectors decode as ``vector(_:)``; maps keep the
/// buffer's (sorted) key order. Equality compares floats with IEEE `==`, so a NaN is unequal to
/// itself.
public indirect enum FlexValue: Sendable, Equatable, CustomStringConvertible {
  /// `null`.
  case null
  /// A signed integer (`INT`, `INDIRECT_INT`).
  case int(Int64)
  /// An unsigned integer (`UINT`, `INDIRECT_UINT`).
  case uint(UInt64)
  /// A floating-point number (`FLOAT`, `INDIRECT_FLOAT`), widened to `Double`.
  case float(Double)
  /// A boolean.
  case bool(Bool)
  /// A string (invalid UTF-8 replaced with U+FFFD).
  case string(String)
  /// A key used as a value, e.g. an element of a `VECTOR_KEY`.
  case key(String)
  /// Raw bytes.
  case blob([UInt8])
  /// Any kind of vector, in element order.
  case vector([FlexValue])
  /// A map's entries in stored order (sorted bytewise by key).
  case map([(key: String, value: FlexValue)])

  /// Structural equality; map entries must match in order.
  public static func == (lhs: FlexValue, rhs: FlexValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.int(let a), .int(let b)): return a == b
    case (.uint(let a), .uint(let b)): return a == b
    case (.float(let a), .float(let b)): return a == b
    case (.bool(let a), .bool(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.key(let a), .key(let b)): return a == b
    case (.blob(let a), .blob(let b)): return a == b
    case (.vector(let a), .vector(let b)): return a == b
    case (.map(let a), .map(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  /// The value stored under `key` when this is a map, otherwise `nil`.
  public func value(forKey key: String) -> FlexValue? {
    guard case .map(let entries) = self else { return nil }
    return entries.first { $0.key == key }?.value
  }

  /// The compact single-line rendering; see ``rendered(pretty:)``.
  public var description: String { rendered() }
}
