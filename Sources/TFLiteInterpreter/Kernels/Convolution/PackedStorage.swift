internal import OcellusKernels
import TFLiteModel

/// Weights packed at load, owned by the kernel that packed them and freed with it.
final class PackedStorage {
  /// The packed weights, stored as the `format` they were packed in says.
  let pointer: UnsafeRawPointer
  private let storage: UnsafeMutableRawPointer

  /// Packs `weights`: `columns` rows of `depth` values, raw little-endian floats, or bytes
  /// (with `widening`) packed as `format` says: widened to `weight − zeroPoint` floats, or as
  /// they are.
  init(
    kernels: KernelSet, weights: ModelBytes, columns: Int, depth: Int,
    widening: PackedWeights.Widening?, format: PanelFormat = .float
  ) {
    let count = max(kernels.entry.packedCount(depth, columns), 1)
    storage = .allocate(byteCount: count * format.elementBytes, alignment: 64)
    pointer = UnsafeRawPointer(storage)
    let values = columns * depth
    // The factory checked that `weights` holds `columns * depth` values; constants are
    // aligned for their element type by the plan builder. Packing writes all `count` values.
    let packed = weights.withUnsafeBytes { raw in
      guard let base = raw.baseAddress, values > 0 else { return false }
      guard let widening else {
        guard raw.count >= values * 4 else { return false }
        kernels.entry.pack(
          base.assumingMemoryBound(to: Float.self), columns, depth, depth,
          storage.bindMemory(to: Float.self, capacity: count))
        return true
      }
      guard raw.count >= values else { return false }
      let bytes = base.assumingMemoryBound(to: UInt8.self)
      if format == .float {
        kernels.entry.packBytes(
          bytes, columns, depth, depth, widening.signed, widening.zeroPoint,
          storage.bindMemory(to: Float.self, capacity: count))
      } else {
        kernels.entry.packPanelBytes(
          bytes, columns, depth, depth, UInt8(truncatingIfNeeded: widening.zeroPoint),
          storage.bindMemory(to: UInt8.self, capacity: count))
      }
      return true
    }
    if !packed {
      storage.initializeMemory(as: UInt8.self, repeating: 0, count: count * format.elementBytes)
    }
  }

  deinit { storage.deallocate() }
}
