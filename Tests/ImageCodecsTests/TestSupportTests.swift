import OcellusTestSupport
import Testing

@Suite("Conformance test support")
struct TestSupportTests {
  @Test("SHA-256 of known messages (FIPS 180-4 examples and a multi-block input)")
  func sha256() {
    #expect(
      SHA256.hex(Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    let long = (0..<3).flatMap { _ in (0...255).map { UInt8($0) } }
    #expect(SHA256.hex(long) == "f3a25aa93aa2fbba28d79260535bbd6a5eb0fc1c24a8b0f04e12b484c1dfe363")
  }

  @Test("the manifest loads with every kind of entry", .enabled(if: SharedData.isAvailable))
  func manifest() throws {
    let manifest = try ConformanceManifest.load()
    #expect(manifest.entries.count == 387)
    #expect(manifest.entries.contains { $0.kind == "png" && $0.flags.contains("gray16-highbyte") })
    #expect(
      manifest.entries.contains {
        $0.kind == "jpeg" && $0.expectedPNG != nil && $0.tolerance != nil
      })
  }
}
