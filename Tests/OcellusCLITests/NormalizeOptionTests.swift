import Foundation
import OcellusTestSupport
import Testing

/// `--normalize` / `--detector-normalize`: input normalization given on the command line, and
/// error messages that name the option instead of the library's `normalization:` argument.
@Suite(
  "ocellus --normalize",
  .enabled(if: SharedData.isAvailable && ToolRunner.executable != nil))
struct NormalizeOptionTests {
  /// The same float MobileNet with and without its metadata (which says mean 127.5, std 127.5).
  static let bare = SharedData.path("models/mobilenet_v1_0.25_224_1_default_1.tflite")
  static let withMetadata = SharedData.path("models/mobilenet_v1_0.25_224_1_metadata_1.tflite")
  static let burger = SharedData.path("images/burger.jpg")

  static func labels(_ result: ToolRunner.Result) throws -> [[String: Any]] {
    #expect(result.status == 0, "\(result.standardError)")
    let report = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    let images = try #require((report as? [String: Any])?["images"] as? [[String: Any]])
    return try #require(images.first?["labels"] as? [[String: Any]])
  }

  @Test(
    "a float model without metadata: the error names --normalize; with it, the metadata's scores")
  func labelWithNormalize() throws {
    let refused = try ToolRunner.run(["label", Self.burger, "--model", Self.bare])
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("pass --normalize MEAN,STD"))
    #expect(!refused.standardError.contains("normalization:"))

    let given = try Self.labels(
      ToolRunner.run([
        "label", Self.burger, "--model", Self.bare, "--normalize", "127.5,127.5", "--json",
      ]))
    let fromMetadata = try Self.labels(
      ToolRunner.run(["label", Self.burger, "--model", Self.withMetadata, "--json"]))
    #expect(given.map { $0["index"] as? Int } == fromMetadata.map { $0["index"] as? Int })
    #expect(
      given.map { $0["confidence"] as? Double } == fromMetadata.map { $0["confidence"] as? Double })
    #expect(given.count >= 1)
  }

  @Test("six values are per-channel means then standard deviations")
  func perChannel() throws {
    let uniform = try Self.labels(
      ToolRunner.run([
        "label", Self.burger, "--model", Self.bare, "--normalize", "127.5,127.5", "--json",
      ]))
    let perChannel = try Self.labels(
      ToolRunner.run([
        "label", Self.burger, "--model", Self.bare, "--normalize",
        "127.5,127.5,127.5,127.5,127.5,127.5", "--json",
      ]))
    #expect(
      uniform.map { $0["confidence"] as? Double } == perChannel.map { $0["confidence"] as? Double })
    let shifted = try Self.labels(
      ToolRunner.run([
        "label", Self.burger, "--model", Self.bare, "--normalize", "0,0,0,255,255,255", "--json",
      ]))
    #expect(
      shifted.map { $0["confidence"] as? Double } != uniform.map { $0["confidence"] as? Double })
  }

  @Test("malformed values are usage errors", arguments: ["1", "1,0", "a,b", "1,2,3", "1,,2"])
  func malformed(_ value: String) throws {
    let result = try ToolRunner.run(
      ["label", Self.burger, "--model", Self.bare, "--normalize", value])
    #expect(result.status == 2)
    #expect(result.standardError.contains("--normalize"))
  }

  @Test("detect names both options; inspect --as checks with the normalization given")
  func detectorAndInspect() throws {
    let detect = try ToolRunner.run([
      "detect", Self.burger, "--detector", Self.bare, "--classifier", Self.bare,
    ])
    #expect(detect.status == 1)
    #expect(detect.standardError.contains("--detector-normalize MEAN,STD (detector)"))

    let unfit = try ToolRunner.run(["inspect", Self.bare, "--as", "classifier"])
    #expect(unfit.status == 1)
    #expect(unfit.standardOutput.contains("pass --normalize MEAN,STD"))
    let fit = try ToolRunner.run([
      "inspect", Self.bare, "--as", "classifier", "--normalize", "127.5,127.5",
    ])
    #expect(fit.status == 0, "\(fit.standardOutput)")
    #expect(fit.standardOutput.contains("Fits as an image classifier"))
    let alone = try ToolRunner.run(["inspect", Self.bare, "--normalize", "127.5,127.5"])
    #expect(alone.status == 2)
  }
}
