/// Options of `MIRROR_PAD` (`MirrorPadOptions`).
public struct MirrorPadOptions: BuiltinOptionsTable {
  /// SYMMETRIC mode, whose mirror image includes the border value; false (as when unset) is
  /// REFLECT, whose image starts next to it.
  public internal(set) var symmetric: Bool

  /// Decodes the options from `table` (every field at its schema default when absent).
  public init(_ table: OptionsTableReader) throws(FlatBufferError) {
    let mode = try table.enumeration(0, "mode", "MirrorPadMode", fallback: Int8(0)) {
      $0 == 0 || $0 == 1 ? $0 : nil
    }
    symmetric = mode == 1
  }
}
