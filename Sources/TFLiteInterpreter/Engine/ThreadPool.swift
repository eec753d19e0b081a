#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fixed set of worker threads that run data-parallel loops.
///
/// Work is split into contiguous chunks decided only by the loop's size and the pool's
/// thread count, and kernels write disjoint outputs per chunk without splitting any sum
/// across chunks, so results do not depend on the thread count. With one thread, loops run
/// inline on the caller and no thread is created.
final class ThreadPool: @unchecked Sendable {
  /// Number of threads that work on a loop, including the caller.
  let threadCount: Int
  private let state = State()
  private var threads: [pthread_t] = []

  /// Starts `threadCount - 1` workers (the caller is the last thread).
  init(threadCount: Int) {
    let requested = max(1, threadCount)
    for index in 1..<requested {
      let worker = Unmanaged.passRetained(Worker(state: state, index: index)).toOpaque()
      #if canImport(Darwin)
        var thread: pthread_t?
        let status = pthread_create(&thread, nil, { Worker.main($0) }, worker)
        if status == 0, let thread {
          threads.append(thread)
        } else {
          Unmanaged<Worker>.fromOpaque(worker).release()
        }
      #else
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { Worker.main($0) }, worker)
        if status == 0 {
          threads.append(thread)
        } else {
          Unmanaged<Worker>.fromOpaque(worker).release()
        }
      #endif
    }
    self.threadCount = threads.count + 1
  }

  deinit {
    state.stop()
    for thread in threads { pthread_join(thread, nil) }
  }

  /// Runs `body` over `0..<count`, split into at most `threadCount` contiguous chunks of at
  /// least `minimumChunk` items each, and returns when every chunk is done.
  func parallelFor(_ count: Int, minimumChunk: Int = 1, _ body: (Range<Int>) -> Void) {
    guard count > 0 else { return }
    let chunks = min(threadCount, max(1, count / max(1, minimumChunk)))
    guard chunks > 1 else {
      body(0..<count)
      return
    }
    withoutActuallyEscaping(body) { body in
      state.run(chunks: chunks) { chunk in
        let lower = count * chunk / chunks
        let upper = count * (chunk + 1) / chunks
        if lower < upper { body(lower..<upper) }
      }
    }
  }

  /// The state the caller and the workers share, guarded by one mutex.
  private final class State {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let done = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var generation = 0
    private var pending = 0
    private var activeChunks = 0
    private var job: ((Int) -> Void)?
    private var stopping = false

    init() {
      pthread_mutex_init(mutex, nil)
      pthread_cond_init(wake, nil)
      pthread_cond_init(done, nil)
    }

    deinit {
      pthread_cond_destroy(wake)
      pthread_cond_destroy(done)
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
      wake.deallocate()
      done.deallocate()
    }

    /// Runs chunk 0 on the caller and chunks 1..<chunks on workers; waits for all.
    func run(chunks: Int, _ task: @escaping (Int) -> Void) {
      pthread_mutex_lock(mutex)
      job = task
      pending = chunks - 1
      activeChunks = chunks
      generation &+= 1
      pthread_cond_broadcast(wake)
      pthread_mutex_unlock(mutex)
      task(0)
      pthread_mutex_lock(mutex)
      while pending > 0 { pthread_cond_wait(done, mutex) }
      job = nil
      pthread_mutex_unlock(mutex)
    }

    func stop() {
      pthread_mutex_lock(mutex)
      stopping = true
      pthread_cond_broadcast(wake)
      pthread_mutex_unlock(mutex)
    }

    /// A worker's loop: wait for a new generation of work, run its chunk, report.
    func work(index: Int) {
      var seen = 0
      pthread_mutex_lock(mutex)
      while true {
        while generation == seen && !stopping { pthread_cond_wait(wake, mutex) }
        if stopping { break }
        seen = generation
        guard index < activeChunks, let task = job else { continue }
        pthread_mutex_unlock(mutex)
        task(index)
        pthread_mutex_lock(mutex)
        pending -= 1
        if pending == 0 { pthread_cond_signal(done) }
      }
      pthread_mutex_unlock(mutex)
    }
  }

  /// One worker thread's start-up data.
  private final class Worker {
    let state: State
    let index: Int

    init(state: State, index: Int) {
      self.state = state
      self.index = index
    }

    static func main(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
      guard let raw else { return nil }
      let worker = Unmanaged<Worker>.fromOpaque(raw).takeRetainedValue()
      worker.state.work(index: worker.index)
      return nil
    }
  }
}
