/// Immutable bytes of a model — a mapped file or a private copy — and views into them.
///
/// Behaves like `ArraySlice<UInt8>`: indices are positions in the whole buffer (a view of
/// bytes 100..<200 starts at index 100), slicing never copies, and every view keeps the
/// storage alive. Reading an index outside the view traps, as for arrays; parsers check
/// positions against ``startIndex`` and ``endIndex`` first.
public struct ModelBytes: RandomAccessCollection, Sendable {
  public typealias Index = Int
  public typealias Indices = Range<Int>
  public typealias SubSequence = ModelBytes

  let storage: ModelBytesStorage
  public let startIndex: Int
  public let endIndex: Int

  /// A private copy of `bytes`, indexed from 0.
  public init(_ bytes: some Collection<UInt8>) {
    storage = ModelBytesStorage(copying: bytes)
    startIndex = 0
    endIndex = storage.count
  }

  init(storage: ModelBytesStorage, range: Range<Int>) {
    self.storage = storage
    startIndex = range.lowerBound
    endIndex = range.upperBound
  }

  /// No bytes.
  public static let empty = ModelBytes([UInt8]())

  public subscript(position: Int) -> UInt8 {
    precondition(position >= startIndex && position < endIndex, "ModelBytes index out of range")
    return storage.base.load(fromByteOffset: position, as: UInt8.self)
  }

  public subscript(bounds: Range<Int>) -> ModelBytes {
    precondition(
      bounds.lowerBound >= startIndex && bounds.upperBound <= endIndex,
      "ModelBytes range out of range")
    return ModelBytes(storage: storage, range: bounds)
  }

  /// Calls `body` with the view's bytes (valid only during the call).
  public func withUnsafeBytes<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try body(UnsafeRawBufferPointer(start: storage.base + startIndex, count: count))
  }

  /// Calls `body` with the view's bytes typed as `UInt8` (valid only during the call).
  public func withUnsafeBufferPointer<Result, Failure: Error>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withUnsafeBytes { (raw) throws(Failure) in
      try body(raw.bindMemory(to: UInt8.self))
    }
  }

  public func withContiguousStorageIfAvailable<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result? {
    try withUnsafeBytes { raw in try body(raw.bindMemory(to: UInt8.self)) }
  }

  /// A little-endian value at byte `position` of the whole buffer (callers check bounds).
  @inline(__always)
  func loadLittleEndian<T: FixedWidthInteger>(at position: Int, as type: T.Type) -> T {
    T(littleEndian: storage.base.loadUnaligned(fromByteOffset: position, as: T.self))
  }

  /// Whether the view lies in a mapped file rather than a private copy.
  public var isMapped: Bool { storage.isMapped }

  /// For a mapped view, unmaps from this process the whole pages inside it, so that bytes
  /// read once (weights being packed) stop counting as resident memory. The mapping stays:
  /// a page touched again is read back, unchanged, from the file. Does nothing for a copy.
  public func releaseResidentPages() {
    storage.releaseResidentPages(startIndex..<endIndex)
  }
}

extension ModelBytes: Equatable {
  public static func == (a: ModelBytes, b: ModelBytes) -> Bool { a.elementsEqual(b) }
}

extension ModelBytes: CustomStringConvertible {
  public var description: String { "ModelBytes(\(count) bytes at \(startIndex))" }
}
