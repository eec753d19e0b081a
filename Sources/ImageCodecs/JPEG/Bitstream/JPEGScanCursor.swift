/// Where a scan's MCU loop stands between calls, so that a sequential scan can be decoded a
/// few MCU rows at a time (one iMCU row per call when streaming) with the same results as in
/// one pass: the restart bookkeeping, the progressive end-of-band run, and what libjpeg tracks
/// about damaged data.
struct JPEGScanCursor {
  /// MCUs left before the next restart marker is expected (meaningful when the interval > 0).
  var restartsToGo: Int
  /// The number n of the RSTn expected next, 0...7.
  var nextRestart = 0
  /// The progressive end-of-band run still to apply.
  var endOfBandRun = 0
  /// Set once the data ran out at a marker no restart can pass: the rest of the scan decodes
  /// nothing (its coefficients stay zero).
  var finished = false
  /// libjpeg's `last_good_iMCU_row`.
  var lastGoodIMCURow: Int
  /// Set when a restart marker was missing or out of order.
  var damaged = false

  /// A cursor at the start of a scan with `restartInterval` MCUs between restart markers
  /// (0 = none), carrying `lastGoodIMCURow` over from the previous scans.
  init(restartInterval: Int, lastGoodIMCURow: Int) {
    restartsToGo = restartInterval
    self.lastGoodIMCURow = lastGoodIMCURow
  }
}
