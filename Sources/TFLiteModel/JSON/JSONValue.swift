/// A parsed JSON value.
///
/// Produced by ``LenientJSON/parse(_:limits:)``. The accessors return `nil` when the value
/// has a different kind, so lookups chain safely: `value["model"]?["file"]?.stringValue`.
public enum JSONValue: Equatable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, kept as its source text.
  case number(JSONNumber)
  /// A string, with escapes decoded.
  case string(String)
  /// An array, in source order.
  case array([JSONValue])
  /// An object, keeping key order.
  case object(JSONObject)

  /// The kind of value as a lowercase English word: "null", "boolean", "number",
  /// "string", "array" or "object". Useful in error messages.
  public var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// Whether the value is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The Boolean, if this is `true` or `false`.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The number, if this is a number.
  public var numberValue: JSONNumber? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The number as the nearest `Double` (see ``JSONNumber/doubleValue``), if this is a number.
  public var doubleValue: Double? {
    numberValue?.doubleValue
  }

  /// The string, if this is a string.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The elements, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The object, if this is an object.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// The member named `key`, if this is an object that has it.
  public subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }

  /// The element at `index` (0-based), if this is an array and `index` is in range.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self, index >= 0, index < elements.count else {
      return nil
    }
    return elements[index]
  }
}
