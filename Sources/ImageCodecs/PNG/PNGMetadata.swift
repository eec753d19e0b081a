import Inflate

/// What a PNG's ancillary chunks say that a vision pipeline needs: color metadata and the
/// EXIF orientation.
///
/// Reads `gAMA`, `sRGB`, `iCCP` (the profile name; the profile is inflated, bounded by
/// ``DecodeLimits/maxMetadataBytes``, only to check that it is readable — an unreadable or
/// over-limit profile is ignored, as libpng does), `eXIf`, and the ImageMagick
/// "Raw profile type exif" text chunk (`tEXt`, `zTXt` or `iTXt`). Malformed ancillary chunks
/// are skipped: they never fail a decode. At most 8 compressed metadata chunks are inflated
/// per file, each to at most the metadata limit (raw-profile text: 3 × the limit, as hex).
struct PNGMetadata: Sendable {
  /// Color metadata collected so far (the first valid `gAMA`, `sRGB` and `iCCP` win).
  var colorInfo = ColorInfo()
  /// The orientation from the first `eXIf` chunk, if any.
  var eXIfOrientation: Int?
  /// The orientation from the first raw-profile text chunk, if any.
  var rawProfileOrientation: Int?
  private var sawICCP = false
  /// Compressed metadata chunks (`iCCP`, raw-profile `zTXt`/`iTXt`) still allowed to be
  /// inflated, so that a file of many small zip bombs costs bounded time.
  private var inflationsLeft = 8

  /// The EXIF orientation to report: `eXIf` first, then the raw profile, else 1.
  var orientation: Int { eXIfOrientation ?? rawProfileOrientation ?? 1 }

  /// Reads one ancillary chunk's `data` if it is of a kind this type understands.
  mutating func read(type: UInt32, data: UnsafeRawBufferPointer, limits: DecodeLimits) {
    switch type {
    case PNGChunk.gama:
      if colorInfo.gamma == nil, data.count == 4 {
        let gamma = PNGChunk.bigEndian32(data, 0)
        if gamma > 0 { colorInfo.gamma = gamma }
      }
    case PNGChunk.srgb:
      if colorInfo.sRGBIntent == nil, data.count == 1, data[0] <= 3 {
        colorInfo.sRGBIntent = data[0]
      }
    case PNGChunk.iccp:
      if !sawICCP {
        sawICCP = true
        readICCP(data, limits: limits)
      }
    case PNGChunk.exif:
      if eXIfOrientation == nil, data.count <= limits.maxMetadataBytes {
        let bytes = Array(data)
        if bytes.starts(with: Self.exifHeader) {
          eXIfOrientation = ExifReader.orientation(app1Payload: bytes[...]) ?? 1
        } else {
          eXIfOrientation = ExifReader.orientation(tiff: bytes[...])
        }
      }
    case PNGChunk.text, PNGChunk.ztxt, PNGChunk.itxt:
      if rawProfileOrientation == nil { readText(type: type, data, limits: limits) }
    default:
      break
    }
  }

