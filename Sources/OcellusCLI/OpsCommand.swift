import TFLiteInterpreter
import TFLiteModel

/// `ocellus ops [--json | --markdown]`: every operator the interpreter runs, with the element
/// types it runs on (`OperatorSupport.all`).
enum OpsCommand {
  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try ParsedArguments(arguments, flags: ["--json", "--markdown"], options: [])
    guard parsed.positionals.isEmpty else {
      throw ParsedArguments.UsageError(
        description: "ops takes no arguments (got \(parsed.positionals.joined(separator: ", ")))")
    }
    switch (parsed.flags.contains("--json"), parsed.flags.contains("--markdown")) {
    case (true, true):
      throw ParsedArguments.UsageError(description: "--json and --markdown exclude each other")
    case (true, false): print(json(OperatorSupport.all).serialized())
    case (false, true): print(markdown(OperatorSupport.all), terminator: "")
    case (false, false): print(text(OperatorSupport.all), terminator: "")
    }
    return 0
  }

  /// The JSON document: an array of `{"operator", "types", "notes"}`, in the registry's order.
  static func json(_ operators: [OperatorSupport]) -> JSONValue {
    .array(
      operators.map {
        .fields([
          ("operator", .string($0.name)), ("types", .array($0.types.map { .string($0.rawValue) })),
          ("notes", .string($0.notes)),
        ])
      })
  }

  /// Docs/OPERATORS.md's table: a summary line, then one Markdown row per operator.
  static func markdown(_ operators: [OperatorSupport]) -> String {
    var lines = [summary(operators), "", "| operator | types | notes |", "|---|---|---|"]
    for entry in operators {
      lines.append("| `\(entry.name)` | \(typeList(entry)) | \(entry.notes) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The table for a terminal: the summary, then aligned columns.
  static func text(_ operators: [OperatorSupport]) -> String {
    let nameWidth = operators.map(\.name.count).max() ?? 0
    let typeWidth = operators.map { typeList($0).count }.max() ?? 0
    func row(_ name: String, _ types: String, _ notes: String) -> String {
      let line =
        name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
        + types.padding(toLength: typeWidth + 2, withPad: " ", startingAt: 0) + notes
      return String(line.reversed().drop { $0 == " " }.reversed())
    }
    var lines = [summary(operators), "", row("operator", "types", "notes")]
    for entry in operators { lines.append(row(entry.name, typeList(entry), entry.notes)) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// How many operators, and what "hybrid" means.
  private static func summary(_ operators: [OperatorSupport]) -> String {
    let custom = operators.filter { $0.name.hasPrefix("CUSTOM:") }.count
    return
      "\(operators.count - custom) builtin operators and \(custom) custom "
      + (custom == 1 ? "one" : "ones")
      + ". Types are those of each operator's data; hybrid: float32 activations with int8 (or uint8) weights."
  }

  /// The types, comma-separated, or a dash for operators without data.
  private static func typeList(_ entry: OperatorSupport) -> String {
    entry.types.isEmpty ? "—" : entry.types.map(\.rawValue).joined(separator: ", ")
  }
}
