extension MemoryPlanner {
  /// The layout for a pool of two threads, which split an operator's output in halves (the
  /// caller the first half of the rows, the worker the second): every buffer of at least
  /// `minimumBytes` is centred on one of a row of pivots, so that memory below a pivot is
  /// written only by the caller and memory above it only by the worker, whichever buffer it
  /// belongs to at the time. Reusing memory then never pulls a line the other core wrote
  /// (which costs when the two cores share no cache). Buffers on one pivot have disjoint
  /// lifetimes, placed largest first on the first pivot free for their lifetime; the smaller
  /// buffers go after the pivots, placed as ``plan(_:)`` places them.
  public static func planCentered(
    _ requests: [Request], minimumBytes: Int
  ) -> (offsets: [Int], arenaBytes: Int) {
    let order = requests.indices.sorted {
      requests[$0].size != requests[$1].size ? requests[$0].size > requests[$1].size : $0 < $1
    }
    var pivots: [Pivot] = []
    var small: [Int] = []
    for index in order {
      let request = requests[index]
      guard request.size >= minimumBytes else {
        small.append(index)
        continue
      }
      if let free = pivots.firstIndex(where: { $0.isFree(during: request) }) {
        pivots[free].add(request, index: index)
      } else {
        var pivot = Pivot()
        pivot.add(request, index: index)
        pivots.append(pivot)
      }
    }
    var offsets = [Int](repeating: 0, count: requests.count)
    var base = 0
    for pivot in pivots {
      let middle = base + pivot.below
      for member in pivot.members { offsets[member.index] = middle - member.below }
      base = middle + pivot.above
    }
    let rest = plan(small.map { requests[$0] })
    for (index, offset) in zip(small, rest.offsets) { offsets[index] = base + offset }
    return (offsets, base + rest.arenaBytes)
  }

  /// Buffers centred on one address, one at a time: how far the largest reaches below and
  /// above it (bytes, multiples of the alignment) and who they are.
  private struct Pivot {
    var below = 0
    var above = 0
    var members: [(index: Int, below: Int, request: Request)] = []

    /// True when no buffer on this pivot holds data while `request` does.
    func isFree(during request: Request) -> Bool {
      !members.contains { $0.request.overlapsInTime(request) }
    }

    /// Centres `request` (number `index`) here: its first half, rounded down to the
    /// alignment, below the pivot.
    mutating func add(_ request: Request, index: Int) {
      let size = MemoryPlanner.roundUp(max(request.size, 1))
      let lower = request.size / 2 / MemoryPlanner.alignment * MemoryPlanner.alignment
      below = max(below, lower)
      above = max(above, size - lower)
      members.append((index, lower, request))
    }
  }
}
