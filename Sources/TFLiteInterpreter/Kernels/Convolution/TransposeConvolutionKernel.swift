import TFLiteModel

/// TRANSPOSE_CONV on float32 tensors (inputs: constant output shape, weights
/// `[OC][KH][KW][IC]`, input `[B][H][W][IC]`, optional bias): every output is the sum, from 0,
/// of the products that TFLite's reference kernel scatters onto it, in its order
/// (``TransposeConvolutionGeometry``), then `+ bias` and the fused activation.
///
/// Hybrid models (float32 input, int8 weights quantized per output channel) run TFLite's
/// `HybridTransposeConv`: each image is quantized asymmetrically (``HybridQuantization``) and
/// each product adds `Float((q − zeroPoint) · w) · scale[oc] · imageScale` to the sum.
///
/// Float models run as a GEMM except on the reference kernel build: every input pixel times
/// the weights (`[OC·KH·KW][IC]`, packed) gives its contributions, which each output then
/// gathers in TFLite's order — the same products, each input pixel's channels summed first.
///
/// The same factory builds ``QuantizedTransposeConvolutionKernel`` for uint8, int8 and int16
/// (16x8) models.
final class TransposeConvolutionKernel: Kernel {
  static let sourceFile = #filePath

  private let geometry: TransposeConvolutionGeometry
  private let activation: FusedActivation
  private let hasBias: Bool
  /// Hybrid models: the int8 weights' scales and the quantized images.
  private let hybrid: (filter: HybridFilter, input: HybridInputRows)?
  /// The float GEMM path: the packed weights and the identity clamp; nil for the reference
  /// build and hybrid models.
  private let gemm: (kernels: KernelSet, weights: PackedWeights, identity: FusedActivation)?
  let scratchBytes: Int

  private init(
    _ geometry: TransposeConvolutionGeometry, activation: FusedActivation, hasBias: Bool,
    hybrid: (filter: HybridFilter, input: HybridInputRows)?,
    gemm: (kernels: KernelSet, weights: PackedWeights, identity: FusedActivation)?
  ) {
    self.geometry = geometry
    self.activation = activation
    self.hasBias = hasBias
    self.hybrid = hybrid
    self.gemm = gemm
    if let hybrid {
      scratchBytes = hybrid.input.scratchBytes
    } else if let gemm {
      let contributions = geometry.contributions ?? 0
      scratchBytes = (PackedWeights.rounded(gemm.weights.scratchFloats) + contributions) * 4
    } else {
      scratchBytes = 0
    }
  }

  static func make(_ node: inout NodeContext) throws(InterpreterError) -> any Kernel {
    let options = try node.options(TransposeConvOptions.self)
    let geometry = try TransposeConvolutionGeometry(node, options: options)
    try node.setOutputShape(0, geometry.outputShape)
    let (weights, input) = (try node.input(1), try node.input(2))
    let bias = node.inputs.count > 3 ? node.inputs[3] : nil
    guard input.type == .float32 else {
      return try QuantizedTransposeConvolutionKernel(geometry, options: options, node: node)
    }
    var hybrid: (filter: HybridFilter, input: HybridInputRows)? = nil
    if weights.type != .float32 {
      let filter = try HybridFilter(
        weights, channels: geometry.outputChannels, channelDimension: 0, node)
      guard filter.perChannel || geometry.outputChannels == 1 else {
        throw node.unsupported(
          "hybrid TRANSPOSE_CONV needs one weight scale per output channel (TFLite reads one per channel); the weights have one"
        )
      }
      let image = geometry.inputHeight * geometry.inputWidth * geometry.inputChannels
      hybrid = (filter, HybridInputRows(rows: geometry.batch, length: image, asymmetric: true))
    }
    for (name, tensor) in [("output", node.outputs[0])]
      + (bias.map { [("bias", $0)] } ?? [])
    where tensor.type != .float32 {
      throw node.unsupported(
        "the \(name) is \(tensor.type) for a float32 input; TRANSPOSE_CONV runs float32 (with float32 or int8 weights), uint8, int8 and int16 (with int8 weights) models"
      )
    }
    var gemm: (kernels: KernelSet, weights: PackedWeights, identity: FusedActivation)? = nil
    // The contributions buffer must stay reasonable (at most 256 MiB); else the scalar loop.
    if hybrid == nil, !node.kernels.isReference, let count = geometry.contributions,
      count <= 1 << 26
    {
      let packed = PackedWeights(
        kernels: node.kernels, constant: weights.constant,
        columns: geometry.outputChannels * geometry.filterHeight * geometry.filterWidth,
        depth: geometry.inputChannels)
      gemm = (node.kernels, packed, try FusedActivation(.none, node: node))
    }
    return TransposeConvolutionKernel(
      geometry, activation: try FusedActivation(options.activation, node: node),
      hasBias: bias != nil, hybrid: hybrid, gemm: gemm)
  }

