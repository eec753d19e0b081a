import Foundation
import ImageCodecs
import OcellusTestSupport
import Testing

/// Mutation fuzzing through `ImageDecoder`: real PNG, JPEG and BMP files with bit flips, byte
/// overwrites, truncations, duplicated chunks/segments/ranges and corrupted length fields.
/// Every decode must return (an image or a `DecodeError`) without trapping, quickly.
@Suite("Decoder fuzzing", .enabled(if: SharedData.isAvailable))
struct FuzzTests {
  /// Inputs: small real files of each format (small so thousands of decodes stay fast).
  static let inputs: [(name: String, kind: ImageFormat)] = [
    ("conformance/pngsuite/basn2c08.png", .png),
    ("conformance/pngsuite/basi6a08.png", .png),
    ("conformance/pngsuite/basn3p04.png", .png),
    ("conformance/pngsuite/basn0g16.png", .png),
    ("conformance/exif/pillow/exif.png", .png),
    ("conformance/exif/pillow/hopper_orientation_6.jpg", .jpeg),
    ("conformance/exif/pillow/orientation_rectangle.jpg", .jpeg),
    ("conformance/jpeg/libjpeg-turbo/testorig.jpg", .jpeg),
    ("conformance/jpeg/libjpeg-turbo/testimgint.jpg", .jpeg),
    ("images/bird.bmp", .bmp),
  ]

  /// Limits that keep hostile headers from asking for large buffers thousands of times.
  static let limits = DecodeLimits(maxPixels: 1 << 22, maxDecodedBytes: 64 << 20)

