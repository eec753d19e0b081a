import Dispatch

/// ML Kit-style delivery shared by the compatibility detectors and labelers: the work runs on
/// a global queue, the completion on the caller's queue with the value or the error (exactly
/// one non-nil).
package enum BackgroundCall {
  /// Runs `work` on a global queue, then `completion` on `queue`.
  package static func run<Value: Sendable>(
    on queue: DispatchQueue, _ work: @escaping @Sendable () throws -> Value,
    completion: @escaping @Sendable (Value?, Error?) -> Void
  ) {
    DispatchQueue.global().async {
      let result = Result { try work() }
      queue.async {
        switch result {
        case .success(let value): completion(value, nil)
        case .failure(let error): completion(nil, error)
        }
      }
    }
  }
}
