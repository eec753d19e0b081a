import Foundation
import Ocellus
import OcellusTestSupport
import Testing

@Suite("Coarse categories of the base detector")
struct CoarseCategoryTests {
  @Test("ML Kit's indices, texts and legacy integers (BEHAVIOR.md D.5)")
  func values() {
    #expect(CoarseCategory.allCases.map(\.rawValue) == [0, 1, 2, 3, 4])
    #expect(
      CoarseCategory.allCases.map(\.text) == [
        "Fashion good", "Home good", "Food", "Place", "Plant",
      ])
    #expect(CoarseCategory.allCases.map(\.legacyValue) == [2, 1, 3, 4, 5])
    #expect(CoarseCategory.legacyUnknownValue == 0)
  }

  @Test(
    "every name in the table is a COCO class of the shared detector's label map",
    .enabled(if: SharedData.isAvailable))
  func tableNamesExist() throws {
    let text = String(decoding: try SharedData.bytes("models/coco_labelmap.txt"), as: UTF8.self)
    let names = Set(
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
    for name in CoarseCategoryTable.coco.keys { #expect(names.contains(name), "\(name)") }
    #expect(CoarseCategoryTable.coco.count == 46)
  }

  @Test("people, animals and vehicles have no category; food, furniture and plants do")
  func examples() {
    #expect(CoarseCategory(detectorClassName: "person") == nil)
    #expect(CoarseCategory(detectorClassName: "dog") == nil)
    #expect(CoarseCategory(detectorClassName: "car") == nil)
    #expect(CoarseCategory(detectorClassName: "Pizza") == .food)
    #expect(CoarseCategory(detectorClassName: "couch") == .homeGood)
    #expect(CoarseCategory(detectorClassName: "handbag") == .fashionGood)
    #expect(CoarseCategory(detectorClassName: "potted plant") == .plant)
  }
}
