import Imaging
import OcellusFirebaseML
import Testing

/// ImageOrientation ⇄ EXIF, legacy VisionDetectorImageOrientation, UIImage raw values and
/// Android rotation degrees, against the BEHAVIOR.md F.1 master table typed in literally.
@Suite("Orientation conversions")
struct OrientationConversionTests {
  /// BEHAVIOR.md F.1, one row per EXIF value: (EXIF, case, UIImage.Orientation raw value, legacy
  /// case, Android rotationDegrees, mirrored, swaps width and height).
  static let masterTable:
    [(Int, ImageOrientation, Int, VisionDetectorImageOrientation, Int?, Bool, Bool)] = [
      (1, .up, 0, .topLeft, 0, false, false),
      (2, .upMirrored, 4, .topRight, nil, true, false),
      (3, .down, 1, .bottomRight, 180, false, false),
      (4, .downMirrored, 5, .bottomLeft, nil, true, false),
      (5, .leftMirrored, 6, .leftTop, nil, true, true),
      (6, .right, 3, .rightTop, 90, false, true),
      (7, .rightMirrored, 7, .rightBottom, nil, true, true),
      (8, .left, 2, .leftBottom, 270, false, true),
    ]

  @Test("every row of the F.1 master table")
  func masterTableRows() {
    #expect(Self.masterTable.count == ImageOrientation.allCases.count)
    for (exif, orientation, uiRaw, legacy, degrees, mirrored, swaps) in Self.masterTable {
      #expect(orientation.exifValue == exif, "\(orientation)")
      #expect(ImageOrientation(exif: exif) == orientation, "EXIF \(exif)")
      #expect(orientation.rawValue == uiRaw, "\(orientation)")
      #expect(ImageOrientation(rawValue: uiRaw) == orientation, "UIImage raw \(uiRaw)")
      #expect(orientation.legacy == legacy, "\(orientation)")
      #expect(ImageOrientation(legacy: legacy) == orientation, "\(legacy)")
      #expect(legacy.rawValue == exif, "\(legacy)")
      #expect(VisionDetectorImageOrientation(rawValue: exif) == legacy, "EXIF \(exif)")
      #expect(orientation.rotationDegrees == degrees, "\(orientation)")
      if let degrees {
        #expect(ImageOrientation(rotationDegrees: degrees) == orientation, "\(degrees)°")
      }
      #expect(orientation.isMirrored == mirrored, "\(orientation)")
      #expect(orientation.swapsWidthAndHeight == swaps, "\(orientation)")
    }
  }

  @Test(
    "EXIF values outside 1...8 are rejected", arguments: [0, 9, -1, 255, 65535, Int.min, Int.max])
  func invalidExif(value: Int) {
    #expect(ImageOrientation(exif: value) == nil)
    #expect(VisionDetectorImageOrientation(rawValue: value) == nil)
  }

  @Test("the public `.right → .topRight` bug is not reproduced")
  func rightIsNotTopRight() {
    #expect(ImageOrientation.right.legacy == .rightTop)
    #expect(ImageOrientation.right.exifValue == 6)
    #expect(ImageOrientation(legacy: .topRight) == .upMirrored)
  }

  @Test("legacy ⇄ current round trips for all eight")
  func legacyRoundTrips() {
    for orientation in ImageOrientation.allCases {
      #expect(ImageOrientation(legacy: orientation.legacy) == orientation)
      #expect(ImageOrientation(exif: orientation.exifValue) == orientation)
    }
    for legacy in VisionDetectorImageOrientation.allCases {
      #expect(ImageOrientation(legacy: legacy).legacy == legacy)
      #expect(ImageOrientation(legacy: legacy).exifValue == legacy.rawValue)
    }
    #expect(Set(ImageOrientation.allCases.map(\.exifValue)) == Set(1...8))
  }

  @Test("rotation degrees normalize multiples of 90 and reject the rest")
  func rotationDegrees() {
    #expect(ImageOrientation(rotationDegrees: -90) == .left)
    #expect(ImageOrientation(rotationDegrees: 450) == .right)
    #expect(ImageOrientation(rotationDegrees: 630) == .left)
    #expect(ImageOrientation(rotationDegrees: -180) == .down)
    #expect(ImageOrientation(rotationDegrees: 360) == .up)
    #expect(ImageOrientation(rotationDegrees: 45) == nil)
    #expect(ImageOrientation(rotationDegrees: 1) == nil)
    #expect(ImageOrientation(rotationDegrees: Int.min) == nil)
    #expect(ImageOrientation(rotationDegrees: Int.max) == nil)
  }

  @Test("inverse: right ⇄ left, the other six undo themselves")
  func inverses() {
    let expected: [ImageOrientation: ImageOrientation] = [
      .up: .up, .down: .down, .left: .right, .right: .left, .upMirrored: .upMirrored,
      .downMirrored: .downMirrored, .leftMirrored: .leftMirrored, .rightMirrored: .rightMirrored,
    ]
    for orientation in ImageOrientation.allCases {
      #expect(orientation.inverse == expected[orientation], "\(orientation)")
      #expect(orientation.inverse.inverse == orientation)
      #expect(orientation.concatenated(orientation.inverse) == .up, "\(orientation)")
      #expect(orientation.inverse.concatenated(orientation) == .up, "\(orientation)")
    }
  }

  @Test("composition: hand-checked products and the group laws")
  func composition() {
    // Two clockwise quarter turns are a half turn; three are a counter-clockwise quarter turn.
    #expect(ImageOrientation.right.concatenated(.right) == .down)
    #expect(ImageOrientation.right.concatenated(.right).concatenated(.right) == .left)
    #expect(ImageOrientation.left.concatenated(.left) == .down)
    #expect(ImageOrientation.down.concatenated(.down) == .up)
    // Mirror then mirror vertically = half turn; turn then mirror = transpose/transverse.
    #expect(ImageOrientation.upMirrored.concatenated(.downMirrored) == .down)
    #expect(ImageOrientation.right.concatenated(.upMirrored) == .leftMirrored)
    #expect(ImageOrientation.left.concatenated(.upMirrored) == .rightMirrored)
    for a in ImageOrientation.allCases {
      #expect(a.concatenated(.up) == a)
      #expect(ImageOrientation.up.concatenated(a) == a)
      for b in ImageOrientation.allCases {
        #expect(a.concatenated(b).isMirrored == (a.isMirrored != b.isMirrored), "\(a) \(b)")
        #expect(
          a.concatenated(b).swapsWidthAndHeight
            == (a.swapsWidthAndHeight != b.swapsWidthAndHeight), "\(a) \(b)")
        for c in ImageOrientation.allCases {
          #expect(a.concatenated(b).concatenated(c) == a.concatenated(b.concatenated(c)))
        }
      }
    }
  }

  @Test("display size swaps exactly for EXIF 5...8")
  func displaySizes() {
    for orientation in ImageOrientation.allCases {
      let size = orientation.displaySize(forRawWidth: 1920, height: 1080)
      if orientation.exifValue >= 5 {
        #expect(size.width == 1080 && size.height == 1920, "\(orientation)")
      } else {
        #expect(size.width == 1920 && size.height == 1080, "\(orientation)")
      }
    }
  }
}