  /// "Exif\0\0", the APP1 identifier some writers keep in front of the TIFF data.
  private static let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]

  /// The position of the first zero byte of `data` at or after `start`, within `limit` bytes.
  private static func terminator(in data: UnsafeRawBufferPointer, from start: Int, limit: Int)
    -> Int?
  {
    var index = start
    let end = min(data.count, start + limit)
    while index < end {
      if data[index] == 0 { return index }
      index += 1
    }
    return nil
  }

  /// `iCCP`: profile name (1...79 Latin-1 bytes), 0, compression method 0, zlib data.
  private mutating func readICCP(_ data: UnsafeRawBufferPointer, limits: DecodeLimits) {
    guard let nameEnd = Self.terminator(in: data, from: 0, limit: 80), nameEnd >= 1,
      data.count >= nameEnd + 2, data[nameEnd + 1] == 0
    else { return }
    let compressed = UnsafeRawBufferPointer(rebasing: data[(nameEnd + 2)...])
    guard inflationsLeft > 0 else { return }
    inflationsLeft -= 1
    guard
      let profile = try? Inflate.decompress(
        compressed, format: .zlib, limits: InflateLimits(maxOutputBytes: limits.maxMetadataBytes)),
      !profile.isEmpty
    else { return }
    var name = ""
    for byte in data[0..<nameEnd] { name.unicodeScalars.append(Unicode.Scalar(byte)) }
    colorInfo.iccProfileName = name
    colorInfo.hasICCProfile = true
  }

  /// `tEXt` / `zTXt` / `iTXt`: looks for ImageMagick's "Raw profile type exif" (or "APP1").
  private mutating func readText(type: UInt32, _ data: UnsafeRawBufferPointer, limits: DecodeLimits)
  {
    guard let keywordEnd = Self.terminator(in: data, from: 0, limit: 80) else { return }
    let keyword = Array(data[0..<keywordEnd])
    guard keyword == Self.rawProfileExif || keyword == Self.rawProfileAPP1 else { return }
    var textStart = keywordEnd + 1
    var compressed = false
    switch type {
    case PNGChunk.ztxt:
      guard data.count > textStart, data[textStart] == 0 else { return }
      compressed = true
      textStart += 1
    case PNGChunk.itxt:
      guard data.count >= textStart + 2, data[textStart + 1] == 0 else { return }
      compressed = data[textStart] == 1
      // Language tag and translated keyword, each zero-terminated.
      guard let languageEnd = Self.terminator(in: data, from: textStart + 2, limit: data.count),
        let translatedEnd = Self.terminator(in: data, from: languageEnd + 1, limit: data.count)
      else { return }
      textStart = translatedEnd + 1
    default:
      break
    }
    guard textStart <= data.count else { return }
    let body = UnsafeRawBufferPointer(rebasing: data[textStart...])
    // The hex dump is about twice the payload plus line breaks; bound the text accordingly.
    let textLimit = limits.maxMetadataBytes > Int.max / 3 ? Int.max : limits.maxMetadataBytes * 3
    let text: [UInt8]
    if compressed {
      guard inflationsLeft > 0 else { return }
      inflationsLeft -= 1
      guard
        let inflated = try? Inflate.decompress(
          body, format: .zlib, limits: InflateLimits(maxOutputBytes: textLimit))
      else { return }
      text = inflated
    } else {
      guard body.count <= textLimit else { return }
      text = Array(body)
    }
    guard let payload = Self.rawProfilePayload(text, limit: limits.maxMetadataBytes) else { return }
    if payload.starts(with: Self.exifHeader) {
      rawProfileOrientation = ExifReader.orientation(app1Payload: payload[...])
    } else if payload.starts(with: [0x4D, 0x4D]) || payload.starts(with: [0x49, 0x49]) {
      rawProfileOrientation = ExifReader.orientation(tiff: payload[...])
    }
  }

  private static let rawProfileExif = Array("Raw profile type exif".utf8)
  private static let rawProfileAPP1 = Array("Raw profile type APP1".utf8)

  /// Decodes ImageMagick's raw-profile text: "\n<name>\n<spaces><decimal length>\n<hex digits
  /// with line breaks>". Returns nil when malformed or longer than `limit` bytes.
  static func rawProfilePayload(_ text: [UInt8], limit: Int) -> [UInt8]? {
    var index = 0
    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
    while index < text.count, isSpace(text[index]) { index += 1 }
    // The profile name, up to the next line break.
    while index < text.count, text[index] != 0x0A { index += 1 }
    while index < text.count, isSpace(text[index]) { index += 1 }
    var length = 0
    var digits = 0
    while index < text.count, text[index] >= 0x30, text[index] <= 0x39 {
      guard length <= (Int.max - 9) / 10 else { return nil }
      length = length * 10 + Int(text[index] - 0x30)
      digits += 1
      guard length <= limit else { return nil }
      index += 1
    }
    guard digits > 0, length > 0 else { return nil }
    var payload = [UInt8]()
    payload.reserveCapacity(min(length, (text.count - index) / 2))
    var high: UInt8?
    while index < text.count, payload.count < length {
      let byte = text[index]
      index += 1
      let nibble: UInt8
      switch byte {
      case 0x30...0x39: nibble = byte - 0x30
      case 0x41...0x46: nibble = byte - 0x41 + 10
      case 0x61...0x66: nibble = byte - 0x61 + 10
      default:
        if isSpace(byte) { continue }
        return nil
      }
      if let first = high {
        payload.append(first << 4 | nibble)
        high = nil
      } else {
        high = nibble
      }
    }
    return payload.count == length ? payload : nil
  }
}
