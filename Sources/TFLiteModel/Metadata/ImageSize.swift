/// A size in pixels (`ImageSize` in the metadata schema).
public struct ImageSize: Sendable, Equatable {
  public internal(set) var width, height: Int

  /// Creates a size in pixels.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    width = Int(try t.integer(0, "width", default: UInt32(0)))
    height = Int(try t.integer(1, "height", default: UInt32(0)))
  }
}
