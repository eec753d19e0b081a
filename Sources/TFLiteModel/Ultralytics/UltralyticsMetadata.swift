/// The metadata Ultralytics packs into its TFLite exports: the class names, the task and the
/// input size.
///
/// Current exports append a zip entry `metadata.json` (a JSON object, `"names"` keyed by
/// class index as text); older ones pack `str(dict)`, a Python literal, as an associated file
/// (`temp_meta.txt`). Ultralytics itself reads the first entry of the appended zip.
public struct UltralyticsMetadata: Sendable, Equatable {
  /// The class names in index order (`names` keys 0…n−1, or a list).
  public var names: [String]
  /// The task (`"detect"`, `"segment"`, `"pose"`, `"classify"`, `"obb"`), when given.
  public var task: String?
  /// The export's input size, height then width (`imgsz`), when given.
  public var imageSize: [Int]?
  /// The zip entry it was read from.
  public var fileName: String

  /// The metadata in `model`'s zip archive: `metadata.json`, else the first entry that parses
  /// as a dict with `names` (JSON or a Python literal). Nil when there is none; entries larger
  /// than the archive's limits or unreadable are skipped.
  public static func read(from model: ModelFile) -> UltralyticsMetadata? {
    guard let archive = model.archive else { return nil }
    let preferred = archive.entries.filter { $0.name == "metadata.json" }
    let others = archive.entries.filter {
      $0.name != "metadata.json" && ($0.name.hasSuffix(".json") || $0.name.hasSuffix(".txt"))
    }
    for entry in preferred + others {
      guard let bytes = try? archive.contents(of: entry),
        let metadata = parse(bytes, fileName: entry.name)
      else { continue }
      return metadata
    }
    return nil
  }

  /// The metadata in `bytes` (JSON, else a Python dict literal); nil unless it is a dict
  /// whose `names` give every index from 0 once.
  public static func parse(_ bytes: some Collection<UInt8>, fileName: String)
    -> UltralyticsMetadata?
  {
    let value: JSONValue
    if let json = try? LenientJSON.parse(bytes) {
      value = json
    } else if let literal = try? PythonLiteral.parse(bytes) {
      value = literal
    } else {
      return nil
    }
    guard let names = value["names"].flatMap(classNames) else { return nil }
    let imageSize = value["imgsz"]?.arrayValue?.compactMap { $0.numberValue?.int64Value }
      .map { Int(clamping: $0) }
    return UltralyticsMetadata(
      names: names, task: value["task"]?.stringValue, imageSize: imageSize, fileName: fileName)
  }

  /// `names` as an array: a list of strings, or a dict keyed 0…n−1 (as text).
  private static func classNames(_ names: JSONValue) -> [String]? {
    if let list = names.arrayValue {
      let strings = list.compactMap(\.stringValue)
      return strings.count == list.count && !strings.isEmpty ? strings : nil
    }
    guard let object = names.objectValue, !object.isEmpty else { return nil }
    var result = [String?](repeating: nil, count: object.count)
    for (key, value) in object.members {
      guard let index = Int(key), result.indices.contains(index), result[index] == nil,
        let name = value.stringValue
      else { return nil }
      result[index] = name
    }
    return result.compactMap { $0 }
  }
}
