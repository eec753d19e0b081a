import TFLiteModel

/// Building and printing JSON documents with the project's `JSONValue`, keeping key order so
/// the tool's output is stable.
extension JSONValue {
  /// An object with members in the given order.
  static func fields(_ members: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(members)) }

  static func int(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

  /// A float with its shortest round-tripping text; non-finite values become strings.
  static func float(_ value: Float) -> JSONValue {
    JSONNumber(value).map(JSONValue.number) ?? .string(value.description)
  }

  /// A double with its shortest round-tripping text; non-finite values become strings.
  static func double(_ value: Double) -> JSONValue {
    JSONNumber(value).map(JSONValue.number) ?? .string(value.description)
  }

  /// An optional string: null when absent.
  static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

  static func ints(_ values: [Int]) -> JSONValue { .array(values.map(JSONValue.int)) }

  static func floats(_ values: [Float]) -> JSONValue { .array(values.map(JSONValue.float)) }

  /// The value as an `Int`, if it is an integer number.
  var intValue: Int? { numberValue?.int64Value.flatMap { Int(exactly: $0) } }

  /// Pretty-printed text, two-space indented, with arrays of scalars on one line.
  func serialized(indent: Int = 0) -> String {
    let pad = String(repeating: "  ", count: indent + 1)
    let closingPad = String(repeating: "  ", count: indent)
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let number): return number.text
    case .string(let value): return Self.quoted(value)
    case .array(let items):
      if items.isEmpty { return "[]" }
      if items.allSatisfy(\.isScalar) {
        return "[" + items.map { $0.serialized() }.joined(separator: ", ") + "]"
      }
      return "[\n" + items.map { pad + $0.serialized(indent: indent + 1) }.joined(separator: ",\n")
        + "\n\(closingPad)]"
    case .object(let object):
      if object.isEmpty { return "{}" }
      return "{\n"
        + object.members.map {
          pad + Self.quoted($0.key) + ": " + $0.value.serialized(indent: indent + 1)
        }
        .joined(separator: ",\n") + "\n\(closingPad)}"
    }
  }

  /// The value as JSON on one line (JSON Lines).
  var singleLine: String {
    switch self {
    case .array(let items): return "[" + items.map(\.singleLine).joined(separator: ",") + "]"
    case .object(let object):
      return "{"
        + object.members.map { Self.quoted($0.key) + ":" + $0.value.singleLine }.joined(
          separator: ",") + "}"
    default: return serialized()
    }
  }

  /// One line of JSON-like text for reading, with object keys unquoted (not JSON).
  var compactText: String {
    switch self {
    case .array(let items): return "[" + items.map(\.compactText).joined(separator: ", ") + "]"
    case .object(let object):
      return "{"
        + object.members.map { "\($0.key): \($0.value.compactText)" }.joined(separator: ", ") + "}"
    default: return serialized()
    }
  }

  private var isScalar: Bool {
    switch self {
    case .array, .object: false
    default: true
    }
  }

  private static func quoted(_ text: String) -> String {
    var out = ""
    appendQuoted(text, to: &out)
    return out
  }
}
