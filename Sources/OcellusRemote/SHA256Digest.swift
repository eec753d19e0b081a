/// Streaming SHA-256 (FIPS 180-4): feed bytes in pieces of any size, then read the digest.
///
/// Used to verify downloaded models against their pinned hash without holding the file in
/// memory: ``ModelManager`` reads the downloaded file in fixed-size chunks and feeds them here.
/// Memory use is constant (one 64-byte block buffer); the message may be at most 2^61 − 1
/// bytes, far beyond any file (the bit count wraps beyond that, as in other implementations).
public struct SHA256Digest: Sendable {
  private var h0: UInt32 = 0x6a09_e667
  private var h1: UInt32 = 0xbb67_ae85
  private var h2: UInt32 = 0x3c6e_f372
  private var h3: UInt32 = 0xa54f_f53a
  private var h4: UInt32 = 0x510e_527f
  private var h5: UInt32 = 0x9b05_688c
  private var h6: UInt32 = 0x1f83_d9ab
  private var h7: UInt32 = 0x5be0_cd19
  /// Bytes of an incomplete block waiting for more input (fewer than 64).
  private var pending: [UInt8] = []
  /// Bytes hashed so far.
  private var byteCount: UInt64 = 0

  /// A digest of the empty message, ready for ``update(_:)-([UInt8])``.
  public init() {
    pending.reserveCapacity(64)
  }

  /// The number of bytes fed so far.
  public var count: UInt64 { byteCount }

  /// Adds `bytes` to the message.
  public mutating func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// Adds the bytes of `buffer` to the message.
  public mutating func update(_ buffer: UnsafeRawBufferPointer) {
    guard buffer.count > 0, let base = buffer.baseAddress else { return }
    byteCount &+= UInt64(buffer.count)
    var offset = 0
    if !pending.isEmpty {
      let take = min(64 - pending.count, buffer.count)
      pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: take))
      offset = take
      guard pending.count == 64 else { return }
      let block = pending
      pending.removeAll(keepingCapacity: true)
      block.withUnsafeBytes { compress($0.baseAddress!, blocks: 1) }
    }
    let whole = (buffer.count - offset) / 64
    if whole > 0 {
      compress(base + offset, blocks: whole)
      offset += whole * 64
    }
    if offset < buffer.count {
      pending.append(
        contentsOf: UnsafeRawBufferPointer(start: base + offset, count: buffer.count - offset))
    }
  }

  /// The 32-byte digest of everything fed so far; the digest itself is not changed, so more
  /// bytes may still be added afterwards.
  public func finalize() -> [UInt8] {
    var copy = self
    let bitLength = byteCount &* 8
    var tail: [UInt8] = [0x80]
    let used = (pending.count + 1) % 64
    let padding = used <= 56 ? 56 - used : 120 - used
    tail.append(contentsOf: repeatElement(0, count: padding))
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    let savedCount = copy.byteCount
    copy.update(tail)
    copy.byteCount = savedCount
    return [copy.h0, copy.h1, copy.h2, copy.h3, copy.h4, copy.h5, copy.h6, copy.h7].flatMap {
      word in
      [
        UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
        UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
      ]
    }
  }

  /// The digest of everything fed so far as 64 lowercase hexadecimal digits.
  public func hexDigest() -> String {
    Self.hex(finalize())
  }

  /// The SHA-256 of `bytes` as 64 lowercase hexadecimal digits.
  public static func hex(of bytes: [UInt8]) -> String {
    var digest = SHA256Digest()
    digest.update(bytes)
    return digest.hexDigest()
  }

  /// `bytes` as lowercase hexadecimal digits, two per byte.
  static func hex(_ bytes: [UInt8]) -> String {
    let digits: [UInt8] = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// True when `text` is 64 hexadecimal digits (either case).
  static func isValidHex(_ text: String) -> Bool {
    text.utf8.count == 64
      && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0 | 0x20) }
  }

  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  /// Compresses `blocks` consecutive 64-byte blocks starting at `start` into the state.
  private mutating func compress(_ start: UnsafeRawPointer, blocks: Int) {
    var (v0, v1, v2, v3, v4, v5, v6, v7) = (h0, h1, h2, h3, h4, h5, h6, h7)
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { words in
      Self.roundConstants.withUnsafeBufferPointer { constants in
        for blockIndex in 0..<blocks {
          let block = start + blockIndex &* 64
          for index in 0..<16 {
            let base = 4 &* index
            words[index] =
              UInt32(block.load(fromByteOffset: base, as: UInt8.self)) << 24
              | UInt32(block.load(fromByteOffset: base &+ 1, as: UInt8.self)) << 16
              | UInt32(block.load(fromByteOffset: base &+ 2, as: UInt8.self)) << 8
              | UInt32(block.load(fromByteOffset: base &+ 3, as: UInt8.self))
          }
          for index in 16..<64 {
            let w15 = words[index &- 15]
            let w2 = words[index &- 2]
            let s0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
            let s1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
            words[index] = words[index &- 16] &+ s0 &+ words[index &- 7] &+ s1
          }
          var a = v0
          var b = v1
          var c = v2
          var d = v3
          var e = v4
          var f = v5
          var g = v6
          var h = v7
          for index in 0..<64 {
            let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ choice &+ constants[index] &+ words[index]
            let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            h = g
            g = f
            f = e
            e = d &+ t1
            d = c
            c = b
            b = a
            a = t1 &+ t2
          }
          v0 &+= a
          v1 &+= b
          v2 &+= c
          v3 &+= d
          v4 &+= e
          v5 &+= f
          v6 &+= g
          v7 &+= h
        }
      }
    }
    (h0, h1, h2, h3, h4, h5, h6, h7) = (v0, v1, v2, v3, v4, v5, v6, v7)
  }
}

extension UInt32 {
  /// The bits rotated right by `count` (0 < count < 32).
  @inline(__always)
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
    (self >> count) | (self << (32 &- count))
  }
}
