import Foundation
import Imaging
import Ocellus
import OcellusTestSupport
import TFLiteInterpreter
import Testing

/// `ObjectDetector` in single-image mode with the COCO SSD as the detector, against LiteRT's
/// reference detections.
@Suite("ObjectDetector")
struct ObjectDetectorTests {
  static let threshold: Float = 0.3

  /// LiteRT's detections of `name` (reference kernels, `ref/<image>.out*.npy`, which the
  /// interpreter reproduces bit for bit) scoring above `threshold`, scaled to `image` and put
  /// through class-agnostic NMS at 0.5, best first (ties by row).
  static func expectedBoxes(_ name: String, image: VisionImage, threshold: Float = threshold)
    throws -> [VisionImageFixtures.ScaledDetection]
  {
    let coco = VisionImageFixtures.coco
    let outputs = try (0..<4).map { index in
      try ModelValidationFixtures.require(
        ModelValidationFixtures.npy("reference/\(coco)/ref/\(name).out\(index).npy").floats)
    }
    let head = try DetectionHead(
      VisionImageFixtures.cocoModel().detectorDescription(), threshold: threshold)
    let ranked = try head.detections(outputs: outputs)
      .sorted { $0.score > $1.score || ($0.score == $1.score && $0.row < $1.row) }
      .map { detection in
        let box = detection.box.rect(imageWidth: image.width, imageHeight: image.height)
        return VisionImageFixtures.ScaledDetection(
          rect: CGRect(x: box.x, y: box.y, width: box.width, height: box.height),
          classIndex: detection.classIndex, score: detection.score)
      }
    var kept: [VisionImageFixtures.ScaledDetection] = []
    for candidate in ranked where !kept.contains(where: { iou($0.rect, candidate.rect) > 0.5 }) {
      kept.append(candidate)
    }
    return kept
  }

  static func iou(_ a: CGRect, _ b: CGRect) -> Double {
    let i = a.intersection(b)
    let inter = i.isNull ? 0 : Double(i.width * i.height)
    let union = Double(a.width * a.height + b.width * b.height) - inter
    return union > 0 ? inter / union : 0
  }

  /// The exact input LiteRT was fed (`<image>.input.npy`, 300 × 300 RGB) as an image.
  static func referenceInput(_ name: String) throws -> VisionImage {
    let array = try ModelValidationFixtures.npy(
      "reference/\(VisionImageFixtures.coco)/\(name).input.npy")
    #expect(array.shape == [1, 300, 300, 3])
    return VisionImage(
      image: try PixelImage(width: 300, height: 300, format: .rgb8, bytes: array.data))
  }

