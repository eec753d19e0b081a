import Dispatch

/// A synchronous vision call (``ImageLabeler/results(in:)``, ``ObjectDetector/results(in:)``)
/// run on a global queue, delivered ML Kit style to a completion handler or awaited.
enum BackgroundVisionCall {
  /// Runs `call` on a global queue and calls `completion` with its value or its error
  /// (exactly one is non-nil): on `queue`, or on that global queue when `queue` is nil.
  static func run<Value: Sendable>(
    _ call: @escaping @Sendable () throws(VisionError) -> Value, queue: DispatchQueue? = nil,
    completion: @escaping @Sendable (Value?, VisionError?) -> Void
  ) {
    result(of: call) { result in
      let deliver: @Sendable () -> Void = {
        switch result {
        case .success(let value): completion(value, nil)
        case .failure(let error): completion(nil, error)
        }
      }
      if let queue { queue.async(execute: deliver) } else { deliver() }
    }
  }

  /// The value of `call`, computed on a global queue off the caller's task.
  static func value<Value: Sendable>(
    of call: @escaping @Sendable () throws(VisionError) -> Value
  ) async throws(VisionError) -> Value {
    let outcome = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Value, VisionError>, Never>) in
      result(of: call) { continuation.resume(returning: $0) }
    }
    return try outcome.get()
  }

  /// Runs `call` on a global queue and hands over its result.
  private static func result<Value: Sendable>(
    of call: @escaping @Sendable () throws(VisionError) -> Value,
    completion: @escaping @Sendable (Result<Value, VisionError>) -> Void
  ) {
    DispatchQueue.global().async {
      do throws(VisionError) {
        completion(.success(try call()))
      } catch {
        completion(.failure(error))
      }
    }
  }
}
