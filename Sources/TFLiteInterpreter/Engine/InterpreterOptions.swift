/// How an ``ModelInterpreter`` runs.
public struct InterpreterOptions: Sendable, Equatable {
  /// Threads that share each kernel's work, including the caller (at least 1). Results are
  /// identical for any count.
  public var threadCount: Int
  /// The largest activation arena allowed, in bytes (default 4 GiB); models needing more fail at load.
  public var maxArenaBytes: Int
  /// The largest single tensor allowed, in bytes (default 2 GiB).
  public var maxTensorBytes: Int
  /// The build of the compute kernels every node runs on (default ``KernelSet/detected``: the
  /// fastest this CPU runs, or the one `OCELLUS_KERNELS` names).
  public var kernels: KernelSet
  /// The most iterations one WHILE loop may run in one invocation (default 1,000,000); a loop
  /// that would run more stops the invocation with ``InterpreterError/loopLimitExceeded(subgraph:node:limit:)``.
  public var maxLoopIterations: Int
  /// Whether the plan rewrites the graph at load (default true): transposes that cancel go
  /// (`TransposeFolding`), a zero PAD is folded into the VALID convolution after it
  /// (`PadFolding`), and a byte lookup into the binary operator that combines it with its
  /// input (`LookupFusion`). Integer outputs are byte-identical either way; turn it off to run
  /// every node as the model writes it, for an audit. The reference kernel build never
  /// rewrites.
  public var rewritesGraph: Bool

  /// Creates options; the defaults run single-threaded on the detected kernels.
  public init(
    threadCount: Int = 1, maxArenaBytes: Int = 4 << 30, maxTensorBytes: Int = 2 << 30,
    kernels: KernelSet = .detected, maxLoopIterations: Int = 1_000_000,
    rewritesGraph: Bool = true
  ) {
    self.threadCount = max(1, threadCount)
    self.maxArenaBytes = maxArenaBytes
    self.maxTensorBytes = maxTensorBytes
    self.kernels = kernels
    self.maxLoopIterations = max(0, maxLoopIterations)
    self.rewritesGraph = rewritesGraph
  }
}
