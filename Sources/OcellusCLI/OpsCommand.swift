import TFLiteInterpreter
import TFLiteModel

/// `ocellus ops [--json | --markdown | --where OP]`: every operator the interpreter runs, with
/// the element types it runs on and the kernels that run it (`OperatorSupport.all`).
enum OpsCommand {
  static func run(_ arguments: [String]) throws -> Int32 {
    let parsed = try ParsedArguments(
      arguments, flags: ["--json", "--markdown"], options: ["--where"])
    guard parsed.positionals.isEmpty else {
      throw ParsedArguments.UsageError(
        description: "ops takes no arguments (got \(parsed.positionals.joined(separator: ", ")))")
    }
    if let name = parsed.options["--where"]?.last {
      print(try whereText(name), terminator: "")
      return 0
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

  /// `--where OP`: each kernel with its types and file (the first one's file holds the factory
  /// that picks among them), then where the operator is registered. `name` is matched without
  /// regard to case (`conv_2d`, `CUSTOM:…`).
  static func whereText(_ name: String) throws -> String {
    guard
      let entry = OperatorSupport.all.first(where: { $0.name.uppercased() == name.uppercased() })
    else {
      throw ParsedArguments.UsageError(
        description: "no kernel runs \(name) (`ocellus ops` lists the operators)")
    }
    var lines = ["\(entry.name)" + (entry.notes.isEmpty ? "" : ": \(entry.notes)")]
    let typeWidth = entry.kernels.map { typeList($0.types).count }.max() ?? 0
    let kernelWidth = entry.kernels.map(\.kernel.count).max() ?? 0
    for variant in entry.kernels {
      lines.append(
        typeList(variant.types).padding(toLength: typeWidth + 2, withPad: " ", startingAt: 0)
          + variant.kernel.padding(toLength: kernelWidth + 2, withPad: " ", startingAt: 0)
          + variant.file)
    }
    lines.append("registered in \(OperatorSupport.catalogFile)")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The JSON document: an array of `{"operator", "types", "notes", "kernels"}`
  /// (each kernel `{"kernel", "file", "types"}`), in the registry's order.
  static func json(_ operators: [OperatorSupport]) -> JSONValue {
    .array(
      operators.map {
        .fields([
          ("operator", .string($0.name)), ("types", strings($0.types.map(\.rawValue))),
          ("notes", .string($0.notes)),
          (
            "kernels",
            .array(
              $0.kernels.map {
                .fields([
                  ("kernel", .string($0.kernel)), ("file", .string($0.file)),
                  ("types", strings($0.types.map(\.rawValue))),
                ])
              })
          ),
        ])
      })
  }

  /// A JSON array of strings.
  private static func strings(_ values: [String]) -> JSONValue {
    .array(values.map { .string($0) })
  }

  /// Docs/OPERATORS.md's table: a summary line, then one Markdown row per operator.
  static func markdown(_ operators: [OperatorSupport]) -> String {
    var lines = [
      summary(operators), "", "| operator | types | kernels | notes |", "|---|---|---|---|",
    ]
    for entry in operators {
      let kernels = entry.kernels.map { "`\($0.kernel)`" }.joined(separator: ", ")
      lines.append(
        "| `\(entry.name)` | \(typeList(entry.types)) | \(kernels) | \(entry.notes) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The table for a terminal: the summary, then aligned columns.
  static func text(_ operators: [OperatorSupport]) -> String {
    let nameWidth = operators.map(\.name.count).max() ?? 0
    let typeWidth = operators.map { typeList($0.types).count }.max() ?? 0
    func row(_ name: String, _ types: String, _ notes: String) -> String {
      let line =
        name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
        + types.padding(toLength: typeWidth + 2, withPad: " ", startingAt: 0) + notes
      return String(line.reversed().drop { $0 == " " }.reversed())
    }
    var lines = [summary(operators), "", row("operator", "types", "notes")]
    for entry in operators { lines.append(row(entry.name, typeList(entry.types), entry.notes)) }
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
  private static func typeList(_ types: [OperatorSupport.ElementType]) -> String {
    types.isEmpty ? "—" : types.map(\.rawValue).joined(separator: ", ")
  }
}
