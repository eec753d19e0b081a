/// Every entry point of the JPEG pixel kernels, one stored function each: what ImageCodecs'
/// `JPEGKernelSet` calls. The portable, AVX2 and AVX-512 modules each hold a whole set
/// (``KernelTarget/jpegEntryPoints``); the VNNI build runs AVX-512's. Each call covers a whole
/// row: of blocks, or of samples.
///
/// Memory contract of the row entries (ImageCodecs' `JPEGPixelPipeline` guarantees it): input
/// sample rows have one valid byte before index 0 and at least 40 readable bytes past their
/// last sample, and for the horizontal triangle filters `row[-1] == row[0]` and
/// `row[width] == row[width - 1]`; upsampled rows may be written up to 64 bytes past their
/// length; converted rows get exactly `4 × width` bytes.
///
/// - `inverseDCTRow`: dequantizes and inverse-transforms `count` consecutive blocks (64
///   coefficients each, natural order) with 64 quantizers (16-bit patterns) into 8 sample rows
///   of `8 × count` bytes, `stride` bytes apart; with `clearing`, zeroes each block once done
///   (the blocks must then be mutable).
/// - `inverseDCT`: the same for one block (the block-smoothing path, the tests).
/// - `h2v1Fancy`: `h2v1_fancy_upsample` of `width` (> 2) samples into `2 × width`.
/// - `h2v2Fancy`: `h2v2_fancy_upsample` of one output row from the nearer and the farther
///   input row (`width` > 2 samples each) into `2 × width`.
/// - `h1v2Fancy`: `h1v2_fancy_upsample`: (3 × near + far + bias) >> 2, `width` samples.
/// - `replicate`: each input sample repeated `factor` times, `count` outputs.
/// - `convertGrayscale`, `convertYCbCr`, `convertRGB`, `convertCMYK`, `convertYCCK`: `width`
///   pixels of the component rows to RGBA (A = 255), as ImageCodecs' `JPEGColorConversion`
///   cases of the same names describe; the rows a conversion does not read are ignored.
public struct JPEGKernelEntryPoints: Sendable {
  public var inverseDCTRow:
    @Sendable (
      _ blocks: UnsafePointer<Int16>, _ count: Int, _ quantization: UnsafePointer<Int16>,
      _ output: UnsafeMutablePointer<UInt8>, _ stride: Int, _ clearing: Bool
    ) -> Void
  public var inverseDCT:
    @Sendable (
      _ block: UnsafePointer<Int16>, _ quantization: UnsafePointer<Int16>,
      _ output: UnsafeMutablePointer<UInt8>, _ stride: Int
    ) -> Void
  public var h2v1Fancy:
    @Sendable (_ input: UnsafePointer<UInt8>, _ width: Int, _ output: UnsafeMutablePointer<UInt8>)
      -> Void
  public var h2v2Fancy:
    @Sendable (
      _ near: UnsafePointer<UInt8>, _ far: UnsafePointer<UInt8>, _ width: Int,
      _ output: UnsafeMutablePointer<UInt8>
    ) -> Void
  public var h1v2Fancy:
    @Sendable (
      _ near: UnsafePointer<UInt8>, _ far: UnsafePointer<UInt8>, _ bias: Int16, _ width: Int,
      _ output: UnsafeMutablePointer<UInt8>
    ) -> Void
  public var replicate:
    @Sendable (
      _ input: UnsafePointer<UInt8>, _ factor: Int, _ count: Int,
      _ output: UnsafeMutablePointer<UInt8>
    ) -> Void
  public var convertGrayscale: JPEGConvertRow
  public var convertYCbCr: JPEGConvertRow
  public var convertRGB: JPEGConvertRow
  public var convertCMYK: JPEGConvertRow
  public var convertYCCK: JPEGConvertRow

  /// Every entry at once: what each build's ``KernelTarget/jpegEntryPoints`` is made of.
  public init(
    inverseDCTRow:
      @escaping @Sendable (
        _ blocks: UnsafePointer<Int16>, _ count: Int, _ quantization: UnsafePointer<Int16>,
        _ output: UnsafeMutablePointer<UInt8>, _ stride: Int, _ clearing: Bool
      ) -> Void,
    inverseDCT:
      @escaping @Sendable (
        _ block: UnsafePointer<Int16>, _ quantization: UnsafePointer<Int16>,
        _ output: UnsafeMutablePointer<UInt8>, _ stride: Int
      ) -> Void,
    h2v1Fancy:
      @escaping @Sendable (
        _ input: UnsafePointer<UInt8>, _ width: Int, _ output: UnsafeMutablePointer<UInt8>
      )
      -> Void,
    h2v2Fancy:
      @escaping @Sendable (
        _ near: UnsafePointer<UInt8>, _ far: UnsafePointer<UInt8>, _ width: Int,
        _ output: UnsafeMutablePointer<UInt8>
      ) -> Void,
    h1v2Fancy:
      @escaping @Sendable (
        _ near: UnsafePointer<UInt8>, _ far: UnsafePointer<UInt8>, _ bias: Int16, _ width: Int,
        _ output: UnsafeMutablePointer<UInt8>
      ) -> Void,
    replicate:
      @escaping @Sendable (
        _ input: UnsafePointer<UInt8>, _ factor: Int, _ count: Int,
        _ output: UnsafeMutablePointer<UInt8>
      ) -> Void,
    convertGrayscale: @escaping JPEGConvertRow,
    convertYCbCr: @escaping JPEGConvertRow,
    convertRGB: @escaping JPEGConvertRow,
    convertCMYK: @escaping JPEGConvertRow,
    convertYCCK: @escaping JPEGConvertRow
  ) {
    self.inverseDCTRow = inverseDCTRow
    self.inverseDCT = inverseDCT
    self.h2v1Fancy = h2v1Fancy
    self.h2v2Fancy = h2v2Fancy
    self.h1v2Fancy = h1v2Fancy
    self.replicate = replicate
    self.convertGrayscale = convertGrayscale
    self.convertYCbCr = convertYCbCr
    self.convertRGB = convertRGB
    self.convertCMYK = convertCMYK
    self.convertYCCK = convertYCCK
  }
}

/// One color conversion's row entry: `width` pixels of four component rows (those the
/// conversion does not read are ignored) to RGBA at `output`, exactly `4 × width` bytes.
public typealias JPEGConvertRow =
  @Sendable (
    _ c0: UnsafePointer<UInt8>, _ c1: UnsafePointer<UInt8>, _ c2: UnsafePointer<UInt8>,
    _ c3: UnsafePointer<UInt8>, _ width: Int, _ output: UnsafeMutablePointer<UInt8>
  ) -> Void
