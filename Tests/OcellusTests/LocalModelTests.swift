import Foundation
import Ocellus
import OcellusTestSupport
import TFLiteModel
import Testing

@Suite("LocalModel", .enabled(if: SharedData.isAvailable))
struct LocalModelTests {
  @Test func loadsAModelFromItsPath() throws {
    let path = ModelValidationFixtures.model("mlkit_object_labeler.tflite")
    let local = try LocalModel(path: path)
    #expect(local.path == path)
    #expect(local.model.mainSubgraph.outputs.count == 1)
    let description = try local.classifierDescription()
    #expect(description.heads.first?.classCount == 631)
  }

  @Test func missingFileNamesThePath() {
    let path = "/nonexistent/ocellus/model.tflite"
    #expect {
      _ = try LocalModel(path: path)
    } throws: { error in
      guard let error = error as? ModelValidationError,
        case .unreadableModel(let reported, .fileUnreadable) = error
      else { return false }
      return reported == path && error.description.contains(path)
    }
  }

  @Test func garbageBytesAreRejectedWithTheParserError() {
    #expect {
      _ = try LocalModel(bytes: Array("not a model at all, just text".utf8))
    } throws: { error in
      guard case .unreadableModel(nil, .malformedModel) = error as? ModelValidationError else {
        return false
      }
      return true
    }
  }

  @Test func wrapsAnAlreadyLoadedModel() throws {
    let model = try ModelFile(
      contentsOfFile: ModelValidationFixtures.model("mobilenet_v1_0.25_224_quant.tflite"))
    let local = LocalModel(model: model)
    #expect(local.path == nil)
    let description = try local.classifierDescription()
    #expect(description.input.width == 224)
    #expect(description.heads.map(\.classCount) == [1001])
  }

  @Test func sameModelAsDetectorAndClassifierDiagnostics() throws {
    let detector = try LocalModel(
      path: ModelValidationFixtures.model("coco_ssd_mobilenet_v1_1.0_quant_2018_06_29.tflite"))
    #expect(throws: ModelValidationError.self) { try detector.classifierDescription() }
    let description = try detector.detectorDescription()
    #expect(description.labels.count == 90)
  }
}
