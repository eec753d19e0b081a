import Foundation
import FuzzSeedSupport
import TFLiteModel

extension SeedCorpus {
  /// The repository's own test models that are at most `maxBytes` (real graphs of one to a
  /// few operators, a few hundred bytes to a few KB).
  var smallTestModels: [URL] {
    files(in: repository, under: "Tests/Models", suffix: ".tflite").filter {
      ((try? $0.resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? .max) <= 4096
    }
  }

  /// The shared models, loaded (4 MB at most each: these are read for their parts only).
  var sharedModels: [ModelFile] {
    files(in: shared, under: "models", suffix: ".tflite").compactMap {
      try? ModelFile(contentsOfFile: $0.path)
    }
  }

  /// Tiny test models, the minimal synthetic model, and for every shared model with metadata
  /// a synthetic model carrying that `M001` metadata and a stored zip of its associated
  /// files cut to their first lines.
  mutating func addModelSeeds() {
    addInterpreterSeeds()
    for model in sharedModels {
      guard let metadata = model.metadataBuffer(named: "TFLITE_METADATA"), metadata.count <= 4096
      else { continue }
      var entries: [(name: String, contents: [UInt8])] = []
      for file in model.metadata?.allAssociatedFiles ?? [] {
        guard let contents = try? model.associatedFile(named: file.name) else { continue }
        entries.append((file.name, Array(contents.prefix(64))))
      }
      let bare = SyntheticModel.withMetadata(Array(metadata))
      add(bare, maxBytes: 8192)
      add(bare + StoredZip.archive(entries), maxBytes: 8192)
    }
    add(
      SyntheticModel.bytes(SyntheticModel.minimal)
        + StoredZip.archive([
          ("metadata.json", Array(#"{"names": {"0": "cat", "1": "dog"}, "imgsz": [32, 32]}"#.utf8))
        ]))
  }

  /// The repository's tiny test models and the minimal synthetic model.
  mutating func addInterpreterSeeds() {
    add(SyntheticModel.bytes(SyntheticModel.minimal))
    for file in smallTestModels {
      if let bytes = contents(file) { add(bytes, maxBytes: 4096) }
    }
  }

  /// Every operator's custom options (FlexBuffers) in the test and shared models, and the
  /// one-line byte-array literals of the FlexBuffer tests (Python-generated fixtures).
  mutating func addFlexBufferSeeds() {
    let tests = repository.appendingPathComponent("Tests/TFLiteModelTests/FlexBufferTests.swift")
    for literal in byteArrayLiterals(in: String(decoding: contents(tests) ?? [], as: UTF8.self)) {
      add(literal, maxBytes: 1024)
    }
    let models = smallTestModels.compactMap { try? ModelFile(contentsOfFile: $0.path) }
    for model in models + sharedModels {
      for op in model.subgraphs.flatMap(\.operators) {
        if let options = op.customOptions { add(options, maxBytes: 1024) }
      }
    }
  }

  /// The associated-file archives of the shared models (their tails from the first local
  /// header when small, else re-stored with entries cut short), and small stored archives.
  mutating func addZipSeeds() {
    for model in sharedModels {
      guard let archive = model.archive else { continue }
      let start = (archive.entries.map(\.localHeaderOffset).min() ?? 0) + archive.prefixLength
      add(archive.bytes[start...], maxBytes: 4096)
      var entries: [(name: String, contents: [UInt8])] = []
      for entry in archive.entries {
        if let contents = try? archive.contents(of: entry) {
          entries.append((entry.name, Array(contents.prefix(100))))
        }
      }
      add(StoredZip.archive(entries))
    }
    add(StoredZip.archive([("labels.txt", Array("cat\ndog\n".utf8))]))
    add(Array("model".utf8) + StoredZip.archive([("a", [1]), ("b", [])]))
  }

  /// The entries of the shared models' archives whose names end in `suffix`.
  func archiveEntries(suffix: String) -> [[UInt8]] {
    sharedModels.compactMap(\.archive).flatMap { archive in
      archive.entries.filter { $0.name.hasSuffix(suffix) }.compactMap {
        (try? archive.contents(of: $0)).map { Array($0.prefix(4096)) }
      }
    }
  }

  /// The `[1, 2, 3]`-style literals in Swift source whose elements all fit a byte (3 or more).
  func byteArrayLiterals(in source: String) -> [[UInt8]] {
    source.split(separator: "[").compactMap { piece in
      guard let close = piece.firstIndex(of: "]") else { return nil }
      let elements = piece[..<close].split(separator: ",").map {
        UInt8($0.trimmingCharacters(in: .whitespaces))
      }
      guard elements.count >= 3, elements.allSatisfy({ $0 != nil }) else { return nil }
      return elements.compactMap { $0 }
    }
  }
}
