/// The CRC-32 checksum used by zip, PNG and gzip (IEEE 802.3, reflected polynomial
/// `0xEDB88320`, initial value and final XOR `0xFFFFFFFF`).
///
/// Computed with slicing-by-8 tables, eight input bytes per step. Feed bytes in any number
/// of ``update(_:)-(UnsafeRawBufferPointer)`` calls; ``value`` is the checksum of everything
/// fed so far. The checksum of `"123456789"` is `0xCBF43926`.
public struct CRC32: Checksum, Sendable, Equatable, Hashable {
  /// The running register, pre-inverted.
  @usableFromInline var state: UInt32

  /// Creates a checksum of zero bytes (its ``value`` is 0).
  public init() {
    state = 0xFFFF_FFFF
  }

  /// The CRC-32 of all bytes fed so far.
  public var value: UInt32 { ~state }

  /// Feeds `bytes` into the checksum.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    state = crc32Tables.withUnsafeBufferPointer { tables in
      // The tables array is never empty, so its base address exists.
      crc32Update(state, base, bytes.count, tables.baseAddress.unsafelyUnwrapped)
    }
  }
}

/// Eight 256-entry tables: table `k` gives the CRC contribution of a byte followed by `k`
/// zero bytes.
let crc32Tables: [UInt32] = {
  var tables = [UInt32](repeating: 0, count: 8 * 256)
  for index in 0..<256 {
    var crc = UInt32(index)
    for _ in 0..<8 {
      crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
    }
    tables[index] = crc
  }
  for index in 0..<256 {
    for slice in 1..<8 {
      let previous = tables[(slice - 1) * 256 + index]
      tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
    }
  }
  return tables
}()

/// Advances the pre-inverted CRC register `crc` over `count` bytes at `base`.
@inline(__always)
private func crc32Update(
  _ crc: UInt32, _ base: UnsafeRawPointer, _ count: Int, _ t: UnsafePointer<UInt32>
) -> UInt32 {
  var crc = crc
  var offset = 0
  while count - offset >= 8 {
    let low =
      UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) ^ crc
    let high = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
    crc =
      t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
      ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
      ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
      ^ t[1 * 256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
    offset += 8
  }
  while offset < count {
    let byte = base.load(fromByteOffset: offset, as: UInt8.self)
    crc = t[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    offset += 1
  }
  return crc
}
