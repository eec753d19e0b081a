/// A TFLite model file, read fully and safely: its graph, constant data, metadata and
/// associated files.
///
/// Loading verifies the whole FlatBuffer (every offset, length, union and string bounds-checked;
/// every tensor, buffer, operator-code and subgraph index range-checked) and decodes its
/// structure into value types. Constant data are never copied: ``ModelBuffer/data`` is a view
/// into ``bytes``, which for a file is a read-only mapping (pages are read when first touched).
/// Custom options are small copies. Associated files are located but not extracted until asked
/// for.
public struct ModelFile: Sendable {
  /// The whole file.
  public let bytes: ModelBytes
  /// The schema version the converter wrote (3 for every current model).
  public let version: UInt32
  /// Free text from the converter, e.g. `TOCO Converted.`
  public let description: String?
  /// The operator codes operators refer to by index.
  public let operatorCodes: [OperatorCode]
  /// The subgraphs; the first is the main graph. There is always at least one.
  public let subgraphs: [Subgraph]
  /// Constant data; tensors refer to them by index, 0 being the empty sentinel.
  public let buffers: [ModelBuffer]
  /// Named buffers, e.g. `TFLITE_METADATA`, `min_runtime_version`.
  public let metadataEntries: [MetadataEntry]
  /// Named entry points (may be empty for older models).
  public let signatureDefs: [SignatureDef]
  /// The TFLite Model Metadata, if the model has a `TFLITE_METADATA` entry.
  public let metadata: ModelMetadata?
  /// The zip archive of associated files appended after the FlatBuffer, if any.
  public let archive: ZipArchive?
  /// Oddities found while loading that did not stop it.
  public let warnings: [ModelWarning]
  /// The limits this model was loaded with; they also bound label parsing.
  public let limits: ModelLimits

  /// Reads the model file at `path`, mapped rather than copied (``FileReader/map(_:maxBytes:)``).
  public init(contentsOfFile path: String, limits: ModelLimits = ModelLimits()) throws(ModelError) {
    let bytes: ModelBytes
    do {
      bytes = try FileReader.map(path, maxBytes: limits.maxFileBytes)
    } catch {
      switch error {
      case .unreadable(let reason): throw .fileUnreadable(path: path, reason: reason)
      case .tooLarge(let size, let limit): throw .fileTooLarge(path: path, size: size, limit: limit)
      }
    }
    try self.init(bytes: bytes, limits: limits)
  }

  /// Reads a model from bytes in memory (copied once into ``bytes``).
  public init(bytes: [UInt8], limits: ModelLimits = ModelLimits()) throws(ModelError) {
    try self.init(bytes: ModelBytes(bytes), limits: limits)
  }

  /// Reads a model from ``ModelBytes`` (kept, not copied).
  public init(bytes: ModelBytes, limits: ModelLimits = ModelLimits()) throws(ModelError) {
    self.bytes = bytes
    self.limits = limits
    let reader: FlatBufferReader
    let root: FlatBufferTable
    do {
      reader = try FlatBufferReader(
        bytes: bytes, range: bytes.indices, fileIdentifier: "TFL3", limits: limits.flatBuffer)
      root = try reader.root(typeName: "Model")
      let decoded = try Self.decode(root)
      (version, description, operatorCodes, subgraphs, buffers, metadataEntries, signatureDefs) =
        decoded
    } catch {
      throw .malformedModel(error)
    }
    guard !subgraphs.isEmpty else { throw .invalidModel("the model has no subgraph") }
    var warnings = reader.warnings

    let metadata = try Self.readMetadata(
      bytes: bytes, entries: metadataEntries, buffers: buffers, limits: limits)
    self.metadata = metadata?.metadata
    warnings += metadata?.warnings ?? []
    if let metadata = self.metadata {
      warnings += Self.metadataConsistencyWarnings(metadata, main: subgraphs[0])
    }

    let namedFiles = self.metadata?.allAssociatedFiles ?? []
    var archive: ZipArchive?
    do {
      archive = try ZipArchive(bytes: bytes, limits: limits.zip)
    } catch {
      if error != .noArchive {
        if !namedFiles.isEmpty { throw .associatedFiles(error) }
        warnings.append(.associatedFilesUnreadable(error))
      }
    }
    self.archive = archive
    var reported: Set<String> = []
    for file in namedFiles
    where archive?.entry(named: file.name) == nil && reported.insert(file.name).inserted {
      warnings.append(.associatedFileMissing(name: file.name))
    }
    self.warnings = warnings
  }

