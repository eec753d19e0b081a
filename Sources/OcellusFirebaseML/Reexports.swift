import Ocellus
import OcellusMLKit
import OcellusRemote

@_exported import enum Imaging.ImageOrientation
@_exported import enum Imaging.PixelFormat
@_exported import struct Imaging.PixelImage
@_exported import struct Imaging.YUVColorSpace

// The types legacy Firebase ML Vision code names that OcellusMLKit or Ocellus already define,
// re-exported under Firebase's names so `import OcellusFirebaseML` alone compiles it.

/// A legacy image (Firebase's `VisionImage`): the ML Kit module's image, with the legacy
/// `metadata` property added here.
public typealias VisionImage = OcellusMLKit.VisionImage
/// A downloadable model (Firebase's `RemoteModel`), base of ``AutoMLRemoteModel``.
public typealias RemoteModel = OcellusMLKit.RemoteModel
/// Downloads and caches remote models (Firebase's `ModelManager.modelManager()`).
public typealias ModelManager = OcellusMLKit.ModelManager
/// When a model may be downloaded (Firebase's `ModelDownloadConditions`).
public typealias ModelDownloadConditions = OcellusRemote.ModelDownloadConditions
/// The userInfo keys of the download notifications.
public typealias ModelDownloadUserInfoKey = OcellusRemote.ModelDownloadUserInfoKey
/// Turns model names into download locations (`ModelManager.nameResolver`).
public typealias ModelNameResolver = OcellusRemote.ModelNameResolver
/// `.singleImage` or `.stream` (Firebase's `VisionObjectDetectorMode`).
public typealias VisionObjectDetectorMode = Ocellus.DetectorMode
/// An AutoML Vision Edge bundle on disk (Firebase's `AutoMLLocalModel(manifestPath:)`), read
/// when a labeler is made from it.
public typealias AutoMLLocalModel = OcellusMLKit.LocalModel
/// Why a download failed.
public typealias ModelDownloadError = OcellusRemote.ModelDownloadError
/// Why a detector or labeler could not be made or run.
public typealias VisionError = Ocellus.VisionError
/// A model file bundled with the app (for Ocellus' `detectorModel`).
public typealias LocalModel = OcellusMLKit.LocalModel
