/// TFLite Model Metadata (schema 1.5.0, file identifier `M001`): the `TFLITE_METADATA` buffer
/// that says what a model's tensors mean — labels, normalization, thresholds, boxes.
public struct ModelMetadata: Sendable, Equatable {
  /// The metadata schema version this reader implements; newer `minParserVersion`s load with a warning.
  public static let parserVersion = "1.5.0"
  /// ``parserVersion`` as a comparable version.
  static let supportedParserVersion = MetadataParserVersion(major: 1, minor: 5, patch: 0)

  public internal(set) var name, description: String?
  /// The model's own version string.
  public internal(set) var version: String?
  /// Per-subgraph metadata; the first describes the main subgraph.
  public internal(set) var subgraphs: [SubgraphMetadata]
  public internal(set) var author, license: String?
  /// Files for the model as a whole.
  public internal(set) var associatedFiles: [AssociatedFile]
  /// The oldest metadata parser that understands every feature used, e.g. `1.2.0`.
  public internal(set) var minParserVersion: String?

  /// Every associated file named anywhere in the metadata, in declaration order.
  public var allAssociatedFiles: [AssociatedFile] {
    var files = associatedFiles
    for subgraph in subgraphs {
      files += subgraph.associatedFiles
      for tensor in subgraph.inputTensors + subgraph.outputTensors {
        files += tensor.associatedFiles
      }
      for case .tokenizer(_, let vocabulary) in subgraph.inputProcessUnits
        + subgraph.outputProcessUnits
      {
        files += vocabulary
      }
    }
    return files
  }

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    name = try t.string(0, "name")
    description = try t.string(1, "description")
    version = try t.string(2, "version")
    subgraphs = try t.tables(3, "subgraph_metadata", SubgraphMetadata.init)
    author = try t.string(4, "author")
    license = try t.string(5, "license")
    associatedFiles = try t.tables(6, "associated_files", AssociatedFile.init)
    minParserVersion = try t.string(7, "min_parser_version")
  }
}
