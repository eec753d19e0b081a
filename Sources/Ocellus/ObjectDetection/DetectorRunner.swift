import Imaging
import TFLiteInterpreter
import TFLiteModel

/// The detector model ready to propose boxes: interpreter, input packing and the head that
/// reads its outputs (an SSD's four post-processed outputs, or a YOLO model's raw output).
///
/// Not thread-safe: ``ObjectDetector`` serializes calls with its lock.
final class DetectorRunner {
  /// The head reading the model's outputs.
  enum Head {
    case ssd(DetectionHead)
    case yolo(YOLOHead)
  }

  /// The validated model.
  let description: DetectorModelDescription
  /// Reads the outputs (threshold strict).
  let head: Head
  private let spec: TensorPackingSpec
  private let interpreter: ModelInterpreter

  /// Validates `model` as a detector (SSD or YOLO) and prepares it. The threshold is the one
  /// given, else the metadata's, else ``YOLOHead/defaultScoreThreshold`` for YOLO models and
  /// ``ObjectDetectorOptions/defaultProposalScoreThreshold`` for SSD models.
  init(
    model: LocalModel, options: DetectorModelOptions, threshold: Float?, threadCount: Int
  ) throws(VisionError) {
    let (interpreter, description) = try ModelInterpreter.prepared(
      model: model.model, threadCount: threadCount
    ) { (outputShapes) throws(ModelValidationError) in
      try model.detectorDescription(options: options, outputShapes: outputShapes)
    }
    do throws(ModelValidationError) {
      if description.yolo != nil {
        head = .yolo(try YOLOHead(description, options: options, threshold: threshold))
      } else {
        let fallback =
          description.metadataScoreThreshold ?? ObjectDetectorOptions.defaultProposalScoreThreshold
        head = .ssd(
          try DetectionHead(
            description, threshold: threshold ?? fallback, allowList: options.allowList,
            denyList: options.denyList))
      }
    } catch {
      throw .model(error)
    }
    self.description = description
    self.spec = description.input.packingSpec
    self.interpreter = interpreter
  }

  /// The score threshold in effect (strict).
  var threshold: Float {
    switch head {
    case .ssd(let head): return head.threshold
    case .yolo(let head): return head.threshold
    }
  }

  /// The proposals for `image`, best first: the model run on the whole upright image fitted
  /// to its input (``DetectorModelDescription/fit``), boxes mapped back to upright pixels.
  ///
  /// SSD boxes are denormalized as the Task Library does (whole pixels, clamped to the image,
  /// empty boxes dropped), then class-agnostic NMS at `iouThreshold`. YOLO boxes, already
  /// suppressed per class by the head, go back through the letterbox, are clipped to the
  /// image and rounded to whole pixels (empty boxes dropped).
  func proposals(for image: VisionImage, iouThreshold: Double) throws(VisionError)
    -> [ObjectProposal]
  {
    try interpreter.run(
      image: image.image, orientation: image.orientation, crop: nil, fit: description.fit,
      spec: spec)
    let detections: [Detection]
    do throws(ModelValidationError) {
      switch head {
      case .ssd(let head): detections = try head.detections(from: interpreter)
      case .yolo(let head): detections = try head.detections(from: interpreter)
      }
    } catch {
      throw .model(error)
    }
    guard case .ssd = head else {
      return detections.compactMap { proposal(fitted: $0, image: image) }
    }
    let proposals = detections.compactMap { detection in
      description.fit == .stretch
        ? ObjectProposal(
          detection, rect: detection.box.rect(imageWidth: image.width, imageHeight: image.height))
        : proposal(fitted: detection, image: image)
    }
    return ObjectProposal.suppressed(proposals, iouThreshold: iouThreshold)
  }

  /// The proposal of a detection whose box was found in the fitted input: mapped back
  /// through ``DetectorModelDescription/fit`` to upright pixels, clipped to the image, edges
  /// rounded to whole pixels; nil when empty.
  private func proposal(fitted detection: Detection, image: VisionImage) -> ObjectProposal? {
    let (inputWidth, inputHeight) = (
      Double(description.input.width), Double(description.input.height)
    )
    let box = detection.box
    let inInput = ImageRect(
      x: Double(box.xmin) * inputWidth, y: Double(box.ymin) * inputHeight,
      width: Double(box.xmax - box.xmin) * inputWidth,
      height: Double(box.ymax - box.ymin) * inputHeight)
    let inImage = description.fit.imageRect(
      fromTensorRect: inInput, sourceWidth: image.width, sourceHeight: image.height,
      outputWidth: description.input.width, outputHeight: description.input.height)
    let (width, height) = (Double(image.width), Double(image.height))
    let x0 = min(max(inImage.minX, 0), width).rounded()
    let y0 = min(max(inImage.minY, 0), height).rounded()
    let x1 = min(max(inImage.maxX, 0), width).rounded()
    let y1 = min(max(inImage.maxY, 0), height).rounded()
    guard x1 > x0, y1 > y0 else { return nil }
    return ObjectProposal(detection, rect: ImageRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
  }
}
