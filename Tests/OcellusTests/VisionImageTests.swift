import Foundation
import ImageCodecs
import Imaging
import Ocellus
import OcellusTestSupport
import Testing

/// `VisionImage`: the ways to make one, its orientation, and the display/raw conversions.
@Suite("VisionImage")
struct VisionImageTests {
  @Test(.enabled(if: SharedData.isAvailable))
  func readsFilesWithTheirExifOrientation() throws {
    let upright = try VisionImage(
      contentsOfFile: SharedData.path("conformance/exif/recurser/Landscape_1.jpg"))
    #expect(upright.orientation == .up)
    for exif in 1...8 {
      let image = try VisionImage(
        contentsOfFile: SharedData.path("conformance/exif/recurser/Landscape_\(exif).jpg"))
      #expect(image.orientation.exifValue == exif)
      // Every file shows the same landscape once turned upright.
      #expect(image.width == upright.width && image.height == upright.height, "EXIF \(exif)")
      let pixels = try image.uprightImage()
      #expect(pixels.width == upright.width && pixels.height == upright.height)
    }
    let photo = try VisionImageFixtures.image("cats_and_dogs.jpg")
    #expect(photo.orientation == .up)
    #expect(photo.image.format == .rgba8)
    #expect(photo.timestampMilliseconds == nil)
  }

  @Test func reportsUnreadableAndUndecodableInput() throws {
    #expect {
      _ = try VisionImage(contentsOfFile: "/nonexistent/ocellus/photo.jpg")
    } throws: { error in
      guard case .unreadableImageFile(let path, _) = error as? VisionError else { return false }
      return path == "/nonexistent/ocellus/photo.jpg"
    }
    #expect {
      _ = try VisionImage(encoded: [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08])
    } throws: { error in
      guard case .imageDecoding(.unknownFormat) = error as? VisionError else { return false }
      return true
    }
  }

  @Test func acceptsCameraBuffersWithPaddedRows() throws {
    // A 3 × 2 BGRA frame whose rows are padded to 16 bytes.
    var bytes = [UInt8](repeating: 0, count: 32)
    for row in 0..<2 {
      for column in 0..<3 {
        let offset = row * 16 + column * 4
        bytes[offset] = UInt8(column * 10)  // B
        bytes[offset + 1] = UInt8(row * 100)  // G
        bytes[offset + 2] = 200  // R
        bytes[offset + 3] = 255
      }
    }
    let frame = try VisionImage(
      pixelBuffer: [ImagePlane(bytes: bytes, bytesPerRow: 16)], width: 3, height: 2,
      format: .bgra8, orientation: .right, timestampMilliseconds: 40)
    #expect(frame.rawWidth == 3 && frame.rawHeight == 2)
    #expect(frame.width == 2 && frame.height == 3)
    #expect(frame.timestampMilliseconds == 40)
    let upright = try frame.uprightImage()
    #expect(upright.width == 2 && upright.height == 3)
    #expect {
      _ = try VisionImage(
        pixelBuffer: [ImagePlane(bytes: [UInt8](repeating: 0, count: 10), bytesPerRow: 16)],
        width: 3, height: 2, format: .bgra8, orientation: .up)
    } throws: { error in
      guard case .invalidImage = error as? VisionError else { return false }
      return true
    }
  }

  @Test func convertsRectanglesBetweenDisplayAndRaw() throws {
    let stored = try VisionImageFixtures.gray(width: 40, height: 30)
    let raw = CGRect(x: 2, y: 3, width: 10, height: 5)
    for orientation in ImageOrientation.allCases {
      let image = VisionImage(image: stored, orientation: orientation)
      let display = image.displayRect(fromRaw: raw)
      #expect(image.rawRect(fromDisplay: display) == raw, "\(orientation)")
      #expect(display.width == (orientation.swapsWidthAndHeight ? 5 : 10), "\(orientation)")
      #expect(display.maxX <= CGFloat(image.width) && display.maxY <= CGFloat(image.height))
    }
    // EXIF 6 (.right): the stored top-left corner lands at the display's top-right.
    let right = VisionImage(image: stored, orientation: .right)
    #expect(
      right.displayRect(fromRaw: CGRect(x: 0, y: 0, width: 1, height: 1))
        == CGRect(x: 29, y: 0, width: 1, height: 1))
  }
}
