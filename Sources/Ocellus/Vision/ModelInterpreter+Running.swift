import Imaging
import TFLiteInterpreter
import TFLiteModel

extension ModelInterpreter {
  /// An interpreter for `model`, or the clearest error: when the interpreter refuses the
  /// model, `validate` runs first so a model that does not fit the task reports that.
  static func prepared(
    model: ModelFile, threadCount: Int, validate: () throws(ModelValidationError) -> Void
  ) throws(VisionError) -> ModelInterpreter {
    do {
      return try ModelInterpreter(
        model: model, options: InterpreterOptions(threadCount: threadCount))
    } catch {
      do throws(ModelValidationError) {
        try validate()
      } catch let modelError {
        throw VisionError.model(modelError)
      }
      throw VisionError.interpreter(error)
    }
  }

  /// An interpreter for `model` and the model's description for the task, which `describe`
  /// gives from the output shapes the interpreter computed (a model the interpreter refuses is
  /// first described with nil shapes, as ``prepared(model:threadCount:validate:)`` does).
  static func prepared<Description>(
    model: ModelFile, threadCount: Int,
    describe: (_ outputShapes: [[Int]]?) throws(ModelValidationError) -> Description
  ) throws(VisionError) -> (interpreter: ModelInterpreter, description: Description) {
    let interpreter = try prepared(model: model, threadCount: threadCount) {
      () throws(ModelValidationError) in
      _ = try describe(nil)
    }
    do throws(ModelValidationError) {
      return (interpreter, try describe(interpreter.outputShapes))
    } catch {
      throw .model(error)
    }
  }

  /// The shapes of every output, as computed when the interpreter was prepared.
  var outputShapes: [[Int]] {
    (0..<outputCount).map { position in (try? output(at: position).shape) ?? [] }
  }

  /// Packs `image` (turned upright by `orientation`, optionally cropped, fitted to the input
  /// with `fit`) with `spec` straight into input 0's storage and runs the model.
  ///
  /// Camera frames (NV12, NV21, I420) take the fast frame path
  /// (``TensorPacker/packFrame(image:orientation:crop:fit:spec:filter:maxBytes:)``: planes
  /// filtered at the tensor's resolution, area averaging, then converted — well under a
  /// millisecond for a 1080p frame, within about one level of the exact path); every other
  /// format takes the Pillow-exact ``TensorPacker/pack(image:orientation:crop:fit:spec:filter:maxBytes:)``,
  /// which reproduces the reference tensors byte for byte.
  func run(
    image: PixelImage, orientation: ImageOrientation, crop: TensorCrop?, fit: ImageFit = .stretch,
    spec: TensorPackingSpec
  ) throws(VisionError) {
    let input: UnsafeMutableRawBufferPointer
    do {
      input = try unsafeInputBuffer(at: 0)
    } catch {
      throw .interpreter(error)
    }
    guard input.count == spec.byteCount else {
      throw .interpreter(
        .inputMismatch(
          index: 0, reason: "the packed image has \(spec.byteCount) bytes, the input \(input.count)"
        ))
    }
    do {
      switch image.format {
      case .nv12, .nv21, .i420:
        try TensorPacker.packFrame(
          image: image, orientation: orientation, crop: crop, fit: fit, spec: spec, into: input)
      default:
        try TensorPacker.pack(
          image: image, orientation: orientation, crop: crop, fit: fit, spec: spec, into: input)
      }
    } catch {
      throw .invalidImage(error)
    }
    do {
      try invoke()
    } catch {
      throw .interpreter(error)
    }
  }
}
