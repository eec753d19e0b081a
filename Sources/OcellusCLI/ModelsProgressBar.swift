import Foundation

/// Draws download progress on standard error: a redrawn bar on a terminal, plain lines at
/// each quarter otherwise (logs, pipes, CI).
final class ModelsProgressBar {
  private let name: String
  private let isTerminal: Bool
  private var lastQuarter = -1
  private var lastDrawn = ""

  init(name: String, isTerminal: Bool) {
    self.name = name
    self.isTerminal = isTerminal
  }

  /// Announces the transfer, or the check of an installed copy.
  func start(url: String, installed: Bool) {
    write("\(name): \(installed ? "installed; checking" : "downloading") \(url)\n")
  }

  /// Shows `completed` of `total` bytes (`total` ≤ 0: unknown).
  func update(completed: Int64, total: Int64) {
    if isTerminal {
      var line = "\r\(name) "
      if total > 0 {
        let fraction = min(1, max(0, Double(completed) / Double(total)))
        let filled = Int(fraction * 30)
        line +=
          "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
        line += "] \(Int(fraction * 100))%  \(Self.megabytes(completed)) / \(Self.megabytes(total))"
      } else {
        line += "\(Self.megabytes(completed))"
      }
      if line != lastDrawn {
        lastDrawn = line
        write(line + "\u{1B}[K")
      }
    } else if total > 0 {
      let quarter = Int(min(4, max(0, completed * 4 / total)))
      if quarter > lastQuarter {
        lastQuarter = quarter
        write("\(name): \(quarter * 25)% (\(completed) of \(total) bytes)\n")
      }
    }
  }

  /// Ends the display with a final message.
  func finish(_ message: String) {
    write((isTerminal ? "\n" : "") + "\(name): \(message)\n")
  }

  /// `bytes` as megabytes with one decimal, e.g. "3.6 MB".
  static func megabytes(_ bytes: Int64) -> String {
    String(format: "%.1f MB", Double(bytes) / 1_000_000)
  }

  private func write(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
