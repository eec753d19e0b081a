/// How an 8-bit convolution lays out each output pixel's row of A (its patch: filter row,
/// column, then channel) for ``Int8Convolution``: `segments` runs of `length` bytes, each
/// padded to `stride` bytes (a multiple of 4, so that the dot products read whole words),
/// the padding met by zero weights.
///
/// When the runs are contiguous in the input (`pointable`: one run per filter row, or per tap
/// when the width is dilated), the GEMM can read them in place through pointers; the padding
/// bytes it then reads are the input's next `readAhead` pixels of the same image row, so a
/// window is read in place only if those pixels exist.
///
/// When runs are short, padding each wastes dot products (an RGB image's 3×3 filter rows: three
/// runs of 9 bytes in 36); the dense layout gathers the whole patch back to back as one run,
/// padded once at its end (27 bytes in 28).
struct Int8PatchLayout: Equatable {
  let segments, length, stride: Int
  /// Whether each run is contiguous in the input.
  let pointable: Bool
  /// Input pixels past a run's end that a read of `stride` bytes touches.
  let readAhead: Int

  /// Bytes per row of A (the GEMM's depth).
  var rowLength: Int { segments * stride }

  private init(segments: Int, length: Int, stride: Int, pointable: Bool, readAhead: Int) {
    (self.segments, self.length, self.stride) = (segments, length, stride)
    (self.pointable, self.readAhead) = (pointable, readAhead)
  }

  /// Whole contiguous rows of `depth` bytes (a 1×1, stride-1 convolution's input pixels).
  init(rows depth: Int) {
    self.init(segments: 1, length: depth, stride: depth, pointable: false, readAhead: 0)
  }

  /// The layout for the patches of `g` (`depth` bytes each): runs read in place, or the dense
  /// layout when it has fewer groups of four.
  init(patches g: ConvolutionGeometry, depth: Int) {
    let runs = Self(runsOf: g, depth: depth)
    let dense = Self(
      segments: 1, length: depth, stride: (depth + 3) / 4 * 4, pointable: false, readAhead: 0)
    self = dense.rowLength < runs.rowLength ? dense : runs
  }

  /// The layout of runs read in place for the patches of `g` (`depth` bytes each).
  private init(runsOf g: ConvolutionGeometry, depth: Int) {
    let runs = g.dilationWidth == 1 ? g.filterHeight : g.filterHeight * g.filterWidth
    guard runs > 0, depth % runs == 0, g.inputChannels > 0 else {
      self.init(rows: depth)
      return
    }
    let length = depth / runs
    let stride = (length + 3) / 4 * 4
    self.init(
      segments: runs, length: length, stride: stride, pointable: true,
      readAhead: (stride - length + g.inputChannels - 1) / g.inputChannels)
  }
}
