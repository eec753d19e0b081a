import TFLiteModel

/// libFuzzer entry for the zip of associated files appended to models: find and parse the
/// archive, then extract (and inflate, CRC-check) every entry, by entry and by name.
@_cdecl("LLVMFuzzerTestOneInput")
public func zipFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let archive = try? ZipArchive(bytes: bytes, limits: ZipLimits(maxEntrySize: 1 << 20))
  else { return 0 }
  for entry in archive.entries {
    _ = try? archive.contents(of: entry)
    _ = try? archive.contents(named: entry.name)
  }
  return 0
}
