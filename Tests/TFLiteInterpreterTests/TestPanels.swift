import OcellusKernels

/// Weight bytes packed by a kernel build for its GEMM micro-kernels, freed with this object:
/// `n` rows of `k` bytes, packed as `format` says (widened to `weight − zeroPoint` floats, or
/// as the bytes they are).
final class TestPanels {
  let pointer: UnsafeMutableRawPointer

  init(
    _ weights: [UInt8], n: Int, k: Int, format: PanelFormat, signed: Bool, zeroPoint: Int32,
    entry: KernelEntryPoints
  ) {
    let count = entry.packedCount(k, n)
    pointer = .allocate(byteCount: count * 4, alignment: 64)
    weights.withUnsafeBufferPointer { bytes in
      if format == .float {
        entry.packBytes(
          bytes.baseAddress!, n, k, k, signed, zeroPoint,
          pointer.bindMemory(to: Float.self, capacity: count))
      } else {
        entry.packPanelBytes(
          bytes.baseAddress!, n, k, k, UInt8(truncatingIfNeeded: zeroPoint),
          pointer.bindMemory(to: UInt8.self, capacity: count))
      }
    }
  }

  deinit { pointer.deallocate() }
}
