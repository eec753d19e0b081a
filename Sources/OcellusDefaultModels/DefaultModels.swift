import Foundation
import Ocellus

/// The built-in models ML Kit has and Ocellus' own products do not carry: Google's
/// class-agnostic object localizer (the base object detector's boxes) and MobileNet v2 on
/// ImageNet (the default image labeler and the base detector's coarse categories), with the
/// ImageNet → coarse-category table. They ship as this product's resources (5.5 MB; origins
/// and licenses in `Resources/ORIGINS.md`), so an app that brings its own models leaves them
/// out by not linking `OcellusDefaultModels`.
///
/// ```swift
/// var options = ObjectDetectorOptions(shouldEnableClassification: true)
/// options.builtInModels = try DefaultModels.builtInModels()
/// let detector = try ObjectDetector(options: options)
/// ```
///
/// The ML Kit and Firebase compatibility modules use them by themselves.
public enum DefaultModels {
  /// The localizer's proposal threshold: boxes scoring strictly above 0.2 are objects
  /// (BEHAVIOR.md D.1).
  public static let objectLocalizerScoreThreshold: Float = 0.2

  /// The built-in models, read from this product's resources once per process (the model
  /// files are memory-mapped, not copied).
  ///
  /// - Throws: `VisionError.invalidBuiltInModels(reason:)` when the resources are missing or
  ///   unreadable (an executable copied without its resource bundle, a damaged installation),
  ///   naming what is missing and where it was looked for.
  public static func builtInModels() throws(VisionError) -> BuiltInModels {
    try loaded.get()
  }

  private static let loaded: Result<BuiltInModels, VisionError> = Result {
    () throws(VisionError) in try builtInModels(searching: ResourceBundle.searchedFolders)
  }

  /// The built-in models from the resource bundle found in `folders` (see ``builtInModels()``),
  /// read anew.
  package static func builtInModels(searching folders: [URL]) throws(VisionError)
    -> BuiltInModels
  {
    guard let bundle = ResourceBundle.locate(in: folders) else {
      throw .invalidBuiltInModels(
        reason: "the OcellusDefaultModels resource bundle (<package>_OcellusDefaultModels"
          + ".resources or .bundle) is in none of "
          + folders.map(\.path).joined(separator: ", ")
          + "; ship it beside the executable, as SwiftPM builds it")
    }
    let table = try resource("imagenet_coarse_categories", "tsv", in: bundle)
    guard let bytes = FileManager.default.contents(atPath: table) else {
      throw .invalidBuiltInModels(reason: "cannot read \(table)")
    }
    return BuiltInModels(
      objectLocalizer: try model("mobile_object_localizer_v1_192_uint8", in: bundle),
      objectLocalizerScoreThreshold: objectLocalizerScoreThreshold,
      imageClassifier: try model("mobilenet_v2_1.0_224_quant", in: bundle),
      coarseCategories: try CoarseCategoryMap(table: [UInt8](bytes)))
  }

  private static func model(_ name: String, in bundle: Bundle) throws(VisionError) -> LocalModel {
    let path = try resource(name, "tflite", in: bundle)
    do {
      return try LocalModel(path: path)
    } catch {
      throw .invalidBuiltInModels(reason: "\(error)")
    }
  }

  private static func resource(_ name: String, _ type: String, in bundle: Bundle)
    throws(VisionError) -> String
  {
    guard let path = bundle.path(forResource: name, ofType: type) else {
      throw .invalidBuiltInModels(
        reason: "the resource \(name).\(type) is missing from \(bundle.bundlePath)")
    }
    return path
  }
}
