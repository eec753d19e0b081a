/// Weights packed once, at load, into the column panels of a GEMM build; owned by the kernel
/// that packed them and freed with it.
final class PackedWeights {
  /// The build that packed them (and must multiply with them).
  let kernels: KernelSet
  /// GEMM columns (output channels / units).
  let columns: Int
  /// GEMM depth (inputs per output).
  let depth: Int
  /// The packed floats.
  let pointer: UnsafePointer<Float>
  private let storage: UnsafeMutablePointer<Float>
  /// Bytes held (the kernel's persistent memory beyond the model).
  let byteCount: Int

  /// Packs `weights`: `columns` rows of `depth` floats (TFLite's `[OC][KH][KW][IC]` filters
  /// and `[N][K]` fully-connected weights), as raw little-endian bytes.
  init(kernels: KernelSet, weights: ArraySlice<UInt8>, columns: Int, depth: Int) {
    self.kernels = kernels
    self.columns = columns
    self.depth = depth
    let count = max(kernels.packedCount(depth, columns), 1)
    storage = .allocate(capacity: count)
    storage.initialize(repeating: 0, count: count)
    pointer = UnsafePointer(storage)
    byteCount = count * MemoryLayout<Float>.size
    let pack = kernels.pack
    // The factory checked that `weights` holds `columns * depth` floats; constants are
    // aligned for their element type by the plan builder.
    weights.withUnsafeBytes { raw in
      guard let base = raw.baseAddress, raw.count >= columns * depth * 4 else { return }
      pack(base.assumingMemoryBound(to: Float.self), columns, depth, depth, storage)
    }
  }

  /// Packs quantized `weights` (`columns` rows of `depth` bytes, int8 when `signed`) as the
  /// integer-valued floats `weight − zeroPoint`, for the quantized GEMM.
  init(
    kernels: KernelSet, quantized weights: ArraySlice<UInt8>, signed: Bool, zeroPoint: Int32,
    columns: Int, depth: Int
  ) {
    self.kernels = kernels
    self.columns = columns
    self.depth = depth
    let count = max(kernels.packedCount(depth, columns), 1)
    storage = .allocate(capacity: count)
    storage.initialize(repeating: 0, count: count)
    pointer = UnsafePointer(storage)
    byteCount = count * MemoryLayout<Float>.size
    guard weights.count >= columns * depth, columns * depth > 0 else { return }
    var floats = [Float](repeating: 0, count: columns * depth)
    var index = 0
    for byte in weights.prefix(columns * depth) {
      floats[index] = Float((signed ? Int32(Int8(bitPattern: byte)) : Int32(byte)) - zeroPoint)
      index += 1
    }
    let pack = kernels.pack
    floats.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      pack(base, columns, depth, depth, storage)
    }
  }

  deinit { storage.deallocate() }
}
