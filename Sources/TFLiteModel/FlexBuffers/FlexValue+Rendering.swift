extension FlexValue {
  /// A stable JSON-like rendering, e.g. `{"max_detections": 10, "y_scale": 10.0}`.
  ///
  /// Integers print in decimal, floats in Swift's shortest round-trip form (always with a `.` or
  /// exponent, `nan`, `inf`, `-inf`), strings and keys JSON-quoted and escaped, blobs as
  /// hexadecimal between angle brackets (`<0a1b>`), maps in stored key order. With `pretty`, each
  /// element goes on its own line, indented by two spaces per level.
  public func rendered(pretty: Bool = false) -> String {
    var output = ""
    render(into: &output, pretty: pretty, indent: 0)
    return output
  }

  private func render(into output: inout String, pretty: Bool, indent: Int) {
    switch self {
    case .null: output += "null"
    case .int(let value): output += String(value)
    case .uint(let value): output += String(value)
    case .float(let value): output += value.description
    case .bool(let value): output += value ? "true" : "false"
    case .string(let value), .key(let value): JSONValue.appendQuoted(value, to: &output)
    case .blob(let bytes):
      let digits: [Character] = Array("0123456789abcdef")
      output += "<"
      for byte in bytes {
        output.append(digits[Int(byte >> 4)])
        output.append(digits[Int(byte & 15)])
      }
      output += ">"
    case .vector(let items):
      guard !items.isEmpty else {
        output += "[]"
        return
      }
      output += "["
      for (index, item) in items.enumerated() {
        Self.separate(&output, first: index == 0, pretty: pretty, indent: indent + 1)
        item.render(into: &output, pretty: pretty, indent: indent + 1)
      }
      Self.close(&output, pretty: pretty, indent: indent)
      output += "]"
    case .map(let entries):
      guard !entries.isEmpty else {
        output += "{}"
        return
      }
      output += "{"
      for (index, entry) in entries.enumerated() {
        Self.separate(&output, first: index == 0, pretty: pretty, indent: indent + 1)
        JSONValue.appendQuoted(entry.key, to: &output)
        output += ": "
        entry.value.render(into: &output, pretty: pretty, indent: indent + 1)
      }
      Self.close(&output, pretty: pretty, indent: indent)
      output += "}"
    }
  }

  /// Writes what goes before an element: a comma unless first, then a newline and indentation.
  private static func separate(_ output: inout String, first: Bool, pretty: Bool, indent: Int) {
    if !first { output += pretty ? "," : ", " }
    if pretty {
      output += "\n"
      output += String(repeating: "  ", count: indent)
    }
  }

  /// Writes what goes before a closing bracket.
  private static func close(_ output: inout String, pretty: Bool, indent: Int) {
    if pretty {
      output += "\n"
      output += String(repeating: "  ", count: indent)
    }
  }
}
