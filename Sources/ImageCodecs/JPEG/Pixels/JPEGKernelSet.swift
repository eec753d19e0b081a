package import OcellusKernelSelection
internal import OcellusKernels

/// The build of the JPEG pixel kernels (inverse DCT, upsampling, color conversion) that
/// ``JPEGPixelPipeline`` calls: the one dispatch point between the decoder and the
/// CPU-specific kernel modules, as the interpreter's `KernelSet` is for its kernels.
///
/// The builds are `KernelBuild`'s: the same sources compiled for different CPUs, `portable`
/// (the platform's baseline), and on x86-64 `avx2` (Haswell), `avx512` (Skylake-SP) and
/// `avx512vnni` (Cascade Lake, whose JPEG kernels are AVX-512's). Every build gives the same
/// bytes. ``detected`` is `KernelBuild.detected`: the fastest build this CPU runs, unless
/// `OCELLUS_KERNELS` names another one it runs, the same choice as the interpreter's.
package struct JPEGKernelSet: Sendable, Equatable, CustomStringConvertible {
  /// Which build: the selector's own list.
  package typealias Variant = KernelBuild

  /// The build these kernels come from.
  package let variant: Variant
  /// The build's entry points: every call of a JPEG pixel kernel goes through here.
  let entry: JPEGKernelEntryPoints

  /// The kernels of `variant`, or nil when this build lacks them or this CPU cannot run them.
  package init?(_ variant: Variant) {
    guard let entry = variant.jpegEntryPoints else { return nil }
    self.variant = variant
    self.entry = entry
  }

  /// Every build this process can run, slowest first.
  package static let available: [JPEGKernelSet] = KernelBuild.available.compactMap(
    JPEGKernelSet.init)

  /// The build `KernelBuild.detected` names.
  package static let detected: JPEGKernelSet = JPEGKernelSet(KernelBuild.detected) ?? available[0]

  /// The row entry of `conversion`.
  func convertRow(_ conversion: JPEGColorConversion) -> OcellusKernels.JPEGConvertRow {
    switch conversion {
    case .grayscale: entry.convertGrayscale
    case .ycbcr: entry.convertYCbCr
    case .rgb: entry.convertRGB
    case .cmyk: entry.convertCMYK
    case .ycck: entry.convertYCCK
    }
  }

  /// Dequantizes and inverse-transforms one block given as arrays with this build: 64
  /// coefficients and 64 quantizers in natural (row-major) order (missing entries count as 0);
  /// returns 64 samples, row-major, 0...255. For tests; the decoder calls the row entry.
  package func inverseDCT(_ coefficients: [Int16], quantization: [UInt16]) -> [UInt8] {
    JPEGIDCTCommon.transform(coefficients, quantization: quantization) {
      entry.inverseDCT($0, $1, $2, $3)
    }
  }

  /// The row entry with this build on `blocks` (64 coefficients a block, natural order;
  /// `blocks.count / 64` blocks) and 64 `quantization` entries: returns the 8 sample rows
  /// (`8 × count` bytes each, one after the other) and the blocks after the call (zeroed when
  /// `clearing`). For tests.
  package func inverseDCTRow(_ blocks: [Int16], quantization: [UInt16], clearing: Bool)
    -> (samples: [UInt8], blocks: [Int16])
  {
    let count = blocks.count / 64
    var blocks = blocks
    let quant = (0..<64).map { Int16(bitPattern: $0 < quantization.count ? quantization[$0] : 0) }
    var samples = [UInt8](repeating: 0, count: 64 * count)
    blocks.withUnsafeMutableBufferPointer { b in
      samples.withUnsafeMutableBufferPointer { o in
        entry.inverseDCTRow(b.baseAddress!, count, quant, o.baseAddress!, 8 * count, clearing)
      }
    }
    return (samples, blocks)
  }

  package static func == (lhs: JPEGKernelSet, rhs: JPEGKernelSet) -> Bool {
    lhs.variant == rhs.variant
  }

  package var description: String { variant.rawValue }
}
