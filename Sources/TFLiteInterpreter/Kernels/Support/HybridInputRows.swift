/// The float activations of a hybrid kernel quantized to int8 in scratch memory, one
/// ``HybridQuantization/Row`` (scale and zero point) per row: `rows` rows of `length` values.
/// A row is one image for the convolutions and one input vector for the matrix products, as
/// TFLite quantizes them.
struct HybridInputRows {
  let rows, length: Int
  /// Asymmetric (with zero points) or symmetric quantization.
  let asymmetric: Bool
  /// The kernel build that runs the element loop (nil: the scalar loop).
  var kernels: KernelSet? = nil

  /// Bytes of scratch needed: the row parameters, then the int8 values.
  var scratchBytes: Int { rows * MemoryLayout<HybridQuantization.Row>.stride + rows * length }

  /// Quantizes the `rows × length` floats at `input` into `scratch`, rows split over `pool`'s
  /// threads (each row's result does not depend on the split); returns the row parameters and
  /// the int8 values (row-major).
  func quantize(_ input: UnsafePointer<Float>, scratch: UnsafeMutableRawPointer, pool: ThreadPool)
    -> (
      parameters: UnsafeMutablePointer<HybridQuantization.Row>, values: UnsafeMutablePointer<Int8>
    )
  {
    let parameters = scratch.bindMemory(to: HybridQuantization.Row.self, capacity: rows)
    let values = (scratch + rows * MemoryLayout<HybridQuantization.Row>.stride)
      .bindMemory(to: Int8.self, capacity: rows * length)
    let (length, asymmetric, kernels) = (self.length, self.asymmetric, self.kernels)
    guard length > 0 else {
      parameters.initialize(repeating: HybridQuantization.Row(scale: 1, offset: 0), count: rows)
      return (parameters, values)
    }
    pool.parallelFor(rows, minimumChunk: max(1, (1 << 14) / length)) { range in
      for row in range {
        parameters[row] = HybridQuantization.quantize(
          input + row * length, count: length, into: values + row * length,
          asymmetric: asymmetric, kernels: kernels)
      }
    }
    return (parameters, values)
  }
}
