/// A non-affine quantization scheme (`QuantizationDetails` union in the TFLite schema).
public enum QuantizationDetails: Sendable, Equatable {
  /// `CustomQuantization`: opaque bytes for a custom kernel.
  case custom(ArraySlice<UInt8>)
  /// `BlockwiseQuantization`: scales and zero points live in other tensors, per block.
  case blockwise(scalesTensor: Int, zeroPointsTensor: Int, blockSize: Int)
  /// A scheme this reader does not decode, by union type tag.
  case other(typeTag: UInt8)

  /// Decodes the union value, or returns nil for NONE.
  init?(type: UInt8, table: FlatBufferTable?) throws(FlatBufferError) {
    switch type {
    case 0: return nil
    case 1:
      let range = try table?.byteRange(0, "custom") ?? 0..<0
      self = .custom(table.map { ArraySlice($0.reader.bytes[range]) } ?? [])
    case 2:
      self = .blockwise(
        scalesTensor: Int(try table?.integer(0, "scales", default: Int32(0)) ?? 0),
        zeroPointsTensor: Int(try table?.integer(1, "zero_points", default: Int32(0)) ?? 0),
        blockSize: Int(try table?.integer(2, "block_size", default: Int32(0)) ?? 0))
    default:
      let members = SchemaLayout.tflite.unions["QuantizationDetails"] ?? []
      if type <= members.count { try table?.verify(as: members[Int(type) - 1], in: .tflite) }
      self = .other(typeTag: type)
    }
  }
}
