import TFLiteModel

/// The B matrix of a convolution or fully-connected GEMM — `columns` rows of `depth` weights
/// (TFLite's `[OC][KH][KW][IC]` filters and `[N][K]` fully-connected weights) — packed into the
/// column panels of a kernel build: once at load when the weights are constant, else into
/// scratch at every run. Quantized weights are packed as the integer-valued floats
/// `weight − zeroPoint` the quantized GEMM multiplies.
struct PackedWeights {
  /// The widening of quantized weights: int8 when `signed` (else uint8), minus `zeroPoint`.
  typealias Widening = (signed: Bool, zeroPoint: Int32)

  private let kernels: KernelSet
  private let columns, depth: Int
  private let widening: Widening?
  /// The weights packed at load; nil when they are packed at each run.
  private let storage: PackedStorage?
  /// Floats of scratch each run needs (0 when packed at load): the widened weights (quantized
  /// only), then the packed ones, each rounded up to 64 bytes.
  let scratchFloats: Int

  /// Packs `constant` (raw little-endian floats, or bytes with `widening`) when given; else
  /// plans to pack input 1 at each run.
  init(
    kernels: KernelSet, constant: ModelBytes?, columns: Int, depth: Int,
    widening: Widening? = nil
  ) {
    self.kernels = kernels
    self.columns = columns
    self.depth = depth
    self.widening = widening
    if let constant {
      storage = PackedStorage(
        kernels: kernels, weights: constant, columns: columns, depth: depth, widening: widening)
      scratchFloats = 0
    } else {
      storage = nil
      let widened = widening == nil ? 0 : Self.rounded(columns * depth)
      scratchFloats = widened + Self.rounded(kernels.entry.packedCount(depth, columns))
    }
  }

  /// Writes the integer-valued floats `weight − zeroPoint` of the first `count` constant
  /// quantized `weights` (which hold at least that many) with the build's `widen` loop.
  static func widen(
    _ weights: ModelBytes, count: Int, _ widening: Widening, kernels: KernelSet,
    into destination: UnsafeMutablePointer<Float>
  ) {
    weights.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress, bytes.count >= count else { return }
      kernels.entry.widen(base, count, widening.signed, widening.zeroPoint, destination)
    }
  }

  /// `count` floats rounded up to a whole number of 64-byte lines.
  static func rounded(_ count: Int) -> Int { (count + 15) / 16 * 16 }

  /// The packed weights for this run: those packed at load, or input 1 of `io` packed now
  /// into `scratch` (``scratchFloats`` floats).
  func pointer(_ io: KernelIO, scratch: UnsafeMutablePointer<Float>?) -> UnsafePointer<Float> {
    if let storage { return storage.pointer }
    // The kernel asked for `scratchFloats` > 0 floats of scratch: the arena provides them.
    let scratch = scratch.unsafelyUnwrapped
    guard let widening else {
      kernels.entry.pack(io.input(1, as: Float.self), columns, depth, depth, scratch)
      return UnsafePointer(scratch)
    }
    let packing = scratch + Self.rounded(columns * depth)
    kernels.entry.widen(
      io.input(1, as: UInt8.self), columns * depth, widening.signed, widening.zeroPoint, scratch)
    kernels.entry.pack(scratch, columns, depth, depth, packing)
    return UnsafePointer(packing)
  }
}

/// Weights packed at load, owned by the kernel that packed them and freed with it.
final class PackedStorage {
  /// The packed floats.
  let pointer: UnsafePointer<Float>
  private let storage: UnsafeMutablePointer<Float>

  /// Packs `weights`: `columns` rows of `depth` values, raw little-endian floats, or bytes
  /// widened to `weight − zeroPoint` first.
  init(
    kernels: KernelSet, weights: ModelBytes, columns: Int, depth: Int,
    widening: PackedWeights.Widening?
  ) {
    let count = max(kernels.entry.packedCount(depth, columns), 1)
    storage = .allocate(capacity: count)
    pointer = UnsafePointer(storage)
    let values = columns * depth
    // The factory checked that `weights` holds `columns * depth` values; constants are
    // aligned for their element type by the plan builder. Packing writes all `count` floats.
    let packed = weights.withUnsafeBytes { raw in
      guard let base = raw.baseAddress, values > 0 else { return false }
      if let widening {
        guard raw.count >= values else { return false }
        kernels.entry.packBytes(
          base.assumingMemoryBound(to: UInt8.self), columns, depth, depth, widening.signed,
          widening.zeroPoint, storage)
      } else {
        guard raw.count >= values * 4 else { return false }
        kernels.entry.pack(base.assumingMemoryBound(to: Float.self), columns, depth, depth, storage)
      }
      return true
    }
    if !packed { storage.initialize(repeating: 0, count: count) }
  }

  deinit { storage.deallocate() }
}
