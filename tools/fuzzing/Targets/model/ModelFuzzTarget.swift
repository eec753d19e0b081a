import TFLiteModel

/// libFuzzer entry for the TFLite model reader: FlatBuffer verification and schema decoding,
/// `M001` metadata, the appended zip; then what loaders read next: every associated file (and
/// its labels), constant data, custom options (FlexBuffers, detection post-processing) and
/// Ultralytics metadata.
@_cdecl("LLVMFuzzerTestOneInput")
public func modelFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let limits = ModelLimits(
    flatBuffer: FlatBufferLimits(maxTables: 100_000), zip: ZipLimits(maxEntrySize: 1 << 20),
    maxLabels: 10_000)
  guard let model = try? ModelFile(bytes: bytes, limits: limits) else { return 0 }
  for file in model.metadata?.allAssociatedFiles ?? [] {
    _ = try? model.labels(in: file)
  }
  for subgraph in model.subgraphs {
    for tensor in subgraph.tensors where tensor.bufferIndex < model.buffers.count {
      _ = model.constantData(of: tensor).count
    }
    for op in subgraph.operators {
      guard let options = op.customOptions else { continue }
      if model.operatorCode(of: op).customCode == DetectionPostProcessOptions.customCode {
        _ = try? DetectionPostProcessOptions(customOptions: options)
      } else {
        _ = try? FlexBuffer(options).decode()
      }
    }
  }
  _ = UltralyticsMetadata.read(from: model)
  _ = model.minRuntimeVersion
  return 0
}
