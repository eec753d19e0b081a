import ImageCodecs
import Imaging
import OcellusTestSupport
import Testing

/// The EXIF conformance photos (`conformance/exif/recurser/{Landscape,Portrait}_{0..8}.jpg`)
/// through `ImageOrientation` and `PixelImage.applying`: each file decoded, turned upright with
/// `ImageOrientation(exif:)`, must match the upright `_1` file within the manifest's mean
/// absolute RGB difference, and no other orientation may.
@Suite("Orientation: EXIF photos upright through Image.applying")
struct OrientationUprightConformanceTests {
  static let entries = ConformanceManifest.entries {
    $0.file.hasPrefix("exif/recurser/") && $0.afterOrientationMatches != nil
  }

  @Test("the shared EXIF set is present (required in CI)")
  func present() {
    if SharedData.isCI || SharedData.isAvailable {
      #expect(Self.entries.count == 16)
    }
  }

  static func decode(_ file: String) throws -> PixelImage {
    let decoded = try ImageDecoder.decode(try SharedData.bytes("conformance/" + file))
    return try PixelImage(
      width: decoded.width, height: decoded.height, format: .rgba8, bytes: decoded.rgba)
  }

  /// Mean absolute difference over R, G and B of two same-size RGBA8 images.
  static func meanAbsRGBDifference(_ a: PixelImage, _ b: PixelImage) -> Double {
    let x = a.planes[0].bytes
    let y = b.planes[0].bytes
    var total = 0
    var index = 0
    while index + 3 < x.count, index + 3 < y.count {
      total += abs(Int(x[index]) - Int(y[index]))
      total += abs(Int(x[index + 1]) - Int(y[index + 1]))
      total += abs(Int(x[index + 2]) - Int(y[index + 2]))
      index += 4
    }
    return Double(total) / Double(3 * max(1, a.width * a.height))
  }

  @Test("applying the EXIF orientation turns the photo upright", arguments: entries)
  func uprightMatchesReference(entry: ConformanceManifest.Entry) throws {
    let tag = try #require(entry.exifOrientation)
    // 0 means "absent": treat as 1, as the manifest says.
    let orientation = try #require(tag == 0 ? .up : ImageOrientation(exif: tag))
    let decodedFile = try ImageDecoder.decode(try SharedData.bytes("conformance/" + entry.file))
    #expect(decodedFile.exifOrientation == max(tag, 1), "the decoder's EXIF orientation")
    let stored = try PixelImage(
      width: decodedFile.width, height: decodedFile.height, format: .rgba8,
      bytes: decodedFile.rgba)
    let target = try Self.decode(try #require(entry.afterOrientationMatches))
    let upright = try stored.applying(orientation)
    if let size = entry.orientedSize {
      #expect([upright.width, upright.height] == size)
    }
    try #require(upright.width == target.width && upright.height == target.height)
    let limit = try #require(entry.afterOrientationMeanAbsDiffMax)
    let difference = Self.meanAbsRGBDifference(upright, target)
    #expect(difference <= limit, "\(entry.file): mean |ΔRGB| \(difference) > \(limit)")
    // The check has teeth: every other orientation of the same pixels fails it.
    for wrong in ImageOrientation.allCases where wrong != orientation {
      let turned = try stored.applying(wrong)
      if turned.width == target.width && turned.height == target.height {
        #expect(Self.meanAbsRGBDifference(turned, target) > limit, "\(entry.file) as \(wrong)")
      }
    }
  }
}
