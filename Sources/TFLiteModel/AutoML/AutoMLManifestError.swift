/// Why an AutoML `manifest.json` could not be parsed, or a path in it resolved.
public enum AutoMLManifestError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file is not (lenient) JSON; the wrapped error says what and where.
  case json(JSONError)
  /// The top-level JSON value is not an object; `found` is its kind (e.g. "array").
  case notAnObject(found: String)
  /// Required keys are absent, listed in the order `modelType`, `modelFile`, `labelsFile`.
  case missingKeys([String])
  /// The value of `key` is not a string; `found` is its kind (e.g. "number").
  case notAString(key: String, found: String)
  /// The value of `key` (or, for path resolution, the argument named `key`) is empty.
  case emptyValue(key: String)
  /// The value of `key` (or the argument named `key`) contains a NUL character, which no
  /// file path may contain.
  case nulCharacter(key: String)
  /// `modelType` is not one of `AutoMLModelType.allCases`; the raw string is kept.
  case unsupportedModelType(String)

  /// The error as an English sentence.
  public var description: String {
    switch self {
    case .json(let error):
      return "The AutoML manifest is not valid JSON: \(error)"
    case .notAnObject(let found):
      return "The AutoML manifest must be a JSON object, but it is a JSON \(found)."
    case .missingKeys(let keys):
      let list = keys.map { "\"\($0)\"" }.joined(separator: ", ")
      return "The AutoML manifest lacks the required key\(keys.count == 1 ? "" : "s") \(list)."
    case .notAString(let key, let found):
      return "The AutoML manifest key \"\(key)\" must be a string, but it is a \(found)."
    case .emptyValue(let key):
      return "The AutoML manifest value \"\(key)\" is empty."
    case .nulCharacter(let key):
      return "The AutoML manifest value \"\(key)\" contains a NUL character."
    case .unsupportedModelType(let name):
      let supported = AutoMLModelType.allCases.map { "\"\($0.rawValue)\"" }
        .joined(separator: ", ")
      return "The AutoML model type \"\(name)\" is not supported (supported: \(supported))."
    }
  }
}
