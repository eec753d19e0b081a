import OcellusTestSupport
import TFLiteModel
import Testing

/// `ModelBytes`: a model file mapped rather than copied, views with the file's own indices, and
/// pages handed back after use that read back unchanged.
@Suite("Model bytes: mapped files and views", .enabled(if: SharedData.isAvailable))
struct ModelBytesTests {
  static let model = "tfls_mobilenet_v2_1.0_224_quant.tflite"

  @Test func aMappedFileHoldsExactlyTheFilesBytes() throws {
    let path = SharedData.path("models/\(Self.model)")
    let read = try FileReader.read(path, maxBytes: 1 << 30)
    let mapped = try FileReader.map(path, maxBytes: 1 << 30)
    #expect(mapped.isMapped)
    #expect(mapped.indices == read.indices)
    #expect(mapped.elementsEqual(read))
    #expect(throws: FileReadError.tooLarge(size: read.count, limit: 1000)) {
      try FileReader.map(path, maxBytes: 1000)
    }
    #expect(throws: FileReadError.self) { try FileReader.map(path + ".missing", maxBytes: 1000) }
  }

  @Test func viewsKeepTheWholeBuffersIndices() {
    let bytes = ModelBytes([UInt8](0..<200))
    #expect(!bytes.isMapped)
    let view = bytes[100..<150]
    #expect(view.startIndex == 100 && view.endIndex == 150)
    #expect(view.first == 100 && view[149] == 149)
    let inner = view[120..<122]
    #expect(Array(inner) == [120, 121])
    inner.withUnsafeBytes { raw in #expect(Array(raw) == [120, 121]) }
    #expect(inner.withContiguousStorageIfAvailable { Array($0) } == [120, 121])
    #expect(bytes[0..<0].isEmpty && ModelBytes.empty.isEmpty)
    #expect(view == ModelBytes([UInt8](100..<150)))
  }

  @Test func releasedPagesReadBackUnchanged() throws {
    let path = SharedData.path("models/\(Self.model)")
    let model = try ModelFile(contentsOfFile: path)
    #expect(model.bytes.isMapped)
    let expected = try FileReader.read(path, maxBytes: 1 << 30)
    let weights = model.buffers.max { $0.data.count < $1.data.count }!.data
    #expect(weights.count > 100_000)
    #expect(weights.elementsEqual(expected[weights.startIndex..<weights.endIndex]))
    weights.releaseResidentPages()
    model.bytes[0..<100].releaseResidentPages()  // less than a page: nothing to release
    #expect(weights.elementsEqual(expected[weights.startIndex..<weights.endIndex]))
    model.bytes.releaseResidentPages()
    #expect(model.bytes.elementsEqual(expected))
  }

  @Test func aMappedModelDecodesToTheSameBuffersAsACopy() throws {
    let path = SharedData.path("models/\(Self.model)")
    let mapped = try ModelFile(contentsOfFile: path)
    let copied = try ModelFile(bytes: try FileReader.read(path, maxBytes: 1 << 30))
    #expect(mapped.bytes.isMapped && !copied.bytes.isMapped)
    #expect(mapped.buffers == copied.buffers)
  }
}
