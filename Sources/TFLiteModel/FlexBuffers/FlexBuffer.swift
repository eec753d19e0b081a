/// A FlexBuffer (schemaless FlatBuffers sibling, e.g. TFLite custom operator options) over bytes
/// it does not copy, with every offset, width, count and type checked before use.
///
/// The last byte is the root's byte width W (1, 2, 4 or 8), the byte before it the root's packed
/// type, and the W bytes before that the root value. Offsets are unsigned and point backwards;
/// each one is checked to stay inside the buffer. Alignment is not required (reads are
/// unaligned-safe), unlike the upstream verifier's default.
///
/// Positions in errors count from the first byte of the FlexBuffer, also when it was built from
/// an `ArraySlice` whose indices start elsewhere.
public struct FlexBuffer: Sendable {
  /// The buffer's bytes; a slice shares storage with the array it came from.
  public let bytes: ArraySlice<UInt8>
  /// The limits applied while navigating and decoding.
  public let limits: FlexBufferLimits
  /// Position of the root value's slot.
  let rootSlot: Int
  /// Width of the root value's slot (the last byte of the buffer).
  let rootWidth: Int
  /// The root's packed type byte.
  let rootPackedType: UInt8
  /// The root's type, checked at creation.
  let rootType: FlexBufferType

  /// Checks the root header of a FlexBuffer held in an array.
  ///
  /// - Throws: ``FlexBufferError/bufferTooSmall(size:)``, ``FlexBufferError/invalidByteWidth(_:offset:)``
  ///   or ``FlexBufferError/unknownType(_:offset:)`` when the last bytes are not a valid root.
  public init(_ bytes: [UInt8], limits: FlexBufferLimits = FlexBufferLimits())
    throws(FlexBufferError)
  {
    try self.init(bytes[...], limits: limits)
  }

  /// Checks the root header of a FlexBuffer held in a slice (e.g. custom options inside a model
  /// file), without copying it.
  ///
  /// - Throws: ``FlexBufferError/bufferTooSmall(size:)``, ``FlexBufferError/invalidByteWidth(_:offset:)``
  ///   or ``FlexBufferError/unknownType(_:offset:)`` when the last bytes are not a valid root.
  public init(_ bytes: ArraySlice<UInt8>, limits: FlexBufferLimits = FlexBufferLimits())
    throws(FlexBufferError)
  {
    self.bytes = bytes
    self.limits = limits
    let size = bytes.count
    guard size >= 3 else { throw .bufferTooSmall(size: size) }
    let width = Int(bytes[bytes.startIndex + size - 1])
    guard width == 1 || width == 2 || width == 4 || width == 8 else {
      throw .invalidByteWidth(UInt64(width), offset: size - 1)
    }
    guard size - 2 >= width else { throw .bufferTooSmall(size: size) }
    let packed = bytes[bytes.startIndex + size - 2]
    guard let type = FlexBufferType(rawValue: packed >> 2) else {
      throw .unknownType(packed, offset: size - 2)
    }
    rootWidth = width
    rootSlot = size - 2 - width
    rootPackedType = packed
    rootType = type
  }

  /// Number of bytes in the buffer.
  public var count: Int { bytes.count }

  /// The root value, for lazy navigation. Its contents are checked as they are read.
  public var root: FlexBufferReference {
    FlexBufferReference(
      buffer: self, slot: rootSlot, parentWidth: rootWidth,
      byteWidth: 1 << Int(rootPackedType & 3), type: rootType, depth: 0)
  }

  /// Decodes the whole tree below the root, within ``limits``.
  ///
  /// - Throws: the first ``FlexBufferError`` met, wrapped in ``FlexBufferError/inValue(path:_:)``
  ///   when it lies inside a map or vector.
  public func decode() throws(FlexBufferError) -> FlexValue {
    try root.decode()
  }

  // MARK: Checked raw reads. Positions are relative to the first byte of the buffer.

  /// Throws unless `length` bytes at `position` lie inside the buffer.
  @inline(__always)
  func require(_ position: Int, _ length: Int) throws(FlexBufferError) {
    guard position >= 0, length >= 0, length <= bytes.count, position <= bytes.count - length else {
      throw .outOfBounds(offset: position, length: length, bufferSize: bytes.count)
    }
  }

  /// The byte at `position`, checked.
  @inline(__always)
  func byte(at position: Int) throws(FlexBufferError) -> UInt8 {
    try require(position, 1)
    return bytes[bytes.startIndex + position]
  }

  /// The little-endian unsigned integer of `width` (1, 2, 4 or 8) bytes at `position`, checked.
  @inline(__always)
  func unsigned(at position: Int, width: Int) throws(FlexBufferError) -> UInt64 {
    try require(position, width)
    return bytes.withUnsafeBytes { raw -> UInt64 in
      switch width {
      case 1: return UInt64(raw[position])
      case 2:
        return UInt64(
          UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt16.self)))
      case 4:
        return UInt64(
          UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt32.self)))
      default:
        return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
      }
    }
  }

  /// The little-endian two's-complement integer of `width` bytes at `position`, sign-extended.
  @inline(__always)
  func signed(at position: Int, width: Int) throws(FlexBufferError) -> Int64 {
    let raw = try unsigned(at: position, width: width)
    switch width {
    case 1: return Int64(Int8(truncatingIfNeeded: raw))
    case 2: return Int64(Int16(truncatingIfNeeded: raw))
    case 4: return Int64(Int32(truncatingIfNeeded: raw))
    default: return Int64(bitPattern: raw)
    }
  }

  /// The IEEE float of `width` bytes (4 or 8) at `position`.
  @inline(__always)
  func floatingPoint(at position: Int, width: Int) throws(FlexBufferError) -> Double {
    switch width {
    case 4:
      return Double(
        Float(bitPattern: UInt32(truncatingIfNeeded: try unsigned(at: position, width: 4))))
    case 8: return Double(bitPattern: try unsigned(at: position, width: 8))
    default: throw .unsupportedFloatWidth(width, offset: position)
    }
  }

  /// Follows the backward offset of `width` bytes stored at `slot`; the target is never before
  /// the start of the buffer (it may equal `slot` for an empty vector or blob).
  @inline(__always)
  func indirect(slot: Int, width: Int) throws(FlexBufferError) -> Int {
    let offset = try unsigned(at: slot, width: width)
    guard offset <= UInt64(slot) else { throw .offsetOutOfBounds(offset, offset: slot) }
    return slot - Int(offset)
  }

  /// Length of the NUL-terminated key starting at `position` (without the NUL).
  func keyLength(at position: Int) throws(FlexBufferError) -> Int {
    try require(position, 0)
    let start = bytes.startIndex + position
    guard let end = bytes[start...].firstIndex(of: 0) else {
      throw .keyNotTerminated(offset: position)
    }
    return end - start
  }

  /// The bytes `position ..< position + length`, already checked, as a slice of ``bytes``.
  @inline(__always)
  func slice(_ position: Int, _ length: Int) -> ArraySlice<UInt8> {
    bytes[(bytes.startIndex + position)..<(bytes.startIndex + position + length)]
  }
}
