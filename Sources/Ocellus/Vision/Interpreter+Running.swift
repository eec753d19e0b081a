import Imaging
import TFLiteInterpreter
import TFLiteModel

extension Interpreter {
  /// An interpreter for `model`, or the clearest error: when the interpreter refuses the
  /// model, `validate` runs first so a model that does not fit the task reports that.
  static func prepared(
    model: Model, threadCount: Int, validate: () throws(ModelValidationError) -> Void
  ) throws(VisionError) -> Interpreter {
    do {
      return try Interpreter(model: model, options: InterpreterOptions(threadCount: threadCount))
    } catch {
      do throws(ModelValidationError) {
        try validate()
      } catch let modelError {
        throw VisionError.model(modelError)
      }
      throw VisionError.interpreter(error)
    }
  }

  /// The shapes of every output, as computed when the interpreter was prepared.
  var outputShapes: [[Int]] {
    (0..<outputCount).map { position in (try? output(at: position).shape) ?? [] }
  }

  /// Packs `image` (turned upright by `orientation`, optionally cropped) with `spec` into
  /// input 0 and runs the model.
  func run(
    image: Image, orientation: ImageOrientation, crop: TensorCrop?, spec: TensorPackingSpec
  ) throws(VisionError) {
    let bytes: [UInt8]
    do {
      bytes = try TensorPacker.pack(image: image, orientation: orientation, crop: crop, spec: spec)
    } catch {
      throw .invalidImage(error)
    }
    do {
      try setInput(at: 0, bytes: bytes)
    } catch {
      throw .interpreter(error)
    }
    invoke()
  }
}
