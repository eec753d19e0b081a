import OcellusTestSupport
import TFLiteModel
import Testing

/// Ultralytics' packed metadata: `metadata.json` (current exports) and the Python dict literal
/// of older ones, read for their class names; anything else is nil, never a trap.
@Suite("Ultralytics metadata")
struct UltralyticsMetadataTests {
  static func parse(_ text: String) -> UltralyticsMetadata? {
    UltralyticsMetadata.parse(Array(text.utf8), fileName: "metadata.json")
  }

  @Test("metadata.json: names keyed by index as text, task and imgsz")
  func json() throws {
    let metadata = try #require(
      Self.parse(
        """
        {"description": "Ultralytics YOLOv8n model", "stride": 32, "task": "detect",
         "batch": 1, "imgsz": [640, 640], "names": {"1": "bicycle", "0": "person", "2": "car"}}
        """))
    #expect(metadata.names == ["person", "bicycle", "car"])
    #expect(metadata.task == "detect")
    #expect(metadata.imageSize == [640, 640])
  }

  @Test("str(dict): integer keys, both quote styles, escapes, non-ASCII, tuples, None")
  func pythonLiteral() throws {
    let metadata = try #require(
      Self.parse(
        #"""
        {'description': 'Ultralytics YOLOv8n', 'author': None, 'half': False, 'stride': 32,
         'task': 'detect', 'imgsz': (320, 320), 'args': {'nms': True, 'conf': 0.25},
         'names': {0: "kid's bike", 1: 'caf\u00e9', 2: 'tab\tbed', 3: 'çà', 4: 'a\\b'}}
        """#))
    #expect(metadata.names == ["kid's bike", "café", "tab\tbed", "çà", "a\\b"])
    #expect(metadata.imageSize == [320, 320])
  }

  @Test("names that are not exactly 0…n−1, or no dict at all, give nil")
  func rejected() {
    for text in [
      #"{"names": {"0": "a", "2": "b"}}"#, #"{"names": {"1": "a"}}"#, #"{"names": {}}"#,
      #"{"names": ["a", 1]}"#, "{'names': {0: 'a', 0: 'b'}}", "{'names': {0: 'a'", "names",
      "{'names': {0: 'a\\q'}}", "{'names': {0: 'a\\x4'}}", String(repeating: "[", count: 5000),
      "{'names': {0: 'a'}} trailing", "\u{FF}\u{FE}",
    ] {
      #expect(Self.parse(text) == nil, "\(text.prefix(40))")
    }
    #expect(Self.parse(#"{"names": ["x", "y"]}"#)?.names == ["x", "y"])
  }

  @Test("read from a model with metadata.json appended as a zip, as Ultralytics exports")
  func appendedToModel() throws {
    let model = SingleOpModel.build(
      builtin: 22,  // RESHAPE
      inputs: [.float("images", [1, 8, 8, 3]), .int32("shape", [3], [1, 6, 32])],
      outputs: [.float("output0", [1, 6, 32])])
    let json = #"{"task": "detect", "names": {"0": "cat", "1": "dog"}}"#
    let bytes = model + StoredZip.archive([("metadata.json", Array(json.utf8))])
    let metadata = try #require(UltralyticsMetadata.read(from: try ModelFile(bytes: bytes)))
    #expect(metadata.names == ["cat", "dog"])
    #expect(metadata.fileName == "metadata.json")
    #expect(UltralyticsMetadata.read(from: try ModelFile(bytes: model)) == nil)
  }
}
