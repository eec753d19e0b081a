import Foundation
import ImageCodecs
import Imaging

/// An image to run a detector or labeler on: stored pixels plus the orientation that turns
/// them upright (ML Kit's `VisionImage`).
///
/// The pixels are kept as given (the raw, sensor or file layout); ``orientation`` says how to
/// turn them upright and is ALWAYS honoured, for every kind of input, so nothing has to be
/// pre-rotated (BEHAVIOR.md D-8). Results come back in upright (display) coordinates by default;
/// ``displayRect(fromRaw:)`` and ``rawRect(fromDisplay:)`` convert between the two spaces
/// (BEHAVIOR.md D-11).
///
/// Stream-mode detection reads ``timestampMilliseconds``: set it for camera frames (strictly
/// increasing from frame to frame).
public struct VisionImage: Sendable, Equatable {
  /// The pixels as stored (not turned upright).
  public let image: PixelImage
  /// How the stored pixels turn upright; `.up` (EXIF 1) by default, the EXIF orientation for
  /// decoded files.
  public var orientation: ImageOrientation
  /// When the frame was captured, in milliseconds on any monotonic clock; used by stream mode
  /// (nil: the frame is taken as 1 ms after the previous one).
  public var timestampMilliseconds: Int64?

  /// The largest encoded file ``init(contentsOfFile:limits:)`` reads, in bytes (1 GiB).
  public static let maxFileBytes = 1 << 30

  /// An image from pixels already in memory.
  ///
  /// - Parameters:
  ///   - image: The stored pixels (any `PixelFormat`: RGBA8, BGRA8, RGB8, Gray8, NV12, NV21,
  ///     I420).
  ///   - orientation: How they turn upright.
  ///   - timestampMilliseconds: The capture time, for stream mode.
  public init(
    image: PixelImage, orientation: ImageOrientation = .up, timestampMilliseconds: Int64? = nil
  ) {
    self.image = image
    self.orientation = orientation
    self.timestampMilliseconds = timestampMilliseconds
  }

  /// An image from an encoded PNG, JPEG or BMP file's bytes; ``orientation`` is the file's
  /// EXIF orientation (`.up` when it has none).
  ///
  /// - Throws: ``VisionError/imageDecoding(_:)`` when the bytes do not decode within
  ///   `limits`; ``VisionError/invalidImage(_:)`` for a decoded size the imaging layer refuses.
  public init(encoded bytes: [UInt8], limits: DecodeLimits = DecodeLimits())
    throws(VisionError)
  {
    let decoded: DecodedImage
    do {
      decoded = try ImageDecoder.decode(bytes, limits: limits)
    } catch {
      throw .imageDecoding(error)
    }
    do {
      image = try PixelImage(decoded: decoded)
    } catch {
      throw .invalidImage(error)
    }
    orientation = ImageOrientation(exif: decoded.exifOrientation) ?? .up
    timestampMilliseconds = nil
  }

  /// An image from a PNG, JPEG or BMP file, with its EXIF orientation.
  ///
  /// - Throws: ``VisionError/unreadableImageFile(path:reason:)`` when the file cannot be read
  ///   or exceeds ``maxFileBytes``; otherwise as ``init(encoded:limits:)``.
  public init(contentsOfFile path: String, limits: DecodeLimits = DecodeLimits())
    throws(VisionError)
  {
    let bytes: [UInt8]
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      if let size = attributes[.size] as? NSNumber, size.int64Value > Int64(Self.maxFileBytes) {
        throw VisionError.unreadableImageFile(
          path: path, reason: "the file has \(size) bytes, over the \(Self.maxFileBytes) limit")
      }
      bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch let error as VisionError {
      throw error
    } catch {
      throw .unreadableImageFile(path: path, reason: error.localizedDescription)
    }
    try self.init(encoded: bytes, limits: limits)
  }

  /// An image from a camera-style pixel buffer: planes as the camera delivers them (row strides
  /// may be padded), e.g. BGRA8 from iOS or NV21 from Android.
  ///
  /// - Parameters:
  ///   - planes: One plane for packed formats, 2 for NV12/NV21, 3 for I420.
  ///   - width: Width of the stored frame, in pixels.
  ///   - height: Height of the stored frame, in pixels.
  ///   - format: The pixel format.
  ///   - orientation: How the frame turns upright (see `ImageOrientation.forCamera`).
  ///   - timestampMilliseconds: The capture time, for stream mode.
  /// - Throws: ``VisionError/invalidImage(_:)`` when the planes do not fit the size and format.
  public init(
    pixelBuffer planes: [ImagePlane], width: Int, height: Int, format: PixelFormat,
    orientation: ImageOrientation, timestampMilliseconds: Int64? = nil
  ) throws(VisionError) {
    do {
      image = try PixelImage(width: width, height: height, format: format, planes: planes)
    } catch {
      throw .invalidImage(error)
    }
    self.orientation = orientation
    self.timestampMilliseconds = timestampMilliseconds
  }

  /// Width of the stored pixels.
  public var rawWidth: Int { image.width }
  /// Height of the stored pixels.
  public var rawHeight: Int { image.height }
  /// Width of the upright (display) image: the stored height when the orientation swaps axes.
  public var width: Int {
    orientation.displaySize(forRawWidth: image.width, height: image.height).width
  }
  /// Height of the upright (display) image.
  public var height: Int {
    orientation.displaySize(forRawWidth: image.width, height: image.height).height
  }

  /// The upright (display) pixels: the stored pixels with ``orientation`` applied.
  ///
  /// - Throws: ``VisionError/invalidImage(_:)`` (not expected for a valid image).
  public func uprightImage() throws(VisionError) -> PixelImage {
    do {
      return try image.applying(orientation)
    } catch {
      throw .invalidImage(error)
    }
  }

  /// The upright (display) rectangle covering `rect` of the stored pixels (continuous pixel
  /// coordinates, `[x, x + width)`).
  public func displayRect(fromRaw rect: CGRect) -> CGRect {
    let mapped = orientation.displayRect(
      fromRaw: ImageRect(rect), rawWidth: Double(rawWidth), rawHeight: Double(rawHeight))
    return CGRect(mapped)
  }

  /// The rectangle of the stored pixels covering upright (display) `rect`; the inverse of
  /// ``displayRect(fromRaw:)``.
  public func rawRect(fromDisplay rect: CGRect) -> CGRect {
    let mapped = orientation.rawRect(
      fromDisplay: ImageRect(rect), rawWidth: Double(rawWidth), rawHeight: Double(rawHeight))
    return CGRect(mapped)
  }
}
