/// How an ``PixelImage`` stores its pixels.
///
/// Packed formats have one plane; NV12/NV21 have a full-size Y plane and a half-size
/// interleaved chroma plane (CbCr for NV12, CrCb for NV21); I420 has Y, Cb and Cr planes, the
/// chroma planes half size in each direction (rounded up for odd sizes).
public enum PixelFormat: Sendable, Equatable, Hashable {
  /// 4 bytes a pixel: R, G, B, A.
  case rgba8
  /// 4 bytes a pixel: B, G, R, A (the iOS camera's `kCVPixelFormatType_32BGRA`).
  case bgra8
  /// 3 bytes a pixel: R, G, B.
  case rgb8
  /// 1 byte a pixel: luma.
  case gray8
  /// Bi-planar YUV 4:2:0: Y plane, then interleaved Cb, Cr.
  case nv12(YUVColorSpace)
  /// Bi-planar YUV 4:2:0: Y plane, then interleaved Cr, Cb (Android's camera default).
  case nv21(YUVColorSpace)
  /// Tri-planar YUV 4:2:0: Y, Cb, Cr planes.
  case i420(YUVColorSpace)
}
