/// Copies the elements of one strided layout into another of the same logical shape, moving
/// whole elements as bytes (so it serves every fixed-size element type).
///
/// Each layout gives one element stride per dimension; strides may be negative (walking
/// backwards) or anything else the caller derived from a valid index range: the caller
/// guarantees that every visited offset is inside its buffer. Dimensions of size 1 are dropped
/// and neighbours that are contiguous in both layouts are merged, so the innermost loop is as
/// long as possible, and a run contiguous on both sides is a single `memcpy`.
///
/// When the innermost run is contiguous in the destination but strided in the source while
/// another dimension is contiguous in the source (a transpose), the copy goes in square tiles
/// of those two dimensions so that both sides stay in cache.
///
/// Work is split into units (rows, or tiles) that write disjoint outputs: see ``workCount``.
struct StridedCopy {
  /// Bytes per element.
  let elementSize: Int
  /// Number of independent work units; 0 when the shape has no elements.
  let workCount: Int
  /// Work units per chunk that give each thread a worthwhile amount of work.
  let minimumWorkPerChunk: Int
  /// Outer dimensions (outermost first) and their byte strides; in tiled mode without the
  /// tiled dimension.
  private let counts, sourceSteps, destinationSteps: [Int]
  /// The innermost dimension: its length and byte strides.
  private let rowLength, rowSourceStep, rowDestinationStep: Int
  /// Tiled mode: the dimension contiguous in the source, its length and destination byte step.
  private let tileLength, tileDestinationStep: Int
  private let tiled: Bool

  /// Edge of a tile in elements.
  private static let tile = 16

  /// A copy of `shape`, reading element `i` at `Σ i[d] * sourceStrides[d]` and writing it at
  /// `Σ i[d] * destinationStrides[d]` (element units, relative to the pointers given to
  /// ``copy(work:from:to:)``).
  init(shape: [Int], sourceStrides: [Int], destinationStrides: [Int], elementSize: Int) {
    self.elementSize = elementSize
    // Innermost first, size-1 dimensions dropped, contiguous neighbours merged.
    var merged: [(count: Int, source: Int, destination: Int)] = []
    var empty = false
    for dimension in shape.indices.reversed() {
      let count = shape[dimension]
      if count == 0 { empty = true }
      if count == 1 { continue }
      let source = sourceStrides[dimension]
      let destination = destinationStrides[dimension]
      if let inner = merged.last, inner.source &* inner.count == source,
        inner.destination &* inner.count == destination
      {
        merged[merged.count - 1].count = inner.count * count
      } else {
        merged.append((count, source, destination))
      }
    }
    // A short innermost dimension (a few channels moved last, as from channels-first) against
    // a long dimension contiguous in the source: the long one becomes the row, read in order
    // and written strided, instead of one short row per position.
    if let first = merged.first, first.count < Self.tile, merged.count > 1,
      let long = merged.indices.dropFirst().filter({ merged[$0].source == 1 }).max(by: {
        merged[$0].count < merged[$1].count
      }), merged[long].count >= 4 * Self.tile
    {
      merged.swapAt(0, long)
      // The old innermost dimension stays the fastest-varying of the outer ones.
      let moved = merged.remove(at: long)
      merged.insert(moved, at: 1)
    }
    let inner = merged.first ?? (1, 1, 1)
    rowLength = inner.count
    rowSourceStep = inner.source * elementSize
    rowDestinationStep = inner.destination * elementSize
    var outer = Array(merged.dropFirst().reversed())
    // A transpose: tile the innermost dimension against the one contiguous in the source.
    var tileLength = 1
    var tileDestinationStep = 0
    if inner.destination == 1, inner.source != 1, inner.count >= Self.tile,
      let position = outer.lastIndex(where: { $0.source == 1 && $0.count >= Self.tile })
    {
      tileLength = outer[position].count
      tileDestinationStep = outer[position].destination * elementSize
      outer.remove(at: position)
    }
    self.tileLength = tileLength
    self.tileDestinationStep = tileDestinationStep
    tiled = tileLength > 1
    counts = outer.map(\.count)
    sourceSteps = outer.map { $0.source * elementSize }
    destinationSteps = outer.map { $0.destination * elementSize }
    let outerCount = counts.reduce(1, *)
    if empty {
      workCount = 0
    } else if tiled {
      workCount = outerCount * ((tileLength + Self.tile - 1) / Self.tile)
    } else {
      workCount = outerCount
    }
    let unitBytes = (tiled ? Self.tile : 1) * rowLength * elementSize
    minimumWorkPerChunk = max(1, 65536 / max(1, unitBytes))
  }

