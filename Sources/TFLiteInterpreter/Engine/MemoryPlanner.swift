/// Places buffers with known lifetimes into one arena, reusing memory whose owner is dead.
///
/// Greedy by size, as TFLite's arena planner does: buffers are placed largest first, each at
/// the lowest 64-byte-aligned offset where it overlaps no already-placed buffer that is alive
/// at the same time. Lifetimes are inclusive ranges of node indices.
struct MemoryPlanner {
  /// One buffer to place.
  struct Request {
    /// Bytes needed.
    var size: Int
    /// First node during which the buffer must hold data (inclusive).
    var firstUse: Int
    /// Last node during which the buffer must hold data (inclusive).
    var lastUse: Int
  }

  /// Alignment of every offset, in bytes.
  static let alignment = 64

  /// The offset of each request, in request order, and the arena size they need.
  static func plan(_ requests: [Request]) -> (offsets: [Int], arenaBytes: Int) {
    let order = requests.indices.sorted {
      requests[$0].size != requests[$1].size ? requests[$0].size > requests[$1].size : $0 < $1
    }
    var offsets = [Int](repeating: 0, count: requests.count)
    var placed: [(offset: Int, end: Int, first: Int, last: Int)] = []
    var arenaBytes = 0
    for index in order {
      let request = requests[index]
      let size = roundUp(max(request.size, 1))
      // Live neighbours in time, by offset.
      let conflicts = placed.filter { $0.first <= request.lastUse && request.firstUse <= $0.last }
        .sorted { $0.offset < $1.offset }
      var candidate = 0
      for conflict in conflicts {
        if candidate + size <= conflict.offset { break }
        candidate = max(candidate, conflict.end)
      }
      offsets[index] = candidate
      placed.append((candidate, candidate + size, request.firstUse, request.lastUse))
      arenaBytes = max(arenaBytes, candidate + size)
    }
    return (offsets, arenaBytes)
  }

  static func roundUp(_ value: Int) -> Int { (value + alignment - 1) / alignment * alignment }
}
