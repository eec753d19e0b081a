/// A plain-text label list, as packed in TFLite models (TENSOR_AXIS_LABELS and
/// TENSOR_VALUE_LABELS associated files) and AutoML bundles (`dict.txt`).
///
/// Both uses share one format: line `i` (0-based) names index `i`. For a classifier's
/// axis labels, index `i` is the class at position `i` along the scores axis; for a
/// detector's value labels, index `v` is what the category tensor holds. Read either
/// with ``label(at:)``.
///
/// Format rules (the Task Library's `label_map_item.cc`, plus fixes):
/// - A UTF-8 byte order mark at the very start is removed.
/// - The text is split on "\n" only. If the last piece is empty (the file ends with a
///   newline), it is dropped; a completely empty file therefore has zero labels, and a
///   file holding just "\n" has one empty label.
/// - One trailing "\r" is removed from every label, so CRLF files work (upstream keeps
///   the "\r"). Nothing else is trimmed: spaces stay, and empty lines in the middle stay
///   as empty labels so that indices do not shift.
/// - Invalid UTF-8 is repaired: each bad sequence becomes U+FFFD rather than failing.
public struct LabelFile: Equatable, Sendable {
  /// The default for `maxLabels`: one million.
  public static let defaultMaxLabels = 1_000_000

  /// The labels, in file order; `labels[i]` names index `i`.
  public var labels: [String]

  /// Creates a label list from already-split labels.
  public init(labels: [String]) {
    self.labels = labels
  }

  /// The number of labels.
  public var count: Int { labels.count }

  /// The label for `index` (a class index along a scores axis, or a category tensor
  /// value), or `nil` if `index` is negative or not below ``count``.
  public func label(at index: Int) -> String? {
    guard index >= 0 && index < labels.count else { return nil }
    return labels[index]
  }

  /// Parses a label file's bytes (see the type's documentation for the format).
  ///
  /// - Parameters:
  ///   - bytes: The file's contents (any byte collection, e.g. an `ArraySlice`).
  ///   - maxLabels: The most labels accepted (default ``defaultMaxLabels``).
  /// - Throws: ``LabelFileError/tooManyLabels(limit:)`` if the file has more lines.
  public static func parse(
    _ bytes: some Collection<UInt8>, maxLabels: Int = defaultMaxLabels
  ) throws(LabelFileError) -> LabelFile {
    let body = { (buffer: UnsafeBufferPointer<UInt8>) -> Result<LabelFile, LabelFileError> in
      Result { () throws(LabelFileError) -> LabelFile in
        try parse(buffer: buffer, maxLabels: maxLabels)
      }
    }
    if let result = bytes.withContiguousStorageIfAvailable(body) {
      return try result.get()
    }
    return try Array(bytes).withUnsafeBufferPointer(body).get()
  }

  private static func parse(buffer: UnsafeBufferPointer<UInt8>, maxLabels: Int)
    throws(LabelFileError) -> LabelFile
  {
    let hasBOM =
      buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF
    let start = hasBOM ? 3 : 0
    var labels: [String] = []
    var lineStart = start
    var cursor = start
    while cursor < buffer.count {
      if buffer[cursor] == 0x0A {
        try append(buffer, lineStart..<cursor, to: &labels, maxLabels: maxLabels)
        lineStart = cursor + 1
      }
      cursor += 1
    }
    // The last piece: kept unless empty (no trailing newline means it holds a label).
    if lineStart < buffer.count {
      try append(buffer, lineStart..<buffer.count, to: &labels, maxLabels: maxLabels)
    }
    return LabelFile(labels: labels)
  }

  /// Appends one line as a label, without a trailing "\r", repairing invalid UTF-8.
  private static func append(
    _ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, to labels: inout [String],
    maxLabels: Int
  ) throws(LabelFileError) {
    guard labels.count < maxLabels else { throw .tooManyLabels(limit: maxLabels) }
    var end = line.upperBound
    if end > line.lowerBound && buffer[end - 1] == 0x0D {
      end -= 1
    }
    labels.append(
      String(decoding: UnsafeBufferPointer(rebasing: buffer[line.lowerBound..<end]), as: UTF8.self))
  }

  /// Pairs these labels with an optional display-names list, line by line, like the Task
  /// Library's `BuildLabelMapFromFiles`.
  ///
  /// - Parameter displayNames: The parsed display-names file, or `nil` if the model has
  ///   none. As upstream, a display-names list with zero entries (an empty file) counts as
  ///   absent; otherwise it must have exactly one line per label.
  /// - Returns: One item per label, with ``LabelMapItem/displayName`` set when display
  ///   names are present.
  /// - Throws: ``LabelFileError/displayNameCountMismatch(labels:displayNames:)``.
  public func labelMapItems(displayNames: LabelFile? = nil) throws(LabelFileError)
    -> [LabelMapItem]
  {
    guard let displayNames, displayNames.count > 0 else {
      return labels.map { LabelMapItem(name: $0) }
    }
    guard displayNames.count == labels.count else {
      throw .displayNameCountMismatch(labels: labels.count, displayNames: displayNames.count)
    }
    return zip(labels, displayNames.labels).map { LabelMapItem(name: $0, displayName: $1) }
  }
}
