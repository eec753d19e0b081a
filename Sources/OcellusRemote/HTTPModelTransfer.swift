import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP(S) transfer of a ``HTTPModelSource``: a `URLSession` data task whose delegate
/// streams the body into the destination file, counts bytes against the limit and turns the
/// outcome into a ``ModelFetchResult`` or ``ModelDownloadError``.
///
/// Delegate callbacks arrive on the session's serial queue; the shared state is guarded by a
/// lock because cancellation arrives from other threads.
final class HTTPModelTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let request: ModelFetchRequest
  private let url: URL
  private let timeout: Double
  private let progress: @Sendable (Int64, Int64?) -> Void
  private let lock = NSLock()
  private var continuation:
    CheckedContinuation<Result<ModelFetchResult, ModelDownloadError>, Never>?
  private var outcome: Result<ModelFetchResult, ModelDownloadError>?
  private var task: URLSessionDataTask?
  private var file: FileHandle?
  private var received: Int64 = 0
  private var expectedLength: Int64?
  private var validators = ModelCacheValidators()
  private var isCancelled = false

  init(
    request: ModelFetchRequest, url: URL, timeout: Double,
    progress: @escaping @Sendable (Int64, Int64?) -> Void
  ) {
    self.request = request
    self.url = url
    self.timeout = timeout
    self.progress = progress
  }

  /// Runs the transfer to its end; task cancellation cancels it.
  func run() async -> Result<ModelFetchResult, ModelDownloadError> {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.allowsCellularAccess = request.conditions.allowsCellularAccess
    configuration.timeoutIntervalForRequest = timeout
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    var urlRequest = URLRequest(url: url)
    urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
    urlRequest.timeoutInterval = timeout
    // The bytes on the wire are the bytes hashed: no transparent decompression.
    urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
    if let validators = request.validators {
      if let tag = validators.entityTag {
        urlRequest.setValue(tag, forHTTPHeaderField: "If-None-Match")
      }
      if let date = validators.lastModified {
        urlRequest.setValue(date, forHTTPHeaderField: "If-Modified-Since")
      }
    }
    let task = session.dataTask(with: urlRequest)
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<Result<ModelFetchResult, ModelDownloadError>, Never>) in
        lock.lock()
        self.continuation = continuation
        self.task = task
        let cancelled = isCancelled
        lock.unlock()
        task.resume()
        if cancelled { task.cancel() }
      }
    } onCancel: {
      cancel()
    }
    session.finishTasksAndInvalidate()
    return result
  }

  /// Stops the transfer; it ends with ``ModelDownloadError/cancelled(model:url:)`` unless an
  /// outcome was already decided.
  func cancel() {
    lock.lock()
    isCancelled = true
    let task = self.task
    lock.unlock()
    task?.cancel()
  }

  private var location: String { url.absoluteString }

  /// Records the outcome unless one was decided before (caller holds the lock).
  private func decide(_ result: Result<ModelFetchResult, ModelDownloadError>) {
    if outcome == nil { outcome = result }
  }

  private static func header(_ name: String, in response: HTTPURLResponse) -> String? {
    for (key, value) in response.allHeaderFields {
      guard let key = key as? String, key.lowercased() == name else { continue }
      guard let text = value as? String, !text.contains("\n"), !text.contains("\r") else {
        return nil
      }
      return text
    }
    return nil
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let name = request.modelName
    guard let http = response as? HTTPURLResponse else {
      lock.lock()
      decide(.failure(.network(model: name, url: location, reason: "the reply is not HTTP")))
      lock.unlock()
      completionHandler(.cancel)
      return
    }
    let status = http.statusCode
    var disposition = URLSession.ResponseDisposition.cancel
    var announced: Int64?
    lock.lock()
    switch status {
    case 304 where request.validators != nil:
      decide(.success(.notModified))
    case 404, 410:
      decide(.failure(.notFound(model: name, url: location)))
    case 200..<300:
      announced = http.expectedContentLength >= 0 ? http.expectedContentLength : nil
      if let announced, announced > Int64(request.byteLimit) {
        decide(.failure(.tooLarge(model: name, url: location, limit: request.byteLimit)))
        break
      }
      expectedLength = announced
      validators = ModelCacheValidators(
        entityTag: Self.header("etag", in: http),
        lastModified: Self.header("last-modified", in: http))
      if FileManager.default.createFile(atPath: request.destinationPath, contents: nil),
        let handle = FileHandle(forWritingAtPath: request.destinationPath)
      {
        file = handle
        disposition = .allow
      } else {
        decide(
          .failure(
            .disk(
              model: name, path: request.destinationPath, reason: "cannot create the download file"
            )))
      }
    default:
      decide(.failure(.httpStatus(model: name, url: location, status: status)))
    }
    lock.unlock()
    if disposition == .allow { progress(0, announced) }
    completionHandler(disposition)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    lock.lock()
    guard outcome == nil, let file else {
      lock.unlock()
      return
    }
    let total = received + Int64(data.count)
    if total > Int64(request.byteLimit) {
      decide(
        .failure(.tooLarge(model: request.modelName, url: location, limit: request.byteLimit)))
      lock.unlock()
      dataTask.cancel()
      return
    }
    do {
      try file.write(contentsOf: data)
    } catch {
      decide(
        .failure(
          .disk(
            model: request.modelName, path: request.destinationPath,
            reason: "\(error.localizedDescription)")))
      lock.unlock()
      dataTask.cancel()
      return
    }
    received = total
    let expected = expectedLength
    lock.unlock()
    progress(total, expected)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    let name = request.modelName
    lock.lock()
    if let file {
      do {
        try file.synchronize()
        try file.close()
      } catch {
        decide(
          .failure(
            .disk(model: name, path: request.destinationPath, reason: error.localizedDescription)))
      }
      self.file = nil
    }
    if isCancelled {
      decide(.failure(.cancelled(model: name, url: location)))
    } else if let error {
      decide(.failure(.network(model: name, url: location, reason: error.localizedDescription)))
    } else if let expectedLength, received != expectedLength {
      decide(
        .failure(
          .network(
            model: name, url: location,
            reason: "the connection closed after \(received) of \(expectedLength) bytes")))
    } else {
      decide(.success(.fetched(byteCount: Int(received), validators: validators)))
    }
    let result = outcome ?? .failure(.network(model: name, url: location, reason: "no reply"))
    let continuation = self.continuation
    self.continuation = nil
    lock.unlock()
    continuation?.resume(returning: result)
  }
}
