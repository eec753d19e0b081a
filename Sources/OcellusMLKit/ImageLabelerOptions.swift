import Ocellus
import OcellusDefaultModels

/// Options of the base image labeler, which labels with the built-in ImageNet classifier: ML
/// Kit's `ImageLabelerOptions()`. Labels with `confidence >= confidenceThreshold` (0.5 when unset,
/// as ML Kit) are returned, best first, with no cap on their number.
public final class ImageLabelerOptions: CommonImageLabelerOptions {
  /// Options with ML Kit's defaults.
  public override init() {}

  /// The Ocellus labeler on the built-in classifier.
  override package func makeLabeler() -> Result<Ocellus.ImageLabeler, Error> {
    Result { () throws(VisionError) in
      let options = BaseImageLabelerOptions(
        confidenceThreshold: confidenceThreshold?.floatValue,
        builtInModels: try DefaultModels.builtInModels())
      return try Ocellus.ImageLabeler(options: options)
    }.mapError { $0 }
  }
}
