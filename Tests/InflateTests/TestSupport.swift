import Foundation
import Inflate
import OcellusTestSupport

/// Locations and helpers shared by the Inflate tests.
enum TestSupport {
  /// The read-only shared data directory (see `SharedData`).
  static let shared = SharedData.root

  /// Reads a file under the shared directory.
  static func read(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: shared.appendingPathComponent(relativePath)))
  }

  /// Decodes a base64 fixture.
  static func base64(_ text: String) -> [UInt8] {
    [UInt8](Data(base64Encoded: text) ?? Data())
  }

  /// Deterministic pseudo-random bytes: the top byte of a 64-bit LCG (the same generator
  /// as the Python fixture script).
  static func lcgBytes(count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
  }

  /// Catches the typed error of `body`, or returns nil if it succeeds.
  static func inflateError(_ body: () throws(InflateError) -> Void) -> InflateError? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }
}
