import Foundation
import ImageCodecs
import Imaging
import TFLiteInterpreter

/// Why an Ocellus vision call failed: the image, an option, the model or a stream-mode rule,
/// each case saying what was wrong and how to fix it.
///
/// Thrown by ``VisionImage``'s initializers, ``ImageLabeler`` and ``ObjectDetector``. Model
/// problems keep the full ``ModelValidationError``, which names the tensor and metadata field.
public enum VisionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The image file at `path` could not be read (`reason` is the system's message).
  case unreadableImageFile(path: String, reason: String)
  /// The encoded image could not be decoded (PNG, JPEG and BMP are supported).
  case imageDecoding(DecodeError)
  /// The pixels do not form a valid image, or an imaging step refused them.
  case invalidImage(ImageError)
  /// An option is out of range: its name, the value given and what is allowed.
  case invalidOption(name: String, value: String, reason: String)
  /// The model does not fit the task (or failed to load); see ``ModelValidationError``.
  case model(ModelValidationError)
  /// The interpreter refused the model or its input.
  case interpreter(InterpreterError)
  /// Stream-mode timestamps must increase strictly (milliseconds).
  case timestampNotIncreasing(previous: Int64, given: Int64)
  /// The options ask for a built-in model (`needed` says which and why) and none was given:
  /// the built-in models are in the `OcellusDefaultModels` product.
  case builtInModelsUnavailable(needed: String)
  /// Built-in models given as parts do not fit together (or their table is malformed).
  case invalidBuiltInModels(reason: String)

  /// A sentence saying what went wrong and, where possible, how to fix it.
  public var description: String {
    switch self {
    case .unreadableImageFile(let path, let reason): "cannot read the image file \(path): \(reason)"
    case .imageDecoding(let error): "cannot decode the image: \(error)"
    case .invalidImage(let error): "invalid image: \(error)"
    case .invalidOption(let name, let value, let reason):
      "option \(name) = \(value) is invalid: \(reason)"
    case .model(let error): "the model cannot be used: \(error)"
    case .interpreter(let error): "the interpreter failed: \(error)"
    case .timestampNotIncreasing(let previous, let given):
      "stream-mode timestamps must increase strictly: got \(given) ms after \(previous) ms; "
        + "give each frame a later timestamp, or use single-image mode"
    case .builtInModelsUnavailable(let needed):
      "\(needed) needs the built-in models, and none were given: add the OcellusDefaultModels "
        + "product and set builtInModels = try DefaultModels.builtInModels() (the OcellusMLKit "
        + "and OcellusFirebaseML modules do this themselves), or name your own model"
    case .invalidBuiltInModels(let reason): "the built-in models cannot be used: \(reason)"
    }
  }
}
