import Foundation

extension SeedCorpus {
  /// JSON files of the repository and ../shared (manifests), JSON and Ultralytics entries of
  /// the shared models' archives, and a Python dict literal as Ultralytics writes it.
  mutating func addJSONSeeds() {
    addFiles(in: repository, under: "Tests", suffix: ".json", maxBytes: 8192)
    addFiles(in: shared, under: "models", suffix: ".json", maxBytes: 8192)
    for entry in archiveEntries(suffix: ".json") + archiveEntries(suffix: ".yaml") { add(entry) }
    add(
      Array(
        #"{"modelType": "IMAGE_LABELING", "modelFile": "m.tflite", "labelsFile": "d.txt"}"#.utf8))
    add(Array("{'names': {0: 'person', 1: 'bicycle'}, 'stride': 32, 'imgsz': [640, 640]}".utf8))
    add(Array(#"[1, -2.5e3, true, false, null, NaN, -Infinity, "\u00e9\n", {}, []] // c"#.utf8))
  }

  /// Label files (first lines of ../shared's), label and score-calibration files of the
  /// shared models' archives, and small hand-written score-calibration files.
  mutating func addLabelSeeds() {
    for file in files(in: shared, under: "models", suffix: ".txt") {
      if let bytes = contents(file) { add(bytes.prefix(2048)) }
    }
    for entry in archiveEntries(suffix: ".txt") { add(entry.prefix(2048)) }
    add(Array("0.9,1.2,0.1\n\n1.0,2.0,3.0,0.5\n".utf8))
    add(Array("background\r\nperson\r\n\r\n???\n".utf8))
  }

  /// The built-in coarse-category table's start, and small tables with CRLF and comments.
  mutating func addCoarseTableSeeds() {
    let table = repository.appendingPathComponent(
      "Sources/OcellusDefaultModels/Resources/imagenet_coarse_categories.tsv")
    if let bytes = contents(table) { add(bytes.prefix(4096), maxBytes: 4096) }
    add(Array("# t\r\n0\t-\tunknown\tbackground\r\n1\tn1\tfood\tpizza\r\n".utf8))
    add(Array("0\t-\tplace\tvalley\n\n1\tn2\thome_good\tchair".utf8))
  }

  /// `.npy` arrays of the repository's model tests (every fifth) and small shared references.
  mutating func addNumPySeeds() {
    for (index, file) in files(in: repository, under: "Tests", suffix: ".npy").enumerated()
    where index % 5 == 0 {
      if let bytes = contents(file) { add(bytes, maxBytes: 2048) }
    }
    addFiles(in: shared, under: "reference", suffix: ".npy", maxBytes: 2048)
  }
}
