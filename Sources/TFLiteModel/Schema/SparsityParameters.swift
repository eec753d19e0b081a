/// How a constant tensor is stored sparse (TFLite's `SparsityParameters`): its dimensions are
/// walked in `traversalOrder` (the tensor's dimensions, then its block dimensions), each
/// stored dense or compressed, and only the values reached are in the buffer. Densify with
/// ``densified(values:elementSize:shape:maxBytes:)``.
public struct SparsityParameters: Sendable, Equatable {
  /// The order the dimensions are stored in: a permutation of `0..<n`, where `0..<rank` are the
  /// tensor's dimensions and `rank + k` is the block dimension of `blockMap[k]`.
  public var traversalOrder: [Int]
  /// For each block dimension, the tensor dimension it splits.
  public var blockMap: [Int]
  /// Each stored dimension, in traversal order.
  public var dimensions: [SparseDimension]

  /// Creates parameters.
  public init(traversalOrder: [Int], blockMap: [Int], dimensions: [SparseDimension]) {
    self.traversalOrder = traversalOrder
    self.blockMap = blockMap
    self.dimensions = dimensions
  }

  /// Decodes a `SparsityParameters` table.
  init(_ t: FlatBufferTable) throws(FlatBufferError) {
    traversalOrder = try t.ints(0, "traversal_order") ?? []
    blockMap = try t.ints(1, "block_map") ?? []
    dimensions = try t.tables(2, "dim_metadata", SparseDimension.init)
  }
}
