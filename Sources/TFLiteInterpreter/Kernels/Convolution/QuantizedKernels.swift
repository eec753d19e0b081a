internal import OcellusKernels

#if canImport(OcellusKernelsAVX2)
  internal import OcellusKernelsAVX2
#endif
#if canImport(OcellusKernelsAVX512)
  internal import OcellusKernelsAVX512
#endif

/// The integer entry points of the kernel build a ``KernelSet`` names: the quantized GEMM
/// (direct and indirect), the quantized depthwise convolution and the 8-bit to float widening,
/// taken from the same module (`portable`, `avx2` or `avx512`) as the set's float kernels.
///
/// ``KernelSet`` chose the build (and checked that this CPU runs it); this only binds the
/// functions. For ``KernelSet/Variant/reference`` it binds the portable module, which the
/// quantized kernels use only to widen inputs (their reference path runs plain integer loops).
struct QuantizedKernels {
  /// Computes rows × panels of a quantized packed GEMM; see `QuantizedGEMM.multiply`.
  let multiply:
    @Sendable (_ operands: QuantizedGEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>) -> Void
  /// Computes rows × panels with A gathered through row pointers; see
  /// `QuantizedGEMM.multiplyIndirect`.
  let multiplyIndirect:
    @Sendable (_ operands: QuantizedIndirectGEMMOperands, _ rows: Range<Int>, _ panels: Range<Int>)
      -> Void
  /// Computes output rows of a quantized depthwise convolution; see
  /// `DepthwiseConvolution.runQuantized`.
  let depthwise: @Sendable (_ operands: QuantizedDepthwiseOperands, _ rows: Range<Int>) -> Void
  /// Writes `Float(byte − zeroPoint)` for `count` bytes (int8 when `signed`); see
  /// `Requantization.widen`.
  let widen:
    @Sendable (
      _ source: UnsafePointer<UInt8>, _ count: Int, _ signed: Bool, _ zeroPoint: Int32,
      _ destination: UnsafeMutablePointer<Float>
    ) -> Void

  /// The integer kernels of the build `kernels` runs.
  init(_ kernels: KernelSet) {
    switch kernels.variant {
    case .avx2:
      #if canImport(OcellusKernelsAVX2)
        multiply = { OcellusKernelsAVX2.QuantizedGEMM.multiply($0, rows: $1, panels: $2) }
        multiplyIndirect = {
          OcellusKernelsAVX2.QuantizedGEMM.multiplyIndirect($0, rows: $1, panels: $2)
        }
        depthwise = { OcellusKernelsAVX2.DepthwiseConvolution.runQuantized($0, rows: $1) }
        widen = {
          OcellusKernelsAVX2.Requantization.widen(
            $0, count: $1, signed: $2, zeroPoint: $3, into: $4)
        }
        return
      #else
        break
      #endif
    case .avx512:
      #if canImport(OcellusKernelsAVX512)
        multiply = { OcellusKernelsAVX512.QuantizedGEMM.multiply($0, rows: $1, panels: $2) }
        multiplyIndirect = {
          OcellusKernelsAVX512.QuantizedGEMM.multiplyIndirect($0, rows: $1, panels: $2)
        }
        depthwise = { OcellusKernelsAVX512.DepthwiseConvolution.runQuantized($0, rows: $1) }
        widen = {
          OcellusKernelsAVX512.Requantization.widen(
            $0, count: $1, signed: $2, zeroPoint: $3, into: $4)
        }
        return
      #else
        break
      #endif
    case .reference, .portable:
      break
    }
    multiply = { OcellusKernels.QuantizedGEMM.multiply($0, rows: $1, panels: $2) }
    multiplyIndirect = {
      OcellusKernels.QuantizedGEMM.multiplyIndirect($0, rows: $1, panels: $2)
    }
    depthwise = { OcellusKernels.DepthwiseConvolution.runQuantized($0, rows: $1) }
    widen = {
      OcellusKernels.Requantization.widen($0, count: $1, signed: $2, zeroPoint: $3, into: $4)
    }
  }
}
