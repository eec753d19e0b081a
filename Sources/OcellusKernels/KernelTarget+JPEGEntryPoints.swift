#if OCELLUS_AVX2 || OCELLUS_AVX512
  import OcellusKernels
#endif

extension KernelTarget {
  /// This build's JPEG pixel kernels, every one (the AVX-512 ones serve the VNNI build too).
  public static let jpegEntryPoints = JPEGKernelEntryPoints(
    inverseDCTRow: {
      JPEGIDCT.transformRow($0, count: $1, $2, $3, stride: $4, clearing: $5)
    },
    inverseDCT: { JPEGIDCT.transform($0, $1, $2, stride: $3) },
    h2v1Fancy: { JPEGRowKernels.h2v1Fancy($0, width: $1, $2) },
    h2v2Fancy: { JPEGRowKernels.h2v2Fancy(near: $0, far: $1, width: $2, $3) },
    h1v2Fancy: { JPEGRowKernels.h1v2Fancy(near: $0, far: $1, bias: $2, width: $3, $4) },
    replicate: { JPEGRowKernels.replicate($0, factor: $1, count: $2, $3) },
    convertGrayscale: { JPEGColorRows.convertGrayscale(($0, $1, $2, $3), width: $4, $5) },
    convertYCbCr: { JPEGColorRows.convertYCbCr(($0, $1, $2, $3), width: $4, $5) },
    convertRGB: { JPEGColorRows.convertRGB(($0, $1, $2, $3), width: $4, $5) },
    convertCMYK: { JPEGColorRows.convertCMYK(($0, $1, $2, $3), width: $4, $5) },
    convertYCCK: { JPEGColorRows.convertYCCK(($0, $1, $2, $3), width: $4, $5) }
  )
}
