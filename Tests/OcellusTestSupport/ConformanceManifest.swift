import Foundation

/// `../shared/conformance/manifest.json`: what each conformance file must decode to.
public struct ConformanceManifest: Sendable {
  /// One file's expectations.
  public struct Entry: Sendable, CustomStringConvertible {
    /// The path relative to `conformance/`.
    public var file: String
    /// "png" or "jpeg" (by content, not by extension).
    public var kind: String
    /// "ok" (must decode) or "error" (must throw; under jpeg-decoder-crashtest: may do either).
    public var status: String
    public var flags: [String]
    public var width: Int?
    public var height: Int?
    /// SHA-256 of the RGBA8 decode (PNG: exact; JPEG: of the reference decode).
    public var rgbaSHA256: String?
    /// SHA-256 of the RGBA16 little-endian decode of 16-bit PNGs.
    public var rgba16SHA256: String?
    /// JPEG: the reference decode as a PNG, relative to `conformance/`.
    public var expectedPNG: String?
    /// JPEG: the largest allowed per-channel difference from `expectedPNG`.
    public var tolerance: Int?
    /// The EXIF orientation tag (0 = absent).
    public var exifOrientation: Int?
    /// JPEG: the SOF kind ("baseline", "progressive-huffman", "extended-arithmetic", …).
    public var sof: String?
    public var precision: Int?
    /// The display size after orientation, [width, height].
    public var orientedSize: [Int]?
    /// A file whose upright decode this file's upright decode must match.
    public var afterOrientationMatches: String?
    public var afterOrientationMeanAbsDiffMax: Double?
    /// The file, for test names.
    public var description: String { file }
  }

  public var entries: [Entry]

  /// Loads the manifest from the shared folder.
  public static func load() throws -> ConformanceManifest {
    let data = Data(try SharedData.bytes("conformance/manifest.json"))
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let files = root["files"] as? [[String: Any]]
    else { throw CocoaError(.fileReadCorruptFile) }
    return ConformanceManifest(
      entries: files.compactMap { object in
        guard let file = object["file"] as? String, let kind = object["kind"] as? String,
          let status = object["status"] as? String
        else { return nil }
        return Entry(
          file: file, kind: kind, status: status, flags: object["flags"] as? [String] ?? [],
          width: object["width"] as? Int, height: object["height"] as? Int,
          rgbaSHA256: object["rgba_sha256"] as? String,
          rgba16SHA256: object["rgba16_sha256"] as? String,
          expectedPNG: object["expected_png"] as? String, tolerance: object["tolerance"] as? Int,
          exifOrientation: object["exif_orientation"] as? Int, sof: object["sof"] as? String,
          precision: object["precision"] as? Int, orientedSize: object["oriented_size"] as? [Int],
          afterOrientationMatches: object["after_orientation_matches"] as? String,
          afterOrientationMeanAbsDiffMax: (object["after_orientation_mean_abs_diff_max"]
            as? NSNumber)?.doubleValue)
      })
  }

  /// The entries (sorted by file) for use as test arguments; empty when the shared data is absent.
  public static func entries(where predicate: (Entry) -> Bool) -> [Entry] {
    guard SharedData.isAvailable, let manifest = try? load() else { return [] }
    return manifest.entries.filter(predicate).sorted { $0.file < $1.file }
  }
}
