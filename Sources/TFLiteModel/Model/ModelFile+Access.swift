extension ModelFile {
  /// The main subgraph (the first).
  public var mainSubgraph: Subgraph { subgraphs[0] }

  /// Metadata of the main subgraph, if the model has metadata describing it.
  public var mainSubgraphMetadata: SubgraphMetadata? { metadata?.subgraphs.first }

  /// The operator code an operator runs.
  public func operatorCode(of op: Operator) -> OperatorCode { operatorCodes[op.opcodeIndex] }

  /// A tensor's constant data: a view into ``bytes``, empty when the tensor has none.
  public func constantData(of tensor: ModelTensor) -> ModelBytes {
    tensor.bufferIndex < buffers.count ? buffers[tensor.bufferIndex].data : bytes[0..<0]
  }

  /// The bytes of the named metadata entry (e.g. `min_runtime_version`), or nil if absent.
  public func metadataBuffer(named name: String) -> ModelBytes? {
    metadataEntries.first(where: { $0.name == name }).map { buffers[$0.bufferIndex].data }
  }

  /// The `min_runtime_version` entry as text (NUL padding removed), if present.
  public var minRuntimeVersion: String? {
    guard let data = metadataBuffer(named: "min_runtime_version") else { return nil }
    return String(decoding: data.prefix(while: { $0 != 0 }), as: UTF8.self)
  }

  /// The contents of an associated file, extracted from the appended zip archive (a view for
  /// stored entries, inflated for deflated ones) with its CRC-32 checked.
  public func associatedFile(named name: String) throws(ModelError) -> ModelBytes {
    guard let archive, let entry = archive.entry(named: name) else {
      throw .associatedFileMissing(name: name)
    }
    do {
      return try archive.contents(of: entry)
    } catch {
      throw .associatedFiles(error)
    }
  }

  /// The lines of a label file packed with the model (labels or display names), parsed by
  /// ``LabelFile`` rules: split on `\n`, trailing empty line dropped, `\r` stripped.
  public func labels(in file: AssociatedFile) throws(ModelError) -> [String] {
    let contents = try associatedFile(named: file.name)
    do {
      return try LabelFile.parse(contents, maxLabels: limits.maxLabels).labels
    } catch {
      throw .labelFile(name: file.name, error)
    }
  }
}
