import Inflate

/// libFuzzer entry for DEFLATE: the first byte picks the format (raw or zlib), whether the
/// output size is declared (zip entries) and a chunk size for the streaming decoder, which
/// must agree with the one-shot one.
@_cdecl("LLVMFuzzerTestOneInput")
public func inflateFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard size > 0, let data else { return 0 }
  let control = data[0]
  let input = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let format: InflateFormat = control & 1 == 0 ? .raw : .zlib
  let expected: Int? = control & 2 == 0 ? nil : Int(control >> 2) * 64
  // 64 KiB of output at most: one-shot decoding allocates up to the limit (or 1032 bytes per
  // input byte) at once, which under ASan costs more than the decoding itself.
  let limits = InflateLimits(maxOutputBytes: 1 << 16, expectedOutputBytes: expected)
  let oneShot = try? Inflate.decompress(input, format: format, limits: limits)

  let chunk = Int(control >> 2) + 1
  guard var stream = try? InflateStream(format: format, limits: limits) else { return 0 }
  var streamed: [UInt8]?
  do {
    var start = 0
    while start < input.count {
      try stream.append(input[start..<min(input.count, start + chunk)])
      start += chunk
    }
    streamed = try stream.finish()
  } catch {
    streamed = nil
  }
  if let oneShot, let streamed, oneShot != streamed {
    fatalError("streaming and one-shot inflate disagree")
  }
  return 0
}
