import Foundation
@_spi(Testing) import TFLiteInterpreter
import Testing

/// The thread pool hands every item of a loop to exactly one thread, in ranges of at least
/// the minimum size, whatever the loop's size and the thread count, and never loses a range:
/// thousands of loops so short that workers often wake only after the caller has finished one
/// (and claim while the next is being set up) all complete.
@Suite("Thread pool: every item once, every loop finished")
struct ThreadPoolTests {
  /// Loops run per thread count.
  static let loops = 100_000

  @Test(
    "Every item runs once, on a valid thread, in ranges of the minimum size", arguments: [2, 3, 4])
  func everyItemOnce(threads: Int) {
    let finished = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var failures: [String] = []
    // On a thread of its own, so that a pool that loses a range fails the test instead of
    // hanging it.
    let worker = Thread {
      failures = Self.runLoops(threads: threads)
      finished.signal()
    }
    worker.start()
    let result = finished.wait(timeout: .now() + 60)
    #expect(result == .success, "\(threads) threads: the loops did not finish within 60 s")
    if result == .success { #expect(failures.isEmpty, "\(failures.prefix(5))") }
  }

  /// Runs ``loops`` loops of 1 to 300 items and returns what went wrong.
  static func runLoops(threads: Int) -> [String] {
    let pool = ThreadPool(threadCount: threads)
    var failures: [String] = []
    let capacity = 300
    let runs = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
    let owners = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
    let shortRanges = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    defer {
      runs.deallocate()
      owners.deallocate()
      shortRanges.deallocate()
    }
    for loop in 0..<loops {
      let count = 1 + loop * 7919 % capacity
      let minimum = 1 + loop % 7
      runs.initialize(repeating: 0, count: count)
      owners.initialize(repeating: -1, count: count)
      shortRanges.pointee = 0
      pool.parallelFor(count, minimumChunk: minimum) { range, thread in
        if range.count < min(minimum, count) { shortRanges.pointee += 1 }
        for item in range {
          runs[item] += 1
          owners[item] = thread
          Self.work(item)
        }
      }
      for item in 0..<count where runs[item] != 1 || !(0..<pool.threadCount).contains(owners[item])
      {
        failures.append("loop \(loop) (\(count) items): item \(item) ran \(runs[item]) times")
      }
      if shortRanges.pointee > 0 {
        failures.append("loop \(loop): a range shorter than \(minimum) items")
      }
    }
    return failures
  }

  /// About a hundred nanoseconds of work that the optimizer keeps.
  @inline(never)
  static func work(_ seed: Int) {
    var value = UInt64(truncatingIfNeeded: seed) | 1
    for _ in 0..<64 { value = value &* 6_364_136_223_846_793_005 &+ 1 }
    if value == 0 { print(value) }
  }
}
