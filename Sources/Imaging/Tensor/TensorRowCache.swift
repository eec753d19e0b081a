/// Scratch state the tensor packer's row reader keeps between rows (one pack call), and the
/// memory it reads rows into. Free it with ``deallocate()``.
struct TensorRowCache {
  /// Where a display row is read to: `channels` planes of `planeStride` bytes.
  let rowBuffer: UnsafeMutablePointer<UInt8>
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

  /// Scratch for rows of `spanCount` pixels stored as planes `planeStride` bytes apart.
  init(spanCount: Int, planeStride: Int, channels: Int) {
    rowBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: planeStride * channels)
    rowBuffer.initialize(repeating: 0, count: planeStride * channels)
    terms = UnsafeMutablePointer<Int32>.allocate(capacity: 3 * spanCount + 24)
    block = UnsafeMutablePointer<UInt8>.allocate(capacity: 8 * 3 * planeStride)
    block.initialize(repeating: 0, count: 8 * 3 * planeStride)
  }

  /// Frees the memory; the cache must not be used afterwards.
  func deallocate() {
    rowBuffer.deallocate()
    terms.deallocate()
    block.deallocate()
  }
}
