import Foundation

/// A one-line progress display on standard error for work over many files: `[ 12/240] name`,
/// redrawn in place, erased when done.
///
/// Shown only when standard error is a terminal, there are at least two items, and the
/// results are not already appearing item by item on that terminal (standard output is
/// redirected, or the command collects its output for one JSON document at the end), so
/// piped output and logs never contain control characters.
struct ProgressLine {
  private let total: Int
  private let enabled: Bool
  private var drawn = false

  /// - Parameters:
  ///   - total: the number of items.
  ///   - resultsAtEnd: true when nothing is printed to standard output until the end.
  init(total: Int, resultsAtEnd: Bool) {
    self.total = total
    enabled = total >= 2 && isatty(2) == 1 && (resultsAtEnd || isatty(1) == 0)
  }

  /// Shows that item `index` (0-based) named `name` is being worked on.
  mutating func show(_ index: Int, _ name: String) {
    guard enabled else { return }
    let width = String(total).count
    let number = String(index + 1)
    let counter = String(repeating: " ", count: max(0, width - number.count)) + number
    var shown = (name as NSString).lastPathComponent
    if shown.count > 60 { shown = "…" + shown.suffix(59) }
    write("\r\u{1B}[K[\(counter)/\(total)] \(shown)")
    drawn = true
  }

  /// Erases the line.
  mutating func finish() {
    guard enabled, drawn else { return }
    write("\r\u{1B}[K")
    drawn = false
  }

  private func write(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
