import Foundation
import Imaging
import Ocellus
import OcellusTestSupport

/// Shared data for the API tests: models, images, and reference boxes scaled to an image.
enum VisionImageFixtures {
  static let coco = "coco_ssd_mobilenet_v1_1.0_quant_2018_06_29"

  /// A model under `models/`.
  static func localModel(_ name: String) throws -> LocalModel {
    try LocalModel(path: SharedData.path("models/" + name))
  }

  /// The COCO SSD detector.
  static func cocoModel() throws -> LocalModel { try localModel(coco + ".tflite") }

  /// An image under `images/`.
  static func image(_ name: String) throws -> VisionImage {
    try VisionImage(contentsOfFile: SharedData.path("images/" + name))
  }

  /// The AutoML flowers bundle.
  static func flowers() throws -> AutoMLImageLabelerLocalModel {
    try AutoMLImageLabelerLocalModel(
      manifestPath: SharedData.path("models/automl_flowers_mlkit/manifest.json"))
  }

  /// Detector options with the COCO SSD model.
  static func detectorOptions(
    mode: DetectorMode = .singleImage, multiple: Bool = true, classification: Bool = false,
    threshold: Float? = nil, threadCount: Int = 1
  ) throws -> ObjectDetectorOptions {
    ObjectDetectorOptions(
      detectorMode: mode, shouldEnableMultipleObjects: multiple,
      shouldEnableClassification: classification, detectorModel: try cocoModel(),
      proposalScoreThreshold: threshold, threadCount: threadCount)
  }

  /// A reference detection as a pixel box of a `width` × `height` image (the Task Library's
  /// denormalization, clamped), with its class and score.
  struct ScaledDetection {
    var rect: CGRect
    var classIndex: Int
    var score: Float
  }

  /// The reference detections of the COCO SSD on `image`, scaled to `width` × `height`.
  static func referenceBoxes(image: String, width: Int, height: Int) throws -> [ScaledDetection] {
    try ModelValidationFixtures.detections(model: coco, image: image).map { detection in
      let b = detection.box
      let box = NormalizedBox(ymin: b[0], xmin: b[1], ymax: b[2], xmax: b[3])
        .rect(imageWidth: width, imageHeight: height)
      return ScaledDetection(
        rect: CGRect(x: box.x, y: box.y, width: box.width, height: box.height),
        classIndex: detection.classIndex, score: detection.score)
    }
  }

  /// The largest edge difference between two rectangles, in pixels.
  static func edgeDistance(_ a: CGRect, _ b: CGRect) -> Double {
    Double(
      max(
        abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.maxX - b.maxX), abs(a.maxY - b.maxY)))
  }

  /// Stored pixels that `orientation` turns into `upright`.
  static func stored(_ upright: PixelImage, for orientation: ImageOrientation) throws -> PixelImage
  {
    try upright.applying(orientation.inverse)
  }

  /// A window of `image` (RGBA8) at (`x`, `y`), `width` × `height`.
  static func window(_ image: PixelImage, x: Int, y: Int, width: Int, height: Int) throws
    -> PixelImage
  {
    let source = image.planes[0]
    var bytes = [UInt8]()
    bytes.reserveCapacity(width * height * 4)
    for row in y..<(y + height) {
      let start = row * source.bytesPerRow + x * 4
      bytes += source.bytes[start..<(start + width * 4)]
    }
    return try PixelImage(width: width, height: height, format: .rgba8, bytes: bytes)
  }

  /// A uniform gray RGBA8 image.
  static func gray(width: Int, height: Int) throws -> PixelImage {
    try PixelImage(
      width: width, height: height, format: .rgba8,
      bytes: [UInt8](repeating: 128, count: width * height * 4))
  }
}
