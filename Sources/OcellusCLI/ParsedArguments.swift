/// A command's arguments: positionals, `--flag`s and `--option value` pairs (options may
/// repeat), checked against what the command accepts.
struct ParsedArguments {
  var positionals: [String] = []
  var flags: Set<String> = []
  var options: [String: [String]] = [:]

  /// A usage error, printed with the command's usage.
  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  /// Parses `arguments`, accepting only the given flags and options (names with `--`).
  init(_ arguments: [String], flags allowedFlags: Set<String>, options allowedOptions: Set<String>)
    throws(UsageError)
  {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if allowedFlags.contains(argument) {
        flags.insert(argument)
      } else if allowedOptions.contains(argument) {
        guard index + 1 < arguments.count else {
          throw UsageError(description: "\(argument) needs a value")
        }
        options[argument, default: []].append(arguments[index + 1])
        index += 1
      } else if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "="),
        allowedOptions.contains(String(argument[..<equals]))
      {
        options[String(argument[..<equals]), default: []].append(
          String(argument[argument.index(after: equals)...]))
      } else if argument.hasPrefix("-") && argument.count > 1 {
        throw UsageError(description: "unknown option \(argument)")
      } else {
        positionals.append(argument)
      }
      index += 1
    }
  }

  /// The last value of `option`, if given.
  func value(_ option: String) -> String? { options[option]?.last }

  /// The value of `option` as an integer of at least `minimum`, or `defaultValue` when absent.
  func integer(_ option: String, minimum: Int, default defaultValue: Int) throws(UsageError) -> Int
  {
    guard let text = value(option) else { return defaultValue }
    guard let number = Int(text), number >= minimum else {
      throw UsageError(
        description: "\(option) needs an integer of at least \(minimum), got \"\(text)\"")
    }
    return number
  }

  /// The value of `option` as a number in `range`, or nil when absent.
  func number(_ option: String, in range: ClosedRange<Float>) throws(UsageError) -> Float? {
    guard let text = value(option) else { return nil }
    guard let number = Float(text), range.contains(number) else {
      throw UsageError(
        description:
          "\(option) needs a number in \(range.lowerBound)...\(range.upperBound), got \"\(text)\"")
    }
    return number
  }

  /// The positional arguments, at least one, named `name` in errors.
  func several(_ name: String) throws(UsageError) -> [String] {
    guard !positionals.isEmpty else { throw UsageError(description: "missing \(name)") }
    return positionals
  }

  /// The one positional argument, named `name` in errors.
  func single(_ name: String) throws(UsageError) -> String {
    guard positionals.count == 1 else {
      throw UsageError(
        description: positionals.isEmpty
          ? "missing \(name)" : "one \(name) at a time (got \(positionals.joined(separator: ", ")))"
      )
    }
    return positionals[0]
  }
}
