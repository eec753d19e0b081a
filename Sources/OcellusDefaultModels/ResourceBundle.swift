import Foundation

/// Finds this product's resource bundle without `Bundle.module`, whose generated accessor stops
/// the program when the bundle is missing (an executable copied without it): a missing bundle
/// is an error here, not a trap.
///
/// SwiftPM puts the bundle, named `<package>_OcellusDefaultModels.resources` (Linux) or
/// `….bundle` (Apple platforms), beside the executable, in an app's resources, or beside the
/// framework or test bundle holding this code; those folders are searched in that order.
enum ResourceBundle {
  /// The folders searched by default.
  static var searchedFolders: [URL] {
    let code = Bundle(for: Marker.self)
    let folders = [
      Bundle.main.bundleURL, Bundle.main.resourceURL, code.resourceURL, code.bundleURL,
      code.bundleURL.deletingLastPathComponent(),
    ]
    return folders.compactMap { $0 }
  }

  /// The first bundle in `folders` that holds the built-in models' origins file, or nil.
  static func locate(in folders: [URL]) -> Bundle? {
    for folder in folders {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      for name in names.sorted() where isBundleName(name) {
        let bundle = Bundle(path: folder.appendingPathComponent(name).path)
        if let bundle, bundle.path(forResource: "ORIGINS", ofType: "md") != nil { return bundle }
      }
    }
    return nil
  }

  /// Whether `name` is the name SwiftPM gives this target's resource bundle.
  static func isBundleName(_ name: String) -> Bool {
    name.hasSuffix("_OcellusDefaultModels.resources")
      || name.hasSuffix("_OcellusDefaultModels.bundle")
  }

  /// A class of this module, for `Bundle(for:)`.
  private final class Marker {}
}
