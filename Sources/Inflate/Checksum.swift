/// A running 32-bit checksum (``CRC32``, ``Adler32``) fed bytes in pieces.
public protocol Checksum {
  /// The checksum of no bytes.
  init()
  /// Feeds `bytes` into the checksum.
  mutating func update(_ bytes: UnsafeRawBufferPointer)
  /// The checksum of everything fed so far.
  var value: UInt32 { get }
}

extension Checksum {
  /// Feeds `bytes` into the checksum; contiguous collections such as `[UInt8]` and
  /// `ArraySlice<UInt8>` are read in place, others are copied first.
  public mutating func update(_ bytes: some Collection<UInt8>) {
    let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      update(UnsafeRawBufferPointer(buffer))
    }
    if done == nil {
      Array(bytes).withUnsafeBytes { update($0) }
    }
  }

  /// The checksum of `bytes`.
  public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    var checksum = Self()
    checksum.update(bytes)
    return checksum.value
  }

  /// The checksum of `bytes` (read in place when contiguous).
  public static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
    var checksum = Self()
    checksum.update(bytes)
    return checksum.value
  }
}
