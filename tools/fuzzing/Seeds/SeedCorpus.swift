import Foundation

/// The seed corpus of one fuzz target, written as numbered files into ``output``: the
/// repository's own small files, ../shared files and parts of them (chunks, segments, archive
/// entries), and synthetic inputs. Duplicates are written once.
struct SeedCorpus {
  /// Unknown target names.
  struct UnknownTarget: Error, CustomStringConvertible {
    var name: String
    var description: String { "no seeds for target '\(name)'" }
  }

  /// Where seeds go (created if missing).
  let output: URL
  /// The repository root (`Tests/` holds its own small models, arrays and manifests).
  let repository: URL
  /// The shared data folder (models, images, conformance suites).
  let shared: URL
  /// Seeds written so far.
  private(set) var count = 0
  private var seen: Set<[UInt8]> = []

  init(output: URL, repository: URL, shared: URL) {
    self.output = output
    self.repository = repository
    self.shared = shared
  }

  /// Writes the seeds of `target` (a name `tools/fuzz list` prints).
  mutating func write(target: String) throws {
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    switch target {
    case "model": addModelSeeds()
    case "interpreter": addInterpreterSeeds()
    case "flexbuffers": addFlexBufferSeeds()
    case "zip": addZipSeeds()
    case "json": addJSONSeeds()
    case "labels": addLabelSeeds()
    case "coarse-table": addCoarseTableSeeds()
    case "npy": addNumPySeeds()
    case "inflate": addInflateSeeds()
    case "png": addFiles(in: shared, under: "conformance", suffix: ".png", maxBytes: 8192)
    case "jpeg": addFiles(in: shared, under: "conformance", suffix: ".jpg", maxBytes: 8192)
    case "bmp": addBMPSeeds()
    case "exif": addExifSeeds()
    default: throw UnknownTarget(name: target)
    }
  }

  /// Writes `bytes` as the next seed unless it is empty, too large or already written.
  mutating func add(_ bytes: some Collection<UInt8>, maxBytes: Int = 8192) {
    let seed = Array(bytes)
    guard !seed.isEmpty, seed.count <= maxBytes, seen.insert(seed).inserted else { return }
    let url = output.appendingPathComponent(String(format: "seed-%05d", count))
    if (try? Data(seed).write(to: url)) != nil { count += 1 }
  }

  /// Adds every file below `root/under` whose name ends in `suffix` and that fits `maxBytes`.
  mutating func addFiles(in root: URL, under: String, suffix: String, maxBytes: Int) {
    for file in files(in: root, under: under, suffix: suffix) {
      if let bytes = contents(file), bytes.count <= maxBytes { add(bytes, maxBytes: maxBytes) }
    }
  }

  /// The files below `root/under` whose names end in `suffix`, sorted by path.
  func files(in root: URL, under: String, suffix: String) -> [URL] {
    let base = root.appendingPathComponent(under)
    guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
    else { return [] }
    return walker.compactMap { $0 as? URL }.filter { $0.lastPathComponent.hasSuffix(suffix) }
      .sorted { $0.path < $1.path }
  }

  /// The bytes of `file`, or nil if it cannot be read.
  func contents(_ file: URL) -> [UInt8]? {
    (try? Data(contentsOf: file)).map { [UInt8]($0) }
  }
}
