/// One plane of an ``PixelImage``: bytes in rows, each row `bytesPerRow` bytes apart (padding
/// allowed at the end of a row).
///
/// A plane owns its bytes (an array), or borrows memory its creator owns
/// (``init(unsafeBorrowing:bytesPerRow:)``, for camera frames read in place). Packing into
/// tensors (``TensorPacker``) reads a borrowed plane where it lies; reading ``bytes`` copies it.
public struct ImagePlane: @unchecked Sendable, Equatable {
  private var owned: [UInt8]
  private var borrowed: UnsafeRawBufferPointer?
  /// The distance between the starts of consecutive rows, in bytes.
  public var bytesPerRow: Int

  /// A plane owning `bytes`.
  public init(bytes: [UInt8], bytesPerRow: Int) {
    owned = bytes
    borrowed = nil
    self.bytesPerRow = bytesPerRow
  }

  /// A plane over memory the caller owns, without copying it.
  ///
  /// Lifetime rule: `buffer` must stay allocated and unchanged for as long as any image made
  /// from this plane (or a copy of it) is used — for a camera frame, until the detector or
  /// labeler call that reads it has returned (or its completion has run). Ocellus never
  /// writes to it.
  public init(unsafeBorrowing buffer: UnsafeRawBufferPointer, bytesPerRow: Int) {
    owned = []
    borrowed = buffer
    self.bytesPerRow = bytesPerRow
  }

  /// The plane's bytes: at least `bytesPerRow × (rows − 1) + bytes of the last row`. For a
  /// borrowed plane, reading copies them into a new array and writing makes the plane own them.
  public var bytes: [UInt8] {
    get {
      if let borrowed { return [UInt8](borrowed) }
      return owned
    }
    set {
      owned = newValue
      borrowed = nil
    }
    _modify {
      if let borrowed {
        owned = [UInt8](borrowed)
        self.borrowed = nil
      }
      yield &owned
    }
  }

  /// The number of bytes in the plane (owned or borrowed), without copying.
  public var byteCount: Int { borrowed?.count ?? owned.count }

  /// True when the plane reads memory its creator owns (see
  /// ``init(unsafeBorrowing:bytesPerRow:)``).
  public var isBorrowed: Bool { borrowed != nil }

  /// Calls `body` with the plane's bytes in place (no copy, owned or borrowed).
  public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows
    -> Result
  {
    if let borrowed { return try body(borrowed) }
    return try owned.withUnsafeBytes(body)
  }

  /// Same row stride and same bytes (wherever they are stored).
  public static func == (lhs: ImagePlane, rhs: ImagePlane) -> Bool {
    guard lhs.bytesPerRow == rhs.bytesPerRow, lhs.byteCount == rhs.byteCount else { return false }
    return lhs.withUnsafeBytes { a in rhs.withUnsafeBytes { b in a.elementsEqual(b) } }
  }
}
