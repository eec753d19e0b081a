extension JSONValue {
  /// Appends `text` to `output` as a JSON string: in double quotes, with `"`, `\`, newline,
  /// carriage return and tab escaped by a backslash and the other control characters as
  /// `\u00xx` (lower-case hex). Used by every JSON writer of the package.
  package static func appendQuoted(_ text: String, to output: inout String) {
    let hex: [Character] = Array("0123456789abcdef")
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        if scalar.value < 0x20 {
          output += "\\u00"
          output.append(hex[Int(scalar.value >> 4)])
          output.append(hex[Int(scalar.value & 15)])
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}
