extension SparsityParameters {
  /// Why sparse data cannot be densified.
  public struct DensifyError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The dense bytes of a tensor of `shape` (elements of `elementSize` bytes, little-endian)
  /// whose stored `values` are laid out as these parameters say; absent elements are zero.
  ///
  /// Everything is checked before any index is used: the traversal order is a permutation,
  /// blocks divide their dimension, dense sizes match, segments start at 0, never decrease and
  /// end at their index count, indices are in range, the values are exactly the elements
  /// reached, and the dense tensor fits in `maxBytes`.
  public func densified(
    values: ModelBytes, elementSize: Int, shape: [Int], maxBytes: Int
  ) throws(DensifyError) -> [UInt8] {
    let layout = try Layout(self, shape: shape, elementSize: elementSize, maxBytes: maxBytes)
    let leaves = try layout.leafCount(self)
    guard elementSize > 0, values.count == leaves * elementSize else {
      throw DensifyError(
        description:
          "the sparse data hold \(values.count) bytes, but the layout reaches \(leaves) elements of \(elementSize) bytes"
      )
    }
    var dense = [UInt8](repeating: 0, count: layout.denseCount * elementSize)
    var walk = Walk(parameters: self, layout: layout, values: values, elementSize: elementSize)
    dense.withUnsafeMutableBytes { walk.fill(level: 0, node: 0, into: $0) }
    return dense
  }

  /// The checked geometry of one densification.
  struct Layout {
    /// The tensor's shape, and its rank.
    let shape: [Int]
    /// The size of every stored dimension: the tensor's (divided by their blocks), then the blocks'.
    let expanded: [Int]
    /// The block size of each tensor dimension (1 when not blocked).
    let blockSize: [Int]
    /// For each tensor dimension, the stored dimension holding its position inside the block.
    let blockDimension: [Int?]
    let denseCount: Int

    init(_ p: SparsityParameters, shape: [Int], elementSize: Int, maxBytes: Int)
      throws(DensifyError)
    {
      let rank = shape.count
      let n = p.traversalOrder.count
      guard n == rank + p.blockMap.count, p.dimensions.count == n,
        Set(p.traversalOrder) == Set(0..<n), p.traversalOrder.count == Set(p.traversalOrder).count
      else {
        throw DensifyError(
          description:
            "traversal order \(p.traversalOrder), block map \(p.blockMap) and \(p.dimensions.count) dimensions do not describe a rank-\(rank) tensor"
        )
      }
      var blockSize = [Int](repeating: 1, count: rank)
      var blockDimension = [Int?](repeating: nil, count: rank)
      for (k, dimension) in p.blockMap.enumerated() {
        // The metadata of stored dimension rank + k sits where the traversal visits it.
        guard (0..<rank).contains(dimension), blockDimension[dimension] == nil,
          let level = p.traversalOrder.firstIndex(of: rank + k),
          case .dense(let size) = p.dimensions[level], size > 0, shape[dimension] % size == 0
        else {
          throw DensifyError(
            description: "block \(k) of dimension \(dimension) is not a dense divisor")
        }
        blockSize[dimension] = size
        blockDimension[dimension] = rank + k
      }
      self.shape = shape
      self.blockSize = blockSize
      self.blockDimension = blockDimension
      expanded =
        (0..<rank).map { shape[$0] / blockSize[$0] }
        + p.blockMap.map { blockSize[$0] }
      var count = 1
      for size in shape {
        let (product, overflow) = count.multipliedReportingOverflow(by: max(size, 0))
        guard size >= 0, !overflow, product <= maxBytes / max(elementSize, 1) else {
          throw DensifyError(description: "the dense tensor \(shape) is over \(maxBytes) bytes")
        }
        count = product
      }
      denseCount = count
    }

    /// The number of elements the stored dimensions reach, after checking every level's sizes,
    /// segments and indices against the number of nodes of the level above.
    func leafCount(_ p: SparsityParameters) throws(DensifyError) -> Int {
      var nodes = 1
      for (level, dimension) in p.dimensions.enumerated() {
        let size = expanded[p.traversalOrder[level]]
        switch dimension {
        case .dense(let denseSize):
          guard denseSize == size else {
            throw DensifyError(
              description: "level \(level) is dense \(denseSize), expected \(size)")
          }
          let (product, overflow) = nodes.multipliedReportingOverflow(by: size)
          guard !overflow, product <= denseCount else {
            throw DensifyError(description: "level \(level) reaches more elements than the tensor")
          }
          nodes = product
        case .compressed(let segments, let indices):
          try Self.check(segments, indices, nodes: nodes, size: size, level: level)
          nodes = indices.count
        }
      }
      return nodes
    }

    /// Checks one compressed level: `nodes + 1` segments from 0 to `indices.count`, never
    /// decreasing, and every index in `0..<size`.
    static func check(_ segments: [Int], _ indices: [Int], nodes: Int, size: Int, level: Int)
      throws(DensifyError)
    {
      guard segments.count == nodes + 1, segments.first == 0, segments.last == indices.count,
        zip(segments, segments.dropFirst()).allSatisfy({ $0 <= $1 })
      else {
        throw DensifyError(
          description:
            "level \(level): \(segments.count) segments for \(nodes) nodes and \(indices.count) indices are inconsistent"
        )
      }
      guard indices.allSatisfy({ (0..<size).contains($0) }) else {
        throw DensifyError(description: "level \(level): an index is outside 0..<\(size)")
      }
    }
  }

  /// The depth-first walk that places each stored value at its dense position.
  struct Walk {
    let parameters: SparsityParameters
    let layout: Layout
    let values: ModelBytes
    let elementSize: Int
    /// The current position in every stored dimension.
    var position: [Int]
    var next = 0

    init(
      parameters: SparsityParameters, layout: Layout, values: ModelBytes, elementSize: Int
    ) {
      self.parameters = parameters
      self.layout = layout
      self.values = values
      self.elementSize = elementSize
      position = [Int](repeating: 0, count: parameters.traversalOrder.count)
    }

    /// Visits the children of `node` at `level` (checked by ``Layout/leafCount(_:)``).
    mutating func fill(level: Int, node: Int, into dense: UnsafeMutableRawBufferPointer) {
      guard level < parameters.dimensions.count else {
        store(into: dense)
        return
      }
      let dimension = parameters.traversalOrder[level]
      switch parameters.dimensions[level] {
      case .dense(let size):
        for index in 0..<size {
          position[dimension] = index
          fill(level: level + 1, node: node * size + index, into: dense)
        }
      case .compressed(let segments, let indices):
        for child in segments[node]..<segments[node + 1] {
          position[dimension] = indices[child]
          fill(level: level + 1, node: child, into: dense)
        }
      }
    }

    /// Copies the next stored value to the dense element at ``position``.
    private mutating func store(into dense: UnsafeMutableRawBufferPointer) {
      var offset = 0
      for (axis, size) in layout.shape.enumerated() {
        let inner = layout.blockDimension[axis].map { position[$0] } ?? 0
        offset = offset * size + position[axis] * layout.blockSize[axis] + inner
      }
      let source = values.startIndex + next * elementSize
      for byte in 0..<elementSize { dense[offset * elementSize + byte] = values[source + byte] }
      next += 1
    }
  }
}
