import Foundation
import ImageCodecs
import Imaging
import OcellusTestSupport
import Testing

/// Every `<model>/<image>.input.npy` of the LiteRT reference run (Pillow 13: decode,
/// `convert("RGB")`, `resize((W, H), Image.BILINEAR)`, then raw bytes for uint8 inputs or
/// `(p − 127.5) / 127.5` in float32) must be reproduced byte for byte by
/// `ImageDecoder.decode` → `PixelImage(decoded:)` → `TensorPacker.pack` (and by the step-by-step
/// `packReference`).
@Suite("Tensor packing against the Pillow reference inputs")
struct TensorPackingReferenceTests {
  /// (model folder, image file name) for every reference input tensor.
  static func cases() -> [(String, String)] {
    let root = SharedData.root.appendingPathComponent("reference")
    guard
      let folders = try? FileManager.default.contentsOfDirectory(atPath: root.path)
    else { return [] }
    var result: [(String, String)] = []
    for folder in folders.sorted() {
      let summary = root.appendingPathComponent(folder).appendingPathComponent("summary.json")
      guard let data = try? Data(contentsOf: summary),
        let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let images = json["images"] as? [String: Any]
      else { continue }
      for image in images.keys.sorted() { result.append((folder, image)) }
    }
    return result
  }

  static func expectedSpec(folder: String) throws -> TensorPackingSpec {
    let summary = SharedData.root.appendingPathComponent("reference").appendingPathComponent(
      folder
    ).appendingPathComponent("summary.json")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: summary)) as? [String: Any])
    let inputs = try #require(json["input"] as? [[String: Any]])
    let shape = try #require(inputs.first?["shape"] as? [Int])
    let dtype = try #require(inputs.first?["dtype"] as? String)
    try #require(shape.count == 4 && shape[0] == 1)
    switch dtype {
    case "uint8":
      return TensorPackingSpec(
        elementType: .uint8, width: shape[2], height: shape[1], channels: shape[3])
    case "float32":
      let norm = try #require(json["normalization_used"] as? [[Double]])
      return TensorPackingSpec(
        elementType: .float32, width: shape[2], height: shape[1], channels: shape[3],
        mean: [Float(norm[0][0])], std: [Float(norm[1][0])])
    default:
      return TensorPackingSpec(
        elementType: .int8, width: shape[2], height: shape[1], channels: shape[3])
    }
  }

  @Test(
    "Decode + pack reproduces every reference .input.npy exactly",
    .enabled(if: SharedData.isAvailable))
  func everyReferenceInput() throws {
    let cases = Self.cases()
    // 13 model folders, 40 (model, image) pairs when this was written.
    #expect(cases.count >= 40)
    var decoded: [String: PixelImage] = [:]
    var exact = 0
    var checked: [String: Int] = [:]
    for (folder, name) in cases {
      let spec = try Self.expectedSpec(folder: folder)
      let stem = name.split(separator: ".").dropLast().joined(separator: ".")
      let npy = try PixelTestSupport.readNumPy(
        try SharedData.bytes("reference/\(folder)/\(stem).input.npy"))
      #expect(npy.shape == [1, spec.height, spec.width, spec.channels], "\(folder)/\(name)")
      let image: PixelImage
      if let cached = decoded[name] {
        image = cached
      } else {
        image = try PixelImage(
          decoded: try ImageDecoder.decode(try SharedData.bytes("images/\(name)")))
        decoded[name] = image
      }
      let tensor = try TensorPacker.pack(image: image, spec: spec)
      #expect(tensor.count == npy.data.count, "\(folder)/\(name)")
      let differing = zip(tensor, npy.data).filter { $0 != $1 }.count
      #expect(differing == 0, "\(folder)/\(name): \(differing) differing bytes")
      if differing == 0 && tensor.count == npy.data.count {
        exact += 1
        checked["\(spec.elementType) \(spec.width)×\(spec.height)", default: 0] += 1
      }
    }
    print(
      "Pillow reference inputs: \(exact)/\(cases.count) exact; by type and size: "
        + checked.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(
          separator: ", "))
  }

  @Test(
    "The brief's four photos × every uint8 224×224 model, and the reference path too",
    .enabled(if: SharedData.isAvailable))
  func fourPhotos() throws {
    let models = Set(Self.cases().map { $0.0 }).sorted()
    var count = 0
    for name in ["burger.jpg", "cat.bmp", "grace_hopper.bmp", "sparrow.png"] {
      let stem = name.split(separator: ".")[0]
      let image = try PixelImage(
        decoded: try ImageDecoder.decode(try SharedData.bytes("images/\(name)")))
      for folder in models {
        let spec = try Self.expectedSpec(folder: folder)
        guard spec.elementType == .uint8, spec.width == 224, spec.height == 224,
          FileManager.default.fileExists(
            atPath: SharedData.path("reference/\(folder)/\(stem).input.npy"))
        else { continue }
        let npy = try PixelTestSupport.readNumPy(
          try SharedData.bytes("reference/\(folder)/\(stem).input.npy"))
        let reference = try TensorPacker.packReference(image: image, spec: spec)
        #expect(reference == npy.data, "\(folder)/\(name) (reference path)")
        #expect(try TensorPacker.pack(image: image, spec: spec) == npy.data, "\(folder)/\(name)")
        count += 1
      }
    }
    // burger: 6 uint8 224×224 models; cat, grace_hopper: 3 each; sparrow: 4.
    #expect(count == 16)
    print("Four photos × uint8 224×224 models: \(count) tensors compared")
  }
}
