import Foundation
import OcellusTestSupport
import Testing

/// `ocellus demo`: the project's own models and samples, end to end.
@Suite("ocellus demo", .enabled(if: ToolRunner.executable != nil))
struct DemoCommandTests {
  @Test("labels, detects and tracks the samples; the digit that leaves and returns keeps its ID")
  func demo() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "ocellus-demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    let result = try ToolRunner.run(["demo", "--output", output.path])
    #expect(result.status == 0, "\(result.standardError)")
    let data = try Data(contentsOf: output.appendingPathComponent("report.json"))
    let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let scenes = try #require(report["detection"] as? [[String: Any]])
    #expect(scenes.count == 6)
    #expect(scenes.allSatisfy { !(($0["objects"] as? [Any]) ?? []).isEmpty })
    let frames = try #require(report["tracking"] as? [[String: Any]])
    #expect(frames.count == 24)
    func ids(_ frame: [String: Any]) -> Set<Int> {
      Set(((frame["objects"] as? [[String: Any]]) ?? []).compactMap { $0["tracking_id"] as? Int })
    }
    // Three digits at the start; one slides out (frames 12–16 without it) and comes back
    // under its own ID (re-identification), while the other two keep theirs throughout.
    let first = ids(frames[0])
    #expect(first.count == 3)
    let last = ids(frames[23])
    #expect(last == first)
    #expect(frames[14...16].allSatisfy { ids($0).count == 2 })
    // The last frame shows a 9, a 2 and the returning 9 (Models/samples/ground_truth.json),
    // which brought back the labels of its track.
    let lastLabels = ((frames[23]["objects"] as? [[String: Any]]) ?? []).compactMap {
      (($0["labels"] as? [[String: Any]])?.first?["text"]) as? String
    }
    #expect(lastLabels.sorted() == ["2", "9", "9"])
    let annotated = try FileManager.default.contentsOfDirectory(
      atPath: output.appendingPathComponent("frames").path)
    #expect(annotated.filter { $0.hasSuffix(".png") }.count == 24)
  }
}
