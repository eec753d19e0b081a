/// The dictionary at the start of a `.npy` file, e.g.
/// `{'descr': '<f4', 'fortran_order': False, 'shape': (1, 224, 224, 3), }`.
struct NumPyHeader {
  var dtype: String
  var fortranOrder: Bool
  var shape: [Int]

  /// Parses the dictionary: exactly the keys `descr`, `fortran_order` and `shape`, in any order.
  init(_ text: String) throws(NumPyError) {
    var scanner = Scanner(Array(text.unicodeScalars))
    var dtype: String?
    var fortranOrder: Bool?
    var shape: [Int]?
    try scanner.expect("{")
    while true {
      scanner.skipSpaces()
      if scanner.take("}") { break }
      let key = try scanner.quoted()
      try scanner.expect(":")
      switch key {
      case "descr": dtype = try scanner.quoted()
      case "fortran_order": fortranOrder = try scanner.boolean()
      case "shape": shape = try scanner.tuple()
      default: throw .malformedHeader(reason: "unexpected key '\(key)'")
      }
      scanner.skipSpaces()
      if !scanner.take(",") {
        try scanner.expect("}")
        break
      }
    }
    guard let dtype, let fortranOrder, let shape else {
      throw .malformedHeader(reason: "the keys descr, fortran_order and shape are all required")
    }
    self.dtype = dtype
    self.fortranOrder = fortranOrder
    self.shape = shape
  }

  /// A cursor over the header's characters.
  private struct Scanner {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func skipSpaces() {
      while position < scalars.count, scalars[position] == " " || scalars[position] == "\n" {
        position += 1
      }
    }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
      skipSpaces()
      guard position < scalars.count, scalars[position] == character else { return false }
      position += 1
      return true
    }

    mutating func expect(_ character: Unicode.Scalar) throws(NumPyError) {
      guard take(character) else {
        throw .malformedHeader(reason: "expected '\(character)' at character \(position)")
      }
    }

    mutating func quoted() throws(NumPyError) -> String {
      skipSpaces()
      guard position < scalars.count, scalars[position] == "'" || scalars[position] == "\"" else {
        throw .malformedHeader(reason: "expected a quoted string at character \(position)")
      }
      let quote = scalars[position]
      position += 1
      var text = ""
      while position < scalars.count, scalars[position] != quote {
        text.unicodeScalars.append(scalars[position])
        position += 1
      }
      guard position < scalars.count else { throw .malformedHeader(reason: "unterminated string") }
      position += 1
      return text
    }

    mutating func boolean() throws(NumPyError) -> Bool {
      skipSpaces()
      for (word, value) in [("True", true), ("False", false)] {
        let end = position + word.unicodeScalars.count
        if end <= scalars.count, String(String.UnicodeScalarView(scalars[position..<end])) == word {
          position = end
          return value
        }
      }
      throw .malformedHeader(reason: "expected True or False at character \(position)")
    }

    mutating func tuple() throws(NumPyError) -> [Int] {
      try expect("(")
      var values: [Int] = []
      while true {
        if take(")") { return values }
        skipSpaces()
        var digits = ""
        while position < scalars.count, ("0"..."9").contains(scalars[position]) {
          digits.unicodeScalars.append(scalars[position])
          position += 1
        }
        guard !digits.isEmpty, digits.count <= 12, let value = Int(digits) else {
          throw .malformedHeader(reason: "expected a dimension at character \(position)")
        }
        values.append(value)
        if !take(",") {
          try expect(")")
          return values
        }
      }
    }
  }
}
