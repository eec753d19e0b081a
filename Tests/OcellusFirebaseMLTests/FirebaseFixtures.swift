import Foundation
import Imaging
import Ocellus
import OcellusTestSupport

/// What the Firebase tests need from Ocellus itself (the snippet files import only
/// OcellusFirebaseML): photos as stored pixels and the shared models' paths.
enum FirebaseFixtures {
  /// The stored pixels of `images/<name>`.
  static func photo(_ name: String) throws -> PixelImage {
    try Ocellus.VisionImage(contentsOfFile: SharedData.path("images/" + name)).image
  }

  /// A uniform gray image.
  static func gray(width: Int, height: Int) throws -> PixelImage {
    try PixelImage(
      width: width, height: height, format: .rgba8,
      bytes: [UInt8](repeating: 128, count: width * height * 4))
  }

  /// The COCO SSD detector.
  static let cocoPath = SharedData.path("models/coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite")
  /// The shared AutoML flowers bundle's folder.
  static let flowersFolder = SharedData.path("models/automl_flowers_mlkit")
  /// The labels Ocellus' own labeler gives `image` with the flowers bundle (threshold 0.5).
  static func ocellusFlowerLabels(_ name: String) throws -> [String] {
    let model = try AutoMLImageLabelerLocalModel(manifestPath: flowersFolder + "/manifest.json")
    let labeler = try Ocellus.ImageLabeler(
      options: Ocellus.CustomImageLabelerOptions(localModel: model, confidenceThreshold: 0.5))
    return try labeler.results(in: Ocellus.VisionImage(image: photo(name))).map(\.text)
  }
}
