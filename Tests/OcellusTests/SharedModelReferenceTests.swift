import Foundation
import ImageCodecs
import Imaging
import OcellusTestSupport
import TFLiteInterpreter
import TFLiteModel
import Testing

/// The shared models `../shared/reference` does not cover (the YOLOv8n exports, DeepLab v3,
/// the MediaPipe face-landmark model) against LiteRT's reference kernels, with references made
/// by `tools/make_shared_references.py` (`Tests/References/shared_models.json`).
///
/// The input is a shared photo packed by ``TensorPacker`` (Pillow-exact resize, then
/// normalization and quantization in `Float`); its SHA-256 must equal the one LiteRT was fed.
/// Integer models must give byte-identical outputs; the float model within 1e-4 relative.
@Suite("Shared models against LiteRT (generated references)", .enabled(if: SharedData.isAvailable))
struct SharedModelReferenceTests {
  struct Reference: Sendable, CustomTestStringConvertible {
    var model: String
    var image: String
    var normalization: (mean: Float, std: Float)?
    var exact: Bool
    var inputSHA256: String
    var outputs: [(sha256: String, values: String?)]
    var testDescription: String { model }
  }

  static let folder = SharedData.packageRoot.appendingPathComponent("Tests/References")

  static let references: [Reference] = {
    guard let data = try? Data(contentsOf: folder.appendingPathComponent("shared_models.json")),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let models = json["models"] as? [[String: Any]]
    else { return [] }
    return models.compactMap { entry in
      guard let model = entry["model"] as? String, let image = entry["image"] as? String,
        let input = entry["input_sha256"] as? String,
        let outputs = entry["outputs"] as? [[String: Any]]
      else { return nil }
      let mean = (entry["mean"] as? Double).map(Float.init)
      let std = (entry["std"] as? Double).map(Float.init)
      return Reference(
        model: model, image: image,
        normalization: mean.flatMap { m in std.map { (m, $0) } },
        exact: entry["compare"] as? String == "exact", inputSHA256: input,
        outputs: outputs.map { ($0["sha256"] as? String ?? "", $0["values"] as? String) })
    }
  }()

  @Test("every new shared model has a reference")
  func coverage() {
    #expect(
      Set(Self.references.map(\.model)) == [
        "yolov8n_full_integer_quant.tflite", "yolov8n_integer_quant.tflite",
        "coral_deeplabv3_mnv2_pascal_quant.tflite", "mediapipe_face_landmark.tflite",
      ])
  }

  @Test("outputs match LiteRT's reference kernels", arguments: references)
  func matches(_ reference: Reference) throws {
    let interpreter = try ModelInterpreter(
      model: ModelFile(contentsOfFile: SharedData.path("models/\(reference.model)")))
    let input = try Self.packedInput(reference, interpreter.input(at: 0))
    #expect(SHA256.hex(input) == reference.inputSHA256, "input bytes")
    try interpreter.setInput(at: 0, bytes: input)
    try interpreter.invoke()
    for (position, expected) in reference.outputs.enumerated() {
      let actual = try interpreter.outputBytes(at: position)
      if reference.exact {
        #expect(SHA256.hex(actual) == expected.sha256, "output \(position)")
      } else if let file = expected.values {
        let values = try NumPyArray(
          npyBytes: [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(file))))
        let error = GeneratedModelTolerance.relativeError(actual, values.data)
        #expect(error <= 1e-4, "output \(position): relative error \(error)")
      }
    }
  }

  /// The shared image resized (Pillow bilinear) and normalized as the generator did.
  static func packedInput(_ reference: Reference, _ input: TensorSpec) throws -> [UInt8] {
    let decoded = try ImageDecoder.decode(SharedData.bytes("images/\(reference.image)"))
    let elementType: TensorElementType =
      switch input.type {
      case .float32: .float32
      case .int8: .int8
      default: .uint8
      }
    let quantization = input.quantization?.perTensor
    let spec = TensorPackingSpec(
      elementType: elementType, width: input.shape[2], height: input.shape[1],
      mean: reference.normalization.map { [$0.mean] } ?? [],
      std: reference.normalization.map { [$0.std] } ?? [],
      quantization: reference.normalization == nil ? nil : quantization)
    return try TensorPacker.pack(image: PixelImage(decoded: decoded), spec: spec)
  }
}
