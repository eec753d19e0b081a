import Foundation
import Imaging
import Ocellus
import OcellusDefaultModels
import OcellusTestSupport

/// Frame sequences made from the shared photos for the tracking tests: a camera panning over
/// a photo (a window sliding along it, so objects leave and come back), and a photo with a
/// patch painted over an object for some frames.
enum StreamFrames {
  /// The upright RGBA pixels of `images/<name>`.
  static func photo(_ name: String) throws -> PixelImage {
    try VisionImage(contentsOfFile: SharedData.path("images/" + name)).uprightImage()
      .converted(to: .rgba8)
  }

  /// The window of `width` × the photo's height at each of `offsets` (left edges).
  static func pan(_ photo: PixelImage, width: Int, offsets: [Int]) throws -> [PixelImage] {
    try offsets.map { offset in
      try photo.cropped(x: offset, y: 0, width: width, height: photo.height)
    }
  }

  /// Offsets from `start` to `end` and back to `start`, `step` apart.
  static func thereAndBack(from start: Int, to end: Int, step: Int) -> [Int] {
    let out = Array(stride(from: start, through: end, by: step))
    return out + out.reversed().dropFirst()
  }

  /// `photo` with `rect` filled by `patch` (RGBA, scaled by nearest neighbour) or, without
  /// one, by flat gray.
  static func painted(_ photo: PixelImage, _ rect: ImageRect, with patch: PixelImage? = nil)
    throws -> PixelImage
  {
    let plane = photo.planes[0]
    var bytes = [UInt8](repeating: 0, count: photo.width * photo.height * 4)
    for row in 0..<photo.height {
      let source = row * plane.bytesPerRow
      let target = row * photo.width * 4
      bytes[target..<(target + photo.width * 4)] = plane.bytes[source..<(source + photo.width * 4)]
    }
    let patchPlane = patch?.planes[0]
    let (x0, y0) = (Int(rect.minX), Int(rect.minY))
    for y in y0..<Int(rect.maxY) {
      for x in x0..<Int(rect.maxX) {
        let target = (y * photo.width + x) * 4
        if let patch, let patchPlane {
          let px = (x - x0) * patch.width / Int(rect.width)
          let py = (y - y0) * patch.height / Int(rect.height)
          let source = py * patchPlane.bytesPerRow + px * 4
          bytes[target..<(target + 4)] = patchPlane.bytes[source..<(source + 4)]
        } else {
          bytes[target..<(target + 4)] = [128, 128, 128, 255]
        }
      }
    }
    return try PixelImage(width: photo.width, height: photo.height, format: .rgba8, bytes: bytes)
  }

  /// Runs a stream-mode base detector (multiple objects, no classification) over `frames`
  /// at 30 fps; returns each frame's objects.
  static func track(_ frames: [PixelImage], configuration: TrackerConfiguration = .init())
    throws -> [[DetectedObject]]
  {
    let detector = try ObjectDetector(
      options: ObjectDetectorOptions(
        detectorMode: .stream, shouldEnableMultipleObjects: true,
        builtInModels: try DefaultModels.builtInModels(),
        trackerConfiguration: configuration))
    return try frames.enumerated().map { index, frame in
      try detector.results(
        in: VisionImage(image: frame, timestampMilliseconds: Int64(index) * 33))
    }
  }
}
