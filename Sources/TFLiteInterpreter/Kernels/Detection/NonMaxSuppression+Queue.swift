extension NonMaxSuppression {
  /// The candidate queue of TFLite's NON_MAX_SUPPRESSION_V4/V5: a `std::priority_queue`
  /// ordered by score alone (`a.score < b.score`), reproduced with libstdc++'s `push_heap` and
  /// `pop_heap` step for step, so candidates with equal scores come out in exactly the order
  /// they do in LiteRT. Storage is the caller's (`capacity` candidates).
  struct Queue {
    private let heap: UnsafeMutablePointer<Candidate>
    private(set) var count = 0

    init(storage: UnsafeMutablePointer<Candidate>) { heap = storage }

    /// libstdc++'s `__push_heap`: moves the hole at `hole` up (not past `top`) while its
    /// parent scores below `value`, then puts `value` there.
    @inline(__always)
    private func siftUp(_ value: Candidate, from hole: Int, top: Int) {
      var hole = hole
      var parent = (hole - 1) / 2
      while hole > top && heap[parent].score < value.score {
        heap[hole] = heap[parent]
        hole = parent
        parent = (hole - 1) / 2
      }
      heap[hole] = value
    }

    /// `std::priority_queue::push`.
    mutating func push(_ candidate: Candidate) {
      siftUp(candidate, from: count, top: 0)
      count += 1
    }

    /// `std::priority_queue::top` and `pop`: the best candidate, removed (the queue must not be
    /// empty). `pop_heap` moves the last element into the root's hole with libstdc++'s
    /// `__adjust_heap`: the hole goes down to a leaf along the larger children (the right one
    /// on ties), then the element sifts up.
    mutating func pop() -> Candidate {
      let top = heap[0]
      count -= 1
      guard count > 0 else { return top }
      let value = heap[count]
      let length = count
      var hole = 0
      var child = 0
      while child < (length - 1) / 2 {
        child = 2 * (child + 1)
        if heap[child].score < heap[child - 1].score { child -= 1 }
        heap[hole] = heap[child]
        hole = child
      }
      if length & 1 == 0 && child == (length - 2) / 2 {
        child = 2 * (child + 1)
        heap[hole] = heap[child - 1]
        hole = child - 1
      }
      siftUp(value, from: hole, top: 0)
      return top
    }
  }
}