  func run(_ io: KernelIO) {
    if let hybrid {
      runHybrid(io, filter: hybrid.filter, images: hybrid.input)
      return
    }
    if let gemm, let scratch = io.scratch {
      runGEMM(io, gemm: gemm, scratch: scratch)
      return
    }
    let g = geometry
    let weights = io.input(1, as: Float.self)
    let input = io.input(2, as: Float.self)
    let bias = hasBias ? io.input(3, as: Float.self) : nil
    let output = io.output(0, as: Float.self)
    let activation = self.activation
    g.forEachOutput(pool: io.pool) { b, oy, ox, oc, o in
      var sum: Float = 0
      g.forEachProduct(b: b, oy: oy, ox: ox, oc: oc) { i, f in sum += input[i] * weights[f] }
      output[o] = activation.apply(sum + (bias?[oc] ?? 0))
    }
  }

  /// The hybrid product sums: every image quantized, each product scaled on its own.
  private func runHybrid(_ io: KernelIO, filter: HybridFilter, images: HybridInputRows) {
    guard let scratch = io.scratch, images.rows * images.length > 0 else { return }
    let g = geometry
    let (rows, values) = images.quantize(
      io.input(2, as: Float.self), scratch: scratch, pool: io.pool)
    let (parameters, quantized) = (UnsafePointer(rows), UnsafePointer(values))
    let weights = io.input(1, as: Int8.self)
    let bias = hasBias ? io.input(3, as: Float.self) : nil
    let output = io.output(0, as: Float.self)
    let activation = self.activation
    g.forEachOutput(pool: io.pool) { b, oy, ox, oc, o in
      let (imageScale, offset) = (parameters[b].scale, parameters[b].offset)
      let channelScale = filter.scale(oc)
      var sum: Float = 0
      g.forEachProduct(b: b, oy: oy, ox: ox, oc: oc) { i, f in
        let product = (Int32(quantized[i]) &- offset) &* Int32(weights[f])
        sum += Float(product) * channelScale * imageScale
      }
      output[o] = activation.apply(sum + (bias?[oc] ?? 0))
    }
  }

  /// The float GEMM path: `contributions[pixel][(oc, fy, fx)] = Σ_ic input[pixel][ic] ·
  /// w[oc][fy][fx][ic]`, then each output sums its contributions in TFLite's order.
  private func runGEMM(
    _ io: KernelIO, gemm: (kernels: KernelSet, weights: PackedWeights, identity: FusedActivation),
    scratch: UnsafeMutableRawPointer
  ) {
    let g = geometry
    let packedFloats = PackedWeights.rounded(gemm.weights.scratchFloats)
    let floats = scratch.bindMemory(
      to: Float.self, capacity: packedFloats + (g.contributions ?? 0))
    let width = g.outputChannels * g.filterHeight * g.filterWidth
    let contributions = floats + packedFloats
    GEMM.multiply(
      kernels: gemm.kernels, m: g.batch * g.inputHeight * g.inputWidth, n: width,
      k: g.inputChannels, a: io.input(2, as: Float.self), lda: g.inputChannels,
      packed: gemm.weights.pointer(io, scratch: floats), bias: nil, activation: gemm.identity,
      c: contributions, ldc: width, pool: io.pool)
    let bias = hasBias ? io.input(3, as: Float.self) : nil
    let output = io.output(0, as: Float.self)
    let activation = self.activation
    g.forEachOutput(pool: io.pool) { b, oy, ox, oc, o in
      var sum: Float = 0
      g.forEachSource(b: b, oy: oy, ox: ox) { pixel, fy, fx in
        sum += contributions[pixel * width + (oc * g.filterHeight + fy) * g.filterWidth + fx]
      }
      output[o] = activation.apply(sum + (bias?[oc] ?? 0))
    }
  }
}
