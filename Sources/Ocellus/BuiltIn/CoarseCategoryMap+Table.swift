extension CoarseCategoryMap {
  /// Reads a table in the built-in file's form: UTF-8 text, lines ending in LF or CRLF; empty
  /// lines and lines starting with `#` are skipped; every other line is
  /// `index TAB id TAB category TAB name`, with indices 0, 1, 2, … in order and `category` one of
  /// `fashion_good`, `home_good`, `food`, `place`, `plant`, `unknown`.
  ///
  /// - Throws: ``VisionError/invalidBuiltInModels(reason:)`` naming the line and what is wrong;
  ///   also when there are more than `maxClasses` classes.
  public init(table bytes: [UInt8], maxClasses: Int = 100_000) throws(VisionError) {
    var categories: [CoarseCategory?] = []
    var names: [String] = []
    for (number, rawLine) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      .enumerated()
    {
      var line = rawLine
      if line.last == 0x0D { line = line.dropLast() }
      if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
      guard categories.count < maxClasses else {
        throw .invalidBuiltInModels(
          reason: "coarse-category table: more than \(maxClasses) classes")
      }
      let row = try Self.row(line, number: number + 1, expectedIndex: categories.count)
      categories.append(row.category)
      names.append(row.name)
    }
    try self.init(categories: categories, names: names)
  }

  /// One data line's category and name, checked.
  private static func row(_ line: ArraySlice<UInt8>, number: Int, expectedIndex: Int)
    throws(VisionError) -> (category: CoarseCategory?, name: String)
  {
    let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    func failure(_ what: String) -> VisionError {
      .invalidBuiltInModels(reason: "coarse-category table, line \(number): \(what)")
    }
    guard fields.count == 4 else {
      throw failure("expected 4 tab-separated fields, found \(fields.count)")
    }
    guard Int(fields[0]) == expectedIndex else {
      throw failure("expected class index \(expectedIndex), found \"\(fields[0])\"")
    }
    if fields[2] == "unknown" { return (nil, fields[3]) }
    guard let category = CoarseCategory(identifier: fields[2]) else {
      throw failure("unknown category \"\(fields[2])\"")
    }
    return (category, fields[3])
  }
}
