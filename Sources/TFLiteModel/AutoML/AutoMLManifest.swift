/// An ML Kit AutoML Vision Edge `manifest.json`: which model and label files make up a
/// model bundle.
///
/// The manifest is a JSON object with three required string keys:
/// `modelType` (e.g. "IMAGE_LABELING"), `modelFile` (e.g. "model.tflite") and
/// `labelsFile` (e.g. "dict.txt"). File names are relative to the manifest's directory;
/// see ``resolve(_:relativeToManifestAt:)``.
///
/// Parsing is lenient where shipped manifests need it: a trailing comma (the iOS sample
/// has one), a UTF-8 byte order mark and comments are accepted (see ``LenientJSON``), and
/// unknown keys are ignored. Keys are case-sensitive.
public struct AutoMLManifest: Equatable, Sendable {
  /// The required keys, in the order they are reported when missing.
  public static let requiredKeys = ["modelType", "modelFile", "labelsFile"]

  /// The `modelType` string exactly as written (never empty).
  public var modelTypeName: String
  /// The typed model type, or `nil` if ``modelTypeName`` is not a known
  /// ``AutoMLModelType`` (possible only when parsing with `allowUnknownModelType`).
  public var modelType: AutoMLModelType? { AutoMLModelType(rawValue: modelTypeName) }
  /// The model file name as written, e.g. "model.tflite" (never empty, no NUL).
  public var modelFile: String
  /// The labels file name as written, e.g. "dict.txt" (never empty, no NUL).
  public var labelsFile: String

  /// Creates a manifest from its three values, unchecked.
  public init(modelTypeName: String, modelFile: String, labelsFile: String) {
    self.modelTypeName = modelTypeName
    self.modelFile = modelFile
    self.labelsFile = labelsFile
  }

  /// Parses the bytes of a `manifest.json`.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents (any byte collection, e.g. an `ArraySlice`).
  ///   - allowUnknownModelType: If `false` (the default), a `modelType` that is not in
  ///     `AutoMLModelType.allCases` throws ``AutoMLManifestError/unsupportedModelType(_:)``.
  ///     Pass `true` to list or inspect such manifests anyway (then ``modelType`` is `nil`).
  ///   - limits: JSON limits; by default 1 MiB of input and nesting depth 32.
  /// - Throws: ``AutoMLManifestError``: malformed JSON, not an object, missing keys (all
  ///   of them are named), a non-string or empty value, a NUL in a file name, or an
  ///   unsupported model type.
  public static func parse(
    _ bytes: some Collection<UInt8>,
    allowUnknownModelType: Bool = false,
    limits: JSONLimits = JSONLimits(maxInputBytes: 1 << 20, maxDepth: 32)
  ) throws(AutoMLManifestError) -> AutoMLManifest {
    let document: JSONValue
    do {
      document = try LenientJSON.parse(bytes, limits: limits)
    } catch {
      throw .json(error)
    }
    guard let object = document.objectValue else {
      throw .notAnObject(found: document.kindName)
    }
    let missing = requiredKeys.filter { !object.contains(key: $0) }
    guard missing.isEmpty else { throw .missingKeys(missing) }

    var strings: [String] = []
    for key in requiredKeys {
      guard let value = object[key] else { throw .missingKeys([key]) }
      guard let string = value.stringValue else {
        throw .notAString(key: key, found: value.kindName)
      }
      guard !string.isEmpty else { throw .emptyValue(key: key) }
      guard !string.utf8.contains(0) else { throw .nulCharacter(key: key) }
      strings.append(string)
    }
    let manifest = AutoMLManifest(
      modelTypeName: strings[0], modelFile: strings[1], labelsFile: strings[2])
    if !allowUnknownModelType && manifest.modelType == nil {
      throw .unsupportedModelType(manifest.modelTypeName)
    }
    return manifest
  }

  /// The path of ``modelFile``, resolved against the directory of the manifest at
  /// `manifestPath` (see ``resolve(_:relativeToManifestAt:)``).
  public func modelPath(relativeToManifestAt manifestPath: String) throws(AutoMLManifestError)
    -> String
  {
    try Self.resolve(modelFile, key: "modelFile", relativeToManifestAt: manifestPath)
  }

  /// The path of ``labelsFile``, resolved against the directory of the manifest at
  /// `manifestPath` (see ``resolve(_:relativeToManifestAt:)``).
  public func labelsPath(relativeToManifestAt manifestPath: String) throws(AutoMLManifestError)
    -> String
  {
    try Self.resolve(labelsFile, key: "labelsFile", relativeToManifestAt: manifestPath)
  }

  /// Resolves a file name from a manifest against the manifest's own POSIX path.
  ///
  /// Pure string manipulation; the file system is not touched, so the result may name a
  /// file that does not exist.
  /// - An absolute `fileName` (starting with "/") is returned unchanged.
  /// - Otherwise the result is the manifest's directory (everything up to and including
  ///   the last "/" of `manifestPath`, or nothing if it has no "/") followed by
  ///   `fileName`: ("models/a/manifest.json", "dict.txt") gives "models/a/dict.txt",
  ///   ("manifest.json", "dict.txt") gives "dict.txt".
  /// - Nothing is normalized: "." and ".." components are kept as written and are allowed,
  ///   so a manifest may name files outside its directory (it could anyway, with an
  ///   absolute path). Callers that need containment must check the result themselves.
  ///
  /// - Throws: ``AutoMLManifestError/emptyValue(key:)`` or
  ///   ``AutoMLManifestError/nulCharacter(key:)`` if `fileName` (key "fileName") or
  ///   `manifestPath` (key "manifestPath") is empty or contains NUL.
  public static func resolve(_ fileName: String, relativeToManifestAt manifestPath: String)
    throws(AutoMLManifestError) -> String
  {
    try resolve(fileName, key: "fileName", relativeToManifestAt: manifestPath)
  }

  private static func resolve(
    _ fileName: String, key: String, relativeToManifestAt manifestPath: String
  ) throws(AutoMLManifestError) -> String {
    guard !fileName.isEmpty else { throw .emptyValue(key: key) }
    guard !fileName.utf8.contains(0) else { throw .nulCharacter(key: key) }
    guard !manifestPath.isEmpty else { throw .emptyValue(key: "manifestPath") }
    guard !manifestPath.utf8.contains(0) else { throw .nulCharacter(key: "manifestPath") }
    if fileName.utf8.first == UInt8(ascii: "/") {
      return fileName
    }
    guard let lastSlash = manifestPath.utf8.lastIndex(of: UInt8(ascii: "/")) else {
      return fileName
    }
    let directory = manifestPath.utf8[...lastSlash]
    return String(decoding: directory, as: UTF8.self) + fileName
  }
}
