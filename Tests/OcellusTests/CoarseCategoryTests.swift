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
    #expect(
      CoarseCategory.allCases.map(\.identifier) == [
        "fashion_good", "home_good", "food", "place", "plant",
      ])
    for category in CoarseCategory.allCases {
      #expect(CoarseCategory(identifier: category.identifier) == category)
    }
    #expect(CoarseCategory(identifier: "unknown") == nil)
  }

  /// A table of five classes: background, two foods, a place and a chair.
  static let table = Array(
    """
    # comment\r
    0\t-\tunknown\tbackground\r
    1\tn1\tfood\tpizza
    2\tn2\tfood\tbagel

    3\tn3\tplace\tvalley
    4\tn4\thome_good\tchair
    """.utf8)

  @Test("a table is read with comments, blank lines and CRLF; names and categories by index")
  func readsTables() throws {
    let map = try CoarseCategoryMap(table: Self.table)
    #expect(map.classCount == 5)
    #expect(map.names == ["background", "pizza", "bagel", "valley", "chair"])
    #expect(map.categories == [nil, .food, .food, .place, .homeGood])
  }

  @Test("malformed tables are refused with the line and the reason")
  func refusesMalformedTables() {
    let cases: [(String, String)] = [
      ("0\t-\tunknown\tbackground\n2\tn\tfood\tpizza\n", "line 2: expected class index 1"),
      ("0\t-\tunknown\tbackground\t\n", "line 1: expected 4 tab-separated fields, found 5"),
      ("0\t-\tunknown\n", "line 1: expected 4 tab-separated fields, found 3"),
      ("0\t-\tvegetable\tbackground\n", "line 1: unknown category \"vegetable\""),
      ("# only a comment\n", "at least one class"),
    ]
    for (text, reason) in cases {
      #expect {
        _ = try CoarseCategoryMap(table: Array(text.utf8))
      } throws: { error in
        guard case .invalidBuiltInModels(let message) = error as? VisionError else { return false }
        return message.contains(reason)
      }
    }
    #expect(throws: VisionError.self) {
      _ = try CoarseCategoryMap(table: Self.table, maxClasses: 4)
    }
    #expect(throws: VisionError.self) {
      _ = try CoarseCategoryMap(categories: [nil, .food], names: ["a"])
    }
  }

  @Test("the label is the category with the largest summed probability, kept from the threshold on")
  func sumsProbabilities() throws {
    let map = try CoarseCategoryMap(table: Self.table)
    // Two foods at 0.3 each beat the place at 0.35: food, 0.6.
    let food = map.label(scores: [0.05, 0.3, 0.3, 0.35, 0], threshold: 0.5)
    #expect(food?.text == "Food" && food?.index == CoarseCategory.food.rawValue)
    #expect(food.map { abs($0.confidence - 0.6) < 1e-6 } == true)
    // The threshold is inclusive: exactly 0.5 is kept, just under is not.
    #expect(map.label(scores: [0.5, 0, 0, 0.5, 0], threshold: 0.5)?.text == "Place")
    #expect(map.label(scores: [0.51, 0, 0, 0.49, 0], threshold: 0.5) == nil)
    // Mass on unknown classes (the background) wins nothing.
    #expect(map.label(scores: [0.9, 0.05, 0, 0, 0.05], threshold: 0.5) == nil)
    #expect(map.label(scores: [0.9, 0.06, 0, 0, 0.04], threshold: 0)?.text == "Food")
    // Equal sums: the lower index (Home good, 1, before Food, 2).
    #expect(map.label(scores: [0, 0.2, 0.2, 0, 0.4], threshold: 0.3)?.text == "Home good")
    // NaN counts for nothing; the confidence is clamped to [0, 1]; short inputs are fine.
    #expect(map.label(scores: [0, .nan, 0.7, 0, 0], threshold: 0.5)?.confidence == 0.7)
    #expect(map.label(scores: [0, 0.9, 0.9], threshold: 0.5)?.confidence == 1)
  }
}
