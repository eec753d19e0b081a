/// A zip archive of uncompressed ("stored") entries, as Python's `zipfile` writes when a file
/// is appended to another (Ultralytics' `metadata.json` after a TFLite model): offsets count
/// from the archive's first byte.
public enum StoredZip {
  /// The archive holding `entries` (name, contents), in order.
  public static func archive(_ entries: [(name: String, contents: [UInt8])]) -> [UInt8] {
    var local: [UInt8] = []
    var central: [UInt8] = []
    for (name, contents) in entries {
      let fields = header(name: name, contents: contents)
      central +=
        littleEndian(0x0201_4B50, 4) + littleEndian(20, 2) + fields
        + littleEndian(0, 2 + 2 + 2 + 4) + littleEndian(local.count, 4) + Array(name.utf8)
      local += littleEndian(0x0403_4B50, 4) + fields + Array(name.utf8) + contents
    }
    let end =
      littleEndian(0x0605_4B50, 4) + littleEndian(0, 4) + littleEndian(entries.count, 2)
      + littleEndian(entries.count, 2) + littleEndian(central.count, 4)
      + littleEndian(local.count, 4) + littleEndian(0, 2)
    return local + central + end
  }

  /// Version needed, flags, method, time, date, CRC-32, sizes, name length, extra length.
  private static func header(name: String, contents: [UInt8]) -> [UInt8] {
    littleEndian(20, 2) + littleEndian(0, 2 + 2 + 2 + 2) + littleEndian(Int(crc32(contents)), 4)
      + littleEndian(contents.count, 4) + littleEndian(contents.count, 4)
      + littleEndian(name.utf8.count, 2) + littleEndian(0, 2)
  }

  /// `value` as `width` little-endian bytes.
  private static func littleEndian(_ value: Int, _ width: Int) -> [UInt8] {
    (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  /// The zip CRC-32 (polynomial 0xEDB88320), bit by bit.
  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
