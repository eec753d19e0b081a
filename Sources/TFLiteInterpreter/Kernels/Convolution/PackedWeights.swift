internal import OcellusKernels
import TFLiteModel

/// The B matrix of a convolution or fully-connected GEMM — `columns` rows of `depth` weights
/// (TFLite's `[OC][KH][KW][IC]` filters and `[N][K]` fully-connected weights) — packed into the
/// column panels of a kernel build: once at load when the weights are constant, else into
/// scratch at every run. Constant quantized weights are packed as the bytes they are (int8 of
/// zero point 0, or uint8), which the quantized GEMM widens as it reads them (``format``);
/// others as the integer-valued floats `weight − zeroPoint`.
struct PackedWeights {
  /// The widening of quantized weights: int8 when `signed` (else uint8), minus `zeroPoint`.
  typealias Widening = (signed: Bool, zeroPoint: Int32)

  private let kernels: KernelSet
  private let columns, depth: Int
  private let widening: Widening?
  /// The weights packed at load; nil when they are packed at each run.
  private let storage: PackedStorage?
  /// How each packed weight is stored.
  let format: PanelFormat
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
      format = widening.map(Self.constantFormat) ?? .float
      storage = PackedStorage(
        kernels: kernels, weights: constant, columns: columns, depth: depth, widening: widening,
        format: format)
      scratchFloats = 0
    } else {
      format = .float
      storage = nil
      let widened = widening == nil ? 0 : Self.rounded(columns * depth)
      scratchFloats = widened + Self.rounded(kernels.entry.packedCount(depth, columns))
    }
  }

  /// How constant quantized weights are packed: as their bytes, unless int8 with a zero
  /// point (which the byte formats do not subtract).
  static func constantFormat(_ widening: Widening) -> PanelFormat {
    guard widening.signed else { return .uint8(zeroPoint: widening.zeroPoint) }
    return widening.zeroPoint == 0 ? .int8 : .float
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

  /// The packed float weights for this run (``format`` is `.float`): those packed at load, or
  /// input 1 of `io` packed now into `scratch` (``scratchFloats`` floats).
  func pointer(_ io: KernelIO, scratch: UnsafeMutablePointer<Float>?) -> UnsafePointer<Float> {
    panels(io, scratch: scratch).assumingMemoryBound(to: Float.self)
  }

  /// The packed weights for this run, stored as ``format`` says: those packed at load, or
  /// input 1 of `io` packed now into `scratch` (``scratchFloats`` floats).
  func panels(_ io: KernelIO, scratch: UnsafeMutablePointer<Float>?) -> UnsafeRawPointer {
    if let storage { return storage.pointer }
    // The kernel asked for `scratchFloats` > 0 floats of scratch: the arena provides them.
    let scratch = scratch.unsafelyUnwrapped
    guard let widening else {
      kernels.entry.pack(io.input(1, as: Float.self), columns, depth, depth, scratch)
      return UnsafeRawPointer(scratch)
    }
    let packing = scratch + Self.rounded(columns * depth)
    kernels.entry.widen(
      io.input(1, as: UInt8.self), columns * depth, widening.signed, widening.zeroPoint, scratch)
    kernels.entry.pack(scratch, columns, depth, depth, packing)
    return UnsafeRawPointer(packing)
  }
}
