import Builtin

/// The CPU's hint that a thread is polling a flag (x86 `pause`): it waits a few dozen cycles
/// without filling the pipeline with speculative loads, and leaves the core's other hardware
/// thread its share. A no-op on other CPUs, where the poll loop's `sched_yield` is the only
/// pause.
enum SpinHint {
  @inline(__always)
  static func pause() {
    #if arch(x86_64)
      Builtin.int_x86_sse2_pause()
    #endif
  }
}
