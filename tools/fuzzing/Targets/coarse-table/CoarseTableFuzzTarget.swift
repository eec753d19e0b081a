import Ocellus

/// libFuzzer entry for coarse-category tables (the built-in ImageNet table's format), and the
/// coarse label of made-up scores for any table that parses.
@_cdecl("LLVMFuzzerTestOneInput")
public func coarseTableFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let map = try? CoarseCategoryMap(table: bytes, maxClasses: 4096) {
    let scores = (0..<map.classCount).map { Float($0 % 7) / 7 }
    _ = map.label(scores: scores, threshold: 0.5)
  }
  return 0
}
