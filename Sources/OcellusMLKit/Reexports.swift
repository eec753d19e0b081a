import Ocellus
import OcellusRemote

@_exported import enum Imaging.ImageOrientation
@_exported import enum Imaging.PixelFormat
@_exported import struct Imaging.PixelImage
@_exported import struct Imaging.YUVColorSpace

// The Ocellus and Imaging types ML Kit code names, re-exported under the same names so that
// `import OcellusMLKit` alone compiles it (Imaging's types re-export the image a Linux app
// passes to `VisionImage(image:)`; importing Imaging as well is harmless).

/// When a model may be downloaded (ML Kit's `ModelDownloadConditions`); see
/// `OcellusRemote.ModelDownloadConditions`.
public typealias ModelDownloadConditions = OcellusRemote.ModelDownloadConditions
/// The userInfo keys of the download notifications (ML Kit's `ModelDownloadUserInfoKey`).
public typealias ModelDownloadUserInfoKey = OcellusRemote.ModelDownloadUserInfoKey
/// `.singleImage` or `.stream` (ML Kit's `ObjectDetectorMode`).
public typealias DetectorMode = Ocellus.DetectorMode
/// ML Kit's name for the detector mode type.
public typealias ObjectDetectorMode = Ocellus.DetectorMode
/// Turns model names into download locations (set on ``ModelManager/nameResolver``).
public typealias ModelNameResolver = OcellusRemote.ModelNameResolver
/// A model file served over HTTP(S), optionally pinned (for ``CustomRemoteModel``).
public typealias HTTPModelSource = OcellusRemote.HTTPModelSource
/// Why a download failed: the error of `.mlkitModelDownloadDidFail` and of results.
public typealias ModelDownloadError = OcellusRemote.ModelDownloadError
/// Why a detector or labeler could not be made or run: the error of results.
public typealias VisionError = Ocellus.VisionError