  private static func decode(_ t: FlatBufferTable) throws(FlatBufferError) -> (
    UInt32, String?, [OperatorCode], [Subgraph], [ModelBuffer], [MetadataEntry], [SignatureDef]
  ) {
    do throws(FlatBufferError) {
      let version = try t.integer(0, "version", default: UInt32(0))
      let buffers = try t.tables(4, "buffers", ModelBuffer.init)
      let codes = try t.tables(1, "operator_codes", OperatorCode.init)
      let subgraphs =
        try t.tables(2, "subgraphs") { table throws(FlatBufferError) in
          try Subgraph(table, bufferCount: buffers.count, operatorCodeCount: codes.count)
        }
      let description = try t.string(3, "description")
      for (position, index) in (try t.integers(5, "metadata_buffer", as: Int32.self) ?? [])
        .enumerated()
      where index < 0 || Int(index) >= buffers.count {
        throw t.error(
          "metadata_buffer[\(position)]",
          .indexOutOfRange(Int64(index), count: buffers.count, of: "buffer"))
      }
      let entries =
        try t.tables(6, "metadata") { table throws(FlatBufferError) in
          try MetadataEntry(table, bufferCount: buffers.count)
        }
      let signatures =
        try t.tables(7, "signature_defs") { table throws(FlatBufferError) in
          try SignatureDef(table, subgraphs: subgraphs)
        }
      // Not decoded, but verified: external buffer groups and external buffers.
      try t.verify(as: "Model", in: .tflite, only: [8, 9])
      return (version, description, codes, subgraphs, buffers, entries, signatures)
    } catch {
      throw error.within("Model")
    }
  }

  /// Finds the first `TFLITE_METADATA` entry and decodes its buffer as `M001` metadata.
  private static func readMetadata(
    bytes: ModelBytes, entries: [MetadataEntry], buffers: [ModelBuffer], limits: ModelLimits
  ) throws(ModelError) -> (metadata: ModelMetadata, warnings: [ModelWarning])? {
    guard let entry = entries.first(where: { $0.name == "TFLITE_METADATA" }) else { return nil }
    let data = buffers[entry.bufferIndex].data
    do throws(FlatBufferError) {
      let reader = try FlatBufferReader(
        bytes: bytes, range: data.startIndex..<data.endIndex, fileIdentifier: "M001",
        limits: limits.flatBuffer)
      let root = try reader.root(typeName: "ModelMetadata")
      let metadata: ModelMetadata
      do { metadata = try ModelMetadata(root) } catch { throw error.within("ModelMetadata") }
      var warnings = reader.warnings
      if let required = metadata.minParserVersion {
        if let version = MetadataParserVersion(required) {
          if version > ModelMetadata.supportedParserVersion {
            warnings.append(
              .newerMetadataParserVersion(
                required: required, supported: ModelMetadata.parserVersion))
          }
        } else {
          warnings.append(.unreadableMetadataParserVersion(required))
        }
      }
      return (metadata, warnings)
    } catch {
      throw .malformedMetadata(error)
    }
  }

  private static func metadataConsistencyWarnings(_ metadata: ModelMetadata, main: Subgraph)
    -> [ModelWarning]
  {
    guard let first = metadata.subgraphs.first else { return [] }
    var warnings: [ModelWarning] = []
    if first.inputTensors.count != main.inputs.count {
      warnings.append(
        .metadataTensorCountMismatch(
          role: "input", metadataCount: first.inputTensors.count, modelCount: main.inputs.count))
    }
    if first.outputTensors.count != main.outputs.count {
      warnings.append(
        .metadataTensorCountMismatch(
          role: "output", metadataCount: first.outputTensors.count, modelCount: main.outputs.count))
    }
    return warnings
  }
}
