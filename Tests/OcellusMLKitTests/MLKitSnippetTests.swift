import Foundation
import OcellusMLKit
import OcellusTestSupport
import Testing

/// The ML Kit iOS guide's snippets (base and custom object detection, image labeling, remote
/// models), compiled with `import MLKit` replaced by `import OcellusMLKit` and nothing else from
/// Ocellus, then run on real data. The box model and the base classifier are built in, as in
/// ML Kit (the OcellusDefaultModels product).
@Suite("ML Kit snippets", .enabled(if: SharedData.isAvailable), .serialized)
struct MLKitSnippetTests {
  /// Custom-classifier detection of the two dogs in pets.jpg with ML Kit's object labeler, the
  /// stored pixels turned so that `.right` makes them upright.
  @Test func customObjectDetectionFindsTheTwoDogs() async throws {
    let localModelFilePath = SharedData.path("models/mlkit_object_labeler.tflite")
    let uiImage = try MLKitFixtures.photo("pets.jpg", storedFor: .right)

    // --- ML Kit guide: "Detect and track objects with a custom classification model" ---
    let localModel = LocalModel(path: localModelFilePath)
    let options = CustomObjectDetectorOptions(localModel: localModel)
    options.detectorMode = .singleImage
    options.shouldEnableClassification = true
    options.shouldEnableMultipleObjects = true
    options.classificationConfidenceThreshold = NSNumber(value: 0.5)
    options.maxPerObjectLabelCount = 3
    let image = VisionImage(image: uiImage)
    image.orientation = .right
    let objectDetector = ObjectDetector.objectDetector(options: options)
    let objects: [Object] = try objectDetector.results(in: image)
    var texts: [String] = []  // the snippet's descriptions
    for object in objects {
      let frame = object.frame
      let trackingID = object.trackingID
      let description = object.labels.enumerated().map { (index, label) in
        "Label \(index): \(label.text), \(label.confidence), \(label.index)"
      }.joined(separator: "\n")
      #expect(trackingID == nil && frame.width > 0)
      texts.append(description)
    }
    // --- end of snippet ---

    // The two dogs, boxed by the built-in localizer where Ocellus' own API finds them on the
    // same pixels and on the upright photo (its LiteRT outputs mapped to pixels:
    // Tests/References/localizer_detections.json).
    let expected = try MLKitFixtures.ocellusObjects(in: uiImage, orientation: .right)
    #expect(objects.map(\.frame) == expected.map(\.frame))
    #expect(
      objects.map(\.frame) == [
        CGRect(x: 333, y: 168, width: 159, height: 197),
        CGRect(x: 118, y: 47, width: 138, height: 250),
      ])
    #expect(texts.count == 2)
    #expect(objects.map { $0.labels.map(\.index) } == expected.map { $0.labels.map(\.index) })
    options.classificationConfidenceThreshold = NSNumber(value: 0)
    let everyLabel = try ObjectDetector.objectDetector(options: options).results(in: image)
    let all = try MLKitFixtures.ocellusObjects(in: uiImage, orientation: .right, threshold: 0)
    #expect(everyLabel.map { $0.labels.map(\.index) } == all.map { $0.labels.map(\.index) })
    #expect(
      everyLabel.map { $0.labels.map(\.confidence) } == all.map { $0.labels.map(\.confidence) })
    #expect(everyLabel.allSatisfy { $0.labels.count == 3 })

    // process(_:completion:) delivers on the main queue by default, as ML Kit.
    DispatchQueue.main.setSpecific(key: Self.queueKey, value: "main")
    let delivered = await withCheckedContinuation { continuation in
      objectDetector.process(image) { objects, error in
        continuation.resume(
          returning: (
            objects?.count, error == nil, DispatchQueue.getSpecific(key: Self.queueKey) == "main"
          ))
      }
    }
    #expect(delivered.0 == 2 && delivered.1 && delivered.2)
    let queue = DispatchQueue(label: "snippet.completions")
    queue.setSpecific(key: Self.queueKey, value: "snippet")
    objectDetector.completionQueue = queue
    let onQueue = await withCheckedContinuation { continuation in
      objectDetector.process(image) { _, _ in
        continuation.resume(returning: DispatchQueue.getSpecific(key: Self.queueKey))
      }
    }
    #expect(onQueue == "snippet")
  }

  static let queueKey = DispatchSpecificKey<String>()

  /// The base detector (coarse categories) with no model named anywhere, on the stored pixels
  /// of pets.jpg turned so that `.right` makes them upright.
  @Test func baseObjectDetectionFindsTheTwoDogs() throws {
    let uiImage = try MLKitFixtures.photo("pets.jpg", storedFor: .right)

    // --- ML Kit guide: "Detect and track objects" (multiple objects in static images) ---
    let options = ObjectDetectorOptions()
    options.detectorMode = .singleImage
    options.shouldEnableMultipleObjects = true
    options.shouldEnableClassification = true
    let objectDetector = ObjectDetector.objectDetector(options: options)
    let image = VisionImage(image: uiImage)
    image.orientation = .right
    let objects = try objectDetector.results(in: image)
    var texts: [String] = []
    for object in objects {
      let frame = object.frame
      let trackingID = object.trackingID
      let description = object.labels.enumerated().map { (index, label) in
        "Label \(index): \(label.text), \(label.confidence)"
      }.joined(separator: "\n")
      #expect(trackingID == nil && frame.width > 0)
      texts.append(description)
    }
    // --- end of snippet ---

    let expected = try MLKitFixtures.ocellusBaseObjects(in: uiImage, orientation: .right)
    #expect(
      objects.map(\.frame) == [
        CGRect(x: 333, y: 168, width: 159, height: 197),
        CGRect(x: 118, y: 47, width: 138, height: 250),
      ])
    #expect(objects.map(\.frame) == expected.map(\.frame))
    // Dogs are none of the five categories: no label, as in ML Kit.
    #expect(texts == ["", ""])

    // The defaults: stream mode, the most prominent object only, with a tracking ID.
    let streaming = ObjectDetector.objectDetector(options: ObjectDetectorOptions())
    let prominent = try streaming.results(in: image)
    #expect(prominent.count == 1 && prominent.first?.trackingID != nil)
    #expect(prominent.first.map { objects.map(\.frame).contains($0.frame) } == true)
  }

  /// The base image labeler: `ImageLabelerOptions()` labels with the built-in classifier,
  /// ML Kit's threshold 0.5 unless one is set.
  @Test func baseImageLabelingNamesTheBurger() throws {
    let uiImage = try MLKitFixtures.photo("burger.jpg")

    // --- ML Kit guide: "Label images" ---
    let options = ImageLabelerOptions()
    options.confidenceThreshold = 0.7
    let labeler = ImageLabeler.imageLabeler(options: options)
    let image = VisionImage(image: uiImage)
    let labels = try labeler.results(in: image)
    var texts: [String] = []
    for label in labels {
      let labelText = label.text
      let confidence = label.confidence
      let index = label.index
      texts.append("\(labelText) \(index) \(confidence)")
    }
    // --- end of snippet ---

    #expect(labels.map(\.text) == ["cheeseburger"])
    #expect(labels.allSatisfy { $0.confidence >= 0.7 })
    let defaults = try ImageLabeler.imageLabeler(options: ImageLabelerOptions()).results(in: image)
    #expect(defaults.first?.text == "cheeseburger" && defaults.allSatisfy { $0.confidence >= 0.5 })
    options.confidenceThreshold = 0
    let every = try ImageLabeler.imageLabeler(options: options).results(in: image)
    #expect(every.count > 10 && every.map(\.confidence) == every.map(\.confidence).sorted(by: >))
  }

  /// ML Kit does not fail when creating the detector: a bad model surfaces in results and
  /// process.
  @Test func modelErrorsSurfaceInResults() async throws {
    let options = CustomObjectDetectorOptions(localModel: LocalModel(path: "/nonexistent.tflite"))
    options.detectorModel = LocalModel(path: MLKitFixtures.cocoPath)
    let objectDetector = ObjectDetector.objectDetector(options: options)
    let image = VisionImage(image: try MLKitFixtures.photo("pets.jpg"))
    #expect(throws: VisionError.self) { try objectDetector.results(in: image) }
    objectDetector.completionQueue = DispatchQueue(label: "errors")
    let failed = await withCheckedContinuation { continuation in
      objectDetector.process(image) { objects, error in
        continuation.resume(returning: objects == nil && error is VisionError)
      }
    }
    #expect(failed)
  }
}