  /// Copies work units `work` from `source` to `destination` (the positions of element 0).
  func copy(
    work: Range<Int>, from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer
  ) {
    guard !work.isEmpty, workCount > 0 else { return }
    let blocks = tiled ? (tileLength + Self.tile - 1) / Self.tile : 1
    let depth = counts.count
    withUnsafeTemporaryAllocation(of: Int.self, capacity: max(depth, 1)) { index in
      // The multi-index of the first unit's outer position, and its offsets.
      var remainder = work.lowerBound / blocks
      var block = work.lowerBound % blocks
      var sourceOffset = 0
      var destinationOffset = 0
      for dimension in (0..<depth).reversed() {
        let position = remainder % counts[dimension]
        remainder /= counts[dimension]
        index[dimension] = position
        sourceOffset += position * sourceSteps[dimension]
        destinationOffset += position * destinationSteps[dimension]
      }
      for _ in work {
        if tiled {
          copyTile(
            source + sourceOffset, destination + destinationOffset, first: block * Self.tile)
          block += 1
          if block < blocks { continue }
          block = 0
        } else {
          copyRow(source + sourceOffset, destination + destinationOffset)
        }
        // Advance the outer position, carrying into outer dimensions.
        var dimension = depth - 1
        while dimension >= 0 {
          index[dimension] += 1
          sourceOffset += sourceSteps[dimension]
          destinationOffset += destinationSteps[dimension]
          if index[dimension] < counts[dimension] { break }
          sourceOffset -= counts[dimension] * sourceSteps[dimension]
          destinationOffset -= counts[dimension] * destinationSteps[dimension]
          index[dimension] = 0
          dimension -= 1
        }
      }
    }
  }

  /// Copies one row of the innermost dimension.
  @inline(__always)
  private func copyRow(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer) {
    let count = rowLength
    let from = rowSourceStep
    let to = rowDestinationStep
    if from == elementSize && to == elementSize {
      destination.copyMemory(from: source, byteCount: count * elementSize)
      return
    }
    moveElements(count, source, from, destination, to)
  }

  /// Copies `count` elements from `source` to `destination`, stepping `from` and `to` bytes.
  @inline(__always)
  private func moveElements(
    _ count: Int, _ source: UnsafeRawPointer, _ from: Int, _ destination: UnsafeMutableRawPointer,
    _ to: Int
  ) {
    switch elementSize {
    case 1: Self.move(UInt8.self, count, source, from, destination, to)
    case 2: Self.move(UInt16.self, count, source, from, destination, to)
    case 4: Self.move(UInt32.self, count, source, from, destination, to)
    case 8: Self.move(UInt64.self, count, source, from, destination, to)
    default:
      for step in 0..<count {
        (destination + step * to).copyMemory(from: source + step * from, byteCount: elementSize)
      }
    }
  }

  /// Copies tile rows `first ..< first + tile` of the tiled dimension, across the whole
  /// innermost dimension, one square tile at a time (4-byte elements in 4×4 blocks).
  @inline(__always)
  private func copyTile(
    _ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, first: Int
  ) {
    let last = min(first + Self.tile, tileLength)
    var column = 0
    while column < rowLength {
      let end = min(column + Self.tile, rowLength)
      var row = first
      if elementSize == 4 {
        while row + 4 <= last {
          var block = column
          while block + 4 <= end {
            transpose4x4(
              source + row * 4 + block * rowSourceStep,
              destination + row * tileDestinationStep + block * 4)
            block += 4
          }
          for tail in row..<(row + 4) where block < end {
            let from = source + tail * 4 + block * rowSourceStep
            moveElements(
              end - block, from, rowSourceStep,
              destination + tail * tileDestinationStep + block * 4, 4)
          }
          row += 4
        }
      }
      for row in row..<last {
        let from = source + row * elementSize + column * rowSourceStep
        let to = destination + row * tileDestinationStep + column * elementSize
        moveElements(end - column, from, rowSourceStep, to, elementSize)
      }
      column = end
    }
  }

  /// Copies a 4×4 block of 4-byte elements: four tiled-dimension elements (contiguous in the
  /// source) at each of four innermost positions (`rowSourceStep` apart) become four rows of
  /// four innermost elements (contiguous in the destination, `tileDestinationStep` apart).
  @inline(__always)
  private func transpose4x4(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer) {
    let v0 = source.loadUnaligned(as: SIMD4<UInt32>.self)
    let v1 = source.loadUnaligned(fromByteOffset: rowSourceStep, as: SIMD4<UInt32>.self)
    let v2 = source.loadUnaligned(fromByteOffset: 2 * rowSourceStep, as: SIMD4<UInt32>.self)
    let v3 = source.loadUnaligned(fromByteOffset: 3 * rowSourceStep, as: SIMD4<UInt32>.self)
    for lane in 0..<4 {
      destination.storeBytes(
        of: SIMD4(v0[lane], v1[lane], v2[lane], v3[lane]), toByteOffset: lane * tileDestinationStep,
        as: SIMD4<UInt32>.self)
    }
  }

  @inline(__always)
  private static func move<T: FixedWidthInteger>(
    _: T.Type, _ count: Int, _ source: UnsafeRawPointer, _ from: Int,
    _ destination: UnsafeMutableRawPointer, _ to: Int
  ) {
    var read = 0
    var write = 0
    for _ in 0..<count {
      destination.storeBytes(
        of: source.loadUnaligned(fromByteOffset: read, as: T.self), toByteOffset: write, as: T.self)
      read += from
      write += to
    }
  }
}
