#if OCELLUS_AVX2 || OCELLUS_AVX512
  import OcellusKernels
#endif

extension ByteLookup {
  /// Overrides `byteLookup` with this build's: all that the VBMI build holds (`vpermi2b`
  /// tables), on top of the VNNI build.
  public static func plug(into entries: inout KernelEntryPoints) {
    entries.byteLookup = { ByteLookup.run($0, $1, $2, count: $3) }
  }
}
