/// Fills memory with copies of one element's bytes (a pad value of any fixed-size type).
enum ByteFill {
  /// Writes `count` copies of the `elementSize` bytes at `pattern` to `destination`.
  ///
  /// The first copy is written element-wise and then doubled with `memcpy`, so long fills run
  /// at memory speed whatever the pattern.
  @inline(__always)
  static func fill(
    _ destination: UnsafeMutableRawPointer, count: Int, pattern: UnsafeRawPointer,
    elementSize: Int
  ) {
    guard count > 0 else { return }
    let total = count * elementSize
    destination.copyMemory(from: pattern, byteCount: elementSize)
    var filled = elementSize
    while filled < total {
      let chunk = min(filled, total - filled)
      (destination + filled).copyMemory(from: destination, byteCount: chunk)
      filled += chunk
    }
  }
}
