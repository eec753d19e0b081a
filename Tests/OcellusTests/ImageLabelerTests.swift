import Foundation
import Imaging
import Ocellus
import OcellusTestSupport
import Testing

/// `ImageLabeler` on real models and photos, against LiteRT's reference outputs.
@Suite("ImageLabeler")
struct ImageLabelerTests {
  /// Labels `image` with `model` and checks the top label against the reference.
  func expectReferenceTop(
    source: any ClassifierModelSource, model: String, image: String, file: String
  ) throws {
    let labeler = try ImageLabeler(
      options: CustomImageLabelerOptions(localModel: source, confidenceThreshold: 0))
    let labels = try labeler.results(in: VisionImageFixtures.image(file))
    let reference = try ModelValidationFixtures.top5(model: model, image: image)
    let top = try #require(labels.first)
    let expected = try #require(reference.first)
    #expect(top.index == expected.index, "\(model) on \(file)")
    #expect(abs(top.confidence - expected.score) <= 0.05, "\(model) on \(file)")
    if let name = expected.label {
      #expect(top.text == name || top.text.contains(name) || name.contains(top.text))
    }
    // Sorted by confidence, ties by index.
    for (a, b) in zip(labels, labels.dropFirst()) {
      #expect(a.confidence > b.confidence || (a.confidence == b.confidence && a.index < b.index))
    }
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func birdClassifierOnSparrow() throws {
    try expectReferenceTop(
      source: VisionImageFixtures.localModel("mlkit_bird_classifier.tflite"),
      model: "mlkit_bird_classifier", image: "sparrow", file: "sparrow.png")
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func objectLabelerOnBurger() throws {
    try expectReferenceTop(
      source: VisionImageFixtures.localModel("mlkit_object_labeler.tflite"),
      model: "mlkit_object_labeler", image: "burger", file: "burger.jpg")
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func autoMLBundleOnFlowers() throws {
    let bundle = try VisionImageFixtures.flowers()
    try expectReferenceTop(
      source: bundle, model: "automl_flowers_mlkit", image: "DandelionFlower",
      file: "DandelionFlower.jpg")
    try expectReferenceTop(
      source: bundle, model: "automl_flowers_mlkit", image: "sunflower", file: "sunflower.bmp")
    let labels = try ImageLabeler(options: CustomImageLabelerOptions(localModel: bundle))
      .results(in: VisionImageFixtures.image("sunflower.bmp"))
    #expect(labels.first?.text == "sunflowers")
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func floatModelsWithAndWithoutMetadata() throws {
    // Float input with NormalizationOptions metadata and a label file.
    try expectReferenceTop(
      source: VisionImageFixtures.localModel("mobilenet_v1_0.25_224_1_metadata_1.tflite"),
      model: "mobilenet_v1_0.25_224_1_metadata_1", image: "burger", file: "burger.jpg")
    // The same network without metadata: refused until a normalization is given (with a clear
    // error), then index-only labels with empty text.
    let bare = try VisionImageFixtures.localModel("mobilenet_v1_0.25_224_1_default_1.tflite")
    #expect {
      _ = try ImageLabeler(options: CustomImageLabelerOptions(localModel: bare))
    } throws: { error in
      guard case .model(let modelError) = error as? VisionError else { return false }
      return modelError.all.contains {
        if case .missingNormalization = $0 { return true }
        return false
      }
    }
    let labeler = try ImageLabeler(
      options: CustomImageLabelerOptions(
        localModel: bare,
        modelOptions: ClassifierModelOptions(
          normalization: ImageNormalization(mean: 127.5, std: 127.5))))
    let labels = try labeler.results(in: VisionImageFixtures.image("burger.jpg"))
    let reference = try ModelValidationFixtures.top5(
      model: "mobilenet_v1_0.25_224_1_default_1", image: "burger")
    #expect(labels.first?.index == reference.first?.index)
    #expect(abs((labels.first?.confidence ?? 0) - (reference.first?.score ?? 1)) <= 0.05)
    #expect(labels.count == 10 && labels.allSatisfy { $0.text.isEmpty })
    // A uint8 model whose metadata lacks the subgraph part: still labels by index.
    let quantized = try ImageLabeler(
      options: CustomImageLabelerOptions(
        localModel: VisionImageFixtures.localModel(
          "mobilenet_v1_0.25_224_quant_without_subgraph_metadata.tflite")))
    let quantizedLabels = try quantized.results(in: VisionImageFixtures.image("burger.jpg"))
    #expect(quantizedLabels.first?.index == 934)
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func thresholdsFollowOptionsThenMetadataThenZero() throws {
    let bird = try VisionImageFixtures.localModel("mlkit_bird_classifier.tflite")
    let sparrow = try VisionImageFixtures.image("sparrow.png")
    // Metadata threshold 0.3: only the Java Sparrow (0.39) passes.
    let byMetadata = try ImageLabeler(options: CustomImageLabelerOptions(localModel: bird))
    #expect(byMetadata.confidenceThreshold == 0.3)
    let kept = try byMetadata.results(in: sparrow)
    #expect(kept.map(\.index) == [735])
    // An explicit threshold wins; 0 keeps maxResultCount labels.
    let all = try ImageLabeler(
      options: CustomImageLabelerOptions(localModel: bird, confidenceThreshold: 0)
    )
    .results(in: sparrow)
    #expect(all.count == 10)
    // Inclusive: a threshold equal to a score keeps it, the next float up drops it.
    let top = try #require(all.first)
    let equal = try ImageLabeler(
      options: CustomImageLabelerOptions(localModel: bird, confidenceThreshold: top.confidence)
    )
    .results(in: sparrow)
    #expect(equal.map(\.index) == [735])
    let above = try ImageLabeler(
      options: CustomImageLabelerOptions(
        localModel: bird, confidenceThreshold: top.confidence.nextUp)
    ).results(in: sparrow)
    #expect(above.isEmpty)
    // Out of [0, 1] falls back to the metadata, as ML Kit does.
    let invalid = try ImageLabeler(
      options: CustomImageLabelerOptions(localModel: bird, confidenceThreshold: 1.5))
    #expect(invalid.confidenceThreshold == 0.3)
    // The object labeler's metadata says 0.35.
    let objects = try ImageLabeler(
      options: CustomImageLabelerOptions(
        localModel: VisionImageFixtures.localModel("mlkit_object_labeler.tflite")))
    #expect(objects.confidenceThreshold == 0.35)
    let burger = try objects.results(in: VisionImageFixtures.image("burger.jpg"))
    #expect(!burger.isEmpty && burger.allSatisfy { $0.confidence >= 0.35 })
    // No metadata (AutoML): threshold 0, every class (5) returned.
    let flowers = try ImageLabeler(
      options: CustomImageLabelerOptions(localModel: VisionImageFixtures.flowers()))
    #expect(flowers.confidenceThreshold == 0)
    #expect(try flowers.results(in: VisionImageFixtures.image("DandelionFlower.jpg")).count == 5)
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func maxResultCountAndListsApply() throws {
    let bird = try VisionImageFixtures.localModel("mlkit_bird_classifier.tflite")
    let sparrow = try VisionImageFixtures.image("sparrow.png")
    let three = try ImageLabeler(
      options: CustomImageLabelerOptions(
        localModel: bird, confidenceThreshold: 0, maxResultCount: 3)
    )
    .results(in: sparrow)
    #expect(three.count == 3)
    #expect {
      _ = try ImageLabeler(options: CustomImageLabelerOptions(localModel: bird, maxResultCount: 0))
    } throws: { error in
      guard case .invalidOption(let name, _, _) = error as? VisionError else { return false }
      return name == "maxResultCount"
    }
    let flowers = try VisionImageFixtures.flowers()
    let denied = try ImageLabeler(
      options: CustomImageLabelerOptions(
        localModel: flowers, modelOptions: ClassifierModelOptions(denyList: ["dandelion"]))
    )
    .results(in: VisionImageFixtures.image("DandelionFlower.jpg"))
    #expect(denied.count == 4 && !denied.contains { $0.text == "dandelion" })
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func aDetectorIsRejectedAsAClassifier() throws {
    #expect {
      _ = try ImageLabeler(
        options: CustomImageLabelerOptions(localModel: VisionImageFixtures.cocoModel()))
    } throws: { error in
      guard case .model(let modelError) = error as? VisionError else { return false }
      return modelError.all.contains {
        if case .detectionModelAsClassifier = $0 { return true }
        return false
      }
    }
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func orientationIsHonoured() throws {
    let labeler = try ImageLabeler(
      options: CustomImageLabelerOptions(
        localModel: VisionImageFixtures.flowers(), confidenceThreshold: 0))
    let photo = try VisionImageFixtures.image("DandelionFlower.jpg")
    let upright = try labeler.results(in: photo)
    for orientation in ImageOrientation.allCases {
      let turned = VisionImage(
        image: try VisionImageFixtures.stored(photo.image, for: orientation),
        orientation: orientation)
      let labels = try labeler.results(in: turned)
      #expect(labels.first?.index == upright.first?.index, "\(orientation)")
      #expect(
        abs((labels.first?.confidence ?? 0) - (upright.first?.confidence ?? 1)) <= 0.02,
        "\(orientation)")
    }
  }

  @Test(.enabled(if: SharedData.isAvailable))
  func synchronousCallbackAndAsyncAgree() async throws {
    let labeler = try ImageLabeler(
      options: CustomImageLabelerOptions(localModel: VisionImageFixtures.flowers()))
    let image = try VisionImageFixtures.image("sunflower.bmp")
    let sync = try labeler.results(in: image)
    let viaAsync = try await labeler.process(image)
    let viaCallback: [ImageLabel] = try await withCheckedThrowingContinuation { continuation in
      labeler.process(image) { labels, error in
        if let labels {
          continuation.resume(returning: labels)
        } else {
          continuation.resume(throwing: error!)
        }
      }
    }
    #expect(sync == viaAsync)
    #expect(sync == viaCallback)
    // Concurrent calls are serialized and give the same answer.
    let results = try await withThrowingTaskGroup(of: [ImageLabel].self) { group in
      for _ in 0..<4 { group.addTask { try labeler.results(in: image) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 4 && results.allSatisfy { $0 == sync })
  }
}
