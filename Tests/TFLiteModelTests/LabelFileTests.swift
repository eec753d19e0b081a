import Foundation
import OcellusTestSupport
import TFLiteModel
import Testing

/// The shared models folder.
private func modelsDirectory() -> URL { SharedData.root.appendingPathComponent("models") }

private func modelFileBytes(_ name: String) throws -> [UInt8] {
  [UInt8](try Data(contentsOf: modelsDirectory().appendingPathComponent(name)))
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite("Label files")
struct LabelFileTests {
  // MARK: Real files

  @Test func automlFlowersDict() throws {
    let file = try LabelFile.parse(modelFileBytes("automl_flowers_mlkit/dict.txt"))
    #expect(file.labels == ["daisy", "dandelion", "roses", "sunflowers", "tulips"])
  }

  @Test func imagenet1001() throws {
    let file = try LabelFile.parse(modelFileBytes("imagenet_labels_1001.txt"))
    #expect(file.count == 1001)
    #expect(file.label(at: 0) == "background")
    #expect(file.label(at: 1) == "tench")
    #expect(file.label(at: 500) == "cleaver")
    #expect(file.label(at: 1000) == "toilet tissue")
    #expect(file.label(at: 1001) == nil)
    #expect(file.label(at: -1) == nil)
    // The list repeats names; index lookup keeps them apart.
    #expect(file.label(at: 135) == "crane")
    #expect(file.label(at: 518) == "crane")
    #expect(file.labels.allSatisfy { !$0.isEmpty && !$0.contains("\r") })
  }

  @Test func cocoLabelMapHasPlaceholders() throws {
    let file = try LabelFile.parse(modelFileBytes("coco_labelmap.txt"))
    #expect(file.count == 90)
    #expect(file.label(at: 0) == "person")
    #expect(file.label(at: 89) == "toothbrush")
    let placeholders = file.labels.indices.filter { file.labels[$0] == "???" }
    #expect(placeholders == [11, 25, 28, 29, 44, 65, 67, 68, 70, 82])
  }

  @Test func coralCocoLabelsArePlainListWithNA() throws {
    // Checked with Python: a plain list (no "index label" pairs), "n/a" where the
    // TFLite label map has "???".
    let coral = try LabelFile.parse(modelFileBytes("coral_coco_labels.txt"))
    let tflite = try LabelFile.parse(modelFileBytes("coco_labelmap.txt"))
    #expect(coral.count == 90)
    for (coralLabel, tfliteLabel) in zip(coral.labels, tflite.labels) {
      #expect(coralLabel == (tfliteLabel == "???" ? "n/a" : tfliteLabel))
    }
  }

  @Test func coralImagenetLabelsAreSynonymLists() throws {
    // A plain list too; each line is comma-separated synonyms whose first one is the
    // TFLite ImageNet label on the same line.
    let coral = try LabelFile.parse(modelFileBytes("coral_imagenet_labels.txt"))
    let tflite = try LabelFile.parse(modelFileBytes("imagenet_labels_1001.txt"))
    #expect(coral.count == 1001)
    #expect(coral.label(at: 1) == "tench, Tinca tinca")
    #expect(coral.label(at: 1000) == "toilet tissue, toilet paper, bathroom tissue")
    for (coralLabel, tfliteLabel) in zip(coral.labels, tflite.labels) {
      #expect(
        coralLabel.split(separator: ",", omittingEmptySubsequences: false).first.map(String.init)
          == tfliteLabel)
    }
  }

  // MARK: Line splitting

  @Test func trailingNewlineIsDroppedOnlyOnce() throws {
    #expect(try LabelFile.parse(bytes("a\nb\n")).labels == ["a", "b"])
    #expect(try LabelFile.parse(bytes("a\nb")).labels == ["a", "b"])
    #expect(try LabelFile.parse(bytes("a\nb\n\n")).labels == ["a", "b", ""])
  }

  @Test func emptyAndNewlineOnlyFiles() throws {
    #expect(try LabelFile.parse([UInt8]()).labels == [])
    #expect(try LabelFile.parse(bytes("\n")).labels == [""])
    #expect(try LabelFile.parse(bytes("\r\n")).labels == [""])
    #expect(try LabelFile.parse(bytes("\n\n")).labels == ["", ""])
  }

  @Test func crlfLinesLoseTheirCarriageReturn() throws {
    let file = try LabelFile.parse(bytes("cat\r\ndog\r\n\r\nbird\r\n"))
    #expect(file.labels == ["cat", "dog", "", "bird"])
    // Only one trailing "\r" goes; inner ones and other whitespace stay.
    #expect(try LabelFile.parse(bytes("a\r\r\n b \n\rc\n")).labels == ["a\r", " b ", "\rc"])
    // Without a final newline the last label loses its "\r" too.
    #expect(try LabelFile.parse(bytes("a\r\nb\r")).labels == ["a", "b"])
  }

  @Test func byteOrderMarkIsStripped() throws {
    let file = try LabelFile.parse([0xEF, 0xBB, 0xBF] + bytes("daisy\ntulips\n"))
    #expect(file.labels == ["daisy", "tulips"])
    #expect(try LabelFile.parse([0xEF, 0xBB, 0xBF]).labels == [])
    // Only at the very start.
    let inner = try LabelFile.parse(bytes("a\n") + [0xEF, 0xBB, 0xBF] + bytes("b\n"))
    #expect(inner.labels == ["a", "\u{FEFF}b"])
  }

  @Test func blankLinesInTheMiddleKeepIndices() throws {
    let file = try LabelFile.parse(bytes("zero\n\ntwo\n\n\nfive\n"))
    #expect(file.labels == ["zero", "", "two", "", "", "five"])
    #expect(file.label(at: 5) == "five")
  }

  @Test func invalidUTF8IsRepaired() throws {
    let file = try LabelFile.parse(
      bytes("caf") + [0xC3] + bytes("\n") + [0xFF, 0x41] + bytes("\nok é\n"))
    #expect(file.labels == ["caf\u{FFFD}", "\u{FFFD}A", "ok é"])
  }

  @Test func labelLimit() throws {
    let text = bytes("a\nb\nc\n")
    #expect(try LabelFile.parse(text, maxLabels: 3).count == 3)
    #expect(throws: LabelFileError.tooManyLabels(limit: 2)) {
      try LabelFile.parse(text, maxLabels: 2)
    }
    #expect(throws: LabelFileError.tooManyLabels(limit: 0)) {
      try LabelFile.parse(bytes("x"), maxLabels: 0)
    }
    #expect(try LabelFile.parse([UInt8](), maxLabels: 0).count == 0)
    // The default limit: one million.
    let tooMany = [UInt8](repeating: 0x0A, count: LabelFile.defaultMaxLabels + 1)
    #expect(throws: LabelFileError.tooManyLabels(limit: 1_000_000)) {
      try LabelFile.parse(tooMany)
    }
    let justEnough = [UInt8](repeating: 0x0A, count: LabelFile.defaultMaxLabels)
    #expect(try LabelFile.parse(justEnough).count == 1_000_000)
  }

  @Test func slicesAndNonContiguousCollections() throws {
    let all = bytes("junk\nred\ngreen\n")
    let slice = all[5...]  // indices start at 5
    #expect(try LabelFile.parse(slice).labels == ["red", "green"])
    #expect(try LabelFile.parse(AnyCollection(slice)).labels == ["red", "green"])
    #expect(try LabelFile.parse(all.lazy.map { $0 }).labels == ["junk", "red", "green"])
  }

  // MARK: Display names

  @Test func labelMapItemsWithAndWithoutDisplayNames() throws {
    let names = try LabelFile.parse(bytes("rose\ntulip\n"))
    #expect(
      try names.labelMapItems() == [LabelMapItem(name: "rose"), LabelMapItem(name: "tulip")])
    let display = try LabelFile.parse(bytes("Rose\r\nTulpe\r\n"))
    #expect(
      try names.labelMapItems(displayNames: display) == [
        LabelMapItem(name: "rose", displayName: "Rose"),
        LabelMapItem(name: "tulip", displayName: "Tulpe"),
      ])
    // An empty display-names file counts as absent (as upstream).
    let empty = try LabelFile.parse([UInt8]())
    #expect(try names.labelMapItems(displayNames: empty).map(\.displayName) == [nil, nil])
  }

  @Test func displayNameCountMismatch() throws {
    let names = try LabelFile.parse(bytes("a\nb\nc\n"))
    let display = try LabelFile.parse(bytes("A\nB\n"))
    let error = #expect(throws: LabelFileError.self) {
      try names.labelMapItems(displayNames: display)
    }
    #expect(error == .displayNameCountMismatch(labels: 3, displayNames: 2))
    #expect(
      error?.description == "Mismatch between number of labels (3) and display names (2).")
    // A lone newline is one (empty) display name, not an empty file.
    #expect(throws: LabelFileError.displayNameCountMismatch(labels: 3, displayNames: 1)) {
      try names.labelMapItems(displayNames: LabelFile.parse(bytes("\n")))
    }
  }
}
