extension JPEGBitReader {
  /// True when the pending marker can never be consumed by a restart in this scan (a valid
  /// non-RST marker, or the end of the data): once data is insufficient, the rest of the scan
  /// decodes nothing.
  var isStuckAtNonRestartMarker: Bool {
    marker >= JPEGMarker.sof0.code && !JPEGMarker(marker).isRestart
  }

  /// Moves to the next marker as libjpeg's `next_marker`, dropping buffered bits, and leaves it
  /// pending (the end of the data pends as EOI).
  mutating func skipToNextMarker() {
    noteInsufficientData()
    buffer = 0
    bitCount = 0
    paddingBits = 0
    let (code, next) = JPEGMarkerReader.scan(
      UnsafeBufferPointer(start: data, count: end), from: position)
    position = next
    if let code {
      marker = code
    } else {
      marker = JPEGMarker.eoi.code
      reachedEnd = true
    }
  }

  /// libjpeg's `process_restart` with `read_restart_marker` and `jpeg_resync_to_restart`
  /// (jdmarker.c): drops the buffered bits, finds the marker, swallows it when it is the
  /// expected RSTn, otherwise resynchronizes. Advances `expected` (0...7). Returns true when the
  /// marker was not the expected one (the data is damaged).
  mutating func processRestart(expected: inout Int) -> Bool {
    noteInsufficientData()
    buffer = 0
    bitCount = 0
    paddingBits = 0
    if marker == 0 { skipToNextMarker() }
    var damaged = false
    if !reachedEnd && marker == restartMarker(expected) {
      marker = 0
    } else {
      damaged = true
      resynchronize(desired: expected)
    }
    expected = (expected + 1) & 7
    if marker == 0 { insufficientData = false }
    return damaged
  }

  /// `jpeg_resync_to_restart`: discard the marker (action 1), scan to the next one and decide
  /// again (action 2), or leave it pending so the segment decodes as empty (action 3). Bounded:
  /// each action 2 moves forward, and the end of the data pends as EOI (action 3).
  private mutating func resynchronize(desired: Int) {
    while true {
      let action: Int
      if marker < JPEGMarker.sof0.code {
        action = 2
      } else if !JPEGMarker(marker).isRestart {
        action = 3
      } else if marker == restartMarker(desired + 1) || marker == restartMarker(desired + 2) {
        action = 3
      } else if marker == restartMarker(desired - 1) || marker == restartMarker(desired - 2) {
        action = 2
      } else {
        action = 1
      }
      switch action {
      case 1:
        marker = 0
        return
      case 2:
        if reachedEnd { return }
        skipToNextMarker()
      default:
        return
      }
    }
  }

  /// The code of RSTn for n = `number` modulo 8.
  private func restartMarker(_ number: Int) -> UInt8 {
    JPEGMarker.rst0.code + UInt8(number & 7)
  }
}
