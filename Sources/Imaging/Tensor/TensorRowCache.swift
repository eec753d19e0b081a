/// Scratch state the tensor packer's row reader keeps between rows (one pack call).
struct TensorRowCache {
  /// Chroma terms (`crToR·v`, `cbToG·u + crToG·v`, `cbToB·u` per pixel, in groups of 8 pixels)
  /// of the chroma row last converted, shared by the two luma rows that use it:
  /// `3 × spanCount` values.
  let terms: UnsafeMutablePointer<Int32>
  /// The chroma row whose terms are held (−1: none).
  var row = -1
  /// The first pixel (within the span) of the first group of terms.
  var start = -1
  /// Eight converted display rows (stored columns), each `3 × planeStride` bytes.
  let block: UnsafeMutablePointer<UInt8>
  /// The first stored column of the block held (−1: none).
  var blockX = -1

  init(terms: UnsafeMutablePointer<Int32>, block: UnsafeMutablePointer<UInt8>) {
    self.terms = terms
    self.block = block
  }
}
