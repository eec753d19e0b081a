import OcellusTestSupport
import Testing

/// The CLI suites skip themselves when the built `ocellus` is not found; in CI that must fail
/// instead, so they can never be skipped silently.
@Test("the built ocellus tool is found in CI", .enabled(if: SharedData.isCI))
func builtToolIsFoundInCI() {
  #expect(
    ToolRunner.executable != nil,
    "CI=true but the ocellus executable was not found beside the tests")
}
