#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The instruction-set extensions of the CPU this process runs on, as far as the kernels care:
/// what the interpreter's `KernelSet` and ImageCodecs' `JPEGKernelSet` choose a kernel build by.
/// Lives in the portable kernel module only (not in the per-CPU copies).
///
/// Detected once per process: on Linux from the first `flags` line of `/proc/cpuinfo` (the
/// kernel lists only what both the CPU and the operating system support), on Darwin from
/// `sysctlbyname("hw.optional.…")`. Elsewhere, and when detection fails, the set is empty and
/// only the portable kernels run.
public struct CPUFeatures: Sendable, Equatable, CustomStringConvertible {
  /// The feature names, lowercase, spelled as Linux spells them (`avx2`, `fma`, `avx512f`, …).
  public let flags: Set<String>

  /// Features from a list of names (any case), e.g. the text after `flags :` in `/proc/cpuinfo`.
  public init<S: Sequence>(flags: S) where S.Element: StringProtocol {
    self.flags = Set(flags.map { $0.lowercased() })
  }

  /// Features from the contents of a Linux `/proc/cpuinfo`: its first `flags` line (x86).
  public init(cpuinfo: String) {
    for line in cpuinfo.split(separator: "\n", omittingEmptySubsequences: true) {
      let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2,
        parts[0].split(whereSeparator: { $0 == " " || $0 == "\t" }) == ["flags"]
      else { continue }
      self.init(flags: parts[1].split(whereSeparator: { $0 == " " || $0 == "\t" }))
      return
    }
    self.init(flags: [String]())
  }

  /// True when `name` (lowercase, e.g. `avx2`) is present.
  public func has(_ name: String) -> Bool { flags.contains(name) }

  /// True when the AVX2 kernels can run: they are compiled for Haswell (AVX2, FMA, BMI1/2, F16C).
  public var supportsAVX2: Bool {
    ["avx", "avx2", "fma", "bmi1", "bmi2", "f16c"].allSatisfy(has)
  }

  /// True when the AVX-512 kernels can run: they are compiled for Skylake-SP (AVX-512 F, CD,
  /// BW, DQ, VL on top of everything the AVX2 kernels need).
  public var supportsAVX512: Bool {
    supportsAVX2 && ["avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"].allSatisfy(has)
  }

  /// True when the VNNI kernels can run: they are compiled for Cascade Lake (AVX-512 VNNI on
  /// top of everything the AVX-512 kernels need).
  public var supportsVNNI: Bool { supportsAVX512 && has("avx512_vnni") }

  /// True when the VBMI lookups can run: they are compiled for Cascade Lake plus AVX-512 VBMI
  /// (Ice Lake, Zen 4).
  public var supportsVBMI: Bool { supportsVNNI && has("avx512vbmi") }

  public var description: String {
    flags.isEmpty ? "no detected CPU features" : flags.sorted().joined(separator: " ")
  }

  /// The features of the CPU running this process (detected on first use).
  public static let host: CPUFeatures = detect()

  private static func detect() -> CPUFeatures {
    #if arch(x86_64) || arch(i386)
      #if canImport(Darwin)
        let names: [(sysctl: String, flag: String)] = [
          ("hw.optional.avx1_0", "avx"), ("hw.optional.avx2_0", "avx2"), ("hw.optional.fma", "fma"),
          ("hw.optional.bmi1", "bmi1"), ("hw.optional.bmi2", "bmi2"), ("hw.optional.f16c", "f16c"),
          ("hw.optional.avx512f", "avx512f"), ("hw.optional.avx512cd", "avx512cd"),
          ("hw.optional.avx512bw", "avx512bw"), ("hw.optional.avx512dq", "avx512dq"),
          ("hw.optional.avx512vl", "avx512vl"), ("hw.optional.avx512vnni", "avx512_vnni"),
          ("hw.optional.avx512vbmi", "avx512vbmi"),
        ]
        var found: [String] = []
        for (name, flag) in names {
          var value: Int32 = 0
          var size = MemoryLayout<Int32>.size
          if sysctlbyname(name, &value, &size, nil, 0) == 0 && value != 0 { found.append(flag) }
        }
        return CPUFeatures(flags: found)
      #elseif canImport(Glibc) || canImport(Musl)
        return CPUFeatures(cpuinfo: readCPUInfo())
      #else
        return CPUFeatures(flags: [String]())
      #endif
    #else
      return CPUFeatures(flags: [String]())
    #endif
  }

  #if canImport(Glibc) || canImport(Musl)
    /// The first `flags` line of `/proc/cpuinfo` (reading at most 1 MiB), or "" if none.
    private static func readCPUInfo() -> String {
      guard let file = fopen("/proc/cpuinfo", "r") else { return "" }
      defer { fclose(file) }
      let key = Array("flags".utf8)
      var text: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      var lineStart = 0
      while text.count < 1 << 20 {
        let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        guard count > 0 else { break }
        text.append(contentsOf: buffer[0..<count])
        // Look at every complete line not seen yet.
        while let newline = text[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
          if text[lineStart..<newline].starts(with: key) {
            return String(decoding: text[lineStart..<newline], as: UTF8.self)
          }
          lineStart = newline + 1
        }
      }
      return ""
    }
  #endif
}
