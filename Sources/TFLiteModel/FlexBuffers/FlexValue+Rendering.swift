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
      Self.renderContainer(items, "[", "]", into: &output, pretty: pretty, indent: indent) {
        item, output in
        item.render(into: &output, pretty: pretty, indent: indent + 1)
      }
    case .map(let entries):
      Self.renderContainer(entries, "{", "}", into: &output, pretty: pretty, indent: indent) {
        entry, output in
        JSONValue.appendQuoted(entry.key, to: &output)
        output += ": "
        entry.value.render(into: &output, pretty: pretty, indent: indent + 1)
      }
    }
  }

  /// Writes a vector's or map's `elements` between `open` and `close`, each by `render`: comma
  /// separated, or with `pretty` one a line, indented one level deeper than `indent`.
  private static func renderContainer<Element>(
    _ elements: [Element], _ open: String, _ close: String, into output: inout String,
    pretty: Bool, indent: Int, _ render: (Element, inout String) -> Void
  ) {
    guard !elements.isEmpty else {
      output += open + close
      return
    }
    output += open
    for (index, element) in elements.enumerated() {
      if index > 0 { output += pretty ? "," : ", " }
      if pretty { newLine(&output, indent: indent + 1) }
      render(element, &output)
    }
    if pretty { newLine(&output, indent: indent) }
    output += close
  }

  /// Writes a newline and `indent` levels of indentation.
  private static func newLine(_ output: inout String, indent: Int) {
    output += "\n"
    output += String(repeating: "  ", count: indent)
  }
}