  /// The byte ranges of a file's chunks (PNG), marker segments before the scan (JPEG), or
  /// header/palette/pixel regions (BMP), as (start, length-field offset or nil, end).
  static func structure(_ bytes: [UInt8], kind: ImageFormat) -> [(
    start: Int, lengthField: Int?, end: Int
  )] {
    var parts: [(Int, Int?, Int)] = []
    switch kind {
    case .png:
      var position = 8
      while position + 12 <= bytes.count {
        let length = bytes[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
        let end = position + 12 + length
        guard end <= bytes.count else { break }
        parts.append((position, position, end))
        position = end
      }
    case .jpeg:
      var position = 2
      while position + 4 <= bytes.count, bytes[position] == 0xFF {
        let marker = bytes[position + 1]
        let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
        let end = position + 2 + length
        guard end <= bytes.count else { break }
        parts.append((position, position + 2, end))
        if marker == 0xDA { break }
        position = end
      }
    case .bmp:
      let headerEnd = min(bytes.count, 14 + (bytes.count > 18 ? Int(bytes[14]) : 40))
      parts.append((0, 2, 14))
      parts.append((14, 14, headerEnd))
      parts.append((headerEnd, nil, headerEnd + 64))
      parts.append((max(0, bytes.count - 256), nil, bytes.count))
    }
    // Clamp to the data (a file may be shorter than its headers).
    return parts.map { part in
      let end = min(part.2, bytes.count)
      return (min(part.0, end), part.1, end)
    }
  }

  /// One random mutation of `original`.
  static func mutate(_ original: [UInt8], kind: ImageFormat, rng: inout SplitMix64) -> [UInt8] {
    var bytes = original
    guard !bytes.isEmpty else { return bytes }
    let parts = structure(original, kind: kind)
    // Bias toward the headers, where structure lives: half of the point mutations hit the
    // first 256 bytes.
    func position() -> Int {
      Bool.random(using: &rng)
        ? Int.random(in: 0..<min(256, bytes.count), using: &rng)
        : Int.random(in: 0..<bytes.count, using: &rng)
    }
    switch Int.random(in: 0..<6, using: &rng) {
    case 0:  // bit flips
      for _ in 0..<Int.random(in: 1...8, using: &rng) {
        bytes[position()] ^= 1 << UInt8.random(in: 0...7, using: &rng)
      }
    case 1:  // byte overwrites with interesting values
      let values: [UInt8] = [0, 1, 0x7F, 0x80, 0xFE, 0xFF]
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        bytes[position()] =
          Bool.random(using: &rng)
          ? values.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
      }
    case 2:  // truncation
      bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &rng)...)
    case 3:  // duplicate a chunk / segment / region
      if let part = parts.randomElement(using: &rng), part.end > part.start {
        bytes.insert(contentsOf: original[part.start..<part.end], at: part.end)
      }
    case 4:  // corrupt a length field (PNG chunk length, JPEG segment length, BMP sizes)
      if let field = parts.compactMap(\.lengthField).randomElement(using: &rng) {
        let width = kind == .jpeg ? 2 : 4
        let choice = Int.random(in: 0..<4, using: &rng)
        for index in 0..<width where field + index < bytes.count {
          switch choice {
          case 0: bytes[field + index] = 0xFF
          case 1: bytes[field + index] = 0
          case 2: bytes[field + index] = UInt8.random(in: 0...255, using: &rng)
          default: bytes[field + index] &+= index == width - 1 ? 1 : 0
          }
        }
      }
    default:  // BMP: hostile header field values; others: remove a chunk/segment
      if kind == .bmp {
        let fields = [2, 10, 14, 18, 22, 26, 28, 30, 34, 46, 54, 58, 62, 66]
        let field = fields.randomElement(using: &rng)!
        let values: [UInt32] = [
          0, 1, 2, 3, 4, 5, 6, 12, 16, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF,
          UInt32.random(in: 0...UInt32.max, using: &rng),
        ]
        let value = values.randomElement(using: &rng)!
        for index in 0..<4 where field + index < bytes.count {
          bytes[field + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index)))
        }
      } else if let part = parts.randomElement(using: &rng) {
        bytes.removeSubrange(part.start..<part.end)
      }
    }
    return bytes
  }

  @Test("thousands of mutated files decode or throw, each within the hang guard")
  func mutations() throws {
    var rng = SplitMix64(seed: 0x0CE1_1005)
    let clock = ContinuousClock()
    var decoded = 0
    var failed = 0
    var slowest = Duration.zero
    for (name, kind) in Self.inputs {
      let original = try SharedData.bytes(name)
      #expect(ImageFormat.sniff(original) == kind, "\(name)")
      let rounds = kind == .bmp ? 600 : 400
      for _ in 0..<rounds {
        let mutated = Self.mutate(original, kind: kind, rng: &rng)
        let start = clock.now
        do {
          let image = try ImageDecoder.decode(mutated, limits: Self.limits)
          #expect(image.rgba.count == image.width * image.height * 4)
          decoded += 1
        } catch {
          #expect(!error.description.isEmpty)
          failed += 1
        }
        let elapsed = clock.now - start
        slowest = max(slowest, elapsed)
        #expect(elapsed < .seconds(2), "\(name): one mutated decode took \(elapsed)")
      }
    }
    #expect(decoded + failed == 9 * 400 + 600)
    print("fuzz: \(decoded) decoded, \(failed) rejected, slowest \(slowest)")
  }

  @Test("mutated hand-built BMPs (every header, depth, RLE and bit-field case) never trap")
  func bmpCaseMutations() {
    var rng = SplitMix64(seed: 0xB3B)
    let clock = ContinuousClock()
    var outcomes = 0
    for testCase in BMPDecoderTests.pillowCases {
      let original = BMPDecoderTests.bytes(hex: testCase.bmp)
      for _ in 0..<60 {
        let mutated = Self.mutate(original, kind: .bmp, rng: &rng)
        let start = clock.now
        if let image = try? ImageDecoder.decode(mutated, limits: Self.limits) {
          #expect(image.rgba.count == image.width * image.height * 4)
        }
        outcomes += 1
        #expect(clock.now - start < .seconds(2), "\(testCase)")
      }
    }
    #expect(outcomes == BMPDecoderTests.pillowCases.count * 60)
  }

  @Test("random bytes behind each signature are rejected or decoded without trapping")
  func randomBodies() {
    var rng = SplitMix64(seed: 42)
    let signatures: [[UInt8]] = [
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF], [0x42, 0x4D], [0x00],
    ]
    for signature in signatures {
      for _ in 0..<200 {
        let body = (0..<Int.random(in: 0..<300, using: &rng)).map { _ in
          UInt8.random(in: 0...255, using: &rng)
        }
        _ = try? ImageDecoder.decode(signature + body, limits: Self.limits)
      }
    }
    #expect(throws: DecodeError.unknownFormat(prefix: [0, 1, 2])) {
      try ImageDecoder.decode([0, 1, 2])
    }
    #expect(throws: DecodeError.self) { try ImageDecoder.decode([]) }
  }
}
