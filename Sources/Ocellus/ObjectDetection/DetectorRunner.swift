import Imaging
import TFLiteInterpreter
import TFLiteModel

/// The SSD detector model ready to propose boxes: interpreter, input packing and detection head.
///
/// Not thread-safe: ``ObjectDetector`` serializes calls with its lock.
final class DetectorRunner {
  /// The validated model.
  let description: DetectorModelDescription
  /// Reads the four outputs (threshold strict, no cap).
  let head: DetectionHead
  private let spec: TensorPackingSpec
  private let interpreter: ModelInterpreter

  /// Validates `model` as an SSD detector and prepares it.
  init(
    model: LocalModel, options: DetectorModelOptions, threshold: Float?, threadCount: Int
  ) throws(VisionError) {
    let (interpreter, description) = try ModelInterpreter.prepared(
      model: model.model, threadCount: threadCount
    ) { (outputShapes) throws(ModelValidationError) in
      try model.detectorDescription(options: options, outputShapes: outputShapes)
    }
    do throws(ModelValidationError) {
      let fallback =
        description.metadataScoreThreshold ?? ObjectDetectorOptions.defaultProposalScoreThreshold
      head = try DetectionHead(description, threshold: threshold ?? fallback)
    } catch {
      throw .model(error)
    }
    self.description = description
    self.spec = description.input.packingSpec
    self.interpreter = interpreter
  }

  /// The proposals for `image`: the model run on the whole upright image (stretched to its
  /// input), boxes scoring above the threshold denormalized to the upright size as the Task
  /// Library does (clamped to the image, empty boxes dropped), then class-agnostic NMS.
  func proposals(for image: VisionImage, iouThreshold: Double) throws(VisionError)
    -> [ObjectProposal]
  {
    try interpreter.run(image: image.image, orientation: image.orientation, crop: nil, spec: spec)
    let detections: [Detection]
    do throws(ModelValidationError) {
      detections = try head.detections(from: interpreter)
    } catch {
      throw .model(error)
    }
    let (width, height) = (image.width, image.height)
    let proposals = detections.compactMap { detection -> ObjectProposal? in
      let box = detection.box.rect(imageWidth: width, imageHeight: height)
      guard box.width > 0, box.height > 0 else { return nil }
      return ObjectProposal(
        rect: box,
        score: detection.score, classIndex: detection.classIndex, className: detection.label,
        row: detection.row)
    }
    return ObjectProposal.suppressed(proposals, iouThreshold: iouThreshold)
  }
}