  /// Checks `objects` against `expected` (same count up to the cap of 5; each object within
  /// `tolerance` pixels of a reference box of the same class).
  static func expectMatches(
    _ objects: [DetectedObject], _ expected: [VisionImageFixtures.ScaledDetection],
    tolerance: Double, _ context: String
  ) throws {
    #expect(objects.count == min(5, expected.count), "\(context)")
    #expect(objects.count > 0)
    for object in objects {
      #expect(object.trackingID == nil)
      #expect(object.labels.isEmpty)
      #expect(object.frame == object.displayFrame)
      let sameClass = expected.filter { $0.classIndex == object.detectorClassIndex }
      let match = sameClass.min {
        VisionImageFixtures.edgeDistance($0.rect, object.frame)
          < VisionImageFixtures.edgeDistance($1.rect, object.frame)
      }
      let reference = try #require(match, "\(context): no reference \(object.detectorClassName)")
      #expect(
        VisionImageFixtures.edgeDistance(reference.rect, object.frame) <= tolerance,
        "\(context): \(object.frame) vs \(reference.rect)")
      #expect(abs(reference.score - object.detectionConfidence) <= 0.02, "\(context)")
    }
    // Ranked by score.
    for (a, b) in zip(objects, objects.dropFirst()) {
      #expect(a.detectionConfidence >= b.detectionConfidence)
    }
  }

  /// On the exact reference input, boxes equal LiteRT's detections scaled to the image within
  /// 1 pixel (and the best one is within 2 pixels of the XNNPACK run in `<image>.json`).
  @Test(
    .enabled(if: SharedData.isAvailable),
    arguments: ["cats_and_dogs", "pets", "multi_objects"])
  func boxesMatchTheReferenceOnTheReferenceInput(name: String) throws {
    let detector = try ObjectDetector(
      options: VisionImageFixtures.detectorOptions(threshold: Self.threshold))
    let image = try Self.referenceInput(name)
    let objects = try detector.results(in: image)
    try Self.expectMatches(
      objects, Self.expectedBoxes(name, image: image), tolerance: 1, "\(name) (reference input)")
    let xnnpack = try VisionImageFixtures.referenceBoxes(image: name, width: 300, height: 300)
    let best = try #require(objects.first)
    #expect(
      xnnpack.contains {
        $0.classIndex == best.detectorClassIndex
          && VisionImageFixtures.edgeDistance($0.rect, best.frame) <= 2
      })
  }

  /// From the JPEG file: our decoder and resampler reproduce the reference input exactly, so
  /// boxes equal LiteRT's detections scaled to the image within 1 pixel.
  @Test(
    .enabled(if: SharedData.isAvailable),
    arguments: ["cats_and_dogs", "pets", "multi_objects"])
  func boxesFromTheFileStayCloseToTheReference(name: String) throws {
    let detector = try ObjectDetector(
      options: VisionImageFixtures.detectorOptions(threshold: 0.45))
    let image = try VisionImageFixtures.image(name + ".jpg")
    let objects = try detector.results(in: image)
    let expected = try Self.expectedBoxes(name, image: image, threshold: 0.45)
    try Self.expectMatches(objects, expected, tolerance: 1, "\(name) (file)")
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func capsAtFiveAndSingleModeReturnsTheMostProminent() throws {
    let image = try VisionImageFixtures.image("multi_objects.jpg")
    let many = try ObjectDetector(
      options: VisionImageFixtures.detectorOptions(multiple: true, threshold: 0))
    let objects = try many.results(in: image)
    #expect(objects.count == ObjectDetectorOptions().maxObjectCount)
    let single = try ObjectDetector(
      options: VisionImageFixtures.detectorOptions(multiple: false, threshold: 0))
    let one = try single.results(in: image)
    try #require(one.count == 1)
    let best = ProminenceSelector.mostProminent(
      objects.map { ImageRect($0.frame) }, width: image.width, height: image.height)
    #expect(one[0] == objects[try #require(best)])
    // Nothing above a threshold of 0.99: no objects.
    let none = try ObjectDetector(
      options: VisionImageFixtures.detectorOptions(threshold: 0.99))
    #expect(try none.results(in: image).isEmpty)
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func customClassifierLabelsEveryObject() throws {
    let labelerModel = try VisionImageFixtures.localModel("mlkit_object_labeler.tflite")
    var options = CustomObjectDetectorOptions(
      localModel: labelerModel,
      base: try VisionImageFixtures.detectorOptions(classification: true, threshold: Self.threshold)
    )
    options.maxPerObjectLabelCount = 3
    // With the metadata threshold (0.35) labels are the confident ones only.
    let detector = try ObjectDetector(options: options)
    #expect(detector.classificationConfidenceThreshold == 0.35)
    let cats = try detector.results(in: VisionImageFixtures.image("cats_and_dogs.jpg"))
    #expect(cats.allSatisfy { $0.labels.allSatisfy { $0.confidence >= 0.35 } })
    #expect(cats.contains { $0.labels.first?.text == "Cat" })
    let chairs = try detector.results(in: VisionImageFixtures.image("multi_objects.jpg"))
    #expect(chairs.contains { $0.labels.first?.text == "Furniture" })
    // With threshold 0 every object gets labels, and they are exactly what the labeler gives
    // for the object's crop cut out by hand.
    options.classificationConfidenceThreshold = 0
    let everything = try ObjectDetector(options: options)
    let labeler = try ImageLabeler(
      options: CustomImageLabelerOptions(
        localModel: labelerModel, confidenceThreshold: 0, maxResultCount: 3))
    for name in ["cats_and_dogs", "pets", "multi_objects"] {
      let image = try VisionImageFixtures.image(name + ".jpg")
      let objects = try everything.results(in: image)
      #expect(!objects.isEmpty)
      let upright = try image.uprightImage()
      for object in objects {
        #expect(object.labels.count == 3, "\(name): \(object.frame)")
        #expect(object.labels.allSatisfy { !$0.text.isEmpty })
        let frame = object.frame
        let crop = try upright.cropped(
          x: Int(frame.minX), y: Int(frame.minY), width: Int(frame.width),
          height: Int(frame.height))
        let expected = try labeler.results(in: VisionImage(image: crop))
        #expect(object.labels.map(\.index) == expected.map(\.index), "\(name)")
        #expect(object.labels.map(\.confidence) == expected.map(\.confidence), "\(name)")
      }
    }
    // Invalid count falls back to 10; invalid threshold to the metadata's.
    options.maxPerObjectLabelCount = 0
    options.classificationConfidenceThreshold = 7
    let fallback = try ObjectDetector(options: options)
    #expect(fallback.classificationConfidenceThreshold == 0.35)
    options.classificationConfidenceThreshold = 0
    let ten = try ObjectDetector(options: options).results(
      in: VisionImageFixtures.image("pets.jpg"))
    #expect(!ten.isEmpty && ten.allSatisfy { $0.labels.count == 10 })
    // Padding (BEHAVIOR.md D-10) changes the crop: the labels follow the padded crop.
    options.maxPerObjectLabelCount = 3
    options.cropPadding = CropPadding(0.25)
    let pets = try VisionImageFixtures.image("pets.jpg")
    let padded = try ObjectDetector(options: options).results(in: pets)
    let upright = try pets.uprightImage()
    for object in padded {
      let frame = object.frame
      let crop = try upright.cropped(
        x: Int(frame.minX), y: Int(frame.minY), width: Int(frame.width),
        height: Int(frame.height), padding: CropPadding(0.25))
      let expected = try labeler.results(in: VisionImage(image: crop))
      #expect(object.labels.map(\.index) == expected.map(\.index))
    }
  }

  /// Without built-in models a base detector works with a detector model of its own and no
  /// classification, and says which product to add for the rest (BEHAVIOR.md D.1).
  @Test(.enabled(if: SharedData.isAvailable))
  func baseDetectorWithoutBuiltInModels() throws {
    let plain = try ObjectDetector(options: VisionImageFixtures.detectorOptions(threshold: 0.4))
    let objects = try plain.results(in: VisionImageFixtures.image("multi_objects.jpg"))
    #expect(!objects.isEmpty && objects.allSatisfy(\.labels.isEmpty))
    #expect {
      _ = try ObjectDetector(options: VisionImageFixtures.detectorOptions(classification: true))
    } throws: { error in
      guard case .builtInModelsUnavailable(let needed) = error as? VisionError else {
        return false
      }
      return needed.contains("coarse categories")
        && "\(error)".contains("OcellusDefaultModels")
    }
    #expect {
      _ = try ObjectDetector(options: ObjectDetectorOptions())
    } throws: { error in
      guard case .builtInModelsUnavailable(let needed) = error as? VisionError else {
        return false
      }
      return needed.contains("without a detectorModel")
    }
    #expect(
      throws: VisionError.builtInModelsUnavailable(needed: "an image labeler without a model")
    ) {
      _ = try ImageLabeler(options: BaseImageLabelerOptions())
    }
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func allEightOrientationsGiveTheSameUprightBoxes() throws {
    var options = CustomObjectDetectorOptions(
      localModel: try VisionImageFixtures.localModel("mlkit_object_labeler.tflite"),
      base: try VisionImageFixtures.detectorOptions(classification: true, threshold: Self.threshold)
    )
    options.maxPerObjectLabelCount = 1
    let detector = try ObjectDetector(options: options)
    let photo = try VisionImageFixtures.image("pets.jpg")
    let upright = try detector.results(in: photo)
    #expect(upright.count >= 2)
    var rawOptions = options
    rawOptions.base.coordinateSpace = .raw
    let rawDetector = try ObjectDetector(options: rawOptions)
    for orientation in ImageOrientation.allCases {
      let turned = VisionImage(
        image: try VisionImageFixtures.stored(photo.image, for: orientation),
        orientation: orientation)
      let objects = try detector.results(in: turned)
      #expect(objects.count == upright.count, "\(orientation)")
      for (a, b) in zip(objects, upright) {
        #expect(VisionImageFixtures.edgeDistance(a.frame, b.frame) <= 2, "\(orientation)")
        #expect(a.labels.first?.text == b.labels.first?.text, "\(orientation)")
        #expect(turned.displayRect(fromRaw: a.rawFrame) == a.displayFrame)
      }
      let raw = try rawDetector.results(in: turned)
      #expect(raw.map(\.frame) == raw.map(\.rawFrame))
      #expect(raw.map(\.rawFrame) == objects.map(\.rawFrame))
    }
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func threadCountsAndRepeatsGiveIdenticalResults() throws {
    let image = try VisionImageFixtures.image("cats_and_dogs.jpg")
    var results: [[DetectedObject]] = []
    for threads in [1, 2, 1, 3] {
      let options = CustomObjectDetectorOptions(
        localModel: try VisionImageFixtures.localModel("mlkit_object_labeler.tflite"),
        base: try VisionImageFixtures.detectorOptions(
          classification: true, threshold: Self.threshold, threadCount: threads))
      let detector = try ObjectDetector(options: options)
      results.append(try detector.results(in: image))
      results.append(try detector.results(in: image))
    }
    #expect(results.allSatisfy { $0 == results[0] })
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func synchronousCallbackAndAsyncAgree() async throws {
    let detector = try ObjectDetector(
      options: VisionImageFixtures.detectorOptions(threshold: Self.threshold))
    let image = try VisionImageFixtures.image("pets.jpg")
    let sync = try detector.results(in: image)
    let viaAsync = try await detector.process(image)
    let viaCallback: [DetectedObject] = try await withCheckedThrowingContinuation { continuation in
      detector.process(image) { objects, error in
        if let objects {
          continuation.resume(returning: objects)
        } else {
          continuation.resume(throwing: error!)
        }
      }
    }
    #expect(sync == viaAsync && sync == viaCallback)
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func modelsThatDoNotFitAreRejectedAtCreation() throws {
    // A classifier as the detector.
    #expect {
      _ = try ObjectDetector(
        options: ObjectDetectorOptions(
          detectorModel: VisionImageFixtures.localModel("mlkit_object_labeler.tflite")))
    } throws: { error in
      guard case .model = error as? VisionError else { return false }
      return true
    }
    // A detector as the custom classifier (ML Kit's "got 3D, expected 2D or 4D", clearer).
    #expect {
      _ = try ObjectDetector(
        options: CustomObjectDetectorOptions(
          localModel: VisionImageFixtures.cocoModel(),
          base: VisionImageFixtures.detectorOptions()))
    } throws: { error in
      guard case .model(let modelError) = error as? VisionError else { return false }
      return modelError.all.contains {
        if case .detectionModelAsClassifier = $0 { return true }
        return false
      }
    }
    #expect {
      _ = try ObjectDetector(
        options: ObjectDetectorOptions(
          detectorModel: VisionImageFixtures.cocoModel(), proposalIoUThreshold: 2))
    } throws: { error in
      guard case .invalidOption(let name, _, _) = error as? VisionError else { return false }
      return name == "proposalIoUThreshold"
    }
    #expect {
      _ = try ObjectDetector(
        options: CustomObjectDetectorOptions(
          localModel: VisionImageFixtures.localModel("mlkit_object_labeler.tflite"),
          base: VisionImageFixtures.detectorOptions(),
          cropPadding: CropPadding(left: -0.1, top: 0, right: 0, bottom: 0)))
    } throws: { error in
      guard case .invalidOption(let name, _, _) = error as? VisionError else { return false }
      return name == "cropPadding.left"
    }
    #expect {
      _ = try ObjectDetector(
        options: ObjectDetectorOptions(
          detectorModel: VisionImageFixtures.cocoModel(), coarseCategoryThreshold: 1.5))
    } throws: { error in
      guard case .invalidOption(let name, _, _) = error as? VisionError else { return false }
      return name == "coarseCategoryThreshold"
    }
  }

  /// Latency of the detect + classify pipeline (release build); printed for the report.
  @Test(.enabled(if: SharedData.isAvailable))
  func measuresLatency() throws {
    let options = CustomObjectDetectorOptions(
      localModel: try VisionImageFixtures.localModel("mlkit_object_labeler.tflite"),
      base: try VisionImageFixtures.detectorOptions(
        mode: .singleImage, classification: true, threshold: Self.threshold))
    let detector = try ObjectDetector(options: options)
    let image = try VisionImageFixtures.image("pets.jpg")
    _ = try detector.results(in: image)
    let clock = ContinuousClock()
    var single: [Duration] = []
    var count = 0
    for _ in 0..<5 {
      single.append(try clock.measure { count = try detector.results(in: image).count })
    }
    var streamOptions = options
    streamOptions.base.detectorMode = .stream
    let stream = try ObjectDetector(options: streamOptions)
    var frames: [Duration] = []
    for frame in 0..<10 {
      var next = image
      next.timestampMilliseconds = Int64(frame * 33)
      frames.append(try clock.measure { _ = try stream.results(in: next) })
    }
    // Inference alone, for comparison: one detector run and one classifier run.
    let detectorInterpreter = try ModelInterpreter(model: VisionImageFixtures.cocoModel().model)
    try detectorInterpreter.setInput(
      at: 0,
      bytes: ModelValidationFixtures.npy("reference/\(VisionImageFixtures.coco)/pets.input.npy")
        .data)
    let classifierInterpreter = try ModelInterpreter(
      model: VisionImageFixtures.localModel("mlkit_object_labeler.tflite").model)
    try classifierInterpreter.setInput(
      at: 0,
      bytes: ModelValidationFixtures.npy("reference/mlkit_object_labeler/burger.input.npy").data)
    let detectOnly = try (0..<5).map { _ in try clock.measure { try detectorInterpreter.invoke() } }
    let classifyOnly = try (0..<5).map { _ in
      try clock.measure { try classifierInterpreter.invoke() }
    }
    let median = { (values: [Duration]) in values.sorted()[values.count / 2] }
    print(
      "LATENCY single-image detect+classify (\(count) objects): \(median(single)); "
        + "stream per frame: \(median(frames)); inference only: detector \(median(detectOnly)), "
        + "classifier \(median(classifyOnly))")
    #expect(count > 0)
  }
}
