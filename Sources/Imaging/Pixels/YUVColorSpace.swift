/// Which YUV→RGB equations a YUV image uses: the matrix and the value range.
public struct YUVColorSpace: Sendable, Equatable, Hashable {
  /// The luma/chroma matrix.
  public enum Matrix: Sendable, Equatable, Hashable {
    /// ITU-R BT.601 (SD video, JPEG, most Android camera frames).
    case bt601
    /// ITU-R BT.709 (HD video, iOS 1080p camera frames).
    case bt709
  }

  /// The code range of Y, Cb and Cr.
  public enum Range: Sendable, Equatable, Hashable {
    /// Y in 16...235, Cb/Cr in 16...240 (`…VideoRange` on iOS).
    case video
    /// Y, Cb, Cr in 0...255 (`…FullRange` on iOS, JPEG).
    case full
  }

  public var matrix: Matrix
  public var range: Range

  public init(matrix: Matrix, range: Range) {
    self.matrix = matrix
    self.range = range
  }
}
