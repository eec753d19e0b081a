import Foundation
import Imaging
import Ocellus
import OcellusDefaultModels
import OcellusTestSupport

/// What the snippet tests need from Ocellus itself (this file may import it; the snippet files
/// import only OcellusMLKit): photos as stored pixels, and a stand-in for `UIImage`.
enum MLKitFixtures {
  /// The stored pixels of `images/<name>` (RGBA8).
  static func photo(_ name: String) throws -> PixelImage {
    try Ocellus.VisionImage(contentsOfFile: SharedData.path("images/" + name)).image
  }

  /// Stored pixels that `orientation` turns into the photo `name` (what a camera in another
  /// orientation would have stored).
  static func photo(_ name: String, storedFor orientation: ImageOrientation) throws -> PixelImage {
    try photo(name).applying(orientation.inverse)
  }

  /// The objects Ocellus' own API finds in `image` with the same settings as the snippet.
  static func ocellusObjects(
    in image: PixelImage, orientation: ImageOrientation, threshold: Float = 0.5
  ) throws -> [DetectedObject] {
    var options = Ocellus.CustomObjectDetectorOptions(
      localModel: try Ocellus.LocalModel(
        path: SharedData.path("models/mlkit_object_labeler.tflite")),
      base: Ocellus.ObjectDetectorOptions(
        detectorMode: .singleImage, shouldEnableMultipleObjects: true,
        shouldEnableClassification: true, builtInModels: try DefaultModels.builtInModels()))
    options.classificationConfidenceThreshold = threshold
    options.maxPerObjectLabelCount = 3
    return try Ocellus.ObjectDetector(options: options).results(
      in: Ocellus.VisionImage(image: image, orientation: orientation))
  }

  /// The objects the base detector of Ocellus' own API finds in `image` (built-in models,
  /// single image, multiple objects, coarse categories).
  static func ocellusBaseObjects(in image: PixelImage, orientation: ImageOrientation) throws
    -> [DetectedObject]
  {
    let options = Ocellus.ObjectDetectorOptions(
      detectorMode: .singleImage, shouldEnableMultipleObjects: true,
      shouldEnableClassification: true, builtInModels: try DefaultModels.builtInModels())
    return try Ocellus.ObjectDetector(options: options).results(
      in: Ocellus.VisionImage(image: image, orientation: orientation))
  }

  /// The COCO SSD detector, a box model of the app's own.
  static let cocoPath = SharedData.path(
    "models/coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite")
}
