import OcellusTestSupport
import Testing

/// In CI the shared models, references and conformance suites must be there: the tests that
/// use them may never be skipped silently.
@Suite("Shared data")
struct SharedDataTests {
  @Test("../shared is present when CI=true", .enabled(if: SharedData.isCI))
  func presentInCI() {
    #expect(SharedData.isAvailable, "CI=true but \(SharedData.root.path) has no models/")
    #expect(!SharedData.modelFiles().isEmpty)
  }
}
