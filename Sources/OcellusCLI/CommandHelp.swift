import Foundation

/// The help of one `ocellus` subcommand: shown by `ocellus CMD --help` and `ocellus help CMD`,
/// summarized by `ocellus help`, and rendered as Markdown into Docs/CLI.md
/// (`ocellus help --markdown`; a test keeps that file equal to it).
struct CommandHelp: Sendable {
  /// One flag or option and what it does.
  struct Option: Sendable {
    /// As typed, with its value placeholder: `--threshold T`.
    var name: String
    /// What it does, its default and its range.
    var text: String
  }

  /// An example command line and what it shows.
  struct Example: Sendable {
    /// What the example does (one line).
    var comment: String
    /// The command, as typed from the repository root.
    var command: String
  }

  /// The subcommand: `detect`.
  var name: String
  /// One line for the command list.
  var summary: String
  /// Synopsis lines without the leading `ocellus`; a line starting with a space continues the
  /// one before.
  var usage: [String]
  /// Paragraphs explaining the command.
  var details: [String]
  /// Its flags and options.
  var options: [Option]
  /// Worked examples.
  var examples: [Example]

  /// The synopsis as typed: `ocellus ` before each line, continuation lines indented.
  var synopsis: [String] {
    usage.map { $0.hasPrefix(" ") ? "        " + $0 : "ocellus " + $0 }
  }

  /// The help as printed on a terminal, wrapped to 92 columns.
  var text: String {
    var lines = ["usage: " + synopsis.joined(separator: "\n       ")]
    lines.append("")
    for paragraph in [summary] + details {
      lines += Self.wrap(paragraph, width: 92, indent: "")
      lines.append("")
    }
    if !options.isEmpty {
      lines.append("options:")
      for option in options {
        lines.append("  " + option.name)
        lines += Self.wrap(option.text, width: 92, indent: "      ")
      }
      lines.append("")
    }
    if !examples.isEmpty {
      lines.append("examples:")
      for example in examples {
        lines += Self.wrap(example.comment, width: 92, indent: "  # ")
        lines.append("  " + example.command)
      }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// The help as a Markdown section of the CLI reference.
  var markdown: String {
    var lines = ["## `ocellus \(name)`", "", summary, "", "```"]
    lines += synopsis
    lines += ["```", ""]
    for paragraph in details { lines += [paragraph, ""] }
    if !options.isEmpty {
      lines += ["| option | meaning |", "|---|---|"]
      for option in options {
        let text = option.text.replacingOccurrences(of: "|", with: "\\|")
        lines.append("| `\(option.name)` | \(text) |")
      }
      lines.append("")
    }
    if !examples.isEmpty {
      lines += ["Examples:", "", "```sh"]
      for example in examples { lines += ["# " + example.comment, example.command] }
      lines += ["```", ""]
    }
    return lines.joined(separator: "\n")
  }

  /// `text` broken into lines of at most `width` columns (words longer than that stay whole).
  static func wrap(_ text: String, width: Int, indent: String) -> [String] {
    var lines: [String] = []
    var line = indent
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if line.count > indent.count, line.count + 1 + word.count > width {
        lines.append(line)
        line = indent
      }
      line += (line.count > indent.count ? " " : "") + word
    }
    if line.count > indent.count { lines.append(line) }
    return lines
  }
}
